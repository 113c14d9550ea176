"""Server test harness: a real uvicorn server on a free loopback port, WebSocket clients.

The server mechanics are tested with the Toy game of ``tests/plugins`` (hidden hands, private
draws, a progressive input session: its peek round), found through its ``tycoon.games`` entry
point like any installed game (the top-level conftest puts ``tests/plugins`` on the path of
this process and of subprocess servers).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
import uvicorn
import websockets

from tycoon.server import create_app
from tycoon.server.protocol import SCHEMAS, schema_for
from tycoon.server.transport import ws_protocol

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


#: Settings for fast tests: bots act at once, no REST limits (tests of limits set their own).
FAST = {"bot_delay": 0.0, "rate_per_second": 1000.0, "rate_burst": 1000, "gc_freeze": False,
        "create_limit": "100000/minute", "join_limit": "100000/minute",
        "rest_limit": "100000/minute", "max_open_per_address": 100000}

#: Toy options without peek rounds (plain turns only).
NO_ROUNDS = {"round_every": 0}


_VALIDATORS: dict[int, jsonschema.Draft202012Validator] = {}


def validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    """A compiled validator of one of the protocol's schemas."""
    found = _VALIDATORS.get(id(schema))
    if found is None:
        found = _VALIDATORS[id(schema)] = jsonschema.Draft202012Validator(schema)
    return found


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """``create_app(...)`` served by uvicorn in a thread."""

    def __init__(self, db_url: str, broker: Any = None, **settings: Any) -> None:
        self.port = free_port()
        self.app = create_app(db_url, broker=broker, **{**FAST, **settings})
        max_size = self.app.state.settings.max_message_bytes
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            ws_max_size=max_size * 4, lifespan="on",
            ws=ws_protocol(self.app.state.settings.ws_impl),
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def lobby(self) -> Any:
        return self.app.state.lobby

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)

    # REST helpers ------------------------------------------------------------------------
    def post(self, path: str, body: Any) -> httpx.Response:
        return httpx.post(self.http + path, json=body, timeout=20)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.http + path, timeout=20)

    def create(self, **body: Any) -> dict[str, Any]:
        """Create a game (a Toy game without peek rounds unless ``round_every`` is given)."""
        if body.get("game") == "toy":
            body["options"] = {**NO_ROUNDS, **body.get("options", {})}
        r = self.post("/api/games", body)
        assert r.status_code == 201, r.text
        return r.json()

    def join(self, game_id: str, name: str, seat: int | None = None) -> dict[str, Any]:
        r = self.post(f"/api/games/{game_id}/join", {"name": name, "seat": seat})
        assert r.status_code == 200, r.text
        return r.json()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tycoon.sqlite3'}"


@pytest.fixture
def live(db_url: str):
    """A running server with fast settings; tests may start more with ``LiveServer``."""
    server = LiveServer(db_url).start()
    yield server
    server.stop()


