"""C-4.1 and C-4.2: dice, Hare and Turtle, forks, laps, obstacles and tolls; C-2 board."""

import pytest

from tycoon.capital import Branch
from tycoon.capital.board import BLOCKS, BOARD
from tycoon.engine import IllegalAction

from .helpers import act, business, of_type, position, roll, transfers


def test_c1_1_d1_board_has_56_squares_48_blocks_and_4_forks():
    assert BOARD.size == 56 and len(BLOCKS) == 48
    assert [BOARD.kind.count(k) for k in ("start", "minigame", "exchange")] == [4, 2, 2]
    assert sorted(BOARD.forks) == [3, 17, 31, 45]
    assert [BOARD.region[s] for s in (0, 13, 14, 55)] == [0, 0, 1, 3]


def _lap_length(way):
    square, steps = 0, 0
    while True:
        nxt = BOARD.next[square]
        square = BOARD.forks[square][way] if nxt < 0 else nxt
        steps += 1
        if square == 0:
            return steps


def test_c2_2_lap_is_44_outer_40_inner():
    assert _lap_length(0) == 44
    assert _lap_length(1) == 40


def test_c4_1_roll_moves_the_sum_exactly():
    st = position(seat={0: {"square": 4}})
    events = roll(st, 2, 3)
    assert of_type(events, "moved")[0].path == (5, 6, 7, 11, 12)
    assert st.seats[0].square == 12 and st.landed == 12 and st.phase == "action"


def test_c4_1_operation_hare_all_sixes_uses_one():
    st = position(seat={0: {"square": 4, "effects": {"hare": 3}}}, dice_queue=[1, 1])
    events = roll(st)
    assert of_type(events, "rolled")[0].dice == (6, 6)
    assert st.seats[0].effects["hare"] == 2 and st.dice_queue == [1, 1]
    # 5, 6, 7, 11, 12, 13, 14, 15, 16, 17 (fork) with 2 squares left
    assert st.seats[0].square == 17 and st.steps_left == 2


def test_c4_1_operation_turtle_all_ones():
    st = position(seat={0: {"square": 4, "dice": 3, "effects": {"turtle": 1}}})
    events = roll(st)
    assert of_type(events, "rolled")[0].dice == (1, 1, 1)
    assert st.seats[0].square == 7 and st.seats[0].effects["turtle"] == 0


def test_d2_hare_and_turtle_cancel_and_each_loses_a_use():
    st = position(seat={0: {"square": 4, "effects": {"hare": 3, "turtle": 2}}})
    events = roll(st, 2, 1)
    rolled = of_type(events, "rolled")[0]
    assert rolled.dice == (2, 1) and rolled.effect == "cancel"
    assert st.seats[0].effects["hare"] == 2 and st.seats[0].effects["turtle"] == 1
    assert st.seats[0].square == 7


def test_c4_2_1_fork_asks_way_then_continues():
    st = position()
    roll(st, 1, 4)  # 0 -> 1, 2, 3 (fork) with 2 squares to go
    assert st.phase == "branch" and st.seats[0].square == 3
    assert st.legal_actions(0) == [Branch("straight"), Branch("right")]
    with pytest.raises(IllegalAction):
        act(st, {"type": "pass"})
    act(st, {"type": "branch", "way": "right"})
    assert st.seats[0].square == 9 and st.phase == "action"


def test_c4_2_1_the_way_chosen_at_a_fork_is_told_between_the_two_legs():
    """The log says which way a player took ("turns right towards block 9"), so a bot's choice
    at a fork reads as one, not as two moves in a row."""
    from tycoon.capital.game import GAME
    from tycoon.engine import render

    st = position()
    first = roll(st, 1, 4)
    events = act(st, {"type": "branch", "way": "right"})
    assert [e.type for e in of_type(first, "moved")] == ["moved"]
    assert [e.type for e in events][:2] == ["branched", "moved"]
    assert events[0].to_json() == {"type": "branched", "seat": 0, "way": "right", "toward": 8}
    words = [render(st.describe(e, None), GAME.catalog("en"), "en") for e in events[:2]]
    assert words == ["Seat 1 turns right towards block 9", "Seat 1 moves to block 10"]


def test_c4_2_1_fork_straight_goes_outer_branch():
    st = position()
    roll(st, 1, 4)
    act(st, {"type": "branch", "way": "straight"})
    assert st.seats[0].square == 5


