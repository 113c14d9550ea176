"""Whole games through the real server with the Toy game of tests/plugins (mechanics only)."""

from __future__ import annotations

import asyncio
import time

import pytest

from conftest import Client, LiveServer, player_loop, run, watch_until_over
from tycoon.engine import Record, replay


def first(legal, _update):
    return legal[0]


def test_two_players_and_spectator_play_to_the_end(live):
    """Two seats play a whole game; every action acked is in the record, which replays."""
    game = live.create(game="toy", players=["human", "human"], options={"turn_limit": 8},
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
    assert state.is_over and state.result().to_json() == final["result"]
    assert ca.welcome["seat"] == 0 and spec.welcome["seat"] is None


def test_private_events_and_hands_reach_only_their_seat(live):
    """Private events (a drawn card) go only to their seat; views are exactly the engine's;
    no message holds another seat's hand, the deck order or the RNG state; the record served
    before the end is redacted (no seed, action types only)."""
    from conftest import check_updates, expected_by_version, scan_secrets

    game = live.create(game="toy", players=["human", "human"],
                       options={"turn_limit": 12, "round_every": 5}, seed=9)
    tokens = [live.join(game["id"], n)["token"] for n in ("a", "b")]

    def draw_first(legal, _update):
        return next((x for x in legal if x["action"]["type"] == "draw"), legal[0])

    async def main():
        ca = await Client.open(live.ws, game["id"], tokens[0], "a")
        cb = await Client.open(live.ws, game["id"], tokens[1], "b")
        spec = await Client.open(live.ws, game["id"], None, "spec")
        # halfway: the redacted record
        for seq in (1, 2):
            await ca.state(lambda m: m["legal"])
            assert (await ca.act({"type": "draw"}, seq))["type"] == "ack"
            await cb.state(lambda m: m["legal"])
            assert (await cb.act({"type": "draw"}, seq))["type"] == "ack"
        redacted = live.get(f"/api/games/{game['id']}/record").json()
        errors: list = []
        await asyncio.gather(player_loop(ca, draw_first, errors),
                             player_loop(cb, draw_first, errors), watch_until_over(spec))
        return ca, cb, spec, redacted

    ca, cb, spec, redacted = run(main())
    assert redacted["seed"] is None and not redacted["complete"]
    assert all(set(a["action"]) == {"type"} for a in redacted["actions"])
    record = live.get(f"/api/games/{game['id']}/record").json()
    replayed = expected_by_version(record, [0, 1, None])
    for seat, client in ((0, ca), (1, cb), (None, spec)):
        check_updates(client, seat, replayed)
        scan_secrets(client, seat, replayed)
        drew = [e for m in client.messages if m["type"] == "update" for e in m["events"]
                if e["type"] == "drew"]
        assert drew and all(e["seat"] == seat for e in drew) if seat is not None else not drew


def test_lobby_lists_open_playing_and_finished_games(live):
    """GET /api/games?status=...: open games to join, games in play, finished ones; `/`
    serves the web client."""
    open_game = live.create(game="toy", players=["human", "human"])
    playing = live.create(game="toy", players=["human", "random"])
    live.join(playing["id"], "a")
    ids = lambda status: {g["id"] for g in live.get(f"/api/games?status={status}").json()}  # noqa: E731
    assert open_game["id"] in ids("open") and playing["id"] not in ids("open")
    assert playing["id"] in ids("playing")
    page = live.get("/")
    assert page.status_code == 200 and "Tycoon" in page.text


@pytest.mark.parametrize("cluster", [False, True])
def test_lobby_list_puts_games_to_join_first_and_the_newest_first(db_url, cluster):
    """GET /api/games: open games first, then games in play, then ended ones, the newest first
    within each, so a list cut by ``limit`` keeps the games just created (a server with more
    than 100 games listed its oldest 100, and a new game never showed in the lobby). The same
    in cluster mode, where the list comes from the database."""
    extra = {"advertise_url": "http://127.0.0.1:1"} if cluster else {}
    server = LiveServer(db_url, **extra).start()
    try:
        first = server.create(game="toy", players=["human", "human"])
        playing = server.create(game="toy", players=["human", "random"])
        server.join(playing["id"], "a")
        time.sleep(0.01)  # created on another clock tick
        last = server.create(game="toy", players=["human", "human"])
        ids = [g["id"] for g in server.get("/api/games").json()]
        assert ids == [last["id"], first["id"], playing["id"]]
        assert [g["id"] for g in server.get("/api/games?limit=1").json()] == [last["id"]]
        assert [g["id"] for g in server.get("/api/games?status=open").json()] == [
            last["id"], first["id"]]
    finally:
        server.stop()


def finished_toy_game(live, seed: int) -> tuple[dict, dict]:
    """A Toy game of two random bots (peek rounds, a turn limit), once over; its record."""
    game = live.create(game="toy", players=["random", "random"],
                       options={"turn_limit": 6, "round_every": 2}, seed=seed)
    for _ in range(200):
        if live.get(f"/api/games/{game['id']}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    return game, live.get(f"/api/games/{game['id']}/record").json()


def test_replay_steps_of_a_finished_game(live):
    """GET /api/games/{id}/replay/{step}: the position after each step as a seat saw it (the
    replay viewer); refused before the end."""

    waiting = live.create(game="toy", players=["human", "random"])
    assert live.get(f"/api/games/{waiting['id']}/replay/0").status_code == 409
    game, record = finished_toy_game(live, seed=2)
    total = len(record["actions"])
    assert record["complete"] and total > 6
    rec = Record.from_json(record)
    for step in (0, 1, total // 2, total - 1, total):
        for seat in (None, 0, 1):
            query = "" if seat is None else f"?seat={seat}"
            data = live.get(f"/api/games/{game['id']}/replay/{step}{query}").json()
            assert data["step"] == step and data["total"] == total
            assert data["view"] == replay(rec, step).view(seat)
            drew = [e for e in data["events"] if e["type"] == "drew"]
            assert all(e["seat"] == seat for e in drew)
    # ?since=K: the events of the steps after K as well, each as that step alone gives them
    step = total // 2
    base = f"/api/games/{game['id']}/replay"
    data = live.get(f"{base}/{step}?since={step - 4}&seat=1").json()
    assert [h["step"] for h in data["history"]] == [step - 3, step - 2, step - 1]
    for h in data["history"]:
        assert h["events"] == live.get(f"{base}/{h['step']}?seat=1").json()["events"]
    assert data["events"] == live.get(f"{base}/{step}?seat=1").json()["events"]
    assert live.get(f"{base}/{step}").json()["history"] == []
    assert live.get(f"{base}/{step}?since={step + 1}").status_code == 422
    assert live.get(f"{base}/{total + 1}").status_code == 422
    assert live.get(f"/api/games/{game['id']}/replay/1?seat=5").status_code == 422


def test_replay_of_a_record_file_equals_the_games_own(live):
    """POST /api/replay/{step}: a record sent in the body (the viewer's *Open a record file*)
    steps as the finished game's own replay does; a record that does not replay, or is not a
    record, is a 422 naming why; nothing is stored."""
    game, record = finished_toy_game(live, seed=3)
    total = len(record["actions"])
    before = live.get("/api/games").json()
    own = f"/api/games/{game['id']}/replay"
    for step, query in ((0, "?since=0"), (total // 2, "?seat=1&since=1"), (total, "?seat=0")):
        sent = live.post(f"/api/replay/{step}{query}", record)
        assert sent.status_code == 200, sent.text
        mine = live.get(f"{own}/{step}{query}").json()
        data = sent.json()
        for key in ("step", "total", "view", "events", "history", "actor", "action"):
            assert data[key] == mine[key], key
        assert data["result"] == (mine["result"] if step == total else None)
    assert live.get("/api/games").json() == before  # nothing stored
    bad = {**record, "actions": [*record["actions"][:3], {"seat": 1, "action": {"type": "x"}}]}
    r = live.post("/api/replay/4", bad)
    assert r.status_code == 422 and "record action 3" in r.json()["detail"]
    elsewhere = [*record["actions"][:2], {"seat": 7, "action": record["actions"][2]["action"]}]
    r = live.post("/api/replay/1", {**record, "actions": elsewhere})
    assert r.status_code == 422 and r.json()["detail"] == (
        f"record: action 2 is by seat 7, not one of the game's {record['seats']} seats "
        f"(0 to {record['seats'] - 1})")
    for broken, words in (({**record, "game": "chess"}, "unknown game 'chess'"),
                          ({**record, "seed": None}, "seed"),
                          ({**record, "options": {"turn_limit": "x"}}, "turn_limit")):
        r = live.post("/api/replay/0", broken)
        assert r.status_code == 422 and words in r.text, r.text
    assert live.post(f"/api/replay/{total + 1}", record).status_code == 422
    assert live.post("/api/replay/0?seat=2", record).status_code == 422
    # a record may be larger than other bodies (max_record_bytes, not max_body_bytes)
    padded = {**record, "note": "x" * 100_000}
    assert live.post("/api/replay/0", padded).status_code == 200
    assert live.post("/api/lobby/chat", {"name": "a", "text": "x", "note": "x" * 100_000}
                     ).status_code == 413


def test_new_record_files_are_rate_limited_stepping_through_one_is_not(db_url):
    """``record_limit``: replaying a record the server has not replayed lately costs CPU, so an
    address may send few new ones; the steps of one it has are not counted."""
    server = LiveServer(db_url, record_limit="2/minute").start()
    try:
        records = [{"game": "toy", "seats": 2, "seed": seed, "actions": []} for seed in (1, 2, 3)]
        assert [server.post("/api/replay/0", r).status_code for r in records] == [200, 200, 429]
        for _ in range(5):  # the first two again: known, so not counted
            assert server.post("/api/replay/0?seat=1", records[0]).status_code == 200
        refused = server.post("/api/replay/0", records[2])
        assert refused.status_code == 429 and "record files" in refused.json()["detail"]
    finally:
        server.stop()


def test_replay_steps_say_who_chose_each_action(db_url):
    """A replay step's ``actor`` (and each ``history`` entry's) says who chose the action, as
    the table's update did: Bruno joined and never came, so the stand-in played his seat
    ("is away"); a record file says the same when it carries ``by``, only the seat when not."""
    live = LiveServer(db_url, away_seconds=0.1).start()
    try:
        game = live.create(game="toy", players=["random", "human"], options={"turn_limit": 6})
        live.join(game["id"], "Bruno", seat=1)
        for _ in range(200):
            if live.get(f"/api/games/{game['id']}").json()["status"] == "finished":
                break
            time.sleep(0.05)
        record = live.get(f"/api/games/{game['id']}/record").json()
        total = len(record["actions"])
        assert {(a["seat"], a["by"], a["reason"]) for a in record["actions"]} == {
            (0, "bot", None), (1, "standin", "away")}
        own = f"/api/games/{game['id']}/replay"
        data = live.get(f"{own}/{total}?since={total - 4}").json()
        for entry, action in zip([*data["history"], data], record["actions"][-4:], strict=True):
            actor = entry["actor"]
            assert (actor["seat"], actor["by"], actor["reason"]) == (
                action["seat"], action["by"], action["reason"])
            assert actor["message"] == (None if action["by"] == "bot" else {
                "key": "server.actor.standin.away", "params": {"seat": {"seat": 1}}})
        sent = live.post(f"/api/replay/{total}?since={total - 4}", record).json()
        assert sent["history"] == data["history"] and sent["actor"] == data["actor"]
        bare = {**record, "actions": [{"seat": a["seat"], "action": a["action"]}
                                      for a in record["actions"]]}
        assert live.post(f"/api/replay/{total}", bare).json()["actor"] == {
            "seat": record["actions"][-1]["seat"]}
        odd = {**record, "actions": [{**record["actions"][0], "by": "ghost"}]}
        assert live.post("/api/replay/1", odd).status_code == 422
    finally:
        live.stop()
