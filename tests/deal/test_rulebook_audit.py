"""An audit of the engine against ``shared/rules/monopoly-deal.md``, rule by rule.

The deck tables are copied here number by number from the rulebook (not from ``cards.py``), and
each rule that had no outcome test of its own gets one, named by its id.
"""

from collections import Counter

import pytest

from tycoon.deal import CARDS, COLORS, from_json
from tycoon.deal.cards import PROPERTY_VALUE, RENTS, SET_SIZE
from tycoon.deal.sets import PSet, check_win
from tycoon.engine import IllegalAction, InvalidPosition

from .helpers import (
    BIRTHDAY,
    BROWN,
    DBLUE,
    DEAL_BREAKER,
    DEBT,
    DOUBLE,
    FORCED,
    GREEN,
    HOTEL,
    HOUSE,
    JSN,
    M1,
    M2,
    M3,
    M4,
    M5,
    M10,
    MULTI,
    PASS_GO,
    PINK,
    RED,
    RENT_DBLUE_GREEN,
    RENT_RED_YELLOW,
    SLY,
    UTIL,
    W_PINK_ORANGE,
    W_RED_YELLOW,
    YELLOW,
    act,
    build,
    position,
    seat,
    set_cards,
)

# --------------------------------------------------------------------------- MD-1, from the book

#: MD-1.2: colour id -> (cards = full set, bank value, rent for 1 / 2 / 3 / 4 cards).
BOOK_PROPERTIES = {
    "brown": (2, 1, (1, 2)),
    "light_blue": (3, 1, (1, 2, 3)),
    "pink": (3, 2, (1, 2, 4)),
    "orange": (3, 2, (1, 3, 5)),
    "railroad": (4, 2, (1, 2, 3, 4)),
    "utility": (2, 2, (1, 2)),
    "red": (3, 3, (2, 3, 6)),
    "yellow": (3, 3, (2, 4, 6)),
    "green": (3, 4, (2, 4, 7)),
    "dark_blue": (2, 4, (3, 8)),
}
#: MD-1.3: (colours) -> (count, value).
BOOK_WILDS = {
    ("pink", "orange"): (2, 2),
    ("red", "yellow"): (2, 3),
    ("dark_blue", "green"): (1, 4),
    ("light_blue", "brown"): (1, 1),
    ("light_blue", "railroad"): (1, 4),
    ("green", "railroad"): (1, 4),
    ("railroad", "utility"): (1, 2),
}
#: MD-1.5: card id -> (count, value).
BOOK_ACTIONS = {
    "deal_breaker": (2, 5),
    "just_say_no": (3, 4),
    "sly_deal": (3, 3),
    "forced_deal": (3, 3),
    "debt_collector": (3, 3),
    "its_my_birthday": (3, 2),
    "pass_go": (10, 1),
    "house": (3, 3),
    "hotel": (2, 4),
    "double_the_rent": (2, 1),
}


def test_md_1_1_money_cards_by_value():
    money = Counter(c.value for c in CARDS if c.kind == "money")
    assert money == {1: 6, 2: 5, 3: 3, 4: 3, 5: 2, 10: 1}
    assert all(c.card == f"money_{c.value}" and c.colors == () for c in CARDS if c.kind == "money")


def test_md_1_2_property_table_number_by_number():
    assert tuple(BOOK_PROPERTIES) == COLORS
    for color, (size, value, rents) in BOOK_PROPERTIES.items():
        cards = [c for c in CARDS if c.kind == "property" and c.colors == (color,)]
        assert len(cards) == size, color
        assert {c.value for c in cards} == {value}, color
        assert {c.card for c in cards} == {f"property_{color}"}
        col = COLORS.index(color)
        assert (SET_SIZE[col], PROPERTY_VALUE[col], RENTS[col]) == (size, value, rents)
    assert sum(1 for c in CARDS if c.kind == "property") == 28


def test_md_1_3_wild_cards_number_by_number():
    wilds = Counter((c.colors, c.value) for c in CARDS if c.kind == "wild")
    expected = {(colors, value): count for colors, (count, value) in BOOK_WILDS.items()}
    expected[(COLORS, 0)] = 2  # multicolour: every colour, no value
    assert wilds == expected
    assert sum(wilds.values()) == 11


