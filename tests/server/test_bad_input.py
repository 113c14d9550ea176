"""Nothing trusted: every bad message gets an error (or a close with a reason) and changes
nothing; a token acts only for its seat; a flood is cut off."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from conftest import Client, LiveServer, run


@pytest.fixture
def table(live):
    """A fake game with two joined seats, seat 0 to move."""
    g = live.create(game="toy", players=["human", "human"], seed=3)
    t0 = live.join(g["id"], "a")["token"]
    t1 = live.join(g["id"], "b")["token"]
    return live, g["id"], t0, t1


async def snapshot(live, game_id, token):
    c = await Client.open(live.ws, game_id, token)
    await c.close()
    return c.update["version"], c.update["view"]


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        (json.dumps({"seq": 1, "action": {"type": "teleport"}}), "illegal_action"),
        (json.dumps({"seq": 1, "action": {"type": "play", "card": 999}}), "illegal_action"),
        (json.dumps({"seq": 1, "action": {"type": "play", "card": "x"}}), "illegal_action"),
        (json.dumps({"seq": 1, "action": {"type": "play"}}), "illegal_action"),
        (json.dumps({"seq": 1, "action": {"type": "draw", "extra": 1}}), "illegal_action"),
        (json.dumps({"seq": 1, "seat": 1, "action": {"type": "draw"}}), "bad_message"),
        (json.dumps({"seq": -1, "action": {"type": "draw"}}), "bad_message"),
        (json.dumps({"seq": True, "action": {"type": "draw"}}), "bad_message"),
        (json.dumps({"seq": 1, "action": "draw"}), "bad_message"),
        (json.dumps({"type": "shout", "seq": 1}), "bad_message"),
        ("[" * 100000 + "]" * 100000, "bad_json"),
    ],
)
def test_bad_messages_get_an_error_and_change_nothing(table, message, code):
    """Malformed JSON, unknown actions, bad fields: an error naming the problem, no change."""
    live, game_id, t0, _t1 = table

    async def main():
        before = await snapshot(live, game_id, t0)
        c = await Client.open(live.ws, game_id, t0)
        await c.send(message)
        reply = await c.until(lambda m: m["type"] == "error")
        await c.close()
        assert reply["code"] == code, reply
        assert reply["message"]
        assert await snapshot(live, game_id, t0) == before

    run(main())


def test_action_out_of_turn_is_refused(table):
    """Seat 1 may not act while seat 0 is to move."""
    live, game_id, _t0, t1 = table

    async def main():
        b = await Client.open(live.ws, game_id, t1)
        assert b.legal == []
        reply = await b.act({"type": "draw"}, 7)
        assert reply == {"type": "error", "code": "not_your_turn", "seq": 7,
                         "message": reply["message"]}
        assert (await snapshot(live, game_id, t1))[0] == 0

    run(main())


def test_spectator_and_stolen_tokens_cannot_act(table):
    """No token: a spectator who cannot act; a wrong token: refused and closed (4401)."""
    live, game_id, t0, _t1 = table

    async def main():
        spec = await Client.open(live.ws, game_id)
        reply = await spec.act({"type": "draw"}, 1)
        assert reply["code"] == "not_a_player"
        for bad in ["x" * 32, t0[:-1] + ("A" if t0[-1] != "A" else "B")]:
            ws = await websockets.connect(f"{live.ws}/ws/games/{game_id}?token={bad}")
            msg = json.loads(await ws.recv())
            assert msg["type"] == "error" and msg["code"] == "unauthorized"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await ws.recv()
            assert info.value.rcvd.code == 4401
        # auth by first message works, and a bad one closes
        ws = await websockets.connect(f"{live.ws}/ws/games/{game_id}")
        await ws.send(json.dumps({"type": "auth", "token": "nope"}))
        msgs = []
        with pytest.raises(websockets.ConnectionClosed) as info:
            while True:
                msgs.append(json.loads(await ws.recv()))
        assert msgs[-1]["code"] == "unauthorized" and info.value.rcvd.code == 4401
        assert (await snapshot(live, game_id, t0))[0] == 0

    run(main())


def test_token_of_another_game_is_refused(live):
    g1 = live.create(game="toy", players=["human", "random"])
    g2 = live.create(game="toy", players=["human", "random"])
    token = live.join(g1["id"], "a")["token"]

    async def main():
        ws = await websockets.connect(f"{live.ws}/ws/games/{g2['id']}?token={token}")
        assert json.loads(await ws.recv())["code"] == "unauthorized"
        with pytest.raises(websockets.ConnectionClosed):
            await ws.recv()

    run(main())


def test_auth_by_first_message(table):
    """The token may come as the first message instead of the URL."""
    live, game_id, t0, _t1 = table

    async def main():
        c = await Client.open(live.ws, game_id)
        assert c.welcome["seat"] is None
        await c.send({"type": "auth", "token": t0})
        welcome = await c.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 0
        await c.state(lambda m: m["legal"])
        reply = await c.act({"type": "draw"}, 1)
        assert reply["type"] == "ack" and reply["version"] == 1

    run(main())


def test_unknown_game_is_closed_with_a_reason(live):
    async def main():
        ws = await websockets.connect(f"{live.ws}/ws/games/nosuchgame")
        assert json.loads(await ws.recv())["code"] == "unknown_game"
        with pytest.raises(websockets.ConnectionClosed) as info:
            await ws.recv()
        assert info.value.rcvd.code == 4404

    run(main())


def test_ten_megabyte_message_closes_the_connection(table):
    """A 10 MB message closes the connection (1009, message too big); nothing changes."""
    live, game_id, t0, _t1 = table

    async def main():
        before = await snapshot(live, game_id, t0)
        c = await Client.open(live.ws, game_id, t0)
        big = json.dumps({"seq": 1, "action": {"type": "minigame",
                                                "inputs": [1] * (5 * 1024 * 1024)}})
        assert len(big) > 10_000_000
        with pytest.raises(websockets.ConnectionClosed) as info:
            await c.send(big)
            while True:
                await c.recv()
        assert info.value.rcvd is not None and info.value.rcvd.code == 1009
        assert await snapshot(live, game_id, t0) == before

    run(main())


def test_message_over_the_limit_but_under_the_transport_limit(db_url):
    """The server's own size limit: an error naming the limit, then a 1009 close."""
    live = LiveServer(db_url, max_message_bytes=1000).start()
    try:
        g = live.create(game="toy", players=["human", "human"])
        t0 = live.join(g["id"], "a")["token"]

        async def main():
            c = await Client.open(live.ws, g["id"], t0)
            await c.send(json.dumps({"seq": 1, "action": {"type": "x", "pad": "y" * 2000}}))
            with pytest.raises(websockets.ConnectionClosed) as info:
                while True:
                    await c.recv()
            assert c.messages[-1]["code"] == "too_big"
            assert info.value.rcvd.code == 1009

        run(main())
    finally:
        live.stop()


