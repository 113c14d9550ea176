"""Storage on SQLite and (marked ``services``) PostgreSQL; the Redis broker; a whole game on
PostgreSQL with Redis fan-out, restored after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import uuid

import pytest

from conftest import (
    Client,
    LiveServer,
    _unavailable,
    free_port,
    player_loop,
    run,
    unique_prefix,
)
from tycoon.server.broker import LocalBroker, RedisBroker
from tycoon.server.storage import GameRow, SeatRow, Storage


async def exercise_storage(store: Storage) -> None:
    await store.open()
    try:
        row = GameRow("g1", "deal", 2, 2**64 - 1, {"x": 1}, 30.0, "open", True, "n", 1.0)
        await store.create_game(row, [SeatRow(0, "human"), SeatRow(1, "bot", "random", "bot")])
        # concurrent appends share commits and all land in order
        await asyncio.gather(*(store.append("g1", i, i % 2, {"type": "t", "i": i}, "player")
                               for i in range(50)))
        actions = await store.load_actions("g1")
        assert [a.idx for a in actions] == list(range(50))
        assert actions[7].action == {"type": "t", "i": 7} and actions[7].seat == 1
        # an index appended twice is refused, the others are unaffected
        with pytest.raises(Exception):  # noqa: B017 - the driver's IntegrityError
            await store.append("g1", 3, 0, {"type": "dup"}, "player")
        assert len(await store.load_actions("g1")) == 50
        # a free seat is claimed once only
        claims = await asyncio.gather(store.claim_seat("g1", 0, "a", "h1"),
                                      store.claim_seat("g1", 0, "b", "h2"))
        assert sorted(claims) == [False, True]
        assert not await store.claim_seat("g1", 1, "c", "h3")  # a bot seat
        await store.set_status("g1", "finished", {"winner": 1})
        game, seats = await store.load_game("g1")
        assert game.seed == 2**64 - 1 and game.status == "finished" and game.result == {
            "winner": 1}
        assert seats[0].token_hash in ("h1", "h2") and seats[1].bot == "random"
        assert await store.load_games(("open", "playing")) == []
        assert [g.id for g, _, _ in await store.list_games(("finished",), 10)] == ["g1"]
    finally:
        await store.close()


@pytest.mark.parametrize("inline", [True, False])
def test_storage_on_sqlite(tmp_path, inline):
    """Appends commit in order, duplicates are refused, a seat is claimed once (writes
    inline, or through the writer thread with group commits)."""
    run(exercise_storage(Storage(f"sqlite:///{tmp_path / 's.sqlite3'}", prefix=unique_prefix(),
                                 inline=inline)))


@pytest.mark.services
def test_storage_on_postgresql(pg_url):
    """The same storage behaviour on PostgreSQL (own table prefix, dropped afterwards)."""
    store = Storage(pg_url, prefix=unique_prefix())
    try:
        run(exercise_storage(store))
    finally:
        Storage(pg_url, prefix=store.prefix).drop_all()


def test_local_broker_filters_nothing_and_unsubscribes():
    async def main():
        broker, got = LocalBroker(), []
        off = broker.subscribe("g", got.append)
        await broker.publish("g", None, {"n": 1})
        await broker.publish("h", None, {"n": 2})
        off()
        await broker.publish("g", 1, {"n": 3})
        return got

    assert run(main()) == [(None, {"n": 1})]


@pytest.mark.services
def test_redis_broker_outlives_a_redis_restart(tmp_path):
    """Redis goes away and comes back (a restart, a network blip): a publish meanwhile is
    logged and lost rather than raised (it raised after the move was stored, and a bot seat
    stood still for good), and the broker listens again once Redis is back, then has the
    server send every game's update again. Its listener used to end at the first error: the
    process then delivered no update until it restarted."""
    import shutil
    import subprocess
    import time as clock

    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed")
    port = free_port()

    def redis() -> subprocess.Popen:
        proc = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save",
                                 "", "--appendonly", "no", "--dir", str(tmp_path)],
                                stdout=subprocess.DEVNULL)
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                return proc
            clock.sleep(0.05)
        pytest.fail("redis-server did not start")

    async def main():
        first = redis()
        broker = RedisBroker(f"redis://127.0.0.1:{port}/0", "blip:")
        broker.relisten = (0.05, 0.2)
        relistened = []

        async def resend() -> None:
            relistened.append(True)

        broker.on_relisten = resend
        await broker.start()
        got = []
        broker.subscribe("g", got.append)
        await broker.publish("g", None, {"n": 1})
        first.terminate()
        first.wait()
        await broker.publish("g", None, {"n": 2})  # Redis is down: no error
        await asyncio.sleep(0.3)
        second = redis()
        try:
            for _ in range(100):  # until the broker listens again
                await broker.publish("g", 0, {"n": 3})
                await asyncio.sleep(0.05)
                if (0, {"n": 3}) in got:
                    break
            listening = not broker._task.done()
            await broker.stop()
        finally:
            second.terminate()
            second.wait()
        return got, listening, relistened

    got, listening, relistened = run(main())
    assert got[0] == (None, {"n": 1}) and (None, {"n": 2}) not in got
    assert (0, {"n": 3}) in got and listening
    assert relistened  # the server then sends every game's update again (Lobby.resend)


@pytest.mark.services
def test_redis_broker_fans_out_between_two_brokers(redis_url):
    """Two brokers (two server processes) see each other's messages, in order."""

    async def main():
        prefix = f"test:{uuid.uuid4().hex[:8]}:"
        a, b = RedisBroker(redis_url, prefix), RedisBroker(redis_url, prefix)
        await a.start()
        await b.start()
        got_a, got_b = [], []
        a.subscribe("g1", got_a.append)
        b.subscribe("g1", got_b.append)
        b.subscribe("g2", lambda m: pytest.fail("wrong game"))
        for i in range(5):
            await a.publish("g1", i % 2 or None, {"i": i})
        for _ in range(100):
            if len(got_a) == len(got_b) == 5:
                break
            await asyncio.sleep(0.02)
        await a.stop()
        await b.stop()
        return got_a, got_b

    got_a, got_b = run(main())
    assert got_a == got_b == [(None, {"i": 0}), (1, {"i": 1}), (None, {"i": 2}),
                              (1, {"i": 3}), (None, {"i": 4})]