def test_md_1_4_rent_cards_number_by_number():
    rents = Counter((c.colors, c.value) for c in CARDS if c.kind == "rent")
    assert rents == {
        (("dark_blue", "green"), 1): 2,
        (("red", "yellow"), 1): 2,
        (("pink", "orange"), 1): 2,
        (("light_blue", "brown"), 1): 2,
        (("railroad", "utility"), 1): 2,
        (COLORS, 3): 3,  # wild rent: any colour
    }


def test_md_1_5_action_cards_number_by_number():
    actions = {}
    for c in CARDS:
        if c.kind == "action":
            count, value = actions.get(c.card, (0, c.value))
            assert value == c.value
            actions[c.card] = (count + 1, value)
    assert actions == BOOK_ACTIONS
    assert len(CARDS) == 20 + 28 + 11 + 13 + 34 == 106


# --------------------------------------------------------------------------- MD-3, MD-4


def test_md_3_3_seven_cards_end_the_turn_without_discarding():
    hand = [*PASS_GO[:6], M1[0]]
    s = build([seat(hand=hand), seat(hand=[M2[0]])])
    act(s, 0, type="end_turn")
    assert s.current == 1 and s.phase == "play" and sorted(s.hands[0]) == sorted(hand)
    assert s.discard == []


def test_md_3_3_discard_phase_allows_only_discards():
    s = build([seat(hand=[*PASS_GO[:8]], sets=[("red", [W_RED_YELLOW[0]])]), seat(hand=[M2[0]])])
    act(s, 0, type="end_turn")
    assert s.phase == "discard"
    with pytest.raises(IllegalAction):
        act(s, 0, type="end_turn")
    with pytest.raises(IllegalAction):  # MD-7.2 moves belong to the playing part of the turn
        act(s, 0, type="move_wild", card=W_RED_YELLOW[0], color="yellow")
    act(s, 0, type="discard", card=PASS_GO[0])
    assert s.current == 1 and s.discard == [PASS_GO[0]]


def test_md_6_7_d_1_pass_go_on_empty_piles_draws_what_there_is():
    others = [c for c in range(106) if c not in (PASS_GO[0], M1[0])]
    s = build([seat(hand=[PASS_GO[0]]), seat(hand=others)], deck=[M1[0]], discard=[])
    act(s, 0, type="pass_go", card=PASS_GO[0])
    # MD-4.3: the card is followed, then discarded: one card drawn, the Pass Go not redrawn
    assert s.hands[0] == [M1[0]] and s.deck == [] and s.discard == [PASS_GO[0]]
    assert s.plays_left == 2


def test_md_4_1_properties_are_never_banked():
    s = build([seat(hand=[RED[0], W_RED_YELLOW[0], MULTI[0]]), seat()])
    assert not [a for a in s.legal_actions(0) if a.type == "bank"]
    for card in (RED[0], W_RED_YELLOW[0], MULTI[0]):
        with pytest.raises(IllegalAction):
            act(s, 0, type="bank", card=card)
    assert s.banks[0] == [] and s.plays_left == 3


def test_md_4_1_a_banked_action_card_is_money_of_its_value():
    s = build([seat(hand=[DEAL_BREAKER[0], RENT_RED_YELLOW[0]]), seat(hand=[DEBT[0]])])
    act(s, 0, type="bank", card=DEAL_BREAKER[0])
    act(s, 0, type="bank", card=RENT_RED_YELLOW[0])  # rent cards too
    assert s.banks[0] == [DEAL_BREAKER[0], RENT_RED_YELLOW[0]] and s.plays_left == 1
    assert s.table_value(0) == 5 + 1
    act(s, 0, type="end_turn")
    # in the bank it is no action any more: only payable, by the Debt Collector of seat 1
    act(s, 1, type="debt_collector", card=DEBT[0], target=0)
    assert {a.card for a in s.legal_actions(0)} == {DEAL_BREAKER[0], RENT_RED_YELLOW[0]}
    act(s, 0, type="pay", card=DEAL_BREAKER[0])
    assert s.phase == "play" and s.banks[1] == [DEAL_BREAKER[0]]  # 5M covers the 5M debt
    assert s.banks[0] == [RENT_RED_YELLOW[0]]


# --------------------------------------------------------------------------- MD-5 payments


