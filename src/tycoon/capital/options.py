"""Rules presets (C-11, C-12, D-8); the options themselves are declared in ``game.py`` and
validated by the engine's ``resolve_options``.

>>> from tycoon.capital.game import GAME
>>> GAME.resolve_options("kapital")["level_up"]
'landing'
>>> GAME.resolve_options(None, {"turn_limit": "300"})["turn_limit"]
300
>>> GAME.resolve_options(None, {"colour": "red"})
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidOption: unknown option 'colour'; expected one of: card_supply, ...
"""

from __future__ import annotations

from typing import Any

PRESETS: dict[str, dict[str, Any]] = {
    "capital": {
        "level_up": "owner_lap",
        "richest_basis": "all_players",
        "demolition": "any",
        "lion_percent": 50,
        "turn_limit": None,
        "card_supply": "refill",
    },
    "kapital": {
        "level_up": "landing",
        "richest_basis": "other_players",
        "demolition": "opponents",
        "lion_percent": 50,
        "turn_limit": None,
        "card_supply": "refill",
    },
}
"""The two presets of C-12: ``capital`` (the Portuguese and Spanish rules, the default) and
``kapital`` (the French rules, C-11)."""
