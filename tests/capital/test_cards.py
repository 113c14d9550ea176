"""C-6 and C-7: every card, its failure cases, and how effects stack and cancel."""

import pytest

from tycoon.capital import Play
from tycoon.engine import IllegalAction

from .helpers import act, business, of_type, position, roll, transfers


def acting(hand, seats=2, seat=None, **top):
    """A position in step C-4.5 for seat 0, standing on block 4."""
    overrides = {0: {"hand": hand, "square": 4}}
    for i, fields in (seat or {}).items():
        overrides.setdefault(i, {}).update(fields)
    return position(seats, seat=overrides, phase="action", move={"landed": 4}, **top)


def play(st, card, target=None, seat=0):
    return act(st, {"type": "play", "card": card, "target": target}, seat)


def refused(st, card, target=None, match=None):
    before = st.to_json()
    with pytest.raises(IllegalAction, match=match):
        play(st, card, target)
    assert st.to_json() == before
    assert Play(card, tuple(target.values()) if isinstance(target, dict) else target) \
        not in st.legal_actions(0)


def test_c7_4_easy_money_receives_500_and_card_goes_to_discard():
    st = acting(["easy_money"], deck=["toll"] * 4 + ["demolition"] * 2)
    events = play(st, "easy_money")
    assert transfers(events) == [(None, 0, 500, "easy_money")]
    assert st.seats[0].balance == 1000 and st.discard == ["easy_money"]
    assert st.current == 1 and st.phase == "roll"  # the turn ended
    # D-8: refilled to 5 from the top of the deck
    assert st.seats[0].hand == ["toll"] * 4 + ["demolition"] and st.deck == ["demolition"]


def test_c7_cost_zero_cards_playable_from_negative_balance():
    st = acting(["easy_money"], seat={0: {"balance": -800}})
    play(st, "easy_money")
    assert st.seats[0].balance == -300


@pytest.mark.parametrize("balance,paid", [(1000, (0, None, 800, "business_insurance")),
                                          (-300, (None, 0, 500, "business_insurance"))])
def test_d11_business_insurance_sets_balance_to_200(balance, paid):
    st = acting(["business_insurance"], seat={0: {"balance": balance}})
    events = play(st, "business_insurance")
    assert st.seats[0].balance == 200 and transfers(events) == [paid]


def test_c7_lions_sight_gives_lion_resolved_on_targets_turn():
    st = acting(["lions_sight"])
    events = play(st, "lions_sight", 1)
    assert transfers(events) == [(0, None, 200, "card:lions_sight")]
    assert st.seats[1].uses("lion") == 1
    events = roll(st, 1, 1)  # seat 1 from 14 to 16
    assert transfers(events) == [(1, None, 250, "lion")]


def test_c7_lions_sight_failures():
    refused(acting(["lions_sight"]), "lions_sight", 0, "opponent")  # not yourself
    refused(acting(["lions_sight"]), "lions_sight", None)
    refused(acting(["lions_sight"], seat={0: {"balance": 199}}), "lions_sight", 1, "costs")
    refused(acting([]), "lions_sight", 1, "no Lion")


def test_c7_mafia_collection_payable_to_card_player():
    st = acting(["mafia_collection"], seats=3, businesses=[business(20, 0, "gallery", 2)])
    play(st, "mafia_collection", 2)
    assert st.seats[2].mafia == [0]
    st.current, st.phase, st.landed = 2, "roll", None
    st.seats[2].square = 5
    events = roll(st, 1, 1)
    # gallery of seat 2 in its region? no: square 20 is red (seat 1); income 125; 30% = 37.5
    assert transfers(events) == [(2, 0, 38, "mafia")]


def test_c7_mafia_collection_failures():
    refused(acting(["mafia_collection"]), "mafia_collection", 0)
    refused(acting(["mafia_collection"], seat={0: {"balance": 99}}), "mafia_collection", 1)


@pytest.mark.parametrize("card", ["tax_exemption", "business_exemption"])
def test_c6_1_exemptions_give_3_uses_and_stack(card):
    st = acting([card, card], seat={0: {"effects": {card: 3}}})
    play(st, card)
    assert st.seats[0].effects[card] == 6 and st.seats[0].balance == 300
    refused(acting([card], seat={0: {"balance": 150}}), card)
    refused(acting([card]), card, 1, "no target")


