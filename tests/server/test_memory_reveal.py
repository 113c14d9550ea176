"""C-9.3 Memory over a real WebSocket: the server keeps the faces and reveals them click by
click (``minigame_input`` -> ``minigame_progress``); no seat ever receives a face it has not
turned, a spectator gets nothing, and the score is ``score()`` of the revealed clicks."""

from __future__ import annotations

import json

from conftest import Client, LiveServer, run
from tycoon.capital import landing
from tycoon.capital.minigames import progress, score
from tycoon.engine import Rng, get_game

TURN_LIMIT = 12
_FOUND: dict[str, int] = {}


def memory_seed() -> int:
    """A seed whose 4-seat game, played by one Rng(seed) choosing among the legal actions,
    reaches a Memory minigame (found by playing here, so engine changes cannot break it)."""
    if "seed" in _FOUND:
        return _FOUND["seed"]
    capital = get_game("capital")
    for seed in range(2000):
        state, rng = capital.new_game(seats=4, seed=seed, turn_limit=TURN_LIMIT), Rng(seed)
        while not state.is_over and state.phase != "minigame":
            mover = state.to_move()[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
        if not state.is_over and state.minigame["game"] == "memory":
            _FOUND["seed"] = seed
            return seed
    raise AssertionError("no seed below 2000 reaches a Memory minigame")


async def reach_memory(live: LiveServer, seed: int, tokens: list[str], gid: str):
    """Open the four seats, play like one Rng(seed) until Memory starts; return the clients
    and the engine's state at that moment (replayed here from the same choices)."""
    capital = get_game("capital")
    state = capital.new_game(seats=4, seed=seed, turn_limit=TURN_LIMIT)
    cs = [await Client.open(live.ws, gid, t, f"p{i}") for i, t in enumerate(tokens)]
    rng, seq = Rng(seed), 0
    while cs[0].view["phase"] != "minigame":
        mover = cs[0].view["to_move"][0]
        c = cs[mover]
        seq += 1
        action = rng.choice(c.legal)["action"]
        reply = await c.act(action, seq)
        assert reply["type"] == "ack", reply
        state.apply(mover, capital.parse_action(action))
        for other in cs:
            await other.until(lambda m, v=reply["version"]: m["type"] == "update"
                              and m["version"] >= v)
    assert state.phase == "minigame" and state.minigame["game"] == "memory"
    return cs, state, seq


async def click(c: Client, seq: int, t: int, cell: int) -> dict:
    await c.send({"type": "minigame_input", "seq": seq, "input": {"t": t, "cell": cell}})
    return await c.until(lambda m: m["type"] in ("minigame_progress", "error")
                         and m.get("seq") == seq)


def no_faces_leaked(c: Client, seat: int | None, state) -> None:
    """No message to ``c`` carries a board of any seat (4 faces in a row, as JSON)."""
    text = "\n".join(json.dumps(m) for m in c.messages)
    for s in range(4):
        for board in landing.contents(state, s)["boards"]:
            for i in range(0, len(board) - 3):
                assert json.dumps(board[i:i + 4])[1:-1] not in text, (seat, s)


def test_c9_3_memory_faces_revealed_one_by_one_over_websocket(db_url):
    """C-9.3: clicks get faces one by one; impossible clicks are refused and kept nothing;
    a seat clicks only on its own boards; spectators get nothing; the final action must be
    the revealed clicks and scores score() of them."""
    live = LiveServer(db_url).start()
    try:
        seed = memory_seed()
        g = live.create(game="capital", players=["human"] * 4,
                        options={"turn_limit": TURN_LIMIT}, seed=seed)
        tokens = [live.join(g["id"], f"p{i}")["token"] for i in range(4)]

        async def main():
            cs, state, seq = await reach_memory(live, seed, tokens, g["id"])
            spectator = await Client.open(live.ws, g["id"], None, "spectator")
            cur = state.current
            a, b = cs[cur], cs[(cur + 1) % 4]
            sb = (cur + 1) % 4
            # the view: the layout, no face; legal: only the empty template
            c = a.view["minigame"]["contents"]
            assert c["faces"] == "hidden" and c["cell_count"] == 14 and "boards" not in c
            assert [x["action"] for x in a.legal] == [{"type": "minigame", "inputs": []}]
            assert spectator.view["minigame"]["contents"] is None
            full = landing.contents(state, cur)
            faces = full["boards"][0]
            mate = faces.index(faces[0], 1)
            other = next(i for i, f in enumerate(faces) if f != faces[0])
            clicks = [{"t": 100, "cell": 0}, {"t": 200, "cell": other},
                      {"t": 300, "cell": 0}, {"t": 400, "cell": mate}]
            for k, item in enumerate(clicks):
                seq += 1
                reply = await click(a, seq, item["t"], item["cell"])
                assert reply["type"] == "minigame_progress", reply
                assert reply["count"] == k + 1 and reply["level"] == "easy"
                assert reply["progress"] == progress("memory", "easy", full, clicks[:k + 1])
                up = [i for i, f in enumerate(reply["progress"]["cells"]) if f is not None]
                assert up == sorted({0: [0], 1: [0, other], 2: [0], 3: [0, mate]}[k])
            assert reply["progress"]["points"] == 60 and reply["progress"]["pairs"] == 1
            # impossible clicks: refused, nothing kept
            for t, cell, words in [(500, mate, "matched"), (50, 3, "before"),
                                   (600, 14, "outside"), (30_001, 3, "outside")]:
                seq += 1
                reply = await click(a, seq, t, cell)
                assert reply["type"] == "error" and reply["code"] == "illegal_action", reply
                assert words in reply["message"]
            seq += 1
            await a.send({"type": "minigame_input", "seq": seq,
                          "input": {"t": 700, "cell": 2, "key": 1}})
            reply = await a.until(lambda m: m.get("seq") == seq)
            assert reply["code"] == "illegal_action"
            # another seat clicks on its own (hard) boards; seat a's clicks are untouched
            hard = landing.contents(state, sb)
            seq += 1
            reply = await click(b, seq, 10, 0)
            assert reply["count"] == 1 and reply["level"] == "hard"
            assert reply["progress"]["cells"][0] == hard["boards"][0][0]
            assert reply["progress"]["cells"].count(None) == 27
            # a spectator cannot click
            seq += 1
            reply = await click(spectator, seq, 10, 0)
            assert reply["type"] == "error" and reply["code"] == "not_a_player"
            # reconnecting: the seat's clicks so far come back with what it sees
            await b.close()
            b = cs[sb] = await Client.open(live.ws, g["id"], tokens[sb], "b again")
            snap = await b.until(lambda m: m["type"] == "minigame_progress")
            assert snap["seq"] is None and snap["inputs"] == [{"t": 10, "cell": 0}]
            assert snap["count"] == 1
            # the final action must be exactly the revealed clicks
            seq += 1
            bad = await a.act({"type": "minigame", "inputs": clicks[:2]}, seq)
            assert bad["type"] == "error" and bad["code"] == "illegal_action"
            assert "4 click" in bad["message"]
            seq += 1
            perfect = next(x for x in state.legal_actions(cur)
                           if score("memory", "easy", full, list(x.inputs)) > 60)
            bad = await a.act(perfect.to_json(), seq)  # a ready-made bot play: refused
            assert bad["type"] == "error" and bad["code"] == "illegal_action"
            seq += 1
            assert (await a.act({"type": "minigame", "inputs": clicks}, seq))["type"] == "ack"
            seq += 1
            reply = await click(a, seq, 900, 5)  # sent: no more clicks
            assert reply["type"] == "error" and reply["code"] == "not_your_turn"
            seq += 1
            assert (await b.act({"type": "minigame", "inputs": [{"t": 10, "cell": 0}]},
                                seq))["type"] == "ack"
            for s in range(4):
                if s not in (cur, sb):
                    seq += 1
                    assert (await cs[s].act({"type": "minigame", "inputs": []}, seq))[
                        "type"] == "ack"
            done = await spectator.until(lambda m: m["type"] == "update" and any(
                e["type"] == "minigame_scored" for e in m["events"]))
            scored = next(e for e in done["events"] if e["type"] == "minigame_scored")
            assert scored["scores"][cur] == score("memory", "easy", full, clicks) == 60
            assert scored["scores"][sb] == 0
            assert not any(m["type"] == "minigame_progress" for m in spectator.messages)
            for seat, cl in [*((s, cs[s]) for s in range(4)), (None, spectator)]:
                no_faces_leaked(cl, seat, state)
            for cl in [*cs, spectator]:
                await cl.close()

        run(main(), timeout=90)
    finally:
        live.stop()


def test_c9_3_memory_deadline_plays_the_clicks_made_so_far(db_url):
    """C-9.3, C-9.5: a seat that clicked but sent no final action plays its clicks at the
    deadline (by='deadline') and scores them, rather than empty inputs."""
    live = LiveServer(db_url, minigame_seconds=2.0, minigame_grace=0.2).start()
    try:
        seed = memory_seed()
        g = live.create(game="capital", players=["human"] * 4,
                        options={"turn_limit": TURN_LIMIT}, seed=seed)
        tokens = [live.join(g["id"], f"p{i}")["token"] for i in range(4)]

        async def main():
            cs, state, seq = await reach_memory(live, seed, tokens, g["id"])
            cur = state.current
            full = landing.contents(state, cur)
            faces = full["boards"][0]
            mate = faces.index(faces[0], 1)
            clicks = [{"t": 100, "cell": 0}, {"t": 200, "cell": mate}, {"t": 300, "cell": 1
                      if mate != 1 else 2}]
            for item in clicks:
                seq += 1
                reply = await click(cs[cur], seq, item["t"], item["cell"])
                assert reply["type"] == "minigame_progress", reply
            for s in range(4):
                if s != cur:
                    seq += 1
                    assert (await cs[s].act({"type": "minigame", "inputs": []}, seq))[
                        "type"] == "ack"
            msg = await cs[cur].until(
                lambda m: m["type"] == "update" and m["actor"] is not None
                and m["actor"]["seat"] == cur and m["actor"]["by"] == "deadline")
            scored = next(e for e in msg["events"] if e["type"] == "minigame_scored")
            assert scored["scores"][cur] == 60 == score("memory", "easy", full, clicks)
            room = live.lobby.rooms[g["id"]]
            last_seat, last_action = room.recorder.record.actions[-1]
            assert last_seat == cur and last_action == {"type": "minigame", "inputs": clicks}
            for cl in cs:
                await cl.close()

        run(main(), timeout=60)
    finally:
        live.stop()
