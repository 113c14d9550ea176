"""The random bot: a uniform legal action, from its own seeded generator."""

from __future__ import annotations

from typing import Any

from tycoon.engine import Action, Rng, State


class RandomBot:
    """Picks uniformly among the legal actions; with ``by_kind``, first a kind of action (its
    ``type``) uniformly among the kinds that are legal, then one action of that kind.

    Uniform play is the research baseline. By kind is a person's random opponent: in Monopoly
    Deal a wild card's moves to and fro are free and can outnumber every other choice, so a
    uniform bot may spend forty actions moving them before it ends its turn; by kind, moving
    a wild card is one choice among "bank", "play a property", "end the turn"...

    >>> from tycoon.bots import RandomBot
    >>> RandomBot(1).name
    'random'
    """

    name = "random"

    def __init__(self, seed: int = 0, by_kind: bool = False) -> None:
        self.rng = Rng(seed)
        self.by_kind = by_kind

    def choose(self, state: State, seat: int) -> Action:
        """A uniform choice among ``state.legal_actions(seat)`` (of a uniform kind first, with
        ``by_kind``)."""
        legal = state.legal_actions(seat)
        if self.by_kind:
            kind = self.rng.choice(list(dict.fromkeys(a.type for a in legal)))
            legal = [a for a in legal if a.type == kind]
        return self.rng.choice(legal)


def make(game: str, seed: int = 0, label: str = "random", skill: float | None = None,
         by_kind: bool = False, **_: Any) -> RandomBot:
    """The ``random`` entry of the bot registry (``skill`` is the session wrapper's)."""
    bot = RandomBot(seed, by_kind)
    bot.name = label
    return bot
