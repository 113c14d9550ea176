"""The random bot: a uniform legal action, from its own seeded generator."""

from __future__ import annotations

from typing import Any

from tycoon.engine import Action, Rng, State


class RandomBot:
    """Picks uniformly among the legal actions; with ``streak`` N, once its last N choices
    were all of one kind (the action's ``type``), among the actions of other kinds when there
    are any.

    Uniform play is the research baseline. A streak limit makes a person's random opponent:
    in Monopoly Deal a wild card's moves to and fro are free (MD-7.2) and can outnumber every
    other choice, so a uniform bot may move wild cards for a hundred actions before it ends
    its turn; after three moves in a row it banks, plays or ends the turn instead.

    >>> from tycoon.bots import RandomBot
    >>> RandomBot(1).name
    'random'
    """

    name = "random"

    def __init__(self, seed: int = 0, streak: int = 0) -> None:
        self.rng = Rng(seed)
        self.streak = streak
        self._kind = ""
        self._run = 0

    def choose(self, state: State, seat: int) -> Action:
        """A uniform choice among ``state.legal_actions(seat)`` (of another kind than the
        last ``streak`` choices', when they were all of one kind and another is legal)."""
        legal = state.legal_actions(seat)
        if self.streak and self._run >= self.streak:
            others = [a for a in legal if a.type != self._kind]
            legal = others or legal
        action = self.rng.choice(legal)
        self._run = self._run + 1 if action.type == self._kind else 1
        self._kind = action.type
        return action


def make(game: str, seed: int = 0, label: str = "random", skill: float | None = None,
         streak: int = 0, **_: Any) -> RandomBot:
    """The ``random`` entry of the bot registry (``skill`` is the session wrapper's)."""
    if streak < 0:
        raise ValueError(f"streak must be 0 (no limit) or more, not {streak}")
    bot = RandomBot(seed, streak)
    bot.name = label
    return bot
