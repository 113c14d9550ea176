"""C-3 set-up, C-4.4 landing squares, C-4.5 action step, D-8 card supply, C-12 options."""

import pytest

import tycoon.capital as capital
from tycoon.capital import landing
from tycoon.capital.cards import CARDS
from tycoon.capital.game import GAME
from tycoon.engine import IllegalAction, InvalidOption, render

from .helpers import act, business, of_type, position, roll, transfers


def test_c3_1_setup_500_dollars_5_cards_own_start_2_dice():
    st = capital.new_game(seats=4, seed=3)
    assert [p.balance for p in st.seats] == [500] * 4
    assert [p.square for p in st.seats] == [0, 14, 28, 42]
    assert [len(p.hand) for p in st.seats] == [5] * 4 and len(st.deck) == 92 - 20
    assert [p.dice for p in st.seats] == [2] * 4
    assert st.turn == 1 and st.phase == "roll"


def test_c3_2_first_player_is_drawn_at_random():
    firsts = {capital.new_game(seats=4, seed=s).current for s in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_c3_2_a_new_game_opens_with_the_first_players_turn():
    """``State.opening``: the first turn is told like every later one ("Turn 1: ... plays"),
    kept by a copy, gone once an action is applied or the position is read from JSON."""
    st = capital.new_game(seats=3, seed=8)
    assert [e.to_json() for e in st.opening()] == [
        {"type": "turn_started", "seat": st.current, "turn": 1}]
    words = render(st.describe(st.opening()[0], None), GAME.catalog("en"), "en")
    assert words == f"Turn 1: Seat {st.current + 1} plays"
    assert st.clone().opening() == st.opening()
    assert GAME.from_json(st.to_json()).opening() == []
    st.apply(st.current, st.legal_actions(st.current)[0])
    assert st.opening() == []


def test_c3_3_same_seed_same_game():
    a, b = capital.new_game(seed=11), capital.new_game(seed=11)
    assert a.to_json() == b.to_json()
    assert a.to_json() != capital.new_game(seed=12).to_json()


def test_c4_5_turn_goes_to_next_seat_after_one_action():
    st = position(seats=3, current=2, seat={2: {"square": 32}})
    events = roll(st, 1, 1)
    assert st.phase == "action"
    events = act(st, {"type": "pass"})
    assert st.current == 0 and st.turn == 2 and st.phase == "roll"
    assert of_type(events, "turn_started")[0].seat == 0


def test_c4_5_build_on_landed_block_only_if_affordable():
    st = position(seat={0: {"balance": 125, "square": 4}}, businesses=[business(6, 0, "bar", 1)])
    roll(st, 1, 1)
    builds = {(a.lot, a.kind) for a in st.legal_actions(0) if a.type == "build"}
    assert builds == {(lot, k) for lot in (1, 2, 3) for k in ("bar", "grocery")}
    with pytest.raises(IllegalAction, match="taken"):
        act(st, {"type": "build", "lot": 0, "kind": "bar"})
    with pytest.raises(IllegalAction, match="costs"):
        act(st, {"type": "build", "lot": 1, "kind": "supermarket"})
    events = act(st, {"type": "build", "lot": 2, "kind": "grocery"})
    assert transfers(events)[-1] == (0, None, 100, "build")
    assert st.businesses[6, 2] == ("grocery", 0, 1)


def test_c4_5_no_build_off_a_block():
    st = position(seat={0: {"square": 11}})
    roll(st, 1, 1)  # 12, 13: minigame square? no: 13 is the minigame square
    assert st.landed == 13
    assert not any(a.type == "build" for a in st.legal_actions(0) or [])


def test_d8_exchange_discards_and_draws_as_many():
    st = position(seat={0: {"hand": ["toll", "toll", "easy_money"], "square": 4}},
                  deck=["lost_die", "implosion", "toll"], phase="action", move={"landed": 4})
    events = act(st, {"type": "exchange", "cards": ["toll", "toll"]})
    # discard 2, draw 2 (lost_die, implosion), then refill to 5 (toll, then reshuffled discard)
    assert sorted(st.seats[0].hand) == sorted(["easy_money", "lost_die", "implosion", "toll",
                                               "toll"])
    assert of_type(events, "reshuffled")[0].cards == 2
    assert of_type(events, "discarded")[0].cards == ("toll", "toll")


def test_d8_exchange_failures():
    st = position(seat={0: {"hand": ["toll", "easy_money"], "square": 4}}, phase="action",
                  move={"landed": 4})
    for cards in ([], ["toll", "toll"], ["implosion"]):
        with pytest.raises(IllegalAction):
            act(st, {"type": "exchange", "cards": cards})
    exchanges = [a for a in st.legal_actions(0) if a.type == "exchange"]
    assert len(exchanges) == 3  # toll / easy_money / both


def test_d8_refill_to_5_and_reshuffle_discard_when_deck_empty():
    st = position(seat={0: {"hand": ["toll"], "square": 4}}, deck=["implosion"],
                  discard=["lost_die", "lost_die", "extra_die"], phase="action",
                  move={"landed": 4})
    events = act(st, {"type": "pass"})
    assert sorted(st.seats[0].hand) == sorted(["toll", "implosion", "lost_die", "lost_die",
                                               "extra_die"])
    assert st.deck == [] and st.discard == []
    assert [e.type for e in events if e.type in ("drew", "reshuffled")] == ["reshuffled", "drew"]


def test_d8_refill_stops_when_no_card_left():
    st = position(seat={0: {"hand": [], "square": 4}}, phase="action", move={"landed": 4})
    act(st, {"type": "pass"})
    assert st.seats[0].hand == []


def test_c12_card_supply_lap_draws_per_lap_never_refills():
    st = position(seat={0: {"hand": ["toll"], "square": 53}}, deck=["implosion", "lost_die"],
                  options={"card_supply": "lap"})
    events = roll(st, 1, 2)  # 54, 55, 0: a lap
    assert st.seats[0].hand == ["toll", "implosion"] and of_type(events, "drew")[0].count == 1
    act(st, {"type": "pass"})
    assert st.seats[0].hand == ["toll", "implosion"]  # no refill


def test_c4_4_1_d6_stock_exchange_multiple_of_10_in_range():
    seen = set()
    for seed in range(60):
        st = position(seat={0: {"square": 25}}, rng={"seed": seed})
        events = roll(st, 1, 1)  # 26, 27: stock exchange
        amount = of_type(events, "stock_exchange")[0].amount
        assert amount % 10 == 0 and -300 <= amount <= 500
        assert st.seats[0].balance == 500 + amount
        if amount:
            payer, payee, value, reason = transfers(events)[0]
            assert reason == "stock_exchange" and value == abs(amount)
            assert (payer, payee) == ((None, 0) if amount > 0 else (0, None))
        seen.add(amount > 0)
        # said once: the stock exchange's line; its payment has none of its own
        lines = [st.describe(e, None) for e in events if e.type in ("stock_exchange", "transfer")]
        assert [m.key for m in lines if m is not None] == [
            "event.stock_" + ("gain" if amount > 0 else "loss" if amount else "even")]
    assert seen == {True, False}


# ----------------------------------------------------------------------------- options
def test_c12_presets():
    assert capital.new_game(seed=1).options == {
        "preset": "capital", "level_up": "owner_lap", "richest_basis": "all_players",
        "demolition": "any", "lion_percent": 50, "turn_limit": None, "card_supply": "refill",
        "minigame_seconds": 30}
    k = capital.new_game(seed=1, preset="kapital").options
    assert (k["level_up"], k["richest_basis"], k["demolition"], k["lion_percent"]) == (
        "landing", "other_players", "opponents", 50)
    assert capital.new_game(seed=1, preset="kapital", demolition="any").options[
        "demolition"] == "any"


@pytest.mark.parametrize("kwargs,name", [
    ({"preset": "monopoly"}, "monopoly"),
    ({"colour": "red"}, "colour"),
    ({"level_up": "never"}, "level_up"),
    ({"lion_percent": 101}, "lion_percent"),
    ({"lion_percent": "half"}, "lion_percent"),
    ({"turn_limit": 0}, "turn_limit"),
    ({"turn_limit": 10**30}, "turn_limit"),
    ({"card_supply": "draft"}, "card_supply"),
    ({"seats": 5}, "seats"),
    ({"seats": 1}, "seats"),
])
def test_c12_bad_options_raise_invalid_option_naming_them(kwargs, name):
    with pytest.raises(InvalidOption, match=name):
        capital.new_game(seed=1, **kwargs)
    assert issubclass(InvalidOption, ValueError)


def test_c12_option_metadata():
    assert set(capital.OPTIONS) == {"preset", "level_up", "richest_basis", "demolition",
                                    "lion_percent", "turn_limit", "card_supply",
                                    "minigame_seconds"}
    for meta in capital.OPTIONS.values():
        assert "default" in meta and "help" in meta and ("values" in meta or "type" in meta)


def test_c11_level_up_landing_levels_block_after_fees():
    st = position(seat={0: {"square": 4}, 1: {"square": 20}}, options={"level_up": "landing"},
                  businesses=[business(6, 0, "bar", 1), business(6, 1, "grocery", 0),
                              business(15, 0, "bar", 1)])
    events = roll(st, 1, 1)
    # fee at the level before the landing: bar + brand 25 (bars in 2 regions) + grocery
    # nearby 25 = 37.5 -> 38
    assert transfers(events) == [(0, 1, 38, "fee")]
    assert st.businesses[6, 0].level == 2 and st.businesses[6, 1].level == 2
    act(st, {"type": "pass"})
    # under "landing", laps do not level up
    st.seats[1].square = 12
    roll(st, 1, 2)  # 13, 14 (own start), 15: a lap, and a landing on block 15
    assert st.seats[1].laps == 1 and st.businesses[15, 0].level == 2


def test_c12_turn_limit_stops_unfinished_with_standings_by_net_worth():
    st = position(seats=3, turn=5, current=1, seat={0: {"balance": 900}, 1: {"square": 20},
                                                    2: {"balance": 100}},
                  options={"turn_limit": 5}, businesses=[business(5, 0, "gallery", 2)])
    roll(st, 1, 1)
    events = act(st, {"type": "pass"})
    assert st.is_over and st.winner is None and st.to_move() == []
    assert of_type(events, "game_over")[0].reason == "turn_limit"
    res = st.result()
    assert res.to_json() == {"finished": False, "winner": None, "reason": "turn_limit",
                             "turns": 5, "standings": [0, 1, 2], "scores": [900, 500, 350],
                             "returns": [0.0, 0.0, 0.0], "places": [1, 2, 3], "card": None}


def test_c12_c5_5_seats_of_equal_net_worth_share_their_place():
    st = position(seats=4, turn=5, current=1, seat={0: {"balance": 300}, 1: {"balance": 700},
                                                    2: {"balance": 300}, 3: {"balance": 300}},
                  options={"turn_limit": 5})
    roll(st, 1, 1)
    act(st, {"type": "pass"})
    res = st.result()
    assert res.scores == (300, 700, 300, 300)
    assert res.standings == (1, 0, 2, 3) and res.places == (2, 1, 2, 2)


# ----------------------------------------------------------------------------- minigames
class StubMinigames:
    """A tiny stand-in for tycoon.capital.minigames: the score is the sum of the inputs."""

    GAMES = ("change_money",)
    SECRET = ()

    @staticmethod
    def generate(game, level, seed):
        return {"level": level, "seed": seed}

    @staticmethod
    def score(game, level, contents, inputs, duration_ms=30000):
        if any(not isinstance(x, int) for x in inputs):
            raise ValueError("inputs are integers")
        return sum(inputs)

    @staticmethod
    def bot_inputs(game, level, contents, skill, seed):
        return [int(skill * 100)]

    @staticmethod
    def plays(game, level, seed, bots, contents=None, duration_ms=30000):
        if contents is None:
            contents = StubMinigames.generate(game, level, seed)
        made = [StubMinigames.bot_inputs(game, level, contents, skill, s) for skill, s in bots]
        return [(inputs, StubMinigames.score(game, level, contents, inputs)) for inputs in made]

    @staticmethod
    def visible(game, level, contents):
        return contents


@pytest.fixture
def stub(monkeypatch):
    monkeypatch.setattr(landing, "_module", StubMinigames)
    return StubMinigames


def test_c4_4_2_c9_5_minigame_everybody_plays_and_bank_pays_points(stub):
    """C-9.5: the engine scores the raw inputs; D-7: the bank pays points 1:1."""
    st = position(seats=3, seat={0: {"square": 11}, 2: {"effects": {"blocked_account": 1}}})
    events = roll(st, 1, 1)  # 12, 13: minigame square
    assert st.phase == "minigame" and st.to_move() == [0, 1, 2]
    assert of_type(events, "minigame_started")[0].levels == ("easy", "hard", "hard")
    session = st.session()
    assert st.legal_actions(1) == [session.action(1, [])]
    assert [session.bot_action(1, k, 0).inputs for k in (0, 0.5, 1)] == [(0,), (50,), (100,)]
    assert render(st.describe(session.bot_action(1, 0.5, 0), 1), GAME.catalog("en"), "en") == \
        "Send your minigame input (1 move)"
    view0, view1, spectator = st.view(0), st.view(1), st.view(None)
    assert view0["minigame"]["contents"]["level"] == "easy"
    assert view1["minigame"]["level"] == "hard" and view1["minigame"]["contents"]["seed"] != \
        view0["minigame"]["contents"]["seed"]
    assert spectator["minigame"]["contents"] is None
    with pytest.raises(IllegalAction, match="integers"):
        act(st, {"type": "minigame", "inputs": ["x"]}, 1)
    act(st, {"type": "minigame", "inputs": [40, 2]}, 1)
    assert st.to_move() == [0, 2] and st.view(0)["minigame"]["scores"] is None
    with pytest.raises(IllegalAction):
        act(st, {"type": "minigame", "inputs": [1]}, 1)  # already played
    act(st, {"type": "minigame", "inputs": [-30]}, 0)
    events = act(st, {"type": "minigame", "inputs": [70]}, 2)
    # D-7: negative pays nothing; seat 2's money goes to the bank (Blocked Account)
    assert transfers(events) == [(None, 1, 42, "minigame")]
    assert of_type(events, "minigame_scored")[0].scores == (-30, 42, 70)
    assert of_type(events, "diverted")[0].seat == 2
    assert st.phase == "action" and st.to_move() == [0]
    assert st.view(1)["minigame"]["scores"] == [-30, 42, 70]


def test_c9_real_minigames_round_runs():
    st = position(seats=2, seat={0: {"square": 11}})
    roll(st, 1, 1)
    assert st.phase == "minigame"
    game = st.minigame["game"]
    assert game in landing.minigames().GAMES
    for seat in (0, 1):
        act(st, st.session().bot_action(seat, 1.0, seat).to_json(), seat)
    assert st.phase == "action"


def test_c1_3_deck_has_4_copies_of_23_kinds():
    st = capital.new_game(seats=2, seed=5)
    cards = st.deck + [c for p in st.seats for c in p.hand]
    assert len(cards) == 92 and all(cards.count(c) == 4 for c in CARDS)


def test_c11_kapital_preset_levels_on_any_landing_owner_included_not_on_laps():
    st = position(seat={0: {"square": 4}}, options={"preset": "kapital"},
                  businesses=[business(6, 0, "bar", 0), business(6, 1, "grocery", 0)])
    events = roll(st, 1, 1)  # seat 0 lands on its own block 6: no fee, still a landing
    assert transfers(events) == []
    assert [st.businesses[6, lot].level for lot in (0, 1)] == [2, 2]
    st = position(seat={0: {"square": 54}}, options={"preset": "kapital"},
                  businesses=[business(6, 0, "bar", 0)])
    roll(st, 1, 1)  # 55, 0: a lap, but not on block 6
    assert st.seats[0].laps == 1 and st.businesses[6, 0].level == 1


def test_c4_2_2_capital_preset_lap_levels_all_own_businesses_not_others():
    st = position(seat={0: {"square": 54}},
                  businesses=[business(6, 0, "bar", 0), business(30, 2, "gallery", 0, 4),
                              business(20, 0, "bar", 1)])
    events = roll(st, 1, 1)  # 55, 0: a lap
    assert [st.businesses[k].level for k in ((6, 0), (30, 2), (20, 0))] == [2, 5, 1]
    assert of_type(events, "level_up")[0].lots == ((6, 0), (30, 2))


def test_c12_turn_limit_counts_turns_started_and_refills_before_stopping():
    st = position(seat={0: {"square": 4, "hand": []}}, turn=3, deck=["toll"] * 4 + ["lost_die"],
                  options={"turn_limit": 3})
    roll(st, 1, 1)
    act(st, {"type": "pass"})
    assert st.is_over and st.turn == 3 and st.result()["turns"] == 3
    assert len(st.seats[0].hand) == 5  # D-8 refill still happens on the last turn
    st = position(turn=2, options={"turn_limit": 3})
    roll(st, 1, 1)
    act(st, {"type": "pass"})
    assert not st.is_over and st.turn == 3 and st.phase == "roll"
