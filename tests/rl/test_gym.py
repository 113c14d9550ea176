"""Gymnasium single-agent wrappers: Gymnasium's check_env, bots, masks, illegal actions."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env

from tycoon.rl import capital_gym, deal_gym


def test_capital_gym_passes_check_env():
    """Gymnasium's check_env on Capital, one agent against random bots."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec": not made by gymnasium.make
        check_env(capital_gym(seats=3, turn_limit=40), skip_render_check=True)


def test_deal_gym_passes_check_env():
    """Gymnasium's check_env on Monopoly Deal, one agent against random bots."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(deal_gym(seats=3), skip_render_check=True)


@pytest.mark.parametrize("game", ["Capital", "Deal"])
def test_check_env_finds_nothing_to_warn_of_through_gymnasium_make(game):
    """What a researcher runs first: the environment made by id, rendering included. It
    warned that no render_fps was declared."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gym.make(f"tycoon.rl:tycoon/{game}-v0", render_mode="ansi", turn_limit=30)
        check_env(env.unwrapped)


def _episode(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        assert obs.shape == env.observation_space.shape
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        if terminated or truncated:
            return total, terminated, info


@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_deal_gym_against_bots_ends_with_plus_or_minus_one(spec):
    """MD-8.1: a whole game against bots; the agent's return is +1 if it won, else -1."""
    env = deal_gym(seats=2, opponents=spec, seat=1)
    total, terminated, info = _episode(env, 3)
    assert terminated
    assert total == (1.0 if info["result"]["winner"] == 1 else -1.0)


def test_capital_gym_against_heuristic_bots():
    """C-7.3 / turn_limit: a Capital game against heuristic bots ends, return in {-1, 0, 1}."""
    env = capital_gym(seats=3, opponents=["heuristic", "random"], turn_limit=60)
    total, terminated, info = _episode(env, 4)
    assert terminated
    winner = info["result"]["winner"]
    assert total == (0.0 if winner is None else 1.0 if winner == 0 else -1.0)


def test_illegal_action_changes_nothing_and_is_penalised():
    """An index outside the mask: reward illegal_reward, same observation, not terminated."""
    env = deal_gym(seats=2, illegal_reward=-0.5)
    obs, info = env.reset(seed=8)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.5 and info2["illegal"] and not terminated and not truncated
    assert np.array_equal(obs, obs2)
    assert np.array_equal(info["action_mask"], env.action_masks())


def test_an_action_that_is_not_an_integer_is_an_error_not_a_step():
    env = deal_gym(seats=2)
    _, info = env.reset(seed=8)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(ValueError, match="an action is an integer index"):
        env.step(legal + 0.5)
    assert env.steps == 0
    env.step(np.int64(legal))
    assert env.steps == 1


def test_bad_bot_spec_is_refused():
    """A bad opponent spec fails at construction, naming the known bots."""
    with pytest.raises(ValueError, match="known bots"):
        deal_gym(opponents="wizard")


def test_gymnasium_make_ids():
    """``gymnasium.make("tycoon/Deal-v0", ...)`` builds the wrapper with its options."""
    import gymnasium as gym

    env = gym.make("tycoon/Deal-v0", seats=3, opponents="random")
    _, info = env.reset(seed=1)
    assert env.spec.id == "tycoon/Deal-v0" and env.unwrapped.seats == 3
    assert np.array_equal(info["action_mask"], env.get_wrapper_attr("action_masks")())
    assert gym.make("tycoon/Capital-v0", turn_limit=10).unwrapped.game == "capital"


def test_gymnasium_make_with_no_import_of_tycoon():
    """In a fresh interpreter, ``gymnasium.make("tycoon.rl:tycoon/Deal-v0")`` works with
    nothing of Tycoon imported first (Gymnasium 1.x's "module:id" form), and the package
    declares its ``gymnasium.envs`` entry point (the plugin hook of Gymnasium 0.26-0.29)."""
    import subprocess
    import sys
    from importlib.metadata import entry_points

    code = ("import sys, gymnasium as gym; assert 'tycoon' not in sys.modules; "
            "e = gym.make('tycoon.rl:tycoon/Deal-v0', seats=2); o, i = e.reset(seed=1); "
            "assert i['action_mask'].sum() > 0; print(e.spec.id)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True)
    assert out.stdout.strip() == "tycoon/Deal-v0"
    eps = {ep.name: ep.value for ep in entry_points(group="gymnasium.envs")}
    assert eps.get("tycoon") == "tycoon.rl.registration:register_envs"


def _vector_run(vec, steps):
    obs, infos = vec.reset(seed=3)
    ended = 0
    for _ in range(steps):
        masks = infos["action_mask"]
        actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
        obs, _rewards, terms, truncs, infos = vec.step(actions)
        assert obs.shape == (vec.num_envs, *vec.single_observation_space.shape)
        ended += int(terms.sum() + truncs.sum())
    return ended


@pytest.mark.parametrize("game", ["deal", "toy"])
def test_sync_vector_env(game):
    """gymnasium.make_vec(..., vectorization_mode="sync"): masks per sub-env, episodes end
    and reset on their own (MD-8.1 wins in Deal, the turn limit in Toy)."""
    import gymnasium as gym

    from tycoon.rl.registration import env_id

    vec = gym.make_vec(env_id(game), num_envs=3, vectorization_mode="sync", seats=2)
    assert _vector_run(vec, 400) > 0
    vec.close()


def test_async_vector_env():
    """gymnasium.make_vec(..., vectorization_mode="async"): the same in subprocesses."""
    import gymnasium as gym

    vec = gym.make_vec("tycoon/Toy-v0", num_envs=2, vectorization_mode="async", seats=2)
    try:
        assert _vector_run(vec, 60) > 0
    finally:
        vec.close()


def test_same_step_autoreset_gives_each_env_a_legal_action_at_every_step():
    """docs/rl.md: under Gymnasium's default next-step autoreset a finished environment's mask
    is all zeros until the step that resets it, so a masked sampler (``rng.choice`` of the
    legal indices) had nothing to choose from there; ``autoreset_mode=SAME_STEP`` hands back
    the new episode's mask with the last one's end."""
    import gymnasium as gym

    vec = gym.make_vec("tycoon/Deal-v0", num_envs=3, vectorization_mode="sync", seats=2,
                       vector_kwargs={"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP})
    _, infos = vec.reset(seed=3)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]])
        _, _, terms, truncs, infos = vec.step(actions)
        ended += int(terms.sum() + truncs.sum())
    vec.close()
    assert ended > 0  # episodes ended, and every step after had a legal action in each env


def test_ansi_render_tells_the_table_as_the_terminal_does():
    """The "ansi" rendering was one line ("deal turn 2 phase play to move [0] winner None"):
    nothing of the table an agent's behaviour could be read against. It now adds the table
    as ``tycoon play`` tells it: the Gym agent's own hand, and to a spectator (AEC) none."""
    from tycoon.rl import env

    gym_env = gym.make("tycoon.rl:tycoon/Deal-v0", render_mode="ansi", seats=2)
    gym_env.reset(seed=1)
    lines = gym_env.render().splitlines()
    assert lines[:3] == ["deal turn 2 phase play to move [0] winner None",
                         "Turn 2; Seat 1 to play.",
                         "Seat 1: 7 cards in hand, bank 0M, 0 full sets."]
    assert lines[3].startswith("Your hand, 7 cards: Railroad property, Just Say No, ")
    aec = env("capital", seats=3, render_mode="ansi")
    aec.reset(seed=2)
    lines = aec.render().splitlines()
    assert "Seat 3: balance $500, net worth $500 (33%), 0 laps, 2 dice, on start square 29, " \
           "5 cards." in lines
    assert not any("hand" in line.lower() for line in lines)
