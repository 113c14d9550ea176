"""The action cards (MD-6): rent and Double The Rent, Debt Collector, It's My Birthday, Sly
Deal, Forced Deal, Deal Breaker, Pass Go, House and Hotel.

Each is a play (MD-3.2); a card that acts on other players opens a :class:`Pending` resolved
by :mod:`tycoon.deal.answers`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Event

from .actions import (
    Birthday,
    DealBreaker,
    DebtCollector,
    ForcedDeal,
    Hotel,
    House,
    PassGo,
    Rent,
    SlyDeal,
)
from .answers import Pending, begin
from .cards import COLOR_INDEX
from .events import Charged
from .sets import rents
from .turns import draw

if TYPE_CHECKING:
    from .state import DealState

DEBT = 5  # MD-6.4
BIRTHDAY_GIFT = 2  # MD-6.4


def others(state: DealState, seat: int) -> list[int]:
    """The other seats in order from ``seat``'s left (MD-6.10)."""
    n = state.n
    return [(seat + i) % n for i in range(1, n)]


def _play_card(state: DealState, seat: int, card: int) -> None:
    """MD-4.3: an action card from the hand, followed then discarded (a play)."""
    state.hands[seat].remove(card)
    state.discard.append(card)
    state.plays_left -= 1


def do_rent(state: DealState, seat: int, a: Rent, events: list[Event]) -> None:
    """MD-6.1 / MD-6.2 / MD-6.3: charge a colour's rent, doubled by each Double The Rent."""
    _play_card(state, seat, a.card)
    for d in a.doubles:
        _play_card(state, seat, d)
    col = COLOR_INDEX[a.color]
    amount = rents(state, seat)[col] << len(a.doubles)
    targets = [a.target] if a.target is not None else others(state, seat)
    events.append(Charged(seat, tuple(targets), amount))
    begin(state, Pending("rent", seat, a.card, targets, amount, col, a.doubles), events)


def do_debt(state: DealState, seat: int, a: DebtCollector, events: list[Event]) -> None:
    """MD-6.4: one player pays 5."""
    _play_card(state, seat, a.card)
    events.append(Charged(seat, (a.target,), DEBT))
    begin(state, Pending("debt_collector", seat, a.card, [a.target], DEBT), events)


def do_birthday(state: DealState, seat: int, a: Birthday, events: list[Event]) -> None:
    """MD-6.4: every other player pays 2."""
    _play_card(state, seat, a.card)
    targets = others(state, seat)
    events.append(Charged(seat, tuple(targets), BIRTHDAY_GIFT))
    begin(state, Pending("its_my_birthday", seat, a.card, targets, BIRTHDAY_GIFT), events)


def do_sly(state: DealState, seat: int, a: SlyDeal, events: list[Event]) -> None:
    """MD-6.5: take one property not in a full set."""
    _play_card(state, seat, a.card)
    begin(state, Pending("sly_deal", seat, a.card, [a.target], take=a.take), events)


def do_forced(state: DealState, seat: int, a: ForcedDeal, events: list[Event]) -> None:
    """MD-6.5 / D-3: swap properties, neither from a full set."""
    _play_card(state, seat, a.card)
    begin(state, Pending("forced_deal", seat, a.card, [a.target], take=a.take, give=a.give),
          events)


def do_breaker(state: DealState, seat: int, a: DealBreaker, events: list[Event]) -> None:
    """MD-6.6: take a whole full set, buildings included."""
    _play_card(state, seat, a.card)
    begin(state, Pending("deal_breaker", seat, a.card, [a.target], set=a.set), events)


def do_pass_go(state: DealState, seat: int, a: PassGo, events: list[Event]) -> None:
    """MD-6.7: draw 2 cards."""
    state.hands[seat].remove(a.card)
    state.plays_left -= 1
    draw(state, seat, 2, events)
    state.discard.append(a.card)


def do_house(state: DealState, seat: int, a: House, events: list[Event]) -> None:
    """MD-6.8: a house on a full set (not railroad or utility)."""
    state.hands[seat].remove(a.card)
    state.tables[seat][a.set].house = a.card
    state.plays_left -= 1


def do_hotel(state: DealState, seat: int, a: Hotel, events: list[Event]) -> None:
    """MD-6.8: a hotel on a full set that has a house."""
    state.hands[seat].remove(a.card)
    state.tables[seat][a.set].hotel = a.card
    state.plays_left -= 1
