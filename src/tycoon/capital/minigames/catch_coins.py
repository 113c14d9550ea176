"""C-9.2 Catch Coins: move a piggy bank left and right to catch falling coins, dodge hammers.

Everything happens on an integer field 1000 wide and 1000 high, ``y`` growing downwards, and
in integer milliseconds, so the browser and the server compute exactly the same catches:

- The bank is 100 wide; ``bank_x`` is its centre, always in ``50..950``; its top line is at
  ``y = 900``. It starts at ``x = 500`` with target 500.
- An input ``{"t": ms, "x": 0..1000}`` is the pointer position: from time ``t`` on, the
  bank's target is ``x`` clamped to ``50..950``. The bank moves towards its target at
  2 units a millisecond: if it is at ``p`` at time ``t0`` with target ``g``, at time
  ``T >= t0`` it is at ``p + clamp(g - p, -2*(T - t0), 2*(T - t0))``. Any pointer
  movement is therefore valid; the bank only follows it at bounded speed.
- An object ``{"kind", "x", "t", "speed"}`` is 40 wide, centred at ``x``, and appears at time
  ``t`` with its bottom at ``y = 0``; at time ``T`` its bottom is at
  ``(T - t) * speed // 1000`` (``speed`` in units a second). It reaches the bank's top line at
  ``tc = t + ceil(900 * 1000 / speed)``. It is caught when ``tc <= 30000`` and
  ``abs(x - bank_x(tc)) < 70`` (the two overlap horizontally), and then vanishes; otherwise it
  falls on past the bank and is missed.
- Points: silver +5, gold +20, green +100 (easy only), hammer −100.
- On a longer clock (60 or 90 s) the field runs in slow motion: an input at real time ``t``
  acts at game time ``t * 30000 // duration`` (``common.game_time``) and everything above is
  in game time, so the same contents give the same points as in 30 s.

>>> c = {"game": "catch_coins", "level": "easy",
...      "objects": [{"kind": "gold", "x": 500, "t": 0, "speed": 450}]}
>>> score("easy", c, [])         # the bank waits at 500 and the coin falls into it at t=2000
20
>>> score("easy", c, [{"t": 0, "x": 1000}])  # the bank runs right, reaching 950 at t=225
0
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from tycoon.engine import Rng

from .common import (
    DURATION_MS,
    Dice,
    chance,
    check_contents,
    check_inputs,
    game_time,
    real_time,
)

GAME = "catch_coins"
WIDTH = 1000
HEIGHT = 1000
BANK_WIDTH = 100
BANK_TOP = 900
BANK_START = 500
BANK_SPEED = 2
"""Units a millisecond."""
BANK_MIN = BANK_WIDTH // 2
BANK_MAX = WIDTH - BANK_WIDTH // 2
OBJECT_SIZE = 40
REACH = (BANK_WIDTH + OBJECT_SIZE) // 2
"""An object is caught when its centre is less than this from the bank's centre."""
POINTS = {"silver": 5, "gold": 20, "green": 100, "hammer": -100}
MAX_INPUTS = 3000
"""About one pointer position every 10 ms; a client should send at most that many."""

# level -> (first spawn, spawn gap range, speed range, kind weights)
_LEVELS = {
    "easy": (
        300,
        (300, 600),
        (300, 500),
        (("silver", 50), ("gold", 25), ("green", 10), ("hammer", 15)),
    ),
    "hard": (300, (450, 850), (400, 700), (("silver", 48), ("gold", 24), ("hammer", 28))),
}


def catch_time(obj: dict) -> int:
    """When the object's bottom reaches the bank's top line (ms since the start)."""
    speed = obj["speed"]
    return obj["t"] + (BANK_TOP * 1000 + speed - 1) // speed


def _move(p: int, g: int, dt: int) -> int:
    step = BANK_SPEED * dt
    d = g - p
    return p + (step if d > step else -step if d < -step else d)


