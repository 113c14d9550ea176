"""C-8 information: views, and actions described in words."""

from tycoon.capital import Branch, Build, Exchange, Pass, Play, Roll, Waive
from tycoon.capital.events import Drew, GameOver, Moved, Rolled, TurnStarted
from tycoon.capital.game import GAME
from tycoon.engine import render

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


def words(st, item, seat, lang="en", names=None):
    """``st.describe(item, seat)`` rendered from the catalog (strict: every key and parameter)."""
    return render(st.describe(item, seat), GAME.catalog(lang), lang, names, strict=True)


def test_describe_actions_in_words_counted_from_1():
    """Actions are worded for the choosing seat, squares, lots and seats counted from 1."""
    st = position(seat={0: {"square": 17, "hand": ["lions_sight", "toll", "implosion"]}},
                  phase="action", move={"landed": 17},
                  businesses=[business(20, 1, "office_building", 1)])
    assert words(st, Build(2, "bar"), 0) == "Build a bar on block 18, lot 3, for $50 (income $25)"
    assert words(st, Build(0, "office_building"), 0) == \
        "Build an office building on block 18, lot 1, for $500 (income $250)"
    assert words(st, Play("lions_sight", 1), 0) == "Play Lion's Sight on Seat 2 for $200"
    assert words(st, Play("lions_sight", 1), 0, names=["Ana (yellow)", "Bo (red)"]) == \
        "Play Lion's Sight on Bo (red) for $200"
    assert words(st, Play("toll", 23), 0) == "Play Toll on block 24 for $100"
    assert words(st, Play("implosion", (20, 1)), 0) == \
        "Play Implosion on the Office Building of Seat 2 on block 21, lot 2 for $200"
    assert words(st, Play("easy_money"), 0) == "Play Easy Money (free)"
    assert words(st, Exchange(("toll",)), 0) == "Exchange 1 card: Toll"
    assert words(st, Exchange(("toll", "implosion")), 0) == "Exchange 2 cards: Toll, Implosion"
    assert words(st, Pass(), 0) == "Pass"
    assert words(st, Roll(), 0) == "Roll your 2 dice"
    assert words(st, Branch("right"), 0) == "Turn right towards block 23"
    assert words(st, Waive(("toll:23",)), 0) == "Waive the toll on block 24"
    assert words(st, Play("lions_sight", 1), 0, "fr") == "Jouer Dans l'œil du Fisc sur Joueur 2 " \
        "pour 200 $"


def test_describe_events_third_person_dice_and_obstacle_from_the_event():
    """Events read in the third person; dice as "rolls 5 and 1" (one die: "rolls 4"); the
    obstacle line takes its owner and square from the event (issue 11)."""
    st = position(seats=2)
    names = ["Ana (yellow)", "Bo (red)"]
    assert words(st, Rolled(0, (5, 1), None), 0, names=names) == "Ana (yellow) rolls 5 and 1"
    assert words(st, Rolled(1, (4,), None), 0, names=names) == "Bo (red) rolls 4"
    assert words(st, Rolled(1, (6, 6, 6), "hare"), 0, names=names) == \
        "Bo (red) rolls 6, 6 and 6 (Operation Hare)"
    assert words(st, Moved(0, (1, 2), 3, 1), 1, names=names) == \
        "Ana (yellow) moves to block 3 and is stopped by the works of Bo (red) on block 4"
    assert words(st, Drew(0, 1), None, names=names) == "Ana (yellow) draws 1 card"
    assert words(st, Drew(0, 3), None, "pt", names=names) == "Ana (yellow) compra 3 cartas"
    assert words(st, TurnStarted(1, 7), None) == "Turn 7: Seat 2 plays"
    assert words(st, GameOver(0, "successful_entrepreneur"), None) == \
        "Seat 1 wins with Successful Entrepreneur: a net worth of at least $7,000"


def test_c6_an_effect_against_a_player_reads_as_one_and_a_gift_as_a_gift():
    """C-6: Lion's Sight, Mafia Collection, Blocked Account and Operation Turtle are laid on a
    player by another; "Bo has 1 use of Lion's Sight" read as if Bo could now use it. They
    say whom they target; the exemptions and Operation Hare still say what the player has."""
    from tycoon.capital.events import EffectChanged

    st = position(seats=2)
    names = ["Ana (yellow)", "Bo (red)"]
    assert words(st, EffectChanged(1, "lion", 1), 0, names=names) == \
        "Bo (red) is the target of Lion's Sight (1 use)"
    assert words(st, EffectChanged(1, "turtle", 3), 0, "fr", names=names) == \
        "Bo (red) est la cible d'Opération Tortue (3 usages)"
    assert words(st, EffectChanged(0, "tax_exemption", 3), 0, names=names) == \
        "Ana (yellow) has 3 uses of Tax Exemption"
    assert words(st, EffectChanged(1, "mafia", 0), 0, names=names) == \
        "Bo (red) no longer has Mafia Collection"
    for lang in ("en", "pt", "es", "fr"):
        for effect in ("lion", "mafia", "blocked_account", "turtle"):
            assert "{" not in words(st, EffectChanged(1, effect, 2), 0, lang, names)
