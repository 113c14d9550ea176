"""Log output of ``tycoon serve``: plain text, or one JSON object per line
(``--log-format json`` / ``TYCOON_LOG_FORMAT=json``) for log collectors.

>>> import logging
>>> record = logging.LogRecord("tycoon.server", logging.INFO, "", 0, "game %s taken", ("g1",),
...                            None)
>>> line = json.loads(JsonFormatter().format(record))
>>> line["level"], line["logger"], line["message"]
('info', 'tycoon.server', 'game g1 taken')
"""

from __future__ import annotations

import json
import logging
import os
import time

#: Fields of a record that are not extra context.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (ISO 8601, UTC), level, logger, message, process id,
    any ``extra`` fields, and the exception's text if there is one."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        out = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": os.getpid(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value if isinstance(value, str | int | float | bool) else repr(value)
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


class QuietChecks(logging.Filter):
    """Leave the health checks and metric scrapes that succeed out of uvicorn's access log:
    a balancer checks each process every second, 86,400 lines a day that say nothing. A check
    that fails (a process draining, a database down) is kept.

    >>> def line(path, status):
    ...     args = ("10.0.0.9:51234", "GET", path, "1.1", status)
    ...     return logging.LogRecord("uvicorn.access", 20, "", 0, '%s - "%s %s HTTP/%s" %d',
    ...                              args, None)
    >>> quiet = QuietChecks()
    >>> [quiet.filter(line(p, s)) for p, s in [("/health/ready", 200), ("/metrics", 200),
    ...                                      ("/health/ready", 503), ("/api/games", 200)]]
    [False, False, True, True]
    """

    PATHS = frozenset({"/health/live", "/health/ready", "/metrics"})

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a successful check's line (uvicorn's arguments: client, method, path,
        HTTP version, status)."""
        args = record.args
        if isinstance(args, tuple) and len(args) == 5:
            _client, method, path, _version, status = args
            if method in ("GET", "HEAD") and path in self.PATHS and isinstance(status, int):
                return status >= 400
        return True


def configure(fmt: str) -> None:
    """Set up the root logger (``fmt``: text or json) and uvicorn's loggers to use it."""
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    # which of its plug-ins alembic loads, seven lines at every start, and each revision's
    # whole description: migrate.upgrade says in one line what it changed
    logging.getLogger("alembic.runtime").setLevel(logging.WARNING)
    # a line per request one process forwards to a game's owner (cluster mode), beside the
    # access lines of both processes for it
    logging.getLogger("httpx").setLevel(logging.WARNING)


def uvicorn_log_config() -> dict:
    """A uvicorn ``log_config`` that leaves its loggers to :func:`configure`."""
    return {"version": 1, "disable_existing_loggers": False}
