"""A researcher's bot in a server seat (issue 15): the server's ``lobby_bots`` setting offers
installed bot plugins besides random, easy, medium and hard, each for the games it plays."""

from __future__ import annotations

import time

import pytest

from conftest import LiveServer
from tycoon.server.settings import ServerSettings


def finished_record(live: LiveServer, game: str, players: list[str],
                    turn_limit: int) -> dict:
    """Create a game of bots, wait for its end (a winner, or the turn limit); its record."""
    created = live.create(game=game, players=players, options={"turn_limit": turn_limit},
                          seed=4)
    for _ in range(400):
        summary = live.get(f"/api/games/{created['id']}").json()
        if summary["status"] == "finished":
            break
        time.sleep(0.05)
    assert summary["status"] == "finished", summary
    return live.get(f"/api/games/{created['id']}/record").json()


def test_a_plugin_bot_the_server_offers_plays_a_seat(db_url):
    """``firstpick`` (the entry point of the test package ``toybots``) plays a seat of a Toy
    game on a server that offers it, and is listed with the game's seat kinds; a server that
    does not offer it refuses it by name."""
    live = LiveServer(db_url, lobby_bots=("firstpick", "firstpick:pick=1")).start()
    try:
        kinds = {k["name"]: k for k in live.get("/api/kinds").json()}
        assert kinds["toy"]["players"] == ["human", "random", "easy", "medium", "hard",
                                           "firstpick", "firstpick:pick=1"]
        record = finished_record(live, "toy", ["firstpick", "random"], 6)
        assert record["players"][0]["bot"] == "firstpick"
        assert record["players"][0]["name"] == "firstpick bot"
        mine = [a for a in record["actions"] if a["seat"] == 0]
        assert mine and all(a["by"] == "bot" for a in mine)
    finally:
        live.stop()
    plain = LiveServer(db_url).start()
    try:
        assert "firstpick" not in plain.get("/api/kinds").json()[0]["players"]
        r = plain.post("/api/games", {"game": "toy", "players": ["firstpick", "human"]})
        assert r.status_code == 422
        assert r.json()["detail"] == ("seat 1: unknown player 'firstpick'; expected human or "
                                      "one of random, easy, medium, hard")
    finally:
        plain.stop()


def test_lobby_bots_lists_a_bot_only_for_the_games_it_plays(db_url):
    """``tuned`` plays Monopoly Deal only: a Capital seat cannot have it."""
    live = LiveServer(db_url, lobby_bots=("tuned",)).start()
    try:
        kinds = {k["name"]: k["players"] for k in live.get("/api/kinds").json()}
        assert "tuned" in kinds["deal"] and "tuned" not in kinds["capital"]
        r = live.post("/api/games", {"game": "capital", "players": ["human", "tuned"]})
        assert r.status_code == 422 and "seat 2: unknown player 'tuned'" in r.json()["detail"]
        assert live.post("/api/games", {"game": "deal",
                                        "players": ["human", "tuned"]}).status_code == 201
    finally:
        live.stop()


def test_a_bot_that_never_ends_its_turn_cannot_stall_its_game(db_url):
    """``firstpick`` plays the first legal action: in Monopoly Deal, once it holds a wild card
    that is moving it to the other colour, and back, for ever (MD-7.2: a move is free). After
    ``bot_streak_limit`` actions in a row the stand-in decides for it until another seat acts,
    and the game ends."""
    live = LiveServer(db_url, lobby_bots=("firstpick",), bot_streak_limit=12).start()
    try:
        record = finished_record(live, "deal", ["firstpick", "random"], 12)
        moves = [a for a in record["actions"] if a["seat"] == 0]
        assert any(a["action"]["type"] == "move_wild" for a in moves)
        assert [a["by"] for a in moves].count("standin") >= 1
        run = longest = 0
        for a in record["actions"]:
            run = run + 1 if a["seat"] == 0 and a["by"] == "bot" else 0
            longest = max(longest, run)
        assert longest == 12  # the bot's own streak stops at the limit
    finally:
        live.stop()


def test_a_bot_hurries_after_a_run_of_actions():
    """A bot waits ``bot_delay`` before an action, and a quarter of it once its seat has made
    the last ``bot_hurry_after`` actions in a row: a random seat's run of free wild-card moves
    (MD-7.2) went on for 40 actions, 24 s at the full pause."""
    from types import SimpleNamespace

    from tycoon.server.botrunner import BotRunner

    class Room(SimpleNamespace):  # a runner refers to its room weakly
        pass

    room = Room(id="g1", settings=ServerSettings(bot_delay=0.6, bot_hurry_after=3), log=[])
    runner = BotRunner(room)  # type: ignore[arg-type]
    delays = []
    for seat in (1, 0, 0, 0, 0, 1, 0):
        delays.append(runner.delay(0))
        room.log.append(SimpleNamespace(seat=seat))
    assert delays == [0.6, 0.6, 0.6, 0.6, 0.15, 0.15, 0.6]
    assert runner.delay(1) == 0.6


