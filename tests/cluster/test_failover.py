"""Many servers, one lobby (issue 14): three processes on PostgreSQL and Redis behind HAProxy
(round robin, no sticky sessions); four WebSocket clients per game, each connected through
the balancer (so to different processes), play whole games of Toy, Capital and Deal while
processes are SIGKILLed at random and restarted. Every acknowledged action is in the record,
none is applied twice, no game is left stuck, and every process lists the same lobby."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import time

import httpx
import pytest
from clusterlib import pg_url_fixture, redis_url_fixture, unique_prefix  # noqa: F401 (fixtures)
from harness import Cluster, Player, create, join

from tycoon.server.storage import Storage

pytestmark = [pytest.mark.cluster, pytest.mark.skipif(
    shutil.which("haproxy") is None and not os.path.exists("/usr/sbin/haproxy"),
    reason="HAProxy is not installed (.ci/setup-haproxy)")]

GAMES = [
    {"game": "toy", "options": {"turn_limit": 30, "round_every": 0}},
    {"game": "capital", "options": {"turn_limit": 6}},
    {"game": "deal", "options": {"turn_limit": 12}},
]
KILLS = 10


async def play_game(cluster: Cluster, body: dict, seed: int, deadline: float) -> dict:
    spec = {**body, "players": ["human"] * 4, "decision_seconds": 30, "name": f"g{seed}"}
    game = await asyncio.to_thread(create, cluster.http, spec)
    players = []
    for i in range(4):
        joined = await asyncio.to_thread(join, cluster.http, game["id"], f"p{i}", i)
        if joined is None:
            continue
        players.append(Player(cluster.ws, game["id"], joined["seat"], joined["token"],
                              seed * 10 + i))
    await asyncio.gather(*(p.play(deadline) for p in players))
    return {"id": game["id"], "game": body["game"], "players": players}


async def killer(cluster: Cluster, stop: asyncio.Event, rng: random.Random) -> None:
    while cluster.kills < KILLS and not stop.is_set():
        await asyncio.sleep(rng.uniform(1.5, 3.0))
        victim = rng.randrange(len(cluster.servers))
        await asyncio.to_thread(cluster.kill, victim)
        await asyncio.to_thread(cluster.servers[victim].wait_ready, 30)
    stop.set()


async def run_all(cluster: Cluster) -> list[dict]:
    rng = random.Random(14)
    start = time.monotonic()
    deadline = start + 140  # the players give up then
    stop = asyncio.Event()
    done: list[dict] = []

    async def worker(k: int) -> None:
        # New games until every kill is done (a loaded machine restarts processes slower),
        # with room left for the last ones to finish.
        n = 0
        while not stop.is_set() and time.monotonic() < start + 100:
            body = GAMES[(k + n) % len(GAMES)]
            done.append(await play_game(cluster, body, k * 100 + n, deadline))
            n += 1

    kill_task = asyncio.create_task(killer(cluster, stop, rng))
    await asyncio.gather(*(worker(k) for k in range(3)))
    stop.set()
    await kill_task
    return done


def check_records(pg_url: str, prefix: str, games: list[dict]) -> None:
    store = Storage(pg_url, prefix=prefix)

    async def load() -> list:
        await store.open()
        try:
            return [(await store.load_game(g["id"]), await store.load_actions(g["id"]))
                    for g in games]
        finally:
            await store.close()

    # A game's last action and its "finished" status are two writes: when the owner is killed
    # between them, the process that takes the lease over (within ~4 s) replays the record and
    # writes the status. Wait for that before calling a game stuck.
    deadline = time.monotonic() + 15
    rows = asyncio.run(load())
    while time.monotonic() < deadline and any(
            found is None or found[0].status != "finished" for found, _ in rows):
        time.sleep(0.5)
        rows = asyncio.run(load())
    for g, (found, actions) in zip(games, rows, strict=True):
        assert found is not None and found[0].status == "finished", f"{g['game']} {g['id']} stuck"
        by_seat: dict[int, list[int]] = {}
        for a in actions:
            if a.client_seq is not None:
                by_seat.setdefault(a.seat, []).append(a.client_seq)
        for seat, seqs in by_seat.items():
            assert len(seqs) == len(set(seqs)), f"{g['id']} seat {seat}: a seq applied twice"
        for p in g["players"]:
            assert p.finished, f"{g['id']} seat {p.seat} did not see the end"
            for seq, version, action, _dup in p.acks:
                row = actions[version - 1]
                assert (row.seat, row.client_seq) == (p.seat, seq), (g["id"], seq, version)
                assert row.action == action or row.action.get("type") == action.get("type")


def test_three_processes_behind_haproxy_survive_sigkills(pg_url: str, redis_url: str) -> None:
    """Whole games through the balancer with 10 SIGKILLs: no acked action lost, none applied
    twice, no game stuck, one lobby on every process."""
    prefix = unique_prefix()
    cluster = Cluster(pg_url, redis_url, prefix).start()
    try:
        games = asyncio.run(asyncio.wait_for(run_all(cluster), 170))
        assert cluster.kills >= KILLS
        assert {g["game"] for g in games} == {"toy", "capital", "deal"}
        acked = sum(len(p.acks) for g in games for p in g["players"])
        reconnects = sum(p.reconnects for g in games for p in g["players"])
        assert acked > 100 and reconnects > 0
        check_records(pg_url, prefix, games)
        for server in cluster.servers:
            server.wait_ready(30)
        lists = [sorted((g["id"], g["status"]) for g in
                        httpx.get(f"{s.http}/api/games?limit=500", timeout=10).json())
                 for s in cluster.servers]
        assert lists[0] == lists[1] == lists[2]
        print(f"{len(games)} games, {acked} acked actions, {reconnects} reconnections, "
              f"{cluster.kills} kills")
    finally:
        cluster.stop()
        Storage(pg_url, prefix=prefix).drop_all()
