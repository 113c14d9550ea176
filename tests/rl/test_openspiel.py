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
    player = max(state.current_player(), 0)
    assert again.information_state_string(player) == state.information_state_string(player)
    assert again.information_state_tensor(player) == state.information_state_tensor(player)


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


def test_every_game_with_a_codec_is_registered():
    """tycoon_<game> for each game with an RL codec, the Toy game included."""
    from tycoon.rl import rl_games

    names = register_openspiel()
    assert {f"tycoon_{g}" for g in rl_games()} == set(names) >= {"tycoon_toy"}
    game = pyspiel.load_game("tycoon_toy(players=3,turn_limit=6,round_every=3)")
    assert game.num_players() == 3 and game.get_parameters()["round_every"] == 3


def test_toy_random_sim_test():
    """pyspiel.random_sim_test on the Toy game, its information states included."""
    pyspiel.random_sim_test(pyspiel.load_game("tycoon_toy(players=3,turn_limit=9)"),
                            num_sims=3, serialize=False, verbose=False)


def _play_toy(seed, moves, players=2):
    game = pyspiel.load_game(f"tycoon_toy(players={players},turn_limit=4,round_every=2,"
                             f"seed={seed})")
    state = game.new_initial_state()
    for pick in moves:
        state.apply_action(pick(state.legal_actions()))
    return state


def test_information_state_is_perfect_recall_and_hides_others_cards():
    """Perfect recall: the information state holds the seat's own past choices and every
    event it may know (a card played by the other seat stays known after it is gone); it
    never holds another seat's hidden card (the other's draw shows as "drew" only); the
    flags say so and the tensor has the declared size."""
    game_type = pyspiel.load_game("tycoon_toy").get_type()
    assert game_type.provides_information_state_string
    assert game_type.provides_information_state_tensor
    state = _play_toy(1, [min, max, min])  # seat 0 plays, seat 1 draws, peek, seat 0 plays
    text0 = state.information_state_string(0)
    text1 = state.information_state_string(1)
    played = [e for e in state.match.log if e[1] is not None]
    assert f"a{played[0][1]}" in text0 and f"a{played[0][1]}" not in text1
    drawn = next(ev.card for _, _, evs in state.match.log for ev in evs if ev.type == "drew")
    assert f'"card":{drawn}' in text1 and '{"type":"drew"}' in text0
    assert f'"card":{drawn}' not in text0.replace(f'"card":{drawn},"seat":0', "")
    assert '"type":"peeked"' in text0  # the peek round's results (public events)
    tensor = state.information_state_tensor(0)
    game = state.get_game()
    assert len(tensor) == game.information_state_tensor_size()
    # a different history for seat 0 gives a different information state
    other = _play_toy(1, [max, max, min])
    assert other.information_state_string(0) != text0


def test_information_state_is_the_same_for_indistinguishable_histories():
    """Two games that differ only in what seat 0 cannot see (seat 1's hand and the deck)
    give seat 0 the same information state while seat 0 plays its own cards and seat 1 only
    draws, and seat 1 different ones."""
    game = pyspiel.load_game("tycoon_toy(players=2,turn_limit=4,round_every=0,seed=5)")
    a = game.new_initial_state()
    b = determinized(a, 0, seed=77)
    for pick in (min, max, min):  # seat 0 plays its lowest card, seat 1 draws (the top index)
        action = pick(a.legal_actions())
        assert action == pick(b.legal_actions())
        a.apply_action(action)
        b.apply_action(action)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)


def test_outcome_sampling_mccfr_runs_on_the_toy_game():
    """OpenSpiel's outcome-sampling MCCFR (a CFR-family algorithm) runs on a small Toy
    variant over fresh deals (seed -1) and learns a policy over many information states."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("tycoon_toy(players=2,turn_limit=4,round_every=2)")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(200):
        solver.iteration()
    infostates = solver._infostates  # the solver's regret and average-policy tables
    assert len(infostates) > 50
    policy = solver.average_policy()
    state = game.new_initial_state()
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and abs(sum(probs.values()) - 1) < 1e-9


def test_cfr_lowers_nash_conv_on_a_tiny_toy_variant():
    """Tabular CFR and nash_conv (exploitability tools walk the whole tree) on a tiny fixed
    Toy deal: after some iterations the average policy's NashConv is near 0, far below the
    uniform policy's."""
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game("tycoon_toy(players=2,turn_limit=3,round_every=0,seed=2)")
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(30):
        solver.evaluate_and_update_policy()
    after = exploitability.nash_conv(game, solver.average_policy())
    assert uniform > 0.1 and after < 0.1 * uniform


def test_rules_options_and_presets_as_parameters():
    """Rules options are pyspiel parameters, checked by the game (MD-6.3 double rent stack);
    a preset's values apply to the options left at their defaults (Kapital: C-11 levels
    on landing)."""
    deal = pyspiel.load_game("tycoon_deal(double_rent_stack=2)")
    assert deal.new_initial_state().tycoon_state().to_json()["options"]["double_rent_stack"] == 2
    with pytest.raises(Exception, match="double_rent_stack"):
        pyspiel.load_game("tycoon_deal(double_rent_stack=3)")
    kapital = pyspiel.load_game("tycoon_capital(preset=kapital,players=2)")
    options = kapital.new_initial_state().tycoon_state().view(0)["options"]
    assert options["level_up"] == "landing" and options["turn_limit"] == 200
