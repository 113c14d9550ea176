"""The Toy game (tests/plugins, its codec included) through every RL wrapper: the proof that
the RL layer names no game. Its peek round is an input session the environment plays."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from tycoon.engine import get_game
from tycoon.rl import env, make_gym, parallel_env, rl_games
from tycoon.rl.core import Match, codec_of

from .helpers import play_checked


def test_toy_declares_its_codec_through_the_registry():
    """The codec is found through the Toy GameInfo's extensions, nothing in src/ names it."""
    assert "toy" in rl_games()
    assert codec_of("toy").game == "toy"
    assert get_game("toy").extensions["rl_codec"] == "toygame.rl_codec:CODEC"
    import tycoon.rl

    made = tycoon.rl.toy_env(seats=3)  # the bound aliases exist for every registered game
    assert made.game == "toy" and made.seats == 3
    assert tycoon.rl.toy_gym().game == tycoon.rl.toy_parallel().unwrapped.game == "toy"
    with pytest.raises(AttributeError):
        tycoon.rl.chess_env  # noqa: B018


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_toy_env_passes_pettingzoo_api_test(seats):
    """PettingZoo's api_test on the Toy game, peek rounds included."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env("toy", seats=seats, turn_limit=12), num_cycles=200)


def test_toy_env_passes_seed_test():
    """The same seed gives the same Toy game, peek rounds included."""
    seed_test(lambda: env("toy", seats=3, turn_limit=12), num_cycles=100)


def test_toy_gym_passes_check_env():
    """Gymnasium's check_env on the Toy game, one agent against random bots."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(make_gym("toy", seats=3), skip_render_check=True)


def test_toy_mask_is_exactly_the_legal_actions():
    """Random masked play: the mask is the engine's legal actions at every step."""
    for seed in range(5):
        match = Match(codec_of("toy"), get_game("toy").new_game(seats=3, seed=seed), seed=seed)
        play_checked(match, seed)
        assert match.state.is_over


def test_toy_sessions_are_played_at_the_chosen_skill():
    """The peek round is played by session.bot_action at session_skill: a skilled bot
    (turns the best faces) scores at least as much as a hopeless one on every game, and more
    over a few games; the old name minigame_skill is accepted."""
    totals = {0.0: 0, 1.0: 0}
    for seed in range(6):
        for skill in totals:
            m = Match(codec_of("toy"), get_game("toy").new_game(seats=2, seed=seed), seed=seed,
                      minigame_skill=skill)
            while not m.over:
                assert m.state.session() is None
                m.step(max(m.indices()))  # always draw: scores come from the peek rounds
            totals[skill] += sum(m.result().scores)
    assert totals[1.0] > totals[0.0]


@pytest.mark.parametrize(("game", "options"), [
    ("toy", {"seats": 3, "turn_limit": 7}),
    ("deal", {"seats": 2}),
    ("capital", {"seats": 2, "turn_limit": 10}),
])
def test_parallel_env_passes_parallel_api_test(game, options):
    """PettingZoo's parallel_api_test: one seat moves per parallel step (turn-based games)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        parallel_api_test(parallel_env(game, **options), num_cycles=300)


def test_parallel_env_plays_only_the_active_agent():
    """Only ``active_agent``'s action is played; the others' (any index) are ignored; the
    game ends with +1 for the winner and -1 for the other (Toy: the best score)."""
    par = parallel_env("toy", seats=2, turn_limit=5)
    obs, infos = par.reset(seed=1)
    active = par.unwrapped.agent_selection
    while par.agents:
        actions = {a: 9999 for a in par.agents}  # out of range: would fail if played
        mask = obs[active]["action_mask"]
        actions[active] = int(np.flatnonzero(mask)[0])
        assert all(not obs[a]["action_mask"].any() for a in par.agents if a != active)
        obs, rewards, _terms, _truncs, infos = par.step(actions)
        if par.agents:
            active = infos[par.agents[0]]["active_agent"]
    assert sorted(rewards.values()) == [-1.0, 1.0]


def test_unknown_game_and_bad_options_are_refused():
    """An unknown game names the known ones; a bad rules option or skill fails at once."""
    with pytest.raises(ValueError, match="unknown game"):
        env("chess")
    with pytest.raises(ValueError, match="round_every"):
        env("toy", round_every=-1)
    with pytest.raises(ValueError, match="session_skill"):
        make_gym("toy", session_skill=2.0)


def test_gymnasium_ids_are_registered_for_every_game():
    """tycoon/Toy-v0 exists beside tycoon/Deal-v0 and tycoon/Capital-v0."""
    from tycoon.rl.registration import register_envs

    assert {"tycoon/Toy-v0", "tycoon/Deal-v0", "tycoon/Capital-v0"} <= set(register_envs())
    e = gym.make("tycoon/Toy-v0", seats=2)
    _, info = e.reset(seed=2)
    assert e.unwrapped.game == "toy" and info["action_mask"].sum() > 0
