"""C-8 information: views, and actions described in words."""

from tycoon.capital import Branch, Build, Exchange, Pass, Play, Roll, Waive

from .helpers import business, position


def test_c8_1_c8_2_view_keys_public_data_and_own_hand_only():
    st = position(seats=3, seat={0: {"hand": ["toll"]}, 1: {"hand": ["implosion", "toll"]}},
                  businesses=[business(5, 0, "bar", 1)],
                  constructions=[{"square": 9, "type": "obstacle", "owner": 2}],
                  deck=["lost_die"], discard=["extra_die"])
    view = st.view(1)
    for key in ("game", "turn", "current", "to_move", "phase", "seats", "businesses",
                "constructions", "deck_size", "discard", "minigame", "winner"):
        assert key in view
    assert view["game"] == "capital" and view["deck_size"] == 1
    assert view["discard"] == ["extra_die"]
    assert view["businesses"] == [{"square": 5, "lot": 0, "kind": "bar", "owner": 1,
                                   "level": 1, "income": 25}]
    assert view["constructions"] == [{"square": 9, "type": "obstacle", "owner": 2}]
    seats = view["seats"]
    assert seats[1]["hand"] == ["implosion", "toll"] and "hand" not in seats[0]
    assert seats[0]["hand_size"] == 1 and seats[2]["color"] == "blue"
    assert set(seats[0]["effects"]) == {"lion", "mafia", "tax_exemption", "business_exemption",
                                        "blocked_account", "hare", "turtle"}
    # C-8.1: net worths and their percentage of the total: 500, 550, 500 of 1550
    assert [s["net_worth_percent"] for s in seats] == [32, 35, 32]
    assert all("hand" not in s for s in st.view(None)["seats"])


def test_describe_actions_in_words():
    st = position(seat={0: {"square": 17, "hand": ["lions_sight", "toll", "implosion"]}},
                  phase="action", move={"landed": 17},
                  businesses=[business(20, 1, "office_building", 1)])
    assert st.describe(Build(2, "bar"), 0) == "Build a bar on block 17, lot 2, for $50"
    assert st.describe(Build(0, "office_building"), 0) == \
        "Build an office building on block 17, lot 0, for $500"
    assert st.describe(Play("lions_sight", 1), 0) == "Play Lion's Sight on seat 1 (red) for $200"
    assert st.describe(Play("toll", 23), 0) == "Play Toll on block 23 for $100"
    assert st.describe(Play("implosion", (20, 1)), 0) == \
        "Play Implosion on the office building of seat 1 (red) on block 20, lot 1 for $200"
    assert st.describe(Play("easy_money"), 0) == "Play Easy Money (free)"
    assert st.describe(Exchange(("toll",)), 0) == "Exchange 1 card: Toll"
    assert st.describe(Pass(), 0) == "Pass"
    assert st.describe(Roll(), 0) == "Roll your 2 dice"
    assert st.describe(Branch("right"), 0) == "Turn right towards block 22"
    assert st.describe(Waive(("toll:23",)), 0) == "Waive the toll on block 23"