@pytest.mark.services
def test_whole_game_on_postgresql_with_redis_and_restart(pg_url, redis_url):
    """A game stored in PostgreSQL, updates fanned out through Redis; the server is stopped
    mid-game and a new one restores the game from its record; the players finish it."""
    prefix = unique_prefix()
    broker_prefix = f"test:{uuid.uuid4().hex[:8]}:"
    live = LiveServer(pg_url, table_prefix=prefix,
                      broker=RedisBroker(redis_url, broker_prefix)).start()
    try:
        g = live.create(game="toy", players=["human", "human"], options={"turn_limit": 10})
        tokens = [live.join(g["id"], n)["token"] for n in ("a", "b")]

        async def first_half():
            a = await Client.open(live.ws, g["id"], tokens[0])
            for seq in (1, 2):
                await a.state(lambda m, v=2 * (seq - 1): m["version"] >= v and m["legal"])
                assert (await a.act(a.legal[0]["action"], seq))["type"] == "ack"
                b = await Client.open(live.ws, g["id"], tokens[1])
                await b.state(lambda m: m["legal"])
                assert (await b.act(b.legal[0]["action"], seq))["type"] == "ack"
                await b.close()
            return (await a.state(lambda m: m["version"] >= 4))["version"]

        assert run(first_half()) >= 4
        live.stop()
        # the restarted server gets its broker from the `redis_url` setting
        live = LiveServer(pg_url, table_prefix=prefix, redis_url=redis_url).start()

        async def second_half():
            clients = [await Client.open(live.ws, g["id"], t) for t in tokens]
            assert clients[0].update["version"] == 4
            errors: list = []
            await asyncio.gather(*(player_loop(c, lambda legal, _u: legal[0], errors)
                                   for c in clients))
            return clients[0].update

        final = run(second_half())
        assert final["status"] == "finished"
        record = live.get(f"/api/games/{g['id']}/record").json()
        assert record["complete"] and len(record["actions"]) == final["version"]
    finally:
        live.stop()
        Storage(pg_url, prefix=prefix).drop_all()


