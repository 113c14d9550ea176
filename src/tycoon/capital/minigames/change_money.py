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

from .common import (
    DURATION_MS,
    Dice,
    InvalidInputs,
    chance,
    check_contents,
    check_inputs,
    digits,
    scaled,
)

GAME = "change_money"
NOTES = (1, 2, 5, 10, 20, 50, 100)
"""The banknotes the player can click."""
SUM_COUNT = 150
SOLVED_POINTS = 25
ERROR_POINTS = -50
MAX_INPUTS = 1000
A_MAX = 200
"""The first term ``a`` of a sum is drawn from 1..A_MAX."""


def _gaps(rng: Rng, level: str) -> list[int]:
    """Every sum's gap ``c - a``: the first draws of the contents' generator (packed, several
    gaps a draw), so that bots can play without building the sums."""
    n = len(NOTES)
    if level != "hard":
        return [NOTES[d] for d in digits(rng, n, SUM_COUNT)]
    # hard: a first note, and half the time (r >= n) a second one
    return [
        NOTES[d % n] + (NOTES[d // n - n] if d // n >= n else 0)
        for d in digits(rng, 2 * n * n, SUM_COUNT)
    ]


def generate(level: str, seed: int) -> dict:
    """The sums for one seat: ``{"game", "level", "notes", "sums": [{"a", "c"}, ...]}``.

    The generator first draws every gap ``c - a`` (see ``_gaps``), then every ``a``."""
    rng = Rng(seed)
    gaps = _gaps(rng, level)
    sums = [
        {"a": a + 1, "c": a + 1 + gap}
        for a, gap in zip(digits(rng, A_MAX, SUM_COUNT), gaps, strict=True)
    ]
    return {"game": GAME, "level": level, "notes": list(NOTES), "sums": sums}


def progress(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> dict:
    """The play after ``inputs``: points, sums solved, errors, and the sum now shown
    (``sum`` its index, ``a``, ``c`` and ``paid``, the notes clicked on it so far).

    >>> c = {"game": "change_money", "level": "easy", "sums": [{"a": 3, "c": 8}]}
    >>> progress("easy", c, [{"t": 5, "note": 2}, {"t": 9, "note": 10}])
    {'points': -50, 'solved': 0, 'errors': 1, 'sum': 0, 'a': 3, 'c': 8, 'paid': 2}
    """
    sums = check_contents(contents, GAME, level, ("sums",))["sums"]
    if not sums:
        raise ValueError(f"{GAME} contents hold no sums")
    clicks = check_inputs(inputs, {"note": (1, 100)}, MAX_INPUTS, duration_ms)
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
        "points": scaled(SOLVED_POINTS * solved + ERROR_POINTS * errors, duration_ms),
        "solved": solved,
        "errors": errors,
        "sum": index,
        "a": a,
        "c": c,
        "paid": total - a,
    }


def score(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> int:
    """Replay the clicks ``[{"t": ms, "note": value}, ...]`` and return the points."""
    return progress(level, contents, inputs, duration_ms)["points"]


def bot_inputs(level: str, contents: dict, skill: float, seed: int,
               duration_ms: int = DURATION_MS) -> list:
    """Clicks of a bot: one every 2.5 s and half of them errors at skill 0, one every 0.6 s
    and never an error at skill 1; a correct click is the largest note that fits."""
    sums = check_contents(contents, GAME, level, ("sums",))["sums"]
    return _play([s["c"] - s["a"] for s in sums], skill, seed, duration_ms)[0]


def plays(
    level: str, seed: int, contents: dict | None, bots: list[tuple[float, int]],
    duration_ms: int = DURATION_MS,
) -> list[tuple[list, int]]:
    """``(bot_inputs(...), score(...))`` for each ``(skill, bot seed)`` of ``bots``, on the
    contents of ``seed`` (given, or else never built: the bot needs only the gaps)."""
    if contents is None:
        gaps = _gaps(Rng(seed), level)
    else:
        gaps = [s["c"] - s["a"] for s in check_contents(contents, GAME, level, ("sums",))["sums"]]
    return [_play(gaps, skill, bot_seed, duration_ms) for skill, bot_seed in bots]


_GAP_MAX = 2 * NOTES[-1]
_FITS = [0] + [max(n for n in NOTES if n <= r) for r in range(1, _GAP_MAX + 1)]
"""``_FITS[remaining]``: the largest note that fits in ``remaining`` (1..200)."""
_TOO_BIG = [tuple(n for n in NOTES if n > r) or NOTES for r in range(_GAP_MAX + 1)]
"""``_TOO_BIG[remaining]``: the notes larger than ``remaining``, or all notes if none is."""


def _play(gaps: list[int], skill: float, seed: int, duration: int) -> tuple[list, int]:
    """The bot's clicks on sums whose gaps are ``gaps``, and their points."""
    rng = Dice(seed)
    below = rng.below
    error_p = (1 - skill) / 2
    # a delay from 2500 ms at skill 0 to 600 ms at skill 1, varied by a fifth either way
    base = 2500 + (600 - 2500) * skill
    spread = int(base / 5)
    slowest, width = int(base) - spread, 2 * spread + 1
    out = []
    t = 0
    index = 0
    solved = errors = 0
    remaining = gaps[0]
    most = MAX_INPUTS * duration // DURATION_MS
    while True:
        t += max(1, slowest + below(width))
        if t > duration or len(out) >= most:
            return out, scaled(SOLVED_POINTS * solved + ERROR_POINTS * errors, duration)
        if chance(rng, error_p):
            if 0 < remaining <= _GAP_MAX:
                note = rng.choice(_TOO_BIG[remaining])
            else:
                note = rng.choice(tuple(n for n in NOTES if n > remaining) or NOTES)
        elif 0 < remaining <= _GAP_MAX:
            note = _FITS[remaining]
        else:
            note = max(n for n in NOTES if n <= remaining)
        out.append({"t": t, "note": note})
        if note <= remaining:
            remaining -= note
            if remaining == 0:
                solved += 1
                index = (index + 1) % len(gaps)
                remaining = gaps[index]
        else:
            errors += 1
