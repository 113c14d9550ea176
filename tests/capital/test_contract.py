"""Capital on the engine contract (issue 11): one legality function, the minigame input
session, messages in every language, client data, text forms, Outcome, key and ==."""

import dataclasses
import json
import random
import re
from itertools import combinations

import pytest

import tycoon.capital as capital
from tycoon.capital import events as ev
from tycoon.capital.actions import Branch, Build, Exchange, Minigame, Pass, Play, Roll, Waive
from tycoon.capital.board import BLOCKS, BOARD, WAYS
from tycoon.capital.businesses import (
    KINDS,
    LOTS,
    Business,
    income_at,
    incomes,
    incomes_at_free_lots,
)
from tycoon.capital.cards import CARDS
from tycoon.capital.game import GAME
from tycoon.capital.minigames import generate, plays, score
from tycoon.engine import (
    LANGUAGES,
    IllegalAction,
    InvalidAction,
    InvalidOption,
    Outcome,
    Rng,
    render,
)

from .helpers import position, roll


def _candidates(st, seat):
    """Every action worth asking about now: all builds, every card on every target, every
    exchange of the hand, pass, both ways, the waive choices, roll."""
    out = [Roll(), Pass(), *(Branch(w) for w in WAYS)]
    out += [Build(lot, kind) for lot in range(LOTS) for kind in KINDS]
    targets = [None, *range(len(st.seats)), *range(BOARD.size), *sorted(st.businesses),
               (5, 0)]
    out += [Play(card, t) for card in CARDS for t in targets]
    hand = sorted(st.seats[seat].hand, key=capital.actions.ORDER.__getitem__)
    out += [Exchange(c) for n in range(1, 6) for c in set(combinations(hand, n))]
    if st.phase == "waive":
        from tycoon.capital.payments import charges

        ids = [c.id for c in charges(st, seat)]
        out += [Waive(tuple(sorted(c))) for n in range(len(ids) + 1)
                for c in combinations(ids, n)]
    return out


@pytest.mark.parametrize("seed", range(12))
def test_c4_one_legality_function_agrees_with_legal_actions(seed):
    """``why_illegal`` is None exactly for the actions ``legal_actions`` lists (C-4.5: the
    two are served by the same predicates), and ``apply`` refuses the rest unchanged."""
    rng = Rng(seed)
    st = capital.new_game(seats=3, seed=seed, turn_limit=60)
    checked = 0
    while not st.is_over:
        seat = st.to_move()[0]
        session = st.session()
        if session is not None:
            assert st.why_illegal(seat, Minigame(())) is None
            st.apply(seat, session.bot_action(seat, 0.5, seed))
            continue
        legal = st.legal_actions(seat)
        if checked < 25 and st.phase in ("action", "waive", "branch"):
            checked += 1
            for action in _candidates(st, seat):
                assert (st.why_illegal(seat, action) is None) == (action in legal), action
            other = (seat + 1) % 3
            assert st.why_illegal(other, legal[0]) is not None
        st.apply(seat, rng.choice(legal))


def test_c4_refusals_say_why_counted_from_1():
    st = position(seats=2, phase="action", move={"landed": 5},
                  seat={0: {"balance": 40}}, businesses=[{"square": 5, "lot": 1, "kind": "bar",
                                                          "owner": 1}])
    assert st.why_illegal(1, Pass()) == "seat 2 is not to move now (waiting for seat 1)"
    assert st.why_illegal(0, Build(1, "bar")) == "lot 2 of block 6 is taken"
    assert "costs $50" in st.why_illegal(0, Build(0, "bar"))
    before = st.to_json()
    with pytest.raises(IllegalAction, match="taken"):
        st.apply(0, Build(1, "bar"))
    assert st.to_json() == before


# ----------------------------------------------------------------- the minigame session
def _minigame(game, seconds=30, seats=3):
    for state in range(200):
        st = position(seats=seats, seat={0: {"square": 11}}, rng={"state": state},
                      options={"minigame_seconds": seconds})
        roll(st, 1, 1)
        if st.minigame["game"] == game:
            return st
    raise AssertionError(game)


