"""C-9.5, C-4.4.2: the fast path the engine uses for ready-made minigame inputs.

``minigames.plays`` gives each bot's inputs with their points without calling ``score``
(and, for Find the Key and Change Money, without building the contents); the engine pays
those points when a seat submits a ready-made action. They must equal what ``bot_inputs``
and ``score`` give, or the engine would pay a different amount than the scorer.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tycoon.capital import landing
from tycoon.capital.minigames import (
    GAMES,
    LEVELS,
    bot_inputs,
    change_money,
    find_key,
    generate,
    plays,
    score,
)
from tycoon.capital.minigames.common import Dice, digits
from tycoon.engine import Rng

from .helpers import position, roll

ALL = [(g, lv) for g in GAMES for lv in LEVELS]


@pytest.mark.parametrize(("game", "level"), ALL)
@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_c9_5_plays_equal_bot_inputs_and_score(game, level, seed):
    """The points of ``plays`` are the scorer's points for the bots' inputs (C-9.5)."""
    bots = [(0.0, 3), (0.5, 4), (1.0, 5), (0.25, seed)]
    c = generate(game, level, seed)
    for given_contents in (None, c):
        made = plays(game, level, seed, bots, given_contents)
        assert len(made) == len(bots)
        for (inputs, points), (skill, bot_seed) in zip(made, bots, strict=True):
            assert inputs == bot_inputs(game, level, c, skill, bot_seed)
            assert points == score(game, level, c, inputs)


@given(
    game_level=st.sampled_from(ALL),
    seed=st.integers(0, 2**64 - 1),
    bot_seed=st.integers(0, 2**64 - 1),
    skill=st.floats(0, 1),
)
def test_c9_5_plays_points_are_the_scorers_property(game_level, seed, bot_seed, skill):
    """Property: for any seeds and skill, ``plays`` agrees with ``bot_inputs`` + ``score``."""
    game, level = game_level
    c = generate(game, level, seed)
    [(inputs, points)] = plays(game, level, seed, [(skill, bot_seed)])
    assert inputs == bot_inputs(game, level, c, skill, bot_seed)
    assert points == score(game, level, c, inputs)


@pytest.mark.parametrize("level", LEVELS)
def test_c9_4_answers_without_contents_match_the_contents(level):
    for seed in range(20):
        rounds = generate("find_key", level, seed)["rounds"]
        assert find_key.answers(level, seed) == [r["answer"] for r in rounds]


@pytest.mark.parametrize("level", LEVELS)
def test_c9_1_gaps_without_contents_match_the_contents(level):
    for seed in range(20):
        sums = generate("change_money", level, seed)["sums"]
        assert change_money._gaps(Rng(seed), level) == [s["c"] - s["a"] for s in sums]
        assert all(1 <= s["a"] <= change_money.A_MAX for s in sums)


def test_c9_4_answers_are_spread_over_every_key():
    """The answer's index is uniform: every index is used, none dominates."""
    for level, n in find_key.KEYS.items():
        counts = Counter(a for seed in range(100) for a in find_key.answers(level, seed))
        assert sorted(counts) == list(range(n))
        assert max(counts.values()) < 1.25 * 6000 / n


def test_c9_bot_dice_are_uniform_and_deterministic():
    d = Dice(11)
    rolls = [d.below(6) for _ in range(6000)]
    counts = Counter(rolls)
    assert sorted(counts) == list(range(6)) and max(counts.values()) < 1150
    again = Dice(11)
    assert [again.below(6) for _ in range(6000)] == rolls
    assert Counter(digits(Rng(3), 7, 7000)).most_common(1)[0][1] < 1150


def test_c4_4_2_bot_action_is_paid_its_scored_points():
    """The engine pays a session bot's action exactly what the scorer gives its inputs
    (D-7), at every table clock (minigame_seconds)."""
    for seed in range(8):
        for seconds in (30, 60, 90):
            st_ = position(seats=3, seat={0: {"square": 11}}, rng={"state": seed},
                           options={"minigame_seconds": seconds})
            roll(st_, 1, 1)  # 12, 13: the minigame square
            assert st_.phase == "minigame"
            session = st_.session()
            assert session.duration_ms == seconds * 1000
            game = st_.minigame["game"]
            for seat in range(3):
                assert st_.legal_actions(seat) == [session.action(seat, [])]
                level = landing.level(st_, seat)
                contents = generate(game, level, st_.minigame["seeds"][seat])
                for skill in (0.0, 0.5, 1.0):
                    action = session.bot_action(seat, skill, seed + seat)
                    expected = score(game, level, contents, list(action.inputs),
                                     seconds * 1000)
                    assert landing.score(st_, seat, action) == expected
                    # an equal action built anew (not the offered object) is scored the same
                    copy = type(action)(tuple(dict(i) for i in action.inputs))
                    assert landing.score(st_, seat, copy) == expected
