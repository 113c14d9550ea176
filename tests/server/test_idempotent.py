"""Idempotent actions: an action re-sent with the same ``seq`` after a lost ``ack`` is never
applied twice — across reconnections and server restarts (docs/protocol.md, "Actions are
idempotent per seat").

The games are one person against a random bot: the bot answers at once, so the person's
``draw`` is legal again by the time it is re-sent — exactly when applying it twice could
happen.
"""

from __future__ import annotations

import asyncio
import signal

import httpx
import pytest
import sqlalchemy as sa
from test_crash import start_server

from conftest import Client, LiveServer, free_port, run, unique_prefix
from tycoon.server.storage import Storage


def stored_rows(db_url: str, game_id: str) -> list[tuple[int, int, str, int | None]]:
    """(idx, seat, action type, client_seq) of every stored action of a game."""
    import json

    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text(
                "select idx, seat, action, client_seq from tycoon_actions "
                "where game_id = :g order by idx"), {"g": game_id}).all()
    finally:
        engine.dispose()
    return [(r.idx, r.seat, json.loads(r.action)["type"], r.client_seq) for r in rows]


def person_vs_bot(live: LiveServer) -> tuple[str, str]:
    g = live.create(game="toy", players=["human", "random"], options={"turn_limit": 40},
                    seed=3)
    return g["id"], live.join(g["id"], "ann")["token"]


async def drop_after_sending(base: str, game_id: str, token: str, message: dict) -> None:
    """Send one message and drop the connection without reading the answer (the ack lost)."""
    c = await Client.open(base, game_id, token)
    await c.send(message)
    await c.close()


def test_resent_seq_after_a_dropped_connection_is_acked_as_duplicate_and_applied_once(
        live, db_url):
    """An action whose ack was lost is re-sent with the same seq on a new connection: the
    answer is ``ack`` with ``duplicate: true`` and the version it was applied at; the record
    holds it once and the game advanced once (the bot's answer, then seat 0 again)."""
    game_id, token = person_vs_bot(live)

    async def main():
        await drop_after_sending(live.ws, game_id, token, {"seq": 1, "action": {"type": "draw"}})
        c = await Client.open(live.ws, game_id, token)
        # the first action and the bot's answer: seat 0 may draw again
        upd = await c.state(lambda m: m["version"] >= 2 and m["legal"])
        assert c.welcome["last_seq"] == 1 or c.welcome["last_seq"] is None  # commit may race
        assert {"type": "draw"} in [x["action"] for x in upd["legal"]]
        reply = await c.act({"type": "draw"}, 1)
        assert reply == {"type": "ack", "seq": 1, "version": 1, "duplicate": True}
        # nothing was applied: a ping round trip, and still version 2 with seat 0 to move
        await c.send({"type": "ping", "seq": 99})
        await c.until(lambda m: m["type"] == "pong")
        assert c.update["version"] == 2 and c.update["legal"]
        # and the next seq is a new action
        assert (await c.act({"type": "draw"}, 2)) == {"type": "ack", "seq": 2, "version": 3}
        await c.state(lambda m: m["version"] >= 4)
        await c.close()
        again = await Client.open(live.ws, game_id, token)
        assert again.welcome["last_seq"] == 2
        await again.close()

    run(main())
    rows = stored_rows(db_url, game_id)
    assert rows[:4] == [(0, 0, "draw", 1), (1, 1, rows[1][2], None), (2, 0, "draw", 2),
                        (3, 1, rows[3][2], None)]
    assert [r[3] for r in rows if r[1] == 0] == [1, 2]


def test_same_seq_from_two_connections_of_one_seat_applies_once(live, db_url):
    """Two connections of the same seat (two tabs) send the same action with the same seq at
    once: one is applied, the other is acknowledged as its duplicate."""
    game_id, token = person_vs_bot(live)

    async def main():
        a = await Client.open(live.ws, game_id, token)
        b = await Client.open(live.ws, game_id, token)
        await a.state(lambda m: m["legal"])
        replies = await asyncio.gather(a.act({"type": "draw"}, 7), b.act({"type": "draw"}, 7))
        return replies

    replies = run(main())
    assert sorted(r.get("duplicate", False) for r in replies) == [False, True]
    assert {r["version"] for r in replies} == {1}
    assert [r[3] for r in stored_rows(db_url, game_id) if r[1] == 0] == [7]


