"""C-4.3: fees, tolls, Mafia, Lion in the order of D-4; exemptions (C-4.3.1); negative
balances (D-5); Blocked Account (C-4.3.3)."""

import pytest

from tycoon.capital import Waive
from tycoon.engine import IllegalAction

from .helpers import act, business, of_type, position, roll, transfers


def test_c4_3_1_fee_for_each_business_of_another_player():
    st = position(seats=3, businesses=[business(2, 0, "bar", 1), business(2, 1, "grocery", 2),
                                       business(2, 2, "bar", 0)])
    events = roll(st, 1, 1)
    # bar of 1 shares the block with another bar (+0): 25; grocery of 2 next to bars (+25):
    # 62.5 -> 63; seat 0's own bar: free
    assert transfers(events) == [(0, 1, 25, "fee"), (0, 2, 63, "fee")]
    assert [p.balance for p in st.seats] == [500 - 88, 525, 563]


def test_d4_payment_order_fee_toll_mafia_lion_on_what_is_left():
    st = position(
        seat={0: {"effects": {"lion": 1, "mafia": 1}, "mafia_payees": [1]}},
        businesses=[business(2, 0, "bar", 1), business(40, 0, "grocery", 0)],
        constructions=[{"square": 1, "type": "toll", "owner": 1}],
    )
    events = roll(st, 1, 1)
    # fee 25; toll 100; mafia 30% of 50 = 15; lion 50% of 360 = 180
    assert transfers(events) == [(0, 1, 25, "fee"), (0, 1, 100, "toll"), (0, 1, 15, "mafia"),
                                 (0, None, 180, "lion")]
    assert st.seats[0].balance == 180 and st.seats[1].balance == 640
    assert st.seats[0].uses("lion") == 0 and st.seats[0].uses("mafia") == 0


def test_c6_1_two_lions_are_two_charges():
    st = position(seat={0: {"balance": 1000, "effects": {"lion": 2}}})
    events = roll(st, 1, 2)
    assert transfers(events) == [(0, None, 500, "lion"), (0, None, 250, "lion")]


def test_c4_3_lion_takes_nothing_from_zero_or_negative_balance():
    st = position(seat={0: {"balance": -40, "effects": {"lion": 1}}})
    events = roll(st, 1, 2)
    assert transfers(events) == [] and st.seats[0].balance == -40
    assert st.seats[0].uses("lion") == 0


def test_c4_3_lion_rounds_half_up():
    st = position(seat={0: {"balance": 101, "effects": {"lion": 1}}})
    events = roll(st, 1, 2)
    assert transfers(events) == [(0, None, 51, "lion")]


def test_c12_lion_percent_option():
    st = position(seat={0: {"balance": 1000, "effects": {"lion": 1}}},
                  options={"lion_percent": 30})
    events = roll(st, 1, 2)
    assert transfers(events) == [(0, None, 300, "lion")]


def test_c4_3_mafia_pays_each_card_player():
    st = position(seats=3, seat={0: {"effects": {"mafia": 2}, "mafia_payees": [1, 2]}},
                  businesses=[business(40, 0, "office_building", 0)])
    events = roll(st, 1, 2)
    assert transfers(events) == [(0, 1, 75, "mafia"), (0, 2, 75, "mafia")]


def test_c4_3_1_business_exemption_waives_fees_automatically():
    st = position(seat={0: {"effects": {"business_exemption": 3}}},
                  businesses=[business(2, 0, "bar", 1), business(2, 1, "bar", 1)])
    events = roll(st, 1, 1)
    assert transfers(events) == []
    assert st.seats[0].effects["business_exemption"] == 1
    assert [e.charge for e in of_type(events, "waived")] == ["fee:2:0", "fee:2:1"]


def test_c4_3_1_tax_exemption_waives_toll_mafia_lion_not_fees():
    st = position(
        seat={0: {"effects": {"tax_exemption": 3, "lion": 1, "mafia": 1}, "mafia_payees": [1]}},
        businesses=[business(2, 0, "bar", 1)],
        constructions=[{"square": 1, "type": "toll", "owner": 1}],
    )
    events = roll(st, 1, 1)
    assert transfers(events) == [(0, 1, 25, "fee")]
    assert st.seats[0].effects["tax_exemption"] == 0 and st.seats[0].uses("lion") == 0


def test_c4_3_1_heuristic_waives_the_biggest_charge_lion_and_mafia_included():
    """The view leaves the amounts of Lion's Sight and Mafia Collection to payment time
    (``None``); the heuristic bots weigh them as the rules will charge them (50% of the
    balance, D-15; 30% of the incomes) and waive the biggest with their one use."""
    from tycoon.bots import make_bot

    st = position(
        seat={0: {"balance": 1000, "effects": {"tax_exemption": 1, "lion": 1}}},
        constructions=[{"square": 1, "type": "toll", "owner": 1}],
    )
    roll(st, 1, 1)
    assert st.view(0)["charges"][1]["amount"] is None
    for name in ("medium", "hard:iterations=5"):
        assert make_bot(name, "capital", 0).choose(st, 0) == Waive(("lion:0",))
    st = position(
        seat={0: {"balance": 100, "effects": {"tax_exemption": 1, "mafia": 1},
                  "mafia_payees": [1]}},
        businesses=[business(40, 0, "office_building", 0, level=4)],
        constructions=[{"square": 1, "type": "toll", "owner": 1}],
    )
    roll(st, 1, 1)
    income = st.view(0)["businesses"][0]["income"]
    assert 0.3 * income > 100  # the Mafia's 30% is more than the toll
    assert make_bot("medium", "capital", 0).choose(st, 0) == Waive(("mafia:0",))


