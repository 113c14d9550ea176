"""The speed paths of ``tycoon.rl`` give exactly what the plain paths give.

Monopoly Deal observations are read from the engine state (``DealCodec.observe_state``) rather
than from ``state.view(seat)``; Deal steps go through cached legal indices. These tests pin
both to the reference built from the view and the engine's legal actions.
"""

from __future__ import annotations

import pickle
import random

import pytest

np = pytest.importorskip("numpy")

import tycoon.deal as deal  # noqa: E402
from tycoon.rl.core import Match  # noqa: E402
from tycoon.rl.deal_codec import CODEC as DEAL  # noqa: E402


def _from_view(match: Match, seat: int) -> np.ndarray:
    out = np.zeros(DEAL.layout.size, dtype=np.float32)
    DEAL.observe(match.state.view(seat), (), out)
    return out


@pytest.mark.parametrize(("seats", "seed", "options"), [
    (2, 1, {}),
    (3, 2, {"double_rent_stack": 2}),
    (5, 3, {"jsn_counts_as_play": False}),
    (4, 4, {"buildings_when_broken": "bank", "discard_to": "deck_bottom"}),
])
def test_deal_state_observation_equals_the_view_observation(seats, seed, options):
    """MD-2 (hidden hands): at every step of random games, for every seat, the vector read
    from the state equals the one built from ``state.view(seat)`` — so it shows only what the
    view shows. Also checks that the games reach pending actions, buildings and full sets."""
    match = Match(DEAL, deal.new_game(seats=seats, seed=seed, **options), seed=seed,
                  turn_limit=400)
    rng = random.Random(seed)
    lay = DEAL.layout
    seen_pending = seen_full = 0
    while True:
        for s in range(seats):
            fast = match.observe(s)
            assert fast.dtype == np.float32
            assert np.array_equal(fast, _from_view(match, s)), (match.steps, s)
        seen_pending += bool(fast[lay.slice("pending")].any())
        info = fast[lay.slice("seat_info")].reshape(5, -1)
        seen_full += bool(info[:, 2].any())
        if match.over:
            break
        match.step(rng.choice(match.indices()))
    assert seen_pending > 0 and seen_full > 0


def test_deal_observation_at_game_end_names_the_winner():
    """MD-8.1: once a seat holds three full sets the observation's winner one-hot names it,
    equal to the view-built vector."""
    for seed in range(3):
        match = Match(DEAL, deal.new_game(seats=2, seed=seed), seed=seed, turn_limit=400)
        rng = random.Random(seed)
        while not match.over:
            match.step(rng.choice(match.indices()))
        if match.state.winner is None:
            continue
        obs = match.observe(0)
        assert np.array_equal(obs, _from_view(match, 0))
        winner = obs[DEAL.layout.slice("winner")]
        assert winner.tolist() == [1.0 if s == match.state.winner else 0.0 for s in range(5)]
        return
    pytest.fail("no random game was won")


def test_deal_fast_step_matches_the_engine_and_rejects_illegal_indices():
    """MD-3: the cached indices are the engine's legal actions; an index outside the mask is
    refused without changing anything; each mask is a new array."""
    match = Match(DEAL, deal.new_game(seats=3, seed=8), seed=8)
    rng = random.Random(8)
    for _ in range(150):
        seat = match.seat
        legal = match.state.legal_actions(seat)
        assert sorted(match.indices()) == match.sorted_indices() == sorted(match.options())
        assert sorted(DEAL.index(a) for a in legal) == match.sorted_indices()
        mask = match.mask()
        mask[:] = 0  # the caller owns the array
        assert int(match.mask().sum()) == len(legal)
        illegal = next(i for i in range(DEAL.n_actions) if i not in match.options())
        before = match.state.to_json()
        with pytest.raises(ValueError, match="not legal"):
            match.step(illegal)
        assert match.state.to_json() == before and match.seat == seat
        index = rng.choice(match.indices())
        action = match.options()[index]
        expected = match.state.clone()
        expected.apply(seat, action)
        match.step(np.int64(index))
        assert match.state.to_json() == expected.to_json()
        if match.over:
            break


def test_deal_fast_step_truncates_and_copies_forget_the_caches():
    """``max_steps`` truncation on the fast path; ``clone`` and pickling keep the position
    and rebuild the cached legal indices."""
    match = Match(DEAL, deal.new_game(seats=2, seed=4), seed=4, max_steps=25)
    rng = random.Random(4)
    while not match.over:
        match.mask()
        if match.steps % 6 == 0:
            copy = match.clone()
            other = pickle.loads(pickle.dumps(match))
            assert copy.sorted_indices() == other.sorted_indices() == match.sorted_indices()
            assert other.codec is DEAL  # the codec is not pickled with the match
        match.step(rng.choice(match.indices()))
    assert match.truncated and match.steps == 25 and match.seat is None
    assert not match.mask().any() and match.indices() == []
    with pytest.raises(ValueError, match="over"):
        match.step(0)


def _capital_from_view(match: Match, seat: int) -> np.ndarray:
    from tycoon.rl.capital_codec import CODEC as CAPITAL

    out = np.zeros(CAPITAL.layout.size, dtype=np.float32)
    selection = match.selection if seat == match.seat else ()
    CAPITAL.observe(match.state.view(seat), selection, out)
    return out


@pytest.mark.parametrize(("seats", "seed", "options"), [
    (4, 1, {}),
    (2, 2, {"preset": "kapital"}),
    (3, 3, {"card_supply": "lap"}),
])
def test_capital_state_observation_equals_the_view_observation(seats, seed, options):
    """C-8 (hidden hands): at every step of random games (compound exchanges and waives
    half-chosen included), for every seat, the vector Capital's codec reads from the state
    equals the one built from ``state.view(seat)``."""
    import tycoon.capital as capital
    from tycoon.rl.capital_codec import CODEC as CAPITAL

    match = Match(CAPITAL, capital.new_game(seats=seats, seed=seed, turn_limit=60, **options),
                  seed=seed)
    rng = random.Random(seed)
    selections = 0
    while True:
        for s in range(seats):
            assert np.array_equal(match.observe(s), _capital_from_view(match, s)), (
                match.steps, s)
        if match.over:
            break
        selections += bool(match.selection)
        match.step(rng.choice(match.indices()))
    assert selections > 0 and match.state.is_over


def test_capital_state_observation_in_the_waive_phase():
    """C-4.3.1: the owed charges and a half-chosen waive read from the state as in the view."""
    from .test_actions import CAPITAL, _waive_position

    match = _waive_position(5)
    seat = match.seat
    assert np.array_equal(match.observe(seat), _capital_from_view(match, seat))
    assert match.observe(seat)[CAPITAL.layout.slice("charges")].any()
    match.step(sorted(match.options())[0])
    assert match.selection
    assert np.array_equal(match.observe(seat), _capital_from_view(match, seat))
