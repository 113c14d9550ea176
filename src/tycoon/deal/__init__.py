"""Monopoly Deal: the complete rules engine (``shared/rules/monopoly-deal.md``, MD-1 to MD-12).

The game is declared once, in :data:`GAME` (``tycoon.deal.game``): options, phases, actions,
events, catalogs of words and the data clients draw from. One module per rule concept:
``cards`` (MD-1), ``turns`` (MD-3, MD-4), ``sets`` (MD-6.2, MD-7, MD-8), ``action_cards``
(MD-6), ``answers`` (MD-5, MD-6.9, MD-6.10), ``legality``, ``view`` and ``position`` (MD-9,
JSON), ``describe`` (words), ``state`` (the contract).

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
from .game import GAME, OPTIONS
from .state import DealState


def new_game(seats: int | None = None, seed: int | None = None, **options: Any) -> DealState:
    """A new game (MD-2): ``seats`` 2 to 5 (None: the default, 2), options of MD-12 and
    ``turn_limit`` (``InvalidOption`` if unknown or bad)."""
    return GAME.new_game(seats, seed, **options)  # type: ignore[no-any-return]


def from_json(data: dict[str, Any]) -> DealState:
    """A state from its JSON position (``InvalidPosition`` naming the problem if impossible)."""
    return DealState.from_json(data)


__all__ = [
    "CARDS",
    "COLORS",
    "GAME",
    "OPTIONS",
    "Card",
    "DealAction",
    "DealState",
    "from_json",
    "new_game",
    "parse_action",
]
