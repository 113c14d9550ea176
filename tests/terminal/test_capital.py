"""Capital in the terminal (issue 13): a whole game in catalog words, two-step building,
card help, and the four minigames (C-9) played without the picture."""

from __future__ import annotations

import pytest

from tycoon.capital import from_json, landing
from tycoon.engine import get_game
from tycoon.terminal import play
from tycoon.terminal.capital import CapitalScreen
from tycoon.terminal.screen import screen_for

from .helpers import scripted, terminal_for
from .readable import check_lines

#: The other seats' names: bots as the browser names them, with their colours.
OTHERS = ["Random bot (red)", "Random bot (blue)", "Random bot (green)"]


def test_capital_screen_is_found_through_the_extension():
    assert isinstance(screen_for(get_game("capital")), CapitalScreen)


@pytest.mark.parametrize("seed", [5, 6])
def test_whole_game_reads_in_third_person_without_ids(seed):
    out: list[str] = []
    result = play("capital", seed=seed, options={"turn_limit": 30}, read=scripted(seed=seed),
                  write=out.append)
    assert result is not None and result["turns"] <= 30
    assert out[0] == "Capital, 4 players. You are Seat 1 (yellow)."
    assert any(line.startswith("Random bot (red) rolls ") for line in out)
    assert out[-1].startswith("Standings: ")
    check_lines(out, others=OTHERS)


@pytest.mark.parametrize(("lang", "welcome"), [
    ("fr", "Kapital, 4 joueurs."), ("pt", "Capital, 4 jogadores."), ("es", "Capital, 4 jugadores."),
])
def test_the_game_is_named_as_the_lobby_names_it_in_each_language(lang, welcome):
    """The French edition is Kapital: the terminal said "Capital" in French where the
    browser's lobby, board and rules say Kapital (the game's catalogs had no ``game.title``)."""
    out: list[str] = []
    play("capital", seed=1, options={"turn_limit": 1}, lang=lang, read=scripted(seed=1),
         write=out.append)
    assert out[0].startswith(welcome), out[0]


def test_standings_say_each_net_worth_and_tied_seats_share_a_place():
    """C-5.5: the standings go by net worth, said with its words; equal worths, one place."""
    out: list[str] = []
    result = play("capital", seed=1, options={"turn_limit": 3}, read=scripted(seed=1),
                  write=out.append)
    assert result is not None and sorted(result["places"]) == [1, 1, 1, 4]  # three at $500
    names = ["Seat 1 (yellow)", *OTHERS]
    said = "; ".join(f"{result['places'][s]}. {names[s]}: net worth ${result['scores'][s]:,}"
                     for s in result["standings"])
    assert out[-1] == f"Standings: {said}."


def action_position():
    return from_json({"seats": [{"hand": ["toll", "easy_money", "toll"], "square": 5}, {}],
                      "phase": "action", "move": {"landed": 5}})


def test_building_is_lot_then_kind_with_price_and_income():
    st = action_position()
    term, table, out = terminal_for("capital", st, ["h 1", "1", "b", "1", "1"])
    update = table.next()
    term.show(update)
    term.maybe_decide(update)
    assert "1. Build on lot 1: 5 kinds" in out  # lots counted from 1
    assert "p. Pass" in out  # a fixed letter
    sub = [line for line in out if line.startswith("1. Build a bar on block 6, lot 1")]
    assert sub and "$50" in sub[0] and "income" in sub[0]
    assert any(line.startswith("1. Build on lot 1: 5 kinds. Build a bar") for line in out)
    assert "b. Back" in out
    assert any(line.startswith("Seat 1 (yellow) builds a bar on block 6, lot 1") for line in
               [term.words(e["message"]) for e in table.next()["events"]])


