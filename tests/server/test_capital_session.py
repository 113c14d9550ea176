"""C-9.3 through the server's generic input sessions: Capital's Memory is a progressive
session; each click is checked and revealed with ``session_input``, impossible clicks are
refused and keep nothing, the final action must be exactly the revealed clicks, and no
message carries a face the seat has not turned."""

from __future__ import annotations

import json

from conftest import Client, LiveServer, run
from tycoon.capital import landing
from tycoon.engine import Rng, get_game

TURN_LIMIT = 12
_FOUND: dict[str, int] = {}


def memory_seed() -> int:
    """A seed whose 4-seat game, played by one Rng(seed) choosing among the legal actions,
    opens a Memory session (found by playing here, so engine changes cannot break it)."""
    if "seed" not in _FOUND:
        capital = get_game("capital")
        for seed in range(2000):
            state, rng = capital.new_game(seats=4, seed=seed, turn_limit=TURN_LIMIT), Rng(seed)
            while not state.is_over and state.session() is None:
                mover = state.to_move()[0]
                state.apply(mover, rng.choice(state.legal_actions(mover)))
            if state.session() is not None and state.session().kind == "memory":
                _FOUND["seed"] = seed
                break
        else:
            raise AssertionError("no seed below 2000 reaches Memory")
    return _FOUND["seed"]


def test_c9_3_memory_is_a_progressive_session_through_the_server(db_url):
    live = LiveServer(db_url).start()
    try:
        seed = memory_seed()
        capital = get_game("capital")
        g = live.create(game="capital", players=["human"] * 4,
                        options={"turn_limit": TURN_LIMIT}, seed=seed)
        tokens = [live.join(g["id"], f"p{i}")["token"] for i in range(4)]

        async def main():
            state = capital.new_game(seats=4, seed=seed, turn_limit=TURN_LIMIT)
            cs = [await Client.open(live.ws, g["id"], t, f"p{i}") for i, t in enumerate(tokens)]
            rng, seq = Rng(seed), 0
            while cs[0].update["session"] is None:
                mover = cs[0].view["to_move"][0]
                seq += 1
                action = rng.choice(cs[mover].legal)["action"]
                reply = await cs[mover].act(action, seq)
                assert reply["type"] == "ack", reply
                state.apply(mover, capital.parse_action(action))
                for c in cs:
                    await c.state(lambda m, v=reply["version"]: m["version"] >= v)
            session = cs[0].update["session"]
            assert session["kind"] == "memory" and session["progressive"]
            seat = session["seats"][0]
            a = cs[seat]
            assert [x["action"] for x in a.legal] == [{"type": "minigame", "inputs": []}]
            faces = landing.contents(state, seat)["boards"][0]
            other = next(i for i, f in enumerate(faces) if f != faces[0])
            progress = []
            for t, cell in ((100, 0), (200, other)):
                await a.send({"type": "session_input", "session": session["id"],
                              "input": {"t": t, "cell": cell}, "seq": t})
                got = await a.until(lambda m, t=t: m.get("seq") == t)
                assert got["type"] == "session_progress", got
                progress.append(got)
            assert progress[0]["progress"]["open"] == [0]
            await a.send({"type": "session_input", "session": session["id"],
                          "input": {"t": 50, "cell": 3}, "seq": 999})
            refused = await a.until(lambda m: m.get("seq") == 999)
            assert refused["type"] == "error" and refused["code"] == "illegal_action"
            seq += 1
            wrong = await a.act({"type": "minigame", "inputs": [{"t": 100, "cell": 0}]}, seq)
            assert wrong["code"] == "illegal_action"
            seq += 1
            clicks = [{"t": 100, "cell": 0}, {"t": 200, "cell": other}]
            ok = await a.act({"type": "minigame", "inputs": clicks}, seq)
            assert ok["type"] == "ack"
            return cs, state

        cs, state = run(main(), timeout=120)
        for seat, c in enumerate(cs):
            text = "\n".join(json.dumps(m) for m in c.messages)
            for s in range(4):
                for board in landing.contents(state, s)["boards"]:
                    for i in range(0, len(board) - 3):
                        assert json.dumps(board[i:i + 4])[1:-1] not in text, (seat, s)
    finally:
        live.stop()
