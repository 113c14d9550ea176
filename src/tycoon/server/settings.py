"""Server settings: time limits, message limits, rate limits, bot pacing.

>>> s = ServerSettings().replace(decision_seconds=5)
>>> s.decision_seconds, s.minigame_seconds
(5.0, 30.0)
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from typing import Any

#: Environment variable with a JSON object of settings overrides (read by ``tycoon serve``).
SETTINGS_ENV = "TYCOON_SERVER_SETTINGS"


@dataclass(frozen=True)
class ServerSettings:
    """Everything a server process can be tuned with; every time is in seconds."""

    #: Default time limit of one decision (a game may set its own at creation).
    decision_seconds: float = 60.0
    #: How long a Capital minigame gathers inputs (C-9: 30 s) ...
    minigame_seconds: float = 30.0
    #: ... plus this grace for network latency.
    minigame_grace: float = 3.0
    #: A seat with no live connection is played by the stand-in bot after this long.
    away_seconds: float = 5.0
    #: The bot that decides for a human seat whose time ran out or who is away.
    standin_bot: str = "random"
    #: Pause before a bot acts, so that people can follow the game (0 in tests and benches).
    bot_delay: float = 0.6
    #: Largest WebSocket message a client may send (bytes); larger closes with 1009.
    max_message_bytes: int = 256 * 1024
    #: Largest HTTP request body (bytes); larger gets 413.
    max_body_bytes: int = 64 * 1024
    #: Token bucket per connection: sustained messages per second and burst size.
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: A connection that keeps flooding (this many refused messages in a row) is closed (1008).
    flood_close_after: int = 50
    #: Outgoing messages queued for one connection before it is dropped as too slow.
    send_queue: int = 512
    #: Threads that run the quick bots (``random``), off the event loop.
    bot_threads: int = 4
    #: Worker processes that run the thinking bots (easy, medium, hard); 0: threads only.
    bot_processes: int = 2
    #: uvicorn's WebSocket implementation (auto, websockets, websockets-sansio, wsproto).
    ws_impl: str = "auto"
    #: Freeze start-up objects out of the garbage collector and collect less often.
    gc_freeze: bool = True
    #: Most unfinished games one process keeps; creating more is refused (503).
    max_games: int = 10_000
    #: Redis URL for fanning updates out between server processes ("" : this process only).
    redis_url: str = ""
    #: Table name prefix in the database (tests use a unique one per run).
    table_prefix: str = "tycoon_"

    def replace(self, **changes: Any) -> ServerSettings:
        """A copy with ``changes``; unknown names or bad values raise ``ValueError``."""
        names = {f.name: f for f in dataclasses.fields(self)}
        clean: dict[str, Any] = {}
        for key, value in changes.items():
            if key not in names:
                raise ValueError(f"unknown server setting {key!r}; known: {', '.join(names)}")
            current = getattr(self, key)
            if isinstance(current, bool) != isinstance(value, bool):
                raise ValueError(f"server setting {key!r}: bad value {value!r}")
            if isinstance(current, float) and isinstance(value, int | float):
                value = float(value)
            if type(value) is not type(current):
                raise ValueError(f"server setting {key!r} must be {type(current).__name__}")
            if isinstance(value, int | float) and value < 0:
                raise ValueError(f"server setting {key!r} must not be negative")
            clean[key] = value
        return dataclasses.replace(self, **clean)

    @classmethod
    def from_env(cls) -> ServerSettings:
        """Defaults with the overrides of ``$TYCOON_SERVER_SETTINGS`` (a JSON object)."""
        raw = os.environ.get(SETTINGS_ENV)
        if not raw:
            return cls()
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ValueError(f"${SETTINGS_ENV} is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ValueError(f"${SETTINGS_ENV} must be a JSON object")
        return cls().replace(**data)
