"""C-9.4 Find the Key: pick, among several keys, the one whose silhouette matches the lock.

A key's silhouette is its *bitting*: 5 cuts along the blade, from the bow to the tip, each
of depth 1 (shallow) to 4 (deep). The lock shows the bitting of the right key. Every key of
a round has a different bitting, and exactly one equals the lock's. Easy: 6 keys, drawn at
full size, bow on the left. Hard: 9 keys at 60 % size, each one possibly flipped (drawn
mirrored, bow on the right, so its cuts read right to left), and most wrong keys are near
misses: five differ from the lock by one cut, and one has the lock's cuts reversed.

A right pick scores +40 and the next lock follows at once. A wrong pick scores nothing and
the round stays, but the keys are locked for 1000 ms: picks before then are ignored (a
client should not send them). After the last round the first comes again.

>>> c = generate("easy", 3)
>>> r = c["rounds"][0]
>>> wrong = (r["answer"] + 1) % 6
>>> score("easy", c, [{"t": 900, "key": wrong}, {"t": 1500, "key": r["answer"]},
...                   {"t": 1900, "key": r["answer"]}])  # the second pick comes too early
40
"""

from __future__ import annotations

from tycoon.engine import Rng

from .common import (
    DURATION_MS,
    Dice,
    chance,
    check_contents,
    check_inputs,
    digits,
    sample,
    scaled,
)

GAME = "find_key"
KEYS = {"easy": 6, "hard": 9}
SCALE = {"easy": 100, "hard": 60}
"""Drawing size of the keys, in percent of the easy size."""
CUTS = 5
DEPTHS = 4
ROUND_COUNT = 60
SUCCESS_POINTS = 40
WRONG_LOCK_MS = 1000
NEAR_MISSES = 5
"""On hard, this many wrong keys differ from the lock by one cut only."""
MAX_INPUTS = 1000