def generate(level: str, seed: int) -> dict:
    """The falling objects for one seat, in spawn order, and the field's measures."""
    first, (gap_lo, gap_hi), (v_lo, v_hi), weights = _LEVELS[level]
    kinds = [name for name, w in weights for _ in range(w)]  # a kind per roll
    half = OBJECT_SIZE // 2
    xs = WIDTH - 2 * half + 1
    speeds = v_hi - v_lo + 1
    gaps = gap_hi - gap_lo + 1
    draw = Rng(seed).below
    count = len(kinds) * xs * speeds * gaps  # one draw per object, read as four digits
    objects = []
    t = first
    while t < DURATION_MS:
        r, roll = divmod(draw(count), len(kinds))
        r, x = divmod(r, xs)
        gap, speed = divmod(r, speeds)
        objects.append({"kind": kinds[roll], "x": half + x, "t": t, "speed": v_lo + speed})
        t += gap_lo + gap
    return {
        "game": GAME,
        "level": level,
        "field": {"width": WIDTH, "height": HEIGHT},
        "bank": {"width": BANK_WIDTH, "top": BANK_TOP, "start": BANK_START, "speed": BANK_SPEED},
        "object_size": OBJECT_SIZE,
        "points": {k: POINTS[k] for k, _ in weights},
        "objects": objects,
    }


def outcomes(level: str, contents: dict, inputs: list,
             duration_ms: int = DURATION_MS) -> list[tuple[int, int, bool]]:
    """``(catch time, object index, caught)`` for every object reaching the bank line in
    time, in order of catch time (ties by index) — what the browser animates."""
    objects = check_contents(contents, GAME, level, ("objects",))["objects"]
    moves = check_inputs(inputs, {"x": (0, WIDTH)}, MAX_INPUTS, duration_ms)
    if duration_ms != DURATION_MS:
        moves = [(game_time(t, duration_ms), x) for t, x in moves]
    for o in objects:
        if (
            not isinstance(o, dict)
            or o.get("kind") not in POINTS
            or not all(isinstance(o.get(k), int) for k in ("x", "t", "speed"))
            or o["speed"] <= 0
        ):
            raise ValueError(f"{GAME} contents hold a malformed object: {o!r}")
    return _outcomes(objects, moves)


def _timeline(objects: list[dict]) -> list[tuple[int, int]]:
    """``(catch time, index)`` of every object, in catch order."""
    return sorted((catch_time(o), i) for i, o in enumerate(objects))


def _outcomes(
    objects: list[dict],
    moves: list[tuple[int, ...]],
    timeline: list[tuple[int, int]] | None = None,
) -> list[tuple[int, int, bool]]:
    """:func:`outcomes` of checked contents and moves ``(t, x)``."""
    if timeline is None:
        timeline = _timeline(objects)
    pos, target, now = BANK_START, BANK_START, 0
    k = 0
    out = []
    for tc, i in timeline:
        if tc > DURATION_MS:
            break
        while k < len(moves) and moves[k][0] < tc:
            t, x = moves[k]
            pos = _move(pos, target, t - now)
            now = t
            target = min(max(x, BANK_MIN), BANK_MAX)
            k += 1
        pos = _move(pos, target, tc - now)
        now = tc
        out.append((tc, i, abs(objects[i]["x"] - pos) < REACH))
    return out


