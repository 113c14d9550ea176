"""Many seeded random games: never stuck (MD-3, MD-6.10), every action described in words."""

import pytest

from tycoon.deal import new_game, parse_action
from tycoon.deal.describe import prompt
from tycoon.engine import Rng

from .helpers import DEBT, M5, act, build, seat

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
                text = state.describe(a, seat)
                assert text and "=" not in text and text[0].isupper()
                kinds.add(a.type)
                assert parse_action(a.to_json()) == a
            state.apply(seat, legal[rng.below(len(legal))])
    assert kinds >= {"bank", "property", "rent", "pay", "accept", "end_turn", "move_wild"}


def test_prompt_for_a_payment_is_in_words():
    s = build([seat(hand=[DEBT[0]]), seat(bank=[M5[0]])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert prompt(s, 1) == "Pay 5M to seat 0: choose a card from your bank or properties."
    assert prompt(s, 0) == "Waiting for seat 1."
    assert s.describe(s.legal_actions(1)[0], 1) == "Pay with 5M"


def test_clone_is_independent():
    s = new_game(seats=3, seed=12)
    c = s.clone()
    assert c.to_json() == s.to_json()
    (seat,) = c.to_move()
    c.apply(seat, c.legal_actions(seat)[0])
    assert c.to_json() != s.to_json()
    assert s.to_json() == new_game(seats=3, seed=12).to_json()
