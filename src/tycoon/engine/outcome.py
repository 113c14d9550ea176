"""The typed result of a game: who won, why, and a number per seat.

>>> o = Outcome(finished=True, winner=1, reason="victory", turns=12, standings=(1, 0),
...             scores=(30, 50))
>>> o.returns
(0.0, 1.0)
>>> Outcome.from_json(o.to_json()) == o
True

A game ranks its seats with :func:`ranked`, which gives tied seats the same place:

>>> ranked([(1, -500), (1, -700), (1, -500), (0, -100)])
((3, 1, 0, 2), (3, 2, 3, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``State.result()`` returns in every game.

    ``finished`` is True when the rules ended the game (a winner), False while it runs or when
    it was stopped (turn limit); ``winner`` is the winning seat or None; ``reason`` names why it
    ended (a message key suffix of the game's catalog: ``victory``, ``turn_limit``, ...);
    ``standings`` lists the seats best first; ``scores`` is the game's own measure per seat
    (net worth, full sets, ...). ``returns`` is 1.0 for the winner and 0.0 for everyone else
    (all 0.0 without a winner), the convention of the tournament and RL layers. ``places``
    is each seat's place from 1, tied seats sharing one (1, 2, 2, 4); left empty, it is the
    standings' order (as from a game that gives none).

    >>> Outcome(True, 1, "victory", 9, (1, 0), (3, 5)).places
    (2, 1)
    """

    finished: bool
    winner: int | None
    reason: str | None
    turns: int
    standings: tuple[int, ...]
    scores: tuple[int, ...]
    details: tuple[tuple[str, Any], ...] = ()
    places: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.places:  # no ties: the standings' order
            places = [0] * len(self.standings)
            for i, s in enumerate(self.standings):
                places[s] = i + 1
            object.__setattr__(self, "places", tuple(places))

    @property
    def returns(self) -> tuple[float, ...]:
        """Per-seat returns: 1.0 for the winner, 0.0 for the others."""
        return tuple(1.0 if s == self.winner else 0.0 for s in range(len(self.scores)))

    def get(self, key: str, default: Any = None) -> Any:
        """A field or a game-specific detail by name (``outcome.get("card")``)."""
        if key in _FIELDS:
            return getattr(self, key)
        return dict(self.details).get(key, default)

    def __getitem__(self, key: str) -> Any:
        if key not in _FIELDS and key not in dict(self.details):
            raise KeyError(key)
        return self.get(key)

    def to_json(self) -> dict[str, Any]:
        """``{"finished", "winner", "reason", "turns", "standings", "scores", "returns", ...}``
        with the game's details (e.g. Capital's winning ``card``) as extra keys."""
        return {
            "finished": self.finished,
            "winner": self.winner,
            "reason": self.reason,
            "turns": self.turns,
            "standings": list(self.standings),
            "scores": list(self.scores),
            "returns": list(self.returns),
            "places": list(self.places),
            **{k: v for k, v in self.details},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """The inverse of :meth:`to_json`."""
        extra = {k: v for k, v in data.items()
                 if k not in _FIELDS and k not in ("returns", "game")}
        return cls(bool(data["finished"]), data["winner"], data["reason"], int(data["turns"]),
                   tuple(data["standings"]), tuple(data["scores"]), tuple(sorted(extra.items())),
                   tuple(data.get("places") or ()))


_FIELDS = ("finished", "winner", "reason", "turns", "standings", "scores", "places")


def ranked(keys: Sequence[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The standings (seats best first: the smallest key, ties by seat) and the places (each
    seat's from 1, seats with equal keys sharing the best of theirs), from one key per seat."""
    standings = tuple(sorted(range(len(keys)), key=lambda s: (keys[s], s)))
    places = [0] * len(keys)
    for i, s in enumerate(standings):
        before = standings[i - 1] if i else None
        places[s] = places[before] if before is not None and keys[before] == keys[s] else i + 1
    return standings, tuple(places)
