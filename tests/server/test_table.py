"""Issue 12 at the table, in the protocol: chat (stored, limited, never HTML), the lobby's
chat, resigning, rematches; and the game's words and data over REST (issue 11)."""

from __future__ import annotations

import asyncio
import time

import pytest

from conftest import Client, LiveServer, player_loop, run
from tycoon.engine import LANGUAGES


@pytest.fixture
def table(live):
    g = live.create(game="toy", players=["human", "human"], seed=3)
    return live, g["id"], live.join(g["id"], "Ann")["token"], live.join(g["id"], "Bob")["token"]


def chats(client: Client) -> list[dict]:
    return [m for m in client.messages if m["type"] == "chat"]


def test_chat_reaches_every_watcher_as_text_and_survives_a_restart(db_url):
    """A seat's chat and reaction go to every watcher with the seat and its name; text that
    looks like HTML stays text; after a restart the welcome carries the history."""
    live = LiveServer(db_url).start()
    g = live.create(game="toy", players=["human", "human"])
    t0, t1 = live.join(g["id"], "<i>Ann</i>")["token"], live.join(g["id"], "Bob")["token"]
    hostile = '<img src=x onerror="alert(1)"> & <script>x</script>'

    async def main():
        a = await Client.open(live.ws, g["id"], t0)
        b = await Client.open(live.ws, g["id"], t1)
        spec = await Client.open(live.ws, g["id"])
        await a.send({"type": "chat", "text": f"  {hostile}  "})
        await a.send({"type": "chat", "reaction": "🎉"})
        for c in (a, b, spec):
            await c.until(lambda m: m["type"] == "chat" and "reaction" in m)
        return chats(b)

    got = run(main())
    live.stop()
    assert [m.get("text") for m in got] == [hostile, None]
    assert got[0]["from"] == {"seat": 0, "name": "<i>Ann</i>"} and got[1]["reaction"] == "🎉"
    assert got[0]["id"] < got[1]["id"]
    live = LiveServer(db_url).start()
    try:
        async def again():
            c = await Client.open(live.ws, g["id"], t1)
            return c.welcome["chat"]

        history = run(again())
        assert [m.get("text") for m in history] == [hostile, None]
    finally:
        live.stop()


def test_spectators_read_but_write_only_when_allowed(live):
    """Spectators get `not_allowed` unless the game was created with spectator_chat."""
    closed = live.create(game="toy", players=["human", "random"])
    opened = live.create(game="toy", players=["human", "random"], spectator_chat=True)
    assert opened["spectator_chat"] and not closed["spectator_chat"]

    async def main():
        s1 = await Client.open(live.ws, closed["id"])
        await s1.send({"type": "chat", "text": "hello"})
        err = await s1.until(lambda m: m["type"] == "error")
        s2 = await Client.open(live.ws, opened["id"])
        await s2.send({"type": "chat", "text": "hello"})
        ok = await s2.until(lambda m: m["type"] == "chat")
        return err, ok

    err, ok = run(main())
    assert err["code"] == "not_allowed"
    assert ok["from"] == {"seat": None, "name": "spectator"} and ok["text"] == "hello"


@pytest.mark.parametrize("bad", [
    {"type": "chat", "text": "x" * 501}, {"type": "chat", "text": "   "},
    {"type": "chat", "reaction": "💩"}, {"type": "chat"},
    {"type": "chat", "text": "hi", "from": {"seat": 1, "name": "Bob"}},
])
def test_bad_chat_is_refused_and_stores_nothing(table, bad):
    """Oversized, blank, unknown reactions, or a message claiming another seat: refused."""
    live, gid, t0, _t1 = table

    async def main():
        a = await Client.open(live.ws, gid, t0)
        await a.send(bad)
        err = await a.until(lambda m: m["type"] == "error")
        again = await Client.open(live.ws, gid, t0)
        return err, again.welcome["chat"]

    err, history = run(main())
    assert err["code"] == "bad_message" and history == []


