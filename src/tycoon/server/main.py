"""``tycoon serve``: run the server with uvicorn."""

from __future__ import annotations

import logging
import os
import re
import socket

from .app import create_app, default_db_url
from .claim import Claim
from .logs import QuietChecks, uvicorn_log_config
from .logs import configure as configure_logs
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
    check_port(host, port)
    check_database(url, settings.table_prefix, shared=bool(settings.advertise_url))
    check_services(settings)
    configure_logs(settings.log_format)
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(RedactTokens())
    if not settings.log_checks:
        logging.getLogger("uvicorn.access").addFilter(QuietChecks())
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


def check_port(host: str, port: int) -> None:
    """Refuse ``host:port`` if nothing can listen there (another server holds it, say), with
    a ``ValueError`` that says so, before the server restores a single game (uvicorn finds it
    out only after its start-up)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}"
                             " (is another server there?)") from None


def check_database(url: str, prefix: str = "tycoon_", shared: bool = False) -> None:
    """Refuse a database URL that is not SQLite's or PostgreSQL's, that cannot be opened, or
    that another server holds (:mod:`.claim`: ``shared`` in cluster mode), with a
    ``ValueError`` that says why (the password hidden), before the server starts.

    >>> check_database("mysql://db/tycoon")
    Traceback (most recent call last):
    ...
    ValueError: --db takes sqlite:///FILE or postgresql://USER:PASSWORD@HOST/DB, not 'mysql://db/tycoon'
    """
    import sqlalchemy as sa

    usage = "--db takes sqlite:///FILE or postgresql://USER:PASSWORD@HOST/DB"
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise ValueError(f"{usage}, not {url!r}") from None
    shown = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise ValueError(f"{usage}, not {shown!r}")
    try:
        engine = sa.create_engine(parsed)
    except ImportError as exc:  # a driver Tycoon does not install (postgresql+asyncpg://)
        hint = ("; PostgreSQL needs pip install 'tycoon[scale]'"
                if parsed.get_backend_name() == "postgresql" and "psycopg" in str(exc) else "")
        raise ValueError(f"cannot open the database {shown}: {exc}{hint}") from None
    # a query that reads the file: SQLite opens anything, and finds it is not a database later
    probe = ("select count(*) from sqlite_master" if parsed.get_backend_name() == "sqlite"
             else "select 1")
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(probe)
    except sa.exc.SQLAlchemyError as exc:
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
        raise ValueError(f"cannot open the database {shown}: {reason}") from None
    try:
        Claim(engine, prefix, shared).release()  # the server claims it for good at start-up
    finally:
        engine.dispose()


def check_services(settings: ServerSettings) -> None:
    """Refuse settings whose service is missing before the server starts, with a
    ``ValueError`` that says which: a ``redis_url`` where no Redis answers, a ``ws_impl``
    whose library is not installed."""
    import importlib.util

    library = {"websockets": "websockets", "wsproto": "wsproto"}.get(settings.ws_impl)
    if library and importlib.util.find_spec(library) is None:
        raise ValueError(f"server setting 'ws_impl' is {settings.ws_impl}, which needs "
                         f"pip install {library}")
    if settings.redis_url:
        try:
            import redis
        except ImportError:
            raise ValueError("server setting 'redis_url' needs pip install 'tycoon[scale]'"
                             ) from None
        import sqlalchemy as sa

        client = redis.Redis.from_url(settings.redis_url, socket_connect_timeout=5)
        try:
            client.ping()
        except redis.RedisError as exc:
            # shown as the database's URL is, its password hidden
            shown = sa.engine.make_url(settings.redis_url).render_as_string(hide_password=True)
            raise ValueError(f"cannot reach Redis at {shown}: {exc}") from None
        finally:
            client.close()


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
