"""Schema migrations (issue 14): Alembic brings any database of an earlier server to the
latest schema in place, once, even when several processes start together."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from clusterlib import (  # noqa: F401 (fixtures)
    ServerProcess,
    free_port,
    pg_url_fixture,
    unique_prefix,
)

from tycoon.server import migrate
from tycoon.server.storage import Storage

pytestmark = pytest.mark.cluster

def old_schema(engine: sa.Engine, prefix: str, round_: str) -> None:
    """Tables as an earlier server's ``create_all`` made them, with one game in them.

    ``round_`` "previous": the round before chat and table features (commit 9826a8f);
    "today": the last server before migrations (chat and table features, no leases).
    """
    meta = sa.MetaData()
    games = [
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
    ]
    if round_ == "today":
        games += [sa.Column("spectator_chat", sa.Boolean, nullable=True),
                  sa.Column("creator", sa.String(64), nullable=True),
                  sa.Column("rematch_of", sa.String(32), nullable=True)]
    g = sa.Table(f"{prefix}games", meta, *games)
    s = sa.Table(
        f"{prefix}seats", meta,
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, index=True),
    )
    a = sa.Table(
        f"{prefix}actions", meta,
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(32), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("client_seq", sa.BigInteger, nullable=True),
    )
    if round_ == "today":
        sa.Table(
            f"{prefix}chat", meta,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("game_id", sa.String(32), nullable=False, index=True),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("text", sa.Text, nullable=True),
            sa.Column("reaction", sa.String(16), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
        )
    meta.create_all(engine)
    with engine.begin() as conn:
        conn.execute(g.insert().values(
            id="g1", game="toy", seats=2, seed="7", options="{}", decision_seconds=60.0,
            status="playing", seeded=False, name="old", created=1.0, result=None))
        conn.execute(s.insert(), [{"game_id": "g1", "seat": 0, "kind": "bot", "bot": "random"},
                                  {"game_id": "g1", "seat": 1, "kind": "bot", "bot": "random"}])
        conn.execute(a.insert().values(game_id="g1", idx=0, seat=0, action='{"type":"pass"}',
                                       by="bot", at=2.0))


def schema_matches(store: Storage) -> list:
    """Differences between the migrated database and the tables the server's code uses."""
    with store.engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={
            "compare_type": True,
            "include_name": lambda name, kind, _p: kind != "table" or ((name or "").startswith(
                store.prefix) and not name.endswith("alembic_version")),
        })
        return compare_metadata(ctx, store.meta)


LONG_SPEC = "ismcts:iterations=300:seconds=0.5:skill=0.9:depth=10"


async def reopen(url: str, prefix: str) -> tuple[Storage, list]:
    store = Storage(url, prefix=prefix)
    await store.open()
    loaded = await store.load_game("g1")
    actions = await store.load_actions("g1")
    await store.append("g1", len(actions), 1, {"type": "pass"}, "bot", client_seq=3)
    # migration 0004: a seat stores a bot spec longer than the 32 characters of before
    await store.set_seat_bot("g1", 0, LONG_SPEC, "Ann")
    assert (await store.load_game("g1"))[1][0].bot == LONG_SPEC
    return store, [loaded, actions]


def check_upgraded(url: str, prefix: str) -> None:
    store, (loaded, actions) = asyncio.run(reopen(url, prefix))
    try:
        assert loaded is not None and loaded[0].name == "old" and len(loaded[1]) == 2
        assert loaded[0].spectator_chat is False and loaded[0].rematch_of is None
        assert actions[0].action == {"type": "pass"} and actions[0].client_seq is None
        assert migrate.current(store.engine, prefix) == migrate.head()
        assert schema_matches(store) == []
    finally:
        asyncio.run(store.close())


def test_fresh_sqlite_schema_matches_the_code(tmp_path: Path) -> None:
    """A new database gets exactly the tables, columns and indexes the server uses."""
    store = Storage(f"sqlite:///{tmp_path / 'new.sqlite3'}", prefix="tycoon_")
    asyncio.run(store.open())
    try:
        assert migrate.current(store.engine, "tycoon_") == migrate.head() == "0004"
        assert schema_matches(store) == []
    finally:
        asyncio.run(store.close())


