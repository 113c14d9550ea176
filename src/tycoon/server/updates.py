"""What each audience of a room is sent: ``welcome`` and ``update`` messages.

An audience is a seat, or ``None`` for the spectators. An update holds the audience's
``view``, the events it may know (each with its ``message``: the game's ``describe`` of it for
that audience), its legal actions with their ``message`` (during an input session a person
is offered only the session's empty template), the open ``session`` as the audience may see
it, the clocks, the seats, and the result once the game is over.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tycoon.engine import Action, Event, Message, State, seat_ref

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("tycoon.server")


def describe(state: State, item: Action | Event, audience: int | None
             ) -> dict[str, Any] | None:
    """``state.describe(item, audience)`` as message JSON (a neutral key if it fails; None for
    an event with no log line of its own)."""
    try:
        message = state.describe(item, audience)
        if message is None and isinstance(item, Event):
            return None
        if isinstance(message, Message):
            return message.to_json()
        if isinstance(message, str):  # a game still on the text contract: its words as is
            return {"key": "server.text", "params": {"text": message}}
        raise TypeError(f"describe returned {type(message).__name__}, not a Message")
    except Exception:  # a game bug must not stop the update
        log.exception("describe failed on %r", item)
        return {"key": "server.unknown_item", "params": {"type": item.type}}


def actor_message(actor: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The log line of who acted, as a server message key (see docs/protocol.md).

    >>> actor_message({"seat": 1, "by": "standin", "reason": "away"})
    {'key': 'server.actor.standin.away', 'params': {'seat': {'seat': 1}}}
    >>> actor_message({"seat": 1}) is None  # a record that does not say who chose
    True
    """
    if actor is None or actor.get("by") in (None, "player", "bot"):
        return None
    key = f"server.actor.{actor['by']}"
    if actor.get("reason"):
        key += f".{actor['reason']}"
    return Message(key, {"seat": seat_ref(actor["seat"])}).to_json()


def told_actor(actor: dict[str, Any] | None) -> dict[str, Any] | None:
    """``actor`` as an update tells it: with its :func:`actor_message`."""
    return None if actor is None else {**actor, "message": actor_message(actor)}


def shared_parts(room: Room) -> dict[str, Any]:
    """The parts of an update that are the same for every audience (computed once)."""
    state = room.state
    return {
        "deadlines": room.clocks.to_json(),
        "players": room.players(),
        "result": outcome_json(state) if state.is_over
        else (room.row.result if room.status == "finished" else None),
    }


def outcome_json(state: State) -> dict[str, Any]:
    """``state.result()`` as JSON (an ``Outcome``; a plain dict is taken as it is)."""
    result: Any = state.result()
    return result if isinstance(result, dict) else result.to_json()


def shown_events(state: State, events: list[Event], audience: int | None) -> list[dict[str, Any]]:
    """The events ``audience`` may know, each with its ``message`` (a private event goes to
    its own seat only)."""
    return [{**ev.to_json(), "message": describe(state, ev, audience)}
            for ev in events if ev.visible_to(audience)]


def update_for(room: Room, audience: int | None, events: list[Event],
               actor: dict[str, Any] | None, shared: dict[str, Any] | None = None,
               notice: dict[str, Any] | None = None,
               history: bool = False) -> dict[str, Any]:
    """The ``update`` message of one audience (a seat, or None for the spectators); with
    ``history`` (on connecting) also the room's recent changes as this audience saw them."""
    state = room.state
    if shared is None:
        shared = shared_parts(room)
    shown = shown_events(state, events, audience)
    session = state.session() if room.status == "playing" else None
    legal: list[dict[str, Any]] = []
    if audience is not None and room.status == "playing" and audience in state.to_move():
        if session is not None and audience in session.seats and room.is_person(audience):
            actions = [session.action(audience, [])]  # the template: no ready-made inputs
        else:
            actions = state.legal_actions(audience)
        legal = [{"action": a.to_json(), "message": describe(state, a, audience)}
                 for a in actions]
    message = {
        "type": "update",
        "version": room.version,
        "status": room.status,
        "events": shown,
        "actor": told_actor(actor),
        "notice": notice,
        "view": state.view(audience),
        "legal": legal,
        "session": None if session is None else session.to_json(audience),
        "deadlines": shared["deadlines"],
        "players": shared["players"],
        "result": shared["result"],
    }
    if history:
        told = ({"version": v, "events": shown_events(st, evs, audience),
                 "actor": told_actor(who)} for v, st, evs, who in room.recent)
        message["history"] = [h for h in told if h["events"]]
    return message


def welcome(room: Room, seat: int | None) -> dict[str, Any]:
    """The ``welcome`` message for a new connection (with the table's chat so far)."""
    return {
        "type": "welcome",
        "game_id": room.id,
        "game": room.row.game,
        "seat": seat,
        "status": room.status,
        "last_seq": None if seat is None else room.last_seq.get(seat),
        "players": room.players(),
        "chat": room.chat.recent(),
        "spectator_chat": room.row.spectator_chat,
        "rematch": room.rematch.to_json(),
        "settings": {
            "decision_seconds": room.row.decision_seconds,
            "session_grace": room.settings.session_grace,
            "max_message_bytes": room.settings.max_message_bytes,
        },
    }