def test_md_5_2_short_payer_pays_buildings_before_breaking_their_set():
    """A payer worth no more than the debt gives everything of value (MD-5.2): breaking a built
    set first would discard its buildings (D-4), so they are paid first."""
    s = build(
        [
            seat(hand=[DEBT[0]]),
            seat(bank=[M1[0]], sets=[("dark_blue", DBLUE, HOUSE[0], HOTEL[0])]),
        ]
    )
    # 1 + 4 + 4 + 3 + 4 = 16 > 5: free choice, a property of the built set may be paid
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert {a.card for a in s.legal_actions(1)} == {M1[0], *DBLUE, HOTEL[0]}
    # a doubled green rent of (7 + 3 + 4) x 2 = 28, owed by a seat worth 1 + 3 + 4 + 4 + 3 + 4 = 19
    data = position(
        [
            seat(sets=[("green", GREEN, HOUSE[1], HOTEL[1])]),
            seat(bank=[M1[0]], sets=[("red", [RED[1]]), ("dark_blue", DBLUE, HOUSE[0], HOTEL[0])]),
        ],
        phase="pay",
        plays_left=1,
        pending={
            "kind": "rent",
            "by": 0,
            "card": RENT_DBLUE_GREEN[0],
            "color": "green",
            "doubles": [DOUBLE[0]],
            "targets": [1],
            "amount": 28,
            "stage": "pay",
        },
        discard=[RENT_DBLUE_GREEN[0], DOUBLE[0]],
    )
    s = from_json(data)
    assert {a.card for a in s.legal_actions(1)} == {M1[0], RED[1], HOTEL[0]}
    act(s, 1, type="pay", card=HOTEL[0])
    assert {a.card for a in s.legal_actions(1)} == {M1[0], RED[1], HOUSE[0]}
    for card in (HOUSE[0], DBLUE[0], RED[1], M1[0], DBLUE[1]):
        act(s, 1, type="pay", card=card)
    assert s.phase == "play" and s.table_value(1) == 0
    assert s.banks[0] == [HOTEL[0], HOUSE[0], M1[0]] and HOUSE[0] not in s.discard
    assert s.table_value(0) == 3 * 4 + 3 + 4 + 19  # green set, its buildings, all of seat 1


def test_md_5_2_short_payer_with_exactly_the_debt_gives_everything():
    s = build([seat(hand=[DEBT[0]]), seat(sets=[("brown", BROWN, HOUSE[0])])])  # 1 + 1 + 3 = 5
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert {a.card for a in s.legal_actions(1)} == {HOUSE[0]}
    act(s, 1, type="pay", card=HOUSE[0])
    assert {a.card for a in s.legal_actions(1)} == set(BROWN)
    act(s, 1, type="pay", card=BROWN[0])
    act(s, 1, type="pay", card=BROWN[1])
    assert s.phase == "play" and s.banks[0] == [HOUSE[0]]
    assert set_cards(s, 0) == [("brown", BROWN)] and set_cards(s, 1) == []


def test_md_7_3_d_4_bank_option_broken_set_during_payment_keeps_the_value():
    s = build(
        [seat(hand=[DEBT[0]]), seat(sets=[("brown", BROWN, HOUSE[0])])],
        options={"buildings_when_broken": "bank"},
    )
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    # nothing is destroyed under this option: the payer chooses freely
    assert {a.card for a in s.legal_actions(1)} == {*BROWN, HOUSE[0]}
    events = act(s, 1, type="pay", card=BROWN[0])
    assert [e.to_json() for e in events if e.type == "buildings_lost"] == [
        {"type": "buildings_lost", "seat": 1, "cards": [HOUSE[0]], "to": "bank"}
    ]
    assert s.banks[1] == [HOUSE[0]] and s.to_move() == [1]
    act(s, 1, type="pay", card=HOUSE[0])
    act(s, 1, type="pay", card=BROWN[1])
    assert s.phase == "play" and s.table_value(0) == 5 and s.table_value(1) == 0


def test_md_5_3_payment_receiver_gets_properties_in_collection_and_money_in_bank():
    s = build(
        [
            seat(hand=[DEBT[0]], sets=[("pink", [PINK[0]])]),
            seat(bank=[M1[0]], sets=[("orange", [W_PINK_ORANGE[0]])]),
        ]
    )
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="pay", card=M1[0])
    act(s, 1, type="pay", card=W_PINK_ORANGE[0])
    assert s.banks[0] == [M1[0]]
    assert set_cards(s, 0) == [("pink", [PINK[0]]), ("orange", [W_PINK_ORANGE[0]])]
    # MD-5.3 / MD-7.2: the receiver places it: in its own turn, without a play
    act(s, 0, type="move_wild", card=W_PINK_ORANGE[0], color="pink")
    assert set_cards(s, 0) == [("pink", [PINK[0], W_PINK_ORANGE[0]])] and s.plays_left == 2


