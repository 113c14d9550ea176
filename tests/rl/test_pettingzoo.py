"""PettingZoo AEC environments: the peers' own api_test and seed_test, and our rewards."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from tycoon.rl import capital_env, deal_env


@pytest.mark.parametrize("seats", [2, 4])
def test_capital_env_passes_pettingzoo_api_test(seats):
    """PettingZoo's api_test on Capital (C-3 set-up to C-10 end by turn limit)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "obs is a dict": masks need a Dict
        api_test(capital_env(seats=seats, turn_limit=60), num_cycles=400)


@pytest.mark.parametrize("seats", [2, 5])
def test_deal_env_passes_pettingzoo_api_test(seats):
    """PettingZoo's api_test on Monopoly Deal (whole games, MD-8.1 wins)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(deal_env(seats=seats), num_cycles=400)


def test_capital_env_passes_seed_test():
    """PettingZoo's seed_test: the same seed gives the same game (C-3.2, D-… RNG)."""
    seed_test(lambda: capital_env(seats=3, turn_limit=60), num_cycles=200)


def test_deal_env_passes_seed_test():
    """PettingZoo's seed_test on Monopoly Deal."""
    seed_test(lambda: deal_env(seats=3), num_cycles=200)


def _play(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, terminated, truncated, info = env.last(observe=False)
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    return totals


def test_deal_rewards_winner_plus_one_others_minus_one():
    """MD-8.1: the seat with three full sets gets +1, every other seat -1."""
    env = deal_env(seats=3)
    totals = _play(env, 11)
    winner = env.match.state.winner
    assert winner is not None and env.match.state.is_over
    assert totals == {a: 1.0 if s == winner else -1.0
                      for s, a in enumerate(env.possible_agents)}


def test_capital_turn_limit_ends_with_zero_rewards():
    """C-10 / turn_limit option: a game stopped by the turn limit gives 0 to every seat and
    is a termination (the engine ends the game), not a truncation."""
    env = capital_env(seats=2, turn_limit=4)
    env.reset(seed=2)
    seen_end = False
    for _agent in env.agent_iter():
        _, reward, terminated, truncated, info = env.last(observe=False)
        if terminated or truncated:
            assert terminated and not truncated and reward == 0.0
            assert info["result"]["reason"] == "turn_limit"
            seen_end = True
            env.step(None)
            continue
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert seen_end and env.agents == []


def test_deal_turn_limit_is_the_rules_option():
    """Monopoly Deal's turn_limit rules option: the env passes its turn_limit to the game,
    which stops unfinished (reason turn_limit, no winner): a termination, rewards 0."""
    env = deal_env(seats=2, turn_limit=3)
    env.reset(seed=5)
    assert env.match.turn_limit is None  # no truncation cap: the game ends itself
    totals = _play(env, 5)
    assert set(totals.values()) == {0.0}
    assert env.match.state.is_over and env.match.result().reason == "turn_limit"


def test_a_game_without_turn_limit_option_is_truncated():
    """A game with no turn_limit option is truncated by the match once its turn counter
    passes the limit (a decision cap, rewards 0)."""
    import dataclasses

    from tycoon.engine import get_game
    from tycoon.rl.core import split_turn_limit

    toy = get_game("toy")
    bare = dataclasses.replace(
        toy, options=tuple(o for o in toy.options if o.name != "turn_limit"))
    rules, cap = split_turn_limit(bare, 5, {"round_every": 0})
    assert rules == {"round_every": 0} and cap == 5
    assert split_turn_limit(toy, 5, {}) == ({"turn_limit": 5}, None)
    with pytest.raises(ValueError, match="positive integer"):
        split_turn_limit(toy, 0, {})


def test_only_the_acting_seat_has_a_mask():
    """The mask of a seat that is not to act is all zeros; the acting seat's is not."""
    env = deal_env(seats=3)
    env.reset(seed=4)
    acting = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)
