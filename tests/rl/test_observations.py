"""Observations: fixed size, built from the seat's view only (hidden cards never show)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")

import tycoon.capital as capital  # noqa: E402
import tycoon.deal as deal  # noqa: E402
from tycoon.rl.capital_codec import CODEC as CAPITAL  # noqa: E402
from tycoon.rl.core import Match  # noqa: E402
from tycoon.rl.deal_codec import CODEC as DEAL  # noqa: E402


def _hidden_info_never_shows(match, seed):
    rng = random.Random(seed)
    checked = 0
    while not match.over:
        seat = match.seat
        obs = match.observe(seat)
        assert obs.shape == (match.codec.layout.size,) and obs.dtype == np.float32
        assert np.isfinite(obs).all()
        for s in range(match.n):
            other = match.clone()
            other.state = match.state.determinize(s, rng.randrange(1 << 32))
            assert np.array_equal(other.observe(s), match.observe(s)), "a hidden card leaks"
            checked += 1
        match.step(rng.choice(sorted(match.options())))
    return checked


def test_capital_observation_depends_only_on_the_view():
    """C-8: what a seat observes is unchanged when other hands and the deck are re-drawn."""
    match = Match(CAPITAL, capital.new_game(seats=3, seed=6, turn_limit=25), seed=6)
    assert _hidden_info_never_shows(match, 6) > 50


def test_deal_observation_depends_only_on_the_view():
    """MD-2: other hands and the draw pile never show in an observation."""
    match = Match(DEAL, deal.new_game(seats=3, seed=6), seed=6, turn_limit=12)
    assert _hidden_info_never_shows(match, 6) > 50


def test_deal_observation_fields():
    """Field by field: my seat, the phase, and my 7-card hand at the first turn (MD-2, MD-3.1)."""
    st = deal.new_game(seats=2, seed=1)
    match = Match(DEAL, st, seed=1)
    me = st.current
    obs = match.observe(me)
    lay = DEAL.layout
    assert obs[lay.slice("me")].tolist() == [1.0 if s == me else 0.0 for s in range(5)]
    assert obs[lay.slice("phase")].tolist() == [1.0, 0, 0, 0, 0]
    places = obs[lay.slice("card_location")].reshape(106, 13)
    assert sorted(np.flatnonzero(places[:, 1]).tolist()) == sorted(st.hands[me])
    assert places[:, 0].sum() == 106 - 7  # everything else is unseen
    assert obs[lay.offset["plays_left"]] == 3


def test_capital_observation_fields():
    """Field by field: balances ($500, C-3.1), squares, and my hand counts."""
    st = capital.new_game(seats=2, seed=3, turn_limit=20)
    match = Match(CAPITAL, st, seed=3)
    obs = match.observe(0)
    lay = CAPITAL.layout
    info = obs[lay.slice("seat_info")].reshape(4, -1)
    assert info[0, 0] == 500 and info[1, 0] == 500 and info[2, 0] == 0
    squares = obs[lay.slice("square")].reshape(4, 56)
    assert squares[0].argmax() == st.seats[0].square and squares[1].argmax() == st.seats[1].square
    assert obs[lay.slice("hand")].sum() == 5
    assert obs[lay.slice("seats_present")].tolist() == [1, 1, 0, 0]


def test_import_tycoon_rl_needs_no_rl_packages():
    """``import tycoon`` and ``import tycoon.rl`` load neither numpy nor the RL libraries."""
    code = ("import sys, tycoon, tycoon.rl; "
            "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') "
            "if m in sys.modules]; print(bad); assert not bad")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
