"""MD-6.5 Sly / Forced Deal, MD-6.6 Deal Breaker, MD-6.8 buildings, MD-6.9/6.10 Just Say No."""

import pytest

from tycoon.engine import IllegalAction

from .helpers import (
    BIRTHDAY,
    BROWN,
    DBLUE,
    DEAL_BREAKER,
    DEBT,
    FORCED,
    GREEN,
    HOTEL,
    HOUSE,
    JSN,
    M1,
    M2,
    M5,
    ORANGE,
    PINK,
    RAIL,
    RED,
    RENT_RED_YELLOW,
    SLY,
    YELLOW,
    act,
    build,
    seat,
    set_cards,
    words,
)


def test_md_6_5_sly_deal_takes_from_an_unfinished_set_only():
    s = build(
        [
            seat(hand=[SLY[0]]),
            seat(sets=[("red", RED), ("green", [GREEN[0], GREEN[1]])]),
        ]
    )
    takes = {a.take for a in s.legal_actions(0) if a.type == "sly_deal"}
    assert takes == {GREEN[0], GREEN[1]}
    with pytest.raises(IllegalAction):
        act(s, 0, type="sly_deal", card=SLY[0], target=1, take=RED[0])
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[1])
    assert set_cards(s, 0) == [("green", [GREEN[1]])]
    assert set_cards(s, 1) == [("red", RED), ("green", [GREEN[0]])]
    assert s.discard[-1] == SLY[0] and s.plays_left == 2


def test_md_6_5_sly_deal_is_not_offered_against_only_full_sets():
    s = build(
        [seat(hand=[SLY[0], FORCED[0]], sets=[("pink", [PINK[0]])]), seat(sets=[("red", RED)])]
    )
    assert {a.type for a in s.legal_actions(0)} == {"bank", "end_turn"}


def test_md_6_5_d_3_forced_deal_swaps_and_refuses_full_sets_on_both_sides():
    s = build(
        [
            seat(hand=[FORCED[0]], sets=[("pink", PINK), ("orange", [ORANGE[0]])]),
            seat(sets=[("red", RED), ("green", [GREEN[0]])]),
        ]
    )
    deals = {(a.take, a.give) for a in s.legal_actions(0) if a.type == "forced_deal"}
    assert deals == {(GREEN[0], ORANGE[0])}
    act(s, 0, type="forced_deal", card=FORCED[0], target=1, take=GREEN[0], give=ORANGE[0])
    assert set_cards(s, 0) == [("pink", PINK), ("green", [GREEN[0]])]
    assert set_cards(s, 1) == [("red", RED), ("orange", [ORANGE[0]])]


def test_md_6_6_deal_breaker_takes_the_set_with_house_and_hotel():
    s = build(
        [
            seat(hand=[DEAL_BREAKER[0]]),
            seat(sets=[("red", RED, HOUSE[0], HOTEL[0]), ("green", [GREEN[0]])]),
        ]
    )
    breaks = [a for a in s.legal_actions(0) if a.type == "deal_breaker"]
    assert [(a.target, a.set) for a in breaks] == [(1, 0)]
    act(s, 0, type="deal_breaker", card=DEAL_BREAKER[0], target=1, set=0)
    mine = s.view(0)["seats"][0]["sets"]
    assert mine == [
        {
            "color": "red",
            "cards": RED,
            "full": True,
            "house": HOUSE[0],
            "hotel": HOTEL[0],
            "rent": 13,
        }
    ]
    assert set_cards(s, 1) == [("green", [GREEN[0]])]


