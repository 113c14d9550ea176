"""The seeded random generator every game state carries.

All randomness of a game (shuffles, dice, first player, stock exchange, minigames) comes
from one :class:`Rng` kept in the state, so ``seed + actions`` replays a game exactly.
Its whole state is one 64-bit integer, so it serialises to JSON and clones for free.

>>> r = Rng(42)
>>> [r.randint(1, 6) for _ in range(5)]
[2, 2, 1, 1, 5]
>>> Rng.from_json(r.to_json()).randint(1, 6) == r.randint(1, 6)
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .errors import InvalidOption

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def new_seed() -> int:
    """A fresh seed for a game created without one (the only entropy the engine takes)."""
    return random.SystemRandom().randrange(1 << 63)


def check_seed(seed: object) -> int:
    """Validate a seed given by a user: a non-negative integer below 2**64.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    tycoon.engine.errors.InvalidOption: seed must be an integer from 0 to 2**64-1, not -1
    """
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK:
        raise InvalidOption(f"seed must be an integer from 0 to 2**64-1, not {seed!r}")
    return seed


class Rng:
    """SplitMix64: a small, fast, well-mixed generator whose state is a single integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64 random bits."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``, both included."""
        return a + self.below(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """A new generator seeded from this one (advances this one by one draw)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        """An independent copy in the same state."""
        return Rng(self.state)

    def to_json(self) -> dict:
        """``{"state": int}``; the whole generator."""
        return {"state": self.state}

    @classmethod
    def from_json(cls, data: object) -> Rng:
        """Accept ``{"state": int}`` or, for a hand-written position, ``{"seed": int}``."""
        if not isinstance(data, dict) or not ({"state"} == data.keys() or {"seed"} == data.keys()):
            raise ValueError('rng must be {"state": int} or {"seed": int}')
        value = data.get("state", data.get("seed"))
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MASK:
            raise ValueError("rng state must be an integer from 0 to 2**64-1")
        return cls(value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
