"""The bot interface and the factory that builds bots by name."""

from __future__ import annotations

from typing import Protocol

from tycoon.engine import Action, State


class Bot(Protocol):
    """A player program."""

    name: str

    def choose(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions(seat)``."""
        ...


def make_bot(spec: str, game: str, seed: int = 0) -> Bot:
    """Build a bot from its name, e.g. ``random``.

    Raises ``ValueError`` naming the known bots for an unknown name.
    """
    from .random import RandomBot

    name = spec.strip().lower()
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {spec!r}; known bots: random")
