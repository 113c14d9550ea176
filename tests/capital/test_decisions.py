"""Rules decisions D-12 to D-17 and the ``card_supply`` option (``shared`` capital rules,
section C-10): each test names its decision and asserts the engine's outcome."""

import pytest

from tycoon.capital import Play
from tycoon.capital.board import BOARD
from tycoon.engine import IllegalAction

from .helpers import act, business, of_type, position, roll, transfers


@pytest.mark.parametrize("card", ["lions_sight", "mafia_collection", "blocked_account",
                                  "operation_turtle", "lost_die"])
def test_d12_harmful_cards_target_an_opponent_only(card):
    st = position(seats=3, seat={1: {"hand": [card], "balance": 900}}, current=1,
                  phase="action", move={"landed": 15})
    targets = {a.target for a in st.legal_actions(1) if isinstance(a, Play) and a.card == card}
    assert targets == {0, 2}
    with pytest.raises(IllegalAction, match="opponent"):
        st.apply(1, Play(card, 1))
    assert st.seats[1].hand == [card]


def test_d12_new_beginning_may_target_anyone_the_player_included():
    st = position(seats=3, seat={1: {"hand": ["new_beginning"], "dice": 4,
                                     "effects": {"turtle": 2}}},
                  current=1, phase="action", move={"landed": 15})
    targets = {a.target for a in st.legal_actions(1) if isinstance(a, Play)}
    assert targets == {0, 1, 2}
    act(st, {"type": "play", "card": "new_beginning", "target": 1})
    assert st.seats[1].dice == 2 and st.seats[1].effects["turtle"] == 0  # C-6.2 on oneself


def test_d13_constructions_go_on_any_square_but_a_start_one_per_square():
    st = position(seat={0: {"hand": ["toll", "careful_works"]}}, phase="action",
                  move={"landed": 5}, constructions=[{"square": 9, "type": "obstacle",
                                                      "owner": 1}])
    toll = {a.target for a in st.legal_actions(0) if isinstance(a, Play) and a.card == "toll"}
    assert toll == {s for s in range(BOARD.size) if BOARD.kind[s] != "start"} - {9}
    assert {13, 27} <= toll  # a minigame and a stock-exchange square too
    for bad in (0, 14, 9):  # start squares, a square holding works
        with pytest.raises(IllegalAction):
            st.apply(0, Play("toll", bad))
    act(st, {"type": "play", "card": "toll", "target": 13})
    assert st.constructions[13] == ("toll", 0)


def _mega(with_super_center: bool):
    """Seat 0's shopping center on square 17, lot 0: brand +100 (4 regions), neighbourhood
    +200 (6 other kinds around) = $2000 of income; without the super center next door,
    neighbourhood +150 = $1750."""
    shops = [business(17, 0, "shopping_center", 0), business(2, 0, "shopping_center", 0),
             business(30, 0, "shopping_center", 0), business(44, 0, "shopping_center", 0)]
    around = [business(17, 1, "bar", 1), business(17, 2, "grocery", 1),
              business(17, 3, "supermarket", 1), business(16, 0, "gallery", 1),
              business(16, 1, "office_building", 1)]
    if with_super_center:
        around.append(business(18, 0, "super_center", 1))
    return position(seat={0: {"hand": ["mega_business"], "balance": 600}}, phase="action",
                    move={"landed": 5}, businesses=shops + around)


def test_d14_mega_business_needs_an_income_of_at_least_2000():
    st = _mega(True)
    assert st.incomes()[17, 0] == 2000
    assert Play("mega_business") in st.legal_actions(0)
    events = act(st, {"type": "play", "card": "mega_business"})
    assert st.winner == 0 and of_type(events, "game_over")[0].reason == "mega_business"
    st = _mega(False)
    assert st.incomes()[17, 0] == 1750
    assert Play("mega_business") not in st.legal_actions(0)
    with pytest.raises(IllegalAction, match="2000"):
        st.apply(0, Play("mega_business"))


def test_d15_lion_and_mafia_round_half_up():
    # Lion's Sight: 50% of $301 is $150.50 -> $151
    st = position(seat={0: {"square": 4, "balance": 301, "effects": {"lion": 1}}})
    events = roll(st, 1, 1)
    assert (0, None, 151, "lion") in transfers(events) and st.seats[0].balance == 150
    # Mafia Collection: 30% of $25 of income is $7.50 -> $8, to the card's player
    st = position(seat={0: {"square": 4, "mafia_payees": [1]}},
                  businesses=[business(20, 0, "bar", 0)])  # a lone bar off home: $25
    assert st.incomes()[20, 0] == 25
    events = roll(st, 1, 1)
    assert (0, 1, 8, "mafia") in transfers(events)


def test_d16_kapital_landing_fees_at_the_old_level_then_every_business_levels_up():
    st = position(seat={0: {"square": 4}}, options={"level_up": "landing"},
                  businesses=[business(6, 0, "bar", 1), business(6, 1, "bar", 0)])
    fee = st.incomes()[6, 0]
    events = roll(st, 1, 1)  # 5, 6
    assert (0, 1, fee, "fee") in transfers(events)
    assert st.businesses[6, 0].level == 2 and st.businesses[6, 1].level == 2  # the owner's too
    assert of_type(events, "level_up")[0].reason == "landing"


def test_d17_the_board_has_two_minigame_squares():
    assert [s for s in range(BOARD.size) if BOARD.kind[s] == "minigame"] == [13, 41]
    assert [s for s in range(BOARD.size) if BOARD.kind[s] == "exchange"] == [27, 55]
    st = position(seat={0: {"square": 39}})
    roll(st, 1, 1)  # 40, 41
    assert st.phase == "minigame" and st.session() is not None


def test_card_supply_refill_default_refills_to_5_and_lap_draws_per_lap_only():
    """Option card_supply (D-8): refill (default) tops the hand up to 5 at the end of the
    turn; lap never refills and draws one card per completed lap."""
    deck = ["toll", "lost_die", "implosion", "extra_die", "easy_money", "demolition"]
    st = position(seat={0: {"square": 52, "hand": ["toll"]}}, deck=deck)
    assert st.options["card_supply"] == "refill"
    roll(st, 1, 1)  # 53, 54: no lap
    act(st, {"type": "pass"})
    assert len(st.seats[0].hand) == 5
    st = position(seat={0: {"square": 52, "hand": ["toll"]}}, deck=deck,
                  options={"card_supply": "lap"})
    roll(st, 2, 2)  # 53, 54, 55, 0: a lap
    assert len(st.seats[0].hand) == 2
    act(st, {"type": "pass"})
    assert len(st.seats[0].hand) == 2  # never refilled