def test_c4_4_2_session_is_open_only_during_a_minigame():
    st = position(seats=2)
    assert st.session() is None and st.legal_actions(0) == [Roll()]
    st = _minigame("find_key")
    s = st.session()
    assert s.kind == "find_key" and not s.progressive and s.seats == (0, 1, 2)
    assert s.duration_ms == 30_000 and s.id == "minigame-1"
    for seat in range(3):
        assert st.legal_actions(seat) == [Minigame(())] == [s.action(seat, [])]
        view = s.view(seat)
        assert view["level"] == ("easy" if seat == 0 else "hard")
        assert view["contents"]["rounds"]  # Find the Key shows its contents whole
    json.dumps(s.to_json(1))


def test_c9_3_memory_session_is_progressive_and_keeps_faces_secret():
    st = _minigame("memory")
    s = st.session()
    assert s.progressive
    assert "boards" not in json.dumps(s.view(1)) and s.to_json(None)["view"] is None
    board = st.mg_cache[1]["contents"]["boards"][0]
    first = s.step(1, [], {"t": 100, "cell": 0})
    assert first["cells"][0] == board[0] and first["open"] == [0] and first["points"] == 0
    mate = next(c for c in range(1, 28) if board[c] == board[0])
    done = s.step(1, [{"t": 100, "cell": 0}], {"t": 300, "cell": mate})
    assert done["points"] == 30 and done["pairs"] == 1
    before = st.to_json()
    for bad in ({"t": 50, "cell": 99}, {"no": "such input"}, {"t": 200, "cell": 0}):
        with pytest.raises(InvalidAction):
            s.step(1, [{"t": 100, "cell": 0}], bad)
    assert st.to_json() == before  # step changes nothing
    inputs = [{"t": 100, "cell": 0}, {"t": 300, "cell": mate}]
    assert s.silent(1, inputs) == Minigame(tuple(inputs))
    st.apply(1, s.silent(1, inputs))
    assert st.minigame["scores"][1] == 30


def test_c9_5_impossible_inputs_are_illegal_and_change_nothing():
    st = _minigame("change_money")
    before = st.to_json()
    with pytest.raises(IllegalAction, match="refused"):
        st.apply(1, Minigame(({"t": 40_000, "note": 5},)))
    assert st.to_json() == before
    st.apply(1, st.session().bot_action(1, 1.0, 3))
    with pytest.raises(IllegalAction, match="already"):
        st.apply(1, Minigame(()))
    assert st.to_move() == [0, 2]
    st = capital.from_json(before)
    with pytest.raises(IllegalAction):
        st.apply(1, Pass())
    assert st.to_json() == before


@pytest.mark.parametrize("game", ["change_money", "catch_coins", "memory", "find_key"])
def test_c9_minigame_seconds_keeps_scores_comparable(game):
    """Option minigame_seconds (issue 13): a longer clock plays the same contents; Catch
    Coins runs in slow motion (same points for the same play), the others keep their pace
    and their points are scaled by 30 s / duration, so a bot scores about the same."""
    for level in ("easy", "hard"):
        seed = 11
        contents = generate(game, level, seed)
        base = [p for _, p in plays(game, level, seed, [(1.0, s) for s in range(6)])]
        for seconds in (60, 90):
            ms = seconds * 1000
            made = plays(game, level, seed, [(1.0, s) for s in range(6)], duration_ms=ms)
            for inputs, points in made:
                assert max((i["t"] for i in inputs), default=0) <= ms
                assert score(game, level, contents, inputs, ms) == points
            mean = sum(p for _, p in made) / 6
            assert abs(mean - sum(base) / 6) <= 0.2 * max(60, abs(sum(base) / 6))
        if game == "catch_coins":  # the same play, slowed down, scores the same
            inputs, points = plays(game, level, seed, [(0.7, 4)])[0]
            slow = [{"t": i["t"] * 3, "x": i["x"]} for i in inputs]
            assert score(game, level, contents, slow, 90_000) == points


