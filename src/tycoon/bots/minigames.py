"""Input sessions for bots: the session's own bot player at a chosen skill.

A bot facing an open input session (timed simultaneous input, e.g. a minigame) asks the
session for the inputs a player of ``skill`` (0 hopeless, 1 near perfect) would send:
``state.session().bot_action(seat, skill, seed)``; the engine scores them like any player's.
"""

from __future__ import annotations

from tycoon.engine import Action, State


def session_action(state: State, seat: int, skill: float, seed: int) -> Action | None:
    """The session action of ``seat`` at ``skill``, or None when no session waits for it.

    >>> from tycoon.engine import get_game
    >>> session_action(get_game("toy").new_game(seats=2, seed=1), 0, 0.5, 1) is None
    True
    """
    session = state.session()
    if session is None or seat not in session.seats or seat not in state.to_move():
        return None
    return session.bot_action(seat, skill, seed & ((1 << 63) - 1))


#: The former name, for the game modules that still call it.
minigame_action = session_action
