"""Monopoly Deal in the terminal (issue 13): a whole game in catalog words, a card's uses as a
second step, fixed letters, card help, and what each decision is about."""

from __future__ import annotations

import pytest

from deal.helpers import two_doubles_rent
from tycoon.deal import from_json
from tycoon.engine import get_game
from tycoon.terminal import play
from tycoon.terminal.deal import DealScreen
from tycoon.terminal.screen import screen_for

from .helpers import scripted, terminal_for
from .readable import check_lines


def test_deal_screen_is_found_through_the_extension():
    assert isinstance(screen_for(get_game("deal")), DealScreen)


@pytest.mark.parametrize("seats,seed", [(2, 3), (3, 8)])
def test_whole_game_reads_in_third_person_without_ids(seats, seed):
    out: list[str] = []
    result = play("deal", seats=seats, seed=seed, options={"turn_limit": 60},
                  read=scripted(seed=seed), write=out.append)
    assert result is not None
    assert out[0] == f"Monopoly Deal, {seats} players. You are Seat 1."
    # the bots are named as in the browser, numbered when two share a name
    others = ["Random bot"] if seats == 2 else [f"Random bot {n}" for n in range(2, seats + 1)]
    assert out[2].startswith("Turn 1: ")  # who starts, and (MD-3.1) the first draw
    starter = out[2].removeprefix("Turn 1: ").removesuffix(" plays")
    assert out[3] == f"{starter} draws 2 cards"
    assert any(line == f"Turn {n}: {others[-1]} plays" for n in range(2, 9) for line in out)
    assert "e. End your turn" in out
    first = result["standings"][0]
    assert out[-1].startswith(f"Standings: 1. {['Seat 1', *others][first]}: ")
    assert f": {result['scores'][first]} full set" in out[-1]
    assert f", {result['table_values'][first]}M on the table" in out[-1]
    check_lines(out, others=others)


def test_a_card_with_several_uses_is_a_second_step_and_h_explains_it():
    st = get_game("deal").new_game(seats=2, seed=3)
    term, table, out = terminal_for("deal", st, ["e"])
    update = table.next()
    term.maybe_decide(update)
    first = out.index("Your decision:")
    menu = [line for line in out[first:] if line[:2].rstrip(".").isdigit()]
    grouped = [line for line in menu if "ways to play it" in line]
    assert grouped, menu
    n = grouped[0].split(".")[0]
    st = get_game("deal").new_game(seats=2, seed=3)
    term, table, out = terminal_for("deal", st, [f"h {n}", n, "b", "e"])
    term.maybe_decide(table.next())
    assert any(line.startswith(f"{n}. ") and "ways to play it. " in line for line in out)
    assert "b. Back" in out
    events = [term.words(e["message"]) for e in table.next()["events"]]
    assert "Seat 1 ends the turn" in events


def test_the_decision_says_how_many_plays_are_left():
    st = get_game("deal").new_game(seats=2, seed=3)
    term, table, out = terminal_for("deal", st, ["t", "e"])
    update = table.next()
    term.show(update)
    term.maybe_decide(update)
    assert "3 plays left this turn." in out
    assert any(line.startswith("Your hand, ") for line in out)
    assert any(line.startswith("Draw pile: ") for line in out)
    check_lines(out, others=["Seat 2"])


def test_with_no_plays_left_the_decision_says_so():
    """MD-3.2: after three plays the turn offers only ending it (or moving a wild card)."""
    st = get_game("deal").new_game(seats=2, seed=5)
    term, table, out = terminal_for("deal", st, ["1", "1", "1", "e"])
    for _ in range(4):
        term.maybe_decide(table.next())
    assert "No plays left this turn." in out and "0 plays left this turn." not in out


