"""Many seeded random games: never stuck (MD-3, MD-6.10), every action described in words."""

import pytest

from tycoon.deal import from_json, new_game, parse_action
from tycoon.deal.describe import prompt
from tycoon.engine import Rng

from .helpers import DEBT, M5, act, build, seat, words

OPTIONS = [
    {},
    {"double_rent_stack": 2, "jsn_counts_as_play": False},
    {"discard_to": "deck_bottom", "buildings_when_broken": "bank"},
]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS)
def test_md_random_games_never_get_stuck_and_end(seats, options):
    for seed in range(12):
        state = new_game(seats=seats, seed=seed, **options)
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            steps += 1
            assert steps < 20_000, "game did not end"
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} to move has no legal action in phase {state.phase}"
            state.apply(seat, legal[rng.below(len(legal))])
            if steps % 5 == 0 and seed < 4:  # every reachable position is a valid position
                data = state.to_json()
                assert from_json(data).to_json() == data
            n = sum(len(h) for h in state.hands) + len(state.deck) + len(state.discard)
            n += sum(len(b) for b in state.banks)
            n += sum(
                len(x.cards) + (x.house is not None) + (x.hotel is not None)
                for t in state.tables
                for x in t
            )
            assert n == 106
        assert len(state.full_colors(state.winner)) >= 3


def test_every_action_is_described_in_words():
    kinds = set()
    for seed in range(30):
        state = new_game(seats=3, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            (seat,) = state.to_move()
            legal = state.legal_actions(seat)
            assert prompt(state, seat)
            for a in legal:
                text = words(state, a, seat)
                assert text and "=" not in text and "(s)" not in text and text[0].isupper()
                kinds.add(a.type)
                assert parse_action(a.to_json()) == a
            state.apply(seat, legal[rng.below(len(legal))])
    assert kinds >= {"bank", "property", "rent", "pay", "accept", "end_turn", "move_wild"}


def test_prompt_for_a_payment_is_in_words():
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M5[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert prompt(s, 1) == "Pay 5M to Seat 1: choose a card of your bank or of your properties."
    assert prompt(s, 0) == "Waiting for Seat 2."
    assert prompt(s, 1, "pt") == ("Pague 5M a Jogador 1: escolha uma carta do seu banco ou das "
                                  "suas propriedades.")
    assert words(s, s.legal_actions(1)[0], 1) == "Pay 5M from your bank"


def test_clone_is_independent():
    s = new_game(seats=3, seed=12)
    c = s.clone()
    assert c.to_json() == s.to_json()
    (seat,) = c.to_move()
    c.apply(seat, c.legal_actions(seat)[0])
    assert c.to_json() != s.to_json()
    assert s.to_json() == new_game(seats=3, seed=12).to_json()


def test_simulate_deal_runs_generically():
    from tycoon.study.simulate import simulate

    summary = simulate("deal", 6, seed=3, seats=3, options={"double_rent_stack": 2}).to_json()
    assert summary["finished"] == 6 and summary["wins_by_reason"] == {"three_sets": 6}
    assert sum(summary["wins_by_seat"].values()) == 6


def test_md_4_1_properties_are_never_banked():
    for seed in range(20):
        s = new_game(seats=2, seed=seed)
        (seat_,) = s.to_move()
        for a in s.legal_actions(seat_):
            if a.type == "bank":
                assert s.view(None) and a.card not in range(20, 59)


def test_pending_view_of_a_wild_rent_names_payer_and_amount():
    from .helpers import GREEN, M10, RENT_WILD

    s = build([seat(hand=[RENT_WILD[0]], sets=[("green", GREEN[:2])]), seat(), seat(bank=[M10[0]])])
    act(s, 0, type="rent", card=RENT_WILD[0], color="green", target=2)
    p = s.view(1)["pending"]
    assert p["kind"] == "rent" and p["by"] == 0 and p["target"] == 2 and p["targets"] == [2]
    assert p["color"] == "green" and p["amount"] == 4 and p["owed"] == 4 and p["stage"] == "pay"
    assert s.to_move() == [2]