def test_c9_minigame_seconds_is_a_table_option_carried_by_the_session():
    st = _minigame("memory", seconds=90)
    assert st.session().duration_ms == 90_000
    assert st.session().view(0)["duration_ms"] == 90_000
    started = st.describe(ev.MinigameStarted("memory", ("easy", "hard", "hard"), 90), None)
    assert "90 seconds" in render(started, GAME.catalog("en"), "en")
    with pytest.raises(InvalidOption, match="minigame_seconds"):
        capital.new_game(seed=1, minigame_seconds=45)


# ----------------------------------------------------------------- words and data
def _samples():
    """One instance of every action and event type."""
    return [
        Roll(), Branch("straight"), Branch("right"), Waive(()), Waive(("fee:5:1", "toll:9")),
        Waive(("mafia:0", "lion:0")), Build(1, "office_building"), Play("easy_money"),
        Play("lions_sight", 1), Play("lions_sight", 0), Play("toll", 9), Play("demolition", 9),
        Play("implosion", (5, 1)), Play("instant_valuation", (5, 0)), Exchange(("toll",)),
        Exchange(("toll", "implosion")), Pass(), Minigame(()), Minigame(({"t": 1, "x": 5},)),
        ev.Transfer(None, 1, 500, "easy_money"), ev.Transfer(0, None, 200, "card:lions_sight"),
        ev.Transfer(0, 1, 30, "fee"), ev.Transfer(0, None, 50, "build"),
        ev.Diverted(1, 500, "minigame"), ev.TurnStarted(1, 4), ev.Rolled(0, (4,), None),
        ev.Rolled(0, (5, 1), "cancel"), ev.Moved(0, (1, 2), None),
        ev.Moved(0, (), 3, 1), ev.Moved(0, (1,), 2, 1), ev.Moved(0, (), None),
        ev.Branched(0, "straight", 4), ev.Branched(1, "right", 8),
        ev.Lap(0, 2), ev.LevelUp(((5, 0),), 1, "lap"), ev.LevelUp(((5, 0), (5, 1)), 3,
                                                                 "instant_valuation"),
        ev.LevelUp(((5, 0),), 1, "landing"), ev.Waived(0, "fee:5:1", "business_exemption"),
        ev.StockExchange(0, 120), ev.StockExchange(0, -30), ev.StockExchange(0, 0),
        ev.MinigameStarted("catch_coins", ("easy", "hard"), 30), ev.MinigameSubmitted(1),
        ev.MinigameScored("memory", (60, -50)), ev.Built(0, 5, 1, "bar"),
        ev.CardPlayed(0, "toll", 9), ev.CardPlayed(0, "implosion", {"square": 5, "lot": 1}),
        ev.CardPlayed(0, "lions_sight", 1), ev.CardPlayed(0, "easy_money", None),
        ev.CardPlayed(0, "new_beginning", 0), ev.EffectChanged(0, "hare", 3),
        ev.EffectChanged(0, "hare", 1), ev.EffectChanged(0, "lion", 0), ev.DiceChanged(0, 1),
        ev.DiceChanged(0, 3), ev.ConstructionPlaced(9, "obstacle", 0),
        ev.ConstructionPlaced(9, "toll", 1), ev.ConstructionRemoved(9, "obstacle", 0),
        ev.ConstructionRemoved(9, "toll", 1), ev.BusinessDestroyed(5, 1, "gallery", 1),
        ev.Discarded(0, ("toll",)), ev.Discarded(0, ("toll", "lost_die")), ev.Drew(0, 1),
        ev.Drew(0, 2), ev.Reshuffled(1), ev.Reshuffled(40), ev.GameOver(None, "turn_limit"),
        *(ev.GameOver(0, c) for c in ("richest_in_town", "successful_entrepreneur",
                                      "private_jet", "swimming_in_money", "mega_business")),
    ]


