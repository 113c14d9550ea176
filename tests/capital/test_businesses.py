"""C-5: prices, levelled incomes and the bonuses of C-5.4, with incomes computed by hand."""

import math
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tycoon.capital.businesses import BASE, PRICE, income

from .helpers import business, position


def incomes_of(*businesses, seats=2):
    return position(seats, businesses=list(businesses)).incomes()


def test_c5_1_prices_and_base_incomes():
    assert PRICE == {"bar": 50, "grocery": 100, "supermarket": 150, "gallery": 250,
                     "office_building": 500, "shopping_center": 1000, "super_center": 1500}
    assert BASE == {"bar": 25, "grocery": 50, "supermarket": 75, "gallery": 125,
                    "office_building": 250, "shopping_center": 500, "super_center": 750}


def test_c5_2_levels_compound_by_one_fifth():
    # 25, 30, 36, 43.2 -> 43, 51.84 -> 52
    assert [income("bar", lvl, 0) for lvl in range(1, 6)] == [25, 30, 36, 43, 52]
    # three levels about +73%: 250 * 1.728 = 432
    assert income("office_building", 4, 0) == 432


def test_c5_4_rounds_half_up_not_to_even():
    # bar, 25 * 1.70 = 42.5 -> 43 (banker's rounding would give 42)
    assert income("bar", 1, 70) == 43
    assert income("bar", 2, 25) == 38  # 30 * 1.25 = 37.5


def test_c5_4_region_plus_neighbourhood_sum_rounds_half_up():
    """C-5.4.2 + C-5.4.3: bar of seat 0 in its own region (+20) next to 2 other kinds (+50)."""
    inc = incomes_of(business(5, 0, "bar", 0), business(4, 0, "grocery", 1),
                     business(6, 0, "supermarket", 1))
    assert inc[5, 0] == 43  # 25 * 1.70 = 42.5
    assert inc[4, 0] == 63  # grocery of seat 1 outside its region, next to a bar: 62.5
    assert inc[6, 0] == 94  # 75 * 1.25 = 93.75


def test_c5_4_1_brand_bonus_by_regions():
    # seat 1 (red, region 1) bars in 1, 2, 3, 4 regions; blocks 1, 29, 43 are outside region 1,
    # block 15 inside it (region bonus 20 x 1 there).
    squares = [1, 29, 43, 15]
    expected_brand = {1: 0, 2: 25, 3: 50, 4: 100}
    for n in range(1, 5):
        inc = incomes_of(*(business(s, 0, "bar", 1) for s in squares[:n]))
        assert inc[1, 0] == income("bar", 1, expected_brand[n])
        if n == 4:
            assert inc[1, 0] == 50
            assert inc[15, 0] == 55  # 25 * (100 + 100 + 20) / 100


def test_c5_4_2_region_bonus_counts_businesses_in_own_region():
    # seat 1's region is 14..27; blocks 15, 19, 23 are not adjacent to each other.
    inc = incomes_of(*(business(s, 0, "grocery", 1) for s in (15, 19, 23)))
    assert {inc[s, 0] for s in (15, 19, 23)} == {80}  # 50 * 1.60
    # one more grocery outside: brand 2 regions (+25) for all four, region stays 60 inside
    inc = incomes_of(*(business(s, 0, "grocery", 1) for s in (15, 19, 23, 1)))
    assert {inc[s, 0] for s in (15, 19, 23)} == {93}  # 50 * 1.85 = 92.5
    assert inc[1, 0] == 63  # 50 * 1.25 = 62.5


def test_c5_4_2_region_bonus_only_for_the_owners_region():
    inc = incomes_of(business(15, 0, "bar", 0))
    assert inc[15, 0] == 25  # seat 0 is yellow: region 1 gives it nothing


def test_c5_4_3_neighbourhood_same_kind_cancels():
    inc = incomes_of(business(5, 0, "bar", 0), business(6, 0, "bar", 1),
                     business(4, 0, "grocery", 1))
    assert inc[5, 0] == 30  # bar of seat 0: a bar nearby -> 0; only region +20
    assert inc[6, 0] == 25  # seat 1's bar next to a bar
    assert inc[4, 0] == 63  # grocery next to one kind (bar) -> +25


def test_c5_4_3_d9_neighbourhood_counts_same_block_and_six_kinds():
    # block 11 touches 7, 10 and 12 (C-2.3); seat 1 owns all (no region bonus in region 0)
    inc = incomes_of(
        business(11, 0, "bar", 1), business(11, 1, "grocery", 1),
        business(11, 2, "supermarket", 1), business(11, 3, "gallery", 1),
        business(7, 0, "office_building", 1), business(10, 0, "shopping_center", 1),
        business(12, 0, "super_center", 1),
    )
    assert inc[11, 0] == 75  # 6 other kinds -> +200%
    assert inc[7, 0] == 250 * 2  # around 7: 6 (none) and 11 (4 kinds) -> +100%
    assert inc[12, 0] == 1500  # around 12: 11 (4 kinds) -> +100%


def test_c5_4_3_five_kinds_is_150_percent_and_distinct_kinds_counted_once():
    inc = incomes_of(
        business(11, 0, "bar", 1), business(11, 1, "grocery", 1),
        business(11, 2, "supermarket", 1), business(11, 3, "gallery", 1),
        business(7, 0, "office_building", 1), business(10, 0, "grocery", 1),
    )
    # around the bar: grocery (twice), supermarket, gallery, office building -> 4 kinds
    assert inc[11, 0] == 50
    inc = incomes_of(
        business(11, 0, "bar", 1), business(11, 1, "grocery", 1),
        business(11, 2, "supermarket", 1), business(11, 3, "gallery", 1),
        business(7, 0, "office_building", 1), business(10, 0, "shopping_center", 1),
    )
    assert inc[11, 0] == 63  # 5 other kinds -> +150%: 62.5 -> 63


