"""OpenSpiel: both games registered as pyspiel Python games pass pyspiel.random_sim_test."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tycoon.rl import register_openspiel  # noqa: E402
from tycoon.rl.openspiel_game import determinized  # noqa: E402

register_openspiel()


# serialize=False: for a SAMPLED_STOCHASTIC game, SerializeGameAndState asks the Game for
# GetRNGState(), which pybind11 does not let a Python game override ("GetRNGState
# unimplemented"). Our states carry their own generator; state serialization itself is
# checked below.
@pytest.mark.parametrize("spec", ["tycoon_capital(players=2,turn_limit=40,seed=2)",
                                  "tycoon_capital(players=4,turn_limit=30,seed=3)"])
def test_capital_random_sim_test(spec):
    """pyspiel.random_sim_test on Capital: clones, masks, legal actions, returns."""
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=2, serialize=False,
                            verbose=False)


@pytest.mark.parametrize("spec", ["tycoon_deal(seed=11)", "tycoon_deal(players=3,seed=7)"])
def test_deal_random_sim_test(spec):
    """pyspiel.random_sim_test on Monopoly Deal (whole games to MD-8.1)."""
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=2, serialize=False,
                            verbose=False)


@pytest.mark.parametrize("name", ["tycoon_capital", "tycoon_deal"])
def test_state_serialize_round_trip(name):
    """state.serialize() / game.deserialize_state() give back the same position."""
    game = pyspiel.load_game(name, {"seed": 4})
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()


def test_seed_parameter_fixes_the_game():
    """seed >= 0: every initial state is the same game; -1: fresh games."""
    fixed = pyspiel.load_game("tycoon_deal", {"seed": 12})
    assert str(fixed.new_initial_state()) == str(fixed.new_initial_state())
    fresh = pyspiel.load_game("tycoon_deal")
    assert str(fresh.new_initial_state()) != str(fresh.new_initial_state())


def test_terminal_returns_and_game_info():
    """+1 winner / -1 others at the end of a Deal game (MD-8.1); declared sizes match."""
    game = pyspiel.load_game("tycoon_deal(players=3,seed=2)")
    assert game.num_distinct_actions() == len(game.new_initial_state().match.codec.labels)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    winner = state.match.state.winner
    assert winner is not None
    assert state.returns() == [1.0 if s == winner else -1.0 for s in range(3)]


def test_determinized_keeps_the_players_observation():
    """determinized() re-draws hidden cards but not what the player observes."""
    game = pyspiel.load_game("tycoon_deal(players=3,seed=5)")
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    other = determinized(state, player, seed=99)
    assert other.observation_tensor(player) == state.observation_tensor(player)
    assert str(other) != str(state)