def test_missing_services_skip_but_fail_loudly_on_ci(monkeypatch):
    """Without PostgreSQL/Redis the services tests skip, except with CI=true: they fail."""
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        _unavailable("PostgreSQL", ConnectionError("refused"))
    monkeypatch.setenv("CI", "")
    with pytest.raises(pytest.skip.Exception):
        _unavailable("PostgreSQL", ConnectionError("refused"))


def test_a_record_that_no_longer_replays_is_closed_at_restart(db_url):
    """A stored game whose actions the rules now refuse (an older rules version) is marked
    finished with the reason at start-up instead of stopping the server."""
    import sqlalchemy as sa

    live = LiveServer(db_url).start()
    g = live.create(game="toy", players=["human", "human"])
    t0 = live.join(g["id"], "a")["token"]
    live.join(g["id"], "b")

    async def play():
        a = await Client.open(live.ws, g["id"], t0)
        assert (await a.act({"type": "draw"}, 1))["type"] == "ack"

    run(play())
    live.stop()
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:  # the stored action becomes one the rules refuse
        conn.execute(sa.text("update tycoon_actions set action = :a"),
                     {"a": '{"type": "play", "card": 999}'})
    engine.dispose()
    live = LiveServer(db_url).start()
    try:
        games = {x["id"]: x for x in live.get("/api/games").json()}
        assert g["id"] not in games or games[g["id"]]["status"] == "finished"
        assert live.get(f"/api/games/{g['id']}").status_code == 404
        assert live.get("/api/health").status_code == 200
    finally:
        live.stop()


@pytest.mark.services
def test_names_with_control_characters_are_refused_before_postgresql_sees_them(pg_url):
    """PostgreSQL refuses NUL in text: a name or title holding one was a 500 (the game, the
    seat or the lobby's chat line not written). Names are printable text, the spaces around
    them dropped, on every database; a refused one changes nothing."""
    import json

    import httpx

    def post(path, body):  # as JSON text: a lone surrogate is sent as its \\ud800 escape
        return httpx.post(live.http + path, content=json.dumps(body),
                          headers={"content-type": "application/json"})

    live = LiveServer(pg_url, table_prefix=unique_prefix()).start()
    try:
        before = live.get("/api/games").json()
        for name in ("a\x00b", "a\x07b", "a\ud800b"):
            r = post("/api/games", {"game": "deal", "players": ["human", "random"],
                                    "name": name})
            assert r.status_code == 422, r.text
            assert r.json()["detail"] == ("body.name: must not hold control characters"
                                          if "\ud800" not in name else "body.name: Input should "
                                          "be a valid string, unable to parse raw data as a "
                                          "unicode string")
            r = post("/api/lobby/chat", {"name": name, "text": "hi"})
            assert r.status_code == 422 and "body.name" in r.json()["detail"], r.text
        assert live.get("/api/games").json() == before
        assert live.get("/api/lobby/chat").json() == []
        g = live.create(game="deal", players=["human", "random"], name="  Friday  ")
        assert g["name"] == "Friday"
        for name in ("A\x00", "   "):
            r = live.post(f"/api/games/{g['id']}/join", {"name": name})
            assert r.status_code == 422 and "body.name" in r.json()["detail"], r.text
        assert live.get(f"/api/games/{g['id']}").json()["free_seats"] == [0]
        assert live.join(g["id"], " Ann ")["seat"] == 0
        assert live.get(f"/api/games/{g['id']}").json()["players"][0]["name"] == "Ann"
    finally:
        live.stop()
