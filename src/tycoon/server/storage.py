"""Durable storage of games, seats and actions with SQLAlchemy Core (SQLite or PostgreSQL).

Every action is appended (and committed) before the server acknowledges it. With a network
database (PostgreSQL), appends from all games go through one writer thread that commits
whatever is queued in a single transaction ("group commit"), so many games share each round
trip without any waiting on the event loop. With SQLite, a commit takes microseconds, less
than handing work to another thread, so writes happen inline. Reads run in worker threads.
SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit survives the process being
killed (SIGKILL), which is the promise of the server (not a power cut: use PostgreSQL or
``synchronous=FULL`` for that).

>>> import asyncio
>>> async def demo():
...     store = Storage("sqlite://")
...     await store.open()
...     await store.create_game(GameRow("g1", "toy", 2, 7, {}, 60.0, "open", False, "", 0.0),
...                             [SeatRow(0, "human"), SeatRow(1, "bot", "random")])
...     await store.append("g1", 0, 1, {"type": "pass"}, "bot")
...     rows = await store.load_actions("g1")
...     await store.close()
...     return [(a.idx, a.seat, a.action) for a in rows]
>>> asyncio.run(demo())
[(0, 1, {'type': 'pass'})]
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import StaticPool

from . import migrate
from .lease import check_fences

log = logging.getLogger("tycoon.server")


def failure_cause(exc: BaseException) -> str:
    """One line saying why a call failed: the database driver's own error where a library
    wrapped it (SQLAlchemy adds the statement and a link on lines of their own).

    >>> failure_cause(OSError(28, "No space left on device"))
    'OSError: [Errno 28] No space left on device'
    """
    cause = getattr(exc, "orig", None) or exc
    text = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {text[0]}" if text else type(cause).__name__


_STOP = object()
#: The longest bot spec a seat stores (``ServerSettings.replacement_bot`` is held to it).
BOT_SPEC_LENGTH = 200
#: The longest name a seat stores (a person's, or a bot's: "medium bot").
SEAT_NAME_LENGTH = 80


@dataclass
class GameRow:
    """One game's settings and status (``status``: open, playing or finished)."""

    id: str
    game: str
    seats: int
    seed: int
    options: dict[str, Any]
    decision_seconds: float
    status: str
    seeded: bool
    name: str
    created: float
    result: dict[str, Any] | None = None
    #: Spectators may write in the table's chat (chosen by the creator).
    spectator_chat: bool = False
    #: The client address that created the game (for the cap of open games per address).
    creator: str = ""
    #: The game this one is a rematch of, if any.
    rematch_of: str | None = None


@dataclass
class SeatRow:
    """One seat: ``kind`` human or bot; a human seat is free while ``token_hash`` is None."""

    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None


@dataclass
class ActionRow:
    """One appended action: its index in the record, the seat, the action JSON, who chose it."""

    idx: int
    seat: int
    action: dict[str, Any]
    by: str
    reason: str | None = None
    at: float = 0.0
    #: The ``seq`` the player's client gave the action (None: a bot, a stand-in, the clock, or
    #: a row written by a server older than this column).
    client_seq: int | None = None


@dataclass
class _Append:
    rows: list[dict[str, Any]]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop = field(repr=False)
    #: game id -> (owner, epoch) its lease must still have (:mod:`.lease`), or empty.
    fences: dict[str, tuple[str, int]] = field(default_factory=dict)


