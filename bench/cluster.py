"""Cluster benchmark (loopback only, bounded): N ``tycoon serve`` processes in cluster mode on
PostgreSQL and Redis behind HAProxy (``deploy/haproxy.cfg``, round robin, no sticky sessions).

Every seat is a WebSocket client connected *through the balancer* (so most are relayed to
their game's owner by another process). Two measures:

- ``saturation``: ``--games`` two-seat Deal games acting as fast as their acks come back
  (``--interval 0``), with 1 and with 2 server processes: actions per second;
- ``capacity``: ``--capacity-games`` two-seat Deal games always being played (topped up as
  they end), whose seats are the server's own ``random`` bots (no think delay), created
  through the balancer, with 1 and 2 processes:
  actions per second applied and stored (``/metrics``). No load generator competes for the
  cores, so this is what the servers, PostgreSQL and Redis alone can do;
- ``latency``: 1,000 Deal games and 500 Capital games each acting every 2 s: ack p50/p99
  (send -> ack, database commit included).

    .venv/bin/python bench/cluster.py                      # everything (about 4 minutes)
    .venv/bin/python bench/cluster.py --only saturation --seconds 15

Needs PostgreSQL (``$TYCOON_TEST_PG``), Redis (``$TYCOON_TEST_REDIS``) and haproxy. Each run
uses its own table prefix and drops its tables. Bounded: at most 2,000 games and 90 s of
load per measure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from server import Seat, cpu_seconds, drive_game, free_port, no_client_gc

ROOT = Path(__file__).resolve().parents[1]
PG = os.environ.get("TYCOON_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("TYCOON_TEST_REDIS", "redis://127.0.0.1:6379/0")
MAX_GAMES = 2000
MAX_SECONDS = 90.0


class Cluster:
    """Server processes and HAProxy, started and stopped together."""

    def __init__(self, processes: int) -> None:
        self.prefix = f"b{uuid.uuid4().hex[:8]}_"
        self.ports = [free_port() for _ in range(processes)]
        self.lb = free_port()
        self.procs: list[subprocess.Popen] = []
        self.haproxy: subprocess.Popen | None = None

    def start(self) -> Cluster:
        settings = {"bot_delay": 0.0, "decision_seconds": 600.0, "away_seconds": 600.0,
                    "rate_per_second": 1000.0, "rate_burst": 1000,
                    "create_limit": "1000000/minute", "join_limit": "1000000/minute",
                    "rest_limit": "1000000/minute", "max_open_per_address": 1000000,
                    "bot_processes": 0, "table_prefix": self.prefix, "redis_url": REDIS,
                    "trust_forwarded": True}
        for port in self.ports:
            env = {**os.environ, "TYCOON_SERVER_SETTINGS": json.dumps(
                {**settings, "advertise_url": f"http://127.0.0.1:{port}"})}
            self.procs.append(subprocess.Popen(
                [sys.executable, "-m", "tycoon.cli", "serve", "--port", str(port), "--db", PG],
                env=env, stdout=subprocess.DEVNULL,
                stderr=open(f"/tmp/tycoon-bench-{port}.log", "w")))  # noqa: SIM115
        for port in self.ports:
            wait(f"http://127.0.0.1:{port}/health/ready")
        env = {**os.environ, "TYCOON_LB_BIND": f"127.0.0.1:{self.lb}",
               "TYCOON_LB_STATS": f"127.0.0.1:{free_port()}"}
        for i in range(3):  # unused slots point at a closed port: marked down
            port = self.ports[i] if i < len(self.ports) else free_port()
            env[f"TYCOON_APP{i + 1}"] = f"127.0.0.1:{port}"
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        self.haproxy = subprocess.Popen([haproxy, "-f", str(ROOT / "deploy/haproxy.cfg"),
                                         "-db"], env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        wait(f"http://127.0.0.1:{self.lb}/health/ready")
        time.sleep(1.5)  # HAProxy's health checks mark every process up
        return self

    def stop(self) -> None:
        if self.haproxy is not None:
            self.haproxy.terminate()
            self.haproxy.wait()
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        import sqlalchemy as sa

        engine = sa.create_engine(PG)
        with engine.begin() as conn:
            for table in ("leases", "chat", "actions", "seats", "games", "alembic_version"):
                conn.execute(sa.text(f"drop table if exists {self.prefix}{table}"))
        engine.dispose()


def machine_cpu() -> tuple[int, int]:
    """Busy and total jiffies of all cores since boot (Linux ``/proc/stat``)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return sum(fields) - idle, sum(fields)