def test_h_n_explains_a_card_and_its_targets_are_a_second_step():
    st = action_position()
    term, table, out = terminal_for("capital", st, ["h 5", "5", "1"])
    update = table.next()
    term.maybe_decide(update)
    assert any(line.startswith("5. Toll: ") and "targets" in line for line in out)
    assert any(line.startswith("5. Toll: ") and "$100" in line and "square" in line
               for line in out)  # the card's help from the catalog
    events = [term.words(e["message"]) for e in table.next()["events"]]
    assert any("puts a toll on" in line for line in events)


def minigame(game):
    return from_json({
        "seats": [{"square": 13}, {}], "phase": "minigame", "move": {"landed": 13},
        "minigame": {"game": game, "seeds": [11, 12], "scores": [None, None]},
    })


def play_minigame(game, answers):
    st = minigame(game)
    term, _, out = terminal_for("capital", st, answers)
    term.play_session(st.session().to_json(0))
    return st, out


def test_change_money_announces_the_sum_and_takes_banknotes_by_keys():
    """C-9 Change Money without the picture: the sum in words, notes by keys 1 to 7."""
    st = minigame("change_money")
    first = landing.contents(st, 0)["sums"][0]
    gap = first["c"] - first["a"]
    notes = [1, 2, 5, 10, 20, 50, 100]
    keys = []
    for note in reversed(notes):  # pay the gap greedily with the keys of the notes
        while gap >= note:
            keys.append(str(notes.index(note) + 1))
            gap -= note
    st, out = play_minigame("change_money", keys)
    assert any(line.startswith("Keys for the banknotes: 1 pays $1, 2 pays $2") for line in out)
    assert f"Sum: {first['a']} plus what makes {first['c']}?" in out
    assert "Right! Points 25." in out
    check_lines(out)


def test_memory_turns_cards_by_number_or_walking_and_says_only_what_changed():
    """C-9 Memory without the picture: only the turned faces are announced."""
    _, out = play_minigame("memory", ["1", "1", "2", "d", "k", "99"])
    assert out.count("Card 1, row 1, column 1 is already face up.") == 1
    assert any(line.startswith("Card 2, row 1, column 2: $") for line in out)
    assert "Card 3, row 1, column 3: face down." in out  # walked onto with d
    assert any(line.startswith("Card 3, row 1, column 3: $") for line in out)  # k turns it
    assert not any("row 2" in line for line in out)  # nothing else is reprinted
    assert any(line.startswith("Please type a card number from 1 to 14") for line in out)
    check_lines(out)


def test_find_the_key_is_told_in_words():
    """C-9 Find the Key without the picture: the lock's and the keys' cuts in words."""
    st = minigame("find_key")
    answer = landing.contents(st, 0)["rounds"][0]["answer"]
    st, out = play_minigame("find_key", [str(answer + 1)])
    assert any(line.startswith("Lock: cuts ") for line in out)
    assert any(line.startswith("Key 1: ") for line in out)
    assert any(line.startswith("Right key! Points 40.") for line in out)
    check_lines(out)


def test_find_the_key_on_hard_says_the_lock_once_among_the_keys_C_9_4():
    """C-9.4 on hard (a seat whose turn it is not), in words: the one key said with the
    lock's cuts is the right key, so a player who follows the words finds every lock. A
    flipped key was said with its cuts reversed "read the right way": the right key, when
    flipped, never read as the lock, and the decoy with the lock's cuts reversed, when
    flipped, did (a player trusting the words picked it and lost the round)."""
    st = from_json({
        "seats": [{}, {"square": 13}], "current": 1, "phase": "minigame",
        "move": {"landed": 13},
        "minigame": {"game": "find_key", "seeds": [11, 12], "scores": [None, None]},
    })
    rounds = landing.contents(st, 0)["rounds"][:12]
    assert len(rounds[0]["keys"]) == 9  # hard
    assert any(r["keys"][r["answer"]]["flip"] for r in rounds)

    def by_the_words():  # reads what the terminal has said so far (``out``, below)
        for _ in rounds:
            lock = max(i for i, line in enumerate(out) if line.startswith("Lock: cuts "))
            cuts = out[lock].removeprefix("Lock: ")
            keys = [line for line in out[lock + 1:] if line.startswith("Key ")][:9]
            fits = [line for line in keys if line.endswith(cuts)]
            assert len(fits) == 1, (out[lock], keys)
            yield fits[0].split()[1].rstrip(":")
        yield ""

    term, _, out = terminal_for("capital", st, by_the_words())
    term.play_session(st.session().to_json(0))
    assert not any(line.startswith("Wrong key") for line in out)
    assert f"Right key! Points {40 * len(rounds)}. The next lock:" in out