def test_md_6_8_house_only_on_full_sets_not_railroad_and_hotel_needs_house():
    s = build(
        [
            seat(
                hand=[HOUSE[0], HOTEL[0]],
                sets=[("railroad", RAIL), ("red", RED), ("green", GREEN[:2])],
            ),
            seat(),
        ]
    )
    assert [a.set for a in s.legal_actions(0) if a.type == "house"] == [1]
    assert [a.set for a in s.legal_actions(0) if a.type == "hotel"] == []
    act(s, 0, type="house", card=HOUSE[0], set=1)
    assert [a.set for a in s.legal_actions(0) if a.type == "hotel"] == [1]
    assert [a.set for a in s.legal_actions(0) if a.type == "house"] == []  # one per set
    act(s, 0, type="hotel", card=HOTEL[0], set=1)
    assert s.rent_of(0, "red") == 6 + 3 + 4 and s.plays_left == 1
    s2 = build([seat(hand=[HOTEL[0]], sets=[("dark_blue", DBLUE, HOUSE[1])]), seat()])
    act(s2, 0, type="hotel", card=HOTEL[0], set=0)
    assert s2.rent_of(0, "dark_blue") == 8 + 3 + 4


def test_md_6_9_just_say_no_cancels_for_the_holder():
    s = build([seat(hand=[DEBT[0]]), seat(hand=[JSN[0]], bank=[M5[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert s.phase == "respond" and s.to_move() == [1]
    assert {a.type for a in s.legal_actions(1)} == {"accept", "say_no"}
    assert s.view(0)["pending"]["responder"] == 1
    events = act(s, 1, type="say_no", card=JSN[0])
    assert s.phase == "play" and s.banks[1] == [M5[0]] and s.banks[0] == []
    assert any(e.type == "cancelled" for e in events)
    assert s.discard[-1] == JSN[0] and s.plays_left == 2


def test_md_6_10_a_holder_may_accept_and_then_pays():
    s = build([seat(hand=[DEBT[0]]), seat(hand=[JSN[0]], bank=[M5[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="accept")
    act(s, 1, type="pay", card=M5[0])
    assert s.banks[0] == [M5[0]] and s.hands[1] == [JSN[0]]


def test_md_6_9_jsn_against_jsn_three_deep():
    s = build(
        [
            seat(hand=[SLY[0], JSN[0]]),
            seat(hand=[JSN[1], JSN[2]], sets=[("green", [GREEN[0]])]),
        ]
    )
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    act(s, 1, type="say_no", card=JSN[1])  # 1 no: cancelled unless answered
    assert s.to_move() == [0] and s.view(0)["pending"]["noes"] == 1
    act(s, 0, type="say_no", card=JSN[0])  # 2: the sly deal stands unless answered
    assert s.to_move() == [1] and s.plays_left == 1  # both cards of seat 0 were plays
    act(s, 1, type="say_no", card=JSN[2])  # 3: cancelled; seat 0 has no JSN left
    assert s.phase == "play" and set_cards(s, 1) == [("green", [GREEN[0]])]
    assert s.hands[0] == [] and s.hands[1] == []


def test_md_6_9_jsn_chain_even_means_the_action_goes_through():
    s = build([seat(hand=[SLY[0], JSN[0]]), seat(hand=[JSN[1]], sets=[("green", [GREEN[0]])])])
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    act(s, 1, type="say_no", card=JSN[1])
    act(s, 0, type="say_no", card=JSN[0])
    assert set_cards(s, 0) == [("green", [GREEN[0]])] and s.phase == "play"


def test_md_6_9_player_may_let_the_no_stand():
    s = build([seat(hand=[SLY[0], JSN[0]]), seat(hand=[JSN[1]], sets=[("green", [GREEN[0]])])])
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    act(s, 1, type="say_no", card=JSN[1])
    act(s, 0, type="accept")
    assert set_cards(s, 1) == [("green", [GREEN[0]])] and s.hands[0] == [JSN[0]]


def test_md_12_jsn_counts_as_play_limits_the_counter():
    seats = [seat(hand=[SLY[0], JSN[0]]), seat(hand=[JSN[1]], sets=[("green", [GREEN[0]])])]
    s = build(seats, plays_left=1)
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    act(s, 1, type="say_no", card=JSN[1])
    assert s.phase == "play" and s.plays_left == 0  # no play left for a counter
    s = build(seats, plays_left=1, options={"jsn_counts_as_play": False})
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    act(s, 1, type="say_no", card=JSN[1])
    assert s.to_move() == [0]
    act(s, 0, type="say_no", card=JSN[0])
    assert set_cards(s, 0) == [("green", [GREEN[0]])] and s.plays_left == 0


def test_md_6_10_birthday_against_four_players_one_says_no():
    s = build(
        [
            seat(bank=[M1[0]]),
            seat(bank=[M2[0]]),
            seat(hand=[BIRTHDAY[0]]),
            seat(hand=[JSN[0]], bank=[M2[1]]),
            seat(bank=[M2[2]]),
        ],
        current=2,
    )
    act(s, 2, type="its_my_birthday", card=BIRTHDAY[0])
    # seat order from the player's left: 3, 4, 0, 1; seat 3 holds a Just Say No
    assert s.to_move() == [3] and s.view(2)["pending"]["targets"] == [3, 4, 0, 1]
    act(s, 3, type="say_no", card=JSN[0])
    assert s.to_move() == [4]
    act(s, 4, type="pay", card=M2[2])
    act(s, 0, type="pay", card=M1[0])
    act(s, 1, type="pay", card=M2[0])
    assert s.phase == "play" and s.to_move() == [2]
    assert sorted(s.banks[2]) == sorted([M2[2], M1[0], M2[0]]) and s.banks[3] == [M2[1]]


def test_md_6_10_no_waiting_for_a_target_without_just_say_no():
    s = build([seat(hand=[RENT_RED_YELLOW[0]], sets=[("yellow", [YELLOW[0]])]), seat(bank=[M5[0]])])
    act(s, 0, type="rent", card=RENT_RED_YELLOW[0], color="yellow")
    assert s.phase == "pay" and s.to_move() == [1]


def test_md_6_9_jsn_on_rent_then_the_others_still_pay():
    s = build(
        [
            seat(hand=[RENT_RED_YELLOW[0]], sets=[("red", [RED[0]])]),
            seat(hand=[JSN[0]], bank=[M2[0]]),
            seat(bank=[M2[1]]),
        ]
    )
    act(s, 0, type="rent", card=RENT_RED_YELLOW[0], color="red")
    act(s, 1, type="say_no", card=JSN[0])
    act(s, 2, type="pay", card=M2[1])
    assert s.banks[0] == [M2[1]] and s.banks[1] == [M2[0]]


def test_md_6_9_a_cancelled_deal_breaker_leaves_the_set():
    s = build([seat(hand=[DEAL_BREAKER[0]]), seat(hand=[JSN[0]], sets=[("brown", BROWN)])])
    act(s, 0, type="deal_breaker", card=DEAL_BREAKER[0], target=1, set=0)
    act(s, 1, type="say_no", card=JSN[0])
    assert set_cards(s, 1) == [("brown", BROWN)] and set_cards(s, 0) == []


def test_md_6_9_answers_are_described_in_words():
    s = build([seat(hand=[SLY[0], JSN[0]]), seat(hand=[JSN[1]], sets=[("green", [GREEN[0]])])])
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    said = sorted(words(s, a, 1) for a in s.legal_actions(1))
    assert said == [
        "Accept the Sly Deal of Seat 1 taking your Green property",
        "Just Say No to the Sly Deal of Seat 1 taking your Green property",
    ]
    events = act(s, 1, type="say_no", card=JSN[1])
    assert words(s, events[0], None) == "Seat 2 plays Just Say No"
    said = sorted(words(s, a, 0) for a in s.legal_actions(0))
    assert said == [
        "Just Say No to the Just Say No of Seat 2",
        "Let the Just Say No of Seat 2 stand",
    ]
    said = sorted(words(s, a, 0, "fr") for a in s.legal_actions(0))
    assert said == ["Dites non au Dites non de Joueur 2", "Laisser passer le Dites non de Joueur 2"]