def wait(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url} did not answer")


async def run_load(cluster: Cluster, game: str, games: int, interval: float, seconds: float,
                   options: dict) -> dict:
    base = f"http://127.0.0.1:{cluster.lb}"
    sem = asyncio.Semaphore(40)
    async with httpx.AsyncClient(base_url=base, timeout=60,
                                 limits=httpx.Limits(max_connections=40)) as http:

        async def setup(i: int) -> list[Seat]:
            async with sem:
                r = await http.post("/api/games", json={"game": game, "players": ["human"] * 2,
                                                        "seed": i, "options": options})
                r.raise_for_status()
                gid = r.json()["id"]
                seats = []
                for s in range(2):
                    for _ in range(20):
                        r = await http.post(f"/api/games/{gid}/join",
                                            json={"name": f"b{s}", "seat": s})
                        if r.status_code == 200:
                            break
                        await asyncio.sleep(0.2)
                    else:
                        raise SystemExit(f"join failed: {r.status_code} {r.text}")
                    token = r.json()["token"]
                    ws = await websockets.connect(
                        f"ws://127.0.0.1:{cluster.lb}/ws/games/{gid}?token={token}",
                        max_size=None, open_timeout=60, ping_interval=None, compression=None)
                    seats.append(Seat(ws, random.Random(i * 10 + s)))
                return seats

        t0 = time.perf_counter()
        all_games = list(await asyncio.gather(*(setup(i) for i in range(games))))
        setup_s = time.perf_counter() - t0
    latencies: list[float] = []
    counts = {"updates": 0, "acks": 0, "errors": 0}
    readers = [asyncio.create_task(s.reader(latencies, counts)) for g in all_games for s in g]
    await asyncio.sleep(1.0)
    with no_client_gc():
        cpu0 = [cpu_seconds(p.pid) for p in cluster.procs]
        client0 = time.process_time()
        machine0 = machine_cpu()
        haproxy0 = cpu_seconds(cluster.haproxy.pid) if cluster.haproxy else 0.0
        start = time.perf_counter()
        stop = start + seconds
        spread = interval if interval > 0 else 0.5
        dropped = 0

        async def drive(g: list[Seat], offset: float) -> None:
            nonlocal dropped
            try:
                await drive_game(g, interval, stop, offset)
            except websockets.ConnectionClosed:
                dropped += 1  # reported: a game whose socket was cut stops acting

        await asyncio.gather(*(drive(g, spread * i / len(all_games))
                               for i, g in enumerate(all_games)))
        elapsed = time.perf_counter() - start
    cpu = [round(100 * (cpu_seconds(p.pid) - c) / elapsed, 1)
           for p, c in zip(cluster.procs, cpu0, strict=True)]
    client_cpu = round(100 * (time.process_time() - client0) / elapsed, 1)
    busy, total = (b - a for a, b in zip(machine0, machine_cpu(), strict=True))
    haproxy_cpu = round(100 * (cpu_seconds(cluster.haproxy.pid) - haproxy0) / elapsed, 1) \
        if cluster.haproxy else 0.0
    for g in all_games:
        for s in g:
            with contextlib.suppress(Exception):
                await s.ws.close()
    for t in readers:
        t.cancel()
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else 0.0

    return {"game": game, "games": games, "processes": len(cluster.procs),
            "interval_s": interval, "seconds": round(elapsed, 1), "setup_s": round(setup_s, 1),
            "actions": counts["acks"], "actions_per_second": round(counts["acks"] / elapsed, 1),
            "errors": counts["errors"], "games_dropped": dropped,
            "ack_ms_p50": pct(0.5), "ack_ms_p99": pct(0.99),
            "server_cpu_percent": cpu, "client_cpu_percent": client_cpu,
            "haproxy_cpu_percent": haproxy_cpu,
            # every core of the machine: the servers, this load generator, HAProxy, PostgreSQL,
            # Redis and anything else running (100 = all cores busy)
            "machine_cpu_percent": round(100 * busy / max(1, total), 1),
            "load_average": round(os.getloadavg()[0], 2)}


