"""Events of Monopoly Deal: what happened, public to every seat.

No event says which cards were drawn (a secret of the drawer, MD-9.2): ``Drew`` gives the
count only, and the drawer sees the cards in its own view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import Action, Event


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """``seat`` starts turn number ``turn`` (from 1), as in every game."""

    type: ClassVar[str] = "turn_started"
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``count`` cards (MD-3.1, MD-6.7)."""

    type: ClassVar[str] = "drew"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile became the new draw pile of ``cards`` cards (MD-3.4, D-1); the same
    event, with the same field, as in every game that reshuffles."""

    type: ClassVar[str] = "reshuffled"
    cards: int


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` took ``action`` (any action: plays, answers, payments, discards, end of turn)."""

    type: ClassVar[str] = "played"
    seat: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        """``{"type": "played", "seat", "action": {...}}``."""
        return {"type": self.type, "seat": self.seat, "action": self.action.to_json()}


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    """The action against ``seat`` was cancelled by a Just Say No (MD-6.9)."""

    type: ClassVar[str] = "cancelled"
    seat: int


@dataclass(frozen=True, slots=True)
class Transferred(Event):
    """Cards went from ``giver``'s table to ``receiver`` (payments and deals, MD-5.3)."""

    type: ClassVar[str] = "transferred"
    giver: int
    receiver: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuildingsLost(Event):
    """A set of ``seat`` stopped being full; its buildings went to ``to`` (MD-7.3, D-4)."""

    type: ClassVar[str] = "buildings_lost"
    seat: int
    cards: tuple[int, ...]
    to: str


@dataclass(frozen=True, slots=True)
class Won(Event):
    """``seat`` holds three full sets of different colours (MD-8.1)."""

    type: ClassVar[str] = "won"
    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game stopped unfinished: ``winner`` None and ``reason`` ``turn_limit`` (the
    ``turn_limit`` option), as in every game with a turn limit."""

    type: ClassVar[str] = "game_over"
    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class Charged(Event):
    """``seat``'s rent, Debt Collector or It's My Birthday asks ``amount`` of each of
    ``targets`` (MD-6.1 to MD-6.4; Double The Rent already counted)."""

    type: ClassVar[str] = "charged"
    seat: int
    targets: tuple[int, ...]
    amount: int
