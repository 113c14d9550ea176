"""Capital (Kapital): the rules engine of ``shared/rules/capital.md`` (C-1 to C-12).

>>> import tycoon.capital as capital
>>> st = capital.new_game(seats=2, seed=1)
>>> st.to_move() == [st.current]
True
>>> events = st.apply(st.current, capital.parse_action({"type": "roll"}))
>>> events[0].type
'rolled'
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import Rng

from .actions import (
    Branch,
    Build,
    Exchange,
    Minigame,
    Pass,
    Play,
    Roll,
    Waive,
    parse_action,
)
from .board import BOARD, COLORS
from .cards import full_deck
from .events import TurnStarted
from .game import GAME
from .options import PRESETS
from .position import START_BALANCE, START_DICE
from .state import COUNTED_EFFECTS, CapitalState, Seat
from .supply import HAND_SIZE

OPTIONS: dict[str, dict[str, Any]] = GAME.describe_options()
"""Option metadata for forms: ``preset`` first, then every option of ``GAME``."""


def new_game(
    seats: int | None = None,
    seed: int | None = None,
    preset: str | None = "capital",
    **options: Any,
) -> CapitalState:
    """A new game (C-3): shuffled deck, 5 cards and $500 each, random first player.

    ``preset`` is "capital" or "kapital" (C-12); ``options`` override it one by one
    (level_up, richest_basis, demolition, lion_percent, turn_limit, card_supply,
    minigame_seconds).
    Raises ``InvalidOption`` naming a bad preset, option or value. ``None`` for ``seats`` or
    ``preset`` means the default.
    """
    return GAME.new_game(seats, seed, preset, **options)


def _new_state(seats: int, seed: int, resolved: dict[str, Any]) -> CapitalState:
    st = CapitalState()
    st.options = resolved
    st.rng = rng = Rng(seed)
    deck = full_deck()
    rng.shuffle(deck)
    st.seats = [
        Seat(START_BALANCE, 0, START_DICE, BOARD.starts[s], [], {e: 0 for e in COUNTED_EFFECTS}, [])
        for s in range(seats)
    ]
    for _ in range(HAND_SIZE):
        for p in st.seats:
            p.hand.append(deck.pop())
    st.deck = deck
    st.current = rng.below(seats)  # C-3.2
    st._opening = (TurnStarted(st.current, 1),)
    return st


def from_json(data: dict[str, Any]) -> CapitalState:
    """``CapitalState.from_json``: a position of ``docs/positions.md``."""
    return CapitalState.from_json(data)


__all__ = [
    "COLORS",
    "GAME",
    "OPTIONS",
    "PRESETS",
    "Branch",
    "Build",
    "CapitalState",
    "Exchange",
    "Minigame",
    "Pass",
    "Play",
    "Roll",
    "Waive",
    "from_json",
    "new_game",
    "parse_action",
]
