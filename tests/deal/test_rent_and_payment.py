"""MD-6.1 to MD-6.3 rent and Double The Rent; MD-5 payments; MD-6.4 Debt Collector, Birthday."""

import pytest

from tycoon.deal import CARDS, COLORS
from tycoon.deal.cards import RENTS, SET_SIZE
from tycoon.engine import IllegalAction

from .helpers import (
    BIRTHDAY,
    DEBT,
    DOUBLE,
    GREEN,
    HOTEL,
    HOUSE,
    M1,
    M2,
    M3,
    M5,
    M10,
    MULTI,
    RED,
    RENT_DBLUE_GREEN,
    RENT_RED_YELLOW,
    RENT_WILD,
    W_RED_YELLOW,
    YELLOW,
    act,
    build,
    seat,
    set_cards,
    words,
)


@pytest.mark.parametrize(
    ("cards", "house", "hotel", "rent"),
    [
        ([RED[0]], None, None, 2),
        ([RED[0], RED[1]], None, None, 3),
        ([RED[0], RED[1], RED[2]], None, None, 6),
        ([RED[0], RED[1], W_RED_YELLOW[0]], None, None, 6),
        ([RED[0], RED[1], RED[2]], HOUSE[0], None, 9),
        ([RED[0], RED[1], RED[2]], HOUSE[0], HOTEL[0], 13),
        ([MULTI[0]], None, None, 0),
    ],
)
def test_md_6_2_rent_by_card_count_and_buildings(cards, house, hotel, rent):
    s = build([seat(sets=[("red", cards, house, hotel)]), seat()])
    assert s.rent_of(0, "red") == rent
    assert s.view(1)["seats"][0]["sets"][0]["rent"] == rent


def test_md_6_2_best_set_of_a_colour_counts():
    s = build([seat(sets=[("red", RED, HOUSE[0]), ("red", [W_RED_YELLOW[0]])]), seat()])
    assert s.rent_of(0, "red") == 9


def test_md_6_1_two_colour_rent_every_other_player_pays_in_seat_order():
    s = build(
        [
            seat(hand=[RENT_RED_YELLOW[0]], sets=[("red", [RED[0], RED[1]])]),
            seat(bank=[M1[0], M2[0]]),
            seat(bank=[M5[0]]),
        ]
    )
    rents = [a for a in s.legal_actions(0) if a.type == "rent"]
    assert [(a.color, a.target) for a in rents] == [("red", None)]  # no yellow property
    act(s, 0, type="rent", card=RENT_RED_YELLOW[0], color="red")
    assert s.phase == "pay" and s.to_move() == [1]
    assert s.view(1)["pending"]["owed"] == 3
    act(s, 1, type="pay", card=M1[0])
    assert s.to_move() == [1] and s.view(1)["pending"]["owed"] == 2
    act(s, 1, type="pay", card=M2[0])
    assert s.to_move() == [2]
    act(s, 2, type="pay", card=M5[0])
    assert s.phase == "play" and s.to_move() == [0] and s.plays_left == 2
    assert sorted(s.banks[0]) == sorted([M1[0], M2[0], M5[0]])
    assert s.banks[1] == [] and s.banks[2] == []


def test_md_6_1_wild_rent_charges_one_chosen_player():
    s = build(
        [
            seat(hand=[RENT_WILD[0]], sets=[("green", [GREEN[0]])]),
            seat(bank=[M2[0]]),
            seat(bank=[M3[0]]),
        ]
    )
    rents = [a for a in s.legal_actions(0) if a.type == "rent"]
    assert {(a.color, a.target) for a in rents} == {("green", 1), ("green", 2)}
    act(s, 0, type="rent", card=RENT_WILD[0], color="green", target=2)
    act(s, 2, type="pay", card=M3[0])
    assert s.banks[0] == [M3[0]] and s.banks[1] == [M2[0]] and s.phase == "play"