def test_c7_blocked_account_on_opponent():
    st = acting(["blocked_account"])
    play(st, "blocked_account", 1)
    assert st.seats[1].effects["blocked_account"] == 1
    refused(acting(["blocked_account"]), "blocked_account", 0)


@pytest.mark.parametrize("card,kind", [("careful_works", "obstacle"), ("toll", "toll")])
def test_c7_1_obstacle_and_toll_placed_on_a_square(card, kind):
    st = acting([card])
    events = play(st, card, 13)
    assert st.constructions == {13: (kind, 0)}
    assert of_type(events, "construction_placed")[0].construction == kind
    refused(acting([card]), card, 14, "not a start square")  # C-7.1: not on a start square
    refused(acting([card], constructions=[{"square": 9, "type": "toll", "owner": 1}]), card, 9)
    refused(acting([card]), card, 56)
    legal = acting([card]).legal_actions(0)
    assert sum(1 for a in legal if a.type == "play") == 52


@pytest.mark.parametrize("option,own_ok", [("any", True), ("opponents", False)])
def test_c7_demolition_removes_obstacle_or_toll(option, own_ok):
    top = dict(constructions=[{"square": 9, "type": "toll", "owner": 0},
                              {"square": 10, "type": "obstacle", "owner": 1}],
               options={"demolition": option})
    st = acting(["demolition"], **top)
    play(st, "demolition", 10)
    assert st.constructions == {9: ("toll", 0)}
    st = acting(["demolition"], **top)
    if own_ok:
        play(st, "demolition", 9)
        assert 9 not in st.constructions
    else:
        refused(st, "demolition", 9, "opponent")
    refused(acting(["demolition"]), "demolition", 9)  # nothing to demolish


def test_c7_operation_hare_3_uses_then_sixes():
    st = acting(["operation_hare"])
    play(st, "operation_hare")
    assert st.seats[0].effects["hare"] == 3 and st.seats[0].balance == 500
    refused(acting(["operation_hare"]), "operation_hare", 1)


def test_c7_operation_turtle_on_opponent():
    st = acting(["operation_turtle"])
    play(st, "operation_turtle", 1)
    assert st.seats[1].effects["turtle"] == 3
    events = roll(st, 5, 5)
    assert of_type(events, "rolled")[0].dice == (1, 1) and st.seats[1].square == 16
    refused(acting(["operation_turtle"]), "operation_turtle", 0)


def test_c7_extra_die_up_to_4():
    st = acting(["extra_die"], seat={0: {"dice": 3}})
    play(st, "extra_die")
    assert st.seats[0].dice == 4 and st.seats[0].balance == 300
    refused(acting(["extra_die"], seat={0: {"dice": 4}}), "extra_die", None, "4 dice")


def test_c7_lost_die_needs_target_with_2_dice():
    st = acting(["lost_die"], seat={1: {"dice": 3}})
    play(st, "lost_die", 1)
    assert st.seats[1].dice == 2 and st.seats[0].balance == 0
    refused(acting(["lost_die"], seat={1: {"dice": 1}}), "lost_die", 1, "2 dice")
    refused(acting(["lost_die"], seat={0: {"balance": 499}}), "lost_die", 1, "costs")


def test_c6_2_new_beginning_clears_effects_and_dice_yourself_included():
    effects = {"lion": 1, "tax_exemption": 2, "business_exemption": 3, "blocked_account": 1,
               "hare": 2, "turtle": 1, "mafia": 1}
    st = acting(["new_beginning"], seat={0: {"dice": 4, "effects": effects,
                                             "mafia_payees": [1]}})
    play(st, "new_beginning", 0)
    assert st.seats[0].dice == 2
    assert all(st.seats[0].uses(e) == 0 for e in effects)
    st = acting(["new_beginning"], seat={1: {"dice": 1, "effects": {"hare": 3}}})
    play(st, "new_beginning", 1)
    assert st.seats[1].dice == 2 and st.seats[1].effects["hare"] == 0
    refused(acting(["new_beginning"]), "new_beginning", 2)


