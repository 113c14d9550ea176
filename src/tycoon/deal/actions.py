"""The actions of Monopoly Deal: one small decision each, as JSON.

Cards are integer ids of :data:`tycoon.deal.cards.CARDS`, colours are colour ids
(``"red"``), seats are integers, ``set`` is an index into a player's ``sets`` list of the view.

===================  =============================================================  =========
type                 fields                                                         rule
===================  =============================================================  =========
``bank``             ``card``                                                       MD-4.1
``property``         ``card``, ``color``                                            MD-4.2
``move_wild``        ``card``, ``color`` (own turn, not a play)                     MD-7.2
``rent``             ``card``, ``color``, ``target`` (wild rent only, else null),   MD-6.1/3
                     ``doubles`` (Double The Rent cards played with it)
``debt_collector``   ``card``, ``target``                                           MD-6.4
``its_my_birthday``  ``card``                                                       MD-6.4
``sly_deal``         ``card``, ``target``, ``take``                                 MD-6.5
``forced_deal``      ``card``, ``target``, ``take``, ``give``                       MD-6.5
``deal_breaker``     ``card``, ``target``, ``set`` (index in the target's sets)     MD-6.6
``pass_go``          ``card``                                                       MD-6.7
``house``/``hotel``  ``card``, ``set`` (index in your own sets)                     MD-6.8
``say_no``           ``card`` (a Just Say No from your hand)                        MD-6.9
``accept``           (let the action, or the Just Say No, stand)                    MD-6.10
``pay``              ``card`` (from your bank, your sets, or a building)            MD-5.2
``discard``          ``card`` (over 7 cards at the end of the turn)                 MD-3.3
``end_turn``                                                                        MD-3.3
===================  =============================================================  =========

>>> parse_action({"type": "rent", "card": 59, "color": "green", "doubles": [104]})
Rent(card=59, color='green', target=None, doubles=(104,))
>>> str(parse_action({"type": "rent", "card": 59, "color": "green", "doubles": [104]}))
'rent card=59 color=green target=null doubles=[104]'
>>> from tycoon.deal import GAME
>>> GAME.action_from_text('sly_deal card=77 target=1 take=37')
SlyDeal(card=77, target=1, take=37)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import Action, InvalidAction, parse_data

from .cards import COLORS, IS_DOUBLE, N_CARDS


class DealAction(Action):
    """Base of the Monopoly Deal actions; ``str()`` is the engine's text form
    (``rent card=61 color=red target=null doubles=[104]``), read back by
    ``GAME.action_from_text``."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Bank(DealAction):
    """Put a money, rent or action card from the hand into the bank (MD-4.1)."""

    type: ClassVar[str] = "bank"
    card: int


@dataclass(frozen=True, slots=True)
class PlayProperty(DealAction):
    """Put a property (a wild card: in one of its colours) into the collection (MD-4.2)."""

    type: ClassVar[str] = "property"
    card: int
    color: str


@dataclass(frozen=True, slots=True)
class MoveWild(DealAction):
    """Move a wild card on the table to another colour it shows (MD-7.2)."""

    type: ClassVar[str] = "move_wild"
    card: int
    color: str


@dataclass(frozen=True, slots=True)
class Rent(DealAction):
    """Charge rent of ``color`` (MD-6.1), doubled by each card in ``doubles`` (MD-6.3)."""

    type: ClassVar[str] = "rent"
    card: int
    color: str
    target: int | None = None
    doubles: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DebtCollector(DealAction):
    """``target`` pays you 5M (MD-6.4)."""

    type: ClassVar[str] = "debt_collector"
    card: int
    target: int


@dataclass(frozen=True, slots=True)
class Birthday(DealAction):
    """Every other player pays you 2M (MD-6.4)."""

    type: ClassVar[str] = "its_my_birthday"
    card: int


@dataclass(frozen=True, slots=True)
class SlyDeal(DealAction):
    """Take property ``take`` from ``target`` (not from a full set) (MD-6.5)."""

    type: ClassVar[str] = "sly_deal"
    card: int
    target: int
    take: int


@dataclass(frozen=True, slots=True)
class ForcedDeal(DealAction):
    """Swap your property ``give`` for ``target``'s property ``take`` (MD-6.5, D-3)."""

    type: ClassVar[str] = "forced_deal"
    card: int
    target: int
    take: int
    give: int


@dataclass(frozen=True, slots=True)
class DealBreaker(DealAction):
    """Take ``target``'s full set number ``set`` with its buildings (MD-6.6)."""

    type: ClassVar[str] = "deal_breaker"
    card: int
    target: int
    set: int


@dataclass(frozen=True, slots=True)
class PassGo(DealAction):
    """Draw 2 cards (MD-6.7)."""

    type: ClassVar[str] = "pass_go"
    card: int


@dataclass(frozen=True, slots=True)
class House(DealAction):
    """Put a house on your full set number ``set`` (MD-6.8)."""

    type: ClassVar[str] = "house"
    card: int
    set: int


@dataclass(frozen=True, slots=True)
class Hotel(DealAction):
    """Put a hotel on your full set number ``set``, which has a house (MD-6.8)."""

    type: ClassVar[str] = "hotel"
    card: int
    set: int


