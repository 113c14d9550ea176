"""``tycoon serve``: run the server with uvicorn."""

from __future__ import annotations

import logging
import os
import re

from .app import create_app, default_db_url
from .settings import ServerSettings


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> None:
    """Serve Tycoon at ``http://host:port/`` with the database ``db`` (default: SQLite file).

    Settings may be overridden with ``$TYCOON_SERVER_SETTINGS`` (a JSON object, see
    :class:`~tycoon.server.settings.ServerSettings`).
    """
    import uvicorn

    register_extra_games()
    settings = ServerSettings.from_env()
    url = db or default_db_url()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(RedactTokens())
    app = create_app(url, settings=settings)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws=settings.ws_impl,
        ws_max_size=settings.max_message_bytes,
        # Views are small (a few KB); compressing each one costs more CPU than it saves.
        ws_per_message_deflate=False,
        log_level="info",
    )


#: Environment variable naming extra game modules, ``name=module,...`` (used by tests to serve a
#: small fake game from a subprocess server).
GAMES_ENV = "TYCOON_EXTRA_GAMES"


def register_extra_games() -> None:
    """Register the games of ``$TYCOON_EXTRA_GAMES`` (``name=module``: the module's ``GAME``)."""
    import importlib

    from tycoon.engine import register

    for item in filter(None, os.environ.get(GAMES_ENV, "").split(",")):
        name, sep, module = item.partition("=")
        if not sep or not name.strip() or not module.strip():
            raise ValueError(f"${GAMES_ENV}: expected name=module, not {item!r}")
        register(importlib.import_module(module.strip()).GAME)


class RedactTokens(logging.Filter):
    """Keep seat tokens (``?token=...`` in WebSocket URLs) out of the logs.

    >>> args = ("/ws/games/g?token=s3",)
    >>> record = logging.LogRecord("x", 20, "", 0, '"WebSocket %s"', args, None)
    >>> RedactTokens().filter(record), record.getMessage()
    (True, '"WebSocket /ws/games/g?token=***"')
    """

    PATTERN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the message with tokens masked."""
        message = record.getMessage()
        if "token=" in message:
            record.msg = self.PATTERN.sub(r"\1***", message)
            record.args = ()
        return True
