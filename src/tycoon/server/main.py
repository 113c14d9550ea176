"""``tycoon serve``: run the server with uvicorn."""

from __future__ import annotations

import logging
import os
import re

from .app import create_app, default_db_url
from .logs import configure as configure_logs
from .logs import uvicorn_log_config
from .settings import ServerSettings
from .transport import ws_protocol

#: Environment variable with the database URL (``--db`` wins over it).
DB_ENV = "TYCOON_DB"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          flags: list[str] | None = None) -> None:
    """Serve Tycoon at ``http://host:port/`` with the database ``db`` (default:
    ``$TYCOON_DB``, else a SQLite file).

    Settings (see :class:`~tycoon.server.settings.ServerSettings`) come from
    ``$TYCOON_SERVER_SETTINGS`` (a JSON object), then ``$TYCOON_<NAME>`` per setting, then
    ``flags`` (``NAME=VALUE``, the ``--set`` options of ``tycoon serve``).
    """
    import uvicorn

    settings = ServerSettings.from_env(flags=flags)
    url = db or os.environ.get(DB_ENV) or default_db_url()
    configure_logs(settings.log_format)
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(RedactTokens())
    app = create_app(url, settings=settings)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws=ws_protocol(settings.ws_impl),
        ws_max_size=settings.max_message_bytes,
        # Views are small (a few KB); compressing each one costs more CPU than it saves.
        ws_per_message_deflate=False,
        log_level="info",
        log_config=uvicorn_log_config(),
    )


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
