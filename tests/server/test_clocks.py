"""Time limits, stand-ins for absent players, reconnection, input sessions, bot seats."""

from __future__ import annotations

import asyncio

import pytest

from conftest import Client, LiveServer, check_updates, expected_by_version, run


def actor_is(seat, by, reason=None):
    def pred(m):
        return (m["type"] == "update" and m["actor"] is not None and m["actor"]["seat"] == seat
                and m["actor"]["by"] == by and (reason is None or m["actor"]["reason"] == reason))
    return pred


def test_decision_timeout_lets_a_bot_decide_and_says_so(live):
    """When a decision's time runs out, the stand-in bot decides and the update says so."""
    g = live.create(game="toy", players=["human", "human"], decision_seconds=1)
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
        g = live.create(game="toy", players=["human", "human"], options={"turn_limit": 10})
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
        assert moves_of_1[-1]["actor"] == {"seat": 1, "by": "player", "reason": None,
                                           "message": None}
    finally:
        live.stop()


def test_session_deadline_plays_the_silent_inputs(db_url):
    """An input session (Toy's peek round): each seat gets one clock of the session's
    duration plus the grace; a seat that sends its inputs one by one ends with exactly them;
    a seat that sends nothing plays ``session.silent`` at the deadline (scores 0)."""
    live = LiveServer(db_url, session_grace=0.1).start()
    try:
        g = live.create(game="toy", players=["human", "human"],
                        options={"round_every": 1, "turn_limit": 4, "round_ms": 400}, seed=3)
        t0 = live.join(g["id"], "a")["token"]
        t1 = live.join(g["id"], "b")["token"]

        async def main():
            a = await Client.open(live.ws, g["id"], t0)
            b = await Client.open(live.ws, g["id"], t1)
            assert a.update["session"] is None
            assert (await a.act({"type": "draw"}, 1))["type"] == "ack"
            upd = await a.state(lambda m: m["session"] is not None)
            session = upd["session"]
            assert session["kind"] == "peek" and session["progressive"] and session["view"]
            assert {d["kind"] for d in upd["deadlines"]} == {"session"}
            assert [x["action"] for x in upd["legal"]] == [{"type": "peek", "inputs": []}]
            points = 0
            for n, cell in enumerate((2, 0), 1):
                await a.send({"type": "session_input", "session": session["id"], "input": cell,
                              "seq": 10 + n})
                got = await a.until(lambda m: m["type"] == "session_progress")
                assert got["count"] == n and got["seq"] == 10 + n
                points = got["progress"]["points"]
            reply = await a.act({"type": "peek", "inputs": [2, 0]}, 2)
            assert reply["type"] == "ack"
            msg = await b.until(actor_is(1, "deadline", "session_deadline"))
            assert msg["events"][0]["type"] == "peeked"
            assert msg["events"][0]["seat"] == 1 and msg["events"][0]["points"] == 0
            assert msg["actor"]["message"]["key"] == "server.actor.deadline.session_deadline"
            return points

        points = run(main())
        record = live.get(f"/api/games/{g['id']}/record").json()
        assert record["actions"][1]["action"] == {"type": "peek"}  # redacted: type only
        assert live.lobby.rooms[g["id"]].log[1].action == {"type": "peek", "inputs": [2, 0]}
        assert points >= 0
    finally:
        live.stop()


