"""Drive the terminal with scripted input, in this process."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

from tycoon.engine import get_game
from tycoon.terminal.local import LocalTable
from tycoon.terminal.screen import screen_for
from tycoon.terminal.ui import Terminal
from tycoon.terminal.words import Words


def scripted(answers: Iterable[str] = (), seed: int = 0, limit: int = 5000):
    """``answers`` first, then a seeded random answer: a number of the menu, a key, a
    session input, or Enter."""
    it = iter(answers)
    rnd = random.Random(seed)
    count = itertools.count()

    def read(prompt: str) -> str:
        if next(count) >= limit:
            raise EOFError
        answer = next(it, None)
        if answer is not None:
            return answer
        numbered = prompt.startswith(("Your choice (1 to ", "Your choice (1)",
                                      "Your choice (1, or "))
        if numbered and ", or " in prompt and rnd.random() < 0.2:
            return prompt.split(", or ")[1][0]
        if numbered:
            top = int(prompt.split(" to ")[1].split(")")[0].split(",")[0]) \
                if " to " in prompt else 1
            return rnd.choice([str(rnd.randint(1, top))] * 6 + ["h 1", "t", "", "b"])
        if prompt.startswith("Your choice ("):
            return prompt.split("(")[1][0]
        return rnd.choice(["1", "2", "3", "4", "5", "6", "7", "d", "k", ""])

    return read


def terminal_for(game: str, state: Any, answers: Iterable[str] = (), lang: str = "en",
                 clock: Any = None) -> tuple[Terminal, LocalTable, list[str]]:
    """A terminal for seat 1 of ``state`` reading ``answers`` (then ``q``)."""
    info = get_game(game)
    table = LocalTable(info, state, 1)
    it = iter(answers)
    out: list[str] = []

    def read(prompt: str) -> str:
        return next(it, "q")

    term = Terminal(table, screen_for(info), Words(info, lang), read=read, write=out.append,
                    clock=clock or (lambda: 1.0))
    term.set_players(table.players)
    return term, table, out