@dataclass(frozen=True, slots=True)
class SayNo(DealAction):
    """Play a Just Say No from your hand against what you are answering (MD-6.9)."""

    type: ClassVar[str] = "say_no"
    card: int


@dataclass(frozen=True, slots=True)
class Accept(DealAction):
    """Let the action (or the Just Say No) against you stand (MD-6.10)."""

    type: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Pay(DealAction):
    """Pay one card from your bank or table towards a debt (MD-5.2)."""

    type: ClassVar[str] = "pay"
    card: int


@dataclass(frozen=True, slots=True)
class Discard(DealAction):
    """Discard a card from a hand over the limit of 7 (MD-3.3)."""

    type: ClassVar[str] = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class EndTurn(DealAction):
    """End your turn (MD-3.3)."""

    type: ClassVar[str] = "end_turn"


ACTION_CLASSES: dict[str, type[DealAction]] = {
    cls.type: cls
    for cls in (
        Bank,
        PlayProperty,
        MoveWild,
        Rent,
        DebtCollector,
        Birthday,
        SlyDeal,
        ForcedDeal,
        DealBreaker,
        PassGo,
        House,
        Hotel,
        SayNo,
        Accept,
        Pay,
        Discard,
        EndTurn,
    )
}


def _card(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < N_CARDS:
        raise ValueError(f"a card is an integer id from 0 to {N_CARDS - 1}, not {value!r}")
    return value


def _seat(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 5:
        raise ValueError(f"a seat is an integer from 0 to 4, not {value!r}")
    return value


def _target(value: Any) -> int | None:
    return None if value is None else _seat(value)


def _index(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 64:
        raise ValueError(f"a set index is an integer from 0, not {value!r}")
    return value


def _color(value: Any) -> str:
    if value not in COLORS:
        raise ValueError(f"unknown colour {value!r}; expected one of: {', '.join(COLORS)}")
    return value


_MAX_DOUBLES = sum(IS_DOUBLE)  # the deck's Double The Rent cards


def _doubles(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        raise ValueError("doubles is a list of card ids")
    if len(value) > _MAX_DOUBLES:
        raise ValueError(f"doubles lists at most {_MAX_DOUBLES} cards, not {len(value)}")
    return tuple(sorted(_card(v) for v in value))


VALIDATORS = {
    "card": _card,
    "take": _card,
    "give": _card,
    "color": _color,
    "target": _target,
    "set": _index,
    "doubles": _doubles,
}


def parse_action(data: object) -> DealAction:
    """The action a JSON object describes; ``InvalidAction`` naming the problem otherwise
    (whether it is legal now is for ``DealState.apply`` to say)."""
    action = parse_data(data, ACTION_CLASSES, VALIDATORS, InvalidAction)
    if isinstance(action, DebtCollector | SlyDeal | ForcedDeal | DealBreaker) and (
        action.target is None
    ):
        raise InvalidAction(f"{action.type}: target must be a seat")
    # the shared instance if the engine has made this action, else the parsed one: what a
    # client sends is not kept (any number of distinct actions would grow the table for good)
    return _INTERNED.get(action, action)


_INTERNED: dict[DealAction, DealAction] = {}


def intern(action: DealAction) -> DealAction:
    """The one shared instance equal to ``action`` (so legality checks are identity checks).
    Only for the actions the engine makes: their number is bounded by the game."""
    got = _INTERNED.get(action)
    if got is None:
        _INTERNED[action] = got = action
    return got


# Pre-built instances of the most frequent actions, indexed by card id (and colour number).
BANK: tuple[Bank, ...] = tuple(intern(Bank(c)) for c in range(N_CARDS))  # type: ignore[misc]
PAY: tuple[Pay, ...] = tuple(intern(Pay(c)) for c in range(N_CARDS))  # type: ignore[misc]
DISCARD: tuple[Discard, ...] = tuple(intern(Discard(c)) for c in range(N_CARDS))  # type: ignore[misc]
SAY_NO: tuple[SayNo, ...] = tuple(intern(SayNo(c)) for c in range(N_CARDS))  # type: ignore[misc]
PASS_GO: tuple[PassGo, ...] = tuple(intern(PassGo(c)) for c in range(N_CARDS))  # type: ignore[misc]
BIRTHDAY: tuple[Birthday, ...] = tuple(intern(Birthday(c)) for c in range(N_CARDS))  # type: ignore[misc]
PROPERTY: tuple[tuple[PlayProperty, ...], ...] = tuple(
    tuple(intern(PlayProperty(c, col)) for col in COLORS)
    for c in range(N_CARDS)  # type: ignore[misc]
)
MOVE: tuple[tuple[MoveWild, ...], ...] = tuple(
    tuple(intern(MoveWild(c, col)) for col in COLORS)
    for c in range(N_CARDS)  # type: ignore[misc]
)
ACCEPT: Accept = intern(Accept())  # type: ignore[assignment]
END_TURN: EndTurn = intern(EndTurn())  # type: ignore[assignment]

_BY_ARGS: dict[tuple[Any, ...], DealAction] = {}


def make(cls: type[DealAction], *args: Any) -> DealAction:
    """The shared instance of ``cls(*args)`` (cached by its arguments, for speed)."""
    key = (cls, *args)
    got = _BY_ARGS.get(key)
    if got is None:
        _BY_ARGS[key] = got = intern(cls(*args))
    return got
