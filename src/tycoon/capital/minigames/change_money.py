"""C-9.1 Change Money: fill the gap of ``a + ? = c`` by clicking banknotes.

Sums are shown one after another. Each click adds a banknote (1, 2, 5, 10, 20, 50 or 100)
to the gap; when ``a`` plus the notes clicked equals ``c`` the sum is solved (+25) and the
next one is shown. A click that would make the total exceed ``c`` is an error (−50); the
note is not added and the same sum stays. Easy: every gap is one banknote. Hard: one or two
banknotes (the same value may appear twice). After the last sum of the contents the first
one is shown again (never reached in 30 s of play: there are 150 sums).

>>> contents = generate("easy", 7)
>>> s = contents["sums"][0]
>>> score("easy", contents, [{"t": 1000, "note": s["c"] - s["a"]}])
25
"""

from __future__ import annotations

from tycoon.engine import Rng

from .common import DURATION_MS, InvalidInputs, chance, check_contents, check_inputs, pace

GAME = "change_money"
NOTES = (1, 2, 5, 10, 20, 50, 100)
"""The banknotes the player can click."""
SUM_COUNT = 150
SOLVED_POINTS = 25
ERROR_POINTS = -50
MAX_INPUTS = 1000
A_MAX = 200
"""The first term ``a`` of a sum is drawn from 1..A_MAX."""


def generate(level: str, seed: int) -> dict:
    """The sums for one seat: ``{"game", "level", "notes", "sums": [{"a", "c"}, ...]}``."""
    rng = Rng(seed)
    sums = []
    n = len(NOTES)
    second = 2 * n if level == "hard" else 1  # hard: half the time, a second note
    for _ in range(SUM_COUNT):
        r, a = divmod(rng.below(A_MAX * n * second), A_MAX)
        r, first = divmod(r, n)
        gap = NOTES[first] + (NOTES[r - n] if r >= n else 0)
        sums.append({"a": a + 1, "c": a + 1 + gap})
    return {"game": GAME, "level": level, "notes": list(NOTES), "sums": sums}


def progress(level: str, contents: dict, inputs: list) -> dict:
    """The play after ``inputs``: points, sums solved, errors, and the sum now shown
    (``sum`` its index, ``a``, ``c`` and ``paid``, the notes clicked on it so far).

    >>> c = {"game": "change_money", "level": "easy", "sums": [{"a": 3, "c": 8}]}
    >>> progress("easy", c, [{"t": 5, "note": 2}, {"t": 9, "note": 10}])
    {'points': -50, 'solved': 0, 'errors': 1, 'sum': 0, 'a': 3, 'c': 8, 'paid': 2}
    """
    sums = check_contents(contents, GAME, level, ("sums",))["sums"]
    if not sums:
        raise ValueError(f"{GAME} contents hold no sums")
    clicks = check_inputs(inputs, {"note": (1, 100)}, MAX_INPUTS)
    solved = errors = 0
    index = 0
    a, c = sums[0]["a"], sums[0]["c"]
    total = a
    for i, (_, note) in enumerate(clicks):
        if note not in NOTES:
            raise InvalidInputs(f"input {i}: there is no banknote of {note}")
        if total + note > c:
            errors += 1
            continue
        total += note
        if total == c:
            solved += 1
            index = (index + 1) % len(sums)
            a, c = sums[index]["a"], sums[index]["c"]
            total = a
    return {
        "points": SOLVED_POINTS * solved + ERROR_POINTS * errors,
        "solved": solved,
        "errors": errors,
        "sum": index,
        "a": a,
        "c": c,
        "paid": total - a,
    }


def score(level: str, contents: dict, inputs: list) -> int:
    """Replay the clicks ``[{"t": ms, "note": value}, ...]`` and return the points."""
    return progress(level, contents, inputs)["points"]


def bot_inputs(level: str, contents: dict, skill: float, seed: int) -> list:
    """Clicks of a bot: one every 2.5 s and half of them errors at skill 0, one every 0.6 s
    and never an error at skill 1; a correct click is the largest note that fits."""
    sums = check_contents(contents, GAME, level, ("sums",))["sums"]
    rng = Rng(seed)
    error_p = (1 - skill) / 2
    out = []
    t = 0
    index = 0
    remaining = sums[0]["c"] - sums[0]["a"]
    while True:
        t += pace(rng, 2500, 600, skill)
        if t > DURATION_MS or len(out) >= MAX_INPUTS:
            return out
        if chance(rng, error_p):
            too_big = [n for n in NOTES if n > remaining]
            note = rng.choice(too_big) if too_big else rng.choice(NOTES)
        else:
            note = max(n for n in NOTES if n <= remaining)
        out.append({"t": t, "note": note})
        if note <= remaining:
            remaining -= note
            if remaining == 0:
                index = (index + 1) % len(sums)
                remaining = sums[index]["c"] - sums[index]["a"]
