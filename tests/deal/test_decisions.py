"""Rules decisions D-6 to D-8 of ``shared/rules/monopoly-deal.md`` (MD-10), each checked by
its outcome, and the ``turn_limit`` option."""

import pytest

from tycoon.deal import new_game
from tycoon.engine import IllegalAction, InvalidOption, InvalidPosition, Rng

from .helpers import (
    BROWN,
    DEBT,
    DOUBLE,
    GREEN,
    HOUSE,
    JSN,
    M1,
    M2,
    M3,
    M10,
    PASS_GO,
    RED,
    RENT_DBLUE_GREEN,
    SLY,
    act,
    build,
    position,
    seat,
    words,
)

# --------------------------------------------------------------------------- D-6


def _rent_position(**options):
    return build(
        [
            seat(hand=[RENT_DBLUE_GREEN[0], *DOUBLE], sets=[("green", GREEN)]),
            seat(bank=[M10[0]]),
            seat(bank=[M10[0] - 1]),
        ],
        options=options,
    )


def test_d_6_by_default_one_double_the_rent_goes_with_a_rent():
    s = _rent_position()
    choices = {a.doubles for a in s.legal_actions(0) if a.type == "rent"}
    assert choices == {(), (DOUBLE[0],), (DOUBLE[1],)}
    with pytest.raises(IllegalAction):
        act(s, 0, type="rent", card=RENT_DBLUE_GREEN[0], color="green", doubles=list(DOUBLE))
    act(s, 0, type="rent", card=RENT_DBLUE_GREEN[0], color="green", doubles=[DOUBLE[0]])
    # green full set: rent 7, doubled once: every other player owes 14, two plays used
    assert s.view(None)["pending"]["amount"] == 14 and s.plays_left == 1
    assert s.hands[0] == [DOUBLE[1]]


def test_d_6_double_rent_stack_2_allows_two_for_x4_and_all_three_plays():
    s = _rent_position(double_rent_stack=2)
    assert (DOUBLE[0], DOUBLE[1]) in {a.doubles for a in s.legal_actions(0) if a.type == "rent"}
    events = act(s, 0, type="rent", card=RENT_DBLUE_GREEN[0], color="green",
                 doubles=list(DOUBLE))
    assert s.view(None)["pending"]["amount"] == 28 and s.plays_left == 0
    charged = [e for e in events if e.type == "charged"]
    assert [(e.seat, e.targets, e.amount) for e in charged] == [(0, (1, 2), 28)]
    assert words(s, charged[0], None) == "Seat 2, Seat 3 each owe Seat 1 28M"


def test_d_6_two_doubles_need_three_plays():
    s = build(
        [seat(hand=[RENT_DBLUE_GREEN[0], *DOUBLE], sets=[("green", GREEN)]), seat(bank=[M1[0]])],
        plays_left=2,
        options={"double_rent_stack": 2},
    )
    assert {a.doubles for a in s.legal_actions(0) if a.type == "rent"} == {
        (), (DOUBLE[0],), (DOUBLE[1],)}


# --------------------------------------------------------------------------- D-7


def _sly_with_no_plays_left(**options):
    s = build(
        [seat(hand=[SLY[0], JSN[0]]), seat(hand=[JSN[1]], sets=[("green", [GREEN[0]])])],
        plays_left=1,
        options=options,
    )
    act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    assert s.plays_left == 0 and s.to_move() == [1]
    return s


def test_d_7_with_no_plays_left_the_player_cannot_counter_and_the_no_stands():
    s = _sly_with_no_plays_left()
    events = act(s, 1, type="say_no", card=JSN[1])
    # the game does not wait for seat 0, whose Just Say No would be a fourth play
    assert [e.type for e in events] == ["played", "cancelled"]
    assert s.phase == "play" and s.to_move() == [0] and s.pending is None
    assert s.hands[0] == [JSN[0]] and s.view(None)["seats"][1]["sets"][0]["cards"] == [GREEN[0]]
    assert not any(a.type == "say_no" for a in s.legal_actions(0))


def test_d_7_when_a_just_say_no_is_no_play_the_player_may_counter():
    s = _sly_with_no_plays_left(jsn_counts_as_play=False)
    act(s, 1, type="say_no", card=JSN[1])
    assert s.to_move() == [0] and s.phase == "respond"
    act(s, 0, type="say_no", card=JSN[0])
    assert s.view(None)["seats"][0]["sets"][0]["cards"] == [GREEN[0]] and s.plays_left == 0


def test_d_7_a_position_waiting_for_an_impossible_counter_is_refused():
    data = position(
        [seat(hand=[JSN[0]]), seat(sets=[("green", [GREEN[0]])])],
        phase="respond",
        plays_left=0,
        pending={"kind": "sly_deal", "by": 0, "card": SLY[0], "targets": [1], "take": GREEN[0],
                 "noes": 1},
        discard=[SLY[0], JSN[1]],
    )
    with pytest.raises(InvalidPosition, match="holds no Just Say No it may play"):
        build_from(data)


