"""Events of Monopoly Deal: what happened, public to every seat.

No event says which cards were drawn (a secret of the drawer, MD-9.2): ``Drew`` gives the
count only, and the drawer sees the cards in its own view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import Action, Event

# The events every game shares, defined once in the engine and importable from here.
from tycoon.engine.events import GameOver, Reshuffled, TurnStarted  # noqa: F401


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``count`` cards (MD-3.1, MD-6.7)."""

    type: ClassVar[str] = "drew"
    seat: int
    count: int


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
class PaidShort(Event):
    """``seat`` has nothing left of value to pay ``receiver`` with, having paid ``paid`` of
    ``amount`` (0 when it had nothing at all): the rest of the debt is forgiven (MD-5.2)."""

    type: ClassVar[str] = "paid_short"
    seat: int
    receiver: int
    paid: int
    amount: int


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
class Charged(Event):
    """``seat``'s rent, Debt Collector or It's My Birthday asks ``amount`` of each of
    ``targets`` (MD-6.1 to MD-6.4; Double The Rent already counted)."""

    type: ClassVar[str] = "charged"
    seat: int
    targets: tuple[int, ...]
    amount: int
