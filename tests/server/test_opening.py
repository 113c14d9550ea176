"""A game's set-up as its log opens with it (``State.opening``, docs/protocol.md): Monopoly
Deal's first turn and first draw (MD-3.1) reach a page that connects before anybody acts, after
a restart, and the replay viewer's step 0."""

from __future__ import annotations

import time

from conftest import Client, LiveServer, check_updates, expected_by_version, run
from tycoon.engine import get_game


def opening_of(seed: int, seat: int | None) -> list[dict]:
    """The set-up's events of a two-seat Deal game of ``seed`` as ``seat`` is told them."""
    state = get_game("deal").new_game(seats=2, seed=seed)
    return [{**e.to_json(), "message": state.describe(e, seat).to_json()}
            for e in state.opening() if e.visible_to(seat)]


def test_the_set_up_is_told_before_the_first_action_and_after_a_restart(db_url):
    """MD-3.1: the first update of a page opened before any action carries the first turn and
    its draw as history version 0; a restored game still tells them, then the first action."""
    live = LiveServer(db_url).start()
    g = live.create(game="deal", players=["human", "human"], seed=5)
    tokens = [live.join(g["id"], name)["token"] for name in ("Ana", "Bob")]
    expected = opening_of(5, 0)
    assert [e["type"] for e in expected] == ["turn_started", "drew"]
    assert expected[1]["count"] == 2

    async def first():
        ana = await Client.open(live.ws, g["id"], tokens[0])
        spectator = await Client.open(live.ws, g["id"])
        assert ana.update["history"] == [{"version": 0, "events": expected, "actor": None}]
        assert [h["version"] for h in spectator.update["history"]] == [0]
        mover = ana.view["to_move"][0]
        me = ana if mover == 0 else await Client.open(live.ws, g["id"], tokens[mover])
        assert (await me.act({"type": "end_turn"}, 1))["type"] == "ack"

    try:
        run(first())
    finally:
        live.stop()
    live = LiveServer(db_url).start()
    try:
        async def second():
            return await Client.open(live.ws, g["id"])

        spectator = run(second())
        assert [h["version"] for h in spectator.update["history"]] == [0, 1]
        record = live.lobby.rooms[g["id"]].record().to_json()
        check_updates(spectator, None, expected_by_version(record, [None]))
    finally:
        live.stop()


def test_the_replay_viewer_opens_with_the_set_up(live):
    """The replay's step 0 tells the set-up's events; a step asked ``since=0`` starts its
    history with them."""
    game = live.create(game="deal", players=["random", "random"], options={"turn_limit": 4},
                       seed=8)
    for _ in range(200):
        if live.get(f"/api/games/{game['id']}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    base = f"/api/games/{game['id']}/replay"
    assert live.get(f"{base}/0?seat=1").json()["events"] == opening_of(8, 1)
    data = live.get(f"{base}/3?since=0&seat=1").json()
    assert [h["step"] for h in data["history"]] == [0, 1, 2]
    assert data["history"][0]["events"] == opening_of(8, 1)
    assert live.get(f"{base}/3?since=1").json()["history"][0]["step"] == 2
    assert live.get(f"{base}/1?seat=1").json()["history"] == []  # no since: no history
    assert [h["step"] for h in live.get(f"{base}/1?since=0").json()["history"]] == [0]