class Client:
    """A WebSocket client that keeps every message it receives and the latest update."""

    def __init__(self, ws: Any, name: str = "") -> None:
        self.ws = ws
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.update: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.closed: tuple[int | None, str | None] | None = None
        #: The highest action seq sent (or applied for the seat, from ``welcome.last_seq``):
        #: a new action is numbered above it (seqs are per seat, see docs/protocol.md).
        self.last_seq = 0

    @classmethod
    async def open(cls, base: str, game_id: str, token: str | None = None,
                   name: str = "") -> Client:
        url = f"{base}/ws/games/{game_id}" + (f"?token={token}" if token else "")
        ws = await websockets.connect(url, max_size=None, open_timeout=10)
        client = cls(ws, name)
        await client.until(lambda m: m["type"] == "update")
        return client

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        try:
            text = await asyncio.wait_for(self.ws.recv(), timeout)
        except websockets.ConnectionClosed as exc:
            rcvd = exc.rcvd
            self.closed = (rcvd.code, rcvd.reason) if rcvd else (None, None)
            raise
        msg = json.loads(text)
        # every message the server sends must match its documented schema
        validator(schema_for(msg)).validate(msg)
        self.messages.append(msg)
        if msg["type"] == "update":
            if self.update is None or msg["version"] >= self.update["version"]:
                self.update = msg
        elif msg["type"] == "welcome":
            self.welcome = msg
            self.last_seq = max(self.last_seq, msg["last_seq"] or 0)
        return msg

    async def until(self, pred: Any, timeout: float = 10) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: condition not met; last {self.messages[-3:]}")
            msg = await self.recv(left)
            if pred(msg):
                return msg

    async def state(self, pred: Any, timeout: float = 10) -> dict[str, Any]:
        """The latest update once it satisfies ``pred`` (maybe the one already received)."""
        if self.update is not None and pred(self.update):
            return self.update
        return await self.until(lambda m: m["type"] == "update" and m is self.update
                                and pred(m), timeout)

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def act(self, action: dict[str, Any], seq: int) -> dict[str, Any]:
        """Send an action; return its ack or error."""
        message = {"seq": seq, "action": action}
        validator(SCHEMAS["client.action"]).validate(message)
        self.last_seq = max(self.last_seq, seq)
        await self.send(message)
        return await self.until(lambda m: m["type"] in ("ack", "error") and m.get("seq") == seq)

    async def close(self) -> None:
        await self.ws.close()

    @property
    def legal(self) -> list[dict[str, Any]]:
        return self.update["legal"] if self.update else []

    @property
    def view(self) -> dict[str, Any]:
        assert self.update is not None
        return self.update["view"]


def run(coro: Any, timeout: float = 120) -> Any:
    """Run a coroutine to completion (tests are plain functions)."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def services_required() -> bool:
    """CI=true: the services must be there (tests fail loudly instead of skipping)."""
    return os.environ.get("CI", "").lower() == "true"


PG_URL = os.environ.get("TYCOON_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TYCOON_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _unavailable(what: str, exc: Exception) -> None:
    if services_required():
        pytest.fail(f"CI=true but {what} is not available: {exc}")
    pytest.skip(f"{what} is not available: {exc}")


def unique_prefix() -> str:
    """A table prefix of its own, for a test on the shared PostgreSQL database."""
    return f"t{uuid.uuid4().hex[:10]}_"


@pytest.fixture
def pg_url() -> str:
    import sqlalchemy as sa

    try:
        engine = sa.create_engine(PG_URL)
        with engine.connect() as conn:
            conn.execute(sa.text("select 1"))
        engine.dispose()
    except Exception as exc:
        _unavailable("PostgreSQL", exc)
    return PG_URL


@pytest.fixture
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        _unavailable("Redis", exc)
    return REDIS_URL


async def player_loop(client: Client, pick: Any, errors: list[dict[str, Any]],
                      limit: int = 5000) -> None:
    """Act whenever the client has legal actions, until the game is over."""
    seq = client.last_seq
    while limit > 0:
        upd = client.update
        if upd is not None and upd["status"] == "finished":
            return
        if upd is not None and upd["legal"]:
            seq += 1
            limit -= 1
            reply = await client.act(pick(upd["legal"], upd)["action"], seq)
            if reply["type"] == "ack":
                version = reply["version"]
                await client.until(lambda m, v=version: m["type"] == "update"
                                   and m["version"] >= v, timeout=20)
            else:
                errors.append(reply)
                await client.until(lambda m: m["type"] == "update", timeout=20)
        else:
            await client.until(lambda m: m["type"] == "update", timeout=60)


async def watch_until_over(client: Client) -> None:
    while client.update is None or client.update["status"] != "finished":
        await client.until(lambda m: m["type"] == "update", timeout=60)


def expected_by_version(record: dict[str, Any], audiences: list[int | None]) -> dict:
    """Replay a complete record: for each version, each audience's view, events and legal."""
    from tycoon.engine import get_game
    from tycoon.server.updates import describe

    game = get_game(record["game"])
    state = game.new_game(seats=record["seats"], seed=record["seed"], **record["options"])
    out: dict[int, dict[int | None, dict[str, Any]]] = {}
    secrets_: dict[int, Any] = {}

    def snap(version: int, events: list[Any]) -> None:
        out[version] = {}
        for aud in audiences:
            shown = [{**e.to_json(), "message": describe(state, e, aud)}
                     for e in events if e.visible_to(aud)]
            legal = []
            session = state.session()
            if aud is not None and not state.is_over and aud in state.to_move():
                if session is not None and aud in session.seats:  # only the empty template
                    legal = [session.action(aud, []).to_json()]
                else:
                    legal = [a.to_json() for a in state.legal_actions(aud)]
            out[version][aud] = {"view": state.view(aud), "events": shown, "legal": legal}
        secrets_[version] = state.to_json()

    snap(0, state.opening())
    for i, item in enumerate(record["actions"]):
        events = state.apply(item["seat"], game.parse_action(item["action"]))
        snap(i + 1, events)
    return {"expected": out, "positions": secrets_}


