"""MD-1 components, MD-2 set-up, MD-3 turns, MD-12 options."""

from collections import Counter

import pytest

from tycoon.deal import CARDS, GAME, OPTIONS, new_game
from tycoon.engine import IllegalAction, InvalidOption

from .helpers import DOUBLE, JSN, M1, M2, M5, PASS_GO, RED, act, build, seat


def test_md_1_the_106_cards():
    assert len(CARDS) == 106 and [c.id for c in CARDS] == list(range(106))
    kinds = Counter(c.kind for c in CARDS)
    assert kinds == {"money": 20, "property": 28, "wild": 11, "rent": 13, "action": 34}
    assert sum(c.value for c in CARDS if c.kind == "money") == 6 + 10 + 9 + 12 + 10 + 10
    names = Counter(c.card for c in CARDS if c.kind == "action")
    assert names["pass_go"] == 10 and names["just_say_no"] == 3 and names["hotel"] == 2
    assert Counter(c.colors for c in CARDS if c.kind == "property")[("railroad",)] == 4
    assert all(c.value == 0 for c in CARDS if c.card == "wild_multicolor")
    assert CARDS[72].to_json() == {
        "id": 72,
        "card": "deal_breaker",
        "kind": "action",
        "value": 5,
        "colors": [],
        "name": "Deal Breaker",
    }


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_md_2_1_deal_five_each_and_first_player_draws_two(seats):
    s = new_game(seats=seats, seed=11)
    sizes = [len(h) for h in s.hands]
    assert sizes[s.current] == 7
    assert all(n == 5 for i, n in enumerate(sizes) if i != s.current)
    assert len(s.deck) == 106 - 5 * seats - 2
    assert s.turn == 1 and s.plays_left == 3 and s.to_move() == [s.current]


def test_md_3_1_a_new_game_opens_with_the_first_turn_and_its_draw():
    """``State.opening``: the set-up's events, said to every seat (the draw as a count), kept by
    a copy, gone once an action is applied or the position is read from JSON."""
    s = new_game(seats=3, seed=11)
    opening = [e.to_json() for e in s.opening()]
    assert opening == [{"type": "turn_started", "seat": s.current, "turn": 1},
                       {"type": "drew", "seat": s.current, "count": 2}]
    assert all(e.visible_to(None) for e in s.opening())
    assert [e.to_json() for e in s.clone().opening()] == opening
    assert GAME.from_json(s.to_json()).opening() == []
    s.apply(s.current, s.legal_actions(s.current)[0])
    assert s.opening() == []


