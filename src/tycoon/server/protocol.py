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
import unicodedata
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
    "not_over",  # a rematch before the game is over
    "not_your_turn",  # the seat need not act now
    "illegal_action",  # the rules refuse the action (the message says why)
    "no_session",  # a session input while no input session (or another one) is open
    "not_allowed",  # chat from a spectator of a table that does not allow it
    "unknown_game",  # no such game
    "server_error",  # the message could not be stored, or the server failed; nothing changed
    "stale_seq",  # an action's seq is not above the seat's last applied one, never applied
    "seq_reused",  # an action's seq was applied for this seat with a different action
)

#: Codes of the REST API's error answers (``{"detail", "code"}``, docs/protocol.md).
REST_ERROR_CODES = (
    "bad_request",  # the request is wrong: only ``detail`` says how
    "too_big",  # the body is over the size limit
    "rate_limited",  # too many requests from this address; try again later
    "unknown_game",  # no such game
    "not_over",  # a replay of a game still in play
    "server_full",  # the server holds its most unfinished games
    "too_many_open",  # this address has its most open games waiting for players
    "game_over",  # joining a game that has ended
    "no_free_seat",  # joining a game whose seats are all taken
    "seat_taken",  # joining a seat somebody has taken
    "rematch_seats",  # joining a rematch: its seats are for the players of the game before
    "try_again",  # the game is moving between server processes
    "not_ready",  # /health/ready: starting, stopping, or the database does not answer
    "server_error",  # the server failed (500), or its database could not store (503)
)

MAX_SEQ = 2**53 - 1
#: Longest seat token accepted (tokens the server makes have 32 characters).
MAX_TOKEN = 200
#: Longest session input, in characters of JSON.
MAX_INPUT = 2000
#: The most recent changes an ``update`` on connecting retells (``history``).
RECENT = 40


class ProtocolError(ValueError):
    """A client message that is not part of the protocol; ``code`` is one of ERROR_CODES."""

    def __init__(self, message: str, code: str = "bad_message") -> None:
        super().__init__(message)
        self.code = code