def test_question_mark_says_a_minigame_again_where_it_stands():
    """C-9 without the picture: ``?`` repeats the help and what was said and is still true
    (the sum and what is paid; the cards face up and the cursor; the lock and its keys), and
    is no input."""
    st = minigame("change_money")
    first = landing.contents(st, 0)["sums"][0]
    gap = first["c"] - first["a"]
    _, out = play_minigame("change_money", ["1", "?"] if gap > 1 else ["?"])
    sums = [i for i, line in enumerate(out) if line.startswith("Sum: ")]
    assert len(sums) == 2 and out[sums[1]] == out[sums[0]]
    assert out[sums[0] - 1].endswith("? says this again.")
    if gap > 1:
        assert out[sums[1] + 1] == f"Paid $1; ${gap - 1} still to pay."
    _, out = play_minigame("memory", ["1", "d", "?"])
    face = next(line for line in out if line.startswith("Card 1, row 1, column 1: $"))
    assert f"Face up: card 1 ({face.split(': ')[1].rstrip('.')})." in out
    assert "The cursor is on Card 2, row 1, column 2." in out
    st = minigame("find_key")
    answer = landing.contents(st, 0)["rounds"][0]["answer"]
    st, out = play_minigame("find_key", ["?", str(answer + 1)])
    locks = [line for line in out if line.startswith("Lock: cuts ")]
    assert len(locks) == 3 and locks[0] == locks[1]  # said, said again, then the next lock
    assert any(line.startswith("Right key! Points 40.") for line in out)  # ? was no input
    check_lines(out)


def test_catch_coins_is_played_by_the_bot_at_the_chosen_skill_and_said_so():
    """C-9 Catch Coins: the minigame bot plays it, at the skill the person picks."""
    st, out = play_minigame("catch_coins", ["7"])
    assert "The minigame bot plays it for you at skill 7 of 10." in out
    assert 0 not in st.to_move()


def test_catch_coins_skill_refused_says_what_the_prompt_asks():
    """C-9.2 Catch Coins in words: a skill out of range (0 to 10, Enter: 5) was answered with
    Change Money's words, "from 1 to 10, or Enter to stop"; Enter plays at skill 5, and 0 is a
    skill."""
    _, out = play_minigame("catch_coins", ["11", "q", "0"])
    assert out.count("Please type a number from 0 to 10, or Enter for 5.") == 2
    assert "The minigame bot plays it for you at skill 0 of 10." in out
    assert not any("Enter to stop" in line for line in out)


def test_exchange_asks_the_cards_by_their_numbers():
    st = action_position()
    term, table, out = terminal_for("capital", st)
    update = table.next()
    choices = [c for c in term.screen.choices(update["legal"], update["view"], 0, term.words)
               if c.letter is None]
    n = next(i for i, c in enumerate(choices, 1) if c.ask is not None)
    term, table, out = terminal_for("capital", action_position(), [str(n), "9", "1 3"])
    update = table.next()
    term.show(update)
    term.maybe_decide(update)
    assert "1. Toll" in out and "2. Easy Money" in out
    assert any(line.startswith("Please type 1 to 5 different numbers from 1 to 3") for line in out)
    events = [term.words(e["message"]) for e in table.next()["events"]]
    assert any(line.startswith("Seat 1 (yellow) discards 2 cards: Toll") for line in events)


