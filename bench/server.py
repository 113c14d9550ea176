"""Server load benchmark: many concurrent bot-driven games over real WebSockets (loopback only).

Starts ``tycoon serve`` (one process, a temporary SQLite file) and drives ``--games`` games from
this process: every seat is a WebSocket client that picks a random legal action, and each game
acts once every ``--interval`` seconds. Reports actions per second, acknowledgement latency
(send -> ack, which includes the database commit) p50/p99, and the server's memory per game.

    .venv/bin/python bench/server.py --games 200 --seconds 20
    .venv/bin/python bench/server.py --games 1000 --seconds 30 --interval 2

Bounded: at most 2,000 games and 120 seconds of load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

MAX_GAMES = 2000
MAX_SECONDS = 120.0


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def no_client_gc():
    """The load generator's own garbage collector paused while it measures: its pauses (up
    to ~170 ms of a full collection over thousands of sockets) would be counted as the
    server's ack latency. The collector runs again, and the heap is freed, afterwards."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


def start_server(
    port: int, db: str, log: Path, profile: str | None = None, ws_impl: str = "auto"
) -> subprocess.Popen:
    env = dict(os.environ)
    env["TYCOON_SERVER_SETTINGS"] = json.dumps(
        {"bot_delay": 0.0, "decision_seconds": 600.0, "ws_impl": ws_impl,
         # one client address makes every game: no per-address limits in the bench
         "create_limit": "1000000/minute", "join_limit": "1000000/minute",
         "rest_limit": "1000000/minute", "max_open_per_address": 1000000})
    code = (
        "import logging; from tycoon.server.main import serve; "
        f"serve('127.0.0.1', {port}, {db!r})"
    )
    with log.open("w") as out:
        if profile:
            script = log.with_suffix(".py")
            script.write_text(code)
            command = ["-m", "cProfile", "-o", profile, str(script)]
        else:
            command = ["-c", code]
        proc = subprocess.Popen([sys.executable, *command], env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("server did not start")


class Seat:
    """One bench client: a seat of one game."""

    def __init__(self, ws: websockets.ClientConnection, rng: random.Random) -> None:
        self.ws = ws
        self.rng = rng
        self.update: dict | None = None
        self.seq = 0
        self.sent: dict[int, float] = {}
        self.acked = asyncio.Event()
        self.ack_version = 0

    async def reader(self, latencies: list[float], counts: dict[str, int]) -> None:
        async for text in self.ws:
            msg = json.loads(text)
            kind = msg["type"]
            if kind == "update":
                if self.update is None or msg["version"] >= self.update["version"]:
                    self.update = msg
                counts["updates"] += 1
            elif kind == "ack":
                latencies.append(time.perf_counter() - self.sent.pop(msg["seq"]))
                counts["acks"] += 1
                self.ack_version = msg["version"]
                self.acked.set()
            elif kind == "error":
                self.sent.pop(msg.get("seq"), None)
                counts["errors"] += 1
                self.acked.set()


async def drive_game(seats: list[Seat], interval: float, stop: float, offset: float) -> None:
    """Act once per ``interval``: the seat to move sends a random legal action."""
    await asyncio.sleep(offset)
    next_at = time.perf_counter()
    while time.perf_counter() < stop:
        mover = next((s for s in seats if s.update and s.update["legal"]), None)
        if mover is None or mover.update["status"] == "finished":
            await asyncio.sleep(0.05)
            continue
        mover.seq += 1
        mover.acked.clear()
        action = mover.rng.choice(mover.update["legal"])["action"]
        mover.sent[mover.seq] = time.perf_counter()
        await mover.ws.send(json.dumps({"seq": mover.seq, "action": action}))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(mover.acked.wait(), 10)
        # wait for every seat to see this action's update before deciding again
        for _ in range(400):
            if all(s.update and s.update["version"] >= mover.ack_version for s in seats):
                break
            await asyncio.sleep(0.005)
        next_at += interval
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))


