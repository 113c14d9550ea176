"""``tycoon play`` in a pseudo-terminal (pexpect), answered as a person would."""

from __future__ import annotations

import os
import re
import sys
from typing import Any

import pexpect

#: The Python that runs ``tycoon`` (this one unless told).
PYTHON = os.environ.get("TYCOON_TEST_PYTHON", sys.executable)


def spawn_terminal(*args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1"}
    term = pexpect.spawn(PYTHON, ["-m", "tycoon.cli", "play", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(50, 200))
    term.delaybeforesend = None  # no pause before each answer
    return term


def play_through(term: pexpect.spawn, on_lost: Any = None, limit: int = 400,
                 inputs: list[str] | None = None) -> str:
    """Answer every prompt (the first choice or a fixed letter; in a session the next of
    ``inputs``, else Enter alone) until the standings; return everything the terminal
    wrote."""
    seen: list[str] = []
    for turn in range(limit):
        i = term.expect([r"Your choice \([^)]*\): ", r"\r\n> ", r"Standings: [^\r\n]*\r\n",
                         r"connection is lost", r"Skill of the bot[^\r\n]*: ",
                         r"Cards to exchange[^\r\n]*: "])
        seen.append(term.before + term.after)
        if i == 0:
            letter = re.search(r"or (\w)\)|\((\w)\)", term.after)
            numbered = "1 to" in term.after or "(1, or" in term.after
            if letter and "or b)" not in term.after and (not numbered or turn % 2):
                term.sendline(letter.group(1) or letter.group(2))  # end the turn, pass
            else:
                term.sendline("1")
        elif i == 1:
            term.sendline(inputs.pop(0) if inputs else "")
        elif i == 2:
            break
        elif i == 4:
            term.sendline("")
        elif i == 5:
            term.sendline("1")
        elif on_lost is not None:
            on_lost()
    else:
        raise AssertionError("the online game did not end: " + "".join(seen)[-3000:])
    term.expect(pexpect.EOF)
    seen.append(term.before)
    return "".join(seen).replace("\r\n", "\n")


def lines_of(text: str) -> list[str]:
    """The lines a screen reader reads (prompts with their answers stripped)."""
    out = []
    for line in text.split("\n"):
        line = re.sub(r"^(Your choice \([^)]*\): |> )\S*", "", line).strip()
        if line:
            out.append(line)
    return out
