"""The generic terminal screen plays a game it knows nothing about (the Toy plugin), from its
contract alone: words from its catalog, numbered choices, the keys, and its input session."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from tycoon.engine import get_game
from tycoon.terminal import command, play
from tycoon.terminal.online import ServerError
from tycoon.terminal.screen import Screen, screen_for
from tycoon.terminal.words import Words, terminal_catalog

from .readable import check_lines


def scripted(answers, seed=0, limit=2000):
    """``answers`` first, then a seeded random choice among the menu's numbers and keys."""
    it = iter(answers)
    rnd = random.Random(seed)
    count = itertools.count()

    def read(prompt: str) -> str:
        assert next(count) < limit, "the game does not end"
        answer = next(it, None)
        if answer is not None:
            return answer
        if prompt.startswith(("Your choice (1 to ", "Your choice (1)", "Your choice (1, or ")):
            top = int(prompt.split(" to ")[1].split(")")[0].split(",")[0]) \
                if " to " in prompt else 1
            return rnd.choice([str(rnd.randint(1, top)), "h 1", "t", ""])
        return rnd.choice(["1", "2", "3", "4", ""])

    return read


def test_toy_has_no_screen_and_gets_the_generic_one():
    info = get_game("toy")
    assert info.extension("terminal") is None
    assert type(screen_for(info)) is Screen


def test_toy_whole_game_in_words_of_its_catalog():
    out: list[str] = []
    result = play("toy", seed=3, read=scripted([]), write=out.append)
    assert result is not None and result["finished"]
    assert out[0] == "Toy, 2 players. You are Seat 1."
    assert "Your decision:" in out and "1. Play card 4" in out
    # third person; a bot is named as in the browser
    assert any(line.startswith("Turn 2: Random bot plays") for line in out)
    assert any(line.startswith("peek: you have 10 seconds") for line in out)
    # the generic score is the bare number; the places count down
    seat = r"(Seat 1|Random bot)"
    assert re.fullmatch(rf"Standings: 1\. {seat}: \d+; [12]\. {seat}: \d+\.", out[-1])
    assert out[-2] == "Game over after 8 turns."
    check_lines(out, others=["Random bot"])


def test_keys_help_table_log_and_bad_input():
    out: list[str] = []
    answers = ["?", "help", "h", "t", "l", "h 1", "h 9", "zz", "9", "", "q"]
    assert play("toy", seed=3, read=scripted(answers), write=out.append) is None
    # ? lists the keys, and so do the words a newcomer tries first; its example of an action
    # in text form is one of this decision's (toy's "draw" here, Capital's "roll")
    keys = [line for line in out if line.startswith("Keys: a number, or a letter, plays")]
    assert len(keys) == 3 and keys[0].endswith("in its text form, e.g. draw.")
    # t: no Python list; the hand's own comma makes the fields' separator a semicolon
    assert "Seat 1: hand size 2; score 0; hand 4, 14." in out
    # sentences of their own begin with a capital ("turn 1.", "deck size 36." before)
    assert "Turn 1." in out and any(line.startswith("Deck size ") for line in out)
    assert "Nothing has happened yet." in out  # l before any turn
    assert "There is no more to say about choice 1." in out
    assert "There is no choice 9." in out
    assert out.count("Please type a number from 1 to 3, or ? for the keys.") == 2
    assert out.count("1. Play card 4") == 2  # Enter repeats the same menu, same numbers
    assert out[-1] == "You left the game."


def test_an_action_may_be_typed_in_its_text_form():
    out: list[str] = []
    play("toy", seed=3, read=scripted(["draw", "q"]), write=out.append)
    assert "Seat 1 draws card 19" in out


def test_generic_session_steps_each_input_and_refuses_impossible_ones():
    out: list[str] = []
    # turn 1: draw; peek round: cell 2, again cell 2 (refused), a word (refused), cell 0
    play("toy", seed=3, read=scripted(["3", "2", "2", "x", "0", "q"]), write=out.append)
    assert "Type an input and Enter; Enter alone ends your part." in out
    assert "So far: turned 2 2, points 2." in out
    assert "Not possible: input 2: cell 3 is already turned" in out
    assert "You are done." in out and "Your inputs are sent." in out
    assert "Seat 1 scores 6 points" in out


