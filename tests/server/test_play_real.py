"""Whole Capital and Deal games by four real WebSocket clients through a real server; every
message each seat and a spectator received is exactly what the engine lets that seat see."""

from __future__ import annotations

import asyncio
import random

import pytest

from conftest import (
    Client,
    check_updates,
    expected_by_version,
    player_loop,
    run,
    scan_secrets,
    watch_until_over,
)
from tycoon.engine import Record, replay


def picker(seed: int):
    rng = random.Random(seed)

    def pick(legal, _update):
        return rng.choice(legal)

    return pick


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    [("capital", {"turn_limit": 10}, 3), ("deal", {}, 1)],
)
def test_four_players_play_a_whole_game(live, game, options, seed):
    """C-12 / MD-2: four humans over WebSockets play to the end; acks, record and views agree."""
    created = live.create(game=game, players=["human"] * 4, options=options, seed=seed)
    tokens = [live.join(created["id"], f"p{i}")["token"] for i in range(4)]

    async def main():
        clients = [await Client.open(live.ws, created["id"], t, f"p{i}")
                   for i, t in enumerate(tokens)]
        spectator = await Client.open(live.ws, created["id"], None, "spectator")
        errors: list = []
        await asyncio.gather(*(player_loop(c, picker(seed * 10 + i), errors)
                               for i, c in enumerate(clients)), watch_until_over(spectator))
        return clients, spectator, errors

    async def late(token):  # a page opened after the end: its first update retells the end
        client = await Client.open(live.ws, created["id"], token, "late")
        await client.close()
        return client

    clients, spectator, errors = run(main(), timeout=150)
    latecomers = [(1, run(late(tokens[1]))), (None, run(late(None)))]
    assert all(e["code"] in ("not_your_turn", "illegal_action") for e in errors), errors
    record = live.get(f"/api/games/{created['id']}/record").json()
    assert record["complete"] and record["status"] == "finished"
    acked = sum(1 for c in clients for m in c.messages if m["type"] == "ack")
    assert acked == len(record["actions"]) == spectator.update["version"]
    state = replay(Record.from_json(record))
    assert state.is_over and state.result().to_json() == spectator.update["result"]
    replayed = expected_by_version(record, [0, 1, 2, 3, None])
    for seat, client in [*enumerate(clients), (None, spectator), *latecomers]:
        assert check_updates(client, seat, replayed) > 0
        scan_secrets(client, seat, replayed)
    for _, client in latecomers:  # the last changes, up to the last one
        history = client.update["history"]
        assert history and history[-1]["version"] == client.update["version"]
        assert [h["version"] for h in history] == sorted({h["version"] for h in history})
    # the spectator watched from the start: it was retold the set-up at most (version 0)
    assert all(h["version"] == 0 for m in spectator.messages for h in m.get("history", []))
