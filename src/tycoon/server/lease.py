"""Ownership of games by lease, with a fenced epoch (several server processes, one database).

Each unfinished game has at most one *owner* process at a time: the one holding its row in the
``leases`` table (owner, epoch, expires). The owner renews its leases every
``lease_renew_seconds``; a lease not renewed for ``lease_seconds`` may be taken by another
process, which increments the epoch. Every append of an action carries the appender's
``(owner, epoch)`` *fence*: in the same transaction the database row is read under a share lock
and must still match, or the append is refused (:class:`StaleLease`) and nothing is written.
A process that was paused past its lease (or cut off from the database) therefore cannot
write into a game somebody else has taken over. Clocks only decide *when* a lease may be
taken, never whether a write is applied.

>>> import asyncio
>>> from tycoon.server.storage import Storage
>>> async def demo():
...     store = Storage("sqlite://")
...     await store.open()
...     a, b = Leases(store, "a"), Leases(store, "b")
...     first = await a.acquire("g1", ttl=3)
...     refused = await b.acquire("g1", ttl=3)          # a holds it
...     await a.release(["g1"])
...     second = await b.acquire("g1", ttl=3)           # released: b takes it, epoch 2
...     await store.close()
...     return first, refused, second
>>> asyncio.run(demo())
(1, None, 2)
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import sqlalchemy as sa

if TYPE_CHECKING:
    from .storage import Storage


class StaleLease(RuntimeError):
    """A write fenced by an owner and epoch that no longer hold the game's lease."""


@dataclass(frozen=True)
class Lease:
    """One game's lease as stored."""

    game_id: str
    owner: str
    epoch: int
    expires: float

    def live(self, at: float | None = None) -> bool:
        """Whether it has not expired at ``at`` (default: now)."""
        return self.expires > (time.time() if at is None else at)


def check_fences(conn: sa.Connection, table: sa.Table,
                 fences: dict[str, tuple[str, int]]) -> None:
    """Inside an append's transaction: every game of ``fences`` must still be leased by that
    owner at that epoch (rows read ``FOR SHARE``, so a takeover waits for this commit or this
    append sees the new epoch); raise :class:`StaleLease` otherwise."""
    if not fences:
        return
    rows = conn.execute(
        sa.select(table.c.game_id, table.c.owner, table.c.epoch)
        .where(table.c.game_id.in_(list(fences)))
        .with_for_update(read=True)
    ).all()
    found = {r.game_id: (r.owner, int(r.epoch)) for r in rows}
    for game_id, fence in fences.items():
        if found.get(game_id) != (fence[0], int(fence[1])):
            raise StaleLease(f"game {game_id}: lease {fence} is no longer held "
                             f"(now {found.get(game_id)})")


class Leases:
    """The lease operations of one process (``owner``: its unique name)."""

    def __init__(self, storage: Storage, owner: str) -> None:
        self.storage = storage
        self.owner = owner
        self.table = storage.leases

    async def acquire(self, game_id: str, ttl: float, *, predecessor: str = "") -> int | None:
        """Take the game's lease if it is free, expired or already ours; return the new
        epoch (None: another process holds it, or won a race for it).

        ``predecessor``: an owner-name prefix (``URL#``) of a process known to be dead (the
        one that had this process's address before it; only one process can listen there),
        whose live leases may be taken at once."""
        t = self.table
        me = self.owner

        def run(conn: sa.Connection) -> int | None:
            now = time.time()
            row = conn.execute(sa.select(t).where(t.c.game_id == game_id)
                               .with_for_update()).first()
            if row is None:
                conn.execute(t.insert().values(game_id=game_id, owner=me, epoch=1,
                                               expires=now + ttl))
                return 1
            mine = row.owner == me or (bool(predecessor) and row.owner.startswith(predecessor))
            if not mine and row.expires > now:
                return None
            res = conn.execute(t.update().where(t.c.game_id == game_id,
                                                t.c.epoch == row.epoch)
                               .values(owner=me, epoch=row.epoch + 1, expires=now + ttl))
            return int(row.epoch) + 1 if res.rowcount == 1 else None

        try:
            return await self.storage._write(run)
        except sa.exc.IntegrityError:  # another process inserted the first lease just now
            return None

    async def renew(self, ttl: float) -> set[str]:
        """Extend every lease this process holds; return the games still ours."""
        t = self.table
        me = self.owner

        def run(conn: sa.Connection) -> set[str]:
            res = conn.execute(t.update().where(t.c.owner == me)
                               .values(expires=time.time() + ttl).returning(t.c.game_id))
            return {r.game_id for r in res}

        return await self.storage._write(run)

    async def release(self, game_ids: list[str] | None = None) -> None:
        """Give leases up at once (``None``: all of ours), so another process may take them
        without waiting for them to expire."""
        t = self.table
        me = self.owner

        def run(conn: sa.Connection) -> None:
            q = t.update().where(t.c.owner == me)
            if game_ids is not None:
                q = q.where(t.c.game_id.in_(game_ids))
            conn.execute(q.values(expires=0.0))

        await self.storage._write(run)

    async def get(self, game_id: str) -> Lease | None:
        """A game's lease, or None."""
        t = self.table

        def run() -> Lease | None:
            with self.storage.engine.connect() as conn:
                r = conn.execute(sa.select(t).where(t.c.game_id == game_id)).first()
            return None if r is None else Lease(r.game_id, r.owner, int(r.epoch), r.expires)

        return await asyncio.to_thread(run)

    async def orphans(self, limit: int = 200, grace: float = 10.0) -> list[str]:
        """Unfinished games whose lease expired, or that have none though created more than
        ``grace`` seconds ago (a game just created gets its lease from its creator a moment
        after its row), oldest first."""
        t, g = self.table, self.storage.games

        def run() -> list[str]:
            now = time.time()
            q = (sa.select(g.c.id).select_from(g.outerjoin(t, t.c.game_id == g.c.id))
                 .where(g.c.status.in_(("open", "playing")),
                        sa.or_(sa.and_(t.c.game_id.is_(None), g.c.created < now - grace),
                               t.c.expires <= now))
                 .order_by(g.c.created).limit(limit))
            with self.storage.engine.connect() as conn:
                return [r.id for r in conn.execute(q)]

        return await asyncio.to_thread(run)


def owner_address(owner: str) -> str:
    """The base URL of a process from its owner name (``URL#nonce``).

    >>> owner_address("http://10.0.0.2:8000#a1b2")
    'http://10.0.0.2:8000'
    """
    return owner.split("#", 1)[0]