@dataclass
class _Call:
    """Any other write, run by the writer thread in its own transaction."""

    fn: Callable[[sa.Connection], Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop = field(repr=False)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Storage:
    """Games, seats and actions in a database given by URL (``sqlite:///file``, ``postgresql+psycopg://``)."""

    def __init__(self, url: str, prefix: str = "tycoon_", inline: bool | None = None) -> None:
        self.url = url
        self.prefix = prefix
        #: The causes of this database's refusals logged so far (see :meth:`refused`).
        self.refusals: set[str] = set()
        #: Write on the caller's thread (SQLite: a WAL commit takes microseconds, less than
        #: handing the work to another thread) instead of the writer thread (network databases).
        self.inline = url.startswith("sqlite") if inline is None else inline
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if url in ("sqlite://", "sqlite:///:memory:"):
                kwargs["poolclass"] = StaticPool
        self.engine = sa.create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        meta = sa.MetaData()
        self.meta = meta
        self.games = sa.Table(
            f"{prefix}games",
            meta,
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("seats", sa.Integer, nullable=False),
            sa.Column("seed", sa.String(24), nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("decision_seconds", sa.Float, nullable=False),
            sa.Column("status", sa.String(16), nullable=False, index=True),
            sa.Column("seeded", sa.Boolean, nullable=False),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("result", sa.Text, nullable=True),
            # added later (older databases get them by migration 0002)
            sa.Column("spectator_chat", sa.Boolean, nullable=True),
            sa.Column("creator", sa.String(64), nullable=True),
            sa.Column("rematch_of", sa.String(32), nullable=True),
        )
        self.seats = sa.Table(
            f"{prefix}seats",
            meta,
            sa.Column("game_id", sa.String(32), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("bot", sa.String(BOT_SPEC_LENGTH), nullable=True),  # 32 before 0004
            sa.Column("name", sa.String(SEAT_NAME_LENGTH), nullable=True),
            sa.Column("token_hash", sa.String(64), nullable=True, index=True),
        )
        self.actions = sa.Table(
            f"{prefix}actions",
            meta,
            sa.Column("game_id", sa.String(32), primary_key=True),
            sa.Column("idx", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("action", sa.Text, nullable=False),
            sa.Column("by", sa.String(16), nullable=False),
            sa.Column("reason", sa.String(32), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
            # added later (older databases get it by migration 0002)
            sa.Column("client_seq", sa.BigInteger, nullable=True),
        )
        #: Chat of each table (``game_id``) and of the lobby (``game_id`` = "").
        self.chat = sa.Table(
            f"{prefix}chat",
            meta,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("game_id", sa.String(32), nullable=False, index=True),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("text", sa.Text, nullable=True),
            sa.Column("reaction", sa.String(16), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
        )
        #: Which server process owns each game, by lease with a fenced epoch
        #: (:mod:`.lease`; several processes on one database).
        self.leases = sa.Table(
            f"{prefix}leases",
            meta,
            sa.Column("game_id", sa.String(32), primary_key=True),
            sa.Column("owner", sa.String(200), nullable=False),
            sa.Column("epoch", sa.BigInteger, nullable=False),
            sa.Column("expires", sa.Float, nullable=False, index=True),
        )
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._checkpointer: threading.Thread | None = None
        self._stopping = threading.Event()

    # -- failures ---------------------------------------------------------------------------
    def refused(self, exc: BaseException, message: str, *args: object) -> None:
        """Log that this database refused something (``message % args``): with the traceback
        the first time its cause (:func:`failure_cause`) is seen, in one line naming the cause
        after it, so that a full disk under a hundred games logs one traceback."""
        cause = failure_cause(exc)
        if cause in self.refusals:
            log.error(message + ": %s", *args, cause)
        else:
            self.refusals.add(cause)
            log.error(message, *args, exc_info=exc)

    def failed(self, exc: BaseException, message: str, *args: object) -> None:
        """Log a request or message that failed: a refusal of this database (SQLAlchemy's
        ``OperationalError``: down, its disk full) as :meth:`refused` does, anything else (a
        bug) with its traceback every time."""
        if isinstance(exc, sa.exc.OperationalError):
            self.refused(exc, message, *args)
        else:
            log.error(message, *args, exc_info=exc)

    # -- life cycle -------------------------------------------------------------------------
    async def open(self) -> None:
        """Bring the tables to the latest schema (Alembic, :mod:`.migrate`: once, under a lock
        shared by every process on the database) and start the writer thread."""
        await asyncio.to_thread(migrate.upgrade, self.engine, self.prefix)
        self._writer = threading.Thread(
            target=self._write_loop, name="tycoon-db-writer", daemon=True
        )
        self._writer.start()
        if self.url.startswith("sqlite:///") and self.url != "sqlite:///:memory:":
            self._checkpointer = threading.Thread(
                target=self._checkpoint_loop, name="tycoon-db-checkpoint", daemon=True
            )
            self._checkpointer.start()

    def _checkpoint_loop(self) -> None:
        """Move the SQLite WAL into the database every second, off the event loop (commits
        themselves never checkpoint: ``wal_autocheckpoint=0``)."""
        while not self._stopping.wait(1.0):
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a busy database: next time
                continue

    async def ping(self) -> None:
        """Raise if the database does not answer (readiness check)."""

        def run() -> None:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")

        await asyncio.wait_for(asyncio.to_thread(run), 5.0)

    async def close(self) -> None:
        """Finish queued writes, stop the writer and release connections."""
        self._stopping.set()
        if self._checkpointer is not None:
            await asyncio.to_thread(self._checkpointer.join)
            self._checkpointer = None
        if self._writer is not None:
            self._queue.put(_STOP)
            await asyncio.to_thread(self._writer.join)
            self._writer = None
        self.engine.dispose()

    def drop_all(self) -> None:
        """Drop this prefix's tables, migration version included (tests)."""
        self.meta.drop_all(self.engine)
        sa.Table(f"{self.prefix}alembic_version", sa.MetaData()).drop(self.engine, checkfirst=True)

    # -- writes -----------------------------------------------------------------------------
    async def append(
        self, game_id: str, idx: int, seat: int, action: dict[str, Any], by: str,
        reason: str | None = None, client_seq: int | None = None,
        fence: tuple[str, int] | None = None,
    ) -> None:
        """Append action ``idx`` of a game; returns once it is committed.

        ``client_seq`` is the player's message ``seq`` (None for bots and stand-ins): with it
        a restarted server still knows which of a seat's messages it has applied.
        ``fence`` (several processes): the ``(owner, epoch)`` of the game's lease; in the same
        transaction the lease must still be that, or :class:`~.lease.StaleLease` is raised
        and nothing is written.
        """
        row = {
            "game_id": game_id, "idx": idx, "seat": seat, "action": _dumps(action),
            "by": by, "reason": reason, "at": time.time(), "client_seq": client_seq,
        }
        await self._submit([row], {game_id: fence} if fence is not None else {})

    async def _submit(self, rows: list[dict[str, Any]],
                      fences: dict[str, tuple[str, int]] | None = None) -> None:
        if self._writer is None:
            raise RuntimeError("storage is not open")
        if self.inline:
            with self.engine.begin() as conn:
                check_fences(conn, self.leases, fences or {})
                conn.execute(self.actions.insert(), rows)
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Append(rows, future, loop, fences or {}))
        await future

    async def _write(self, fn: Callable[[sa.Connection], Any]) -> Any:
        """Run ``fn(connection)`` in one transaction on the writer thread (one writer at a
        time: SQLite never waits on its own lock)."""
        if self._writer is None:
            raise RuntimeError("storage is not open")
        if self.inline:
            with self.engine.begin() as conn:
                return fn(conn)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put(_Call(fn, future, loop))
        return await future

    def _write_loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            batch = [first]
            stop = False
            while len(batch) < 1000:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    stop = True
                    break
                batch.append(item)
            self._write_batch(batch)
            if stop:
                return

    def _write_batch(self, items: list[Any]) -> None:
        run: list[_Append] = []
        for item in items:
            if isinstance(item, _Append):
                run.append(item)
                continue
            if run:
                self._write_appends(run)
                run = []
            try:
                with self.engine.begin() as conn:
                    value = item.fn(conn)
            except Exception as exc:
                _resolve(item, exc)
            else:
                _resolve(item, None, value)
        if run:
            self._write_appends(run)

    def _write_appends(self, batch: list[_Append]) -> None:
        try:
            with self.engine.begin() as conn:
                check_fences(conn, self.leases,
                             {k: v for item in batch for k, v in item.fences.items()})
                conn.execute(self.actions.insert(), [r for item in batch for r in item.rows])
        except Exception:
            # One bad row must not fail the others: retry each on its own.
            for item in batch:
                try:
                    with self.engine.begin() as conn:
                        check_fences(conn, self.leases, item.fences)
                        conn.execute(self.actions.insert(), item.rows)
                except Exception as exc:
                    _resolve(item, exc)
                else:
                    _resolve(item, None)
            return
        for item in batch:
            _resolve(item, None)

    async def create_game(self, game: GameRow, seats: list[SeatRow]) -> None:
        """Insert a game and its seats in one transaction."""

        def run(conn: sa.Connection) -> None:
            conn.execute(self.games.insert().values(
                id=game.id, game=game.game, seats=game.seats, seed=str(game.seed),
                options=_dumps(game.options), decision_seconds=game.decision_seconds,
                status=game.status, seeded=game.seeded, name=game.name, created=game.created,
                result=None, spectator_chat=game.spectator_chat, creator=game.creator,
                rematch_of=game.rematch_of,
            ))
            conn.execute(self.seats.insert(), [
                {"game_id": game.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "name": s.name, "token_hash": s.token_hash}
                for s in seats
            ])

        await self._write(run)

    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                         fence: tuple[str, int] | None = None) -> bool:
        """Give a free human seat to ``name``; False if somebody took it first. ``fence``: as
        for :meth:`append` (a stale owner's claim raises :class:`~.lease.StaleLease`)."""

        def run(conn: sa.Connection) -> bool:
            if fence is not None:
                check_fences(conn, self.leases, {game_id: fence})
            res = conn.execute(
                self.seats.update()
                .where(self.seats.c.game_id == game_id, self.seats.c.seat == seat,
                       self.seats.c.kind == "human", self.seats.c.token_hash.is_(None))
                .values(name=name, token_hash=token_hash)
            )
            return res.rowcount == 1

        return await self._write(run)

    async def set_status(
        self, game_id: str, status: str, result: dict[str, Any] | None = None,
        fence: tuple[str, int] | None = None,
    ) -> None:
        """Change a game's status (and store its result when it ends). ``fence``: as for
        :meth:`append`."""

        def run(conn: sa.Connection) -> None:
            if fence is not None:
                check_fences(conn, self.leases, {game_id: fence})
            conn.execute(self.games.update().where(self.games.c.id == game_id).values(
                status=status, result=None if result is None else _dumps(result)))

        await self._write(run)

    async def set_seat_bot(self, game_id: str, seat: int, bot: str, name: str,
                           fence: tuple[str, int] | None = None) -> None:
        """A bot plays ``seat`` from now on (a person resigned, or missed the rematch): its
        token no longer acts. ``fence``: as for :meth:`append`."""

        def run(conn: sa.Connection) -> None:
            if fence is not None:
                check_fences(conn, self.leases, {game_id: fence})
            conn.execute(self.seats.update().where(
                self.seats.c.game_id == game_id, self.seats.c.seat == seat,
            ).values(kind="bot", bot=bot, name=name, token_hash=None))

        await self._write(run)

    async def add_chat(self, game_id: str, seat: int | None, name: str, text: str | None,
                       reaction: str | None, at: float) -> dict[str, Any]:
        """Store one chat message of a table (``game_id`` "" : the lobby); return its row."""

        def run(conn: sa.Connection) -> dict[str, Any]:
            res = conn.execute(self.chat.insert().values(
                game_id=game_id, seat=seat, name=name, text=text, reaction=reaction, at=at))
            return {"id": int(res.inserted_primary_key[0]), "seat": seat, "name": name,
                    "text": text, "reaction": reaction, "at": at}

        return await self._write(run)

    async def load_chat(self, game_id: str, after: int = 0,
                        limit: int = 100) -> list[dict[str, Any]]:
        """Chat rows of a table (``""``: the lobby) with ``id > after``: the latest ``limit``,
        oldest first."""

        def run() -> list[dict[str, Any]]:
            c = self.chat.c
            with self.engine.connect() as conn:
                rows = conn.execute(
                    self.chat.select().where(c.game_id == game_id, c.id > after)
                    .order_by(c.id.desc()).limit(limit)
                ).all()
            return [{"id": r.id, "seat": r.seat, "name": r.name, "text": r.text,
                     "reaction": r.reaction, "at": r.at} for r in reversed(rows)]

        return await asyncio.to_thread(run)

    async def delete_game(self, game_id: str, fence: tuple[str, int] | None = None) -> None:
        """Forget a game that never started (it expired): its row, seats and chat. ``fence``:
        as for :meth:`append` (a stale owner must not delete a game somebody joined since on
        its new owner)."""

        def run(conn: sa.Connection) -> None:
            if fence is not None:
                check_fences(conn, self.leases, {game_id: fence})
            for table in (self.seats, self.actions, self.chat):
                conn.execute(table.delete().where(table.c.game_id == game_id))
            conn.execute(self.games.delete().where(self.games.c.id == game_id))

        await self._write(run)

    # -- reads ------------------------------------------------------------------------------
    async def load_games(self, statuses: tuple[str, ...]) -> list[tuple[GameRow, list[SeatRow]]]:
        """Games with one of ``statuses`` and their seats, oldest first."""

        def run() -> list[tuple[GameRow, list[SeatRow]]]:
            with self.engine.connect() as conn:
                games = conn.execute(
                    self.games.select().where(self.games.c.status.in_(statuses))
                    .order_by(self.games.c.created)
                ).all()
                return [(_game_row(g), self._seats_of(conn, g.id)) for g in games]

        return await asyncio.to_thread(run)

    def _seats_of(self, conn: Any, game_id: str) -> list[SeatRow]:
        """The seats of one game, in seat order (inside a caller's connection)."""
        rows = conn.execute(
            self.seats.select().where(self.seats.c.game_id == game_id).order_by(self.seats.c.seat)
        ).all()
        return [_seat_row(r) for r in rows]

    async def load_game(self, game_id: str) -> tuple[GameRow, list[SeatRow]] | None:
        """One game and its seats, or None."""

        def run() -> tuple[GameRow, list[SeatRow]] | None:
            with self.engine.connect() as conn:
                g = conn.execute(self.games.select().where(self.games.c.id == game_id)).first()
                if g is None:
                    return None
                return _game_row(g), self._seats_of(conn, game_id)

        return await asyncio.to_thread(run)

    async def load_actions(self, game_id: str) -> list[ActionRow]:
        """Every committed action of a game, in order."""

        def run() -> list[ActionRow]:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    self.actions.select().where(self.actions.c.game_id == game_id)
                    .order_by(self.actions.c.idx)
                ).all()
            return [ActionRow(r.idx, r.seat, json.loads(r.action), r.by, r.reason, r.at,
                              r.client_seq)
                    for r in rows]

        return await asyncio.to_thread(run)

    async def list_games(self, statuses: tuple[str, ...], limit: int,
                         order: Mapping[str, int] | None = None,
                         ) -> list[tuple[GameRow, list[SeatRow], int]]:
        """Up to ``limit`` games of ``statuses``, each with its seats and its number of
        actions (its version): ranked by ``order`` of their status when given, the most
        recently created first within a rank. Two queries, whatever the number of games."""
        g, a, s = self.games, self.actions, self.seats
        ranks = () if order is None else (sa.case(dict(order), value=g.c.status),)

        def run() -> list[tuple[GameRow, list[SeatRow], int]]:
            with self.engine.connect() as conn:
                games = conn.execute(
                    # the last action's index, not a count: one step down the key per game
                    sa.select(g, sa.select(sa.func.coalesce(sa.func.max(a.c.idx) + 1, 0))
                              .where(a.c.game_id == g.c.id)
                              .scalar_subquery().label("version"))
                    .where(g.c.status.in_(statuses))
                    .order_by(*ranks, g.c.created.desc()).limit(limit)
                ).all()
                seats: dict[str, list[SeatRow]] = {r.id: [] for r in games}
                if seats:
                    for r in conn.execute(s.select().where(s.c.game_id.in_(list(seats)))
                                          .order_by(s.c.game_id, s.c.seat)):
                        seats[r.game_id].append(_seat_row(r))
                return [(_game_row(r), seats[r.id], int(r.version)) for r in games]

        return await asyncio.to_thread(run)


def _resolve(item: _Append | _Call, exc: Exception | None, value: Any = None) -> None:
    def done() -> None:
        if item.future.done():
            return
        if exc is None:
            item.future.set_result(value)
        else:
            item.future.set_exception(exc)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
        item.loop.call_soon_threadsafe(done)


def _game_row(g: Any) -> GameRow:
    return GameRow(
        g.id, g.game, g.seats, int(g.seed), json.loads(g.options), g.decision_seconds, g.status,
        bool(g.seeded), g.name, g.created, None if g.result is None else json.loads(g.result),
        bool(g.spectator_chat), g.creator or "", g.rematch_of,
    )


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()