def parse_client(text: str | bytes) -> dict[str, Any]:
    """Decode and check one client message; raise :class:`ProtocolError` naming the problem.

    Messages: ``{"type": "action", "seq": n, "action": {...}}`` (``type`` may be left out),
    ``{"type": "auth", "token": "..."}``, ``{"type": "ping", "seq": n}``,
    ``{"type": "session_input", "session": id, "input": item}`` (one input of an input
    session), ``{"type": "chat", "text": "..."}`` or ``{"type": "chat", "reaction": "👍"}``,
    ``{"type": "resign"}``, ``{"type": "rematch"}``.

    >>> parse_client('{"type": "session_input", "session": "peek-2", "input": 3}')
    {'type': 'session_input', 'session': 'peek-2', 'input': 3, 'seq': None}
    >>> parse_client('{"type": "chat", "text": "  hi  "}')
    {'type': 'chat', 'text': 'hi', 'reaction': None, 'seq': None}
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
        if not isinstance(token, str) or not 1 <= len(token) <= MAX_TOKEN:
            raise ProtocolError(f"auth message: 'token' must be a string of 1 to {MAX_TOKEN} "
                                "characters")
        return {"type": "auth", "token": token}
    if kind == "ping":
        _only(data, {"type", "seq"}, "ping message")
        _seq(data, "ping message", required=False)
        return {"type": "ping", "seq": data.get("seq")}
    if kind == "session_input":
        _only(data, {"type", "seq", "session", "input"}, "session_input message")
        _seq(data, "session_input message", required=False)
        sid = data.get("session")
        if not isinstance(sid, str) or not 1 <= len(sid) <= 64:
            raise ProtocolError("session_input message: 'session' must be the id of the open "
                                "session (a string, see update.session.id)")
        if "input" not in data:
            raise ProtocolError("session_input message: missing field 'input'")
        item = data["input"]
        if isinstance(item, bool) or item is None or not isinstance(
                item, int | str | list | dict) or len(json.dumps(item)) > MAX_INPUT:
            raise ProtocolError(
                "session_input message: 'input' must be one input (a number, string, list or "
                f"object, at most {MAX_INPUT} characters of JSON)")
        return {"type": "session_input", "session": sid, "input": item, "seq": data.get("seq")}
    if kind == "chat":
        _only(data, {"type", "text", "reaction", "seq"}, "chat message")
        _seq(data, "chat message", required=False)
        return {**parse_chat(data, "chat message"), "seq": data.get("seq")}
    if kind in ("resign", "rematch"):
        _only(data, {"type", "seq"}, f"{kind} message")
        _seq(data, f"{kind} message", required=False)
        return {"type": kind, "seq": data.get("seq")}
    raise ProtocolError(
        f"unknown message type {kind!r}; expected one of: action, auth, ping, session_input, "
        "chat, resign, rematch")


def parse_chat(data: dict[str, Any], what: str) -> dict[str, Any]:
    """The ``text`` (1 to 500 characters once stripped) or ``reaction`` of a chat message.

    >>> parse_chat({"reaction": "🎉"}, "chat")
    {'type': 'chat', 'text': None, 'reaction': '🎉'}
    >>> parse_chat({"text": " "}, "chat")
    Traceback (most recent call last):
    ...
    tycoon.server.protocol.ProtocolError: chat: 'text' must have 1 to 500 characters (not blank)
    """
    from .table import MAX_TEXT, REACTIONS

    text, reaction = data.get("text"), data.get("reaction")
    if (text is None) == (reaction is None):
        raise ProtocolError(f"{what}: send either 'text' or 'reaction'")
    if reaction is not None:
        if reaction not in REACTIONS:
            raise ProtocolError(f"{what}: 'reaction' must be one of {' '.join(REACTIONS)}")
        return {"type": "chat", "text": None, "reaction": reaction}
    if not isinstance(text, str):
        raise ProtocolError(f"{what}: 'text' must be a string")
    text = text.strip()
    if not 1 <= len(text) <= MAX_TEXT or has_control(text, allowed="\n\t"):
        raise ProtocolError(f"{what}: 'text' must have 1 to {MAX_TEXT} characters (not blank)"
                            if not 1 <= len(text) <= MAX_TEXT else
                            f"{what}: 'text' must not hold control characters")
    return {"type": "chat", "text": text, "reaction": None}


#: The longest name of a person (at a table, in the lobby's chat), in characters.
NAME_LENGTH = 40
#: The longest title of a game in the lobby, in characters.
TITLE_LENGTH = 80


#: Unicode's explicit embeddings, overrides and isolates (the "Trojan Source" characters): in a
#: name or a title they would go on reversing the sentence it is shown in ("Turn 2: syalp
#: boB"). A name's own direction needs none of them: each letter carries its own.
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_problem(text: str, most: int = NAME_LENGTH, least: int = 1) -> str | None:
    """What keeps ``text`` from being a name of ``least`` to ``most`` characters once the
    spaces around it are dropped (None: nothing), by the rules of the server's models.

    >>> name_problem("  Ann "), name_problem(""), name_problem("A\\x1bB")
    (None, 'must hold at least 1 character', 'must not hold control characters')
    """
    text = text.strip()
    problem = mark_problem(text)
    if problem:
        return problem
    if len(text) < least:
        return f"must hold at least {least} character{'s' if least > 1 else ''}"
    if len(text) > most:
        return f"must hold at most {most} characters"
    return None


def mark_problem(text: str) -> str | None:
    """What in ``text`` keeps it from being a name or a title, whatever its length: a control
    character, one of the :data:`DIRECTION_CONTROLS`, or nothing visible (None: nothing).

    >>> mark_problem("محمد"), mark_problem("\\u202eBob")
    (None, 'must not hold the direction controls U+202A to U+202E or U+2066 to U+2069')
    """
    if has_control(text):
        return "must not hold control characters"
    if not DIRECTION_CONTROLS.isdisjoint(text):
        return "must not hold the direction controls U+202A to U+202E or U+2066 to U+2069"
    if text and not any(is_visible(ch) for ch in text):
        return "must hold a visible character"
    return None


#: Letters and symbols that draw nothing: the Hangul fillers and the blank Braille pattern.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


#: Unicode categories that draw nothing on their own: spaces, controls, format characters
#: (the zero-width ones among them), surrogates, and combining marks without a base.
UNSEEN = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Mn", "Me"})


def is_visible(ch: str) -> bool:
    """Whether the character ``ch`` draws something: none of the :data:`UNSEEN` categories
    nor one of the :data:`BLANKS`. A character newer than this Python's Unicode (an emoji of
    this year, say) counts as visible.

    >>> is_visible("a"), is_visible("\\u200b"), is_visible("\\u3164"), is_visible("😀")
    (True, False, False, True)
    """
    return unicodedata.category(ch) not in UNSEEN and ch not in BLANKS


def has_control(text: str, allowed: str = "") -> bool:
    """Whether ``text`` holds a control character (NUL, which PostgreSQL refuses in text,
    among them) or a lone surrogate (it cannot be encoded), other than those of ``allowed``.

    >>> has_control("Ann"), has_control("A\\x00"), has_control("a\\nb", allowed="\\n")
    (False, True, False)
    """
    return any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in allowed for ch in text)


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
    "required": ["seat", "kind", "bot", "name", "taken", "connected", "left"],
    "properties": {
        "seat": _SEAT,
        "kind": {"enum": ["human", "bot"]},
        "bot": {"type": ["string", "null"]},
        "name": {"type": ["string", "null"]},
        "taken": {"type": "boolean"},
        "connected": {"type": "boolean"},
        "left": {"type": "boolean"},
    },
    "additionalProperties": False,
}

_MESSAGE: dict[str, Any] = {
    "type": "object",
    "required": ["key", "params"],
    "properties": {"key": {"type": "string"}, "params": {"type": "object"}},
    "additionalProperties": False,
}
_SESSION = {
    "type": "object",
    "required": ["id", "kind", "seats", "duration_ms", "progressive", "view"],
    "properties": {
        "id": {"type": "string"},
        "kind": {"type": "string"},
        "seats": {"type": "array", "items": _SEAT},
        "duration_ms": {"type": "integer", "minimum": 0},
        "progressive": {"type": "boolean"},
        "view": {"type": ["object", "null"]},
    },
    "additionalProperties": False,
}
_EVENTS = {
    "type": "array",
    "items": {"type": "object", "required": ["type", "message"],
              "properties": {"type": {"type": "string"},
                             "message": {"oneOf": [{"type": "null"}, _MESSAGE]}}},
}
_ACTOR = {
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "required": ["seat", "by", "reason", "message"],
            "properties": {
                "seat": _SEAT,
                "by": {"enum": ["player", "bot", "standin", "deadline"]},
                "reason": {"enum": [None, "timeout", "away", "session_deadline"]},
                "message": {"oneOf": [{"type": "null"}, _MESSAGE]},
            },
            "additionalProperties": False,
        },
    ]
}
_REACTION = {"enum": ["👍", "😀", "😮", "😢", "🎉", "🤔"]}
_CHAT_TEXT = {"type": "string", "minLength": 1, "maxLength": 500}
_CHAT = {
    "type": "object",
    "required": ["type", "id", "from", "at"],
    "properties": {
        "type": {"const": "chat"},
        "id": {"type": "integer", "minimum": 1},
        "from": {
            "type": "object",
            "required": ["seat", "name"],
            "properties": {"seat": _SEAT_OR_NULL, "name": {"type": "string"}},
            "additionalProperties": False,
        },
        "text": _CHAT_TEXT,
        "reaction": _REACTION,
        "at": {"type": "number"},
        "seq": _SEQ,
    },
    "oneOf": [{"required": ["text"]}, {"required": ["reaction"]}],
    "additionalProperties": False,
}
_REMATCH = {
    "type": "object",
    "required": ["game_id", "accepted"],
    "properties": {
        "game_id": {"type": "string"},
        "accepted": {"type": "array", "items": _SEAT},
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
            "token": {"type": "string", "minLength": 1, "maxLength": MAX_TOKEN},
        },
        "additionalProperties": False,
    },
    "client.ping": {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"const": "ping"}, "seq": _SEQ},
        "additionalProperties": False,
    },
    "client.session_input": {
        "type": "object",
        "required": ["type", "session", "input"],
        "properties": {
            "type": {"const": "session_input"},
            "session": {"type": "string", "minLength": 1, "maxLength": 64},
            "input": {"type": ["integer", "string", "array", "object"]},
            "seq": _SEQ,
        },
        "additionalProperties": False,
    },
    "client.chat": {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"const": "chat"}, "text": _CHAT_TEXT, "reaction": _REACTION,
                       "seq": _SEQ},
        "oneOf": [{"required": ["text"]}, {"required": ["reaction"]}],
        "additionalProperties": False,
    },
    "client.resign": {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"const": "resign"}, "seq": _SEQ},
        "additionalProperties": False,
    },
    "client.rematch": {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"const": "rematch"}, "seq": _SEQ},
        "additionalProperties": False,
    },
    "server.welcome": {
        "type": "object",
        "required": ["type", "game_id", "game", "seat", "status", "last_seq", "players",
                     "chat", "spectator_chat", "rematch", "settings"],
        "properties": {
            "type": {"const": "welcome"},
            "game_id": {"type": "string"},
            "game": {"type": "string"},
            "seat": _SEAT_OR_NULL,
            "status": {"enum": ["open", "playing", "finished"]},
            "last_seq": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEQ},
            "players": {"type": "array", "items": _PLAYER},
            "chat": {"type": "array", "items": _CHAT, "maxItems": 100},
            "spectator_chat": {"type": "boolean"},
            "rematch": {"oneOf": [{"type": "null"}, _REMATCH]},
            "settings": {
                "type": "object",
                "required": ["decision_seconds", "session_grace", "max_message_bytes"],
                "properties": {
                    "decision_seconds": {"type": "number"},
                    "session_grace": {"type": "number"},
                    "max_message_bytes": {"type": "integer"},
                },
                "additionalProperties": False,
            },
        },
        "additionalProperties": False,
    },
    "server.update": {
        "type": "object",
        "required": ["type", "version", "status", "events", "actor", "notice", "view", "legal",
                     "session", "deadlines", "players", "result"],
        "properties": {
            "type": {"const": "update"},
            "version": {"type": "integer", "minimum": 0},
            "status": {"enum": ["open", "playing", "finished"]},
            "events": _EVENTS,
            "actor": _ACTOR,
            "history": {
                "type": "array",
                "maxItems": RECENT,
                "items": {
                    "type": "object",
                    "required": ["version", "events", "actor"],
                    "properties": {
                        "version": {"type": "integer", "minimum": 0},
                        "events": _EVENTS,
                        "actor": _ACTOR,
                    },
                    "additionalProperties": False,
                },
            },
            "notice": {"oneOf": [{"type": "null"}, _MESSAGE]},
            "view": {"type": "object"},
            "legal": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["action", "message"],
                    "properties": {
                        "action": {"type": "object", "required": ["type"]},
                        "message": _MESSAGE,
                    },
                    "additionalProperties": False,
                },
            },
            "session": {"oneOf": [{"type": "null"}, _SESSION]},
            "deadlines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["seat", "at", "seconds", "kind"],
                    "properties": {
                        "seat": _SEAT,
                        "at": {"type": "number"},
                        "seconds": {"type": "number", "minimum": 0},
                        "kind": {"enum": ["decision", "session"]},
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
            "version": {"type": "integer", "minimum": 0},
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
    "server.session_progress": {
        "type": "object",
        "required": ["type", "session", "count", "progress"],
        "properties": {
            "type": {"const": "session_progress"},
            "session": {"type": "string"},
            "count": {"type": "integer", "minimum": 0},
            "progress": {"type": "object"},
            "seq": {"type": ["integer", "null"]},
            "inputs": {"type": "array"},
        },
        "additionalProperties": False,
    },
    "server.chat": _CHAT,
    "server.rematch": {
        "type": "object",
        "required": ["type", "game_id", "accepted"],
        "properties": {
            "type": {"const": "rematch"},
            "game_id": {"type": "string"},
            "accepted": {"type": "array", "items": _SEAT},
            "started": {"type": "boolean"},
        },
        "additionalProperties": False,
    },
    "server.rematch_seat": {
        "type": "object",
        "required": ["type", "game_id", "seat", "token"],
        "properties": {
            "type": {"const": "rematch_seat"},
            "game_id": {"type": "string"},
            "seat": _SEAT,
            "token": {"type": "string"},
            "seq": _SEQ,
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