def test_c7_implosion_destroys_any_business_without_refund():
    top = dict(businesses=[business(20, 1, "super_center", 1), business(5, 0, "bar", 0)])
    st = acting(["implosion"], **top)
    play(st, "implosion", {"square": 20, "lot": 1})
    assert (20, 1) not in st.businesses and st.seats[1].balance == 500
    assert st.net_worth(1) == 500
    st = acting(["implosion"], **top)
    play(st, "implosion", {"square": 5, "lot": 0})  # one's own, too
    assert (5, 0) not in st.businesses
    refused(acting(["implosion"], **top), "implosion", {"square": 20, "lot": 0})


def test_c7_instant_valuation_own_business_gains_3_levels():
    top = dict(businesses=[business(20, 1, "bar", 0), business(5, 0, "bar", 1)])
    st = acting(["instant_valuation"], **top)
    play(st, "instant_valuation", {"square": 20, "lot": 1})
    assert st.businesses[20, 1].level == 4 and st.incomes()[20, 1] == 43
    refused(acting(["instant_valuation"], **top), "instant_valuation", {"square": 5, "lot": 0})


def test_c7_aggressive_marketing_all_own_gain_a_level_needs_one():
    top = dict(businesses=[business(20, 1, "bar", 0), business(22, 0, "bar", 0, 3),
                           business(5, 0, "bar", 1)])
    st = acting(["aggressive_marketing"], **top)
    play(st, "aggressive_marketing")
    assert [st.businesses[k].level for k in ((20, 1), (22, 0), (5, 0))] == [2, 4, 1]
    assert st.seats[0].balance == 100
    refused(acting(["aggressive_marketing"]), "aggressive_marketing", None, "no business")


# ------------------------------------------------------------------ victory cards (C-7.2, C-7.3)
def won(st, card):
    events = play(st, card)
    assert st.is_over and st.winner == 0 and st.reason == card
    assert st.result()["finished"] and st.result()["winner"] == 0
    assert st.to_move() == [] and st.legal_actions(0) == []
    return events


def test_c7_richest_in_town_40_percent_of_all_and_2_laps():
    # net worths 400 and 600: 400 >= 40% of 1000
    st = acting(["richest_in_town"], seat={0: {"balance": 400, "laps": 2}, 1: {"balance": 600}})
    won(st, "richest_in_town")
    refused(acting(["richest_in_town"], seat={0: {"balance": 399, "laps": 2},
                                              1: {"balance": 601}}), "richest_in_town")
    refused(acting(["richest_in_town"], seat={0: {"balance": 900, "laps": 1}}),
            "richest_in_town", None, "laps")


def test_c11_richest_in_town_other_players_basis():
    """300 is below 40% of all (1000) but at least 40% of the others' 700; the game's end
    says the rule it was won by (it said "of the total" under either basis)."""
    from tycoon.engine import get_game, render

    seats = {0: {"balance": 300, "laps": 2}, 1: {"balance": 700}}
    refused(acting(["richest_in_town"], seat=seats), "richest_in_town", None, "40%")
    st = acting(["richest_in_town"], seat=seats, options={"richest_basis": "other_players"})
    events = won(st, "richest_in_town")
    told = [render(st.describe(e, None), get_game("capital").catalog("en"), "en") for e in events]
    assert told[-1].endswith("a net worth of at least 40% of the other players' total, with "
                             "at least 2 laps"), told
    st = acting(["richest_in_town"], seat={0: {"balance": 400, "laps": 2}, 1: {"balance": 600}})
    told = [render(st.describe(e, None), get_game("capital").catalog("en"), "en")
            for e in won(st, "richest_in_town")]
    assert told[-1].endswith("of at least 40% of the total, with at least 2 laps"), told


def test_c5_5_d10_net_worth_counts_business_prices():
    st = acting([], seat={0: {"balance": -100}}, businesses=[business(20, 1, "gallery", 0, 5)])
    assert st.net_worth(0) == 150 and st.view()["seats"][0]["net_worth"] == 150


def test_c7_successful_entrepreneur_net_worth_7000():
    top = dict(businesses=[business(20, 1, "super_center", 0)])
    won(acting(["successful_entrepreneur"], seat={0: {"balance": 5500}}, **top),
        "successful_entrepreneur")
    refused(acting(["successful_entrepreneur"], seat={0: {"balance": 5499}}, **top),
            "successful_entrepreneur", None, "7000")