def test_every_action_and_event_renders_in_every_language_without_ids():
    """Issue 11: every action and event type has words in en, pt, es, fr, every parameter
    filled, real plurals, no internal id."""
    st = position(seats=2, phase="action", move={"landed": 5},
                  businesses=[{"square": 5, "lot": 1, "kind": "bar", "owner": 1},
                              {"square": 5, "lot": 0, "kind": "bar", "owner": 0}])
    samples = _samples()
    covered = {type(x) for x in samples}
    assert set(GAME.action_types) | set(GAME.event_types) <= covered
    raw = re.compile(r"_|card:[a-z]|\(s\)|\{|None")
    for lang in LANGUAGES:
        catalog = GAME.catalog(lang)
        for item in samples:
            for seat in (0, 1, None):
                text = render(st.describe(item, seat), catalog, lang, ["Ana", "Bo"], strict=True)
                assert text and not raw.search(text), (lang, item, text)


def test_catalogs_name_and_explain_every_card_business_effect_and_square_kind():
    from tycoon.capital.state import EFFECTS

    for lang in LANGUAGES:
        cat = GAME.catalog(lang)
        for card in CARDS:
            assert cat[f"card.{card}.name"] and cat[f"card.{card}.help"].endswith(".")
        for kind in KINDS:
            assert cat[f"business.{kind}.name"] and cat[f"business.{kind}.help"]
        for effect in EFFECTS:
            assert cat[f"effect.{effect}.name"] and cat[f"effect.{effect}.help"]
        for kind in set(BOARD.kind):
            assert cat[f"square_kind.{kind}.name"] and cat[f"square_kind.{kind}.help"]
        for phase in GAME.phases:
            assert cat[f"phase.{phase}"]


def test_plurals_follow_the_language():
    st = position(seats=2)
    one, two = ev.Drew(0, 1), ev.Drew(0, 2)
    en, fr = GAME.catalog("en"), GAME.catalog("fr")
    assert render(st.describe(one, None), en, "en") == "Seat 1 draws 1 card"
    assert render(st.describe(two, None), en, "en") == "Seat 1 draws 2 cards"
    assert render(st.describe(ev.DiceChanged(0, 1), None), en, "en") == "Seat 1 now has 1 die"
    assert render(st.describe(two, None), fr, "fr") == "Joueur 1 pioche 2 cartes"


def test_client_data_is_json_and_generated_from_the_rules():
    from tycoon.capital.businesses import PRICE
    from tycoon.capital.cards import COST

    data = GAME.client_data()
    json.dumps(data)
    squares = data["board"]["squares"]
    assert [s["kind"] for s in squares] == list(BOARD.kind)
    assert [s["number"] for s in squares] == list(range(1, 57))
    assert {int(k): (v["straight"], v["right"]) for k, v in data["board"]["forks"].items()} == \
        BOARD.forks
    assert {c["id"]: c["cost"] for c in data["cards"]} == COST
    assert {b["kind"]: b["price"] for b in data["businesses"]} == PRICE
    assert {c["id"] for c in data["cards"] if c["category"] == "victory"} == \
        capital.cards.VICTORY
    assert data["board"]["blocks"] == list(BLOCKS)


def test_c5_4_income_at_is_the_income_a_new_business_would_earn():
    r = random.Random(5)
    for _ in range(400):
        bs = {(r.choice(BLOCKS), r.randrange(4)): Business(r.choice(KINDS), r.randrange(4), 1)
              for _ in range(r.randint(0, 30))}
        sq, lot, kind, owner = r.choice(BLOCKS), r.randrange(4), r.choice(KINDS), r.randrange(4)
        if (sq, lot) in bs:
            continue
        after = dict(bs)
        after[sq, lot] = Business(kind, owner, 1)
        assert income_at(bs, sq, lot, kind, owner) == incomes(after)[sq, lot]


def test_c5_4_incomes_at_free_lots_equal_income_at():
    """C-5.4: the view's one-pass build incomes equal ``income_at`` lot by lot, kind by kind."""
    r = random.Random(7)
    for _ in range(300):
        bs = {(r.choice(BLOCKS), r.randrange(4)): Business(r.choice(KINDS), r.randrange(4),
                                                            r.randint(1, 3))
              for _ in range(r.randint(0, 40))}
        sq, owner = r.choice(BLOCKS), r.randrange(4)
        lots = [lot for lot in range(4) if (sq, lot) not in bs]
        assert incomes_at_free_lots(bs, sq, lots, KINDS, owner) == {
            (lot, kind): income_at(bs, sq, lot, kind, owner) for lot in lots for kind in KINDS}


