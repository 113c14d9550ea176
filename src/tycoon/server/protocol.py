"""The WebSocket protocol: message builders, the client-message parser and the JSON Schemas.

``docs/protocol.md`` documents every message with the schemas of :data:`SCHEMAS` (a test checks
that the document and this module agree, and that real messages validate).

>>> parse_client('{"seq": 3, "action": {"type": "roll"}}')
{'type': 'action', 'seq': 3, 'action': {'type': 'roll'}}
>>> parse_client('{"seq": 3}')
Traceback (most recent call last):
...
tycoon.server.protocol.ProtocolError: action message: missing field 'action'
"""

from __future__ import annotations

import json
from typing import Any

#: Error codes a client can receive (``error.code``).
ERROR_CODES = (
    "bad_json",  # not JSON, or not a JSON object
    "bad_message",  # JSON, but not a message of the protocol
    "too_big",  # larger than the message size limit
    "rate_limited",  # too many messages; this one was dropped
    "unauthorized",  # bad token
    "not_a_player",  # a spectator tried to act
    "not_started",  # the game waits for players
    "game_over",  # the game has ended
    "not_your_turn",  # the seat need not act now
    "illegal_action",  # the rules refuse the action (the message says why)
    "unknown_game",  # no such game
    "server_error",  # the action could not be stored; nothing changed
    "stale_seq",  # an action's seq is not above the seat's last applied one, never applied
    "seq_reused",  # an action's seq was applied for this seat with a different action
)

MAX_SEQ = 2**53 - 1


class ProtocolError(ValueError):
    """A client message that is not part of the protocol; ``code`` is one of ERROR_CODES."""

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


