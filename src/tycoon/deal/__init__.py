"""Monopoly Deal: the complete rules engine (``shared/rules/monopoly-deal.md``, MD-1 to MD-12).

>>> from tycoon.deal import new_game, parse_action
>>> s = new_game(seats=2, seed=7)
>>> s.to_move() == [s.current], s.phase
(True, 'play')
>>> events = s.apply(s.current, parse_action({"type": "end_turn"}))
>>> s.turn
2
"""

from __future__ import annotations

from typing import Any

from .actions import DealAction, parse_action
from .cards import CARDS, COLORS, Card
from .game import GAME
from .options import OPTIONS, describe_options
from .state import DealState

NAME = "deal"
MIN_SEATS = 2
MAX_SEATS = 5
DEFAULT_SEATS = 2


def new_game(seats: int = DEFAULT_SEATS, seed: int | None = None, **options: Any) -> DealState:
    """A new game (MD-2): ``seats`` 2 to 5, options of MD-12 (``InvalidOption`` if unknown/bad)."""
    return GAME.new_game(seats, seed, **options)


def from_json(data: dict[str, Any]) -> DealState:
    """A state from its JSON position (``InvalidPosition`` naming the problem if impossible)."""
    return DealState.from_json(data)


__all__ = [
    "CARDS",
    "COLORS",
    "DEFAULT_SEATS",
    "GAME",
    "MAX_SEATS",
    "MIN_SEATS",
    "NAME",
    "OPTIONS",
    "Card",
    "DealAction",
    "DealState",
    "describe_options",
    "from_json",
    "new_game",
    "parse_action",
]
