"""A cluster for tests and the bench: N ``tycoon serve`` processes on PostgreSQL and Redis in
cluster mode, behind HAProxy with ``deploy/haproxy.cfg``; players that reconnect."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from clusterlib import ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
HAPROXY_CFG = ROOT / "deploy" / "haproxy.cfg"

#: Settings of cluster processes in tests: bots act at once, no REST limits.
FAST = {"bot_delay": 0.0, "rate_per_second": 1000.0, "rate_burst": 1000, "gc_freeze": False,
        "create_limit": "100000/minute", "join_limit": "100000/minute",
        "rest_limit": "100000/minute", "max_open_per_address": 100000, "bot_processes": 0,
        "trust_forwarded": True, "away_seconds": 3.0}


class Cluster:
    """``n`` server processes (cluster mode) and HAProxy in front of them."""

    def __init__(self, pg_url: str, redis_url: str, prefix: str, n: int = 3,
                 **settings: Any) -> None:
        self.ports = [free_port() for _ in range(n)]
        self.lb_port = free_port()
        self.stats_port = free_port()
        self.servers = [
            ServerProcess(pg_url, {**FAST, "table_prefix": prefix, "redis_url": redis_url,
                                   "advertise_url": f"http://127.0.0.1:{port}", **settings},
                          port=port)
            for port in self.ports]
        self.haproxy: subprocess.Popen[bytes] | None = None
        self.kills = 0

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.lb_port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.lb_port}"

    def start_servers(self) -> Cluster:
        """Start the server processes and wait until each is ready (no balancer)."""
        for server in self.servers:
            server.start()
        for server in self.servers:
            server.wait_ready(60)
        return self

    def start(self) -> Cluster:
        self.start_servers()
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        env = {**os.environ, "TYCOON_LB_BIND": f"127.0.0.1:{self.lb_port}",
               "TYCOON_LB_STATS": f"127.0.0.1:{self.stats_port}"}
        for i, port in enumerate(self.ports, 1):
            env[f"TYCOON_APP{i}"] = f"127.0.0.1:{port}"
        # its notices go to a file: an unread pipe would fill up and stall the balancer
        self.haproxy_log = tempfile.TemporaryFile()  # noqa: SIM115 - lives with HAProxy
        self.haproxy = subprocess.Popen([haproxy, "-f", str(HAPROXY_CFG), "-db"], env=env,
                                        stdout=subprocess.DEVNULL, stderr=self.haproxy_log)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.http}/health/ready", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError("HAProxy does not answer")

    def kill(self, i: int) -> None:
        """SIGKILL process ``i`` and start it again (same port)."""
        proc = self.servers[i].proc
        assert proc is not None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        self.kills += 1
        self.servers[i].start()

    def stop(self) -> None:
        if self.haproxy is not None:
            self.haproxy.terminate()
            self.haproxy.wait(10)
        for server in self.servers:
            server.stop()


class Player:
    """One seat's client: connects through the balancer, reconnects after any close, re-sends
    an unacked action with its seq, and keeps every ack."""

    def __init__(self, base: str, game_id: str, seat: int, token: str, seed: int) -> None:
        self.url = f"{base}/ws/games/{game_id}?token={token}"
        self.seat = seat
        self.rng = random.Random(seed)
        #: (seq, version, action, duplicate) of every ack received.
        self.acks: list[tuple[int, int, dict[str, Any], bool]] = []
        self.errors: list[dict[str, Any]] = []
        self.reconnects = 0
        self.codes: list[int | None] = []
        self.seq = 0
        self.finished = False
        self.ack_latency: list[float] = []

    async def play(self, deadline: float) -> None:
        pending: tuple[int, dict[str, Any]] | None = None
        while not self.finished and time.monotonic() < deadline:
            try:
                async with websockets.connect(self.url, max_size=None, open_timeout=5,
                                              origin=None, compression=None) as ws:
                    pending = await self._session(ws, pending, deadline)
            except (websockets.ConnectionClosed, OSError, TimeoutError,
                    websockets.InvalidStatus, websockets.InvalidHandshake) as exc:
                code = getattr(getattr(exc, "rcvd", None), "code", None)
                self.codes.append(code)
                if code in (4401, 4404):
                    raise AssertionError(f"seat {self.seat}: refused with {code}") from exc
            if not self.finished:
                self.reconnects += 1
                await asyncio.sleep(0.05 if self.codes and self.codes[-1] == 1012 else 0.2)

    async def _session(self, ws: Any, pending: tuple[int, dict[str, Any]] | None,
                       deadline: float) -> tuple[int, dict[str, Any]] | None:
        update: dict[str, Any] | None = None
        sent_at = 0.0
        waiting_version = 0
        if pending is not None:  # re-send the unacked action with the same seq
            await ws.send(json.dumps({"seq": pending[0], "action": pending[1]}))
            sent_at = time.monotonic()
        while time.monotonic() < deadline:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 15))
            kind = msg["type"]
            if kind == "welcome":
                self.seq = max(self.seq, msg.get("last_seq") or 0)
            elif kind == "update":
                if update is None or msg["version"] >= update["version"]:
                    update = msg
                if msg["status"] == "finished":
                    self.finished = True
                    return None
            elif kind == "ack" and pending is not None and msg.get("seq") == pending[0]:
                self.ack_latency.append(time.monotonic() - sent_at)
                self.acks.append((pending[0], msg["version"], pending[1],
                                  bool(msg.get("duplicate"))))
                waiting_version = msg["version"]
                pending = None
            elif kind == "error" and pending is not None and msg.get("seq") == pending[0]:
                self.errors.append(msg)
                pending = None
            if (pending is None and update is not None and update["legal"]
                    and update["version"] >= waiting_version):
                choice = self.rng.choice(update["legal"])["action"]
                self.seq += 1
                pending = (self.seq, choice)
                await ws.send(json.dumps({"seq": self.seq, "action": choice}))
                sent_at = time.monotonic()
        return pending


def create(base: str, body: dict[str, Any], tries: int = 50) -> dict[str, Any]:
    """POST a game through the balancer, retrying while processes restart."""
    for _ in range(tries):
        try:
            r = httpx.post(f"{base}/api/games", json=body, timeout=10)
            if r.status_code == 201:
                return r.json()
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError("could not create a game through the balancer")


def join(base: str, game_id: str, name: str, seat: int,
         tries: int = 50) -> dict[str, Any] | None:
    """Join ``seat`` through the balancer (forwarded to the owner), retrying while processes
    restart. None: a try whose answer was lost (its process was killed) took the seat, so its
    token is unknown; the stand-in plays it."""
    last = None
    for attempt in range(tries):
        try:
            r = httpx.post(f"{base}/api/games/{game_id}/join",
                           json={"name": name, "seat": seat}, timeout=10)
            if r.status_code == 200:
                return r.json()
            last = r.text
            if r.status_code == 409 and attempt > 0:
                return None
            if r.status_code in (409, 422):
                raise AssertionError(f"join refused: {r.text}")
        except httpx.HTTPError as exc:
            last = str(exc)
        time.sleep(0.2)
    raise AssertionError(f"could not join: {last}")