def test_c4_2_1_pawn_stopping_on_fork_chooses_next_move():
    st = position(seat={0: {"square": 1}})
    roll(st, 1, 1)
    assert st.seats[0].square == 3 and st.phase == "action"  # no choice yet
    st = position(seat={0: {"square": 3}})
    roll(st, 1, 1)
    assert st.phase == "branch" and st.steps_left == 2
    act(st, {"type": "branch", "way": "right"})
    assert st.seats[0].square == 9


def test_c4_2_2_lap_on_passing_own_start_levels_businesses():
    st = position(seat={1: {"square": 12}}, current=1,
                  businesses=[business(15, 0, "bar", 1), business(5, 0, "bar", 0)])
    events = roll(st, 1, 2)  # 13, 14 (own start), 15
    assert st.seats[1].laps == 1
    assert st.businesses[15, 0].level == 2 and st.businesses[5, 0].level == 1
    assert of_type(events, "lap")[0].laps == 1
    assert of_type(events, "level_up")[0].lots == ((15, 0),)


def test_c4_2_2_landing_on_own_start_is_a_lap_other_start_is_not():
    st = position(seat={0: {"square": 54}})
    roll(st, 1, 1)
    assert st.seats[0].square == 0 and st.seats[0].laps == 1
    st = position(seat={0: {"square": 12}})
    roll(st, 1, 1)  # 13, 14: red's start
    assert st.seats[0].square == 14 and st.seats[0].laps == 0


def test_c4_2_2_leaving_start_is_not_a_lap():
    st = position()
    roll(st, 1, 1)
    assert st.seats[0].laps == 0


def test_c4_2_3_d3_obstacle_stops_pawn_before_it():
    st = position(constructions=[{"square": 2, "type": "obstacle", "owner": 1}])
    events = roll(st, 2, 3)
    assert st.seats[0].square == 1 and st.landed == 1
    assert of_type(events, "moved")[0].blocked_by == 2


def test_c4_2_3_a_six_passes_the_obstacle():
    st = position(seat={0: {"square": 4}},
                  constructions=[{"square": 6, "type": "obstacle", "owner": 1}])
    roll(st, 6, 1)
    assert st.seats[0].square == 14  # 5, 6 (obstacle), 7, 11, 12, 13, 14


def test_c4_2_3_owner_passes_own_obstacle():
    st = position(constructions=[{"square": 2, "type": "obstacle", "owner": 0}])
    roll(st, 1, 2)
    assert st.seats[0].square == 3


def test_c4_2_3_obstacle_after_fork_stops_on_the_fork_square():
    st = position(constructions=[{"square": 4, "type": "obstacle", "owner": 1}])
    roll(st, 2, 3)
    assert st.phase == "branch"
    act(st, {"type": "branch", "way": "straight"})
    assert st.seats[0].square == 3 and st.landed == 3 and st.phase == "action"


def test_c4_2_3_blocked_at_once_stays_and_lands_on_own_square():
    st = position(seat={0: {"square": 5}},
                  constructions=[{"square": 6, "type": "obstacle", "owner": 1}],
                  businesses=[business(5, 0, "bar", 1)])
    events = roll(st, 1, 2)
    assert st.seats[0].square == 5 and st.landed == 5
    assert transfers(events) == [(0, 1, 25, "fee")]


def test_c4_2_4_toll_passed_through_and_landed_on_costs_100_each():
    st = position(constructions=[{"square": 1, "type": "toll", "owner": 1},
                                 {"square": 2, "type": "toll", "owner": 1},
                                 {"square": 5, "type": "toll", "owner": 0}])
    st.seats[0].square = 0
    events = roll(st, 1, 1)
    assert transfers(events) == [(0, 1, 100, "toll"), (0, 1, 100, "toll")]
    assert st.seats[0].balance == 300 and st.seats[1].balance == 700


def test_c4_2_4_own_toll_is_free():
    st = position(constructions=[{"square": 1, "type": "toll", "owner": 0}])
    events = roll(st, 1, 1)
    assert transfers(events) == []


