"""The typed result of a game: who won, why, and a number per seat.

>>> o = Outcome(finished=True, winner=1, reason="victory", turns=12, standings=(1, 0),
...             scores=(30, 50))
>>> o.returns
(0.0, 1.0)
>>> Outcome.from_json(o.to_json()) == o
True
"""

from __future__ import annotations

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
    (all 0.0 without a winner), the convention of the tournament and RL layers.
    """

    finished: bool
    winner: int | None
    reason: str | None
    turns: int
    standings: tuple[int, ...]
    scores: tuple[int, ...]
    details: tuple[tuple[str, Any], ...] = ()

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
            **{k: v for k, v in self.details},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """The inverse of :meth:`to_json`."""
        extra = {k: v for k, v in data.items() if k not in _FIELDS and k not in ("returns", "game")}
        return cls(bool(data["finished"]), data["winner"], data["reason"], int(data["turns"]),
                   tuple(data["standings"]), tuple(data["scores"]), tuple(sorted(extra.items())))


_FIELDS = ("finished", "winner", "reason", "turns", "standings", "scores")
