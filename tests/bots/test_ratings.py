"""Statistics of tournaments against hand-computed cases: Wilson intervals and Elo."""

import math

import pytest

from tycoon.bots.ratings import elo_ratings, pairwise_scores, wilson


def test_wilson_half_of_ten():
    # p = 0.5, n = 10, z = 1.96: centre 0.5, half width 1.96*sqrt(0.025 + 0.0096)/1.384
    lo, hi = wilson(5, 10)
    z = 1.959963984540054
    half = z * math.sqrt(0.25 / 10 + z * z / 400) / (1 + z * z / 10)
    assert lo == pytest.approx(0.5 - half) and hi == pytest.approx(0.5 + half)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)


def test_wilson_extremes_and_empty():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)  # z^2/(n+z^2)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(1 - 0.2775, abs=1e-4)
    lo, hi = wilson(45, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.356, 0.548)


def test_wilson_rejects_impossible_counts():
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_pairwise_scores_winner_takes_one_point_from_each_other_bot():
    scores = {}
    pairwise_scores(["a", "b", "b", "c"], 1, scores)  # seat 1 (a "b") wins
    # seat 1 beats a (1 point); seat 2 (the other b) and a, both losers, draw (0.5 each)
    assert scores[("b", "a")] == 1.5 and scores[("a", "b")] == 0.5
    assert scores[("b", "c")] == 1.5 and scores[("c", "b")] == 0.5  # two b seats vs c
    assert scores[("a", "c")] == 0.5 and scores[("c", "a")] == 0.5
    assert ("b", "b") not in scores


def test_pairwise_scores_unfinished_game_is_a_draw():
    scores = {}
    pairwise_scores(["a", "b"], None, scores)
    assert scores == {("a", "b"): 0.5, ("b", "a"): 0.5}


def test_elo_two_bots_matches_the_closed_form():
    # Bradley-Terry with two players: p_a/p_b = wins_a/wins_b, so 400*log10(3) apart.
    r = elo_ratings({("a", "b"): 3.0, ("b", "a"): 1.0}, prior=0.0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (r["a"] + r["b"]) / 2 == pytest.approx(1500)


def test_elo_prior_adds_virtual_draws():
    r = elo_ratings({("a", "b"): 3.0, ("b", "a"): 1.0}, prior=1.0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(3.5 / 1.5), abs=1e-6)
    # a bot that won everything stays finite
    r = elo_ratings({("a", "b"): 4.0, ("b", "a"): 0.0}, prior=1.0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(4.5 / 0.5), abs=1e-6)


def test_elo_three_bots_transitive():
    # a beats b 2:1 odds, b beats c 2:1 odds: a-c is 2*400*log10(2) apart (consistent BT data)
    scores = {
        ("a", "b"): 2.0,
        ("b", "a"): 1.0,
        ("b", "c"): 2.0,
        ("c", "b"): 1.0,
        ("a", "c"): 4.0,
        ("c", "a"): 1.0,
    }
    r = elo_ratings(scores, prior=0.0)
    assert r["a"] > r["b"] > r["c"]
    assert sum(r.values()) / 3 == pytest.approx(1500)
