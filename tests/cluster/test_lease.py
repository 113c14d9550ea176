"""Ownership by lease with a fenced epoch (issue 14): a stale owner's write is refused by the
database, never applied."""

from __future__ import annotations

import asyncio
import time

import pytest
import sqlalchemy as sa
from clusterlib import pg_url_fixture, unique_prefix  # noqa: F401 (fixtures)

from tycoon.server.lease import Leases, StaleLease
from tycoon.server.storage import GameRow, SeatRow, Storage


async def exercise(store: Storage) -> None:
    await store.open()
    try:
        await store.create_game(GameRow("g1", "toy", 2, 7, {}, 60.0, "playing", False, "", 0.0),
                                [SeatRow(0, "bot", "random"), SeatRow(1, "bot", "random")])
        a, b = Leases(store, "http://a#1"), Leases(store, "http://b#2")
        epoch_a = await a.acquire("g1", ttl=3)
        assert epoch_a == 1
        assert await b.acquire("g1", ttl=3) is None  # a holds a live lease
        await store.append("g1", 0, 0, {"type": "pass"}, "bot", fence=("http://a#1", 1))
        # a's lease runs out (a paused); b takes over at epoch 2
        with store.engine.begin() as conn:
            conn.execute(store.leases.update().values(expires=time.time() - 1))
        assert await a.orphans() == ["g1"]  # created at 0.0: long ago
        assert await b.acquire("g1", ttl=3) == 2
        with pytest.raises(StaleLease):  # the stale owner's write is refused ...
            await store.append("g1", 1, 0, {"type": "stale"}, "bot", fence=("http://a#1", 1))
        stale = ("http://a#1", 1)
        for write in (store.set_status("g1", "finished", {"winner": 0}, fence=stale),
                      store.set_seat_bot("g1", 0, "medium", "Ana", fence=stale),
                      store.delete_game("g1", fence=stale)):
            with pytest.raises(StaleLease):  # nor its status, seats or an expiry's delete
                await write
        row, seats = await store.load_game("g1")
        assert (row.status, row.result, seats[0].bot) == ("playing", None, "random")
        await store.append("g1", 1, 1, {"type": "fresh"}, "bot", fence=("http://b#2", 2))
        rows = await store.load_actions("g1")
        # ... never applied
        assert [r.action for r in rows] == [{"type": "pass"}, {"type": "fresh"}]
        assert await a.renew(3) == set()  # a learns it lost the game
        assert await b.renew(3) == {"g1"}
        await b.release()
        assert (await b.get("g1")).live() is False
    finally:
        await store.close()


pytestmark = pytest.mark.cluster

def test_stale_epoch_write_refused_sqlite(tmp_path) -> None:
    """SQLite: the fence is checked in the append's transaction (inline writes)."""
    asyncio.run(exercise(Storage(f"sqlite:///{tmp_path / 'l.sqlite3'}")))


def test_stale_epoch_write_refused_postgresql(pg_url: str) -> None:
    """PostgreSQL: the same through the group-commit writer thread (the lease row is read
    FOR SHARE, so a takeover and an append are serialised)."""
    prefix = unique_prefix()
    try:
        asyncio.run(exercise(Storage(pg_url, prefix=prefix)))
    finally:
        Storage(pg_url, prefix=prefix).drop_all()


def test_group_commit_refuses_only_the_stale_game(pg_url: str) -> None:
    """In one batch of appends, the stale game's row is refused and the others are written."""
    prefix = unique_prefix()
    store = Storage(pg_url, prefix=prefix)

    async def run() -> None:
        await store.open()
        try:
            for gid in ("g1", "g2"):
                await store.create_game(
                    GameRow(gid, "toy", 2, 7, {}, 60.0, "playing", False, "", 0.0),
                    [SeatRow(0, "bot", "random"), SeatRow(1, "bot", "random")])
            a = Leases(store, "a")
            await a.acquire("g1", 3)
            await a.acquire("g2", 3)
            with store.engine.begin() as conn:
                conn.execute(store.leases.update().where(store.leases.c.game_id == "g2")
                             .values(epoch=5, owner="b"))
            results = await asyncio.gather(
                store.append("g1", 0, 0, {"type": "ok"}, "bot", fence=("a", 1)),
                store.append("g2", 0, 0, {"type": "stale"}, "bot", fence=("a", 1)),
                return_exceptions=True)
            assert results[0] is None and isinstance(results[1], StaleLease)
            assert len(await store.load_actions("g1")) == 1
            assert await store.load_actions("g2") == []
        finally:
            await store.close()

    try:
        asyncio.run(run())
    finally:
        Storage(pg_url, prefix=prefix).drop_all()


def test_lease_table_in_schema(tmp_path) -> None:
    """The leases table comes from migration 0003."""
    store = Storage(f"sqlite:///{tmp_path / 's.sqlite3'}")
    asyncio.run(store.open())
    try:
        assert "tycoon_leases" in sa.inspect(store.engine).get_table_names()
    finally:
        asyncio.run(store.close())


def test_a_stale_owner_does_not_expire_a_game_it_lost(tmp_path) -> None:
    """Expiry of an open game is a fenced delete: the process whose lease moved on leaves the
    game (its new owner may have seated somebody since) and gives up its room."""
    from tycoon.server.broker import LocalBroker
    from tycoon.server.lobby import Lobby
    from tycoon.server.settings import ServerSettings

    async def run() -> tuple[list[str], bool, list[str]]:
        store = Storage(f"sqlite:///{tmp_path / 'x.sqlite3'}")
        await store.open()
        lobby = Lobby(store, LocalBroker(),
                      ServerSettings(bot_processes=0, open_game_seconds=0))
        try:
            room = await lobby.create("toy", ["human", "human"], {}, None, 3, "")
            a, b = Leases(store, "a"), Leases(store, "b")
            room.fence = ("a", await a.acquire(room.id, ttl=3))
            dropped: list[str] = []
            room.on_stale = lambda r: dropped.append(r.id)
            with store.engine.begin() as conn:
                conn.execute(store.leases.update().values(expires=time.time() - 1))
            assert await b.acquire(room.id, ttl=3) == 2
            room.last_join = 0.0
            gone = await lobby.expire()
            kept = await store.load_game(room.id) is not None
            return gone, kept, dropped
        finally:
            await lobby.close()
            await store.close()

    gone, kept, dropped = asyncio.run(run())
    assert gone == [] and kept and len(dropped) == 1