def test_md_6_3_double_the_rent_doubles_and_counts_as_a_play():
    s = build(
        [
            seat(hand=[RENT_DBLUE_GREEN[0], DOUBLE[0], DOUBLE[1]], sets=[("green", GREEN[:2])]),
            seat(bank=[M10[0]]),
        ]
    )
    doubles = {a.doubles for a in s.legal_actions(0) if a.type == "rent"}
    assert doubles == {(), (DOUBLE[0],), (DOUBLE[1],)}  # MD-12 default: one per rent
    act(s, 0, type="rent", card=RENT_DBLUE_GREEN[0], color="green", doubles=[DOUBLE[0]])
    assert s.plays_left == 1 and s.view(1)["pending"]["amount"] == 8
    act(s, 1, type="pay", card=M10[0])
    assert s.banks[0] == [M10[0]]


def test_md_12_double_rent_stack_two_quadruples():
    s = build(
        [
            seat(hand=[RENT_DBLUE_GREEN[0], *DOUBLE], sets=[("green", GREEN[:1])]),
            seat(bank=[M10[0]]),
        ],
        options={"double_rent_stack": 2},
    )
    act(s, 0, type="rent", card=RENT_DBLUE_GREEN[0], color="green", doubles=list(DOUBLE))
    assert s.view(1)["pending"]["amount"] == 8 and s.plays_left == 0


def test_md_6_3_doubles_need_plays_left():
    s = build(
        [seat(hand=[RENT_DBLUE_GREEN[0], *DOUBLE], sets=[("green", GREEN[:1])]), seat()],
        plays_left=1,
        options={"double_rent_stack": 2},
    )
    assert {a.doubles for a in s.legal_actions(0) if a.type == "rent"} == {()}
    with pytest.raises(IllegalAction):
        act(s, 0, type="rent", card=RENT_DBLUE_GREEN[0], color="green", doubles=[DOUBLE[0]])


def test_md_6_1_no_rent_without_properties_of_the_colour():
    s = build([seat(hand=[RENT_RED_YELLOW[0]], sets=[("green", GREEN[:1])]), seat()])
    assert not [a for a in s.legal_actions(0) if a.type == "rent"]


def test_md_5_2_too_little_pays_everything():
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M1[0], M2[0]], sets=[("yellow", [YELLOW[0]])])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    for card in (M1[0], YELLOW[0], M2[0]):
        assert s.to_move() == [1]
        events = act(s, 1, type="pay", card=card)
    assert s.phase == "play" and s.to_move() == [0]
    assert not any(e.type == "paid_short" for e in events)  # 6M covers the 5M
    assert sorted(s.banks[0]) == [M1[0], M2[0]] and set_cards(s, 0) == [("yellow", [YELLOW[0]])]
    assert s.table_value(1) == 0


def test_md_5_2_short_of_the_debt_the_rest_is_forgiven_and_said():
    """MD-5.2: a payer left with nothing of value has paid what it could; the log says so."""
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M1[0], M2[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="pay", card=M2[0])
    events = act(s, 1, type="pay", card=M1[0])
    assert s.phase == "play" and s.to_move() == [0] and sorted(s.banks[0]) == [M1[0], M2[0]]
    short = [e for e in events if e.type == "paid_short"]
    assert [(e.seat, e.receiver, e.paid, e.amount) for e in short] == [(1, 0, 3, 5)]
    assert words(s, short[0], 0) == "Seat 2 has nothing more to pay with: 3M of 5M paid to Seat 1"


def test_md_5_2_exactly_enough_stops_and_no_change_given():
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M5[0], M10[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="pay", card=M5[0])
    assert s.phase == "play" and s.banks[1] == [M10[0]]
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M10[0], M5[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="pay", card=M10[0])  # overpays: no change (MD-5.1)
    assert s.phase == "play" and s.banks[0] == [M10[0]] and s.banks[1] == [M5[0]]


