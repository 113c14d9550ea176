"""Nothing lost: the server killed with SIGKILL at random moments restarts with every game
restored from its record; every acknowledged action is there and the game goes on."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time

import httpx
import websockets

from conftest import HERE, Client, free_port, run
from tycoon.engine import Record, replay


def start_server(port: int, db_url: str, **settings) -> subprocess.Popen:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("PYTHONPATH")]))
    env["TYCOON_SERVER_SETTINGS"] = json.dumps(
        {"bot_delay": 0.0, "rate_per_second": 1000.0, "rate_burst": 1000,
         "create_limit": "100000/minute", "join_limit": "100000/minute",
         "rest_limit": "100000/minute", **settings})
    code = f"from tycoon.server.main import serve; serve('127.0.0.1', {port}, {db_url!r})"
    proc = subprocess.Popen([sys.executable, "-c", code], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError("server exited")
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("server did not start")


def test_sigkill_at_random_moments_loses_no_acknowledged_action(tmp_path):
    """Deal, two people and two bots; the server is killed (SIGKILL) three times while they
    play. After each restart the clients reconnect with their tokens and go on; at the end the
    record holds every acknowledged action at its acknowledged place, and replays."""
    port = free_port()
    db = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    proc = start_server(port, db)
    moments = random.Random(os.getpid())
    try:
        g = httpx.post(f"{base}/api/games", json={
            "game": "deal", "players": ["human", "human", "random", "random"], "seed": 11,
        }).json()
        tokens = [httpx.post(f"{base}/api/games/{g['id']}/join", json={"name": n}).json()
                  ["token"] for n in ("a", "b")]
        acks: list[tuple[int, int, dict]] = []
        reconnects = [0, 0]

        async def player(seat: int) -> None:
            rng = random.Random(seat)
            seq = 0
            while True:
                try:
                    c = await Client.open(ws_base, g["id"], tokens[seat])
                    while c.update["status"] != "finished":
                        if c.legal:
                            seq += 1
                            action = rng.choice(c.legal)["action"]
                            reply = await c.act(action, seq)
                            if reply["type"] == "ack":
                                acks.append((reply["version"], seat, action))
                                await c.state(lambda m, v=reply["version"]: m["version"] >= v)
                            else:
                                await c.until(lambda m: m["type"] == "update")
                        else:
                            await c.until(lambda m: m["type"] == "update", timeout=30)
                    await c.close()
                    return
                except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError,
                        TimeoutError):
                    reconnects[seat] += 1
                    await asyncio.sleep(0.05)

        async def killer() -> None:
            nonlocal proc
            for _ in range(3):
                await asyncio.sleep(moments.uniform(0.1, 0.6))
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                proc = await asyncio.to_thread(start_server, port, db)

        async def main() -> None:
            await asyncio.gather(player(0), player(1), killer())

        run(main(), timeout=150)
        record = httpx.get(f"{base}/api/games/{g['id']}/record").json()
    finally:
        proc.kill()
        proc.wait()
    assert record["complete"] and record["status"] == "finished"
    assert sum(reconnects) >= 1
    for version, seat, action in acks:
        assert record["actions"][version - 1]["seat"] == seat
        assert record["actions"][version - 1]["action"] == action
    assert len({v for v, _s, _a in acks}) == len(acks)
    state = replay(Record.from_json(record))
    assert state.is_over and state.result().to_json() == record["result"]