def metric(port: int, prefix: str) -> float:
    """The sum of the samples of one process's /metrics whose line starts with ``prefix``."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(prefix))


def actions_total(port: int) -> float:
    """``tycoon_actions_total`` of one process, every ``by`` summed."""
    return metric(port, "tycoon_actions_total{")


def playing(cluster: Cluster) -> int:
    """Games being played, over every process."""
    return int(sum(metric(port, 'tycoon_games{status="playing"}') for port in cluster.ports))


async def run_capacity(cluster: Cluster, games: int, seconds: float) -> dict:
    """Games whose seats are all the server's ``random`` bots, created through the balancer
    and topped up as they finish, so that about ``games`` are always being played. No
    client plays: the cores go to the servers, PostgreSQL and Redis. Actions per second
    from every process's ``tycoon_actions_total``."""
    base = f"http://127.0.0.1:{cluster.lb}"
    sem = asyncio.Semaphore(20)
    created = 0
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:

        async def create() -> None:
            nonlocal created
            async with sem:
                created += 1
                r = await http.post("/api/games", json={
                    "game": "deal", "players": ["random"] * 2, "seed": created,
                    "options": {"turn_limit": 100_000}})
                r.raise_for_status()

        async def top_up(until: float) -> list[int]:
            counts = []
            while time.perf_counter() < until:
                now = await asyncio.to_thread(playing, cluster)
                counts.append(now)
                await asyncio.gather(*(create() for _ in range(games - now)))
                await asyncio.sleep(0.2)
            return counts

        await top_up(time.perf_counter() + 3.0)
        before = [actions_total(port) for port in cluster.ports]
        cpu0 = [cpu_seconds(p.pid) for p in cluster.procs]
        machine0 = machine_cpu()
        created0 = created
        start = time.perf_counter()
        counts = await top_up(start + seconds)
        elapsed = time.perf_counter() - start
        after = [actions_total(port) for port in cluster.ports]
        busy, total = (b - a for a, b in zip(machine0, machine_cpu(), strict=True))
        cpu = [round(100 * (cpu_seconds(p.pid) - c) / elapsed, 1)
               for p, c in zip(cluster.procs, cpu0, strict=True)]
    done = sum(after) - sum(before)
    return {"game": "deal", "games": games, "processes": len(cluster.procs),
            "seconds": round(elapsed, 1), "actions": int(done),
            "actions_per_second": round(done / elapsed, 1),
            "games_created_while_measuring": created - created0,
            "playing_min_mean": [min(counts), round(sum(counts) / len(counts))],
            "server_cpu_percent": cpu,
            "machine_cpu_percent": round(100 * busy / max(1, total), 1),
            "load_average": round(os.getloadavg()[0], 2)}


def on_cluster(processes: int, run: Any, *args: Any) -> dict:
    """``run(cluster, *args)`` (a load coroutine) on a fresh cluster of ``processes``."""
    cluster = Cluster(processes).start()
    try:
        return asyncio.run(run(cluster, *args))
    finally:
        cluster.stop()


def one_and_two(run: Any, *args: Any) -> dict:
    """The same load on 1 and on 2 processes, and the speed-up in actions per second."""
    one = on_cluster(1, run, *args)
    two = on_cluster(2, run, *args)
    return {"one": one, "two": two, "speedup": round(
        two["actions_per_second"] / max(1.0, one["actions_per_second"]), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["saturation", "capacity", "latency"], default=None)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--saturation-games", type=int, default=400)
    parser.add_argument("--deal-games", type=int, default=1000)
    parser.add_argument("--capital-games", type=int, default=500)
    parser.add_argument("--capacity-games", type=int, default=400)
    parser.add_argument("--latency-processes", type=int, default=2)
    args = parser.parse_args()
    if not 1 <= args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be 1..{MAX_SECONDS}")
    for n in (args.saturation_games, args.deal_games, args.capital_games,
              args.capacity_games):
        if not 1 <= n <= MAX_GAMES:
            parser.error(f"games must be 1..{MAX_GAMES}")
    out: dict = {}
    if args.only in (None, "saturation"):
        out["saturation"] = one_and_two(run_load, "deal", args.saturation_games, 0.0,
                                        args.seconds, {})
        print(json.dumps(out["saturation"], indent=2), flush=True)
    if args.only in (None, "capacity"):
        out["capacity"] = one_and_two(run_capacity, args.capacity_games, args.seconds)
        print(json.dumps(out["capacity"], indent=2), flush=True)
    if args.only in (None, "latency"):
        out["deal"] = on_cluster(args.latency_processes, run_load, "deal", args.deal_games,
                                 2.0, args.seconds, {})
        print(json.dumps(out["deal"], indent=2), flush=True)
        out["capital"] = on_cluster(args.latency_processes, run_load, "capital",
                                    args.capital_games, 2.0, args.seconds, {})
        print(json.dumps(out["capital"], indent=2), flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
