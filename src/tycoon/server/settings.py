"""Server settings: time limits, message limits, rate limits, bot pacing, hardening.

Each setting can be given as ``tycoon serve --set NAME=VALUE``, as the environment variable
``TYCOON_NAME`` (upper case), or in ``$TYCOON_SERVER_SETTINGS`` (a JSON object).

>>> s = ServerSettings().replace(decision_seconds=5)
>>> s.decision_seconds, s.session_grace
(5.0, 3.0)
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
from dataclasses import dataclass
from typing import Any

#: Environment variable with a JSON object of settings overrides (read by ``tycoon serve``).
SETTINGS_ENV = "TYCOON_SERVER_SETTINGS"


#: Settings that cannot be 0: a limit of nothing, a loop with no pause, a game with no time.
POSITIVE = frozenset({
    "decision_seconds", "max_message_bytes", "max_body_bytes", "max_record_bytes",
    "rate_per_second", "rate_burst", "flood_close_after", "send_queue", "send_timeout",
    "send_buffer_bytes", "close_timeout", "expiry_check_seconds", "bot_threads", "max_games",
    "bot_streak_limit", "bot_hurry_after", "lease_seconds", "lease_renew_seconds",
})


@dataclass(frozen=True)
class ServerSettings:
    """Everything a server process can be tuned with; every time is in seconds."""

    #: Default time limit of one decision (a game may set its own at creation).
    decision_seconds: float = 60.0
    #: Added to an input session's own duration, for network latency.
    session_grace: float = 3.0
    #: A seat with no live connection is played by the stand-in after this long.
    away_seconds: float = 5.0
    #: The bot that decides for a person whose time ran out or who is away (never stronger
    #: than medium, so leaving never pays; a game without it gets the random bot).
    standin_bot: str = "medium"
    #: The bot that takes a seat for good (a person resigned, or missed the rematch).
    replacement_bot: str = "medium"
    #: Bots the lobby offers for its seats besides random, easy, medium and hard: the names
    #: of installed bot plugins (entry point ``tycoon.bots``) or specs (``mybot:depth=3``);
    #: each game offers those that can play it.
    lobby_bots: tuple[str, ...] = ()
    #: Pause before a bot acts, so that people can follow the game (0 in tests and benches).
    bot_delay: float = 0.6
    #: A bot that has acted this many times in a row waits a quarter of ``bot_delay`` before
    #: each further action, so a long run of free moves does not keep people waiting.
    bot_hurry_after: int = 8
    #: A bot that has acted this many times in a row (no other seat acting between) has its
    #: next decisions made by the stand-in until another seat acts, so a bot that never ends
    #: its turn (a free move made to and fro for ever) cannot stall its game.
    bot_streak_limit: int = 200
    #: Largest WebSocket message a client may send (bytes); larger closes with 1009.
    max_message_bytes: int = 256 * 1024
    #: Largest HTTP request body (bytes); larger gets 413.
    max_body_bytes: int = 64 * 1024
    #: Largest record the replay of a record file (``POST /api/replay/{step}``) takes (bytes).
    max_record_bytes: int = 4 * 1024 * 1024
    #: Token bucket per connection: sustained messages per second and burst size.
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: A connection that keeps flooding (this many refused messages in a row) is closed (1008).
    flood_close_after: int = 50
    #: Outgoing messages queued for one connection before it is dropped as too slow.
    send_queue: int = 512
    #: A message the client does not take within this long drops it as too slow (1008).
    send_timeout: float = 3.0
    #: Bytes the connection may hold unsent before the writer waits for the client to read.
    send_buffer_bytes: int = 256 * 1024
    #: A client that does not take the close frame within this long is cut off.
    close_timeout: float = 1.0
    #: Chat messages one connection may send in any 10 seconds.
    chat_per_10s: int = 5
    #: Origins (``https://host:port``) whose pages may open game sockets besides the server's
    #: own; ``*`` allows any.
    allowed_origins: tuple[str, ...] = ()
    #: Rate limits per client address (``limits`` notation: "10/minute;100/hour").
    create_limit: str = "20/minute;200/hour"
    join_limit: str = "60/minute"
    rest_limit: str = "600/minute"
    lobby_chat_limit: str = "5/10 seconds"
    #: Record files one address may have replayed (``POST /api/replay``) that the server has
    #: not replayed lately: each costs up to a second of CPU; stepping through one is cheap.
    record_limit: str = "20/minute;200/hour"
    #: Most open games (waiting for players) one client address may have.
    max_open_per_address: int = 20
    #: An open game nobody joins for this long expires (is removed).
    open_game_seconds: float = 1800.0
    #: How often expired open games are looked for.
    expiry_check_seconds: float = 30.0
    #: After the first acceptance of a rematch, seats of people who did not accept become
    #: bots after this long and the game starts.
    rematch_seconds: float = 60.0
    #: Trust ``X-Forwarded-For`` for the client address (behind a proxy you run).
    trust_forwarded: bool = False
    #: Threads that run the quick bots (``random`` and ``easy``, which remember their last
    #: choices), off the event loop.
    bot_threads: int = 4
    #: Worker processes that run the thinking bots (medium, hard); 0: threads only.
    #: They are spawned, know the run-time games and bots, and end with the server.
    bot_processes: int = 2
    #: The longest a bot may think about one decision. Past it the stand-in decides, that
    #: bot is not asked again in that game (until the server restarts), and the worker
    #: processes are replaced, the one thinking without end with them; 0: no limit.
    bot_think_seconds: float = 60.0
    #: uvicorn's WebSocket implementation (auto, websockets, websockets-sansio, wsproto).
    ws_impl: str = "auto"
    #: Freeze start-up objects out of the garbage collector and collect less often.
    gc_freeze: bool = True
    #: Most unfinished games one process keeps; creating more is refused (503).
    max_games: int = 10_000
    #: Redis URL for fanning updates out between server processes and sharing the rate
    #: limits ("" : this process only).
    redis_url: str = ""
    #: Table name prefix in the database (tests use a unique one per run).
    table_prefix: str = "tycoon_"
    #: Several processes (docs/deploy.md): this process's own base URL as the other
    #: processes reach it (``http://10.0.0.2:8000``). Setting it turns cluster mode on
    #: (games owned by lease, requests routed to the owner); needs PostgreSQL and Redis.
    advertise_url: str = ""
    #: Cluster mode: a game's lease lasts this long unless renewed; it is renewed (and
    #: orphaned games are looked for) every ``lease_renew_seconds``.
    lease_seconds: float = 3.0
    lease_renew_seconds: float = 1.0
    #: Log lines as text or as one JSON object per line (``json``).
    log_format: str = "text"
    #: Write the health checks and metric scrapes that succeed (``GET /health/live``,
    #: ``/health/ready``, ``/metrics``) to the access log too: a balancer checks every
    #: second. Failed ones are always written.
    log_checks: bool = False

    def replace(self, **changes: Any) -> ServerSettings:
        """A copy with ``changes``; unknown names or bad values raise ``ValueError``."""
        names = {f.name: f for f in dataclasses.fields(self)}
        clean: dict[str, Any] = {}
        changes = dict(changes)
        # names of an older server: the session's own duration replaced minigame_seconds
        changes.pop("minigame_seconds", None)
        if "minigame_grace" in changes:
            changes.setdefault("session_grace", changes.pop("minigame_grace"))
        for key, value in changes.items():
            if key not in names:
                raise ValueError(f"unknown server setting {key!r}; known: {', '.join(names)}")
            current = getattr(self, key)
            if isinstance(current, tuple) and isinstance(value, list | tuple):
                if not all(isinstance(v, str) for v in value):
                    raise ValueError(f"server setting {key!r} must be a list of strings")
                value = tuple(value)
            if isinstance(current, bool) != isinstance(value, bool):
                raise ValueError(f"server setting {key!r}: bad value {value!r}")
            if isinstance(current, float) and isinstance(value, int | float):
                value = float(value)
            if type(value) is not type(current):
                raise ValueError(f"server setting {key!r} must be {KINDS[type(current)]}, "
                                 f"not {value!r}")
            if isinstance(value, float) and not math.isfinite(value):
                raise ValueError(f"server setting {key!r} must be a finite number")
            if isinstance(value, int | float) and value < 0:
                raise ValueError(f"server setting {key!r} must not be negative")
            if key in POSITIVE and value == 0:
                raise ValueError(f"server setting {key!r} must be more than 0")
            if key in ("bot_threads", "bot_processes") and value > 256:
                raise ValueError(f"server setting {key!r} must be at most 256")
            clean[key] = value
        out = dataclasses.replace(self, **clean)
        out.check()
        return out

    def check(self) -> None:
        """Refuse settings that cannot work (``ValueError`` naming the setting)."""
        from limits import parse_many

        for name in ("create_limit", "join_limit", "rest_limit", "lobby_chat_limit",
                     "record_limit"):
            try:
                parse_many(getattr(self, name))
            except ValueError as exc:
                raise ValueError(f"server setting {name!r}: {exc}") from None
        if self.log_format not in ("text", "json"):
            raise ValueError("server setting 'log_format' must be text or json")
        if self.ws_impl not in WS_IMPLS:
            raise ValueError(f"server setting 'ws_impl' must be one of {', '.join(WS_IMPLS)}, "
                             f"not {self.ws_impl!r}")
        if self.redis_url and not self.redis_url.startswith(("redis://", "rediss://")):
            raise ValueError("server setting 'redis_url' must be a redis:// or rediss:// URL "
                             f"(redis://HOST:6379/0), not {self.redis_url!r}")
        if self.advertise_url and not self.advertise_url.startswith(("http://", "https://")):
            raise ValueError("server setting 'advertise_url' must be an http:// or https:// URL")
        if not re.fullmatch(r"[A-Za-z0-9_]{0,40}", self.table_prefix):
            # PostgreSQL names take 63 characters: "ix_" + prefix + "seats_token_hash" must fit
            raise ValueError("server setting 'table_prefix' must be at most 40 letters, digits "
                             "and underscores")
        if len(self.advertise_url) > 180:  # a lease's owner: the URL and 13 characters, in 200
            raise ValueError("server setting 'advertise_url' must be at most 180 characters")
        if self.advertise_url and self.lease_renew_seconds * 2 > self.lease_seconds:
            raise ValueError("server setting 'lease_renew_seconds' must be at most half of "
                             "'lease_seconds'")
        from .storage import BOT_SPEC_LENGTH

        for name, specs in (("replacement_bot", [self.replacement_bot]),
                            ("lobby_bots", self.lobby_bots)):
            for spec in specs:
                if len(spec) > BOT_SPEC_LENGTH:
                    raise ValueError(f"server setting {name!r}: a bot spec takes at most "
                                     f"{BOT_SPEC_LENGTH} characters (a seat stores it), "
                                     f"not {len(spec)}")
        if self.lobby_bots:
            from .lobby import check_lobby_bots

            check_lobby_bots(self.lobby_bots)
        if self.standin_bot.split(":")[0].strip().lower() in ("hard", "ismcts"):
            raise ValueError("server setting 'standin_bot': a stand-in must not play better "
                             "than the lobby's medium bot (leaving must never pay)")

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None,
                 flags: list[str] | None = None) -> ServerSettings:
        """Defaults, then ``$TYCOON_SERVER_SETTINGS`` (a JSON object), then one variable per
        setting (``$TYCOON_DECISION_SECONDS``, ...), then ``flags`` (``NAME=VALUE``)."""
        env = os.environ if environ is None else environ
        out = cls()
        raw = env.get(SETTINGS_ENV)
        if raw:
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise ValueError(f"${SETTINGS_ENV} is not JSON: {exc}") from None
            if not isinstance(data, dict):
                raise ValueError(f"${SETTINGS_ENV} must be a JSON object")
            out = out.replace(**data)
        fields = {f.name: getattr(out, f.name) for f in dataclasses.fields(out)}
        changes = {}
        for name, current in fields.items():
            text = env.get(env_name(name))
            if text is not None:
                changes[name] = _from_text(name, text, current)
        for flag in flags or ():
            name, sep, text = flag.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or name not in fields:
                raise ValueError(f"--set {flag!r}: expected NAME=VALUE with a NAME of: "
                                 f"{', '.join(fields)}")
            changes[name] = _from_text(name, text, fields[name])
        return out.replace(**changes)


#: How an error names the kind of value each setting takes.
KINDS = {float: "a number", int: "a whole number", bool: "true or false", str: "text",
         tuple: "a list of strings"}
#: uvicorn's WebSocket implementations (``ws_impl``).
WS_IMPLS = ("auto", "websockets", "websockets-sansio", "wsproto")


def env_name(setting: str) -> str:
    """The environment variable of one setting.

    >>> env_name("decision_seconds")
    'TYCOON_DECISION_SECONDS'
    """
    return f"TYCOON_{setting.upper()}"


def _from_text(name: str, text: str, current: Any) -> Any:
    text = text.strip()
    try:
        if isinstance(current, bool):
            if text.lower() not in ("1", "0", "true", "false", "yes", "no"):
                raise ValueError
            return text.lower() in ("1", "true", "yes")
        if isinstance(current, int):
            return int(text)
        if isinstance(current, float):
            return float(text)
    except ValueError:
        raise ValueError(f"server setting {name!r} must be {KINDS[type(current)]}, "
                         f"not {text!r}") from None
    if isinstance(current, tuple):
        return tuple(x.strip() for x in text.split(",") if x.strip())
    return text


def settings_help() -> str:
    """Every setting with its default and environment variable (for ``tycoon serve --help``)."""
    lines = []
    for f in dataclasses.fields(ServerSettings):
        default = getattr(ServerSettings(), f.name)
        if isinstance(default, tuple):
            default = ",".join(default)
        lines.append(f"{f.name} (${env_name(f.name)}, default {default!r})")
    return "; ".join(lines)
