"""Sets and wild cards (MD-7), rent of a set (MD-6.2) and winning by three full sets (MD-8).

A seat's table is a list of :class:`PSet`; a colour has at most one unfinished set (extra
cards start a new set only when the others are full, MD-7.1). These functions take the state
and change only its tables, banks, discard pile and winner.

>>> s = PSet(6, [37, 38, 39])
>>> s.full, s.rent
(True, 6)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Event

from .cards import COLORS, HOTEL_RENT, HOUSE_RENT, IS_MULTI, RENTS, SET_SIZE, VALUE
from .events import BuildingsLost, Won

if TYPE_CHECKING:
    from .state import DealState


class PSet:
    """One property set on a table: its colour number, cards, and house / hotel card or None."""

    __slots__ = ("cards", "color", "hotel", "house")

    def __init__(
        self, color: int, cards: list[int], house: int | None = None, hotel: int | None = None
    ) -> None:
        self.color = color
        self.cards = cards
        self.house = house
        self.hotel = hotel

    def copy(self) -> PSet:
        """An independent copy."""
        return PSet(self.color, self.cards[:], self.house, self.hotel)

    def key(self) -> tuple[int, ...]:
        """Everything this set holds, as integers (-1 for no building)."""
        return (self.color, -1 if self.house is None else self.house,
                -1 if self.hotel is None else self.hotel, *self.cards)

    @property
    def full(self) -> bool:
        """MD-7.1: the colour's full-set number of cards, not all of them multicolour (MD-6.2)."""
        return is_full(self.color, self.cards)

    @property
    def rent(self) -> int:
        """MD-6.2: rent of this set (0 for a set of multicolour wild cards only)."""
        return set_rent(self)


def is_full(color: int, cards: list[int]) -> bool:
    """MD-7.1 / MD-6.2: ``cards`` make a full set of ``color``."""
    if len(cards) != SET_SIZE[color]:
        return False
    for c in cards:  # noqa: SIM110 (a loop is faster than any() here)
        if not IS_MULTI[c]:
            return True
    return False


def set_rent(s: PSet) -> int:
    """MD-6.2: rent of one set, buildings included."""
    cards = s.cards
    for c in cards:
        if not IS_MULTI[c]:
            break
    else:
        return 0
    rent = RENTS[s.color][len(cards) - 1]
    if s.house is not None:
        rent += HOUSE_RENT
    if s.hotel is not None:
        rent += HOTEL_RENT
    return rent


def rents(state: DealState, seat: int) -> list[int]:
    """MD-6.2: the rent ``seat`` may charge in each colour (its best set's rent)."""
    out = [0] * 10
    for s in state.tables[seat]:
        r = set_rent(s)
        if r > out[s.color]:
            out[s.color] = r
    return out


def table_value(state: DealState, seat: int) -> int:
    """MD-5.2: what ``seat`` could pay: bank, valued properties, buildings."""
    total = 0
    for c in state.banks[seat]:
        total += VALUE[c]
    for s in state.tables[seat]:
        for c in s.cards:
            total += VALUE[c]
        if s.house is not None:
            total += VALUE[s.house]
        if s.hotel is not None:
            total += VALUE[s.hotel]
    return total


def full_colors(state: DealState, seat: int) -> set[str]:
    """The colours in which ``seat`` holds a full set (MD-7.1: two of one colour count once)."""
    return {COLORS[s.color] for s in state.tables[seat] if is_full(s.color, s.cards)}


def has_won(state: DealState, seat: int) -> bool:
    """MD-8.1: ``seat`` holds full sets of three different colours."""
    table = state.tables[seat]
    if len(table) < 3:
        return False
    seen = 0
    count = 0
    for s in table:
        bit = 1 << s.color
        if not seen & bit and is_full(s.color, s.cards):
            seen |= bit
            count += 1
            if count >= 3:
                return True
    return False


def check_win(state: DealState, events: list[Event], *changed: int) -> bool:
    """MD-8.1 / D-5: the first seat from the active player holding three full sets wins.

    ``changed``: the only seats whose tables changed (default: every seat).
    """
    n = state.n
    cur = state.current
    order = (
        sorted(changed, key=lambda x: (x - cur) % n)
        if changed
        else [(cur + i) % n for i in range(n)]
    )
    for s in order:
        if has_won(state, s):
            state.won = s
            state.reason = "three_sets"
            state.phase = "over"
            state.pending = None
            events.append(Won(s))
            return True
    return False


def place(state: DealState, seat: int, card: int, color: int) -> None:
    """Put a property into ``seat``'s unfinished set of ``color``, or start a new set (MD-7.1)."""
    size = SET_SIZE[color]
    table = state.tables[seat]
    for s in table:
        if s.color == color and len(s.cards) < size:  # short of its size: not full
            s.cards.append(card)
            return
    table.append(PSet(color, [card]))
    if size == 2:  # a multicolour-only pair may leave two unfinished sets
        normalize(state, seat, color)


def find(state: DealState, seat: int, card: int) -> tuple[int, PSet] | None:
    """The index and set of ``seat``'s table holding ``card``, or None."""
    for i, s in enumerate(state.tables[seat]):
        if card in s.cards:
            return i, s
    return None


def take_from_set(state: DealState, seat: int, s: PSet, card: int, events: list[Event]) -> None:
    """Remove ``card`` from set ``s``; a set that stops being full loses its buildings."""
    had_full = s.house is not None
    s.cards.remove(card)
    if had_full and not is_full(s.color, s.cards):
        lose_buildings(state, seat, s, events)
    if not s.cards:
        state.tables[seat].remove(s)
    else:
        normalize(state, seat, s.color)


def lose_buildings(state: DealState, seat: int, s: PSet, events: list[Event]) -> None:
    """MD-7.3 / D-4 / MD-12 ``buildings_when_broken``: discarded, or into the owner's bank."""
    lost = tuple(c for c in (s.house, s.hotel) if c is not None)
    s.house = s.hotel = None
    if state._bank_buildings:
        state.banks[seat].extend(lost)
        events.append(BuildingsLost(seat, lost, "bank"))
    else:
        state.discard.extend(lost)
        events.append(BuildingsLost(seat, lost, "discard"))


def normalize(state: DealState, seat: int, color: int) -> None:
    """Keep at most one unfinished set per colour (MD-7.1: extra cards start a new set).

    Unfinished sets of one colour (which carry no buildings) are merged: their cards are
    regrouped, non-multicolour cards first, into full sets and one remainder.
    """
    table = state.tables[seat]
    open_sets = [s for s in table if s.color == color and not is_full(color, s.cards)]
    if len(open_sets) <= 1:
        return
    cards = [c for s in open_sets for c in s.cards]
    cards.sort(key=IS_MULTI.__getitem__)
    first = table.index(open_sets[0])
    for s in open_sets:
        table.remove(s)
    size = SET_SIZE[color]
    chunks = [PSet(color, cards[i : i + size]) for i in range(0, len(cards), size)]
    table[first:first] = chunks
