"""SIGTERM drains a process (issue 14): its sockets close with 1012 "service restart", its
leases are released, another process takes its games at once and the players carry on."""

from __future__ import annotations

import asyncio
import json
import signal
import time

import httpx
import pytest
import sqlalchemy as sa
import websockets
from clusterlib import pg_url_fixture, redis_url_fixture, unique_prefix  # noqa: F401 (fixtures)
from harness import Cluster

from tycoon.server.storage import Storage

pytestmark = pytest.mark.cluster

def lease_owner(pg_url: str, prefix: str, game_id: str) -> tuple[str, int]:
    engine = sa.create_engine(pg_url)
    try:
        with engine.connect() as conn:
            row = conn.execute(sa.text(f"select owner, epoch from {prefix}leases "
                                       "where game_id = :g"), {"g": game_id}).one()
        return row.owner, row.epoch
    finally:
        engine.dispose()


async def first_update(ws: websockets.ClientConnection) -> dict:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if msg["type"] == "update":
            return msg


def test_sigterm_hands_games_over_and_closes_with_1012(pg_url: str, redis_url: str) -> None:
    """The player's socket on the stopping process closes with 1012, the lease moves to the
    other process (epoch 2) and the player is back in the same position within 5 s."""
    prefix = unique_prefix()
    cluster = Cluster(pg_url, redis_url, prefix, n=2).start_servers()
    a, b = cluster.servers
    try:
        game = httpx.post(f"{a.http}/api/games", json={
            "game": "toy", "players": ["human", "human"],
            "options": {"round_every": 0}}, timeout=10).json()
        tokens = [httpx.post(f"{b.http}/api/games/{game['id']}/join",  # forwarded to a
                             json={"name": f"p{i}"}, timeout=10).json()["token"]
                  for i in range(2)]
        owner, epoch = lease_owner(pg_url, prefix, game["id"])
        assert owner.startswith(a.http) and epoch == 1

        async def scenario() -> tuple[int | None, float, dict]:
            ws = await websockets.connect(f"ws://127.0.0.1:{a.port}/ws/games/{game['id']}"
                                          f"?token={tokens[0]}")
            before = await first_update(ws)
            t0 = time.monotonic()
            a.proc.send_signal(signal.SIGTERM)
            code = None
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            except websockets.ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd else None
            # reconnect at once, to the other process (it relays to the draining owner and
            # closes with 1012 again until the lease is released: a client retries at once)
            tries = 0
            while True:
                tries += 1
                try:
                    ws2 = await websockets.connect(
                        f"ws://127.0.0.1:{b.port}/ws/games/{game['id']}?token={tokens[0]}")
                    after = await first_update(ws2)
                    break
                except websockets.ConnectionClosed as exc:
                    assert exc.rcvd is not None and exc.rcvd.code == 1012
                    await asyncio.sleep(0.05)
            took = time.monotonic() - t0
            await ws2.close()
            assert after["version"] == before["version"]
            return code, took, after

        code, took, _after = asyncio.run(scenario())
        assert code == 1012
        assert took < 5.0
        owner, epoch = lease_owner(pg_url, prefix, game["id"])
        assert owner.startswith(b.http) and epoch == 2
        t0 = time.monotonic()
        a.proc.wait(15)
        # uvicorn ends by re-raising SIGTERM once the drain is done
        assert a.proc.returncode in (0, -signal.SIGTERM)
        print(f"drained in {took:.2f} s to takeover, exited {time.monotonic() - t0:.2f} s later")
    finally:
        cluster.stop()
        Storage(pg_url, prefix=prefix).drop_all()
