"""Which processes may run the games of a database: one alone, or the processes of a cluster.

A server in single-process mode restores and runs every unfinished game of its database, so
a second one on the same database would run them too: two rooms writing one game, the second
one's copy stuck at its first refused write. So each server holds a *claim* on its database
(its tables of one prefix) for its whole life: exclusive in single-process mode, shared in
cluster mode, whose processes share the games by lease (docs/deploy.md). On PostgreSQL the
claim is an advisory lock held by one connection of its own; on a SQLite file, a file lock
beside it (``games.sqlite3.tycoon_claim.lock`` for the prefix ``tycoon_``). Both end with the
process, however it ends (a SIGKILL included), so a restarted server claims the database
again at once.

>>> import sqlalchemy as sa
>>> engine = sa.create_engine("sqlite://")
>>> Claim(engine, "tycoon_").release()  # a database in memory is this process's alone
"""

from __future__ import annotations

import contextlib
import hashlib
import os

import sqlalchemy as sa


class DatabaseInUse(ValueError):
    """Another server holds the database in a way this one cannot share."""


class Claim:
    """This process's claim on the tables of ``prefix`` in ``engine``'s database (exclusive,
    or ``shared`` with the other processes of a cluster); raises :class:`DatabaseInUse`."""

    def __init__(self, engine: sa.Engine, prefix: str, shared: bool = False) -> None:
        self._conn: sa.Connection | None = None
        self._fd: int | None = None
        where = engine.url.render_as_string(hide_password=True)
        busy = DatabaseInUse(
            f"another Tycoon server is using the database {where} (tables {prefix}*): stop it "
            "first, or run every server on it in cluster mode (the advertise_url setting, "
            "docs/deploy.md)")
        if engine.dialect.name == "postgresql":
            key = int.from_bytes(hashlib.sha256(f"tycoon-claim:{prefix}".encode()).digest()[:8],
                                 "big", signed=True)
            how = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
            conn = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            if not conn.execute(sa.text(f"SELECT {how}(:k)"), {"k": key}).scalar():
                conn.close()
                raise busy
            self._conn = conn
            return
        database = engine.url.database if engine.dialect.name == "sqlite" else None
        if not database or database == ":memory:":
            return
        import fcntl

        fd = os.open(f"{database}.{prefix}claim.lock", os.O_CREAT | os.O_RDWR, 0o644)
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise busy from None
        self._fd = fd

    def release(self) -> None:
        """Give the claim up (the end of the process does it too)."""
        if self._conn is not None:
            # unlocked now (a closed session's locks go only once its server process ends),
            # and closed for good rather than back to the pool
            with contextlib.suppress(sa.exc.SQLAlchemyError):  # a lost one holds nothing
                self._conn.execute(sa.text("SELECT pg_advisory_unlock_all()"))
            self._conn.invalidate()
            self._conn.close()
            self._conn = None
        if self._fd is not None:
            os.close(self._fd)  # and the file lock with its descriptor
            self._fd = None
