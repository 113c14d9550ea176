"""The contract every game state implements (see ``docs/games.md``)."""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Self

from .data import Action, Datum, Event
from .messages import Message
from .outcome import Outcome

if TYPE_CHECKING:
    from .session import InputSession


class State(ABC):
    """A whole game position: rules, hidden information and the seeded generator.

    The rules packages implement this; nothing here does I/O or reads a clock. Besides the
    methods below a state has ``game`` (its registered name), ``turn`` (the turn number, from
    1) and ``phase`` (one of its ``GameInfo.phases``).
    """

    game: str = ""
    turn: int = 1
    phase: str = ""

    @abstractmethod
    def to_move(self) -> list[int]:
        """The seats that must act now (several during an input session or a Just Say No)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty if it need not act); during an input
        session, the empty template of its action."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat``; raise ``IllegalAction`` and change nothing if illegal."""

    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), JSON-ready."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole position, generator included (see ``docs/positions.md``)."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Rebuild a position; raise ``InvalidPosition`` naming the problem if impossible."""

    def clone(self) -> Self:
        """An independent copy (games override this with something faster)."""
        return type(self).from_json(self.to_json())

    def opening(self) -> list[Event]:
        """The events of the set-up that made this position, when it is a new game's (a first
        turn started, a first draw): what a game's log opens with. Empty for any other position
        (once an action is applied, or read from JSON), and by default."""
        return []

    def session(self) -> InputSession | None:
        """The input session open now (timed simultaneous input), or None."""
        return None

    def key(self) -> int:
        """A cheap 64-bit fingerprint of the whole position (transposition tables).

        Equal positions have equal keys; games may override it with something faster.
        """
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or other.game != self.game:
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has a winner or stopped (turn limit)."""

    @property
    @abstractmethod
    def winner(self) -> int | None:
        """The winning seat, or None."""

    @abstractmethod
    def result(self) -> Outcome:
        """Who won, why, the standings and a score and a return per seat."""

    @abstractmethod
    def determinize(self, seat: int, seed: int) -> Self:
        """A copy where all that ``seat`` cannot see is re-drawn consistently with its view.

        Other hands and the deck order are reshuffled together (sizes kept), and the
        generator is reseeded from ``seed``: this is what a search bot may plan on.
        """

    @abstractmethod
    def describe(self, item: Action | Event | Datum, seat: int | None) -> Message | None:
        """An action (as the choice ``seat`` is offered) or an event (as a log line ``seat``
        reads, third person) as a message key and parameters; see ``tycoon.engine.messages``.
        None for an event with no log line of its own, whose news another event of the same
        change tells (clients still receive it, with a null ``message``)."""