def test_an_away_person_in_a_session_plays_its_inputs_so_far(db_url):
    """Issue 14, leaving never pays: a person who leaves during an input session is played by
    ``session.silent`` of the inputs it had checked (not by a bot's ready-made inputs)."""
    live = LiveServer(db_url, away_seconds=0.2, session_grace=0.1).start()
    try:
        g = live.create(game="toy", players=["human", "human"],
                        options={"round_every": 1, "turn_limit": 4, "round_ms": 20_000}, seed=5)
        t0 = live.join(g["id"], "a")["token"]
        t1 = live.join(g["id"], "b")["token"]

        async def main():
            a = await Client.open(live.ws, g["id"], t0)
            b = await Client.open(live.ws, g["id"], t1)
            assert (await a.act({"type": "draw"}, 1))["type"] == "ack"
            upd = await b.state(lambda m: m["session"] is not None, 30)
            await b.send({"type": "session_input", "session": upd["session"]["id"], "input": 3})
            seen = (await b.until(lambda m: m["type"] == "session_progress", 30))["progress"]
            await b.close()
            msg = await a.until(actor_is(1, "standin", "away"), 30)
            return seen, msg

        seen, msg = run(main())
        peeked = msg["events"][0]
        assert peeked["type"] == "peeked" and peeked["faces"] == [seen["turned"]["3"]]
        assert peeked["points"] == seen["points"]
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
    decision gets a fresh clock, which still runs out into a stand-in move; a page opened
    after the restart is told the change made before it (its ``history``)."""
    live = LiveServer(db_url, away_seconds=60.0).start()
    g = live.create(game="toy", players=["human", "human"], decision_seconds=1, seed=4)
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
        first_update = spec.messages[1]
        assert [(h["version"], h["actor"]["seat"]) for h in first_update["history"]] == [(1, 0)]
        record = live.lobby.rooms[g["id"]].record().to_json()
        check_updates(spec, None, expected_by_version(record, [None]))
        assert spec.messages[1]["view"] == {**view_before, "seats": [
            {k: v for k, v in s.items() if k != "hand"} for s in view_before["seats"]]}
    finally:
        live.stop()


def test_a_dead_bot_worker_does_not_stop_the_game(live):
    """If a bot worker process dies, the bot thinks in a thread and a new pool replaces it."""
    import logging
    import os
    import signal

    class Records(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.ERROR)
            self.messages: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.messages.append(record.getMessage())

    records = Records()  # the server's own logger: no root-logger set-up can hide it
    logging.getLogger("tycoon.server").addHandler(records)

    g = live.create(game="deal", players=["human", "medium"], seed=5)
    token = live.join(g["id"], "a")["token"]

    def bot_count(a):
        return sum(1 for m in a.messages if m["type"] == "update" and m["actor"]
                   and m["actor"]["by"] == "bot")

    async def bot_moves(a, seq, want):
        while bot_count(a) < want:
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
        assert pool._processes, "the bot's first move was thought in a worker process"
        for pid in list(pool._processes):
            os.kill(pid, signal.SIGKILL)
        # moves thought before the kill may still be on their way: play on until a bot's
        # move meets the dead pool, then one more, thought by the thread or the new pool
        for _ in range(40):
            if any("bot worker process died" in m for m in records.messages):
                break
            seq = await bot_moves(a, seq, bot_count(a) + 1)
        await bot_moves(a, seq, bot_count(a) + 1)

    try:
        run(main(), timeout=90)
    finally:
        logging.getLogger("tycoon.server").removeHandler(records)
    assert any("bot worker process died" in m for m in records.messages)


def test_a_slow_bot_does_not_hold_up_other_games(live, monkeypatch):
    """While a slow bot thinks (off the event loop) in one game, another game's action is
    applied and acknowledged: the bot's move comes after it."""
    import threading

    from tycoon.bots import RandomBot
    from tycoon.server import botrunner

    release = threading.Event()

    class SlowBot(RandomBot):
        def choose(self, state, seat):
            release.wait(20)  # a bot deep in thought until the test lets it answer
            return super().choose(state, seat)

    monkeypatch.setattr(botrunner, "make_bot", lambda spec, game, seed: SlowBot(seed))
    slow = live.create(game="toy", players=["random", "human"])
    live.join(slow["id"], "x")
    room = live.lobby.rooms[slow["id"]]
    fast = live.create(game="toy", players=["human", "human"])
    t0 = live.join(fast["id"], "a")["token"]
    live.join(fast["id"], "b")

    async def main():
        while 0 not in room.runner.tasks:  # the slow bot of seat 0 is thinking
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