def test_old_seqs_never_applied_are_stale_and_reused_seqs_refused(live, db_url):
    """A seq not above the seat's last applied one that was never applied gets ``stale_seq``;
    an applied seq sent with another action gets ``seq_reused``; neither changes anything.
    A refused action uses up no seq. Bots' actions carry none."""
    game_id, token = person_vs_bot(live)

    async def main():
        c = await Client.open(live.ws, game_id, token)
        assert c.welcome["last_seq"] is None
        await c.state(lambda m: m["legal"])
        refused = await c.act({"type": "play", "card": 999}, 5)
        assert refused["type"] == "error" and refused["code"] == "illegal_action"
        # the refused seq 5 may be used again while nothing later was applied
        assert (await c.act({"type": "draw"}, 5)) == {"type": "ack", "seq": 5, "version": 1}
        upd = await c.state(lambda m: m["version"] >= 2 and m["legal"])
        card = next(x["action"] for x in upd["legal"] if x["action"]["type"] == "play")
        # a refused action at seq 6, then seq 8 applied: 6 (and 7, never sent) are stale now
        assert (await c.act({"type": "play", "card": 999}, 6))["code"] == "illegal_action"
        assert (await c.act({"type": "draw"}, 8)) == {"type": "ack", "seq": 8, "version": 3}
        await c.state(lambda m: m["version"] >= 4 and m["legal"])
        for seq in (6, 7, 0):
            reply = await c.act({"type": "draw"}, seq)
            assert reply["type"] == "error" and reply["code"] == "stale_seq", reply
            assert "above 8" in reply["message"]
        reply = await c.act(card, 8)  # seq 8 was a draw
        assert reply["code"] == "seq_reused" and "'draw'" in reply["message"]
        # the same action in another spelling is the same action: a duplicate
        assert (await c.act({"type": "draw"}, 5))["duplicate"] is True
        await c.send({"type": "ping", "seq": 1})
        await c.until(lambda m: m["type"] == "pong")
        assert c.update["version"] == 4 and c.update["legal"]
        assert (await c.act(card, 9)) == {"type": "ack", "seq": 9, "version": 5}
        await c.close()
        spectator = await Client.open(live.ws, game_id)
        assert spectator.welcome["last_seq"] is None
        await spectator.close()

    run(main())
    rows = stored_rows(db_url, game_id)
    assert [(r[2], r[3]) for r in rows if r[1] == 0] == [("draw", 5), ("draw", 8), ("play", 9)]
    assert all(r[3] is None for r in rows if r[1] == 1)


def test_duplicate_is_recognised_after_a_sigkill_and_restart(tmp_path):
    """The server is killed (SIGKILL) after committing an action; the restarted server
    restores the seat's applied seqs from the record: the re-sent action is a duplicate, the
    next seq a new action."""
    port = free_port()
    db = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    proc = start_server(port, db)
    try:
        g = httpx.post(f"{base}/api/games", json={
            "game": "toy", "players": ["human", "random"],
            "options": {"turn_limit": 40, "round_every": 0},
            "seed": 4}).json()
        token = httpx.post(f"{base}/api/games/{g['id']}/join", json={"name": "a"}).json()[
            "token"]

        async def first():
            c = await Client.open(ws, g["id"], token)
            assert (await c.act({"type": "draw"}, 3))["version"] == 1
            await c.state(lambda m: m["version"] >= 2)

        run(first())
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc = start_server(port, db)

        async def second():
            c = await Client.open(ws, g["id"], token)
            assert c.welcome["last_seq"] == 3
            await c.state(lambda m: m["legal"])
            assert c.update["version"] == 2
            assert (await c.act({"type": "draw"}, 3)) == {
                "type": "ack", "seq": 3, "version": 1, "duplicate": True}
            assert (await c.act({"type": "draw"}, 2))["code"] == "stale_seq"
            assert (await c.act({"type": "draw"}, 4)) == {"type": "ack", "seq": 4, "version": 3}
            await c.close()

        run(second())
    finally:
        proc.kill()
        proc.wait()
    assert [(r[0], r[3]) for r in stored_rows(db, g["id"]) if r[1] == 0] == [(0, 3), (2, 4)]


