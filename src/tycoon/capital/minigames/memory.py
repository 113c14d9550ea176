"""C-9.3 Memory: face-down banknotes, turned two at a time to find pairs.

Easy: 7 pairs (14 cells, 2 rows of 7), +60 a pair. Hard: 14 pairs (28 cells, 4 rows of 7),
+30 a pair. Cells are numbered row by row from 0. The first click of a pair turns a card,
the second turns another: equal faces stay face up (a pair found), different faces turn
back down (no penalty). A finished board is dealt again at once, from the next layout of
the contents (after the last layout the first comes again). Clicking a cell already
matched on the current board, or the same cell twice in one pair, is impossible.

>>> c = {"game": "memory", "level": "easy", "boards": [[5, 5, 1, 1, 2, 2, 10, 10, 20, 20,
...      50, 50, 100, 100]]}
>>> score("easy", c, [{"t": 100, "cell": 0}, {"t": 200, "cell": 2},    # 5 and 1: no pair
...                   {"t": 300, "cell": 0}, {"t": 400, "cell": 1}])   # 5 and 5: a pair
60
"""

from __future__ import annotations

from tycoon.engine import Rng

from .common import (
    DURATION_MS,
    Dice,
    InvalidInputs,
    check_contents,
    check_inputs,
    sample,
    scaled,
)

GAME = "memory"
FACES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 50000)
"""Banknote values printed on the cards; a board uses as many as it has pairs."""
PAIRS = {"easy": 7, "hard": 14}
PAIR_POINTS = {"easy": 60, "hard": 30}
COLUMNS = 7
BOARD_COUNT = 10
MAX_INPUTS = 1000


def generate(level: str, seed: int) -> dict:
    """Ten layouts for one seat: ``boards[k][cell]`` is the face of that cell on board k."""
    rng = Rng(seed)
    pairs = PAIRS[level]
    boards = []
    for _ in range(BOARD_COUNT):
        faces = [FACES[i] for i in sample(rng, len(FACES), pairs)] * 2
        boards.append([faces[i] for i in sample(rng, 2 * pairs, 2 * pairs)])
    return {**_layout(level), "boards": boards}


def _layout(level: str) -> dict:
    """What the contents and the visible part share: the game, level, size and points."""
    pairs = PAIRS[level]
    return {
        "game": GAME,
        "level": level,
        "pairs": pairs,
        "columns": COLUMNS,
        "rows": 2 * pairs // COLUMNS,
        "points": PAIR_POINTS[level],
    }


def visible(level: str, contents: dict) -> dict:
    """What a client may hold before playing: the layout without a single face.

    The boards' faces stay with the server, which reveals each card as the player turns it
    (with :func:`progress`); ``boards`` gives how many layouts there are, ``cell_count`` the
    cards of each (``rows`` x ``columns``), and ``faces`` says they are hidden.

    >>> sorted(visible("easy", generate("easy", 1)).items())  # doctest: +NORMALIZE_WHITESPACE
    [('board_count', 10), ('cell_count', 14), ('columns', 7), ('faces', 'hidden'),
     ('game', 'memory'), ('level', 'easy'), ('pairs', 7), ('points', 60), ('rows', 2)]
    """
    boards = check_contents(contents, GAME, level, ("boards",))["boards"]
    return {**_layout(level), "cell_count": 2 * PAIRS[level], "board_count": len(boards),
            "faces": "hidden"}