def test_chat_flood_is_rate_limited_per_connection(table):
    """At most 5 chat messages in 10 s per connection; the rest get `rate_limited`."""
    live, gid, t0, _t1 = table

    async def main():
        a = await Client.open(live.ws, gid, t0)
        for i in range(8):
            await a.send({"type": "chat", "text": f"m{i}"})
        while len(chats(a)) + sum(m["type"] == "error" for m in a.messages) < 8:
            await a.recv()
        return a

    a = run(main())
    assert [m["text"] for m in chats(a)] == [f"m{i}" for i in range(5)]
    assert [m["code"] for m in a.messages if m["type"] == "error"] == ["rate_limited"] * 3


def test_a_chat_message_the_database_cannot_store_is_refused_and_the_table_stays(table):
    """The database refuses a chat message (its disk full): the sender gets `server_error`
    for that message, and the connection stays open and plays on. Nothing is sent to the
    others, and the next message, once the database takes it again, is stored."""
    from sqlalchemy.exc import OperationalError

    live, gid, t0, t1 = table
    storage = live.lobby.storage
    add_chat = storage.add_chat

    async def full(*_args, **_kwargs):
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    async def main():
        a = await Client.open(live.ws, gid, t0)
        b = await Client.open(live.ws, gid, t1)
        storage.add_chat = full
        await a.send({"type": "chat", "text": "lost", "seq": 7})
        refused = await a.until(lambda m: m["type"] == "error")
        storage.add_chat = add_chat
        await a.send({"type": "chat", "text": "kept", "seq": 8})
        kept = await b.until(lambda m: m["type"] == "chat")
        return refused, kept, b

    refused, kept, b = run(main())
    assert (refused["code"], refused["seq"]) == ("server_error", 7)
    assert "nothing changed" in refused["message"]
    assert kept["text"] == "kept" and [m["text"] for m in chats(b)] == ["kept"]


def test_a_token_speaks_only_for_its_own_seat(table):
    """The sender of a chat message is the connection's seat, whatever the message says."""
    live, gid, _t0, t1 = table

    async def main():
        b = await Client.open(live.ws, gid, t1)
        await b.send({"type": "chat", "text": "I am Ann"})
        return await b.until(lambda m: m["type"] == "chat")

    assert run(main())["from"] == {"seat": 1, "name": "Bob"}