_CODES = DEPTHS**CUTS
"""A bitting as an integer: cut ``i`` has depth ``code // DEPTHS**i % DEPTHS + 1``."""
_BITTINGS = tuple(
    tuple(code // DEPTHS**i % DEPTHS + 1 for i in range(CUTS)) for code in range(_CODES)
)
_REVERSED = tuple(sum((b[CUTS - 1 - i] - 1) * DEPTHS**i for i in range(CUTS)) for b in _BITTINGS)


_STEPS = CUTS * (DEPTHS - 1)
_NEAR = tuple(
    tuple(
        lock + ((lock // DEPTHS**cut % DEPTHS + step + 1) % DEPTHS - lock // DEPTHS**cut % DEPTHS)
        * DEPTHS**cut
        for cut in range(CUTS)
        for step in range(DEPTHS - 1)
    )
    for lock in range(_CODES)
)
"""``_NEAR[lock][k]``: the bitting one cut away from ``lock`` numbered ``k``: cut
``k // 3`` moved to one of the other three depths (``k % 3 + 1`` steps deeper, wrapping)."""
_FLIP = (False, True)


def _near_misses(rng: Rng, lock: int, count: int) -> list[int]:
    """``count`` different bitting codes each one cut away from ``lock``."""
    near = _NEAR[lock]
    return [near[k] for k in sample(rng, _STEPS, count)]


def _answers(rng: Rng, level: str) -> list[int]:
    """The index of the right key in each round: the first draws of the contents' generator
    (3 draws for 60 rounds), so that bots can play without building the keys."""
    return digits(rng, KEYS[level], ROUND_COUNT)


def answers(level: str, seed: int) -> list[int]:
    """``[r["answer"] for r in generate(level, seed)["rounds"]]``, ten times cheaper.

    >>> answers("hard", 4) == [r["answer"] for r in generate("hard", 4)["rounds"]]
    True
    """
    return _answers(Rng(seed), level)


def generate(level: str, seed: int) -> dict:
    """60 rounds for one seat: each a lock, its keys and the index of the right key.

    The generator first draws every round's ``answer`` (see :func:`answers`), then per
    round the lock and the wrong keys in a random order, the lock's key being put at the
    answer's index."""
    rng = Rng(seed)
    below = rng.below
    count = KEYS[level]
    scale = SCALE[level]
    hard = level == "hard"
    bittings = _BITTINGS
    flip = _FLIP
    rounds = []
    for answer in _answers(rng, level):
        if hard:
            lock = below(_CODES)
            codes = [_REVERSED[lock]] if _REVERSED[lock] != lock else []
            codes += _near_misses(rng, lock, NEAR_MISSES)
            while len(codes) < count - 1:
                code = below(_CODES)
                if code != lock and code not in codes:
                    codes.append(code)
            order = [codes[j] for j in sample(rng, count - 1, count - 1)]
            flips = below(1 << count)
        else:
            order = sample(rng, _CODES, count)
            lock = order.pop()
            flips = 0
        order.insert(answer, lock)
        keys = [
            {"bitting": list(bittings[code]), "flip": flip[flips >> i & 1], "scale": scale}
            for i, code in enumerate(order)
        ]
        rounds.append({"lock": list(bittings[lock]), "keys": keys, "answer": answer})
    return {
        "game": GAME,
        "level": level,
        "keys": count,
        "cuts": CUTS,
        "depths": DEPTHS,
        "points": SUCCESS_POINTS,
        "lock_ms": WRONG_LOCK_MS,
        "rounds": rounds,
    }


def progress(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> dict:
    """The play after ``inputs``: points, successes, wrong picks (ignored picks not
    counted), the current ``round`` index and ``locked_until`` (ms; picks before are ignored).

    >>> c = {"game": "find_key", "level": "easy", "rounds": [{"answer": 3}, {"answer": 1}]}
    >>> progress("easy", c, [{"t": 50, "key": 3}, {"t": 80, "key": 0}])
    {'points': 40, 'successes': 1, 'wrong': 1, 'round': 1, 'locked_until': 1080}
    """
    rounds = check_contents(contents, GAME, level, ("rounds",))["rounds"]
    if not rounds:
        raise ValueError(f"{GAME} contents hold no rounds")
    picks = check_inputs(inputs, {"key": (0, KEYS[level] - 1)}, MAX_INPUTS, duration_ms)
    successes = wrong = 0
    index = 0
    locked_until = 0
    for t, key in picks:
        if t < locked_until:
            continue
        if key == rounds[index]["answer"]:
            successes += 1
            index = (index + 1) % len(rounds)
        else:
            wrong += 1
            locked_until = t + WRONG_LOCK_MS
    return {
        "points": scaled(SUCCESS_POINTS * successes, duration_ms),
        "successes": successes,
        "wrong": wrong,
        "round": index,
        "locked_until": locked_until,
    }


def score(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> int:
    """Replay the picks ``[{"t": ms, "key": i}, ...]`` and return the points."""
    return progress(level, contents, inputs, duration_ms)["points"]


def bot_inputs(level: str, contents: dict, skill: float, seed: int,
               duration_ms: int = DURATION_MS) -> list:
    """Picks of a bot: it looks for 4 s before a pick at skill 0 (1.2 s at skill 1; on hard
    5 s and 1.8 s) and picks right with probability ``skill + (1 - skill) / n`` among the
    ``n`` keys it has not tried yet this round."""
    rounds = check_contents(contents, GAME, level, ("rounds",))["rounds"]
    return _play(level, [r["answer"] for r in rounds], skill, seed, duration_ms)[0]


def plays(
    level: str, seed: int, contents: dict | None, bots: list[tuple[float, int]],
    duration_ms: int = DURATION_MS,
) -> list[tuple[list, int]]:
    """``(bot_inputs(...), score(...))`` for each ``(skill, bot seed)`` of ``bots``, on the
    contents of ``seed`` (given, or else never built: the bot needs only the answers)."""
    if contents is None:
        keys = answers(level, seed)
    else:
        keys = [r["answer"] for r in check_contents(contents, GAME, level, ("rounds",))["rounds"]]
    return [_play(level, keys, skill, bot_seed, duration_ms) for skill, bot_seed in bots]


def _play(level: str, keys: list[int], skill: float, seed: int,
          duration: int) -> tuple[list, int]:
    """The bot's picks on rounds whose answers are ``keys``, and their points (the bot never
    picks while the keys are locked, so every right pick scores)."""
    rng = Dice(seed)
    below = rng.below
    count = KEYS[level]
    slow, fast = (4000, 1200) if level == "easy" else (5000, 1800)
    # a delay from `slow` ms at skill 0 to `fast` ms at skill 1, varied by a fifth either way
    base = slow + (fast - slow) * skill
    spread = int(base / 5)
    slowest, width = int(base) - spread, 2 * spread + 1
    out: list[dict] = []
    t = 0
    index = 0
    successes = 0
    tried: set[int] = set()
    most = MAX_INPUTS * duration // DURATION_MS
    while True:
        t += max(1, slowest + below(width))
        if t > duration or len(out) >= most:
            return out, scaled(SUCCESS_POINTS * successes, duration)
        answer = keys[index]
        untried = [k for k in range(count) if k not in tried]
        if chance(rng, skill + (1 - skill) / len(untried)):
            out.append({"t": t, "key": answer})
            index = (index + 1) % len(keys)
            successes += 1
            tried = set()
        else:
            key = rng.choice([k for k in untried if k != answer])
            out.append({"t": t, "key": key})
            tried.add(key)
            t += WRONG_LOCK_MS
