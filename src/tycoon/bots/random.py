"""The random bot: a uniform legal action, from its own seeded generator."""

from __future__ import annotations

from typing import Any

from tycoon.engine import Action, Rng, State


class RandomBot:
    """Picks uniformly among the legal actions.

    >>> from tycoon.bots import RandomBot
    >>> RandomBot(1).name
    'random'
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        """A uniform choice among ``state.legal_actions(seat)``."""
        return self.rng.choice(state.legal_actions(seat))


def make(game: str, seed: int = 0, label: str = "random", skill: float | None = None,
         **_: Any) -> RandomBot:
    """The ``random`` entry of the bot registry (``skill`` is the session wrapper's)."""
    bot = RandomBot(seed)
    bot.name = label
    return bot
