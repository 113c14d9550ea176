"""A REST request about a game that reaches a process other than the game's owner is
forwarded to the owner: its answer comes back whole (status, body, the headers that matter),
and a request the processes cannot place is a 503 in the API's error form."""

from __future__ import annotations

import httpx
import pytest
from clusterlib import pg_url_fixture, redis_url_fixture, unique_prefix  # noqa: F401 (fixtures)
from harness import Cluster

from tycoon.server.cluster import FORWARDED
from tycoon.server.storage import Storage

pytestmark = pytest.mark.cluster


def test_answers_of_the_owner_come_back_whole(pg_url: str, redis_url: str) -> None:
    prefix = unique_prefix()
    cluster = Cluster(pg_url, redis_url, prefix, n=2).start_servers()
    owner, other = cluster.servers
    try:
        game = httpx.post(f"{owner.http}/api/games", timeout=10,
                          json={"game": "toy", "players": ["human", "human"]}).json()
        url = f"{other.http}/api/games/{game['id']}"
        # a method the path does not take: the owner's 405 and the methods it does take
        r = httpx.put(url, timeout=10)
        assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD"
        assert r.json()["code"] == "bad_request"
        # HEAD: GET's status and length, no body
        get, head = httpx.get(url, timeout=10), httpx.head(url, timeout=10)
        assert get.status_code == head.status_code == 200 and head.content == b""
        assert head.headers["content-length"] == str(len(get.content))
        assert get.json()["id"] == game["id"]
        # sent on by a process that took this one for the owner: try again, in the API's form
        r = httpx.get(url, headers={FORWARDED: "1"}, timeout=10)
        assert r.status_code == 503 and r.json()["code"] == "try_again"
        assert r.headers["retry-after"] == "1"
        # the lobby chat's ids fit PostgreSQL's integers, up to the largest
        r = httpx.get(f"{other.http}/api/lobby/chat?after={2**31 - 1}", timeout=10)
        assert r.status_code == 200 and r.json() == []
        r = httpx.get(f"{other.http}/api/lobby/chat?after={2**31}", timeout=10)
        assert r.status_code == 422 and r.json()["code"] == "bad_request"
    finally:
        cluster.stop()
        Storage(pg_url, prefix=prefix).drop_all()
