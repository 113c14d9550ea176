"""Bots: anything with ``choose(state, seat) -> Action``.

A bot may read ``state.view(seat)``, ``state.legal_actions(seat)`` and plan on
``state.determinize(seat, seed)``; it must never read what its seat cannot see.
``make_bot(spec, game, seed)`` builds one by name: ``random``, ``heuristic``, ``ismcts``
(``ismcts:iterations=400``, ``ismcts:seconds=1.0``) or a lobby strength ``easy``, ``medium``,
``hard`` (see ``docs/bots.md``).
"""

from .base import KNOWN, STRENGTHS, Bot, make_bot, parse_spec
from .ismcts import ISMCTSBot
from .random import RandomBot

__all__ = ["KNOWN", "STRENGTHS", "Bot", "ISMCTSBot", "RandomBot", "make_bot", "parse_spec"]
