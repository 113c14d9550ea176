"""Time limits, stand-in bots for absent players, reconnection, minigame deadlines, bot seats."""

from __future__ import annotations

import asyncio

import pytest

from conftest import Client, LiveServer, run
from tycoon.engine import Rng, get_game


def actor_is(seat, by, reason=None):
    def pred(m):
        return (m["type"] == "update" and m["actor"] is not None and m["actor"]["seat"] == seat
                and m["actor"]["by"] == by and (reason is None or m["actor"]["reason"] == reason))
    return pred


def test_decision_timeout_lets_a_bot_decide_and_says_so(live):
    """When a decision's time runs out, the stand-in bot decides and the update says so."""
    g = live.create(game="fake", players=["human", "human"], decision_seconds=1)
    t0 = live.join(g["id"], "a")["token"]
    t1 = live.join(g["id"], "b")["token"]

    async def main():
        a = await Client.open(live.ws, g["id"], t0)
        b = await Client.open(live.ws, g["id"], t1)
        assert a.update["deadlines"][0]["seat"] == 0 and a.update["deadlines"][0]["kind"] == \
            "decision"
        msg = await b.until(actor_is(0, "standin", "timeout"), timeout=10)
        assert msg["version"] == 1 and msg["view"]["to_move"] == [1]
        reply = await b.act(b.legal[0]["action"], 1)
        assert reply["type"] == "ack" and reply["version"] == 2

    run(main())
    record = live.get(f"/api/games/{g['id']}/record").json()
    assert [(a["seat"], a["by"], a["reason"]) for a in record["actions"]] == [
        (0, "standin", "timeout"), (1, "player", None)]


def test_absent_player_is_played_by_a_bot_until_they_come_back(db_url):
    """A seat with no connection is played by the stand-in bot; with its token it resumes."""
    live = LiveServer(db_url, away_seconds=0.2).start()
    try:
        g = live.create(game="fake", players=["human", "human"], options={"turn_limit": 10})
        t0 = live.join(g["id"], "a")["token"]
        t1 = live.join(g["id"], "b")["token"]

        async def main():
            a = await Client.open(live.ws, g["id"], t0)
            assert (await a.act(a.legal[0]["action"], 1))["type"] == "ack"
            # seat 1 never connected: the stand-in plays its turn
            await a.until(actor_is(1, "standin", "away"))
            await a.state(lambda m: 0 in m["view"]["to_move"] and m["legal"])
            b = await Client.open(live.ws, g["id"], t1)
            assert b.welcome["seat"] == 1 and "hand" in b.view["seats"][1]
            assert (await a.act(a.legal[0]["action"], 2))["type"] == "ack"
            upd = await b.state(lambda m: m["legal"])
            assert upd["view"]["to_move"] == [1]
            reply = await b.act(b.legal[0]["action"], 1)
            assert reply["type"] == "ack"
            await b.state(lambda m: m["version"] >= reply["version"])
            return [m for m in b.messages if m["type"] == "update" and m["actor"]
                    and m["actor"]["seat"] == 1]

        moves_of_1 = run(main())
        assert moves_of_1[-1]["actor"] == {"seat": 1, "by": "player", "reason": None}
    finally:
        live.stop()


def test_minigame_deadline_gives_empty_inputs(db_url):
    """C-9: a seat that sends nothing before the minigame deadline plays empty inputs (0)."""
    live = LiveServer(db_url, minigame_seconds=0.3, minigame_grace=0.1).start()
    try:
        g = live.create(game="fake", players=["human", "human"],
                        options={"minigame_every": 1, "turn_limit": 4})
        t0 = live.join(g["id"], "a")["token"]
        t1 = live.join(g["id"], "b")["token"]

        async def main():
            a = await Client.open(live.ws, g["id"], t0)
            b = await Client.open(live.ws, g["id"], t1)
            assert (await a.act({"type": "draw"}, 1))["type"] == "ack"
            upd = await a.until(lambda m: m["type"] == "update" and m["view"]["phase"] ==
                                "minigame")
            assert {d["kind"] for d in upd["deadlines"]} == {"minigame"}
            secret = upd["view"]["minigame"]["secret"]
            assert (await a.act({"type": "minigame", "inputs": [secret]}, 2))["type"] == "ack"
            msg = await b.until(actor_is(1, "deadline", "minigame_deadline"))
            assert msg["events"] == [{"type": "scored", "seat": 1, "points": 0}]
            assert msg["view"]["phase"] == "turn" and msg["view"]["seats"][0]["score"] >= secret

        run(main())
        record = live.get(f"/api/games/{g['id']}/record").json()
        assert record["actions"][-1]["seat"] == 1
        assert record["actions"][-1]["action"] == {"type": "minigame"}  # redacted: type only
    finally:
        live.stop()