def build_from(data):
    from tycoon.deal import from_json

    return from_json(data)


# --------------------------------------------------------------------------- D-8


def test_d_8_a_cancelled_action_card_stays_discarded():
    s = build([seat(hand=[DEBT[0], M1[0]]), seat(hand=[JSN[0]], bank=[M10[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    act(s, 1, type="say_no", card=JSN[0])
    assert DEBT[0] not in s.hands[0] and s.discard[-2:] == [DEBT[0], JSN[0]]
    assert s.plays_left == 2  # the cancelled card still was a play
    assert all(getattr(a, "card", None) != DEBT[0] for a in s.legal_actions(0))


def test_d_8_no_action_ever_takes_a_card_back_to_the_hand():
    """Random play: a card leaves a hand only by being played, paid never comes from a hand,
    and a hand grows only by drawing (no action returns a played card)."""
    for seed in range(6):
        s = new_game(seats=3, seed=seed, turn_limit=60)
        rng = Rng(seed)
        while not s.is_over:
            (who,) = s.to_move()
            action = rng.choice(s.legal_actions(who))
            before = [list(h) for h in s.hands]
            events = s.apply(who, action)
            drawn = {e.seat: e.count for e in events if e.type == "drew"}
            for x in range(s.n):
                gained = len([c for c in s.hands[x] if c not in before[x]])
                assert gained == drawn.get(x, 0), (seed, action, x)


def test_d_8_a_house_stays_on_its_set():
    s = build([seat(hand=[HOUSE[0], PASS_GO[0]], sets=[("red", RED)]), seat()])
    act(s, 0, type="house", card=HOUSE[0], set=0)
    assert s.tables[0][0].house == HOUSE[0] and HOUSE[0] not in s.hands[0]
    assert not any(getattr(a, "card", None) == HOUSE[0] for a in s.legal_actions(0))


# --------------------------------------------------------------------------- turn_limit


def test_turn_limit_stops_the_game_unfinished():
    s = new_game(seats=2, seed=4, turn_limit=2)
    events = act(s, s.current, type="end_turn")
    assert s.turn == 2 and not s.is_over
    while s.phase == "discard":
        act(s, s.current, type="discard", card=s.hands[s.current][0])
    events = act(s, s.current, type="end_turn")
    while s.phase == "discard":
        events = act(s, s.current, type="discard", card=s.hands[s.current][0])
    assert s.is_over and s.winner is None and s.to_move() == []
    assert events[-1].to_json() == {"type": "game_over", "winner": None, "reason": "turn_limit"}
    r = s.result()
    assert not r.finished and r.reason == "turn_limit" and r.winner is None
    assert r.returns == (0.0, 0.0) and sorted(r.standings) == [0, 1]
    assert words(s, events[-1], None) == (
        "The turn limit is reached after 2 turns: the game stops without a winner")
    # the stopped position round-trips and says why it stopped
    data = s.to_json()
    assert data["reason"] == "turn_limit" and data["phase"] == "over"
    assert build_from(data).to_json() == data


def test_turn_limit_standings_by_full_sets_then_table_value_ties_share_a_place():
    """MD-5.2 table value breaks a tie of full sets; equal on both, seats share a place."""
    s = build([seat(bank=[M1[0]], sets=[("brown", BROWN)]), seat(bank=[M3[0]]),
               seat(bank=[M1[1], M2[0]]), seat(bank=[M2[1]])], turn=2, options={"turn_limit": 2})
    act(s, 0, type="end_turn")
    r = s.result()
    assert s.is_over and r.scores == (1, 0, 0, 0) and r["table_values"] == [3, 3, 3, 2]
    assert r.standings == (0, 1, 2, 3) and r.places == (1, 2, 2, 4)
    assert r.to_json()["places"] == [1, 2, 2, 4]


def test_turn_limit_is_validated_and_an_early_stop_is_refused():
    with pytest.raises(InvalidOption, match="turn_limit"):
        new_game(seed=1, turn_limit=0)
    with pytest.raises(InvalidOption, match="turn_limit"):
        new_game(seed=1, turn_limit="soon")
    with pytest.raises(InvalidOption, match="from 1 to 100000, or none"):
        new_game(seed=1, turn_limit=10**30)
    assert new_game(seed=1, turn_limit=100_000).options["turn_limit"] == 100_000
    assert new_game(seed=1, turn_limit="30").options["turn_limit"] == 30
    data = position([seat(), seat()], phase="over", turn=3, options={"turn_limit": 5})
    with pytest.raises(InvalidPosition, match="turn limit"):
        build_from(data)
