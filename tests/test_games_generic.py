"""One generic random-simulation test for every game (OpenSpiel style).

Whatever the game, random legal play must respect the engine contract of design.md:
some seat can always act until the end, every legal action applies and round-trips through
JSON, illegal actions change nothing, ``to_json``/``from_json`` and ``seed + actions``
reproduce the state exactly, views are JSON and hide other hands, the deck and the RNG, and
``determinize`` keeps the seat's view.
"""

from __future__ import annotations

import importlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tycoon.engine import GAMES, IllegalAction, Record, Rng, replay

SECRET_KEYS = {"deck", "rng", "dice_queue"}


def _game(name):
    try:
        return importlib.import_module(GAMES[name])
    except ModuleNotFoundError as exc:
        if exc.name == GAMES[name]:
            pytest.skip(f"{name} is not built yet")
        raise


def _options(name, seats):
    return {"turn_limit": 150} if name == "capital" else {}


def _keys(obj, found=None):
    found = set() if found is None else found
    if isinstance(obj, dict):
        for k, v in obj.items():
            found.add(k)
            _keys(v, found)
    elif isinstance(obj, list):
        for v in obj:
            _keys(v, found)
    return found


def _check_view(state, seat, seats):
    view = state.view(seat)
    json.dumps(view)  # JSON-ready
    assert SECRET_KEYS.isdisjoint(_keys(view)), "a view shows the deck, the rng or dice_queue"
    for entry in view["seats"]:
        if entry["seat"] != seat:
            assert "hand" not in entry, f"seat {seat} sees seat {entry['seat']}'s hand"
    assert view["to_move"] == state.to_move()


def _play(name, seats, seed, max_decisions=400):
    module = _game(name)
    state = module.new_game(seats=seats, seed=seed, **_options(name, seats))
    record = Record(name, seats, seed, _options(name, seats))
    rng = Rng(seed)
    snapshots = []
    decisions = 0
    while not state.is_over and decisions < max_decisions:
        movers = state.to_move()
        assert movers, "nobody can act but the game is not over"
        seat = rng.choice(movers)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must move but has no legal action"
        assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
        action = rng.choice(legal)
        assert module.parse_action(json.loads(json.dumps(action.to_json()))) == action
        assert str(action) and state.describe(action, seat)
        if decisions % 17 == 0:
            snapshots.append((decisions, state.to_json()))
            for s in (None, *range(seats)):
                _check_view(state, s, seats)
            _check_illegal_unchanged(module, state, seats, movers)
        events = state.apply(seat, action)
        for event in events:
            json.dumps(event.to_json())
        record.actions.append((seat, action.to_json()))
        decisions += 1
    return module, state, record, snapshots


def _check_illegal_unchanged(module, state, seats, movers):
    before = state.to_json()
    idle = [s for s in range(seats) if s not in movers]
    if idle:
        # an action legal for a mover is not legal for a seat that is not to move
        action = state.legal_actions(movers[0])[0]
        with pytest.raises(IllegalAction):
            state.apply(idle[0], action)
        assert state.to_json() == before
    with pytest.raises(ValueError):
        module.parse_action({"type": "no_such_action"})
    with pytest.raises(ValueError):
        state.apply(seats + 5, state.legal_actions(movers[0])[0])
    assert state.to_json() == before


@pytest.mark.parametrize("name", sorted(GAMES))
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 4))
@settings(max_examples=8)
def test_random_games_keep_the_contract(name, seed, seats):
    module, state, record, snapshots = _play(name, seats, seed)
    final = state.to_json()
    # seed + actions replays exactly
    assert replay(record).to_json() == final
    # to_json/from_json round-trips, and the game continues identically from a snapshot
    for index, snap in snapshots[-2:]:
        restored = module.from_json(json.loads(json.dumps(snap)))
        assert restored.to_json() == snap
        for seat, data in record.actions[index:]:
            restored.apply(seat, module.parse_action(data))
        assert restored.to_json() == final
    # clone is independent
    copy = state.clone()
    assert copy.to_json() == final
    if not state.is_over:
        seat = state.to_move()[0]
        copy.apply(seat, copy.legal_actions(seat)[0])
        assert state.to_json() == final
    res = state.result()
    json.dumps(res)
    assert res["finished"] == (state.winner is not None)
    assert sorted(res["standings"]) == list(range(seats))


@pytest.mark.parametrize("name", sorted(GAMES))
@given(seed=st.integers(0, 2**32), det_seed=st.integers(0, 2**32))
@settings(max_examples=6)
def test_determinize_keeps_the_seat_view(name, seed, det_seed):
    _, state, _, _ = _play(name, 3, seed, max_decisions=60)
    for seat in range(3):
        sample = state.determinize(seat, det_seed)
        assert sample.view(seat) == state.view(seat)
        assert sample.to_move() == state.to_move()
