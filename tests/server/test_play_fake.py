"""Whole games through the real server with the small fake game (server mechanics only)."""

from __future__ import annotations

import asyncio

from conftest import Client, player_loop, run, watch_until_over
from tycoon.engine import Record, replay


def first(legal, _update):
    return legal[0]


def test_two_players_and_spectator_play_to_the_end(live):
    """Two seats play a whole game; every action acked is in the record, which replays."""
    game = live.create(game="fake", players=["human", "human"], options={"turn_limit": 8},
                       seed=5)
    assert game["status"] == "open" and game["free_seats"] == [0, 1] and game["seeded"]
    a = live.join(game["id"], "Ann")
    b = live.join(game["id"], "Bob")
    assert (a["seat"], b["seat"]) == (0, 1) and a["token"] != b["token"]
    assert live.get(f"/api/games/{game['id']}").json()["status"] == "playing"

    async def main():
        ca = await Client.open(live.ws, game["id"], a["token"], "a")
        cb = await Client.open(live.ws, game["id"], b["token"], "b")
        spec = await Client.open(live.ws, game["id"], None, "spec")
        errors: list = []
        await asyncio.gather(player_loop(ca, first, errors), player_loop(cb, first, errors),
                             watch_until_over(spec))
        return ca, cb, spec, errors

    ca, cb, spec, errors = run(main())
    assert errors == []
    acks = [m for c in (ca, cb) for m in c.messages if m["type"] == "ack"]
    final = spec.update
    assert final["status"] == "finished" and final["result"]["finished"]
    record = live.get(f"/api/games/{game['id']}/record").json()
    assert record["complete"] and record["seed"] == 5
    assert len(record["actions"]) == final["version"] == len(acks)
    state = replay(Record.from_json(record))
    assert state.is_over and state.result() == final["result"]
    assert ca.welcome["seat"] == 0 and spec.welcome["seat"] is None