@pytest.mark.parametrize(("spec", "words"), [
    ("wizard", "unknown bot 'wizard'"),
    ("medium", "'medium' is offered already"),
    ("tuned:weights=/no/such.npz", "plays none of the games"),
    # a seat's name, "SPEC bot", is at most 80 characters (PostgreSQL refused a longer one)
    ("firstpick:pick=" + "1" * 62, "is too long: its seat is named 'SPEC bot', in at most 80"),
])
def test_lobby_bots_refuses_what_it_could_not_offer(spec, words):
    with pytest.raises(ValueError, match=words):
        ServerSettings.from_env({}, [f"lobby_bots={spec}"])


def test_an_easy_seat_keeps_its_streak_limit_on_a_server_with_bot_processes(db_url):
    """``easy`` (``random:streak=3``) remembers its last choices between decisions on a server
    too: the random bots think in the server's threads, not in its worker processes, where each
    decision was a new bot that forgot them. In a Deal game between two ``easy`` seats, no seat
    makes a fourth action of one kind in a row where another kind was legal (a wild card's
    free moves, MD-7.2, went on for five and more in a row)."""
    from tycoon.engine import get_game

    live = LiveServer(db_url, bot_processes=2).start()
    try:
        record = finished_record(live, "deal", ["easy", "easy"], 40)
    finally:
        live.stop()
    info = get_game("deal")
    state = info.new_game(seats=2, seed=record["seed"], **record["options"])
    last: dict[int, tuple[str, int]] = {}
    for entry in record["actions"]:
        seat, action = entry["seat"], info.parse_action(entry["action"])
        kinds = {a.type for a in state.legal_actions(seat)}
        kind, run = last.get(seat, ("", 0))
        if action.type == kind and run >= 3:
            assert kinds == {kind}, (entry, kinds)
        last[seat] = (action.type, run + 1 if action.type == kind else 1)
        state.apply(seat, action)
    assert len(record["actions"]) > 100, len(record["actions"])


@pytest.mark.parametrize("processes", [1, 0])
def test_a_bot_that_thinks_without_end_gives_its_seat_to_the_stand_in(db_url, monkeypatch,
                                                                       processes):
    """A plugin bot that never answers held its seat, and the game, for good (and a worker
    process for the server's life). Past ``bot_think_seconds`` the stand-in decides, plays the
    seat from then on without waiting again, and the worker process is ended."""
    import logging
    import os

    import toybots

    from tycoon.bots import base

    monkeypatch.setattr(base, "_REGISTERED", {"forever": toybots.Forever})
    toybots.RELEASE.clear()
    records: list[str] = []

    class Records(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    handler = Records()
    logging.getLogger("tycoon.server").addHandler(handler)
    live = LiveServer(db_url, lobby_bots=("forever",), bot_think_seconds=1.0,
                      bot_processes=processes).start()
    try:
        created = live.create(game="toy", players=["forever", "random"],
                              options={"turn_limit": 6}, seed=4)
        room = live.lobby.rooms[created["id"]]
        workers = []  # the pool's processes while the bot thinks (the stand-in's come after)
        for _ in range(100):
            pool = live.lobby._processes
            if not workers and pool is not None:
                workers = list(pool._processes.values())
            if room.version:
                break
            time.sleep(0.05)
        record = finished_record(live, "toy", ["forever", "random"], 6)
    finally:
        toybots.RELEASE.set()  # the threads still thinking (a process's are ended)
        live.stop()
        logging.getLogger("tycoon.server").removeHandler(handler)
    mine = [a for a in record["actions"] if a["seat"] == 0]
    assert mine and all(a["by"] == "standin" for a in mine)
    hung = [m for m in records if "thought more than 1 s" in m]
    assert hung[0].endswith("the bot forever of seat 0 thought more than 1 s about one "
                            "decision; the stand-in plays the seat from now on")
    assert len([m for m in hung if created["id"] in m]) == 1  # not asked again
    if processes:
        assert workers and not any(os.path.exists(f"/proc/{w.pid}") and w.is_alive()
                                   for w in workers)