def test_md_2_2_first_player_is_drawn_from_the_seed():
    firsts = {new_game(seats=4, seed=k).current for k in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(seats=4, seed=5).to_json() == new_game(seats=4, seed=5).to_json()


@pytest.mark.parametrize("seats", [1, 6, 0, "2", True])
def test_md_2_1_seat_count_is_checked(seats):
    with pytest.raises(InvalidOption):
        new_game(seats=seats, seed=1)


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_md_2_2_a_bad_seed_is_an_invalid_option_like_in_capital(seed):
    with pytest.raises(InvalidOption, match="seed must be an integer"):
        new_game(seats=2, seed=seed)


def test_md_12_options_are_checked_by_name():
    with pytest.raises(InvalidOption, match="colour"):
        new_game(seed=1, colour=2)
    with pytest.raises(InvalidOption, match="double_rent_stack"):
        new_game(seed=1, double_rent_stack=3)
    with pytest.raises(InvalidOption, match="jsn_counts_as_play"):
        new_game(seed=1, jsn_counts_as_play="yes")
    s = new_game(seed=1, discard_to="deck_bottom", buildings_when_broken="bank")
    assert s.options["discard_to"] == "deck_bottom"
    assert {o.name for o in OPTIONS} == {
        "double_rent_stack",
        "jsn_counts_as_play",
        "discard_to",
        "buildings_when_broken",
        "turn_limit",
    }
    assert all(o.help for o in OPTIONS)
    described = GAME.describe_options()
    assert described["double_rent_stack"]["values"] == [1, 2]
    assert described["turn_limit"]["default"] is None


def test_md_3_1_empty_hand_draws_five():
    s = build([seat(hand=[M1[0]]), seat(hand=[])], current=0)
    act(s, 0, type="end_turn")
    assert s.current == 1 and s.turn == 2 and len(s.hands[1]) == 5


def test_md_3_1_draw_two_otherwise():
    s = build([seat(hand=[M1[0]]), seat(hand=[M2[0]])], current=0)
    top = s.to_json()["deck"][:2]
    act(s, 0, type="end_turn")
    assert sorted(s.hands[1]) == sorted([M2[0], *top])


def test_md_3_2_three_plays_then_only_end_turn():
    s = build([seat(hand=[M1[0], M2[0], M5[0], RED[0]]), seat(hand=[])])
    act(s, 0, type="bank", card=M1[0])
    act(s, 0, type="bank", card=M2[0])
    act(s, 0, type="bank", card=M5[0])
    assert s.plays_left == 0
    assert [a.type for a in s.legal_actions(0)] == ["end_turn"]
    with pytest.raises(IllegalAction):
        act(s, 0, type="property", card=RED[0], color="red")


def test_md_3_3_hand_limit_discard_to_pile():
    hand = [*PASS_GO[:6], M1[0], M1[1], M1[2]]
    s = build([seat(hand=hand), seat(hand=[M2[0]])])
    act(s, 0, type="end_turn")
    assert s.phase == "discard" and s.to_move() == [0]
    assert {a.type for a in s.legal_actions(0)} == {"discard"}
    act(s, 0, type="discard", card=M1[0])
    assert s.phase == "discard"
    act(s, 0, type="discard", card=M1[1])
    assert s.current == 1 and len(s.hands[0]) == 7
    assert s.discard[-2:] == [M1[0], M1[1]]


def test_md_12_discard_to_deck_bottom():
    hand = [*PASS_GO[:7], M1[0]]
    s = build([seat(hand=hand), seat(hand=[M2[0]])], options={"discard_to": "deck_bottom"})
    act(s, 0, type="end_turn")
    act(s, 0, type="discard", card=M1[0])
    assert s.to_json()["deck"][-1] == M1[0] and M1[0] not in s.discard


def test_md_3_4_d_1_reshuffle_when_the_pile_is_empty():
    s = build(
        [seat(hand=[M1[0]]), seat(hand=[M2[0]])],
        deck=[M5[0]],
        discard=[c for c in range(106) if c not in (M1[0], M2[0], M5[0])],
    )
    assert len(s.deck) == 1
    events = act(s, 0, type="end_turn")
    assert len(s.hands[1]) == 3 and M5[0] in s.hands[1]
    assert s.discard == [] and len(s.deck) == 106 - 1 - 3
    assert any(e.type == "reshuffled" for e in events)


def test_md_3_4_d_1_both_piles_empty_draws_what_there_is():
    others = [c for c in range(106) if c != M1[0]]
    s = build([seat(hand=[M1[0]]), seat(), seat(hand=others)], deck=[], discard=[])
    assert s.deck == [] and s.discard == []
    act(s, 0, type="end_turn")
    assert s.current == 1 and s.hands[1] == [] and s.phase == "play"
    assert [a.type for a in s.legal_actions(1)] == ["end_turn"]


def test_md_6_7_pass_go_draws_two_and_counts_as_a_play():
    s = build([seat(hand=[PASS_GO[0]]), seat(hand=[M1[0]])])
    act(s, 0, type="pass_go", card=PASS_GO[0])
    assert len(s.hands[0]) == 2 and s.plays_left == 2 and s.discard == [PASS_GO[0]]


def test_md_6_3_double_the_rent_and_just_say_no_are_only_banked_alone():
    s = build([seat(hand=[DOUBLE[0], JSN[0]]), seat(hand=[M1[0]])])
    assert {str(a) for a in s.legal_actions(0)} == {
        f"bank card={DOUBLE[0]}",
        f"bank card={JSN[0]}",
        "end_turn",
    }