def check_updates(client: Client, seat: int | None, replayed: dict) -> int:
    """Every update the client got is exactly what the engine says its seat may see.

    Returns the number of updates checked.
    """
    n = 0
    for msg in client.messages:
        if msg["type"] != "update":
            continue
        exp = replayed["expected"][msg["version"]][seat]
        assert msg["view"] == exp["view"], f"seat {seat} v{msg['version']}: view differs"
        if msg["actor"] is not None:
            assert msg["events"] == exp["events"], f"seat {seat} v{msg['version']}: events"
        else:
            assert msg["events"] == []
        for told in msg.get("history", []):  # earlier changes, each as its update said it
            assert 0 <= told["version"] <= msg["version"] and told["events"], told
            assert told["events"] == replayed["expected"][told["version"]][seat]["events"], \
                f"seat {seat} v{msg['version']}: history of v{told['version']} differs"
        if msg["status"] == "playing":
            assert [x["action"] for x in msg["legal"]] == exp["legal"]
        else:
            assert msg["legal"] == []
        n += 1
    return n


def hidden_strings(position: dict[str, Any], seat: int | None) -> list[str]:
    """JSON fragments of a position that ``seat`` must never receive: the RNG state, the deck
    order, other seats' hands (when they hold at least two cards), other seats' faces."""
    out = []
    for key in ("hands", "faces"):
        for s, hand in enumerate(position.get(key) or []):
            if s != seat and isinstance(hand, list) and len(hand) >= 2 and any(hand):
                out.append(json.dumps(hand))
    rng = position.get("rng")
    if isinstance(rng, dict) and isinstance(rng.get("state"), int):
        out.append(str(rng["state"]))
    deck = position.get("deck")
    if isinstance(deck, list) and len(deck) >= 4:
        out.append(json.dumps(deck[:4])[1:-1])
        out.append(json.dumps(deck[-4:])[1:-1])
    for s in position.get("seats", []) if isinstance(position.get("seats"), list) else []:
        if isinstance(s, dict) and s.get("seat") != seat:
            hand = s.get("hand")
            if isinstance(hand, list) and len(hand) >= 2:
                out.append(json.dumps(hand))
    return out


def scan_secrets(client: Client, seat: int | None, replayed: dict) -> None:
    """No message to ``client`` contains a secret of the position it was sent at."""
    version = 0
    for msg in client.messages:
        version = msg.get("version", version) if msg["type"] in ("update", "ack") else version
        text = json.dumps(msg)
        for secret in hidden_strings(replayed["positions"][version], seat):
            assert secret not in text, f"seat {seat} got a secret {secret!r} in {msg['type']}"
