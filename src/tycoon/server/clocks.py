"""The clocks of one room: a decision clock per person to move, a session clock per person
in an input session, and the grace of a person who is away.

When a clock runs out the room's bot runner acts for the seat: the stand-in bot for an
ordinary decision (``by="standin"``, ``reason="timeout"``), the session's silent input for a
session (``by="deadline"``, ``reason="session_deadline"``); a person with no live connection
for ``away_seconds`` is played the same way sooner (``reason="away"``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tycoon.engine import State

    from .settings import ServerSettings


@dataclass(frozen=True, slots=True)
class Deadline:
    """One running clock: loop times ``start`` and ``end``; ``kind`` decision or session;
    ``session`` the id of the input session it times (a new session, a new clock)."""

    start: float
    end: float
    kind: str
    session: str | None = None


def now() -> float:
    """The event loop's clock."""
    return asyncio.get_running_loop().time()


class Clocks:
    """Deadlines of the seats to move, and the timer that fires the first one due.

    ``is_person(seat)`` says whether a seat is played by a person (bots have no clock);
    ``fire(seat, by, reason)`` is called when a seat's time is up; ``idle(seat)`` says whether
    nothing acts for the seat already (a clock does not fire for a busy seat).
    """

    def __init__(self, settings: ServerSettings, decision_seconds: float,
                 is_person: Callable[[int], bool], idle: Callable[[int], bool],
                 fire: Callable[[int, str, str | None], None]) -> None:
        self.settings = settings
        self.decision_seconds = decision_seconds
        self.is_person = is_person
        self.idle = idle
        self.fire = fire
        self.deadlines: dict[int, Deadline] = {}
        self.away_since: dict[int, float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self.stopped = False

    # -- presence ---------------------------------------------------------------------------
    def away(self, seat: int) -> None:
        """``seat`` has no live connection from now on."""
        self.away_since[seat] = now()
        self.arm()

    def back(self, seat: int) -> None:
        """``seat`` has a live connection again."""
        self.away_since.pop(seat, None)
        self.arm()

    def restart_grace(self) -> None:
        """The grace of every absent person starts now (a game starts or is restored)."""
        t = now()
        for seat in self.away_since:
            self.away_since[seat] = t

    # -- clocks -----------------------------------------------------------------------------
    def update(self, state: State, actor: int | None) -> None:
        """Clocks for the seats to move in ``state`` after ``actor`` acted (None: a start)."""
        movers = set(state.to_move())
        session = state.session()
        t = now()
        for seat in list(self.deadlines):
            if seat not in movers:
                del self.deadlines[seat]
        for seat in movers:
            if not self.is_person(seat):
                continue
            current = self.deadlines.get(seat)
            if session is not None and seat in session.seats:
                if current is None or current.session != session.id:
                    end = t + session.duration_ms / 1000 + self.settings.session_grace
                    self.deadlines[seat] = Deadline(t, end, "session", session.id)
            elif seat == actor or current is None or current.kind != "decision":
                self.deadlines[seat] = Deadline(t, t + self.decision_seconds, "decision")

    def clear(self) -> None:
        """No clock runs any more (the game is over)."""
        self.deadlines.clear()
        self.cancel()

    def due(self, seat: int) -> tuple[float, str, str | None]:
        """When the clock acts for ``seat``: ``(loop time, by, reason)``."""
        d = self.deadlines[seat]
        by, reason = ("deadline", "session_deadline") if d.kind == "session" else (
            "standin", "timeout")
        away = self.away_since.get(seat)
        if away is not None:
            when = max(d.start, away + self.settings.away_seconds)
            if when < d.end:
                return when, "standin", "away"
        return d.end, by, reason

    def to_json(self) -> list[dict[str, Any]]:
        """The running clocks for clients: wall-clock ``at``, ``seconds`` left, ``kind``."""
        if not self.deadlines:
            return []
        t = now()
        wall = time.time()
        return [
            {"seat": seat, "at": round(wall + max(0.0, d.end - t), 3),
             "seconds": round(max(0.0, d.end - t), 3), "kind": d.kind}
            for seat, d in sorted(self.deadlines.items())
        ]

    # -- the timer --------------------------------------------------------------------------
    def cancel(self) -> None:
        """Stop the timer."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def arm(self) -> None:
        """Set the timer to the first deadline due of a seat nothing acts for yet."""
        self.cancel()
        if self.stopped:
            return
        pending = [self.due(seat)[0] for seat in self.deadlines if self.idle(seat)]
        if pending:
            self._timer = asyncio.get_running_loop().call_at(min(pending), self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        if self.stopped:
            return
        t = now()
        for seat in list(self.deadlines):
            if not self.idle(seat):
                continue
            when, by, reason = self.due(seat)
            if when <= t:
                self.fire(seat, by, reason)
        self.arm()