def progress(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> dict:
    """The play after ``inputs``: points, pairs found, the current ``board`` index,
    ``cells``: the face of every card now face up on it (``None`` for a face-down card), and
    ``open``: the face-up cards that are not matched (the first card of a pair being turned,
    or the two cards of a missed pair), in click order.

    Face up are the matched cards, the first card of a pair being turned, and the two cards of
    the last pair until the next click. A server that keeps the contents secret can send the
    client ``cells`` after each click instead of the whole layout.

    >>> c = {"game": "memory", "level": "easy", "boards": [[5, 5, 1, 1, 2, 2, 10, 10, 20, 20,
    ...      50, 50, 100, 100]]}
    >>> p = progress("easy", c, [{"t": 100, "cell": 0}, {"t": 200, "cell": 2}])
    >>> p["points"], p["board"], p["cells"][:4], p["open"]
    (0, 0, [5, None, 1, None], [0, 2])
    """
    boards = check_contents(contents, GAME, level, ("boards",))["boards"]
    cells = 2 * PAIRS[level]
    if not boards or any(not isinstance(b, list) or len(b) != cells for b in boards):
        raise ValueError(f"{GAME} contents: every board must hold {cells} cells")
    clicks = check_inputs(inputs, {"cell": (0, cells - 1)}, MAX_INPUTS, duration_ms)
    pairs = 0
    index = 0
    board = boards[0]
    matched = [False] * cells
    found = 0
    first = -1
    shown: tuple[int, ...] = ()
    for i, (_, cell) in enumerate(clicks):
        if matched[cell]:
            raise InvalidInputs(f"input {i}: cell {cell} is already matched")
        if first < 0:
            first = cell
            shown = (cell,)
            continue
        if cell == first:
            raise InvalidInputs(f"input {i}: cell {cell} is already turned in this pair")
        shown = (first, cell)
        if board[cell] == board[first]:
            pairs += 1
            matched[cell] = matched[first] = True
            found += 1
            if found * 2 == cells:
                index = (index + 1) % len(boards)
                board = boards[index]
                matched = [False] * cells
                found = 0
                shown = ()
        first = -1
    faces = [board[c] if matched[c] or c in shown else None for c in range(cells)]
    return {"points": scaled(PAIR_POINTS[level] * pairs, duration_ms), "pairs": pairs,
            "board": index, "cells": faces, "open": [c for c in shown if not matched[c]]}


def score(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> int:
    """Replay the clicks ``[{"t": ms, "cell": i}, ...]`` and return the points."""
    return progress(level, contents, inputs, duration_ms)["points"]


def bot_inputs(level: str, contents: dict, skill: float, seed: int,
               duration_ms: int = DURATION_MS) -> list:
    """Clicks of a bot that remembers each card it sees with probability ``skill`` (perfect
    recall at 1, none at 0) and clicks every 2 s at skill 0, every 0.6 s at skill 1."""
    boards = check_contents(contents, GAME, level, ("boards",))["boards"]
    return _play(level, boards, skill, seed, duration_ms)[0]


def plays(
    level: str, seed: int, contents: dict | None, bots: list[tuple[float, int]],
    duration_ms: int = DURATION_MS,
) -> list[tuple[list, int]]:
    """``(bot_inputs(...), score(...))`` for each ``(skill, bot seed)`` of ``bots``, on
    ``contents`` (or those of ``seed`` if None)."""
    if contents is None:
        contents = generate(level, seed)
    boards = check_contents(contents, GAME, level, ("boards",))["boards"]
    return [_play(level, boards, skill, bot_seed, duration_ms) for skill, bot_seed in bots]


def _play(level: str, boards: list[list[int]], skill: float, seed: int,
          duration: int) -> tuple[list, int]:
    """The bot's clicks on ``boards`` and their points."""
    cells = 2 * PAIRS[level]
    rng = Dice(seed)
    out: list[dict] = []
    t = 0
    index = 0
    board = boards[0]
    pairs = 0
    known: dict[int, int] = {}  # remembered cell -> face
    # a delay from 2000 ms at skill 0 to 600 ms at skill 1, varied by a fifth either way, and
    # chance(rng, skill), inlined
    base = 2000 + (600 - 2000) * skill
    spread = int(base / 5)
    slowest, width = int(base) - spread, 2 * spread + 1
    below = rng.below
    recall = int(skill * (1 << 20))
    most = MAX_INPUTS * duration // DURATION_MS

    def click(cell: int) -> bool:
        nonlocal t
        t += max(1, slowest + below(width))
        if t > duration or len(out) >= most:
            return False
        out.append({"t": t, "cell": cell})
        if skill >= 1 or (skill > 0 and below(1 << 20) < recall):
            known[cell] = board[cell]
        return True

    open_cells = list(range(cells))
    while True:
        pair = None
        if len(set(known.values())) < len(known):  # two known cards show the same face
            seen: dict[int, int] = {}
            for c in sorted(known):
                if known[c] in seen:
                    pair = (seen[known[c]], c)
                    break
                seen[known[c]] = c
        if pair is None:
            unknown = [c for c in open_cells if c not in known] or open_cells
            a = rng.choice(unknown)
            if not click(a):
                return out, scaled(PAIR_POINTS[level] * pairs, duration)
            mate = [c for c in known if c != a and known[c] == board[a]]
            if mate:
                b = mate[0]
            else:
                rest = [c for c in unknown if c != a] or [c for c in open_cells if c != a]
                b = rng.choice(rest)
            pair = (a, b)
        else:
            if not click(pair[0]):
                return out, scaled(PAIR_POINTS[level] * pairs, duration)
        if not click(pair[1]):
            return out, scaled(PAIR_POINTS[level] * pairs, duration)
        a, b = pair
        if board[a] == board[b]:
            open_cells.remove(a)
            open_cells.remove(b)
            pairs += 1
            known.pop(a, None)
            known.pop(b, None)
            if not open_cells:
                index = (index + 1) % len(boards)
                board = boards[index]
                open_cells = list(range(cells))
                known.clear()