# --------------------------------------------------------------------------- MD-6 action cards


def test_md_6_10_target_with_nothing_of_value_is_not_asked_to_answer():
    s = build(
        [
            seat(hand=[BIRTHDAY[0]]),
            seat(hand=[JSN[0]], sets=[("red", [MULTI[0]])]),  # holds a JSN, nothing of value
            seat(hand=[JSN[1]], bank=[M2[0]]),
        ]
    )
    act(s, 0, type="its_my_birthday", card=BIRTHDAY[0])
    assert s.to_move() == [2] and s.view(0)["pending"]["targets"] == [2]
    act(s, 2, type="accept")
    act(s, 2, type="pay", card=M2[0])
    assert s.phase == "play" and s.banks[0] == [M2[0]] and s.hands[1] == [JSN[0]]


def test_md_6_10_position_waiting_for_a_penniless_payers_answer_is_refused():
    data = position(
        [seat(), seat(hand=[JSN[0]])],
        phase="respond",
        pending={"kind": "debt_collector", "by": 0, "card": DEBT[0], "targets": [1], "amount": 5},
        discard=[DEBT[0]],
    )
    with pytest.raises(InvalidPosition, match="nothing of value"):
        from_json(data)


def test_md_6_4_debt_collector_charges_five_to_the_chosen_player():
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M1[0]]), seat(bank=[M4[0], M2[0], M3[0]])])
    targets = [a.target for a in s.legal_actions(0) if a.type == "debt_collector"]
    assert targets == [1, 2]
    act(s, 0, type="debt_collector", card=DEBT[0], target=2)
    assert s.to_move() == [2] and s.view(0)["pending"]["amount"] == 5
    act(s, 2, type="pay", card=M4[0])
    assert s.view(0)["pending"]["owed"] == 1
    act(s, 2, type="pay", card=M2[0])  # 6M for 5M: no change
    assert s.phase == "play" and sorted(s.banks[0]) == sorted([M4[0], M2[0]])
    assert s.banks[1] == [M1[0]] and s.banks[2] == [M3[0]]


def test_md_6_3_doubled_rent_is_doubled_for_every_payer():
    s = build(
        [
            seat(hand=[RENT_RED_YELLOW[0], DOUBLE[0]], sets=[("red", RED)]),
            seat(bank=[M10[0], M1[0]]),
            seat(bank=[M5[0], M4[0], M3[0]]),
        ]
    )
    act(s, 0, type="rent", card=RENT_RED_YELLOW[0], color="red", doubles=[DOUBLE[0]])
    assert s.plays_left == 1 and s.discard == [RENT_RED_YELLOW[0], DOUBLE[0]]
    assert s.view(0)["pending"]["amount"] == 12
    act(s, 1, type="pay", card=M10[0])
    act(s, 1, type="pay", card=M1[0])
    assert s.to_move() == [2] and s.view(0)["pending"]["owed"] == 12
    for card in (M5[0], M4[0], M3[0]):
        act(s, 2, type="pay", card=card)
    assert s.phase == "play" and s.table_value(0) == 3 * 3 + 11 + 12  # red set + both rents


def test_md_6_2_rent_with_house_counts_only_the_best_set_and_two_colour_charges_all():
    s = build(
        [
            seat(
                hand=[RENT_RED_YELLOW[0]],
                sets=[("red", [RED[0], RED[1], MULTI[0]], HOUSE[0]), ("red", [RED[2]])],
            ),
            seat(bank=[M10[0]]),
            seat(bank=[M5[0], M5[1]]),
        ]
    )
    assert s.rent_of(0, "red") == 6 + 3
    act(s, 0, type="rent", card=RENT_RED_YELLOW[0], color="red")
    assert s.view(0)["pending"]["targets"] == [1, 2] and s.view(0)["pending"]["amount"] == 9


