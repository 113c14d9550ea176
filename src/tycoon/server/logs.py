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


def uvicorn_log_config() -> dict:
    """A uvicorn ``log_config`` that leaves its loggers to :func:`configure`."""
    return {"version": 1, "disable_existing_loggers": False}
