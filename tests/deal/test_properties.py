"""Hypothesis: random legal games at 2-5 seats keep the invariants of MD-1, MD-5, MD-8, MD-9."""

import jsonschema
from hypothesis import given
from hypothesis import strategies as st

from tycoon.deal import from_json, new_game, parse_action
from tycoon.deal.actions import _INTERNED
from tycoon.deal.cards import VALUE
from tycoon.deal.position import schema
from tycoon.engine import IllegalAction, Record, Rng, replay

from .helpers import placed

OPTION_SETS = st.fixed_dictionaries(
    {},
    optional={
        "double_rent_stack": st.sampled_from([1, 2]),
        "jsn_counts_as_play": st.booleans(),
        "discard_to": st.sampled_from(["discard_pile", "deck_bottom"]),
        "buildings_when_broken": st.sampled_from(["discard", "bank"]),
    },
)
ALL_ACTIONS = list(_INTERNED.values())
MAX = 700
SCHEMA = schema()


def _total_value(state):
    return sum(state.table_value(s) for s in range(state.n))


@given(st.integers(2, 5), st.integers(0, 2**32), OPTION_SETS)
def test_md_random_games_keep_every_invariant(seats, seed, options):
    state = new_game(seats=seats, seed=seed, **options)
    rng = Rng(seed)
    record = Record("deal", seats, seed, dict(options))
    snapshot = None
    snapshot_at = rng.below(MAX // 2)
    tail = []
    for step in range(MAX):
        if state.is_over:
            break
        movers = state.to_move()
        assert len(movers) == 1  # never stuck, one decision at a time
        seat = movers[0]
        legal = state.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        for other in range(seats):
            if other != seat:
                assert state.legal_actions(other) == []
        # MD-9: a view holds only its own hand and never the deck order
        view = state.view(seat)
        assert "deck" not in view and "rng" not in view
        assert [("hand" in s) for s in view["seats"]] == [s == seat for s in range(seats)]
        if step % 7 == 0:
            before = state.to_json()
            wrong = ALL_ACTIONS[rng.below(len(ALL_ACTIONS))]
            if wrong not in legal:
                try:
                    state.apply(seat, wrong)
                    raise AssertionError(f"illegal {wrong} accepted")
                except IllegalAction:
                    pass
            try:
                state.apply((seat + 1) % seats, legal[0])
                raise AssertionError("a seat not to move was allowed to act")
            except IllegalAction:
                pass
            assert state.to_json() == before
        if step == snapshot_at:
            data = state.to_json()
            jsonschema.validate(data, SCHEMA)
            snapshot = from_json(data)
            assert snapshot.to_json() == data
            assert state.clone().to_json() == data
        action = legal[rng.below(len(legal))]
        value_before = _total_value(state)
        short = (
            action.type == "pay"
            and state.table_value(seat) <= state.pending.amount - state.pending.paid
        )
        events = state.apply(seat, action)
        record.actions.append((seat, action.to_json()))
        if snapshot is not None:
            tail.append((seat, action))
        # MD-5: a payment moves value from payer to receiver; only broken buildings may leave
        lost = sum(
            VALUE[c]
            for e in events
            if e.type == "buildings_lost" and e.to == "discard"
            for c in e.cards
        )
        if action.type == "pay":
            assert _total_value(state) == value_before - lost
            if short:  # MD-5.2: a payer worth no more than the debt gives everything of value
                assert lost == 0
        # MD-1: the 106 cards, each in exactly one place
        assert placed(state) == list(range(106))
        assert (
            sum(len(h) for h in state.hands)
            + len(state.deck)
            + len(state.discard)
            + sum(len(b) for b in state.banks)
            + sum(
                len(x.cards) + (x.house is not None) + (x.hotel is not None)
                for t in state.tables
                for x in t
            )
            == 106
        )
    if state.is_over:
        w = state.winner
        assert len(state.full_colors(w)) >= 3  # MD-8.1
        assert state.result()["winner"] == w and state.result()["reason"] == "three_sets"
        assert state.legal_actions(w) == [] and state.to_move() == []
    # round trip at any point continues identically
    if snapshot is not None:
        for seat, action in tail:
            snapshot.apply(seat, parse_action(action.to_json()))
        assert snapshot.to_json() == state.to_json()
    # seed + actions replays
    assert replay(Record.from_json(record.to_json())).to_json() == state.to_json()


@given(st.integers(2, 5), st.integers(0, 2**32))
def test_determinize_keeps_what_the_seat_sees(seats, seed):
    state = new_game(seats=seats, seed=seed)
    rng = Rng(seed)
    for _ in range(rng.below(150)):
        if state.is_over:
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    me = state.current
    d = state.determinize(me, seed + 1)
    assert d.view(me) == state.view(me)
    assert placed(d) == list(range(106))
    assert [len(h) for h in d.hands] == [len(h) for h in state.hands]
    assert (d.hands[me] == state.hands[me] and d.deck != state.deck) or len(state.deck) <= 1


def test_md_6_10_determinize_keeps_a_just_say_no_for_the_waiting_responder():
    from tycoon.deal.cards import IS_JSN

    from .helpers import DEBT, JSN, M5, act, build, seat

    s = build([seat(hand=[DEBT[0]]), seat(hand=[JSN[0], M5[1]], bank=[M5[0]]), seat(hand=[1, 2])])
    act(s, 0, type="debt_collector", card=DEBT[0], target=1)
    assert s.to_move() == [1]
    for k in range(30):
        d = s.determinize(0, k)
        assert any(IS_JSN[c] for c in d.hands[1])
        assert from_json(d.to_json()).to_json() == d.to_json()
        assert d.view(0) == s.view(0)
