"""Bots: anything with ``choose(state, seat) -> Action``.

A bot may read ``state.view(seat)``, ``state.legal_actions(seat)`` and plan on
``state.determinize(seat, seed)``; it must never read what its seat cannot see.
"""

from .base import Bot, make_bot
from .random import RandomBot

__all__ = ["Bot", "RandomBot", "make_bot"]