def test_c4_3_1_choice_when_charges_outnumber_uses():
    st = position(
        seat={0: {"balance": 1000, "effects": {"tax_exemption": 1, "lion": 1}}},
        constructions=[{"square": 1, "type": "toll", "owner": 1}],
    )
    events = roll(st, 1, 1)
    assert st.phase == "waive" and transfers(events) == []
    assert set(st.legal_actions(0)) == {Waive(("toll:1",)), Waive(("lion:0",))}
    with pytest.raises(IllegalAction):
        act(st, {"type": "waive", "charges": ["toll:1", "lion:0"]})
    with pytest.raises(IllegalAction):
        act(st, {"type": "waive", "charges": []})
    events = act(st, {"type": "waive", "charges": ["lion:0"]})
    assert transfers(events) == [(0, 1, 100, "toll")]
    assert st.seats[0].effects["tax_exemption"] == 0 and st.seats[0].balance == 900
    assert st.phase == "action"


def test_c4_3_1_choice_for_fees_keeps_tax_charges_automatic():
    st = position(
        seat={0: {"effects": {"business_exemption": 1, "tax_exemption": 2}}},
        businesses=[business(2, 0, "bar", 1), business(2, 1, "grocery", 1)],
        constructions=[{"square": 1, "type": "toll", "owner": 1}],
    )
    roll(st, 1, 1)
    assert st.phase == "waive"
    assert set(st.legal_actions(0)) == {Waive(("fee:2:0",)), Waive(("fee:2:1",))}
    events = act(st, {"type": "waive", "charges": ["fee:2:1"]})
    assert transfers(events) == [(0, 1, 31, "fee")]  # bar next to a grocery
    assert st.seats[0].effects == {**st.seats[0].effects, "business_exemption": 0,
                                   "tax_exemption": 1}


def test_d5_payment_in_full_into_negative_balance():
    st = position(seat={0: {"balance": 10}}, businesses=[business(2, 0, "bar", 1)])
    roll(st, 1, 1)
    assert st.seats[0].balance == -15
    # C-4.3.2: cannot afford anything priced above the balance
    assert all(a.type in ("exchange", "pass") or (a.type == "play" and a.card in (
        "easy_money", "business_insurance", "operation_hare", "richest_in_town",
        "successful_entrepreneur")) for a in st.legal_actions(0))


def test_c4_3_3_blocked_account_diverts_to_bank_payer_still_pays():
    st = position(seat={1: {"effects": {"blocked_account": 1}}},
                  businesses=[business(2, 0, "bar", 1), business(2, 1, "bar", 1)])
    events = roll(st, 1, 1)
    assert transfers(events) == [(0, None, 25, "fee"), (0, 1, 25, "fee")]
    assert of_type(events, "diverted")[0].seat == 1
    assert st.seats[0].balance == 450 and st.seats[1].balance == 525
    assert st.seats[1].effects["blocked_account"] == 0


def test_c4_3_3_blocked_account_diverts_bank_money_too():
    st = position(seat={0: {"hand": ["easy_money"], "effects": {"blocked_account": 2}}})
    roll(st, 1, 2)
    events = act(st, {"type": "play", "card": "easy_money"})
    assert transfers(events) == [] and st.seats[0].balance == 500
    assert st.seats[0].effects["blocked_account"] == 1


def test_c6_1_blocked_account_uses_add_up_one_per_amount_received():
    st = position(seats=3, seat={1: {"effects": {"blocked_account": 2}}},
                  businesses=[business(2, 0, "bar", 1), business(2, 1, "bar", 1),
                              business(2, 2, "bar", 1)])
    events = roll(st, 1, 1)
    assert transfers(events) == [(0, None, 25, "fee"), (0, None, 25, "fee"), (0, 1, 25, "fee")]
    assert st.seats[1].effects["blocked_account"] == 0 and st.seats[1].balance == 525


def test_c4_3_mafia_on_a_player_without_businesses_costs_nothing_but_is_a_charge():
    st = position(seat={0: {"effects": {"mafia": 1, "tax_exemption": 1}, "mafia_payees": [1]}})
    events = roll(st, 1, 2)
    assert transfers(events) == [] and st.seats[0].effects["tax_exemption"] == 0
    st = position(seat={0: {"effects": {"mafia": 1}, "mafia_payees": [1]}})
    events = roll(st, 1, 2)
    assert transfers(events) == [] and st.seats[0].uses("mafia") == 0


