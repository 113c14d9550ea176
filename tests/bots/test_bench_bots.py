"""``bench/bots.py``'s study specs: the diagnostic oracle groups and their validation, the
hold-back rule."""

from __future__ import annotations

import doctest
import importlib.util
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from tycoon.bots import make_bot
from tycoon.deal import new_game
from tycoon.engine import State

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bots.py"


@pytest.fixture(scope="module")
def bots() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_oracle_groups_join_names_and_cards(bots: ModuleType) -> None:
    """``oracle=A+B`` is the union of groups and card names: the action group is its parts."""
    parts = bots.oracle_group("steals+charges") | bots.oracle_group("pass_go+house+hotel")
    assert parts | bots.oracle_group("jsn") == bots.oracle_group("actions")
    assert len(bots.oracle_group("steals")) == 8  # 2 Deal Breakers, 3 Sly and 3 Forced Deals
    assert doctest.testmod(bots).failed == 0


def test_group_oracle_samples_the_true_group_and_nothing_else(bots: ModuleType) -> None:
    """Each sample of ``oracle=steals+charges`` gives the other hand exactly its true cards of
    the group, keeps every hand's size and the hidden cards, and never our own hand."""
    group = bots.oracle_group("steals+charges")
    medium = make_bot("medium", "deal", 1)
    checked = held = 0
    for game in range(3):
        state = new_game(seats=2, seed=game)
        oracle = bots._Oracle("steals+charges")
        while not state.is_over:
            seat = state.to_move()[0]
            if seat == 0:
                oracle.observe(state, 0)
            action = medium.choose(state, seat)
            if seat == 0:
                oracle.chosen(action)
                det = oracle.sample(state, 0, checked)
                truth, sample = state.hands[1], det.hands[1]
                mine = sorted(x for x in truth if x in group)
                assert sorted(x for x in sample if x in group) == mine
                assert len(sample) == len(truth) and det.hands[0] == state.hands[0]
                assert Counter(sample + det.deck) == Counter(truth + state.deck)
                checked += 1
                held += bool(mine)
            state.apply(seat, action)
    assert checked > 40 and held > 10  # the other hand did hold cards of the group


@pytest.mark.parametrize("spec", ["xsearch:oracle=steals+nothing", "xsearch:oracle="])
def test_unknown_oracle_group_is_refused_before_play(bots: ModuleType, spec: str) -> None:
    with pytest.raises(ValueError, match="card names joined by"):
        bots.build(spec, "deal", 1)


def test_oracle_is_for_deal_only(bots: ModuleType) -> None:
    with pytest.raises(ValueError, match="Deal only"):
        bots.build("xsearch:oracle=hands", "capital", 1)


def _one_from_full(breaker_seen: bool) -> State:
    """Seat 0 to play with a full brown set and two of three light blues; a light blue in
    hand would complete its second set (MD-8.1: three are needed to win)."""
    from tycoon.deal import from_json

    brown, light_blue, db = [20, 21], [22, 23, 24], [72, 73]
    used = {*brown, *light_blue, *db}
    position = {
        "game": "deal", "turn": 3, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [{"seat": 0, "hand": [light_blue[2], 0], "bank": [db[0]] if breaker_seen else [],
                   "sets": [{"color": "brown", "cards": brown, "house": None, "hotel": None},
                            {"color": "light_blue", "cards": light_blue[:2], "house": None,
                             "hotel": None}]},
                  {"seat": 1, "hand": [], "bank": [db[1]] if breaker_seen else [], "sets": []}],
        "deck": [c for c in range(106) if c not in used and c != 0] + ([] if breaker_seen else db),
        "discard": [], "pending": None, "winner": None, "rng": {"seed": 1},
    }
    return from_json(position)


def test_hold_keeps_back_a_completing_play_while_a_deal_breaker_may_come(bots: ModuleType) -> None:
    """MD-6.6: ``hold=1`` (one full set shown at most) drops the play that would lay a second
    full set, unless both Deal Breakers are in sight; other plays stay."""
    keep = bots._hold_filter(1)
    state = _one_from_full(breaker_seen=False)
    legal = state.legal_actions(0)
    completes = [a for a in legal if a.type == "property" and a.card == 24]
    assert completes
    kept = keep(state, 0, legal)
    assert not any(a in kept for a in completes) and len(kept) == len(legal) - len(completes)
    assert bots._hold_filter(2)(state, 0, legal) == legal  # two shown: nothing held back
    assert bots._hold_filter(1, opp=1)(state, 0, legal) == legal  # the other seat shows none
    seen = _one_from_full(breaker_seen=True)
    assert keep(seen, 0, seen.legal_actions(0)) == seen.legal_actions(0)