def test_c4_2_3_operation_hare_sixes_pass_obstacles_turtle_ones_do_not():
    obstacle = [{"square": 6, "type": "obstacle", "owner": 1}]
    st = position(seat={0: {"square": 11, "effects": {"hare": 1}}}, constructions=[
        {"square": 13, "type": "obstacle", "owner": 1}])
    roll(st)  # 12, 13 (obstacle: passed with sixes), 14, 15, 16, 17 (fork), 6 to go
    assert st.seats[0].square == 17 and st.steps_left == 6 and st.phase == "branch"
    st = position(seat={0: {"square": 4, "effects": {"turtle": 1}}}, constructions=obstacle)
    events = roll(st)
    assert st.seats[0].square == 5 and of_type(events, "moved")[0].blocked_by == 6


def test_c4_2_4_toll_on_the_branch_taken_only():
    tolls = [{"square": 4, "type": "toll", "owner": 1}, {"square": 8, "type": "toll", "owner": 1}]
    st = position(constructions=tolls)
    roll(st, 2, 2)
    events = act(st, {"type": "branch", "way": "right"})
    assert transfers(events) == [(0, 1, 100, "toll")] and st.tolls == []


def test_c4_2_3_obstacle_blocks_before_a_toll_behind_it():
    st = position(constructions=[{"square": 1, "type": "toll", "owner": 1},
                                 {"square": 2, "type": "obstacle", "owner": 1}])
    events = roll(st, 1, 2)
    assert st.seats[0].square == 1 and transfers(events) == [(0, 1, 100, "toll")]


def test_c4_2_2_lap_with_card_supply_lap_reshuffles_when_deck_empty():
    st = position(seat={0: {"square": 55, "hand": []}}, discard=["toll", "toll"],
                  options={"card_supply": "lap"})
    events = roll(st, 1, 1)
    assert st.seats[0].laps == 1 and st.seats[0].hand == ["toll"]
    assert of_type(events, "reshuffled")[0].cards == 2 and st.deck == ["toll"]


def test_c2_1_moves_clockwise_through_each_region():
    for r in range(4):
        b = 14 * r
        assert [BOARD.next[b + o] for o in (0, 1, 2)] == [b + 1, b + 2, b + 3]
        assert BOARD.forks[b + 3] == (b + 4, b + 8)
        assert [BOARD.next[b + o] for o in (4, 5, 6, 7)] == [b + 5, b + 6, b + 7, b + 11]
        assert [BOARD.next[b + o] for o in (8, 9, 10)] == [b + 9, b + 10, b + 11]
        assert [BOARD.next[b + o] for o in (11, 12, 13)] == [b + 12, b + 13, (b + 14) % 56]