def test_c2_3_blocks_of_different_regions_are_not_neighbours():
    inc = incomes_of(business(12, 0, "bar", 1), business(15, 0, "grocery", 1))
    assert inc[12, 0] == 25  # no neighbour bonus across regions


def test_c5_4_all_three_bonuses_add_up():
    """Brand 25 + region 40 + neighbourhood 25 = +90% on a level-3 gallery."""
    inc = incomes_of(
        business(2, 0, "gallery", 0, level=3),  # own region (yellow), adjacent to 1 and 3
        business(8, 0, "bar", 0),  # own region, not adjacent to 2
        business(3, 0, "grocery", 1),  # neighbour of 2: one other kind
        business(29, 0, "gallery", 0),  # gallery in a second region -> brand +25
    )
    # 125 * 1.44 = 180; * 1.90 = 342
    assert inc[2, 0] == 342


# --------------------------------------------------------------------------- reference check
PAIRS = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 11), (3, 8), (8, 9), (9, 10),
         (10, 11), (11, 12)]  # C-2.3, offsets within a region
BLOCK_OFFSETS = range(1, 13)
BASES = {"bar": 25, "grocery": 50, "supermarket": 75, "gallery": 125, "office_building": 250,
         "shopping_center": 500, "super_center": 750}


def reference_income(lots, key):
    """C-5.4 straight from the rule text, with Fractions."""
    square = key[0]
    kind, owner, level = lots[key]
    regions = {s // 14 for (s, _), (k, o, _) in lots.items() if o == owner and k == kind}
    brand = {1: 0, 2: 25, 3: 50, 4: 100}[len(regions)]
    home = sum(1 for (s, _), (_, o, _) in lots.items() if o == owner and s // 14 == owner)
    region = 20 * home if square // 14 == owner else 0
    near = {square}
    for a, b in PAIRS:
        base = square - square % 14
        if square % 14 == a:
            near.add(base + b)
        if square % 14 == b:
            near.add(base + a)
    kinds = [k for (s, lt), (k, _, _) in lots.items() if s in near and (s, lt) != key]
    hood = 0 if kind in kinds else [0, 25, 50, 75, 100, 150, 200][len(set(kinds))]
    value = BASES[kind] * Fraction(6, 5) ** (level - 1) * Fraction(100 + brand + region + hood,
                                                                    100)
    return math.floor(value + Fraction(1, 2))


lots_strategy = st.dictionaries(
    st.tuples(st.sampled_from([14 * r + o for r in range(4) for o in BLOCK_OFFSETS]),
              st.integers(0, 3)),
    st.tuples(st.sampled_from(sorted(BASES)), st.integers(0, 3), st.integers(1, 12)),
    max_size=30,
)


@given(lots=lots_strategy)
@settings(max_examples=40)
def test_c5_4_incomes_match_the_rule_text_for_random_boards(lots):
    st_ = position(4, businesses=[business(s, lt, k, o, lv) for (s, lt), (k, o, lv) in
                                  lots.items()])
    assert st_.incomes() == {key: reference_income(lots, key) for key in lots}


def test_free_lot_incomes_with_every_kind_around():
    """C-5.4: with all seven kinds next to a free lot, every kind there is already in the
    neighbourhood, so none gets the neighbourhood bonus; the build offers (one pass over the
    businesses) agree with ``income_at`` instead of failing."""
    from tycoon.capital.board import BOARD
    from tycoon.capital.businesses import PRICE, Business, income_at, incomes_at_free_lots

    kinds = list(PRICE)
    square = 1
    (other,) = BOARD.adjacent[square]
    lots = [(square, 1), (square, 2), (square, 3), (other, 0), (other, 1), (other, 2),
            (other, 3)]
    bs = {lot: Business(kind, 1, 1) for lot, kind in zip(lots, kinds, strict=True)}
    got = incomes_at_free_lots(bs, square, [0], kinds, 0)
    assert got == {(0, kind): income_at(bs, square, 0, kind, 0) for kind in kinds}


@given(lots=lots_strategy, square=st.sampled_from([14 * r + o for r in range(4)
                                                   for o in BLOCK_OFFSETS]),
       owner=st.integers(0, 3))
@settings(max_examples=60)
def test_c5_4_income_gains_of_a_build_match_the_rule_text(lots, square, owner):
    """What a build adds to its owner's summed income (``income_gains``, the heuristic's
    figure) is the rule-text income of the board with it minus the board without it."""
    from tycoon.capital.businesses import income_gains

    free = [lot for lot in range(4) if (square, lot) not in lots]
    assume(free)
    board = position(4, businesses=[business(s, lt, k, o, lv) for (s, lt), (k, o, lv) in
                                    lots.items()]).businesses

    def total(trial):
        return sum(reference_income(trial, key) for key, (_, o, _) in trial.items()
                   if o == owner)

    gains = income_gains(board, square, free[0], BASES, owner)
    for kind in BASES:
        trial = {**lots, (square, free[0]): (kind, owner, 1)}
        assert gains[kind] == total(trial) - total(lots)
