"""Monopoly Deal's tuned policy: the heuristic's plays re-ranked as the search judged them."""

import numpy as np
import pytest

from tycoon.bots import deal as knowledge
from tycoon.bots import deal_tuned
from tycoon.bots.deal import DealHeuristic, pick, search_kwargs
from tycoon.deal import new_game
from tycoon.engine import derive_seed


def _positions(games=6):
    """Every decision of a few games between heuristic bots with random moves."""
    for g in range(games):
        state = new_game(seats=2, seed=derive_seed(77, "tuned", g))
        bots = [DealHeuristic(g * 2 + s, epsilon=0.2) for s in range(2)]
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.to_move()[0]
            yield state, seat
            state.apply(seat, bots[seat].choose(state, seat))


def _only(kind, value=10.0):
    """Weights that value one kind of play above all, and nothing else."""
    w = [0.0] * deal_tuned.SIZE
    w[deal_tuned.KINDS.index(kind) * deal_tuned.BLOCK] = value
    return deal_tuned.Weights(w)


def test_tuned_pick_is_legal_and_the_heuristic_outside_the_play_phase_MD_3_3():
    """MD-3.3's turn (play up to three cards, then end it): the tuned choice is always
    legal; payments, answers and discards stay the heuristic's."""
    seen = 0
    for state, seat in _positions():
        legal = state.legal_actions(seat)
        view = state.view(seat)
        chosen = deal_tuned.tuned_pick(view, seat, legal)
        assert chosen in legal
        if state.phase != "play":
            assert chosen == pick(view, seat, legal)
            seen += 1
    assert seen > 20


def test_the_weights_steer_the_choice_among_the_heuristics_best_plays_MD_4_1():
    """With weights that value only ending the turn, the policy ends it whenever it may;
    valuing only banking money (MD-4.1), it banks money whenever that is among the
    heuristic's best plays."""
    end, bank = _only("end_turn"), _only("bank_money")
    ended = banked = 0
    for state, seat in _positions():
        if state.phase != "play":
            continue
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if any(a.type == "end_turn" for a in legal):
            assert deal_tuned.tuned_pick(view, seat, legal, end).type == "end_turn"
            ended += 1
        tables = [knowledge.Table(s) for s in view["seats"]]
        best = [a for _, a in knowledge.ranked_plays(view, seat, tables, legal)]
        money = [a for a in best if a.type == "bank" and knowledge._cards().KIND[a.card] == "money"]
        if money:
            assert deal_tuned.tuned_pick(view, seat, legal, bank) in money
            banked += 1
    assert ended > 50 and banked > 20


def test_weights_round_trip_and_a_wrong_file_is_refused(tmp_path):
    w = deal_tuned.Weights(list(np.linspace(-1, 1, deal_tuned.SIZE)), {"note": "test"})
    path = tmp_path / "w.npz"
    w.save(path)
    back = deal_tuned.Weights.load(path)
    assert back.rows == w.rows and back.decisive == w.decisive and back.meta == {"note": "test"}
    with pytest.raises(ValueError, match="expected"):
        deal_tuned.Weights([0.0] * 5)


def test_shipped_weights_beat_the_heuristic_on_held_out_decisions():
    """The shipped fit's report: on held-out decisions of the search, the tuned choice falls
    shorter of the best candidate than the heuristic's does."""
    meta = deal_tuned.shipped().meta
    assert meta["decisions"] > 5000
    tuned, heuristic = meta["held_out_regret"]
    assert tuned < heuristic


def test_tuned_policy_is_the_tuned_pick_and_hard_keeps_the_heuristic_playouts():
    """As the search's own playout policy it won no more (docs/strength.md), so `hard` keeps the
    heuristic's playouts; the policy is the same choice as :func:`tuned_pick`."""
    assert search_kwargs()["policy"] is knowledge.heuristic_opponent
    state = new_game(seats=2, seed=5)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    assert deal_tuned.tuned_policy(state, seat, legal, None) == deal_tuned.tuned_pick(
        state.view(seat), seat, legal)


def test_fit_learns_differences_within_a_decision_only():
    """A constant added to every candidate of one decision changes nothing: only the
    differences between the plays of a decision are fitted."""
    rng = np.random.default_rng(3)
    x = rng.normal(size=(60, 4))
    true = np.array([0.5, -0.2, 0.0, 0.1])
    groups = np.repeat(np.arange(12), 5)
    y = x @ true
    shifted = y + np.repeat(rng.normal(size=12), 5)
    assert np.allclose(deal_tuned.fit(x, y, groups, 0.0), deal_tuned.fit(x, shifted, groups, 0.0))
    assert np.allclose(deal_tuned.fit(x, y, groups, 0.0), true, atol=1e-8)


def test_the_tuned_bot_is_registered_for_deal_only(tmp_path):
    from tycoon.bots import make_bot

    bot = make_bot("tuned", "deal", 1)
    assert bot.name == "tuned"
    state = new_game(seats=2, seed=8)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    assert bot.choose(state, seat) == deal_tuned.tuned_pick(state.view(seat), seat, legal)
    with pytest.raises(ValueError, match="Monopoly Deal only"):
        make_bot("tuned", "capital", 1)
    with pytest.raises(ValueError, match="cannot read the deal-playout weights file"):
        make_bot(f"tuned:weights={tmp_path / 'missing.npz'}", "deal", 1)
    (tmp_path / "text.npz").write_text("w = 1\n")
    with pytest.raises(ValueError, match="is not a deal-playout weights file"):
        make_bot(f"tuned:weights={tmp_path / 'text.npz'}", "deal", 1)
    path = tmp_path / "end.npz"
    _only("end_turn").save(path)
    ender = make_bot(f"tuned:weights={path}", "deal", 1)
    assert ender.choose(state, seat).type == "end_turn"