async def bench(args: argparse.Namespace) -> dict:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="tycoon-bench-")
    db = f"sqlite:///{folder}/bench.sqlite3"
    log = Path(folder) / "server.log"
    print(f"server log: {log}", file=sys.stderr)
    proc = start_server(port, db, log, args.profile, args.ws)
    base = f"http://127.0.0.1:{port}"
    try:
        rss_empty = rss_mb(proc.pid)
        limits = httpx.Limits(max_connections=50)
        games: list[list[Seat]] = []
        async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
            sem = asyncio.Semaphore(50)

            async def post(path: str, body: dict) -> httpx.Response:
                # a pooled connection the server closed as idle (keep-alive timeout, under
                # load) fails at once without being processed: try again
                for attempt in range(5):
                    try:
                        return await http.post(path, json=body)
                    except (httpx.ReadError, httpx.RemoteProtocolError):
                        if attempt == 4:
                            raise
                        await asyncio.sleep(0.1)
                raise AssertionError("unreachable")

            async def setup(i: int) -> list[Seat]:
                async with sem:
                    r = await post("/api/games", {
                        "game": args.game, "players": ["human"] * args.seats,
                        "seed": i, "options": json.loads(args.options)})
                    r.raise_for_status()
                    gid = r.json()["id"]
                    seats = []
                    for s in range(args.seats):
                        token = (await post(f"/api/games/{gid}/join",
                                            {"name": f"b{s}"})).json()["token"]
                        ws = await websockets.connect(
                            f"ws://127.0.0.1:{port}/ws/games/{gid}?token={token}",
                            max_size=None, open_timeout=60, ping_interval=None,
                            compression=None)
                        seats.append(Seat(ws, random.Random(i * 10 + s)))
                    return seats

            t0 = time.perf_counter()
            games = list(await asyncio.gather(*(setup(i) for i in range(args.games))))
            setup_seconds = time.perf_counter() - t0
        latencies: list[float] = []
        counts = {"updates": 0, "acks": 0, "errors": 0}
        readers = [asyncio.create_task(s.reader(latencies, counts)) for g in games for s in g]
        await asyncio.sleep(1.0)
        rss_loaded = rss_mb(proc.pid)
        cpu_server0, cpu_client0 = cpu_seconds(proc.pid), time.process_time()
        with no_client_gc():
            start = time.perf_counter()
            stop = start + args.seconds
            await asyncio.gather(*(drive_game(g, args.interval, stop,
                                              args.interval * i / len(games))
                                   for i, g in enumerate(games)))
            elapsed = time.perf_counter() - start
        cpu_server = cpu_seconds(proc.pid) - cpu_server0
        cpu_client = time.process_time() - cpu_client0
        rss_end = rss_mb(proc.pid)
        for g in games:
            for s in g:
                await s.ws.close()
        for t in readers:
            t.cancel()
        lat = sorted(latencies)

        def pct(p: float) -> float:
            return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else 0.0

        return {
            "game": args.game,
            "games": args.games,
            "seats_per_game": args.seats,
            "interval_s": args.interval,
            "seconds": round(elapsed, 1),
            "setup_seconds": round(setup_seconds, 1),
            "actions": counts["acks"],
            "actions_per_second": round(counts["acks"] / elapsed, 1),
            "errors": counts["errors"],
            "updates_received": counts["updates"],
            "ack_ms_p50": pct(0.50),
            "ack_ms_p99": pct(0.99),
            "ack_ms_mean": round(1000 * statistics.fmean(lat), 2) if lat else 0.0,
            "server_cpu_percent": round(100 * cpu_server / elapsed, 1),
            "server_cpu_ms_per_action": round(1000 * cpu_server / max(1, counts["acks"]), 3),
            "client_cpu_percent": round(100 * cpu_client / elapsed, 1),
            "load_average": os.getloadavg()[0],
            "server_rss_mb_empty": round(rss_empty, 1),
            "server_rss_mb_loaded": round(rss_loaded, 1),
            "server_rss_mb_end": round(rss_end, 1),
            "server_kb_per_game": round(1024 * (rss_end - rss_empty) / args.games, 1),
        }
    finally:
        if args.profile:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
        proc.kill()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--interval", type=float, default=2.0,
                        help="seconds between two actions of one game")
    parser.add_argument("--game", default="deal", choices=["deal", "capital"])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--ws", default="auto", help="uvicorn WebSocket implementation")
    parser.add_argument("--profile", help="write a cProfile of the server to this file")
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be 1..{MAX_GAMES}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be 1..{MAX_SECONDS}")
    print(json.dumps(asyncio.run(bench(args)), indent=2))


if __name__ == "__main__":
    main()