def test_md_6_8_house_not_on_utility_nor_on_unfull_sets_hotel_needs_house():
    s = build(
        [
            seat(
                hand=[HOUSE[0], HOTEL[0]],
                sets=[("utility", UTIL), ("brown", [BROWN[0], MULTI[0]]), ("red", RED[:2])],
            ),
            seat(),
        ]
    )
    assert [a.set for a in s.legal_actions(0) if a.type == "house"] == [1]
    assert [a for a in s.legal_actions(0) if a.type == "hotel"] == []
    for bad in (0, 2):
        with pytest.raises(IllegalAction):
            act(s, 0, type="house", card=HOUSE[0], set=bad)
    with pytest.raises(IllegalAction):
        act(s, 0, type="hotel", card=HOTEL[0], set=1)
    act(s, 0, type="house", card=HOUSE[0], set=1)
    assert s.rent_of(0, "brown") == 2 + 3 and s.discard == [] and s.plays_left == 2


def test_md_6_6_md_8_1_deal_breaker_can_win_at_once():
    s = build(
        [
            seat(hand=[DEAL_BREAKER[0]], sets=[("red", RED), ("brown", BROWN)]),
            seat(sets=[("dark_blue", DBLUE, HOUSE[0]), ("green", GREEN[:2])]),
        ]
    )
    events = act(s, 0, type="deal_breaker", card=DEAL_BREAKER[0], target=1, set=0)
    assert s.winner == 0 and events[-1].type == "won"
    assert set_cards(s, 0)[-1] == ("dark_blue", DBLUE) and s.tables[0][-1].house == HOUSE[0]


def test_md_6_5_forced_deal_target_gets_the_wild_in_the_colour_it_showed():
    s = build(
        [
            seat(hand=[FORCED[0]], sets=[("red", [W_RED_YELLOW[0]])]),
            seat(sets=[("green", [GREEN[0]]), ("yellow", YELLOW[:2])]),
        ]
    )
    act(s, 0, type="forced_deal", card=FORCED[0], target=1, take=GREEN[0], give=W_RED_YELLOW[0])
    assert set_cards(s, 1) == [("yellow", YELLOW[:2]), ("red", [W_RED_YELLOW[0]])]
    assert set_cards(s, 0) == [("green", [GREEN[0]])] and not s.is_over


def test_md_6_9_jsn_out_of_turn_is_not_a_play():
    s = build(
        [seat(hand=[DEBT[0]]), seat(hand=[JSN[0], M1[0], M2[0], M3[0]], bank=[M5[0]])],
        plays_left=1,
    )
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="say_no", card=JSN[0])
    assert s.plays_left == 0 and s.banks[1] == [M5[0]]
    act(s, 0, type="end_turn")
    assert s.current == 1 and s.plays_left == 3
    for card in (M1[0], M2[0], M3[0]):
        act(s, 1, type="bank", card=card)
    assert s.plays_left == 0


def test_md_12_jsn_counts_as_play_false_leaves_the_plays():
    seats = [
        seat(hand=[SLY[0], JSN[0], M1[0]]),
        seat(hand=[JSN[1]], sets=[("green", [GREEN[0]])]),
    ]
    for option, left in ((True, 1), (False, 2)):
        s = build(seats, options={"jsn_counts_as_play": option})
        act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
        act(s, 1, type="say_no", card=JSN[1])
        act(s, 0, type="say_no", card=JSN[0])
        assert s.plays_left == left and set_cards(s, 0) == [("green", [GREEN[0]])]


# --------------------------------------------------------------------------- MD-8 winning


def test_md_8_1_tie_goes_to_the_first_in_seat_order_from_the_active_player():
    """No single resolution changes two tables other than the active player's, so the engine's
    tie breaker is checked directly on a position where seats 0 and 2 both hold three sets."""
    three = [("red", RED), ("brown", BROWN), ("dark_blue", DBLUE)]
    other = [("yellow", YELLOW), ("utility", UTIL), ("green", GREEN)]
    for current, winner in ((1, 2), (2, 2), (3, 0), (0, 0)):
        s = build([seat(), seat(), seat(), seat()], current=current)
        s.tables[0] = [PSet(COLORS.index(c), list(x)) for c, x in three]
        s.tables[2] = [PSet(COLORS.index(c), list(x)) for c, x in other]
        on_table = {c for t in (s.tables[0], s.tables[2]) for x in t for c in x.cards}
        s.deck = [c for c in s.deck if c not in on_table]
        events: list = []
        assert check_win(s, events) and s.winner == winner and s.phase == "over"
        assert [e.to_json() for e in events] == [{"type": "won", "seat": winner}]