def test_record_writes_the_game_which_replays_to_the_same_end(tmp_path):
    """``tycoon play --record FILE``: the record (preset and options included) replays to the
    result the terminal told, and names the person's seat."""
    import json

    from tycoon.engine import Record, replay

    path = tmp_path / "game.json"
    out: list[str] = []
    result = play("capital", seed=2, options={"turn_limit": 12, "preset": "kapital"},
                  name="Ana", read=scripted(seed=2), write=out.append, record=path)
    data = json.loads(path.read_text())
    assert data["options"] == {"turn_limit": 12, "preset": "kapital"}
    assert data["status"] == "finished" and data["result"] == result
    assert data["players"][0]["name"] == "Ana" and data["players"][1]["kind"] == "bot"
    assert replay(Record.from_json(data)).result().to_json() == result
    assert out[-1] == f"The game's record is in {path}: tycoon replay {path} --log tells it again."


def test_record_of_a_game_left_midway_holds_what_was_played(tmp_path):
    import json

    from tycoon.engine import Record, replay

    path = tmp_path / "left.json"
    # the person stops typing (Ctrl-D) after a few answers: they left
    assert play("capital", seed=3, read=scripted(seed=3, limit=6), write=lambda _: None,
                record=path) is None
    data = json.loads(path.read_text())
    assert data["status"] == "playing" and data["result"] is None and data["actions"]
    assert not replay(Record.from_json(data)).is_over


def test_the_only_choice_is_taken_by_its_letter_or_by_1():
    """C-4.1: the roll is offered as "r. Roll your 2 dice". The greeting says to type the
    number of a choice, and 1 was refused there ("Please type r"); it rolls now."""
    out: list[str] = []
    play("capital", seed=7, read=scripted(["1"], limit=1), write=out.append)
    assert "r. Roll your 2 dice" in out
    assert any(line.startswith("Seat 1 (yellow) rolls ") for line in out)
    assert not any(line.startswith("Please type") for line in out)


def test_a_cards_help_follows_the_games_rules_options_C_11():
    """Under the Kapital rules (C-11) Richest in Town counts the other players' net worths
    and Demolition removes only another player's construction: the help said the Capital
    preset's rules whatever the game's."""
    st = from_json({"seats": [{"hand": ["richest_in_town", "demolition"], "square": 5,
                               "balance": 900, "laps": 2}, {"balance": 800}],
                    "phase": "action", "move": {"landed": 5},
                    "constructions": [{"square": 9, "type": "toll", "owner": 1}],
                    "options": {"richest_basis": "other_players", "demolition": "opponents"}})
    from tycoon.terminal.ui import Quit

    term, table, out = terminal_for("capital", st, [f"h {n}" for n in range(1, 9)])
    with pytest.raises(Quit):  # q after the questions
        term.maybe_decide(table.next())
    said = "\n".join(out)
    assert "Richest in Town" in said and "Demolition" in said
    assert "at least 40% of the other players' together" in said
    assert "Remove one obstacle or toll of another player." in said
    assert "of everyone's" not in said


@pytest.mark.parametrize(("options", "part", "not_said"), [
    ({"lion_percent": 30}, "30%", "half"), ({}, "half", "50%")])
def test_lions_sight_help_says_the_games_lion_percent_C_12(options, part, not_said):
    """C-12: a game's ``lion_percent`` option sets what Lion's Sight takes; its help said
    "half" whatever the option. Under the default, 50, it says "half", as the Rules page does
    (every game has the option, so its "{lion_percent}%" wording said "50%")."""
    st = from_json({"seats": [{"hand": ["lions_sight"], "square": 5, "balance": 900},
                              {"balance": 800}],
                    "phase": "action", "move": {"landed": 5}, "options": options})
    from tycoon.terminal.ui import Quit

    term, table, out = terminal_for("capital", st, [f"h {n}" for n in range(1, 6)])
    with pytest.raises(Quit):
        term.maybe_decide(table.next())
    said = "\n".join(out)
    assert f"A player gets Lion's Sight: {part} of their balance goes to the bank." in said
    assert not_said not in said