def test_a_menu_of_one_numbered_choice_is_not_a_range():
    """'Your choice (1): ', never '(1 to 1)'; the same for its letters and its refusal."""
    w = Words(get_game("deal"), "en")
    assert w("term.prompt", n=1) == "Your choice (1): "
    assert w("term.prompt", n=3) == "Your choice (1 to 3): "
    assert w("term.prompt_letters", n=1, letters="e") == "Your choice (1, or e): "
    assert w("term.bad_choice", n=1) == "Please type 1, or ? for the keys."
    assert Words(get_game("deal"), "fr")("term.prompt", n=1) == "Votre choix (1) : "


@pytest.mark.parametrize("lang", ["en", "pt", "es", "fr"])
def test_terminal_catalogs_have_the_same_keys_and_placeholders(lang):
    from tycoon.engine.messages import PLACEHOLDER

    en, other = terminal_catalog("en"), terminal_catalog(lang)
    assert set(en) == set(other)

    def holes(v):
        text = " ".join(v.values()) if isinstance(v, dict) else v
        return set(PLACEHOLDER.findall(text)) - {"n", "turns", "seconds"} | (
            {v["plural"]} if isinstance(v, dict) else set())

    for key in en:
        assert holes(en[key]) == holes(other[key]), key


def test_terminal_speaks_the_chosen_language():
    out: list[str] = []
    play("toy", seed=3, lang="fr", read=scripted(["q"]), write=out.append)
    words = Words(get_game("toy"), "fr")
    assert out[-1] == words("term.left") != "You left the game."


def test_bad_flags_are_named(capsys):
    with pytest.raises(ValueError, match="--lang"):
        command("toy", lang="xx")
    with pytest.raises(ValueError, match="need --server"):
        command("toy", game_id="abc")
    with pytest.raises(ValueError, match="--seat counts from 1"):
        command("toy", server="http://127.0.0.1:9", seat=0)
    with pytest.raises(ValueError, match="unknown game"):
        command("chess", server="http://127.0.0.1:9", create=True)
    with pytest.raises(ValueError, match="need --server"):
        command("toy", title="Friday")
    with pytest.raises(ValueError, match="--title names a game you --create"):
        command("toy", server="http://127.0.0.1:9", game_id="abc", title="Friday")
    # checked as the server would, before a game is created for a join it would refuse
    with pytest.raises(ValueError, match="--name: must not hold control characters"):
        command("toy", server="http://127.0.0.1:9", create=True, name="An\ta")
    with pytest.raises(ValueError, match="--title: must hold at most 80 characters"):
        command("toy", server="http://127.0.0.1:9", create=True, title="x" * 81)
    with pytest.raises(ValueError, match="--name: must not hold control characters"):
        command("toy", name="\x1b[31mAna")  # local play too: the terminal shows the name
    with pytest.raises(ValueError, match="--title: must not hold the direction controls"):
        command("toy", server="http://127.0.0.1:9", create=True, title="\u202eFriday")
    assert capsys.readouterr().out == ""  # told before "Connecting to ..."
    with pytest.raises(ServerError, match=r"cannot reach http://127\.0\.0\.1:9"):
        command("toy", server="http://127.0.0.1:9")  # no --game: the server's list is asked for


def test_local_play_against_chosen_bots():
    """``--bots``: one bot for every other seat, or one per seat; the bots play their own
    input sessions (the Toy's peek rounds) at their own skill."""
    from tycoon.bots.deal import DealHeuristic
    from tycoon.terminal.local import LocalTable

    out: list[str] = []
    result = play("toy", seed=3, bots=["random:skill=1.0"], read=scripted([]), write=out.append)
    assert result is not None and result["finished"]
    assert any(line.startswith("peek: you have 10 seconds") for line in out)
    info = get_game("deal")
    state = info.new_game(seats=3, seed=5)
    table = LocalTable(info, state, 1, bots=["medium", "hard"])
    assert [p["bot"] for p in table.players] == [None, "medium", "hard"]
    seat = state.to_move()[0]
    if seat == 1:
        assert table.bots[1].choose(state, 1) == DealHeuristic(0).choose(state, 1)
    from .helpers import scripted as deal_script

    lines: list[str] = []
    result = play("deal", 2, 4, None, bots=["medium"], read=deal_script(seed=2),
                  write=lines.append)
    assert result is not None and result["finished"]
    assert any(line.startswith("Medium bot plays ") for line in lines)
    # a bot the lobby does not name (a spec with settings, a plugin's) goes by its spec, in
    # the words the lobby uses for its bots, as in the browser
    assert any(line.startswith("Turn 2: random:skill=1.0 bot plays") for line in out)


