"""Events every game reports with the same name and fields, defined once.

A game imports them into its own events module (so they are among its ``event_types``) and
words them in its catalogs (``event.turn_started``, ``event.reshuffled``, ``event.game_over``).

>>> TurnStarted(seat=1, turn=4).to_json()
{'type': 'turn_started', 'seat': 1, 'turn': 4}
>>> GameOver(None, "turn_limit").to_json()
{'type': 'game_over', 'winner': None, 'reason': 'turn_limit'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .data import Event


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """Turn number ``turn`` (from 1) starts; ``seat`` plays it."""

    type: ClassVar[str] = "turn_started"
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile was shuffled into a new draw pile of ``cards`` cards."""

    type: ClassVar[str] = "reshuffled"
    cards: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended: ``winner`` (None when no seat won, e.g. stopped by a turn limit) and
    ``reason`` (a word the game's catalog explains, such as ``turn_limit``)."""

    type: ClassVar[str] = "game_over"
    winner: int | None
    reason: str


__all__ = ["GameOver", "Reshuffled", "TurnStarted"]
