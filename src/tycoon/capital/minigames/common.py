"""What the four minigames share (C-9): the clock, input validation, bot timing.

Every input a client sends is a JSON object with an integer time ``t`` in milliseconds since
the minigame started (``0 <= t <= duration``, 30000 unless the table's ``minigame_seconds``
says 60 or 90), times never decreasing, plus the game's own fields, exactly those.
:func:`check_inputs` enforces that and turns the list into tuples.

A longer clock keeps scores comparable with a 30-second game (see ``docs/minigames.md``):
Catch Coins runs in slow motion (:func:`game_time`), the three others keep their pace and
their points are scaled by 30 s / duration (:func:`scaled`).

>>> check_inputs([{"t": 0, "note": 5}, {"t": 700, "note": 2}], {"note": (1, 100)}, 10)
[(0, 5), (700, 2)]
>>> check_inputs([{"t": 9, "note": 5}, {"t": 3, "note": 2}], {"note": (1, 100)}, 10)
Traceback (most recent call last):
...
tycoon.capital.minigames.common.InvalidInputs: input 1: time 3 is before the previous input's 9
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from tycoon.engine import Rng

T = TypeVar("T")

DURATION_MS = 30_000
"""A minigame lasts 30 seconds (C-9); input times run from 0 to 30000 ms, both included."""
DURATIONS_MS = (30_000, 60_000, 90_000)
"""The clocks a table may choose (option ``minigame_seconds``)."""


class InvalidInputs(ValueError):
    """Inputs that could not have come from a real play of the minigame; the message says why."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_duration(duration_ms: object) -> int:
    """A minigame clock in ms: one of :data:`DURATIONS_MS`.

    >>> check_duration(60000)
    60000
    """
    if isinstance(duration_ms, bool) or duration_ms not in DURATIONS_MS:
        raise ValueError(f"a minigame lasts 30000, 60000 or 90000 ms, not {duration_ms!r}")
    return duration_ms  # type: ignore[return-value]


def scaled(points: int, duration_ms: int) -> int:
    """``points`` earned in ``duration_ms`` brought to a 30-second game: times 30000 /
    ``duration_ms``, rounded half up (exact integers).

    >>> scaled(125, 60000), scaled(-50, 90000), scaled(90, 30000)
    (63, -17, 90)
    """
    if duration_ms == DURATION_MS:
        return points
    return (2 * points * DURATION_MS + duration_ms) // (2 * duration_ms)


def game_time(t: int, duration_ms: int) -> int:
    """A real time ``t`` (ms) on a ``duration_ms`` clock as slow-motion game time on a 30-s
    clock: ``t * 30000 // duration_ms``. :func:`real_time` is its inverse on game times.

    >>> game_time(real_time(12345, 90000), 90000)
    12345
    """
    return t if duration_ms == DURATION_MS else t * DURATION_MS // duration_ms