def test_a_server_s_bot_seats_are_named_in_the_player_s_language():
    """A server names a bot's seat in English ("easy bot", "firstpick bot"); the terminal names
    it as the browser does, in the player's language ("Robô fácil", "Robô firstpick")."""
    screen = screen_for(get_game("deal"))
    players = [{"seat": 0, "kind": "bot", "bot": "easy", "name": "easy bot"},
               {"seat": 1, "kind": "bot", "bot": "firstpick", "name": "firstpick bot"},
               {"seat": 2, "kind": "human", "bot": None, "name": "Ana"},
               {"seat": 3, "kind": "human", "bot": None, "name": None}]
    assert screen.seat_names(players, Words(get_game("deal"), "pt")) == [
        "Robô fácil", "Robô firstpick", "Ana", "Jogador 4"]
    # a seat Bruno left (a bot plays it for good) is still Bruno's, in the log and the notice
    players[1] = {"seat": 1, "kind": "bot", "bot": "medium", "name": "Bruno", "left": True}
    assert screen.seat_names(players, Words(get_game("deal"), "pt"))[1] == "Bruno"


def test_bad_bots_flags_are_named():
    with pytest.raises(ValueError, match="unknown bot 'grandmaster'"):
        command("toy", bots="grandmaster")
    with pytest.raises(ValueError, match="--bots: 3 bots for 2 other seats"):
        command("deal", seats=3, bots="hard,medium,easy")
    with pytest.raises(ValueError, match=r"--bots: 2 bots for 1 other seat \(give"):
        command("deal", seats=2, bots="hard,medium")


def test_one_bot_per_seat_without_seats_says_how_many_play():
    """``tycoon play deal --bots medium,hard,easy`` is a game of four (it said "3 bots for 1
    other seats": Deal's default is two)."""
    out: list[str] = []
    play("deal", None, 4, None, bots=["medium", "hard", "easy"], read=scripted(["q"]),
         write=out.append)
    assert out[0] == "Monopoly Deal, 4 players. You are Seat 1."
    with pytest.raises(ValueError, match="--bots takes bot names"):
        command("deal", bots="hard,,easy")
    with pytest.raises(ValueError, match="--bots is for local play"):
        command("toy", server="http://127.0.0.1:9", game_id="abc", bots="hard")


def test_every_terminal_key_the_code_uses_is_in_the_catalogs():
    import re
    from pathlib import Path

    import tycoon.terminal

    root = Path(tycoon.terminal.__file__).parent
    used = set()
    for path in root.glob("*.py"):
        used |= set(re.findall(r"\"(term\.[a-z_.]+[a-z])\"", path.read_text()))
    used |= {f"term.count.{w}" for w in ("cards", "laps", "dice", "full_sets")}
    assert used, "no keys found"
    for lang in ("en", "pt", "es", "fr"):
        missing = used - set(terminal_catalog(lang))
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", ["pt", "es", "fr"])
@pytest.mark.parametrize("game", ["toy", "capital", "deal"])
def test_a_game_in_each_language_leaves_no_key_or_placeholder(game, lang):
    out: list[str] = []
    answers = itertools.cycle(["1", "h 1", "t", "1", "e", "p", "r", "a", ""])  # any language
    calls = itertools.count()

    def read(prompt: str) -> str:
        assert next(calls) < 5000, "the game does not end"
        return next(answers)

    assert play(game, seed=4, lang=lang, options={"turn_limit": 6}, read=read,
                write=out.append) is not None
    key = re.compile(r"\b(event|action|card|term|phase|count|played|business|square)\.[a-z_]")
    for line in out:
        assert "{" not in line and not key.search(line), line


def test_a_record_files_names_are_told_without_their_control_characters():
    """`tycoon replay FILE --log` printed a record file's names as they were: ESC sequences
    in a name recoloured and retitled the terminal reading the log."""
    from tycoon.engine import Record
    from tycoon.terminal import tell

    players = [{"seat": 0, "name": "Ana\x1b[31m\x1b]0;pwned\x07"}, {"seat": 1, "name": "B\u202eo"}]
    lines = list(tell(Record("deal", 2, 7), players))
    assert lines[:2] == ["Turn 1: Ana[31m]0;pwned plays", "Ana[31m]0;pwned draws 2 cards"]
