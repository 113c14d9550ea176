"""Bots: anything with ``choose(state, seat) -> Action``.

A bot may read ``state.view(seat)``, ``state.legal_actions(seat)`` and plan on
``state.determinize(seat, seed)``; it must never read what its seat cannot see.
``make_bot(spec, game, seed)`` builds one by name: ``random``, ``heuristic``, ``ismcts``
(``ismcts:iterations=400``, ``ismcts:seconds=1.0``), a lobby strength ``easy``, ``medium``,
``hard``, or any bot a package registers under the entry-point group ``tycoon.bots``
(``known_bots()`` lists them; see ``docs/bots.md``).
"""

from .base import (
    KNOWN,
    STRENGTHS,
    Alias,
    Bot,
    SessionPlayer,
    known_bots,
    make_bot,
    parse_spec,
    register_bot,
)
from .ismcts import ISMCTSBot
from .random import RandomBot

__all__ = [
    "KNOWN",
    "STRENGTHS",
    "Alias",
    "Bot",
    "ISMCTSBot",
    "RandomBot",
    "SessionPlayer",
    "known_bots",
    "make_bot",
    "parse_spec",
    "register_bot",
]
