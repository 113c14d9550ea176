"""Behind HAProxy (``deploy/haproxy.cfg``): the client address the servers count limits by
is the one the balancer sees, whatever ``X-Forwarded-For`` the client sends; and every step
of one record file goes to the process that replayed it, so it is replayed and counted
against ``record_limit`` once, not once per process (the limits are shared through Redis)."""

from __future__ import annotations

import json

import httpx
import pytest
import redis
from clusterlib import pg_url, redis_url, unique_prefix
from harness import Cluster

from tycoon.engine import Recorder, Rng
from tycoon.server.storage import Storage

pytestmark = pytest.mark.cluster

#: Limits of this module's cluster: their counts in Redis are this module's alone (the other
#: cluster tests set other limits), and start afresh with it.
LIMITS = {"record_limit": "1/minute", "create_limit": "2/minute"}


@pytest.fixture(scope="module")
def cluster():
    database, limits = pg_url(), redis_url()
    store = redis.Redis.from_url(limits)
    for key in ("record/127.0.0.1/1/1/minute", "create/127.0.0.1/2/1/minute"):
        store.delete(f"tycoon:limits:LIMITER/{key}")
    prefix = unique_prefix()
    running = Cluster(database, limits, prefix, **LIMITS).start()
    try:
        yield running
    finally:
        running.stop()
        Storage(database, prefix=prefix).drop_all()


def record_file(seed: int, actions: int = 30) -> str:
    """The text of a record file of a two-seat Deal game, ``actions`` random actions long."""
    game = Recorder.new("deal", 2, seed)
    rng = Rng(seed)
    for _ in range(actions):
        seat = game.state.to_move()[0]
        game.apply(seat, rng.choice(game.state.legal_actions(seat)))
    return json.dumps(game.record.to_json())


def test_a_client_cannot_pick_its_own_address(cluster) -> None:
    """Three games created with three made-up X-Forwarded-For: the balancer puts the address
    it sees there, so the third is over the limit of two a minute."""
    codes = [httpx.post(f"{cluster.http}/api/games", timeout=30,
                        json={"game": "toy", "players": ["random", "random"]},
                        headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code
             for i in range(3)]
    assert codes == [201, 201, 429]


def test_the_steps_of_one_record_file_count_once_behind_the_balancer(cluster) -> None:
    text = record_file(3)
    headers = {"Content-Type": "application/json"}
    with httpx.Client(base_url=cluster.http, headers=headers, timeout=30) as client:
        steps = [client.post(f"/api/replay/{n}", content=text) for n in range(12)]
        assert [r.status_code for r in steps] == [200] * 12, [r.text for r in steps]
        assert [r.json()["step"] for r in steps] == list(range(12))
        # the limit still holds: another file is the address's second in the minute
        other = client.post("/api/replay/0", content=record_file(4))
        assert other.status_code == 429, other.text
