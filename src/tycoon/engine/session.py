"""Timed simultaneous input: the *input session* of the contract.

Some moments of a game ask several seats at once for a stream of inputs against a clock
(Capital's minigames). The rules package describes such a moment as an :class:`InputSession`,
returned by ``State.session()`` while it is open; the server, the bots and the RL wrappers
run any session the same way, without knowing the game:

- ``seats`` play it; each ends it by applying ``action(seat, inputs)`` (a normal action of
  the game, so records, replays and idempotency work unchanged);
- ``duration_ms`` is how long a seat has; the rules have no clock, the server keeps it;
- ``view(seat)`` is what the seat may hold while it plays (never another seat's secrets);
- ``step(seat, inputs, item)`` checks one more input after ``inputs`` and returns what the seat
  sees now (points so far, turned faces, ...), raising ``InvalidAction`` for an input that
  could not have happened, and changes nothing; when ``progressive`` the contents are hidden
  and revealed only through ``step`` (Memory), so the final action must carry exactly the
  inputs the server has checked;
- ``silent(seat, inputs)`` is what a seat that sent nothing more plays at the deadline (its
  inputs so far: leaving never scores better than staying);
- ``bot_action(seat, skill, seed)`` is what a bot player of ``skill`` (0 hopeless .. 1 near
  perfect) plays: ready-made inputs come from here, never from ``legal_actions``, which during
  a session lists only the empty template ``action(seat, [])``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from .data import Action


class InputSession(ABC):
    """One open round of timed simultaneous input (see the module docstring)."""

    #: A name for clients to pick their screen (``"memory"``, ``"change_money"``, ...).
    kind: str = ""
    #: True when the contents stay hidden and inputs are revealed one by one with ``step``.
    progressive: bool = False

    @property
    @abstractmethod
    def id(self) -> str:
        """Identifies this session among all the game's sessions (a new one, a new id)."""

    @property
    @abstractmethod
    def seats(self) -> tuple[int, ...]:
        """The seats that play this session (those still to send are in ``to_move()``)."""

    @property
    @abstractmethod
    def duration_ms(self) -> int:
        """How long each seat has, in milliseconds."""

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may hold while it plays (JSON-ready)."""

    @abstractmethod
    def step(self, seat: int, inputs: list[Any], item: Any) -> dict[str, Any]:
        """What ``seat`` sees after ``inputs + [item]``; ``InvalidAction`` if impossible."""

    @abstractmethod
    def action(self, seat: int, inputs: list[Any]) -> Action:
        """The game action that ends ``seat``'s part with ``inputs``."""

    def silent(self, seat: int, inputs: list[Any]) -> Action:
        """What ``seat`` plays at the deadline having sent ``inputs`` (checked) so far."""
        return self.action(seat, inputs)

    @abstractmethod
    def bot_action(self, seat: int, skill: float, seed: int) -> Action:
        """What a bot player of ``skill`` plays for ``seat`` (the same for the same seed)."""

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """The session as clients see it: ``{"id", "kind", "seats", "duration_ms",
        "progressive", "view"}`` (``view`` only for a seat that plays it)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "seats": list(self.seats),
            "duration_ms": self.duration_ms,
            "progressive": self.progressive,
            "view": self.view(seat) if seat is not None and seat in self.seats else None,
        }