def test_c4_5_view_shows_the_income_a_build_would_earn():
    st = position(seats=2, phase="action", move={"landed": 6},
                  businesses=[{"square": 5, "lot": 0, "kind": "grocery", "owner": 1}])
    build = st.view(0)["build"]
    assert len(build) == 4 * 7 and "build" not in st.view(1)
    bar = next(b for b in build if b["lot"] == 0 and b["kind"] == "bar")
    # home region +20, one other kind next door +25: 25 * 1.45 = 36.25 -> 36
    assert bar == {"lot": 0, "kind": "bar", "price": 50, "income": 36, "affordable": True}
    assert not next(b for b in build if b["kind"] == "super_center")["affordable"]


# ----------------------------------------------------------------- contract cleanup
def test_actions_text_form_round_trips_and_malformed_is_invalid():
    for action in (Roll(), Branch("right"), Waive(("toll:9",)), Build(2, "bar"),
                   Play("implosion", (5, 0)), Play("lions_sight", 1), Play("easy_money"),
                   Exchange(("easy_money", "toll")), Pass(), Minigame(({"t": 5, "cell": 2},))):
        assert GAME.action_from_text(str(action)) == action
        assert GAME.parse_action(action.to_json()) == action
    assert str(Play("implosion", (5, 0))) == "play card=implosion target=[5,0]"
    for bad in ({"type": "build", "lot": 9, "kind": "bar"}, {"type": "fly"}, "roll"):
        with pytest.raises(InvalidAction):
            GAME.parse_action(bad)
    with pytest.raises(InvalidAction):
        GAME.action_from_text("build lot=1 kind=casino")


def test_c7_3_result_is_an_outcome_with_the_winning_card():
    st = position(seats=3, seat={1: {"hand": ["swimming_in_money"], "balance": 3000}},
                  current=1, phase="action", move={"landed": 15})
    st.apply(1, Play("swimming_in_money"))
    res = st.result()
    assert isinstance(res, Outcome) and res.finished and res.winner == 1
    assert res.reason == "swimming_in_money" and res["card"] == "swimming_in_money"
    assert res.standings[0] == 1 and res.returns == (0.0, 1.0, 0.0)
    assert Outcome.from_json(json.loads(json.dumps(res.to_json()))) == res


def test_key_and_equality_follow_the_position():
    a = capital.new_game(seats=3, seed=9)
    b = capital.from_json(a.to_json())
    assert a == b and a.key() == b.key()
    b.apply(b.current, Roll())
    assert a != b and a.key() != b.key()
    c = a.clone()
    c.seats[0].hand.append("toll")
    assert a != c and a.key() != c.key()
    assert capital.from_json(a.to_json()).key() == a.key()


def test_turn_started_and_reshuffled_are_shared_with_every_game():
    assert [f.name for f in dataclasses.fields(ev.TurnStarted)] == ["seat", "turn"]
    assert [f.name for f in dataclasses.fields(ev.Reshuffled)] == ["cards"]


def test_c8_2_determinize_redraws_the_other_seats_minigame_contents():
    st = _minigame("memory")
    sample = st.determinize(1, 77)
    assert sample.view(1) == st.view(1)
    assert sample.minigame["seeds"][1] == st.minigame["seeds"][1]
    assert sample.minigame["seeds"][0] != st.minigame["seeds"][0]
    assert sample.session().view(1) == st.session().view(1)


def test_view_prompt_says_what_the_seat_is_asked():
    st = position(seats=2, current=1)
    en = GAME.catalog("en")
    assert render(st.view(1)["prompt"], en, "en") == "Your turn: roll the dice"
    assert render(st.view(0)["prompt"], en, "en", ["Ana", "Bo"]) == "Waiting for Bo"
    assert render(st.view(None)["prompt"], en, "en") == "Waiting for Seat 2"
    st = _minigame("find_key")
    st.apply(1, st.session().bot_action(1, 1.0, 1))
    assert st.view(1)["prompt"]["key"] == "prompt.minigame_waiting"
    assert st.view(0)["prompt"]["key"] == "phase.minigame"
