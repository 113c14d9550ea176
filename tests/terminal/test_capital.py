"""``tycoon play capital``: the text interface, driven by scripted input."""

import itertools

from tycoon.capital import from_json, landing
from tycoon.engine import Rng
from tycoon.terminal.capital import Terminal, board_text, play


def test_terminal_plays_a_whole_game_with_scripted_input():
    out: list[str] = []
    rng = Rng(7)
    reads = itertools.count()

    def read(prompt):
        assert next(reads) < 20_000, "the terminal game does not end"
        return rng.choice(["x", "b", "q", "1", "2", "2", "3", "3", "4", "1 2"])

    ticks = itertools.count()
    result = play(4, 5, {"turn_limit": 30}, read=read, write=out.append,
                  clock=lambda: next(ticks) * 0.5)
    assert result["turns"] <= 30
    assert out[0].startswith("Capital. You are seat 0")
    assert "1. Roll your 2 dice" in out
    assert any(line.startswith("Please type a number from 1 to") for line in out)
    assert out[-1].startswith("Game over after")


def minigame_position(game):
    return from_json({
        "seats": [{"square": 13}, {}], "phase": "minigame", "move": {"landed": 13},
        "minigame": {"game": game, "seeds": [11, 12], "scores": [None, None]},
    })


def test_terminal_change_money_is_typed_as_banknotes():
    st = minigame_position("change_money")
    first = landing.contents(st, 0)["sums"][0]
    answers = iter([str(first["c"] - first["a"]), "q"])
    out: list[str] = []
    term = Terminal(st, 1, read=lambda p: next(answers), write=out.append, clock=lambda: 0.0)
    inputs = term.play_minigame()
    assert inputs == [{"t": 0, "note": first["c"] - first["a"]}]
    assert f"Sum: {first['a']} + ? = {first['c']}. Paid so far: nothing yet." in out[2]
    assert out[-1] == "Time is up: 25 points."


def test_terminal_memory_and_keys_are_picked_by_number_and_refusals_explained():
    st = minigame_position("memory")
    out: list[str] = []
    answers = iter(["0", "0", "1", "q"])
    term = Terminal(st, 1, read=lambda p: next(answers), write=out.append, clock=lambda: 1.0)
    term.play_minigame()
    assert any(line.startswith("Row 1: cell 0 hidden") for line in out)
    assert any(line.startswith("Not possible") for line in out)  # the same cell twice
    st = minigame_position("find_key")
    answer = landing.contents(st, 0)["rounds"][0]["answer"]
    answers = iter([str(answer), "q"])
    out = []
    Terminal(st, 1, read=lambda p: next(answers), write=out.append,
             clock=lambda: 2.0).play_minigame()
    assert any(line.startswith("Lock: cuts") for line in out)
    assert out[-1] == "Time is up: 40 points."


def test_terminal_catch_coins_is_played_by_the_bot_and_says_so():
    st = minigame_position("catch_coins")
    out: list[str] = []
    inputs = Terminal(st, 1, read=lambda p: "q", write=out.append).play_minigame()
    assert "the minigame bot plays it for you" in " ".join(out)
    assert isinstance(inputs, list)


def test_terminal_board_text_shows_own_hand_only():
    st = from_json({"seats": [{"hand": ["toll"]}, {"hand": ["implosion"]}],
                    "businesses": [{"square": 5, "lot": 1, "kind": "bar", "owner": 1}]})
    text = "\n".join(board_text(st, 0))
    assert "Your hand: Toll." in text and "Implosion" not in text
    assert "block 5, lot 1: seat 1 (red)'s bar, level 1, income $25." in text


def test_terminal_groups_targets_and_asks_exchange_cards_by_number():
    st = from_json({"seats": [{"hand": ["toll", "easy_money", "toll"], "square": 5}, {}],
                    "phase": "action", "move": {"landed": 5}})
    out: list[str] = []
    term = Terminal(st, 1, read=lambda p: next(answers), write=out.append)
    legal = st.legal_actions(0)
    # menu: build group, Toll (target group), Easy Money, exchange group, pass
    answers = iter(["2", "1", "2", "2"])  # Toll -> Back; Toll -> first square
    chosen = term.pick(legal)
    assert chosen.type == "play" and chosen.card == "toll" and chosen.target == 1
    assert "2. Play Toll for $100: choose the target" in out
    answers = iter(["4", "9", "1 3"])
    chosen = term.pick(legal)
    assert chosen.type == "exchange" and chosen.cards == ("toll", "toll")
    assert any(line.startswith("Please type 1 to 5 different numbers") for line in out)