def test_flood_is_rate_limited_then_closed(db_url):
    """A flood gets rate_limited errors, then the connection is closed (1008); no change."""
    live = LiveServer(db_url, rate_per_second=5.0, rate_burst=5, flood_close_after=20).start()
    try:
        g = live.create(game="toy", players=["human", "human"])
        t0 = live.join(g["id"], "a")["token"]
        t1 = live.join(g["id"], "b")["token"]

        async def main():
            before = await snapshot(live, g["id"], t0)
            c = await Client.open(live.ws, g["id"], t1)
            with pytest.raises(websockets.ConnectionClosed) as info:
                for i in range(200):
                    await c.send({"seq": i, "action": {"type": "draw"}})
                while True:
                    await c.recv()
            codes = [m.get("code") for m in c.messages if m["type"] == "error"]
            assert "rate_limited" in codes and set(codes) <= {"rate_limited", "not_your_turn"}
            assert info.value.rcvd.code == 1008
            assert await snapshot(live, g["id"], t0) == before

        run(main())
    finally:
        live.stop()


@pytest.mark.parametrize("path", ["/health/live", "/health/ready", "/api/games", "/api/kinds"])
def test_head_is_answered_as_get_without_a_body(live, path):
    """Monitors check health with HEAD: the answer is GET's, headers only."""
    get, head = httpx.get(live.http + path, timeout=20), httpx.head(live.http + path, timeout=20)
    assert head.status_code == get.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == get.headers["content-length"]
    assert head.headers["content-type"] == get.headers["content-type"]


def test_head_on_the_metrics_is_answered_without_a_body(live):
    """Prometheus's page answers HEAD as the API does (its length changes as it counts)."""
    head = httpx.head(live.http + "/metrics", timeout=20)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"].startswith("text/plain")
    assert int(head.headers["content-length"]) > 0