def test_the_list_counts_the_actions_of_a_finished_game_out_of_memory(live):
    """A finished game leaves the server's memory, and the list reads it from the database:
    it said `version: 0` for a Capital game of 912 actions. It counts them now, as the list of
    a cluster does, and as the game's own summary says."""
    g = live.create(game="toy", players=["random", "random"], options={"turn_limit": 6})
    for _ in range(200):
        if live.get(f"/api/games/{g['id']}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    for _ in range(200):  # the room is let go of once nobody watches it
        if g["id"] not in live.lobby.rooms:
            break
        time.sleep(0.05)
    actions = len(live.get(f"/api/games/{g['id']}/record").json()["actions"])
    listed = live.get("/api/games?status=finished").json()
    assert [(x["id"], x["version"]) for x in listed] == [(g["id"], actions)] and actions > 0
    own = live.get(f"/api/games/{g['id']}").json()
    assert own["version"] == actions
    # one summary of a game, read from memory or from the database (the bots sit connected)
    assert {**listed[0], "turn": own["turn"]} == own
    assert [p["connected"] for p in own["players"]] == [True, True]


def test_lobby_chat(db_url):
    """POST and GET /api/lobby/chat: stored, `after` pages, limits and bad input refused."""
    live = LiveServer(db_url, lobby_chat_limit="3/10 seconds").start()
    try:
        ids = [live.post("/api/lobby/chat", {"name": "Ann", "text": f"<b>{i}</b>"}).json()["id"]
               for i in range(3)]
        assert live.post("/api/lobby/chat", {"name": "Ann", "text": "x"}).status_code == 429
        got = live.get("/api/lobby/chat").json()
        assert [m["text"] for m in got] == ["<b>0</b>", "<b>1</b>", "<b>2</b>"]
        assert got[0]["from"] == {"name": "Ann"}
        assert [m["id"] for m in live.get(f"/api/lobby/chat?after={ids[0]}").json()] == ids[1:]
        for body in ({"name": "A", "text": ""}, {"name": "A", "text": "x" * 501},
                     {"name": "", "text": "x"}, {"name": "A", "text": "x", "seat": 1}):
            assert live.post("/api/lobby/chat", body).status_code == 422
    finally:
        live.stop()


def test_names_and_titles_refuse_direction_controls_and_blanks(live):
    """A name or a game's title holding Unicode's explicit embeddings, overrides or isolates is
    refused (422, named): "\u202eBob" made every log sentence with Bob's name read backwards
    ("Turn 2: syalp (A) boB") at the other seats. So is a name that draws nothing.
    Right-to-left names stay welcome, and a refused input changes nothing."""
    problem = "must not hold the direction controls U+202A to U+202E or U+2066 to U+2069"
    before = live.get("/api/games").json()
    for bad in ("\u202eBob", "Bob\u2066", "\u202aA\u202c", "x\u2069"):
        r = live.post("/api/games", {"game": "deal", "players": ["human", "random"], "name": bad})
        assert (r.status_code, r.json()["detail"]) == (422, f"body.name: {problem}")
        r = live.post("/api/lobby/chat", {"name": bad, "text": "hi"})
        assert (r.status_code, r.json()["detail"]) == (422, f"body.name: {problem}")
    assert live.get("/api/games").json() == before
    assert live.get("/api/lobby/chat").json() == []
    g = live.create(game="deal", players=["human", "human", "random"], name="لعبة الجمعة")
    r = live.post(f"/api/games/{g['id']}/join", {"name": "\u202eBob"})
    assert (r.status_code, r.json()["detail"]) == (422, f"body.name: {problem}")
    assert live.get(f"/api/games/{g['id']}").json()["free_seats"] == [0, 1]
    # a name that draws nothing ("Turn 2:  (A) plays"): zero-width, fillers, a lone accent
    for blank in ("\u200b", "\u3164\u3164", "\u2800", "\u0301", "\u200d\ufeff"):
        r = live.post(f"/api/games/{g['id']}/join", {"name": blank})
        assert r.json()["detail"] == "body.name: must hold a visible character", blank
    assert live.get(f"/api/games/{g['id']}").json()["free_seats"] == [0, 1]
    # an emoji newer than this Python's Unicode (U+1FACE MOOSE, Unicode 15) is no blank
    assert live.post(f"/api/games/{g['id']}/join", {"name": "\U0001face"}).status_code == 200
    assert live.post(f"/api/games/{g['id']}/join", {"name": "محمد"}).status_code == 200
    players = live.get(f"/api/games/{g['id']}").json()["players"]
    assert [p["name"] for p in players[:2]] == ["\U0001face", "محمد"]


def test_resign_gives_the_seat_to_a_bot_for_good(table):
    """A seat that resigns becomes a bot seat (stored); the person watches as a spectator;
    its token no longer acts; every watcher gets the notice. The seat keeps the person's name
    and says ``left``, so that the clients go on calling it Ann (they named it "Random bot",
    in the log's past lines too, and in the notice that Ann had left)."""
    live, gid, t0, t1 = table

    async def main():
        a = await Client.open(live.ws, gid, t0)
        b = await Client.open(live.ws, gid, t1)
        await a.send({"type": "resign"})
        welcome = await a.until(lambda m: m["type"] == "welcome")
        notice = await b.until(lambda m: m["type"] == "update" and m["notice"])
        await b.state(lambda m: m["version"] >= 1)  # the bot now plays seat 0
        reply = await a.act({"type": "draw"}, 1)
        ws_again = await Client.open(live.ws, gid)
        await ws_again.send({"type": "auth", "token": t0})
        refused = await ws_again.until(lambda m: m["type"] == "error")
        return welcome, notice, reply, refused

    welcome, notice, reply, refused = run(main())
    assert welcome["seat"] is None
    assert notice["notice"] == {"key": "server.notice.resigned", "params": {"seats": [{"seat": 0}]}}
    assert notice["players"][0]["kind"] == "bot"
    assert notice["players"][0]["name"] == "Ann" and notice["players"][0]["left"] is True
    assert notice["players"][1]["left"] is False
    assert reply["code"] == "not_a_player" and refused["code"] == "unauthorized"
    summary = live.get(f"/api/games/{gid}").json()
    assert summary["players"][0]["kind"] == "bot" and summary["players"][0]["bot"] == "random"
    assert summary["players"][0]["name"] == "Ann" and summary["players"][0]["left"] is True
    # a seat created for a bot is a bot's, by its name too
    bots = live.create(game="toy", players=["human", "random"], seed=3)
    assert [p["left"] for p in bots["players"]] == [False, False]


def _finish(live, gid, tokens):
    async def main():
        cs = [await Client.open(live.ws, gid, t) for t in tokens]
        errors: list = []
        await asyncio.gather(*(player_loop(c, lambda legal, _u: legal[0], errors) for c in cs))
        assert errors == []
        return cs
    return main


def test_rematch_keeps_the_seats_of_those_who_accept(db_url):
    """After the end, each person's `rematch` gives it the same seat in one new game (same
    options, new seed); the others hear who accepted; the game starts when all accepted."""
    live = LiveServer(db_url).start()
    try:
        g = live.create(game="toy", players=["human", "human", "random"],
                        options={"turn_limit": 3})
        tokens = [live.join(g["id"], n)["token"] for n in ("Ann", "Bob")]

        async def main():
            cs = await _finish(live, g["id"], tokens)()
            early = await Client.open(live.ws, g["id"], tokens[0])
            await cs[1].send({"type": "rematch"})
            seat1 = await cs[1].until(lambda m: m["type"] == "rematch_seat")
            heard = await cs[0].until(lambda m: m["type"] == "rematch")
            await cs[0].send({"type": "rematch"})
            seat0 = await cs[0].until(lambda m: m["type"] == "rematch_seat")
            await cs[0].send({"type": "rematch"})
            twice = await cs[0].until(lambda m: m["type"] == "error")
            await early.close()
            return seat0, seat1, heard, twice

        seat0, seat1, heard, twice = run(main())
        assert (seat0["seat"], seat1["seat"]) == (0, 1) and seat0["game_id"] == seat1["game_id"]
        assert heard["accepted"] == [1] and not heard["started"]
        assert twice["code"] == "bad_message"
        new = live.get(f"/api/games/{seat0['game_id']}").json()
        assert new["status"] == "playing" and new["rematch_of"] == g["id"]
        assert new["options"] == live.get(f"/api/games/{g['id']}").json()["options"]
        assert [p["kind"] for p in new["players"]] == ["human", "human", "bot"]
        assert live.post(f"/api/games/{new['id']}/join", {"name": "x"}).status_code == 409
    finally:
        live.stop()


def test_rematch_seats_not_taken_in_time_become_bots(db_url):
    """`rematch_seconds` after the first acceptance, bots take the other people's seats."""
    live = LiveServer(db_url, rematch_seconds=0.3).start()
    try:
        g = live.create(game="toy", players=["human", "human"], options={"turn_limit": 2})
        tokens = [live.join(g["id"], n)["token"] for n in ("Ann", "Bob")]

        async def main():
            cs = await _finish(live, g["id"], tokens)()
            await cs[0].send({"type": "rematch"})
            seat = await cs[0].until(lambda m: m["type"] == "rematch_seat")
            started = await cs[1].until(lambda m: m["type"] == "rematch" and m["started"])
            return seat, started

        seat, started = run(main())
        new = live.get(f"/api/games/{seat['game_id']}").json()
        assert new["status"] in ("playing", "finished") and new["players"][1]["kind"] == "bot"
        assert started["accepted"] == [0]
    finally:
        live.stop()


def test_rematch_keeps_a_resigned_seats_bot_the_lobby_does_not_offer(db_url):
    """A seat that resigned is played by ``replacement_bot``; the rematch keeps that bot in
    the seat even when the lobby does not offer it (it failed with "unknown player")."""
    live = LiveServer(db_url, replacement_bot="firstpick:pick=1").start()
    try:
        assert "firstpick:pick=1" not in live.get("/api/kinds").json()[0]["players"]
        g = live.create(game="toy", players=["human", "human"], options={"turn_limit": 3})
        t0, t1 = (live.join(g["id"], n)["token"] for n in ("Ann", "Bob"))

        async def main():
            a = await Client.open(live.ws, g["id"], t0)
            await a.send({"type": "resign"})
            await a.until(lambda m: m["type"] == "welcome")
            b = (await _finish(live, g["id"], [t1])())[0]
            await b.send({"type": "rematch"})
            return await b.until(lambda m: m["type"] in ("rematch_seat", "error"))

        got = run(main())
        assert got["type"] == "rematch_seat" and got["seat"] == 1
        new = live.get(f"/api/games/{got['game_id']}").json()
        assert new["status"] == "playing"
        assert [(p["kind"], p.get("bot")) for p in new["players"]] == [
            ("bot", "firstpick:pick=1"), ("human", None)]
    finally:
        live.stop()


def test_rematch_before_the_end_is_refused(table):
    live, gid, t0, _t1 = table

    async def main():
        a = await Client.open(live.ws, gid, t0)
        await a.send({"type": "rematch"})
        return await a.until(lambda m: m["type"] == "error")

    assert run(main())["code"] == "not_over"


def test_kinds_data_and_catalogs_come_from_the_game(live):
    """GET /api/kinds (with title), /api/kinds/{game}/data (client_data), and the message
    catalogs in every language, cached with an ETag; clear 404s."""
    from tycoon.engine import get_game

    kinds = {k["name"]: k for k in live.get("/api/kinds").json()}
    toy = kinds["toy"]
    assert toy["title"] == "Toy" and toy["players"][:2] == ["human", "random"]
    assert set(toy["options"]) == {"turn_limit", "round_every", "round_ms"}
    data = live.get("/api/kinds/toy/data")
    assert data.json() == get_game("toy").client_data() and data.headers["etag"]
    assert live.get("/api/kinds/toy/data").headers["cache-control"] == "no-cache"
    import httpx

    again = httpx.get(f"{live.http}/api/kinds/toy/data",
                      headers={"If-None-Match": data.headers["etag"]})
    assert again.status_code == 304
    for lang in LANGUAGES:
        cat = live.get(f"/api/kinds/toy/messages/{lang}").json()
        assert cat == get_game("toy").catalog(lang) and "event.played" in cat
    r = live.get("/api/kinds/chess/data")
    assert r.status_code == 404 and "chess" in r.json()["detail"]
    r = live.get("/api/kinds/toy/messages/xx")
    assert r.status_code == 404 and "en" in r.json()["detail"]
    assert live.get("/api/kinds/chess/messages/en").status_code == 404


def test_kinds_carry_the_ladder_ratings_of_the_lobby_bots(live):
    """Issue 15: each bot's ladder rating (``ladder.json``) comes with the game kinds, for the
    lobby to show beside the bot's name; bots the lobby does not offer (``learned``) and games
    without a ladder (the Toy game) get none."""
    from tycoon.study.ladder import load_ratings

    kinds = {k["name"]: k for k in live.get("/api/kinds").json()}
    ladder = load_ratings()["games"]["deal"]["bots"]
    ratings = kinds["deal"]["ratings"]
    assert ratings["medium"] == {"elo": round(ladder["medium"]["elo"]),
                                 "ci95": [round(x) for x in ladder["medium"]["ci95"]]}
    assert ratings["hard"]["elo"] > ratings["medium"]["elo"] > ratings["easy"]["elo"]
    assert set(ratings) <= set(kinds["deal"]["players"]) and "learned" not in ratings
    assert kinds["toy"]["ratings"] == {}
