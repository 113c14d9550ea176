"""Schema migrations with Alembic, run once and safely by every server process at start-up.

:func:`upgrade` brings a database to the latest revision (``migrations/versions``). Several
processes starting together on one database take turns: on PostgreSQL an advisory lock (one
per table prefix) is held around the upgrade; on a SQLite file a file lock beside it. Whoever
comes second finds the schema up to date and does nothing. Databases made before migrations
existed (tables created by ``create_all`` and widened by hand) upgrade in place: the first
revisions create only what is missing.

>>> import sqlalchemy as sa
>>> engine = sa.create_engine("sqlite://")
>>> upgrade(engine, "demo_")
'0004'
>>> upgrade(engine, "demo_")  # nothing left to do
'0004'
>>> sorted(sa.inspect(engine).get_table_names())[:3]
['demo_actions', 'demo_alembic_version', 'demo_chat']
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa

log = logging.getLogger("tycoon.server")

#: Folder of the Alembic environment and revisions (package data).
SCRIPTS = Path(__file__).resolve().parent / "migrations"


def _config(connection: sa.Connection, table_prefix: str):  # -> alembic.config.Config
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    config.attributes["connection"] = connection
    config.attributes["prefix"] = table_prefix
    return config


def head() -> str:
    """The latest revision."""
    from alembic.script import ScriptDirectory

    config = _config(None, "")  # type: ignore[arg-type]
    return ScriptDirectory.from_config(config).get_current_head() or ""


def current(engine: sa.Engine, table_prefix: str) -> str | None:
    """The revision a database is at (None: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"version_table":
                                                     f"{table_prefix}alembic_version"})
        return ctx.get_current_revision()


def upgrade(engine: sa.Engine, table_prefix: str = "tycoon_") -> str:
    """Upgrade the tables of ``table_prefix`` to the latest revision (under a lock shared by
    every process on that database); returns the revision reached. What it changed is
    logged in one line (Alembic's own lines, one per revision, are left to debug logs)."""
    from alembic import command

    with _lock(engine, table_prefix) as conn:
        before = current(engine, table_prefix)
        made = before is not None or sa.inspect(conn).has_table(f"{table_prefix}games")
        command.upgrade(_config(conn, table_prefix), "head")
        if conn.in_transaction():
            conn.commit()
    after = current(engine, table_prefix) or ""
    if before != after:
        change = (f"tables created (schema {after})" if not made
                  else f"tables upgraded from schema {before} to {after}" if before
                  else f"tables upgraded to schema {after} (made before schema revisions)")
        log.info("database %s: %s", engine.url.render_as_string(hide_password=True), change)
    return after


@contextlib.contextmanager
def _lock(engine: sa.Engine, table_prefix: str) -> Iterator[sa.Connection]:
    """A connection held under the migration lock of this database and prefix."""
    key = int.from_bytes(hashlib.sha256(f"tycoon-migrate:{table_prefix}".encode()).digest()[:8],
                         "big", signed=True)
    if engine.dialect.name == "postgresql":
        with engine.connect() as conn:
            conn.execute(sa.text("SELECT pg_advisory_lock(:k)"), {"k": key})
            conn.commit()
            try:
                yield conn
            finally:
                if conn.in_transaction():
                    conn.rollback()
                conn.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": key})
                conn.commit()
        return
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:":
        with engine.connect() as conn:
            yield conn
        return
    import fcntl

    lock_path = f"{database}.migrate.lock"
    fd = os.open(lock_path, os.O_CREAT | os.O_RDWR, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with engine.connect() as conn:
            yield conn
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


# -- helpers for the revisions ------------------------------------------------------------
def prefix() -> str:
    """The table prefix the running migration works on."""
    from alembic import context

    return context.config.attributes["prefix"]


def _inspector() -> sa.Inspector:
    from alembic import op

    return sa.inspect(op.get_bind())


def has_table(name: str) -> bool:
    """Whether the database being migrated has table ``name``."""
    return _inspector().has_table(name)


def columns_of(name: str) -> set[str]:
    """The column names of table ``name`` in the database being migrated."""
    return {c["name"] for c in _inspector().get_columns(name)}
