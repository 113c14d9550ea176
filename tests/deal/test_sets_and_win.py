"""MD-7 sets and wild cards, MD-8 winning."""

import pytest

from tycoon.engine import IllegalAction

from .helpers import (
    BROWN,
    DBLUE,
    DEBT,
    FORCED,
    GREEN,
    HOTEL,
    HOUSE,
    JSN,
    M1,
    MULTI,
    PINK,
    RED,
    SLY,
    UTIL,
    W_DBLUE_GREEN,
    W_PINK_ORANGE,
    W_RED_YELLOW,
    YELLOW,
    act,
    build,
    seat,
    set_cards,
)


def test_md_4_2_property_joins_its_colour_set_and_wild_chooses_a_colour():
    s = build([seat(hand=[RED[1], W_RED_YELLOW[0]], sets=[("red", [RED[0]])]), seat()])
    colors = {
        a.color for a in s.legal_actions(0) if a.type == "property" and a.card == W_RED_YELLOW[0]
    }
    assert colors == {"red", "yellow"}
    act(s, 0, type="property", card=RED[1], color="red")
    act(s, 0, type="property", card=W_RED_YELLOW[0], color="yellow")
    assert set_cards(s, 0) == [("red", [RED[0], RED[1]]), ("yellow", [W_RED_YELLOW[0]])]
    with pytest.raises(IllegalAction):
        act(s, 0, type="property", card=RED[2], color="yellow")


def test_md_7_1_extra_cards_start_a_new_set():
    s = build([seat(hand=[W_RED_YELLOW[0]], sets=[("red", RED)]), seat()])
    act(s, 0, type="property", card=W_RED_YELLOW[0], color="red")
    assert set_cards(s, 0) == [("red", RED), ("red", [W_RED_YELLOW[0]])]
    assert s.rent_of(0, "red") == 6


def test_md_7_2_wild_card_moves_in_own_turn_without_a_play():
    s = build(
        [seat(sets=[("red", [RED[0], W_RED_YELLOW[0]]), ("yellow", YELLOW[:2])]), seat()],
        plays_left=0,
    )
    moves = [a for a in s.legal_actions(0) if a.type == "move_wild"]
    assert [(a.card, a.color) for a in moves] == [(W_RED_YELLOW[0], "yellow")]
    act(s, 0, type="move_wild", card=W_RED_YELLOW[0], color="yellow")
    assert set_cards(s, 0) == [("red", [RED[0]]), ("yellow", [*YELLOW[:2], W_RED_YELLOW[0]])]
    assert s.plays_left == 0 and s.phase == "play"


def test_md_7_2_wild_card_never_joins_a_full_set():
    s = build([seat(sets=[("red", RED), ("yellow", [W_RED_YELLOW[0]])]), seat()])
    act(s, 0, type="move_wild", card=W_RED_YELLOW[0], color="red")
    assert set_cards(s, 0) == [("red", RED), ("red", [W_RED_YELLOW[0]])]
    view = s.view(0)["seats"][0]["sets"]
    assert [x["full"] for x in view] == [True, False]