def test_md_5_1_a_payment_is_told_once_by_the_cards_it_moves():
    """The log says a paid card once: the ``played`` event of a payment has no line of its
    own (``describe`` gives None), its ``transferred`` says who gave what to whom."""
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M5[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    played, moved = act(s, 1, type="pay", card=M5[0])
    assert (played.type, moved.type) == ("played", "transferred")
    assert s.describe(played, None) is None and s.describe(played, 1) is None
    assert words(s, moved, None) == "Seat 2 gives 5M to Seat 1"


def test_md_5_1_only_properties_go_to_the_collection_and_wild_keeps_its_colour():
    s = build(
        [
            seat(hand=[BIRTHDAY[0]], sets=[("red", [RED[0]])]),
            seat(sets=[("red", [W_RED_YELLOW[0]]), ("green", [GREEN[0]])]),
        ]
    )
    act(s, 0, type="its_my_birthday", card=BIRTHDAY[0])
    assert {a.card for a in s.legal_actions(1)} == {W_RED_YELLOW[0], GREEN[0]}
    act(s, 1, type="pay", card=W_RED_YELLOW[0])
    assert s.phase == "play"  # 3M covers 2M
    assert set_cards(s, 0) == [("red", [RED[0], W_RED_YELLOW[0]])]
    assert s.banks[0] == []


def test_md_5_3_a_house_paid_goes_to_the_bank_and_the_set_stays_full():
    s = build(
        [
            seat(hand=[DEBT[0]]),
            seat(sets=[("red", RED, HOUSE[0], HOTEL[0])]),
        ]
    )
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    pays = {a.card for a in s.legal_actions(1)}
    assert pays == {*RED, HOTEL[0]}  # the hotel first, then the house (no hotel without house)
    act(s, 1, type="pay", card=HOTEL[0])
    assert {a.card for a in s.legal_actions(1)} == {*RED, HOUSE[0]}
    act(s, 1, type="pay", card=HOUSE[0])
    assert s.banks[0] == [HOTEL[0], HOUSE[0]]
    assert s.view(0)["seats"][1]["sets"][0]["full"] is True
    assert s.phase == "play"


def test_md_5_4_multicolour_wild_is_never_paid_and_nothing_of_value_pays_nothing():
    s = build([seat(hand=[DEBT[0]]), seat(sets=[("red", [MULTI[0]])], bank=[])])
    events = act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert s.phase == "play" and s.to_move() == [0]
    assert set_cards(s, 1) == [("red", [MULTI[0]])]
    assert not any(e.type == "transferred" for e in events)
    short = [e for e in events if e.type == "paid_short"]
    assert [(e.seat, e.paid, e.amount) for e in short] == [(1, 0, 5)]
    assert words(s, short[0], None) == "Seat 2 has nothing to pay Seat 1 with and pays nothing"


def test_md_6_4_birthday_every_other_player_pays_two():
    s = build(
        [seat(hand=[BIRTHDAY[0]]), seat(bank=[M2[0]]), seat(bank=[M1[0], M1[1]]), seat()],
        current=0,
    )
    act(s, 0, type="its_my_birthday", card=BIRTHDAY[0])
    act(s, 1, type="pay", card=M2[0])
    act(s, 2, type="pay", card=M1[1])
    act(s, 2, type="pay", card=M1[0])
    assert s.phase == "play" and sorted(s.banks[0]) == sorted([M2[0], M1[0], M1[1]])


def test_md_5_2_pay_is_refused_from_the_hand_or_by_the_wrong_seat():
    s = build([seat(hand=[DEBT[0]]), seat(hand=[M5[0]], bank=[M1[0]]), seat(bank=[M2[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        act(s, 1, type="pay", card=M5[0])
    with pytest.raises(IllegalAction, match="not to move"):
        act(s, 2, type="pay", card=M2[0])
    assert s.to_json() == before


@pytest.mark.parametrize("color", list(COLORS))
def test_md_1_2_md_6_2_rent_table_for_every_colour_and_count(color):
    col = COLORS.index(color)
    cards = [c.id for c in CARDS if c.kind == "property" and c.colors == (color,)]
    assert len(cards) == SET_SIZE[col]
    for n in range(1, len(cards) + 1):
        s = build([seat(sets=[(color, cards[:n])]), seat()])
        assert s.rent_of(0, color) == RENTS[col][n - 1]
        assert s.view(None)["seats"][0]["sets"][0]["full"] == (n == len(cards))
