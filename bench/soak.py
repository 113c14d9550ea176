"""Memory soak: games played to the end one after another; does the server's memory stay flat?

Starts ``tycoon serve`` (one process, a temporary SQLite file) and keeps ``--concurrent``
games going for ``--minutes``: each is one person (this script, a random legal action at a
time) against ``easy`` bots, two Deal games for each Capital game, played to the end, then the
next. Every 30 s it prints the server's resident memory and the games finished; at the end, the
memory after the last games were dropped.

    .venv/bin/python bench/soak.py --minutes 10 --concurrent 6

Bounded: at most 60 minutes and 50 concurrent games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from server import free_port, rss_mb, start_server

MAX_MINUTES = 60.0
MAX_CONCURRENT = 50
GAMES = (("deal", ["human", "easy"]), ("deal", ["human", "easy"]),
         ("capital", ["human", "easy", "easy", "easy"]))


async def play(http: httpx.AsyncClient, port: int, n: int) -> int:
    """Play game number ``n`` to the end as its one person; the number of actions it took."""
    game, players = GAMES[n % len(GAMES)]
    r = await http.post("/api/games", json={"game": game, "players": players, "seed": n})
    r.raise_for_status()
    gid = r.json()["id"]
    token = (await http.post(f"/api/games/{gid}/join", json={"name": "soak"})).json()["token"]
    rng = random.Random(n)
    update: dict | None = None
    seq, sent_at, need = 0, -1, 0  # acted on version sent_at; act again from version need
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{gid}?token={token}",
                                  max_size=None) as ws:
        while True:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                msg, sent_at = {"type": "silence"}, -1  # nothing came: act again
            if msg["type"] == "update" and (update is None
                                            or msg["version"] >= update["version"]):
                update = msg
                if msg["status"] == "finished":
                    return msg["version"]
            elif msg["type"] == "ack":
                need, sent_at = msg["version"], -1
            elif msg["type"] == "error":
                sent_at = -1
            if update and update["legal"] and sent_at < 0 and update["version"] >= need:
                seq, sent_at = seq + 1, update["version"]
                action = rng.choice(update["legal"])["action"]
                await asyncio.sleep(0.05)  # under the connection's rate limit
                await ws.send(json.dumps({"seq": seq, "action": action}))


async def soak(args: argparse.Namespace) -> None:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="tycoon-soak-")
    proc = start_server(port, f"sqlite:///{folder}/soak.sqlite3", Path(folder) / "server.log")
    print(f"server log: {folder}/server.log", file=sys.stderr)
    done = {"games": 0, "actions": 0}
    counter = iter(range(10**9))
    stop = time.monotonic() + 60 * args.minutes
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:

            async def worker() -> None:
                while time.monotonic() < stop:
                    actions = await play(http, port, next(counter))
                    done["actions"] += actions
                    done["games"] += 1

            async def report() -> None:
                start = time.monotonic()
                while time.monotonic() < stop:
                    print(f"{time.monotonic() - start:6.0f} s  {rss_mb(proc.pid):6.1f} MB  "
                          f"{done['games']} games finished ({done['actions']} actions)",
                          flush=True)
                    await asyncio.sleep(30)

            await asyncio.gather(report(), *(worker() for _ in range(args.concurrent)))
        await asyncio.sleep(5)  # the last games' rooms leave memory as their connections close
        print(f"after the last games: {rss_mb(proc.pid):.1f} MB, {done['games']} games "
              f"finished ({done['actions']} actions)")
    finally:
        proc.kill()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--concurrent", type=int, default=6, help="games played at once")
    args = parser.parse_args()
    if not 0 < args.minutes <= MAX_MINUTES:
        parser.error(f"--minutes must be more than 0 and at most {MAX_MINUTES:g}")
    if not 1 <= args.concurrent <= MAX_CONCURRENT:
        parser.error(f"--concurrent must be 1..{MAX_CONCURRENT}")
    asyncio.run(soak(args))


if __name__ == "__main__":
    main()