def test_bot_seats_play_by_themselves(live):
    """A bot seat acts as soon as it is to move (by='bot')."""
    g = live.create(game="fake", players=["human", "random"], options={"turn_limit": 4})
    token = live.join(g["id"], "a")["token"]

    async def main():
        a = await Client.open(live.ws, g["id"], token)
        for seq in (1, 2):
            await a.state(lambda m: m["legal"])
            assert (await a.act(a.legal[0]["action"], seq))["type"] == "ack"
            await a.until(actor_is(1, "bot"))

    run(main())


def capital_seed_with_minigame() -> int:
    """A seed whose game, played by one Rng(seed) choosing among the legal actions, reaches
    a minigame within 12 turns (found by playing it here, so engine changes cannot break it)."""
    capital = get_game("capital")
    for seed in range(200):
        state, rng = capital.new_game(seats=4, seed=seed, turn_limit=12), Rng(seed)
        while not state.is_over:
            if state.view(None)["phase"] == "minigame":
                return seed
            mover = state.to_move()[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    raise AssertionError("no seed below 200 reaches a minigame")


def test_capital_minigame_through_the_server(db_url):
    """C-9 through the server: each seat sees its minigame; one sends inputs, one is away
    (its stand-in plays), one sends nothing (empty inputs at the deadline); the game goes on."""
    live = LiveServer(db_url, minigame_seconds=1.2, minigame_grace=0.2, away_seconds=0.6).start()
    try:
        seed = capital_seed_with_minigame()
        g = live.create(game="capital", players=["human"] * 4, options={"turn_limit": 12},
                        seed=seed)
        tokens = [live.join(g["id"], f"p{i}")["token"] for i in range(4)]

        async def main():
            cs = [await Client.open(live.ws, g["id"], t, f"p{i}") for i, t in enumerate(tokens)]
            rng, seq = Rng(seed), 0
            while True:  # everybody plays like RandomBot(0) until the minigame starts
                view = cs[0].update["view"]
                if view["phase"] == "minigame":
                    break
                assert cs[0].update["status"] != "finished", "no minigame with this seed"
                mover = view["to_move"][0]
                c = cs[mover]
                seq += 1
                reply = await c.act(rng.choice(c.legal)["action"], seq)
                assert reply["type"] == "ack", reply
                for other in cs:
                    await other.until(lambda m, v=reply["version"]: m["type"] == "update"
                                      and m["version"] >= v)
            for seat, c in enumerate(cs):
                mg = c.view["minigame"]
                assert mg is not None and c.legal and all(
                    x["action"]["type"] == "minigame" for x in c.legal), seat
            await cs[2].close()
            reply = await cs[0].act(cs[0].legal[-1]["action"], seq + 1)
            assert reply["type"] == "ack"
            await cs[0].until(actor_is(2, "standin", "away"))
            await cs[0].until(actor_is(3, "deadline", "minigame_deadline"))
            await cs[0].until(actor_is(1, "deadline", "minigame_deadline"), timeout=5) \
                if 1 in cs[0].update["view"]["to_move"] else None
            last = cs[0].update
            assert last["view"]["phase"] != "minigame" or last["status"] == "finished"

        run(main(), timeout=60)
        record = live.get(f"/api/games/{g['id']}/record").json()
        assert any(a["seat"] == 3 and a["by"] == "deadline" for a in record["actions"])
    finally:
        live.stop()


@pytest.mark.parametrize("strength", ["random"])
def test_strength_names_map_to_bots(live, strength):
    """Bot strengths are validated with make_bot when the game is created."""
    g = live.create(game="deal", players=["human", strength])
    assert g["players"][1]["kind"] == "bot" and g["players"][1]["bot"] == strength


def test_thinking_bots_play_in_worker_processes(live):
    """A `medium` bot seat thinks in a worker process and plays its turns (by='bot')."""
    g = live.create(game="deal", players=["human", "medium"], seed=2)
    token = live.join(g["id"], "a")["token"]

    async def main():
        a = await Client.open(live.ws, g["id"], token)
        seq = 0
        while not any(m["type"] == "update" and m["actor"] and m["actor"]["by"] == "bot"
                      for m in a.messages):
            upd = await a.state(lambda m: m["legal"] or m["view"]["to_move"] != [0], 30)
            if upd["legal"]:
                seq += 1
                assert (await a.act(upd["legal"][-1]["action"], seq))["type"] == "ack"
            await a.until(lambda m: m["type"] == "update", timeout=30)

    run(main())
    assert live.lobby._processes is not None


def test_restart_restores_games_and_restarts_their_clocks(db_url):
    """After a restart the unfinished game is back (replayed from its record) and the running
    decision gets a fresh clock, which still runs out into a stand-in move."""
    live = LiveServer(db_url, away_seconds=60.0).start()
    g = live.create(game="fake", players=["human", "human"], decision_seconds=1, seed=4)
    tokens = [live.join(g["id"], n)["token"] for n in ("a", "b")]

    async def first():
        a = await Client.open(live.ws, g["id"], tokens[0])
        assert (await a.act({"type": "draw"}, 1))["type"] == "ack"
        return (await a.state(lambda m: m["version"] == 1))["view"]

    view_before = run(first())
    live.stop()
    live = LiveServer(db_url, away_seconds=60.0).start()
    try:
        async def second():
            spec = await Client.open(live.ws, g["id"])
            b = await Client.open(live.ws, g["id"], tokens[1])
            assert spec.update["version"] == 1 and b.update["version"] == 1
            assert b.update["deadlines"][0]["seat"] == 1
            moved = await spec.until(actor_is(1, "standin", "timeout"), timeout=15)
            return spec, moved

        spec, moved = run(second())
        assert moved["version"] == 2
        assert spec.messages[1]["view"] == {**view_before, "seats": [
            {k: v for k, v in s.items() if k != "hand"} for s in view_before["seats"]]}
    finally:
        live.stop()


def test_a_dead_bot_worker_does_not_stop_the_game(live, caplog):
    """If a bot worker process dies, the bot thinks in a thread and a new pool replaces it."""
    import os
    import signal

    g = live.create(game="deal", players=["human", "medium"], seed=5)
    token = live.join(g["id"], "a")["token"]

    async def bot_moves(a, seq, want):
        while sum(1 for m in a.messages if m["type"] == "update" and m["actor"]
                  and m["actor"]["by"] == "bot") < want:
            upd = await a.state(lambda m: m["legal"] or m["view"]["to_move"] != [0], 30)
            if upd["legal"]:
                seq += 1
                assert (await a.act(upd["legal"][-1]["action"], seq))["type"] == "ack"
            await a.until(lambda m: m["type"] == "update", timeout=30)
        return seq

    async def main():
        a = await Client.open(live.ws, g["id"], token)
        seq = await bot_moves(a, 0, 1)
        pool = live.lobby._processes
        for pid in list(pool._processes):
            os.kill(pid, signal.SIGKILL)
        await bot_moves(a, seq, 3)

    run(main(), timeout=90)
    assert "bot worker process died" in caplog.text


def test_a_slow_bot_does_not_hold_up_other_games(live, monkeypatch):
    """While a slow bot thinks (off the event loop) in one game, another game's action is
    applied and acknowledged: the bot's move comes after it."""
    import threading

    from tycoon.bots import RandomBot
    from tycoon.server.room import Room

    release = threading.Event()

    class SlowBot(RandomBot):
        def choose(self, state, seat):
            release.wait(20)  # a bot deep in thought until the test lets it answer
            return super().choose(state, seat)

    monkeypatch.setattr(Room, "_bot_for", lambda self, seat: SlowBot(seat))
    slow = live.create(game="fake", players=["random", "human"])
    live.join(slow["id"], "x")
    room = live.lobby.rooms[slow["id"]]
    fast = live.create(game="fake", players=["human", "human"])
    t0 = live.join(fast["id"], "a")["token"]
    live.join(fast["id"], "b")

    async def main():
        while 0 not in room.tasks:  # the slow bot of seat 0 is thinking
            await asyncio.sleep(0.01)
        a = await Client.open(live.ws, fast["id"], t0)
        reply = await a.act({"type": "draw"}, 1)
        version_meanwhile = room.version
        release.set()
        while room.version == 0:
            await asyncio.sleep(0.01)
        return reply, version_meanwhile

    reply, version_meanwhile = run(main())
    assert reply["type"] == "ack" and version_meanwhile == 0
