"""Capital minigames (C-9) for bots: the minigame bot player at a chosen skill.

A bot in a running minigame reads its own contents from the state (its view hides Memory's
faces) and asks ``tycoon.capital.minigames.bot_inputs`` for the inputs a player of ``skill``
(0 hopeless, 1 near perfect) would send; the engine scores them like any player's.
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import Action, State


def minigame_action(state: State, seat: int, skill: float, seed: int) -> Action | None:
    """The minigame action of ``seat`` at ``skill``, or None when no minigame waits for it.

    >>> from tycoon.capital import new_game
    >>> minigame_action(new_game(seats=2, seed=1), 0, 0.5, 1) is None
    True
    """
    if getattr(state, "game", "") != "capital" or seat not in state.to_move():
        return None
    view = state.view(seat)
    mg: Any = view.get("minigame")
    if view.get("phase") != "minigame" or not mg or mg.get("contents") is None:
        return None
    from tycoon.capital import landing, parse_action
    from tycoon.capital.minigames import bot_inputs

    # the seat's whole contents: the view hides Memory's faces, which the bot's skill model
    # (its chance to remember a card it turned) needs
    contents = landing.contents(state, seat)
    inputs = bot_inputs(mg["game"], mg["level"], contents, skill, seed & ((1 << 63) - 1))
    return parse_action({"type": "minigame", "inputs": inputs})