def test_c2_4_c1_4_regions_colours_and_start_squares():
    assert BOARD.starts == (0, 14, 28, 42)
    assert all(BOARD.region[s] == s // 14 for s in BLOCKS)
    assert [sum(1 for s in BLOCKS if BOARD.region[s] == r) for r in range(4)] == [12] * 4
    st = position(seats=4)
    assert [e["color"] for e in st.view()["seats"]] == ["yellow", "red", "blue", "green"]


def test_c1_2_four_lots_one_business_each():
    st = position(seat={0: {"square": 4, "balance": 10_000}}, phase="action",
                  move={"landed": 4}, businesses=[business(4, lot, "bar", 1) for lot in (0, 2)])
    lots = {a.lot for a in st.legal_actions(0) if a.type == "build"}
    assert lots == {1, 3}
    with pytest.raises(IllegalAction, match="taken"):
        act(st, {"type": "build", "lot": 2, "kind": "bar"})


def test_c5_3_levels_have_no_maximum():
    st = position(businesses=[business(4, 0, "bar", 1, level=30)])
    assert st.incomes()[4, 0] == round(25 * 1.2**29)  # 5935.3.. -> 5935


def test_c4_2_2_c4_2_1_four_dice_count_one_lap_across_two_forks():
    """24 squares from 50: own start once (one lap, one level), then two forks to choose."""
    st = position(seat={0: {"square": 50, "dice": 4}}, businesses=[business(5, 0, "bar", 0)])
    events = roll(st, 6, 6, 6, 6)  # 51..55, 0 (own start), 1, 2, 3 (fork) with 15 to go
    assert st.seats[0].laps == 1 and len(of_type(events, "lap")) == 1
    assert st.phase == "branch" and st.seats[0].square == 3 and st.steps_left == 15
    act(st, {"type": "branch", "way": "right"})  # 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    assert st.phase == "branch" and st.seats[0].square == 17 and st.steps_left == 5
    act(st, {"type": "branch", "way": "straight"})  # 18, 19, 20, 21, 25
    assert st.seats[0].square == 25 and st.landed == 25 and st.phase == "action"
    assert st.seats[0].laps == 1 and st.businesses[5, 0].level == 2


def test_c4_2_2_exact_roll_onto_own_start_with_4_dice():
    st = position(seat={0: {"square": 46, "dice": 4}},
                  businesses=[business(5, 0, "bar", 0), business(20, 0, "bar", 0)])
    events = roll(st, 1, 1, 1, 1)  # 47, 48, 49, 53: not yet
    assert st.seats[0].laps == 0 and of_type(events, "lap") == []
    st = position(seat={0: {"square": 46, "dice": 4}},
                  businesses=[business(5, 0, "bar", 0), business(20, 0, "bar", 0)])
    roll(st, 2, 2, 2, 1)  # 47, 48, 49, 53, 54, 55, 0: lands exactly on its start
    assert st.seats[0].square == 0 and st.landed == 0 and st.seats[0].laps == 1
    assert [st.businesses[k].level for k in ((5, 0), (20, 0))] == [2, 2]


def test_c4_2_3_obstacle_on_the_fork_square_without_a_six_stops_before_the_fork():
    st = position(constructions=[{"square": 3, "type": "obstacle", "owner": 1}])
    events = roll(st, 2, 3)
    assert st.seats[0].square == 2 and st.landed == 2 and st.phase == "action"
    assert of_type(events, "moved")[0].blocked_by == 3


def test_c4_2_3_a_six_carries_past_obstacles_before_and_after_the_fork():
    """The roll showed a 6, so the choice at the fork does not change the right to pass."""
    st = position(constructions=[{"square": 3, "type": "obstacle", "owner": 1},
                                 {"square": 8, "type": "obstacle", "owner": 1}])
    roll(st, 6, 1)  # 1, 2, 3 (obstacle, passed) -> fork with 4 to go
    assert st.phase == "branch" and st.seats[0].square == 3 and st.steps_left == 4
    events = act(st, {"type": "branch", "way": "right"})
    assert of_type(events, "moved")[0].path == (8, 9, 10, 11) and st.landed == 11


def test_c4_2_3_obstacle_on_the_branch_not_taken_does_not_block():
    st = position(constructions=[{"square": 8, "type": "obstacle", "owner": 1}])
    roll(st, 2, 3)
    events = act(st, {"type": "branch", "way": "straight"})
    assert of_type(events, "moved")[0].blocked_by is None and st.seats[0].square == 5


def test_c4_2_4_several_tolls_of_several_owners_each_cost_100():
    st = position(seats=3, constructions=[{"square": 1, "type": "toll", "owner": 1},
                                          {"square": 2, "type": "toll", "owner": 2},
                                          {"square": 3, "type": "toll", "owner": 0},
                                          {"square": 4, "type": "toll", "owner": 1}])
    roll(st, 2, 2)
    events = act(st, {"type": "branch", "way": "straight"})
    assert transfers(events) == [(0, 1, 100, "toll"), (0, 2, 100, "toll"),
                                 (0, 1, 100, "toll")]
    assert [p.balance for p in st.seats] == [200, 700, 600]


def test_c2_3_adjacency_is_exactly_the_listed_pairs_in_every_region():
    pairs = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 11), (3, 8), (8, 9), (9, 10),
             (10, 11), (11, 12)]
    want = {s: set() for s in range(56)}
    for r in range(4):
        for a, b in pairs:
            want[14 * r + a].add(14 * r + b)
            want[14 * r + b].add(14 * r + a)
    assert {s: set(BOARD.adjacent[s]) for s in range(56)} == want


def test_french_tells_a_lap_apart_from_a_turn_C_4_2_2():
    """French says "tour" for a turn (the log's "Tour 17 : … joue"); a lap (C-4.2.2) said
    "termine le tour 1" under it. The Kapital rulebook says "tours de tablier"; the game now
    says "tour de plateau" wherever it means a lap, as the terminal and the lobby did."""
    from tycoon.capital.events import Lap
    from tycoon.engine import get_game, render

    st = position()
    catalog = get_game("capital").catalog("fr")
    told = render(st.describe(Lap(0, 1), None), catalog, "fr")
    assert told.endswith("termine son tour de plateau n° 1"), told
    laps = [text for key, text in catalog.items()
            if key.startswith(("victory.", "card.private_jet", "card.richest_in_town.help"))
            and "tour" in str(text)]
    assert laps and all("tours de plateau" in str(text) for text in laps), laps