def test_c7_private_jet_two_laps_ahead_of_every_opponent_and_cost_covered():
    seats = {0: {"laps": 5, "balance": 500}, 1: {"laps": 3}, 2: {"laps": 1}}
    events = won(acting(["private_jet"], seats=3, seat=seats), "private_jet")
    assert transfers(events) == [(0, None, 500, "card:private_jet")]
    refused(acting(["private_jet"], seats=3, seat={**seats, 1: {"laps": 4}}), "private_jet",
            None, "laps")
    refused(acting(["private_jet"], seats=3, seat={**seats, 0: {"laps": 5, "balance": 499}}),
            "private_jet", None, "costs")


def test_c7_swimming_in_money_costs_3000():
    won(acting(["swimming_in_money"], seat={0: {"balance": 3000}}), "swimming_in_money")
    refused(acting(["swimming_in_money"], seat={0: {"balance": 2999}}), "swimming_in_money")


def test_c7_mega_business_income_2000():
    # super center level 5: 750 * 1.2^4 = 1555.2; own region +20% -> 1866.24 -> 1866
    big = business(5, 0, "super_center", 0, level=5)
    st = acting(["mega_business"], businesses=[big])
    assert st.incomes()[5, 0] == 1866
    refused(st, "mega_business", None, "2000")
    big = business(5, 0, "super_center", 0, level=6)  # 750 * 1.2^5 * 1.2 = 2239.49 -> 2239
    st = acting(["mega_business"], businesses=[big])
    assert st.incomes()[5, 0] == 2239
    won(st, "mega_business")


def test_c7_3_victory_ends_game_without_refill():
    st = acting(["swimming_in_money"], seat={0: {"balance": 3000}}, deck=["toll"] * 4)
    won(st, "swimming_in_money")
    assert st.seats[0].hand == [] and len(st.deck) == 4
    with pytest.raises(IllegalAction, match="over"):
        act(st, {"type": "pass"}, 0)


def test_c6_1_hare_and_turtle_uses_add_up():
    st = acting(["operation_hare"], seat={0: {"effects": {"hare": 2}}})
    play(st, "operation_hare")
    assert st.seats[0].effects["hare"] == 5
    st = acting(["operation_turtle"], seat={1: {"effects": {"turtle": 1}}})
    play(st, "operation_turtle", 1)
    assert st.seats[1].effects["turtle"] == 4


def test_c6_1_two_mafia_collections_from_two_players():
    st = acting(["mafia_collection"], seats=3, seat={2: {"effects": {"mafia": 1},
                                                         "mafia_payees": [1]}})
    play(st, "mafia_collection", 2)
    assert st.seats[2].mafia == [1, 0] and st.view()["seats"][2]["effects"]["mafia"] == 2


def test_c7_2_mega_business_cost_must_be_covered_by_the_balance():
    big = business(5, 0, "super_center", 0, level=6)  # income 2239
    refused(acting(["mega_business"], seat={0: {"balance": 499}}, businesses=[big]),
            "mega_business", None, "costs")
    st = acting(["mega_business"], seat={0: {"balance": 500}}, businesses=[big])
    events = won(st, "mega_business")
    assert transfers(events) == [(0, None, 500, "card:mega_business")]
    assert st.seats[0].balance == 0


def test_c7_cards_without_any_legal_target_cannot_be_played():
    """C-7: Implosion with no business, Instant Valuation without a business of one's own,
    Demolition without a construction, Lost Die when every opponent has 1 die."""
    others = [business(20, 0, "bar", 1)]
    for card, top, seats in [
        ("implosion", {}, None),
        ("instant_valuation", {"businesses": others}, None),
        ("demolition", {}, None),
        ("lost_die", {}, {1: {"dice": 1}}),
    ]:
        st = acting([card], seat=seats, **top)
        assert not any(a.type == "play" for a in st.legal_actions(0)), card