def test_each_kind_of_decision_says_what_it_is_about():
    """MD-5.2 payments, MD-6.9 Just Say No answers, MD-3.3 discards: the prompt says which."""
    out: list[str] = []
    play("deal", seats=3, seed=20, options={"turn_limit": 40}, read=scripted(seed=20),
         write=out.append)
    assert any(line.startswith("Pay ") and "choose a card from your bank" in line for line in out)
    assert any(" against you: say no with a Just Say No, or accept." in line for line in out)
    assert any(line.startswith("Too many cards in hand: discard ") for line in out)
    assert any(line.startswith("a. Accept ") for line in out)  # a fixed letter
    check_lines(out, others=["Seat 2", "Seat 3"])


def test_a_payment_lists_the_cheapest_cards_first_money_before_properties():
    """MD-5.2: the payer picks the cards one at a time; the menu offers the cheapest first, a
    bank card before a property of the same value (the game's order was the bank's)."""
    debt_collector, m5, m3, m1, brown = 83, 17, 11, 0, 20
    used = {debt_collector, m5, m3, m1, brown}
    position = {
        "game": "deal", "turn": 2, "current": 1, "phase": "pay", "plays_left": 2,
        "seats": [{"seat": 0, "hand": [], "bank": [m5, m3, m1],
                   "sets": [{"color": "brown", "cards": [brown], "house": None, "hotel": None}]},
                  {"seat": 1, "hand": [], "bank": [], "sets": []}],
        "deck": [c for c in range(106) if c not in used], "discard": [debt_collector],
        "pending": {"kind": "debt_collector", "by": 1, "card": debt_collector, "targets": [0],
                    "amount": 5, "stage": "pay"},
        "winner": None, "rng": {"seed": 1},
    }
    term, table, out = terminal_for("deal", from_json(position), ["1"])
    term.maybe_decide(table.next())
    menu = [line for line in out if line[:2].rstrip(".").isdigit()]
    assert [line.split(". ", 1)[1] for line in menu] == [
        "Pay 1M from your bank", "Pay with Brown property from your Brown set, worth 1M",
        "Pay 3M from your bank", "Pay 5M from your bank"]
    assert table.state.view(None)["seats"][1]["bank"] == [m1]  # "1" paid the 1M


def test_cards_that_read_alike_are_one_choice():
    """Three 2M in hand make one "Bank 2M" line, not three that a person cannot tell apart;
    choosing it banks one of them (MD-4.1)."""
    st = get_game("deal").new_game(seats=2, seed=5)
    term, table, out = terminal_for("deal", st, ["1", "e"])
    term.maybe_decide(table.next())
    first = out.index("Your decision:")
    menu = [line.split(". ", 1)[1] for line in out[first:] if line[:2].rstrip(".").isdigit()]
    assert menu.count("Bank 2M") == 1 and len(menu) == len(set(menu)), menu
    events = [term.words(e["message"]) for e in table.next()["events"]]
    assert events == ["Seat 1 banks 2M"]


def test_distinct_merges_lines_and_second_steps_that_read_alike():
    from tycoon.terminal.screen import Choice, distinct

    a = {"type": "bank", "card": 1}
    twice = Choice("Debt Collector: 2 ways", sub=[Choice("Bank it", a), Choice("Bank it", a)])
    other = Choice("Debt Collector: 2 ways", sub=[Choice("Bank it", a), Choice("Play it", a)])
    got = distinct([Choice("Bank 2M", a), Choice("Bank 2M", a), twice, other, other])
    assert [c.text for c in got] == ["Bank 2M", "Bank it", "Debt Collector: 2 ways"]
    asked = Choice("Exchange", ask=lambda read, write: None)
    assert len(distinct([asked, asked])) == 2  # a second step of its own is never merged


