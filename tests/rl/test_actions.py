"""The fixed action spaces: at every step of random games the mask is exactly the engine's
legal actions, every legal action has one canonical index path, and decode(encode(a)) == a."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy")

import tycoon.capital as capital
import tycoon.deal as deal
from tycoon.capital.actions import Exchange, Play, Waive
from tycoon.rl.capital_codec import CODEC as CAPITAL
from tycoon.rl.capital_codec import charge_slot
from tycoon.rl.core import Match
from tycoon.rl.deal_codec import CODEC as DEAL

from .helpers import check_step, play_checked


@pytest.mark.parametrize(
    ("seats", "seed", "options"),
    [
        (4, 1, {}),
        (2, 2, {}),
        (3, 3, {"preset": "kapital"}),
        (4, 4, {"card_supply": "lap"}),
    ],
)
def test_capital_mask_is_exactly_the_legal_actions(seats, seed, options):
    """C-4 (roll, branch, waive, build/play/exchange/pass): random masked play to the turn
    limit, checking the mask against ``legal_actions`` at every step."""
    st = capital.new_game(seats=seats, seed=seed, turn_limit=60, **options)
    match = Match(CAPITAL, st, seed=seed)
    steps = play_checked(match, seed)
    assert match.state.is_over and steps > 60
    assert match.state.turn <= 60


@pytest.mark.parametrize(("seats", "seed", "options"), [
    (2, 1, {}),
    (3, 2, {"double_rent_stack": 2}),
    (5, 3, {"jsn_counts_as_play": False}),
    (4, 4, {"buildings_when_broken": "bank", "discard_to": "deck_bottom"}),
])
def test_deal_mask_is_exactly_the_legal_actions(seats, seed, options):
    """MD-3 to MD-8: random masked play of whole games, every decision checked."""
    st = deal.new_game(seats=seats, seed=seed, **options)
    match = Match(DEAL, st, seed=seed, turn_limit=400)
    play_checked(match, seed)
    assert match.over


def _waive_position(seed: int) -> Match:
    """A Capital position whose current player owes two Mafia Collections and a Lion's Sight
    with a Tax Exemption of 2 uses left: after moving it must choose 2 of 3 (C-4.3.1)."""
    st = capital.new_game(seats=3, seed=seed, turn_limit=50)
    me = st.current
    p = st.seats[me]
    p.effects["tax_exemption"] = 2
    p.effects["lion"] = 1
    p.mafia = [(me + 1) % 3, (me + 2) % 3]
    match = Match(CAPITAL, st, seed=seed)
    while match.state.phase != "waive":
        check_step(match)
        match.step(sorted(match.options())[0])
    return match


def test_capital_waive_is_a_canonical_compound_choice():
    """C-4.3.1: a waive is chosen charge by charge in slot order, then "waive done"; the
    three legal Waive actions are exactly the three complete paths."""
    match = _waive_position(5)
    check_step(match)
    legal = match.state.legal_actions(match.seat)
    assert sorted(legal, key=str) == sorted(
        [Waive(("lion:0", "mafia:0")), Waive(("lion:0", "mafia:1")),
         Waive(("mafia:0", "mafia:1"))], key=str)
    mafia0 = CAPITAL.waive + charge_slot("mafia:0")
    mafia1 = CAPITAL.waive + charge_slot("mafia:1")
    lion0 = CAPITAL.waive + charge_slot("lion:0")
    assert set(match.mask().nonzero()[0].tolist()) == {mafia0, mafia1}
    seat = match.seat
    match.step(mafia0)
    assert match.seat == seat and match.selection == (mafia0,)
    assert set(match.mask().nonzero()[0].tolist()) == {mafia1, lion0}
    match.step(lion0)
    assert match.state.phase == "waive", "nothing reaches the engine before 'done'"
    assert set(match.mask().nonzero()[0].tolist()) == {CAPITAL.waive_done}
    match.step(CAPITAL.waive_done)
    # both uses of the exemption are spent, Mafia Collection 1 is paid, the effects cleared
    p = match.state.seats[seat]
    assert p.effects["tax_exemption"] == 0 and p.effects["lion"] == 0 and p.mafia == []
    assert match.state.phase != "waive"
    assert match.selection == ()


def test_capital_exchange_path_is_sorted_cards_then_done():
    """D-8: an exchange of cards is its cards in C-7 order, then "exchange done"."""
    ex = Exchange(("toll", "toll", "private_jet"))
    path = CAPITAL.path(ex)
    assert path[-1] == CAPITAL.exchange_done
    assert [CAPITAL.labels[i] for i in path[:-1]] == [
        "exchange+ toll", "exchange+ toll", "exchange+ private_jet"]
    assert CAPITAL.labels[CAPITAL.path(Play("implosion", (17, 2)))[0]] == (
        "play implosion square=17 lot=2")
    assert CAPITAL.labels[CAPITAL.path(Play("lions_sight", 3))[0]] == "play lions_sight seat=3"


def test_deal_labels_name_each_index_once():
    """Every index of the Monopoly Deal space has a distinct label."""
    assert len(set(DEAL.labels)) == DEAL.n_actions
    assert len(set(CAPITAL.labels)) == CAPITAL.n_actions


def test_illegal_index_changes_nothing():
    """An index outside the mask raises ValueError and leaves the match as it was."""
    match = Match(DEAL, deal.new_game(seats=2, seed=9), seed=9)
    before = match.state.to_json()
    illegal = next(i for i in range(DEAL.n_actions) if i not in match.options())
    with pytest.raises(ValueError, match="not legal"):
        match.step(illegal)
    assert match.state.to_json() == before and match.steps == 0


def test_an_action_that_is_not_an_integer_is_refused():
    """1.5 was played as 1, and "3" as 3: an index is an integer (NumPy's too), else a
    ValueError that says so, the match unchanged."""
    import numpy as np

    match = Match(DEAL, deal.new_game(seats=2, seed=9), seed=9)
    before = match.state.to_json()
    legal = sorted(match.options())[0]
    for bad in (legal + 0.5, float(legal), str(legal), None, np.float64(legal)):
        with pytest.raises(ValueError, match=rf"^an action is an integer index from 0 to "
                                             rf"{DEAL.n_actions - 1}, not "):
            match.step(bad)
    assert match.state.to_json() == before and match.steps == 0
    match.step(np.int64(legal))
    assert match.steps == 1


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 4))
def test_capital_masks_property(seed, seats):
    """C-4: for any seed, the mask matches the legal actions at every step (turn limit 30)."""
    match = Match(CAPITAL, capital.new_game(seats=seats, seed=seed, turn_limit=30), seed=seed)
    play_checked(match, seed)
    assert match.state.is_over


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 5))
def test_deal_masks_property(seed, seats):
    """MD-3 to MD-8: for any seed, the mask matches the legal actions at every step."""
    match = Match(DEAL, deal.new_game(seats=seats, seed=seed), seed=seed, turn_limit=400)
    play_checked(match, seed)
    assert match.over


def test_capital_minigames_are_played_by_the_env_at_the_chosen_skill():
    """C-4.4.2 / C-9: agents never see a minigame; the env's minigame bots play it, and
    near-perfect bots (skill 1) earn more than hopeless ones (skill 0) on the same game."""
    totals = []
    for skill in (0.0, 1.0):
        match = Match(CAPITAL, capital.new_game(seats=2, seed=21, turn_limit=40), seed=21,
                      session_skill=skill)
        while not match.over:
            assert match.state.phase != "minigame"
            match.step(min(match.options()))  # roll, go straight, pass: money plays no part
        totals.append(sum(p.balance for p in match.state.seats))
    assert totals[1] > totals[0]