def test_c12_kapital_preset_richest_basis_and_demolition():
    """C-11: under the kapital preset Richest in Town compares with the other players'
    net worths, and Demolition takes only an opponent's obstacle or toll."""
    seats = {0: {"balance": 300, "laps": 2}, 1: {"balance": 700}}
    won(acting(["richest_in_town"], seat=seats, options={"preset": "kapital"}),
        "richest_in_town")
    top = dict(constructions=[{"square": 9, "type": "toll", "owner": 0}],
               options={"preset": "kapital"})
    refused(acting(["demolition"], **top), "demolition", 9, "opponent")


def test_c7_richest_in_town_exactly_40_percent_of_others_under_kapital():
    # 400 vs others 1000: exactly 40%
    seats = {0: {"balance": 400, "laps": 2}, 1: {"balance": 600}, 2: {"balance": 400}}
    won(acting(["richest_in_town"], seats=3, seat=seats,
               options={"richest_basis": "other_players"}), "richest_in_town")
    seats = {0: {"balance": 399, "laps": 2}, 1: {"balance": 600}, 2: {"balance": 400}}
    refused(acting(["richest_in_town"], seats=3, seat=seats,
                   options={"richest_basis": "other_players"}), "richest_in_town", None, "40%")


def test_c7_private_jet_counts_every_opponent_not_only_the_next():
    seats = {0: {"laps": 4}, 1: {"laps": 0}, 2: {"laps": 1}, 3: {"laps": 3}}
    refused(acting(["private_jet"], seats=4, seat=seats), "private_jet", None, "5 laps")
    seats[0] = {"laps": 5}
    won(acting(["private_jet"], seats=4, seat=seats), "private_jet")


def test_c7_c1_3_card_table_costs_and_targets():
    """The 23 kinds of C-7 with the cost and the target each one takes."""
    from tycoon.capital.cards import COST, TARGET, VICTORY, full_deck

    assert COST == {
        "easy_money": 0, "business_insurance": 0, "lions_sight": 200, "mafia_collection": 100,
        "tax_exemption": 200, "business_exemption": 200, "blocked_account": 200,
        "careful_works": 100, "toll": 100, "demolition": 100, "operation_hare": 0,
        "operation_turtle": 200, "extra_die": 200, "lost_die": 500, "new_beginning": 200,
        "implosion": 200, "instant_valuation": 200, "aggressive_marketing": 400,
        "richest_in_town": 0, "successful_entrepreneur": 0, "private_jet": 500,
        "swimming_in_money": 3000, "mega_business": 500}
    assert {c for c, t in TARGET.items() if t == "opponent"} == {
        "lions_sight", "mafia_collection", "blocked_account", "operation_turtle", "lost_die"}
    assert TARGET["new_beginning"] == "seat" and TARGET["implosion"] == "business"
    assert TARGET["instant_valuation"] == "own_business"
    assert sorted(VICTORY) == ["mega_business", "private_jet", "richest_in_town",
                               "successful_entrepreneur", "swimming_in_money"]
    assert len(full_deck()) == 92 and len(VICTORY) * 4 == 20


def test_c7_2_victory_card_refused_changes_nothing_and_cost_not_taken():
    """C-7.2: a failing condition refuses the card before any money moves."""
    st = acting(["private_jet"], seat={0: {"laps": 1, "balance": 900}})
    refused(st, "private_jet", None, "laps")
    assert st.seats[0].balance == 900 and st.seats[0].hand == ["private_jet"]


def test_d11_c4_3_3_business_insurance_top_up_is_money_received_so_blocked_account_diverts():
    """Reading chosen: raising the balance to $200 is money received from the bank, so under
    Blocked Account it goes to the bank (one use spent); lowering it is a payment, untouched."""
    st = acting(["business_insurance"], seat={0: {"balance": -300,
                                                  "effects": {"blocked_account": 1}}})
    events = play(st, "business_insurance")
    assert st.seats[0].balance == -300 and transfers(events) == []
    assert of_type(events, "diverted")[0].amount == 500
    assert st.seats[0].effects["blocked_account"] == 0
    st = acting(["business_insurance"], seat={0: {"balance": 900,
                                                  "effects": {"blocked_account": 1}}})
    play(st, "business_insurance")
    assert st.seats[0].balance == 200 and st.seats[0].effects["blocked_account"] == 1