def real_time(t: int, duration_ms: int) -> int:
    """The first real time whose :func:`game_time` is ``t``."""
    return t if duration_ms == DURATION_MS else -(-t * duration_ms // DURATION_MS)


def check_inputs(
    inputs: object, fields: Mapping[str, tuple[int, int]], max_count: int,
    duration_ms: int = DURATION_MS,
) -> list[tuple[int, ...]]:
    """Validate raw inputs and return them as tuples ``(t, field1, field2, ...)``.

    ``fields`` maps each field other than ``t`` to its allowed integer range (both ends
    included), in the order of the tuple. Raises :class:`InvalidInputs` naming the first
    problem: not a list, too many inputs, not an object, missing or extra fields, a value
    that is not an integer or is out of range, a time out of ``0..duration_ms`` or before
    the previous input's time. ``max_count`` is for a 30-second clock and grows with it.
    """
    max_count = max_count * duration_ms // DURATION_MS
    if not isinstance(inputs, list):
        raise InvalidInputs(f"inputs must be a list, not {type(inputs).__name__}")
    if len(inputs) > max_count:
        raise InvalidInputs(f"too many inputs: {len(inputs)}, at most {max_count}")
    names = ("t", *fields)
    expected = set(names)
    ranges = [(0, duration_ms), *fields.values()]
    out: list[tuple[int, ...]] = []
    last = 0
    for i, item in enumerate(inputs):
        if not isinstance(item, dict):
            raise InvalidInputs(f"input {i}: must be an object, not {type(item).__name__}")
        if item.keys() != expected:
            missing = sorted(expected - item.keys())
            extra = sorted(str(k) for k in item.keys() - expected)
            parts = []
            if missing:
                parts.append("missing " + ", ".join(missing))
            if extra:
                parts.append("unknown " + ", ".join(extra))
            raise InvalidInputs(
                f"input {i}: fields must be exactly {', '.join(names)} ({'; '.join(parts)})"
            )
        row = []
        for name, (lo, hi) in zip(names, ranges, strict=True):
            value = item[name]
            if not _is_int(value):
                raise InvalidInputs(f"input {i}: {name} must be an integer, not {value!r}")
            if not lo <= value <= hi:
                what = "time" if name == "t" else name
                raise InvalidInputs(f"input {i}: {what} {value} is outside {lo}..{hi}")
            row.append(value)
        if row[0] < last:
            raise InvalidInputs(f"input {i}: time {row[0]} is before the previous input's {last}")
        last = row[0]
        out.append(tuple(row))
    return out


def check_skill(skill: object) -> float:
    """A bot's skill: a number from 0 (hopeless) to 1 (near perfect)."""
    if isinstance(skill, bool) or not isinstance(skill, int | float) or not 0 <= skill <= 1:
        raise ValueError(f"skill must be a number from 0 to 1, not {skill!r}")
    return float(skill)


class Dice:
    """A bot's random numbers: uniform integers peeled off the 64-bit draws of
    ``Rng(seed)`` as mixed-radix digits, so that one draw serves several small choices.

    Exactly uniform: a draw ``r`` below ``m`` gives the digit ``r % n`` and keeps ``r // n``
    (uniform below ``m // n``) for the next ones, unless ``r >= n * (m // n)``, when a fresh
    draw is taken; a fresh draw is also taken once fewer than ``n * 2**16`` values are left.

    >>> d, again = Dice(7), Dice(7)
    >>> rolls = [d.randint(1, 6) for _ in range(1000)]
    >>> min(rolls), max(rolls), [again.randint(1, 6) for _ in range(1000)] == rolls
    (1, 6, True)
    """

    __slots__ = ("_m", "_next", "_r")

    def __init__(self, seed: int) -> None:
        self._next = Rng(seed).next64
        self._r = 0
        self._m = 1

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (``0 < n < 2**48``)."""
        m = self._m
        if m < n << 16:
            r = self._next()
            m = 1 << 64
        else:
            r = self._r
        q = m // n
        while r >= q * n:  # rare: the leftover values would not split evenly
            r = self._next()
            q = (1 << 64) // n
        self._r = r // n
        self._m = q
        return r % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``, both included."""
        return a + self.below(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return seq[self.below(len(seq))]


def chance(rng: Dice, p: float) -> bool:
    """True with probability ``p`` (a bot's decision; bots may use floats, rules may not).
    A certain outcome (``p <= 0`` or ``p >= 1``) draws nothing."""
    if p >= 1:
        return True
    if p <= 0:
        return False
    return rng.below(1 << 20) < int(p * (1 << 20))


def check_contents(contents: object, game: str, level: str, keys: tuple[str, ...]) -> dict:
    """Check that ``contents`` is an object made by ``generate(game, level, ...)``.

    Contents come from the server's own generator (or a hand-written position), so a
    mismatch is a plain :class:`ValueError`, not :class:`InvalidInputs`.
    """
    if not isinstance(contents, dict):
        raise ValueError(f"{game} contents must be an object, not {type(contents).__name__}")
    if contents.get("game") != game or contents.get("level") != level:
        raise ValueError(
            f"contents are for {contents.get('game')!r} at level {contents.get('level')!r}, "
            f"not {game!r} at level {level!r}"
        )
    missing = [k for k in keys if k not in contents]
    if missing:
        raise ValueError(f"{game} contents lack {', '.join(missing)}")
    return contents


def digits(rng: Rng, base: int, count: int) -> list[int]:
    """``count`` independent uniform integers of ``range(base)``, read as base-``base``
    digits (least significant first) of as few draws of ``rng.below`` as possible: each
    draw carries as many digits as ``base**digits <= 2**64`` allows.

    >>> d = digits(Rng(4), 6, 60)
    >>> len(d), min(d) >= 0, max(d) <= 5, d == digits(Rng(4), 6, 60)
    (60, True, True, True)
    """
    if base < 2:
        return [0] * count
    per = 1
    while base ** (per + 1) <= 1 << 64:
        per += 1
    out: list[int] = []
    while len(out) < count:
        n = min(per, count - len(out))
        r = rng.below(base**n)
        for _ in range(n):
            r, d = divmod(r, base)
            out.append(d)
    return out


def _sample_plan(n: int, k: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """How :func:`sample` draws: per draw ``(count, limit, radices)``, where the draw is a
    uniform integer below ``count`` (``limit`` is ``Rng.below``'s rejection bound) read as
    mixed-radix digits, one per radix."""
    plan = []
    i = 0
    while i < k:
        radices = [n - i]
        count = n - i
        while i + len(radices) < k and count * (n - i - len(radices)) <= 1 << 64:
            count *= n - i - len(radices)
            radices.append(n - i - len(radices))
        plan.append((count, (1 << 64) - ((1 << 64) % count), tuple(radices)))
        i += len(radices)
    return tuple(plan)


_PLANS: dict[tuple[int, int], tuple[tuple[int, int, tuple[int, ...]], ...]] = {}
_DENSE = 64
"""Up to this ``n``, :func:`sample` shuffles a whole list; above, it keeps swaps sparse."""


def sample(rng: Rng, n: int, k: int) -> list[int]:
    """``k`` distinct integers of ``range(n)`` in random order, uniformly, using as few draws
    of the generator as possible (one while ``n!/(n-k)!`` stays within 2**64).

    The draws are those of ``rng.below(count)`` and the result is a partial Fisher-Yates
    shuffle of ``range(n)`` driven by their mixed-radix digits (the plan of draws per
    ``(n, k)`` is computed once).

    >>> sorted(sample(Rng(1), 9, 9)) == list(range(9))
    True
    >>> len(set(sample(Rng(2), 28, 28)))
    28
    """
    plan = _PLANS.get((n, k))
    if plan is None:
        plan = _PLANS[n, k] = _sample_plan(n, k)
    nxt = rng.next64
    i = 0
    # A partial Fisher-Yates shuffle of range(n): step i takes the item at j >= i and puts
    # the item at i in its place; a list for a small n, kept sparse in a dict for a large one.
    perm = list(range(n)) if n <= _DENSE else None
    swaps: dict[int, int] = {}
    out: list[int] = []
    for count, limit, radices in plan:
        r = nxt()
        while r >= limit:
            r = nxt()
        r %= count
        for q in radices:
            r, j = divmod(r, q)
            j += i
            if perm is not None:
                out.append(perm[j])
                perm[j] = perm[i]
            else:
                out.append(swaps.get(j, j))
                swaps[j] = swaps.get(i, i)
            i += 1
    return out
