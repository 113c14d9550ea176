"""A record file replayed behind HAProxy (``deploy/haproxy.cfg``): every step of one file goes
to the process that replayed it, so it is replayed and counted against ``record_limit`` once,
not once per process (the limits are shared through Redis)."""

from __future__ import annotations

import json

import httpx
import pytest
from clusterlib import pg_url_fixture, redis_url_fixture, unique_prefix  # noqa: F401 (fixtures)
from harness import Cluster

from tycoon.engine import Recorder, Rng
from tycoon.server.storage import Storage

pytestmark = pytest.mark.cluster


def record_file(seed: int, actions: int = 30) -> str:
    """The text of a record file of a two-seat Deal game, ``actions`` random actions long."""
    game = Recorder.new("deal", 2, seed)
    rng = Rng(seed)
    for _ in range(actions):
        seat = game.state.to_move()[0]
        game.apply(seat, rng.choice(game.state.legal_actions(seat)))
    return json.dumps(game.record.to_json())


def test_the_steps_of_one_record_file_count_once_behind_the_balancer(pg_url: str,
                                                                     redis_url: str) -> None:
    prefix = unique_prefix()
    cluster = Cluster(pg_url, redis_url, prefix, record_limit="1/minute").start()
    try:
        text = record_file(3)
        # an address of this run's own: the limits in Redis outlive a run
        address = f"client-{prefix}"
        headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
        with httpx.Client(base_url=cluster.http, headers=headers, timeout=30) as client:
            steps = [client.post(f"/api/replay/{n}", content=text) for n in range(12)]
            assert [r.status_code for r in steps] == [200] * 12, [r.text for r in steps]
            assert [r.json()["step"] for r in steps] == list(range(12))
            # the limit still holds: another file is the address's second in the minute
            other = client.post("/api/replay/0", content=record_file(4))
            assert other.status_code == 429, other.text
    finally:
        cluster.stop()
        Storage(pg_url, prefix=prefix).drop_all()
