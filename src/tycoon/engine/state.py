"""The contract every game state implements (see ``shared/design.md``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Self

from .data import Action, Event


class State(ABC):
    """A whole game position: rules, hidden information and the seeded generator.

    The rules packages implement this; nothing here does I/O or reads a clock.
    """

    game: str = ""

    @abstractmethod
    def to_move(self) -> list[int]:
        """The seats that must act now (several during a minigame or a Just Say No)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty if it need not act)."""

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

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has a winner or stopped (turn limit)."""

    @property
    @abstractmethod
    def winner(self) -> int | None:
        """The winning seat, or None."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """``{"finished", "winner", "reason", "turns", "standings", ...}`` JSON-ready."""

    @abstractmethod
    def determinize(self, seat: int, seed: int) -> Self:
        """A copy where all that ``seat`` cannot see is re-drawn consistently with its view.

        Other hands and the deck order are reshuffled together (sizes kept), and the
        generator is reseeded from ``seed``: this is what a search bot may plan on.
        """

    @abstractmethod
    def describe(self, action: Action, seat: int) -> str:
        """The action in words for ``seat``, e.g. "Build a bar on block 17, lot 2, for $50"."""