def test_choices_that_read_the_same_are_counted_once_MD_6_3_D_6():
    """MD-6.3 with D-6's ``double_rent_stack=2`` and two Double The Rent cards in hand: the
    rent card says 4 ways to play it, as many as its second step lists (it said 5, counting
    the doubled rent once per Double The Rent card); the last charges ×4 with both."""
    st = from_json(two_doubles_rent())
    term, table, out = terminal_for("deal", st, ["2", "4"])
    term.maybe_decide(table.next())
    assert "2. Red/Yellow rent: 4 ways to play it" in out
    assert "1. Bank 1M" in out and "3. Bank Double The Rent as money (1M)" in out
    assert "4. Charge Red rent of 12M to everyone else with Red/Yellow rent and 2 Double The " \
           "Rent cards (3 plays)" in out
    pending = st.to_json()["pending"]
    assert (pending["amount"], sorted(pending["doubles"])) == (12, [104, 105])


def test_a_wild_card_on_the_table_is_not_offered_as_a_second_copy_in_the_hand_MD_7_2():
    """One multicolour wild card in the hand, the other in a Red set: the menu said
    "Multicolour wild card: 10 ways to play it" and "Multicolour wild card: 9 ways to play it",
    as if the hand held two. Moving the one on the table (MD-7.2) is its own line, which says
    it is not a play."""
    wild_in_hand, wild_on_table, red = 57, 58, 38
    used = {wild_in_hand, wild_on_table, red}
    position = {
        "game": "deal", "turn": 3, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [{"seat": 0, "hand": [wild_in_hand], "bank": [],
                   "sets": [{"color": "red", "cards": [red, wild_on_table], "house": None,
                             "hotel": None}]},
                  {"seat": 1, "hand": [], "bank": [], "sets": []}],
        "deck": [c for c in range(106) if c not in used], "discard": [],
        "pending": None, "winner": None, "rng": {"seed": 1},
    }
    term, table, out = terminal_for("deal", from_json(position), ["2", "1"])
    term.maybe_decide(table.next())
    assert "1. Multicolour wild card: 10 ways to play it" in out
    assert "2. Multicolour wild card on the table: 9 colours to move it to (not a play)" in out
    assert "1. Move Multicolour wild card to Brown (not a play)" in out
    sets = table.state.view(None)["seats"][0]["sets"]
    assert [s["color"] for s in sets] == ["red", "brown"]


def test_double_the_rent_help_says_the_games_double_rent_stack_D_6():
    """D-6 with ``double_rent_stack=2``: ``h N`` on Double The Rent says a second one doubles
    the rent again (the help said the default's one card whatever the option)."""
    from tycoon.terminal.ui import Quit

    st = from_json(two_doubles_rent())
    term, table, out = terminal_for("deal", st, ["h 3"])
    with pytest.raises(Quit):
        term.maybe_decide(table.next())
    assert ("3. Bank Double The Rent as money (1M). Play it with a rent card, as one more play, "
            "to double that rent; a second one with the same rent doubles it again (×4).") in out


def test_a_card_played_does_not_move_the_others_in_the_menu_MD_3_2():
    """Two 2M, a Hotel and a Red property in the hand, in that order but for the second 2M
    last: the menu listed the cards as the hand holds them, so once the first 2M was banked
    (MD-3.2: the turn's first play) the 2M left went from first to last. It lists them in the
    deck's order, money first, and the second menu reads as the first."""
    first_2m, hotel, red, second_2m = 6, 102, 37, 7
    used = {first_2m, hotel, red, second_2m}
    position = {
        "game": "deal", "turn": 3, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [{"seat": 0, "hand": [first_2m, hotel, red, second_2m], "bank": [],
                   "sets": []},
                  {"seat": 1, "hand": [], "bank": [], "sets": []}],
        "deck": [c for c in range(106) if c not in used], "discard": [],
        "pending": None, "winner": None, "rng": {"seed": 1},
    }
    term, table, out = terminal_for("deal", from_json(position), ["1", "1"])
    menu = ["1. Bank 2M", "2. Play Red property", "3. Bank Hotel as money (4M)"]
    term.maybe_decide(table.next())
    assert out[2:5] == menu
    out.clear()
    term.maybe_decide(table.next())
    assert table.state.view(0)["seats"][0]["bank"] == [first_2m, second_2m]
    assert out[2:5] == menu
