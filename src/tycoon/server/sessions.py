"""Input sessions run generically: timed simultaneous input of any game.

A game opens an *input session* (``State.session()``, see ``tycoon.engine.session``) when
several seats must answer at once against a clock. The room keeps, for the session open now,
each seat's inputs checked so far (:class:`SessionInputs`):

- a client sends one input as ``{"type": "session_input", "session": id, "input": item}``;
  ``session.step`` checks it against the seat's hidden contents (an impossible input is
  refused and changes nothing) and the seat is answered ``session_progress`` with what it now
  sees;
- in a *progressive* session (contents hidden, revealed input by input) the seat's final
  action must be exactly ``session.action(seat, inputs checked so far)``;
- at the deadline, or for a person who is away, the seat plays
  ``session.silent(seat, inputs so far)``: leaving never scores better than staying.

The inputs are not game actions: they live in memory only, and a server restarted during a
session gives every seat of it a fresh clock and no inputs (``docs/protocol.md``).
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import Action, InputSession

from .protocol import ProtocolError


class SessionInputs:
    """Each seat's checked inputs in the session open now, and what it saw last."""

    def __init__(self) -> None:
        self._id: str | None = None
        self._inputs: dict[int, list[Any]] = {}
        self._shown: dict[int, dict[str, Any]] = {}

    def _follow(self, session: InputSession | None) -> None:
        sid = None if session is None else session.id
        if sid != self._id:
            self._id = sid
            self._inputs = {}
            self._shown = {}

    def inputs(self, session: InputSession | None, seat: int) -> list[Any]:
        """The inputs ``seat`` has had checked in ``session`` so far (a copy)."""
        self._follow(session)
        return list(self._inputs.get(seat, ()))

    def step(self, session: InputSession | None, seat: int | None, session_id: Any,
             item: Any, to_move: list[int]) -> dict[str, Any]:
        """Check one input of ``seat`` and keep it; return the ``session_progress`` message.

        Raises :class:`ProtocolError` (nothing kept) when the seat plays no session now, when
        ``session_id`` is not the open one, or when the input could not happen.
        """
        if seat is None:
            raise ProtocolError("spectators cannot play; join a seat first", "not_a_player")
        self._follow(session)
        if session is None:
            raise ProtocolError("no input session is open now", "no_session")
        if session_id != session.id:
            raise ProtocolError(f"session {session_id!r} is not open; the open one is "
                                f"{session.id!r}", "no_session")
        if seat not in session.seats or seat not in to_move:
            raise ProtocolError("your seat has no part to play in this session now",
                                "not_your_turn")
        done = self._inputs.get(seat, [])
        try:
            shown = session.step(seat, list(done), item)
        except ValueError as exc:  # InvalidAction: an input that could not happen
            raise ProtocolError(f"input refused: {exc}", "illegal_action") from None
        self._inputs[seat] = [*done, item]
        self._shown[seat] = shown
        return progress_message(session.id, len(done) + 1, shown)

    def snapshot(self, session: InputSession | None, seat: int | None) -> dict[str, Any] | None:
        """The ``session_progress`` message a (re)connecting seat gets (its inputs so far and
        what it saw last), or None when it has sent none in the session open now."""
        self._follow(session)
        if session is None or seat is None or not self._inputs.get(seat):
            return None
        message = progress_message(session.id, len(self._inputs[seat]), self._shown[seat])
        message["inputs"] = list(self._inputs[seat])
        return message

    def check_final(self, session: InputSession, seat: int, action: Action) -> None:
        """A person's final action in a progressive session must carry exactly the inputs the
        server checked; :class:`ProtocolError` otherwise."""
        if not session.progressive or seat not in session.seats:
            return
        expected = session.action(seat, self.inputs(session, seat))
        if action.to_json() != expected.to_json():
            n = len(self.inputs(session, seat))
            raise ProtocolError(
                f"this session reveals its inputs one by one: send each as a session_input "
                f"message, then the action with exactly those {n} input(s)", "illegal_action")

    def silent(self, session: InputSession, seat: int) -> Action:
        """What ``seat`` plays having sent nothing more: ``session.silent`` of its inputs."""
        return session.silent(seat, self.inputs(session, seat))


def progress_message(session_id: str, count: int, shown: dict[str, Any]) -> dict[str, Any]:
    """A ``session_progress`` message.

    >>> progress_message("peek-2", 1, {"points": 3})
    {'type': 'session_progress', 'session': 'peek-2', 'count': 1, 'progress': {'points': 3}}
    """
    return {"type": "session_progress", "session": session_id, "count": count,
            "progress": shown}
