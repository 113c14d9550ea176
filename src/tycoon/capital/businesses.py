"""Businesses (C-5): kinds, prices, levelled income and the three bonuses of C-5.4.

Incomes are exact: ``base * (6/5)**(level-1) * (100 + bonus) / 100`` rounded half up.

>>> income("bar", 1, 0), income("bar", 4, 0), income("bar", 1, 25)
(25, 43, 31)
>>> income("office_building", 2, 100)
600
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from .board import BOARD, Board

KINDS: tuple[str, ...] = (
    "bar", "grocery", "supermarket", "gallery", "office_building", "shopping_center",
    "super_center",
)
PRICE: dict[str, int] = {
    "bar": 50, "grocery": 100, "supermarket": 150, "gallery": 250, "office_building": 500,
    "shopping_center": 1000, "super_center": 1500,
}
BASE: dict[str, int] = {k: v // 2 for k, v in PRICE.items()}
NAME: dict[str, str] = {
    "bar": "bar", "grocery": "grocery", "supermarket": "supermarket", "gallery": "gallery",
    "office_building": "office building", "shopping_center": "shopping center",
    "super_center": "super center",
}
LOTS = 4  # C-1.2

#: C-5.4.1, indexed by the number of distinct regions.
BRAND_BONUS = (0, 0, 25, 50, 100)
#: C-5.4.2: percent per business of the owner in its own region.
REGION_BONUS = 20
#: C-5.4.3, indexed by the number of distinct other kinds around (D-9).
NEIGHBOURHOOD_BONUS = (0, 25, 50, 75, 100, 150, 200)


class Business(NamedTuple):
    """A business on a lot: its kind, owner seat and level (>= 1)."""

    kind: str
    owner: int
    level: int


def round_half_up(num: int, den: int) -> int:
    """``num/den`` rounded half up, for ``den > 0``.

    >>> round_half_up(5, 2), round_half_up(-5, 2), round_half_up(7, 3)
    (3, -2, 2)
    """
    return (2 * num + den) // (2 * den)


def income(kind: str, level: int, bonus: int) -> int:
    """C-5.4: levelled base income of ``kind`` with ``bonus`` percent, rounded half up."""
    e = level - 1
    return round_half_up(BASE[kind] * 6**e * (100 + bonus), 5**e * 100)


Lot = tuple[int, int]


def _hood(kind: str, around: set[str]) -> int:
    """C-5.4.3: the neighbourhood bonus of a ``kind`` with ``around`` kinds about it."""
    return 0 if kind in around else NEIGHBOURHOOD_BONUS[len(around)]


def bonuses(
    businesses: Mapping[Lot, Business], board: Board = BOARD
) -> dict[Lot, tuple[int, int, int]]:
    """The (brand, region, neighbourhood) bonuses of every business (C-5.4.1-3).

    The owner's own region is the region of the seat's colour (region index = seat).
    """
    regions_of: dict[tuple[int, str], set[int]] = defaultdict(set)
    home: dict[int, int] = defaultdict(int)
    kinds_on: dict[int, list[tuple[int, str]]] = defaultdict(list)
    region = board.region
    for (square, lot), b in businesses.items():
        r = region[square]
        regions_of[b.owner, b.kind].add(r)
        if r == b.owner:
            home[b.owner] += 1
        kinds_on[square].append((lot, b.kind))
    out: dict[Lot, tuple[int, int, int]] = {}
    adjacent = board.adjacent
    for (square, lot), b in businesses.items():
        brand = BRAND_BONUS[len(regions_of[b.owner, b.kind])]
        reg = REGION_BONUS * home[b.owner] if region[square] == b.owner else 0
        around = {k for other, k in kinds_on[square] if other != lot}
        for sq in adjacent[square]:
            for _, k in kinds_on.get(sq, ()):
                around.add(k)
        out[square, lot] = (brand, reg, _hood(b.kind, around))
    return out


def incomes(businesses: Mapping[Lot, Business], board: Board = BOARD) -> dict[Lot, int]:
    """The income (C-5.4) of every business."""
    return {
        key: income(businesses[key].kind, businesses[key].level, sum(bonus))
        for key, bonus in bonuses(businesses, board).items()
    }


def income_at(
    businesses: Mapping[Lot, Business], square: int, lot: int, kind: str, owner: int,
    board: Board = BOARD,
) -> int:
    """The income (C-5.4) a new business of ``kind`` owned by ``owner`` would earn on
    ``lot`` of ``square`` now, at level 1 (what a build button shows). The other businesses
    keep theirs, though a new one may raise their bonuses too.

    >>> income_at({}, 1, 0, "bar", 0)  # alone in its owner's region: +20 %
    30
    >>> income_at({(1, 1): Business("grocery", 1, 1)}, 1, 0, "bar", 0)  # and 1 kind around
    36
    """
    if kind not in PRICE:
        return 0
    region = board.region
    mine = {key: b for key, b in businesses.items() if b.owner == owner}
    regions = {region[s] for (s, other), b in mine.items()
               if b.kind == kind and (s, other) != (square, lot)}
    regions.add(region[square])
    brand = BRAND_BONUS[len(regions)]
    reg = 0
    if region[square] == owner:
        reg = REGION_BONUS * (1 + sum(1 for (s, l_), _ in mine.items()
                            if region[s] == owner and (s, l_) != (square, lot)))
    around = {b.kind for (s, other), b in businesses.items() if s == square and other != lot}
    for sq in board.adjacent[square]:
        for other in range(LOTS):
            b = businesses.get((sq, other))
            if b is not None:
                around.add(b.kind)
    return income(kind, 1, brand + reg + _hood(kind, around))


def incomes_at_free_lots(
    businesses: Mapping[Lot, Business], square: int, lots: Iterable[int],
    kinds: Iterable[str], owner: int, board: Board = BOARD,
) -> dict[tuple[int, str], int]:
    """:func:`income_at` of every (lot, kind) for free ``lots`` of ``square``, with what the
    lots share (the owner's regions per kind, its home count, the kinds around) counted once:
    what the build offers of a view need, one pass over the businesses.

    >>> bs = {(1, 1): Business("grocery", 1, 1)}
    >>> incomes_at_free_lots(bs, 1, [0, 2], ["bar"], 0) == {
    ...     (lot, "bar"): income_at(bs, 1, lot, "bar", 0) for lot in (0, 2)}
    True
    """
    kinds = tuple(kinds)
    region = board.region
    here = region[square]
    regions: dict[str, set[int]] = defaultdict(set)
    home = 0
    on_square: dict[int, str] = {}
    around: set[str] = set()
    adjacent = set(board.adjacent[square])
    for (s, lot), b in businesses.items():
        if b.owner == owner:
            regions[b.kind].add(region[s])
            if region[s] == owner:
                home += 1
        if s == square:
            on_square[lot] = b.kind
        elif s in adjacent:
            around.add(b.kind)
    reg = REGION_BONUS * (1 + home) if here == owner else 0
    # the brand and region bonuses do not depend on the lot
    fixed = {kind: BRAND_BONUS[len(regions[kind] | {here})] + reg
             for kind in kinds if kind in PRICE}
    out: dict[tuple[int, str], int] = {}
    for lot in lots:
        out.update(((lot, kind), 0) for kind in kinds if kind not in PRICE)
        near = around.union(k for other, k in on_square.items() if other != lot)
        # seven kinds around: every kind is among them, and none gets the bonus
        hood = NEIGHBOURHOOD_BONUS[min(len(near), len(NEIGHBOURHOOD_BONUS) - 1)]
        for kind, bonus in fixed.items():
            bonus += 0 if kind in near else hood
            got = _LEVEL_1.get((kind, bonus))
            if got is None:
                got = _LEVEL_1[kind, bonus] = income(kind, 1, bonus)
            out[lot, kind] = got
    return out


#: ``income(kind, 1, bonus)`` by (kind, bonus): a few dozen values, computed once each.
_LEVEL_1: dict[tuple[str, int], int] = {}


def income_gains(
    businesses: Mapping[Lot, Business], square: int, lot: int, kinds: Iterable[str],
    owner: int, board: Board = BOARD,
) -> dict[str, int]:
    """By kind, how much ``owner``'s summed income (C-5.4) grows if it builds a level-1
    business of that kind on the free ``lot`` of ``square``: the new business's income plus
    what it adds to the bonuses of the owner's others (a new region for the brand, one more
    business at home, one more kind around) — exact, in one pass over the businesses rather
    than the :func:`incomes` of a trial board per kind.

    >>> bs = {(1, 1): Business("bar", 0, 1), (15, 0): Business("grocery", 0, 1)}
    >>> trial = {**bs, (2, 0): Business("grocery", 0, 1)}
    >>> income_gains(bs, 2, 0, ["grocery"], 0)["grocery"] == (
    ...     sum(incomes(trial).values()) - sum(incomes(bs).values()))
    True
    """
    kinds = [k for k in kinds if k in PRICE]
    new = incomes_at_free_lots(businesses, square, [lot], kinds, owner, board)
    region = board.region
    adjacent = board.adjacent
    here = region[square]
    kinds_on: dict[int, list[tuple[int, str]]] = defaultdict(list)
    regions: dict[str, set[int]] = defaultdict(set)
    home = 0
    for (s, other), b in businesses.items():
        kinds_on[s].append((other, b.kind))
        if b.owner == owner:
            regions[b.kind].add(region[s])
            home += region[s] == owner
    # the owner's businesses: the kinds around each, whether the new one joins them, and
    # their bonus now
    mine = []
    for (s, other), b in businesses.items():
        if b.owner == owner:
            around = {k for o, k in kinds_on[s] if o != other}
            for sq in adjacent[s]:
                around.update(k for _, k in kinds_on.get(sq, ()))
            at_home = region[s] == owner
            before = (BRAND_BONUS[len(regions[b.kind])] + (REGION_BONUS * home if at_home else 0)
                      + _hood(b.kind, around))
            mine.append((b, around, s == square or square in adjacent[s], at_home, before))
    out = {}
    for kind in kinds:
        gain = new[lot, kind]
        for b, around, near, at_home, before in mine:
            brands = regions[b.kind]
            after = BRAND_BONUS[len(brands | {here}) if b.kind == kind else len(brands)]
            after += REGION_BONUS * (home + (here == owner)) if at_home else 0
            after += _hood(b.kind, around | {kind} if near else around)
            if after != before:
                gain += income(b.kind, b.level, after) - income(b.kind, b.level, before)
        out[kind] = gain
    return out