def test_a_database_from_before_client_seq_is_upgraded_at_start(db_url):
    """A database made before the ``client_seq`` column existed: the server adds the column at
    start-up, restores the game (old actions have no seq) and goes on with idempotent
    actions."""
    live = LiveServer(db_url).start()
    game_id, token = person_vs_bot(live)

    async def play(seq):
        c = await Client.open(live.ws, game_id, token)
        await c.state(lambda m: m["legal"])
        reply = await c.act({"type": "draw"}, seq)
        await c.state(lambda m, v=reply["version"]: m["version"] >= v + 1)
        await c.close()
        return c, reply

    run(play(1))
    live.stop()
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:  # yesterday's table: no client_seq column
        conn.execute(sa.text("alter table tycoon_actions drop column client_seq"))
        # ... and no migrations yet (no version table, no leases): Alembic upgrades it
        conn.execute(sa.text("drop table tycoon_alembic_version"))
        conn.execute(sa.text("drop table tycoon_leases"))
        cols = [r[1] for r in conn.execute(sa.text("pragma table_info(tycoon_actions)"))]
    engine.dispose()
    assert "client_seq" not in cols
    live = LiveServer(db_url).start()
    try:
        c, reply = run(play(1))
        assert c.welcome["last_seq"] is None  # the old row's seq was not stored
        assert reply == {"type": "ack", "seq": 1, "version": 3}
        c, reply = run(play(1))
        assert c.welcome["last_seq"] == 1
        assert reply == {"type": "ack", "seq": 1, "version": 3, "duplicate": True}
    finally:
        live.stop()
    rows = stored_rows(db_url, game_id)
    assert [(r[0], r[1], r[3]) for r in rows[:4]] == [(0, 0, None), (1, 1, None), (2, 0, 1),
                                                      (3, 1, None)]


async def old_table_gets_client_seq(store: Storage) -> None:
    """Make ``store``'s tables as an older server did (actions without ``client_seq``, one
    row stored), then open it: the column is added, the old row reads None, new rows keep
    their seq."""
    old = sa.MetaData()
    sa.Table(f"{store.prefix}actions", old,
             *(sa.Column(c.name, c.type, primary_key=c.primary_key, nullable=c.nullable)
               for c in store.actions.columns if c.name != "client_seq"))
    old.create_all(store.engine)
    with store.engine.begin() as conn:
        conn.execute(sa.text(
            f"insert into {store.prefix}actions (game_id, idx, seat, action, by, reason, at) "
            "values ('g', 0, 0, '{\"type\":\"draw\"}', 'player', null, 1.0)"))
    await store.open()
    try:
        await store.append("g", 1, 0, {"type": "draw"}, "player", None, 2**53 - 1)
        await store.append("g", 2, 1, {"type": "draw"}, "bot")
        rows = await store.load_actions("g")
        assert [(r.idx, r.client_seq) for r in rows] == [(0, None), (1, 2**53 - 1), (2, None)]
    finally:
        await store.close()
    await store.open()  # a second start finds nothing to add
    await store.close()


def test_storage_adds_client_seq_to_an_old_sqlite_database(tmp_path):
    run(old_table_gets_client_seq(Storage(f"sqlite:///{tmp_path / 'old.sqlite3'}")))


@pytest.mark.services
def test_storage_adds_client_seq_to_an_old_postgresql_database(pg_url):
    store = Storage(pg_url, prefix=unique_prefix())
    try:
        run(old_table_gets_client_seq(store))
    finally:
        Storage(pg_url, prefix=store.prefix).drop_all()