def test_c4_3_1_waive_choice_with_both_exemptions_short():
    st = position(
        seat={0: {"effects": {"business_exemption": 1, "tax_exemption": 1, "lion": 1}}},
        businesses=[business(2, 0, "bar", 1), business(2, 1, "grocery", 1)],
        constructions=[{"square": 1, "type": "toll", "owner": 1}],
    )
    roll(st, 1, 1)
    assert set(st.legal_actions(0)) == {
        Waive(tuple(sorted((fee, tax)))) for fee in ("fee:2:0", "fee:2:1")
        for tax in ("toll:1", "lion:0")}
    with pytest.raises(IllegalAction, match="business exemption"):
        act(st, {"type": "waive", "charges": ["toll:1"]})
    events = act(st, {"type": "waive", "charges": ["fee:2:1", "toll:1"]})
    # pays the bar (31), then the lion on 469 -> 234.5 -> 235
    assert transfers(events) == [(0, 1, 31, "fee"), (0, None, 235, "lion")]


def test_c4_3_1_several_tolls_outnumbering_uses_the_player_picks_which():
    tolls = [{"square": s, "type": "toll", "owner": 1} for s in (1, 2, 3)]
    st = position(seat={0: {"effects": {"tax_exemption": 2}}}, constructions=tolls)
    roll(st, 1, 2)  # 1, 2, 3: three tolls, two uses
    assert st.phase == "waive"
    assert set(st.legal_actions(0)) == {Waive(("toll:1", "toll:2")), Waive(("toll:1", "toll:3")),
                                        Waive(("toll:2", "toll:3"))}
    with pytest.raises(IllegalAction):
        act(st, {"type": "waive", "charges": ["toll:1"]})
    events = act(st, {"type": "waive", "charges": ["toll:3", "toll:1"]})
    assert transfers(events) == [(0, 1, 100, "toll")]
    assert [e.charge for e in of_type(events, "waived")] == ["toll:1", "toll:3"]
    assert st.seats[0].effects["tax_exemption"] == 0 and st.seats[0].balance == 400


def test_c4_3_3_blocked_account_diverts_a_stock_exchange_gain_not_a_loss():
    seen = set()
    for seed in range(20):
        st = position(seat={0: {"square": 25, "effects": {"blocked_account": 1}}},
                      rng={"seed": seed})
        events = roll(st, 1, 1)  # 26, 27: stock exchange
        amount = of_type(events, "stock_exchange")[0].amount
        if amount > 0:  # the gain goes to the bank, one use spent
            assert st.seats[0].balance == 500 and transfers(events) == []
            assert of_type(events, "diverted")[0].amount == amount
            assert st.seats[0].effects["blocked_account"] == 0
        elif amount < 0:  # a loss is paid as usual; the use stays
            assert st.seats[0].balance == 500 + amount
            assert st.seats[0].effects["blocked_account"] == 1
        seen.add(amount > 0)
    assert seen == {True, False}


def test_c4_3_3_blocked_account_diverts_tolls_and_mafia_to_the_bank():
    st = position(seats=3, seat={0: {"effects": {"mafia": 1}, "mafia_payees": [2]},
                                 1: {"effects": {"blocked_account": 1}},
                                 2: {"effects": {"blocked_account": 1}}},
                  constructions=[{"square": 1, "type": "toll", "owner": 1}],
                  businesses=[business(40, 0, "office_building", 0)])
    events = roll(st, 1, 2)
    assert transfers(events) == [(0, None, 100, "toll"), (0, None, 75, "mafia")]
    assert [p.balance for p in st.seats] == [325, 500, 500]
    assert [p.effects["blocked_account"] for p in st.seats] == [0, 0, 0]


def test_c4_3_2_negative_balance_cannot_build_or_play_a_priced_card():
    """C-4.3.2: nothing priced above the balance: no bar at -15, no $100 card; free ones are
    not priced above it (see test_c7_cost_zero_cards_playable_from_negative_balance)."""
    st = position(seat={0: {"balance": 10, "hand": ["toll", "easy_money"]}},
                  businesses=[business(2, 0, "bar", 1)])
    roll(st, 1, 1)
    assert st.seats[0].balance == -15 and st.phase == "action"
    assert not any(a.type == "build" for a in st.legal_actions(0))
    with pytest.raises(IllegalAction, match="balance"):
        act(st, {"type": "build", "lot": 1, "kind": "bar"})
    with pytest.raises(IllegalAction, match="costs"):
        act(st, {"type": "play", "card": "toll", "target": 9})
    assert {a.type for a in st.legal_actions(0)} == {"play", "exchange", "pass"}
    act(st, {"type": "play", "card": "easy_money"})
    assert st.seats[0].balance == 485


def test_d4_lion_is_taken_from_what_is_left_after_a_fee_into_the_negative():
    st = position(seat={0: {"balance": 20, "effects": {"lion": 1}}},
                  businesses=[business(2, 0, "grocery", 1)])
    events = roll(st, 1, 1)
    assert transfers(events) == [(0, 1, 50, "fee")] and st.seats[0].balance == -30
    assert st.seats[0].uses("lion") == 0
