"""Issue 11's server proof: the Toy game of ``tests/plugins`` (found through its entry point,
nowhere in ``src/``) played end to end by a real server process — four WebSocket players and
a spectator, its peek rounds played input by input through ``session_input``, the server
killed with SIGKILL twice and restarted — with every acknowledged action in the record."""

from __future__ import annotations

import asyncio
import random
import signal

import httpx
import websockets
from test_crash import start_server

from conftest import Client, free_port, run
from tycoon.engine import Record, replay


def test_toy_game_four_players_a_spectator_sessions_and_sigkills(tmp_path):
    port = free_port()
    db = f"sqlite:///{tmp_path / 'toy.sqlite3'}"
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    proc = start_server(port, db, session_grace=1.0, away_seconds=20.0)
    try:
        g = httpx.post(f"{base}/api/games", json={
            "game": "toy", "players": ["human"] * 4, "seed": 21,
            "options": {"turn_limit": 200, "round_every": 3, "round_ms": 20_000}}).json()
        tokens = [httpx.post(f"{base}/api/games/{g['id']}/join", json={"name": f"p{i}"})
                  .json()["token"] for i in range(4)]
        acks: list[tuple[int, int, dict]] = []
        progress: list[dict] = []
        reconnects = [0] * 5
        last: dict = {}

        async def session_part(c: Client, seat: int, session: dict, rng: random.Random) -> dict:
            inputs: list[int] = []
            for cell in rng.sample(range(4), 2):
                await c.send({"type": "session_input", "session": session["id"], "input": cell})
                reply = await c.until(lambda m: m["type"] in ("session_progress", "error"))
                if reply["type"] == "error":
                    break
                inputs.append(cell)
                progress.append(reply)
            return {"type": "peek", "inputs": inputs}

        async def player(seat: int) -> None:
            rng, seq = random.Random(seat), 0
            while True:
                try:
                    c = await Client.open(ws_base, g["id"], tokens[seat])
                    seq = max(seq, c.last_seq)
                    while c.update["status"] != "finished":
                        upd = c.update
                        if upd["legal"]:
                            session = upd["session"]
                            if session is not None and seat in session["seats"]:
                                assert session["view"] is not None
                                assert [x["action"] for x in upd["legal"]] == [
                                    {"type": "peek", "inputs": []}]
                                action = await session_part(c, seat, session, rng)
                            else:
                                action = rng.choice(upd["legal"])["action"]
                            seq += 1
                            reply = await c.act(action, seq)
                            if reply["type"] == "ack":
                                acks.append((reply["version"], seat, action))
                                await c.state(lambda m, v=reply["version"]: m["version"] >= v)
                            else:
                                await c.until(lambda m: m["type"] == "update")
                        else:
                            await c.until(lambda m: m["type"] == "update", timeout=60)
                    await c.close()
                    return
                except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError,
                        TimeoutError):
                    reconnects[seat] += 1
                    await asyncio.sleep(0.05)

        async def spectator() -> None:
            while True:
                try:
                    c = await Client.open(ws_base, g["id"])
                    while c.update["status"] != "finished":
                        await c.until(lambda m: m["type"] == "update", timeout=60)
                    last["update"] = c.update
                    last["events"] = [e for m in c.messages if m["type"] == "update"
                                      for e in m["events"]]
                    return
                except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError,
                        TimeoutError):
                    reconnects[4] += 1
                    await asyncio.sleep(0.05)

        async def killer() -> None:
            nonlocal proc
            # kill at two points of the game, whatever the machine's speed
            for acked in (30, 90):
                while len(acks) < acked:
                    await asyncio.sleep(0.01)
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                proc = await asyncio.to_thread(start_server, port, db, session_grace=1.0,
                                               away_seconds=20.0)

        async def main() -> None:
            await asyncio.gather(*(player(s) for s in range(4)), spectator(), killer())

        run(main(), timeout=240)
        record = httpx.get(f"{base}/api/games/{g['id']}/record").json()
    finally:
        proc.kill()
        proc.wait()
    assert record["complete"] and record["status"] == "finished"
    assert sum(reconnects) >= 2
    for version, seat, action in acks:
        assert record["actions"][version - 1]["seat"] == seat
        assert record["actions"][version - 1]["action"] == action
    assert len({v for v, _s, _a in acks}) == len(acks)
    peeks = [a for a in record["actions"] if a["action"]["type"] == "peek"]
    assert len(peeks) >= 8 and any(a["action"]["inputs"] for a in peeks)
    assert progress and all(set(p["progress"]) >= {"turned", "points"} for p in progress)
    state = replay(Record.from_json(record))
    assert state.is_over and state.result().to_json() == last["update"]["result"]
    assert last["events"] and all(e["message"]["key"].startswith("event.")
                                  for e in last["events"])
    assert not [e for e in last["events"] if e["type"] == "drew"]  # private: not for spectators
