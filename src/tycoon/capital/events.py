"""What happens in Capital, as data broadcast to every seat (secrets stay in views).

>>> Transfer(None, 2, 500, "easy_money").to_json()
{'type': 'transfer', 'payer': None, 'payee': 2, 'amount': 500, 'reason': 'easy_money'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import Event

# The events every game shares, defined once in the engine and importable from here.
from tycoon.engine.events import GameOver, Reshuffled, TurnStarted  # noqa: F401


@dataclass(frozen=True, slots=True)
class Transfer(Event):
    """Every balance change: ``payer`` pays ``amount`` to ``payee`` (None is the bank)."""

    type: ClassVar[str] = "transfer"
    payer: int | None
    payee: int | None
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Diverted(Event):
    """C-4.3.3: money for ``seat`` went to the bank because of its Blocked Account."""

    type: ClassVar[str] = "diverted"
    seat: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """C-4.1: the dice; ``effect`` is "hare", "turtle", "cancel" (both, D-2) or None."""

    type: ClassVar[str] = "rolled"
    seat: int
    dice: tuple[int, ...]
    effect: str | None


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """C-4.2: the squares entered; ``blocked_by`` is the obstacle square that stopped it and
    ``owner`` the seat whose obstacle it is (C-4.2.3)."""

    type: ClassVar[str] = "moved"
    seat: int
    path: tuple[int, ...]
    blocked_by: int | None
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class Branched(Event):
    """C-4.2.1: at a fork, the way the player chose (``straight`` or ``right``) and the square
    it leads to."""

    type: ClassVar[str] = "branched"
    seat: int
    way: str
    toward: int


@dataclass(frozen=True, slots=True)
class Lap(Event):
    """C-4.2.2: ``seat`` completed a lap; ``laps`` is its new count."""

    type: ClassVar[str] = "lap"
    seat: int
    laps: int


@dataclass(frozen=True, slots=True)
class LevelUp(Event):
    """C-5.3: the businesses ``lots`` ([square, lot] pairs) gained ``levels``."""

    type: ClassVar[str] = "level_up"
    lots: tuple[tuple[int, int], ...]
    levels: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        """JSON with ``lots`` as ``[{"square", "lot"}]``."""
        return {
            "type": self.type,
            "lots": [{"square": s, "lot": lot} for s, lot in self.lots],
            "levels": self.levels,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Waived(Event):
    """C-4.3.1: ``charge`` was waived, using one use of ``effect``."""

    type: ClassVar[str] = "waived"
    seat: int
    charge: str
    effect: str


@dataclass(frozen=True, slots=True)
class StockExchange(Event):
    """C-4.4.1: the stock exchange gave (or took, if negative) ``amount``."""

    type: ClassVar[str] = "stock_exchange"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class MinigameStarted(Event):
    """C-4.4.2: every seat plays ``game`` for ``seconds``; ``levels[seat]`` is "easy" or
    "hard"."""

    type: ClassVar[str] = "minigame_started"
    game: str
    levels: tuple[str, ...]
    seconds: int = 30


@dataclass(frozen=True, slots=True)
class MinigameSubmitted(Event):
    """A seat sent its minigame inputs (its score is told when everybody has)."""

    type: ClassVar[str] = "minigame_submitted"
    seat: int


@dataclass(frozen=True, slots=True)
class MinigameScored(Event):
    """C-4.4.2: the points of every seat (paid $1 a point, negative pays nothing, D-7)."""

    type: ClassVar[str] = "minigame_scored"
    game: str
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Built(Event):
    """C-4.5: a new business (level 1)."""

    type: ClassVar[str] = "built"
    seat: int
    square: int
    lot: int
    kind: str


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """C-7: ``seat`` played ``card`` (target as in the action's JSON)."""

    type: ClassVar[str] = "card_played"
    seat: int
    card: str
    target: Any


@dataclass(frozen=True, slots=True)
class EffectChanged(Event):
    """C-6: ``seat``'s uses of ``effect`` are now ``uses``."""

    type: ClassVar[str] = "effect_changed"
    seat: int
    effect: str
    uses: int


@dataclass(frozen=True, slots=True)
class DiceChanged(Event):
    """Extra Die, Lost Die, A New Beginning: ``seat`` now has ``dice`` dice."""

    type: ClassVar[str] = "dice_changed"
    seat: int
    dice: int


@dataclass(frozen=True, slots=True)
class ConstructionPlaced(Event):
    """C-7.1: an obstacle or a toll on ``square``."""

    type: ClassVar[str] = "construction_placed"
    square: int
    construction: str
    owner: int


@dataclass(frozen=True, slots=True)
class ConstructionRemoved(Event):
    """Demolition: the construction on ``square`` is gone."""

    type: ClassVar[str] = "construction_removed"
    square: int
    construction: str
    owner: int


@dataclass(frozen=True, slots=True)
class BusinessDestroyed(Event):
    """Implosion: the business on ``square``/``lot`` is gone, no refund."""

    type: ClassVar[str] = "business_destroyed"
    square: int
    lot: int
    kind: str
    owner: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Cards that went to the discard pile (public, C-8.1)."""

    type: ClassVar[str] = "discarded"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``count`` cards (which ones is secret: see its view)."""

    type: ClassVar[str] = "drew"
    seat: int
    count: int