def test_md_7_2_no_moves_out_of_turn():
    s = build([seat(hand=[DEBT[0]]), seat(hand=[JSN[0]], sets=[("red", [W_RED_YELLOW[0]])])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert {a.type for a in s.legal_actions(1)} == {"accept", "say_no"}


@pytest.mark.parametrize(("option", "to_bank"), [("discard", False), ("bank", True)])
def test_md_7_3_d_4_broken_set_loses_its_buildings(option, to_bank):
    s = build(
        [
            seat(sets=[("red", [RED[0], RED[1], W_RED_YELLOW[0]], HOUSE[0], HOTEL[0])]),
            seat(),
        ],
        options={"buildings_when_broken": option},
    )
    events = act(s, 0, type="move_wild", card=W_RED_YELLOW[0], color="yellow")
    sets = s.view(0)["seats"][0]["sets"]
    assert sets[0] == {
        "color": "red",
        "cards": [RED[0], RED[1]],
        "full": False,
        "house": None,
        "hotel": None,
        "rent": 3,
    }
    if to_bank:
        assert s.banks[0] == [HOUSE[0], HOTEL[0]]
    else:
        assert s.discard[-2:] == [HOUSE[0], HOTEL[0]] and s.banks[0] == []
    assert any(e.type == "buildings_lost" for e in events)


def test_md_7_3_paying_a_property_of_a_built_set_breaks_it():
    s = build([seat(hand=[DEBT[0]]), seat(sets=[("dark_blue", DBLUE, HOUSE[0])])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="pay", card=DBLUE[0])
    act(s, 1, type="pay", card=DBLUE[1])
    assert s.discard == [DEBT[0], HOUSE[0]] and s.banks[0] == []  # D-4: discarded, not paid
    assert set_cards(s, 0) == [("dark_blue", DBLUE)]
    assert s.view(0)["seats"][0]["sets"][0]["house"] is None


def test_md_6_2_multicolour_only_set_is_not_a_set():
    s = build([seat(hand=[MULTI[1]], sets=[("brown", [MULTI[0]])]), seat()])
    act(s, 0, type="property", card=MULTI[1], color="brown")
    sets = s.view(0)["seats"][0]["sets"]
    assert [x["cards"] for x in sets] == [[MULTI[0], MULTI[1]]]
    assert sets[0]["full"] is False and sets[0]["rent"] == 0
    assert s.rent_of(0, "brown") == 0


def test_md_7_1_unfinished_sets_of_a_colour_merge():
    s = build([seat(hand=[DEBT[0]]), seat(sets=[("red", RED), ("red", [W_RED_YELLOW[0]])])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="pay", card=RED[0])
    act(s, 1, type="pay", card=RED[1])
    assert set_cards(s, 1) == [("red", [RED[2], W_RED_YELLOW[0]])]


def test_md_8_1_win_on_the_third_full_set():
    s = build(
        [seat(hand=[GREEN[2]], sets=[("red", RED), ("brown", BROWN), ("green", GREEN[:2])]), seat()]
    )
    events = act(s, 0, type="property", card=GREEN[2], color="green")
    assert s.is_over and s.winner == 0 and s.phase == "over" and s.to_move() == []
    assert events[-1].type == "won"
    r = s.result()
    assert r["finished"] and r["winner"] == 0 and r["reason"] == "three_sets"
    assert r["standings"][0] == 0 and r["scores"][0] == 3
    assert r["full_sets"][0] == ["brown", "green", "red"]
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []


def test_md_7_1_two_full_sets_of_one_colour_count_once():
    s = build(
        [
            seat(
                hand=[W_RED_YELLOW[1]],
                sets=[("red", RED), ("red", [W_RED_YELLOW[0], MULTI[0]]), ("brown", BROWN)],
            ),
            seat(),
        ]
    )
    act(s, 0, type="property", card=W_RED_YELLOW[1], color="red")
    assert [x["full"] for x in s.view(0)["seats"][0]["sets"]] == [True, True, True]
    assert not s.is_over and s.full_colors(0) == {"red", "brown"}


def test_md_8_1_win_in_another_players_turn():
    # seat 0 forces a deal that hands seat 1 its third full set
    s = build(
        [
            seat(hand=[FORCED[0]], sets=[("pink", [PINK[0]])]),
            seat(sets=[("red", RED), ("brown", BROWN), ("pink", PINK[1:]), ("green", [GREEN[0]])]),
        ]
    )
    act(s, 0, type="forced_deal", card=FORCED[0], target=1, take=GREEN[0], give=PINK[0])
    assert s.winner == 1 and s.is_over


def test_md_8_1_taken_wild_keeps_its_colour_and_the_target_may_win():
    s = build(
        [
            seat(
                hand=[FORCED[0]],
                sets=[("red", RED), ("brown", BROWN), ("pink", PINK[:2]), ("green", [GREEN[0]])],
            ),
            seat(
                sets=[
                    ("dark_blue", DBLUE),
                    ("utility", UTIL),
                    ("green", GREEN[1:]),
                    ("orange", [W_PINK_ORANGE[0]]),
                ]
            ),
        ],
        current=0,
    )
    act(s, 0, type="forced_deal", card=FORCED[0], target=1, take=W_PINK_ORANGE[0], give=GREEN[0])
    # the wild keeps its colour (orange) when taken; seat 1 completes green and wins
    assert ("orange", [W_PINK_ORANGE[0]]) in set_cards(s, 0)
    assert s.winner == 1
    s = build(
        [
            seat(hand=[SLY[0]], sets=[("red", RED), ("brown", BROWN), ("green", GREEN[:2])]),
            seat(sets=[("dark_blue", [W_DBLUE_GREEN])]),
        ]
    )
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=W_DBLUE_GREEN)
    assert not s.is_over
    act(s, 0, type="move_wild", card=W_DBLUE_GREEN, color="green")
    assert s.winner == 0


def test_md_8_1_simultaneous_win_goes_to_the_active_player():
    s = build(
        [
            seat(
                hand=[FORCED[0]],
                sets=[
                    ("red", RED),
                    ("brown", BROWN),
                    ("yellow", YELLOW[:2]),
                    ("green", [GREEN[0]]),
                ],
            ),
            seat(
                sets=[
                    ("dark_blue", DBLUE),
                    ("utility", UTIL),
                    ("green", GREEN[1:]),
                    ("yellow", [YELLOW[2]]),
                ]
            ),
        ]
    )
    act(s, 0, type="forced_deal", card=FORCED[0], target=1, take=YELLOW[2], give=GREEN[0])
    assert s.full_colors(0) >= {"red", "brown", "yellow"}
    assert s.full_colors(1) >= {"dark_blue", "utility", "green"}
    assert s.winner == 0


def test_md_8_1_payment_can_win_for_the_receiver():
    s = build(
        [
            seat(hand=[DEBT[0]], sets=[("red", RED), ("brown", BROWN), ("green", GREEN[:2])]),
            seat(bank=[M1[0]], sets=[("green", [GREEN[2]])]),
        ]
    )
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert {a.card for a in s.legal_actions(1)} == {M1[0], GREEN[2]}
    act(s, 1, type="pay", card=GREEN[2])
    assert s.winner == 0 and s.pending is None
