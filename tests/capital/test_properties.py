"""Properties of random legal games (Hypothesis): money, JSON round trips, replays, secrets,
illegal actions refused unchanged, and a game that never gets stuck."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tycoon.capital as capital
from tycoon.capital import Branch, Build, Exchange, Minigame, Pass, Play, Roll, Waive
from tycoon.capital.cards import full_deck
from tycoon.capital.events import Transfer
from tycoon.engine import IllegalAction, InvalidAction, Record, Rng, replay

PROBES = [Roll(), Pass(), Branch("straight"), Branch("right"), Build(0, "bar"),
          Build(3, "super_center"), Play("easy_money"), Play("lions_sight", 0),
          Play("toll", 14), Play("implosion", (5, 0)), Exchange(("toll",)),
          Exchange(("easy_money", "easy_money", "easy_money", "easy_money", "easy_money")),
          Waive(()), Waive(("lion:0",))]
FULL_DECK = Counter(full_deck())


def play_random(seats, seed, options, check, max_decisions=600):
    state = capital.new_game(seats=seats, seed=seed, **options)
    record = Record("capital", seats, seed, dict(options))
    rng = Rng(seed ^ 0x5EED)
    decisions = 0
    while not state.is_over and decisions < max_decisions:
        movers = state.to_move()
        assert movers, "nobody can act but the game is not over"
        seat = rng.choice(movers)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        action = rng.choice(legal)
        before = [p.balance for p in state.seats]
        check(state, seat, legal)
        events = state.apply(seat, action)
        delta = Counter()
        for e in events:
            if isinstance(e, Transfer):
                assert e.amount > 0 and isinstance(e.amount, int)
                if e.payer is not None:
                    delta[e.payer] -= e.amount
                if e.payee is not None:
                    delta[e.payee] += e.amount
            json.dumps(e.to_json())
        after = [p.balance for p in state.seats]
        assert [after[s] - before[s] for s in range(seats)] == [delta[s] for s in range(seats)], \
            f"transfers do not explain the balances after {action}"
        # C-1.3, C-7.4: the 92 cards are always in the deck, the discard pile or a hand
        cards = Counter(state.deck) + Counter(state.discard)
        for p in state.seats:
            cards.update(p.hand)
        assert cards == FULL_DECK, f"cards lost or created by {action}"
        record.actions.append((seat, action.to_json()))
        decisions += 1
    return state, record


games = given(seed=st.integers(0, 2**32), seats=st.integers(2, 4),
              preset=st.sampled_from(["capital", "kapital"]),
              supply=st.sampled_from(["refill", "lap"]))


@games
@settings(max_examples=12)
def test_transfers_explain_balances_and_illegal_actions_change_nothing(seed, seats, preset,
                                                                        supply):
    def check(state, seat, legal):
        snapshot = state.to_json()
        other = next(s for s in range(seats) if s not in state.to_move()) \
            if len(state.to_move()) < seats else None
        if other is not None:
            with pytest.raises(IllegalAction):
                state.apply(other, legal[0])
        for probe in PROBES:
            if probe not in legal and not (state.phase == "minigame" and
                                           isinstance(probe, Minigame)):
                with pytest.raises(IllegalAction):
                    state.apply(seat, probe)
        with pytest.raises(IllegalAction):
            state.apply(seat, "roll")
        assert state.to_json() == snapshot
        assert len(set(legal)) == len(legal)
        # every legal action applies (on a copy); a sample when there are many
        step = max(1, len(legal) // 8)
        for action in legal[::step]:
            state.clone().apply(seat, action)
        for action in legal:
            assert capital.parse_action(json.loads(json.dumps(action.to_json()))) == action
            assert state.describe(action, seat)

    play_random(seats, seed, {"preset": preset, "card_supply": supply, "turn_limit": 40}, check)


@games
@settings(max_examples=10)
def test_json_round_trip_replay_and_continuation(seed, seats, preset, supply):
    options = {"preset": preset, "card_supply": supply, "turn_limit": 50}
    final_state, record = play_random(seats, seed, options, lambda *a: None)
    final = final_state.to_json()
    assert replay(record).to_json() == final
    # from a position in the middle, through JSON, the same actions lead to the same end
    cut = seed % (len(record.actions) + 1)
    state = replay(record, cut)
    restored = capital.from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()
    for seat, data in record.actions[cut:]:
        restored.apply(seat, capital.parse_action(data))
    assert restored.to_json() == final
    clone = final_state.clone()
    assert clone.to_json() == final
    assert capital.from_json(final).to_json() == final


@games
@settings(max_examples=10)
def test_views_hide_hands_and_deck_and_determinize_keeps_view(seed, seats, preset, supply):
    def check(state, seat, legal):
        for viewer in (None, *range(seats)):
            view = state.view(viewer)
            text = json.dumps(view)
            assert "dice_queue" not in text and '"deck"' not in text and '"rng"' not in text
            for entry in view["seats"]:
                assert ("hand" in entry) == (entry["seat"] == viewer)
            assert view["to_move"] == state.to_move()
        if state.turn % 7 == 0:
            for viewer in range(seats):
                sample = state.determinize(viewer, seed)
                assert sample.view(viewer) == state.view(viewer)
                counts = Counter(sample.deck) + Counter(c for p in sample.seats for c in p.hand)
                assert counts == Counter(state.deck) + Counter(
                    c for p in state.seats for c in p.hand)

    play_random(seats, seed, {"preset": preset, "card_supply": supply, "turn_limit": 30}, check)


@given(seed=st.integers(0, 2**32))
@settings(max_examples=5)
def test_games_end_within_the_turn_limit(seed):
    state, _ = play_random(4, seed, {"turn_limit": 120}, lambda *a: None, max_decisions=10**6)
    assert state.is_over
    res = state.result()
    assert res["turns"] <= 120 and sorted(res["standings"]) == [0, 1, 2, 3]
    assert res["finished"] == (res["winner"] is not None)


def test_malformed_actions_built_in_code_are_refused_unchanged():
    """Actions built directly (not parsed) with bad fields are refused, nothing changes."""
    st = capital.new_game(seats=2, seed=4)
    seat = st.current
    bad = [Branch("left"), Build(7, "bar"), Build(0, "casino"), Play("joker"),
           Exchange(("joker",)), Waive((3,)), Minigame(tuple(range(20000)))]
    st.apply(seat, Roll())
    while st.phase != "action":
        st.apply(st.to_move()[0], st.legal_actions(st.to_move()[0])[0])
    before = st.to_json()
    for action in bad:
        with pytest.raises(IllegalAction):
            st.apply(seat, action)
    assert st.to_json() == before
    for data in ({"type": "branch", "way": "left"}, {"type": "build", "lot": 4, "kind": "bar"},
                 {"type": "play", "card": "joker"}, {"type": "roll", "extra": 1}, [],
                 {"type": "minigame", "inputs": list(range(20000))},
                 {"type": "play", "card": "implosion", "target": {"square": 5}}):
        with pytest.raises(InvalidAction):
            capital.parse_action(data)


# ------------------------------------------------------------------ random hand-made positions
BLOCK_SQUARES = [14 * r + o for r in range(4) for o in range(1, 13)]
ALL_KINDS = ["bar", "grocery", "supermarket", "gallery", "office_building", "shopping_center",
             "super_center"]


@st.composite
def positions(draw):
    """Unusual but possible positions: effects piled up, negative balances, many constructions."""
    seats = draw(st.integers(2, 4))
    seat_ids = st.integers(0, seats - 1)
    deck = full_deck()
    order = draw(st.permutations(range(len(deck))))
    cards = [deck[i] for i in order]
    entries = []
    for s in range(seats):
        hand = [cards.pop() for _ in range(draw(st.integers(0, 6)))]
        mafia = draw(st.lists(seat_ids.filter(lambda x, s=s: x != s), max_size=2))
        effects = {e: draw(st.integers(0, 3)) for e in ("lion", "tax_exemption",
                   "business_exemption", "blocked_account", "hare", "turtle")}
        effects["mafia"] = len(mafia)
        entries.append({"seat": s, "balance": draw(st.integers(-2000, 8000)),
                        "laps": draw(st.integers(0, 5)), "dice": draw(st.integers(1, 4)),
                        "square": draw(st.integers(0, 55)), "hand": hand, "effects": effects,
                        "mafia_payees": mafia})
    lots = draw(st.dictionaries(st.tuples(st.sampled_from(BLOCK_SQUARES), st.integers(0, 3)),
                                st.tuples(st.sampled_from(ALL_KINDS), seat_ids,
                                          st.integers(1, 8)), max_size=25))
    built = draw(st.dictionaries(st.sampled_from([s for s in range(56) if s % 14]),
                                 st.tuples(st.sampled_from(["obstacle", "toll"]), seat_ids),
                                 max_size=12))
    return {
        "seats": entries, "current": draw(seat_ids),
        "businesses": [{"square": s, "lot": lt, "kind": k, "owner": o, "level": lv}
                       for (s, lt), (k, o, lv) in lots.items()],
        "constructions": [{"square": s, "type": t, "owner": o} for s, (t, o) in built.items()],
        "deck": cards[: draw(st.integers(0, len(cards)))],
        "rng": {"seed": draw(st.integers(0, 99))},
        "options": {"preset": draw(st.sampled_from(["capital", "kapital"])),
                    "card_supply": draw(st.sampled_from(["refill", "lap"]))},
    }


@given(data=positions(), seed=st.integers(0, 2**32))
@settings(max_examples=25)
def test_hand_made_positions_play_on_with_every_invariant(data, seed):
    state = capital.from_json(data)
    assert capital.from_json(state.to_json()).to_json() == state.to_json()
    rng = Rng(seed)
    for _ in range(40):
        if state.is_over:
            break
        movers = state.to_move()
        assert movers
        seat = rng.choice(movers)
        legal = state.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        before_json = state.to_json()
        for probe in PROBES:
            if probe not in legal and state.phase != "minigame":
                with pytest.raises(IllegalAction):
                    state.apply(seat, probe)
        assert state.to_json() == before_json
        before = [p.balance for p in state.seats]
        events = state.apply(seat, rng.choice(legal))
        delta = Counter()
        for e in events:
            if isinstance(e, Transfer):
                delta[e.payer] -= e.amount
                delta[e.payee] += e.amount
        assert [p.balance - b for p, b in zip(state.seats, before, strict=True)] == [
            delta[s] for s in range(len(state.seats))]
        restored = capital.from_json(json.loads(json.dumps(state.to_json())))
        assert restored.to_json() == state.to_json()
