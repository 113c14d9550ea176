"""The games Tycoon knows, by name.

Each game is a module exposing, like an OpenSpiel game, a few declarative constants and
functions: ``NAME``, ``MIN_SEATS``, ``MAX_SEATS``, ``DEFAULT_SEATS``, ``new_game(seats, seed,
**options)``, ``parse_action(data)``, ``from_json(data)`` and ``describe_options()``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: dict[str, str] = {"capital": "tycoon.capital", "deal": "tycoon.deal"}


def get_game(name: str) -> ModuleType:
    """The module of game ``name``; ``ValueError`` naming the known games otherwise."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; expected one of: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[name])