def progress(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> dict:
    """The play after ``inputs``: points, and the indices of the objects ``caught`` and
    ``missed`` (in catch order; objects reaching the line after 30 s are in neither).

    >>> c = {"game": "catch_coins", "level": "hard",
    ...      "objects": [{"kind": "hammer", "x": 500, "t": 0, "speed": 450},
    ...                  {"kind": "silver", "x": 900, "t": 0, "speed": 450}]}
    >>> progress("hard", c, [])
    {'points': -100, 'caught': [0], 'missed': [1]}
    """
    objects = contents.get("objects") if isinstance(contents, dict) else None
    points = 0
    caught, missed = [], []
    for _, i, hit in outcomes(level, contents, inputs, duration_ms):
        if hit:
            points += POINTS[objects[i]["kind"]]  # type: ignore[index]
            caught.append(i)
        else:
            missed.append(i)
    return {"points": points, "caught": caught, "missed": missed}


def score(level: str, contents: dict, inputs: list, duration_ms: int = DURATION_MS) -> int:
    """Replay the pointer positions ``[{"t": ms, "x": 0..1000}, ...]``; return the points."""
    return progress(level, contents, inputs, duration_ms)["points"]


def _plan(objects: list[dict]) -> list[tuple[int, int]]:
    """The best route through the coins, as steps ``(from time, head for x)``.

    Dynamic programming over the coins in catch order: the bank is at a coin's ``x`` at its
    catch time, then heads straight for the next coin's ``x``; hammers met on the way (or
    while waiting at the end) cost their points. Each coin looks back at most 8 coins.
    """
    coins = []
    hammers = []
    for o in objects:
        tc = catch_time(o)
        if tc > DURATION_MS:
            continue
        if o["kind"] == "hammer":
            hammers.append((tc, o["x"]))
        else:
            coins.append((tc, o["x"], POINTS[o["kind"]]))
    coins.sort()
    hammers.sort()
    h_times = [h[0] for h in hammers]
    hammer = POINTS["hammer"]

    def hits(t0: int, x0: int, x1: int, lo: int, hi: int) -> int:
        """Points lost to hammers lo..hi-1 moving from x0 (at t0) towards x1."""
        lost = 0
        for th, hx in hammers[lo:hi]:
            step = BANK_SPEED * (th - t0)
            d = x1 - x0
            p = x0 + (step if d > step else -step if d < -step else d)
            if -REACH < hx - p < REACH:
                lost += hammer
        return lost

    h_xs = [hx for _, hx in hammers]

    def still(x: int) -> list[int]:
        """Indices of the hammers that hit a bank standing at ``x``, in time order."""
        return [k for k, hx in enumerate(h_xs) if -REACH < hx - x < REACH]

    nodes = [(0, BANK_START, 0), *coins]  # node 0: the start
    after = [bisect_right(h_times, n[0]) for n in nodes]  # first hammer after each node
    n = len(nodes)
    stills = [still(x) for _, x, _ in nodes]
    best = [0] * n
    prev = [0] * n
    ts = [node[0] for node in nodes]
    xs = [node[1] for node in nodes]
    for j in range(1, n):
        tj, xj, vj = nodes[j]
        hj = after[j]
        # straight from the start: moving until the bank reaches xj, then standing there
        m = min(bisect_left(h_times, (abs(xj - BANK_START) + 1) // 2), hj)
        near = stills[j]
        value = vj  # + best[0], which is 0
        if m:
            value += hits(0, BANK_START, xj, 0, m)
        if near:
            value += hammer * (bisect_left(near, hj) - bisect_left(near, m))
        came = 0
        for i in range(max(1, j - 8), j):
            reach = BANK_SPEED * (tj - ts[i])
            d = xj - xs[i]
            if reach <= 0 or d > reach or -d > reach:
                continue
            v = best[i] + vj
            if after[i] < hj:
                v += hits(ts[i], xs[i], xj, after[i], hj)
            if v > value:
                value, came = v, i
        best[j] = value
        prev[j] = came
    end = 0
    end_value = hammer * len(stills[0])
    for i in range(1, n):
        near = stills[i]
        v = best[i] + hammer * (len(near) - bisect_left(near, after[i]))
        if v > end_value:
            end, end_value = i, v
    route = []
    while end > 0:
        route.append(end)
        end = prev[end]
    route.reverse()
    steps = []
    last_t = 0
    for j in route:
        steps.append((last_t, nodes[j][1]))
        last_t = nodes[j][0]
    return steps


def bot_inputs(level: str, contents: dict, skill: float, seed: int,
               duration_ms: int = DURATION_MS) -> list:
    """Pointer positions of a bot. At skill 1 it follows the best route through the coins
    (dodging hammers where the route allows); lower skill reacts up to 0.8 s later, aims up to
    250 off, and is distracted (a random position instead of the route) with probability
    ``1 - skill``; skill 0 moves the pointer at random about every 0.6 s."""
    objects = check_contents(contents, GAME, level, ("objects",))["objects"]
    return _real(_bot(objects, skill, seed, None if skill == 0 else _plan(objects)), duration_ms)


def _real(inputs: list[dict], duration_ms: int) -> list[dict]:
    """Inputs made in game time, on a ``duration_ms`` clock."""
    if duration_ms == DURATION_MS:
        return inputs
    return [{"t": real_time(i["t"], duration_ms), "x": i["x"]} for i in inputs]


def plays(
    level: str, seed: int, contents: dict | None, bots: list[tuple[float, int]],
    duration_ms: int = DURATION_MS,
) -> list[tuple[list, int]]:
    """``(bot_inputs(...), score(...))`` for each ``(skill, bot seed)`` of ``bots``, on
    ``contents`` (or those of ``seed`` if None); the best route is planned once."""
    if contents is None:
        contents = generate(level, seed)
    objects = check_contents(contents, GAME, level, ("objects",))["objects"]
    plan = None
    catches = [
        (tc, objects[i]["x"], POINTS[objects[i]["kind"]])
        for tc, i in _timeline(objects)
        if tc <= DURATION_MS
    ]
    out = []
    for skill, bot_seed in bots:
        if skill != 0 and plan is None:
            plan = _plan(objects)
        inputs = _bot(objects, skill, bot_seed, None if skill == 0 else plan)
        out.append((_real(inputs, duration_ms), _points(catches, inputs)))
    return out


def _points(catches: list[tuple[int, int, int]], inputs: list[dict]) -> int:
    """The score of valid ``inputs``, given ``(catch time, x, points)`` of every object
    reaching the line within 30 s, in catch order: :func:`_outcomes` made lean."""
    pos = target = BANK_START
    now = k = total = 0
    n = len(inputs)
    for tc, ox, points in catches:
        while k < n and inputs[k]["t"] < tc:
            move = inputs[k]
            t = move["t"]
            step = BANK_SPEED * (t - now)
            d = target - pos
            pos += step if d > step else -step if d < -step else d
            now = t
            x = move["x"]
            target = BANK_MIN if x < BANK_MIN else BANK_MAX if x > BANK_MAX else x
            k += 1
        step = BANK_SPEED * (tc - now)
        d = target - pos
        pos += step if d > step else -step if d < -step else d
        now = tc
        if -REACH < ox - pos < REACH:
            total += points
    return total


def _bot(
    objects: list[dict], skill: float, seed: int, plan: list[tuple[int, int]] | None
) -> list:
    """The bot's pointer positions; ``plan`` is the best route, None at skill 0."""
    rng = Dice(seed)
    miss = 1 - skill
    if plan is None:
        plan = []
        t = 0
        while True:
            t += rng.randint(200, 1000)
            if t > DURATION_MS:
                break
            plan.append((t, 0))
    out = []
    last = 0
    if miss == 0:  # no delay, no distraction, exact aim: the draws would change nothing
        for t, x in plan:
            t = max(t, last)
            if t > DURATION_MS or len(out) >= MAX_INPUTS:
                break
            out.append({"t": t, "x": min(max(x, 0), WIDTH)})
            last = t
        return out
    below = rng.below
    spread = int(miss * 250)
    for t, x in plan:
        t += int(miss * below(801))  # rng.randint(0, 800)
        if chance(rng, miss):
            x = below(WIDTH + 1)
        else:
            x += below(2 * spread + 1) - spread  # rng.randint(-spread, spread)
        if t < last:
            t = last
        if t > DURATION_MS or len(out) >= MAX_INPUTS:
            break
        out.append({"t": t, "x": 0 if x < 0 else WIDTH if x > WIDTH else x})
        last = t
    return out