def test_an_upgrade_is_said_in_one_line(tmp_path: Path, caplog) -> None:
    """From a revision to the latest: one line, then nothing on the next start."""
    from alembic import command

    url = f"sqlite:///{tmp_path / 'older.sqlite3'}"
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        command.upgrade(migrate._config(conn, "tycoon_"), "0002")
        conn.commit()
    with caplog.at_level(logging.INFO, "tycoon.server"):
        assert migrate.upgrade(engine) == migrate.head()
        assert migrate.upgrade(engine) == migrate.head()
    assert [r.getMessage() for r in caplog.records] == [
        f"database {url}: tables upgraded from schema 0002 to {migrate.head()}"]
    engine.dispose()


def test_previous_round_sqlite_file_upgrades_in_place(tmp_path: Path, caplog) -> None:
    """A file of the round before chat and table features keeps its game and gains the rest;
    the server says so in one line."""
    url = f"sqlite:///{tmp_path / 'previous.sqlite3'}"
    engine = sa.create_engine(url)
    old_schema(engine, "tycoon_", "previous")
    engine.dispose()
    with caplog.at_level(logging.INFO, "tycoon.server"):
        check_upgraded(url, "tycoon_")
    assert [r.getMessage() for r in caplog.records if "database" in r.getMessage()] == [
        f"database {url}: tables upgraded to schema {migrate.head()} (made before schema "
        "revisions)"]


def test_todays_sqlite_file_upgrades_in_place(tmp_path: Path) -> None:
    """A file of the last server before migrations (no version table) upgrades in place."""
    url = f"sqlite:///{tmp_path / 'today.sqlite3'}"
    engine = sa.create_engine(url)
    old_schema(engine, "tycoon_", "today")
    engine.dispose()
    check_upgraded(url, "tycoon_")
    check_upgraded(url, "tycoon_")  # a second start: nothing to do, nothing lost


def test_postgresql_old_schema_upgrades_in_place(pg_url: str) -> None:
    """The same on PostgreSQL, with a unique table prefix."""
    prefix = unique_prefix()
    engine = sa.create_engine(pg_url)
    try:
        old_schema(engine, prefix, "previous")
        check_upgraded(pg_url, prefix)
    finally:
        engine.dispose()
        Storage(pg_url, prefix=prefix).drop_all()


def test_three_processes_start_together_on_fresh_postgresql(pg_url: str) -> None:
    """Three servers of a cluster started at once on an empty schema all come up (one
    migrates, the others wait on the advisory lock and find nothing to do)."""
    prefix = unique_prefix()
    ports = [free_port() for _ in range(3)]
    servers = [ServerProcess(pg_url, {"table_prefix": prefix, "bot_processes": 0,
                                      "advertise_url": f"http://127.0.0.1:{port}"}, port=port)
               for port in ports]
    try:
        for server in servers:
            server.start()
        for server in servers:
            server.wait_ready(60)
        store = Storage(pg_url, prefix=prefix)
        assert migrate.current(store.engine, prefix) == migrate.head()
        assert schema_matches(store) == []
        store.engine.dispose()
    finally:
        for server in servers:
            server.stop()
        Storage(pg_url, prefix=prefix).drop_all()


def test_sqlite_processes_started_together_one_serves_the_other_says_why_not(
        tmp_path: Path) -> None:
    """Two servers started at once on one new SQLite file: the file is migrated once (its
    lock), and one server runs its games; the other stops with the reason (two servers
    restoring one file's games would both run them), and takes over once the first is gone."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    servers = [ServerProcess(url, {"bot_processes": 0}) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        ends = []
        for server in servers:
            assert server.proc is not None
            try:
                server.wait_ready(60)
                ends.append(None)
            except AssertionError:
                ends.append(server.proc.wait(30))
        assert sorted(ends, key=str) == [2, None] or sorted(ends, key=str) == [3, None], ends
        refused = servers[ends.index(None) - 1]
        assert "another Tycoon server is using the database" in refused.log_tail(), (
            refused.log_tail())
        servers[ends.index(None)].stop()
        refused.start().wait_ready(60)
    finally:
        for server in servers:
            server.stop()
    assert json.loads(json.dumps(migrate.current(sa.create_engine(url), "tycoon_"))) == "0004"