def parse_client(text: str | bytes) -> dict[str, Any]:
    """Decode and check one client message; raise :class:`ProtocolError` naming the problem.

    Messages: ``{"type": "action", "seq": n, "action": {...}}`` (``type`` may be left out),
    ``{"type": "auth", "token": "..."}``, ``{"type": "ping", "seq": n}``,
    ``{"type": "minigame_input", "seq": n, "input": {"t": ms, ...}}`` (one Memory click).

    >>> parse_client('{"type": "minigame_input", "seq": 5, "input": {"t": 90, "cell": 3}}')
    {'type': 'minigame_input', 'seq': 5, 'input': {'t': 90, 'cell': 3}}
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("message is not UTF-8 text", "bad_json") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"message is not valid JSON: {exc}", "bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError(
            f"a message must be a JSON object, not {type(data).__name__}", "bad_json"
        )
    kind = data.get("type", "action")
    if kind == "action":
        _only(data, {"type", "seq", "action"}, "action message")
        _seq(data, "action message", required=True)
        if "action" not in data:
            raise ProtocolError("action message: missing field 'action'")
        if not isinstance(data["action"], dict):
            raise ProtocolError("action message: 'action' must be a JSON object")
        return {"type": "action", "seq": data["seq"], "action": data["action"]}
    if kind == "auth":
        _only(data, {"type", "token"}, "auth message")
        token = data.get("token")
        if not isinstance(token, str) or not 1 <= len(token) <= 200:
            raise ProtocolError("auth message: 'token' must be a string of 1 to 200 characters")
        return {"type": "auth", "token": token}
    if kind == "ping":
        _only(data, {"type", "seq"}, "ping message")
        _seq(data, "ping message", required=False)
        return {"type": "ping", "seq": data.get("seq")}
    if kind == "minigame_input":
        _only(data, {"type", "seq", "input"}, "minigame_input message")
        _seq(data, "minigame_input message", required=True)
        item = data.get("input")
        if not isinstance(item, dict) or len(item) > 8:
            raise ProtocolError(
                "minigame_input message: 'input' must be a JSON object (one input, e.g. "
                '{"t": 1200, "cell": 3})')
        return {"type": "minigame_input", "seq": data["seq"], "input": item}
    raise ProtocolError(
        f"unknown message type {kind!r}; expected one of: action, auth, ping, minigame_input")


def _only(data: dict[str, Any], allowed: set[str], what: str) -> None:
    extra = set(data) - allowed
    if extra:
        raise ProtocolError(f"{what}: unexpected field(s) {', '.join(sorted(map(str, extra)))}")


def _seq(data: dict[str, Any], what: str, required: bool) -> None:
    if "seq" not in data:
        if required:
            raise ProtocolError(f"{what}: missing field 'seq'")
        return
    seq = data["seq"]
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= MAX_SEQ:
        raise ProtocolError(f"{what}: 'seq' must be an integer from 0 to 2**53-1")


def error(code: str, message: str, seq: int | None = None) -> dict[str, Any]:
    """An ``error`` message."""
    return {"type": "error", "code": code, "message": message, "seq": seq}


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON text of a message."""
    return json.dumps(message, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------
# JSON Schemas (draft 2020-12) of every message. Keep docs/protocol.md in step (a test checks).
# ---------------------------------------------------------------------------------------------
_SEQ = {"type": "integer", "minimum": 0, "maximum": MAX_SEQ}
_SEAT = {"type": "integer", "minimum": 0}
_SEAT_OR_NULL = {"type": ["integer", "null"], "minimum": 0}
_PLAYER = {
    "type": "object",
    "required": ["seat", "kind", "bot", "name", "taken", "connected"],
    "properties": {
        "seat": _SEAT,
        "kind": {"enum": ["human", "bot"]},
        "bot": {"type": ["string", "null"]},
        "name": {"type": ["string", "null"]},
        "taken": {"type": "boolean"},
        "connected": {"type": "boolean"},
    },
    "additionalProperties": False,
}

SCHEMAS: dict[str, dict[str, Any]] = {
    "client.action": {
        "type": "object",
        "required": ["seq", "action"],
        "properties": {
            "type": {"const": "action"},
            "seq": _SEQ,
            "action": {
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"type": "string"}},
            },
        },
        "additionalProperties": False,
    },
    "client.auth": {
        "type": "object",
        "required": ["type", "token"],
        "properties": {
            "type": {"const": "auth"},
            "token": {"type": "string", "minLength": 1, "maxLength": 200},
        },
        "additionalProperties": False,
    },
    "client.ping": {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"const": "ping"}, "seq": _SEQ},
        "additionalProperties": False,
    },
    "client.minigame_input": {
        "type": "object",
        "required": ["type", "seq", "input"],
        "properties": {
            "type": {"const": "minigame_input"},
            "seq": _SEQ,
            "input": {
                "type": "object",
                "required": ["t"],
                "properties": {"t": {"type": "integer", "minimum": 0, "maximum": 30000}},
                "maxProperties": 8,
            },
        },
        "additionalProperties": False,
    },
    "server.welcome": {
        "type": "object",
        "required": ["type", "game_id", "game", "seat", "status", "last_seq", "players",
                     "settings"],
        "properties": {
            "type": {"const": "welcome"},
            "game_id": {"type": "string"},
            "game": {"type": "string"},
            "seat": _SEAT_OR_NULL,
            "status": {"enum": ["open", "playing", "finished"]},
            "last_seq": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEQ},
            "players": {"type": "array", "items": _PLAYER},
            "settings": {
                "type": "object",
                "required": ["decision_seconds", "minigame_seconds", "minigame_grace",
                             "max_message_bytes"],
                "properties": {
                    "decision_seconds": {"type": "number"},
                    "minigame_seconds": {"type": "number"},
                    "minigame_grace": {"type": "number"},
                    "max_message_bytes": {"type": "integer"},
                },
            },
        },
        "additionalProperties": False,
    },
    "server.update": {
        "type": "object",
        "required": ["type", "version", "status", "events", "actor", "view", "legal",
                     "deadlines", "players", "result"],
        "properties": {
            "type": {"const": "update"},
            "version": {"type": "integer", "minimum": 0},
            "status": {"enum": ["open", "playing", "finished"]},
            "events": {
                "type": "array",
                "items": {"type": "object", "required": ["type"],
                          "properties": {"type": {"type": "string"}}},
            },
            "actor": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "required": ["seat", "by", "reason"],
                        "properties": {
                            "seat": _SEAT,
                            "by": {"enum": ["player", "bot", "standin", "deadline"]},
                            "reason": {"enum": [None, "timeout", "away", "minigame_deadline"]},
                        },
                        "additionalProperties": False,
                    },
                ]
            },
            "view": {
                "type": "object",
                "required": ["game", "turn", "current", "to_move", "phase", "seats", "winner"],
            },
            "legal": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["action", "text"],
                    "properties": {
                        "action": {"type": "object", "required": ["type"]},
                        "text": {"type": "string"},
                    },
                    "additionalProperties": False,
                },
            },
            "deadlines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["seat", "at", "seconds", "kind"],
                    "properties": {
                        "seat": _SEAT,
                        "at": {"type": "number"},
                        "seconds": {"type": "number", "minimum": 0},
                        "kind": {"enum": ["decision", "minigame"]},
                    },
                    "additionalProperties": False,
                },
            },
            "players": {"type": "array", "items": _PLAYER},
            "result": {"type": ["object", "null"]},
        },
        "additionalProperties": False,
    },
    "server.ack": {
        "type": "object",
        "required": ["type", "seq", "version"],
        "properties": {
            "type": {"const": "ack"},
            "seq": _SEQ,
            "version": {"type": "integer", "minimum": 1},
            "duplicate": {"const": True},
        },
        "additionalProperties": False,
    },
    "server.error": {
        "type": "object",
        "required": ["type", "code", "message", "seq"],
        "properties": {
            "type": {"const": "error"},
            "code": {"enum": list(ERROR_CODES)},
            "message": {"type": "string"},
            "seq": {"type": ["integer", "null"]},
        },
        "additionalProperties": False,
    },
    "server.minigame_progress": {
        "type": "object",
        "required": ["type", "seq", "game", "level", "count", "progress"],
        "properties": {
            "type": {"const": "minigame_progress"},
            "seq": {"type": ["integer", "null"]},
            "game": {"type": "string"},
            "level": {"enum": ["easy", "hard"]},
            "count": {"type": "integer", "minimum": 0},
            "progress": {
                "type": "object",
                "required": ["points"],
                "properties": {
                    "points": {"type": "integer"},
                    "pairs": {"type": "integer", "minimum": 0},
                    "board": {"type": "integer", "minimum": 0},
                    "cells": {"type": "array", "items": {"type": ["integer", "null"]}},
                    "open": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                },
            },
            "inputs": {
                "type": "array",
                "items": {"type": "object", "required": ["t"]},
            },
        },
        "additionalProperties": False,
    },
    "server.pong": {
        "type": "object",
        "required": ["type", "seq", "time"],
        "properties": {
            "type": {"const": "pong"},
            "seq": {"type": ["integer", "null"]},
            "time": {"type": "number"},
        },
        "additionalProperties": False,
    },
}


def schema_for(message: dict[str, Any], side: str = "server") -> dict[str, Any]:
    """The schema of a ``server`` or ``client`` message, chosen by its ``type``."""
    kind = message.get("type", "action")
    return SCHEMAS[f"{side}.{kind}"]