def test_oversized_or_malformed_http_requests(live):
    """REST: a body over the limit is 413; a body that is not the schema is 422 with words; a
body that is not text is 400, a method the path does not take 405 with every method it does
(`Allow`), a path the API does not have 404, each in the API's error form."""
    r = httpx.post(live.http + "/api/games", content=b"\xff\xfe{", timeout=20,
                   headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "bad_request"
    r = httpx.delete(live.http + "/api/games", timeout=20)
    assert r.status_code == 405 and r.json()["code"] == "bad_request"
    assert r.headers["allow"] == "GET, HEAD, POST"
    r = httpx.put(live.http + "/api/games/abc", timeout=20)
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
    r = httpx.request("TRACE", live.http + "/api/games", timeout=20)  # any method at all
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD, POST"
    r = live.post("/api/nothing", {})
    assert r.status_code == 404 and r.json() == {"detail": "the API has no /api/nothing",
                                                 "code": "bad_request"}
    r = live.post("/api/games", {"game": "deal", "players": ["human"] * 2,
                                 "name": "x" * 100_000})
    assert r.status_code == 413 and r.json()["code"] == "too_big"
    r = live.post("/api/games", {"game": "deal", "players": ["wizard", "human"]})
    assert r.status_code == 422 and "seat 1: unknown player 'wizard'" in r.json()["detail"]
    assert r.json()["code"] == "bad_request"  # the detail is the only words there are
    r = live.post("/api/games", {"game": "chess", "players": ["human", "human"]})
    assert r.status_code == 422 and "chess" in r.json()["detail"]
    r = live.post("/api/games", {"game": "deal", "players": ["human"] * 7})
    assert r.status_code == 422 and "2 to 5" in r.json()["detail"]
    r = live.post("/api/games", {"game": "deal", "players": ["human"] * 2,
                                 "options": {"no_such_option": 1}})
    assert r.status_code == 422 and "no_such_option" in r.json()["detail"]
    r = live.post("/api/games", {"game": "deal", "players": ["human"] * 2,
                                 "options": {"turn_limit": 10**30}})
    assert r.status_code == 422 and "from 1 to 100000, or none" in r.json()["detail"]
    r = httpx.post(live.http + "/api/games", timeout=20,
                   headers={"content-type": "application/json"},
                   content=b'{"game": "deal", "players": ["human", "human"],'
                           b' "decision_seconds": NaN}')
    assert r.status_code == 422 and "finite number" in r.json()["detail"]
    r = live.post("/api/games/nope/join", {"name": "a"})
    assert r.status_code == 404 and r.json()["code"] == "unknown_game"
    r = live.get("/api/kinds/deal/messages/xx")
    assert r.status_code == 404 and r.json()["code"] == "bad_request"
    g = live.create(game="deal", players=["human", "random"])
    live.join(g["id"], "a")
    r = live.post(f"/api/games/{g['id']}/join", {"name": "b"})
    assert r.status_code == 409 and "no free seat" in r.json()["detail"]
    assert r.json()["code"] == "no_free_seat"  # a client words it in its language
    r = live.post(f"/api/games/{g['id']}/join", {"name": "b", "seat": 1})
    assert r.status_code == 409 and r.json()["code"] == "seat_taken"


def test_a_full_server_refuses_new_games(db_url):
    """Over `max_games` unfinished games, creating one more is a 503 naming the reason."""
    live = LiveServer(db_url, max_games=2).start()
    try:
        for _ in range(2):
            live.create(game="toy", players=["human", "human"])
        r = live.post("/api/games", {"game": "toy", "players": ["human", "human"]})
        assert r.status_code == 503 and "full" in r.json()["detail"]
        assert r.json()["code"] == "server_full"
    finally:
        live.stop()


def test_a_client_that_does_not_read_is_dropped():
    """A client that does not read its messages is closed (1008) once `send_queue` messages
    wait for it, instead of filling the server's memory."""
    from starlette.websockets import WebSocketState

    from tycoon.server.settings import ServerSettings
    from tycoon.server.ws import Connection

    class StuckSocket:
        application_state = WebSocketState.CONNECTED
        closed_with = None

        async def send_text(self, text):
            await asyncio.Event().wait()  # the client never reads: sending never ends

        async def close(self, code, reason):
            self.closed_with = (code, reason)

    async def main():
        sock = StuckSocket()
        conn = Connection(sock, ServerSettings(send_queue=5))
        conn.writer_task = asyncio.create_task(conn.writer())
        for i in range(20):
            conn.send({"type": "pong", "seq": i, "time": 0})
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        conn.writer_task.cancel()
        return conn, sock

    conn, sock = run(main())
    assert conn.too_slow and sock.closed_with[0] == 1008 and "slow" in sock.closed_with[1]
    assert conn.queue.qsize() <= 5


def test_serve_refuses_a_database_it_cannot_open_before_it_starts(tmp_path, pg_url):
    """``tycoon serve --db``: a URL that is not SQLite's or PostgreSQL's, a SQLite file in a
    folder that is not there or a file that is not a database, a PostgreSQL database that does
    not exist are refused with what is wrong (a password never shown), exit code 2, before the
    server listens (uvicorn printed a traceback of its start-up)."""
    from typer.testing import CliRunner

    from tycoon.cli import app

    missing = pg_url.rsplit("/", 1)[0].replace("postgres@", "postgres:s3cret@") + "/no_such_db"
    not_sqlite = tmp_path / "notes.txt"
    not_sqlite.write_text("a text file, " * 1000)
    for db, words in (
        ("mysql://db/tycoon", "--db takes sqlite:///FILE or postgresql://"),
        ("sqlite:", "--db takes"),
        (f"sqlite:///{tmp_path}/no/such/folder/games.sqlite3", "unable to open database file"),
        (f"sqlite:///{not_sqlite}", "file is not a database"),
        (missing, 'database "no_such_db" does not exist'),
    ):
        told = CliRunner().invoke(app, ["serve", "--db", db, "--port", "1"])
        assert told.exit_code == 2, (db, told.output)
        assert words in " ".join(told.output.split()), (db, told.output)
        assert "s3cret" not in told.output


def test_serve_on_postgresql_without_its_driver_says_what_to_install(monkeypatch):
    """The default install has no PostgreSQL driver (``tycoon[scale]`` brings it)."""
    import sys

    from typer.testing import CliRunner

    from tycoon.cli import app

    monkeypatch.setitem(sys.modules, "psycopg", None)
    told = CliRunner().invoke(app, ["serve", "--db", "postgresql://u:s3cret@db/tycoon",
                                    "--port", "1"])
    assert told.exit_code == 2, told.output
    said = " ".join(told.output.split())
    assert "cannot open the database postgresql://u:***@db/tycoon" in said
    assert said.endswith("PostgreSQL needs pip install 'tycoon[scale]'"), said


@pytest.mark.parametrize(("setting", "said"), [
    ("redis_url=redis://:s3cret@127.0.0.1:1/0",
     "cannot reach Redis at redis://:***@127.0.0.1:1/0: "),  # the password hidden
    ("redis_url=http://cache", "server setting 'redis_url' must be a redis:// or rediss:// URL"),
    ("ws_impl=zzz", "server setting 'ws_impl' must be one of auto, websockets, "
                    "websockets-sansio, wsproto, not 'zzz'"),
    ("bot_delay=[1]", "server setting 'bot_delay' must be a number, not '[1]'"),
    ("gc_freeze=maybe", "server setting 'gc_freeze' must be true or false, not 'maybe'"),
])
def test_serve_refuses_settings_whose_service_is_missing_before_it_starts(tmp_path, setting,
                                                                          said):
    """A Redis that does not answer, or a setting that names nothing, stops ``tycoon serve``
    at once with the reason (they were tracebacks from the server's start-up)."""
    from typer.testing import CliRunner

    from tycoon.cli import app

    told = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}",
                                    "--port", "1", "--set", setting])
    assert told.exit_code == 2, told.output
    assert said in " ".join(told.output.split())


def test_serve_says_a_missing_websocket_library_before_it_starts(monkeypatch, tmp_path):
    """``ws_impl=wsproto`` without wsproto installed: what to install, before the start."""
    import importlib.util

    from typer.testing import CliRunner

    from tycoon.cli import app

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "wsproto" else real(name, *a))
    told = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}",
                                    "--port", "1", "--set", "ws_impl=wsproto"])
    assert told.exit_code == 2, told.output
    assert "'ws_impl' is wsproto, which needs pip install wsproto" in " ".join(
        told.output.split())


def test_serve_refuses_a_port_another_server_holds_before_it_starts(tmp_path):
    """``tycoon serve --port`` where something already listens stops at once with the reason,
    exit code 2, its database untouched (uvicorn found it out after restoring the games)."""
    import socket

    from typer.testing import CliRunner

    from tycoon.cli import app

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = tmp_path / "games.sqlite3"
        told = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", f"sqlite:///{db}"])
    assert told.exit_code == 2, told.output
    assert f"cannot listen on 127.0.0.1:{port}" in " ".join(told.output.split())
    assert not db.exists()
