"""Terminal play (tycoon play deal) driven by scripted input."""

import contextlib
import random

from tycoon.terminal.deal import play


def _scripted(answers, limit=5000, seed=0):
    """Give ``answers`` first, then a seeded random number within the prompt's range."""
    it = iter(answers)
    rnd = random.Random(seed)
    calls = {"n": 0}

    def read(prompt):
        calls["n"] += 1
        if calls["n"] > limit:
            raise EOFError
        top = int(prompt.split(" to ")[1].rstrip(": "))
        return next(it, str(rnd.randint(1, top)))

    return read


def test_terminal_plays_a_whole_game_with_scripted_input():
    out: list[str] = []
    state = play(seats=3, seed=8, read=_scripted([]), write=out.append)
    assert state.is_over
    text = "\n".join(out)
    assert "You are seat 0" in text and "Your hand" in text and "1. " in text
    assert "drew 2 card(s)" in text and "Turn 2: " in text
    assert out[-1].endswith(".") and "with three full sets" in out[-1]


def test_terminal_rejects_bad_input_repeats_the_table_and_quits():
    out: list[str] = []
    state = play(seats=2, seed=3, read=_scripted(["zz", "0", "", "q"]), write=out.append)
    text = "\n".join(out)
    assert text.count("Please type a number") == 2
    assert text.count("Your hand") >= 2 and out[-1] == "You left the game."
    assert not state.is_over


def test_terminal_prompts_a_payment_in_words():
    out: list[str] = []
    for seed in range(40):
        out.clear()
        with contextlib.suppress(EOFError):
            play(seats=2, seed=seed, read=_scripted([], limit=300), write=out.append)
        if any(
            line.startswith("Pay ") and "choose a card from your bank or properties" in line
            for line in out
        ):
            break
    else:
        raise AssertionError("no payment prompt in 40 games")
