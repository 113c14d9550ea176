"""The table players come back to (issue 12), against the real server process: whole games of
both kinds played by clicks as a person would (to the end screen, then a rematch with the same
people), chat that survives a reload and a server restart with a hostile name and message shown
as text, and an unknown game link that shows a clear page and stops reconnecting.

Chat, rematch and resign are the server's part of issue 12 (docs/protocol.md); these tests
need both branches merged.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .test_server_pages import free_port
from .texts import assert_clean, low_contrast

HOSTILE_NAME = '<img src=x onerror="window.pwned=1">Eve'
HOSTILE_TEXT = "<script>window.pwned=2</script><b>bold?</b>"


class Server:
    """A real ``tycoon serve`` on a SQLite file, restartable on the same port and file."""

    def __init__(self, db: Path, **settings: Any) -> None:
        self.port = free_port()
        self.db = db
        self.settings = {"bot_delay": 0.01, "session_grace": 1, **settings}
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "TYCOON_SERVER_SETTINGS": json.dumps(self.settings)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tycoon.cli", "serve", "--port", str(self.port),
             "--db", f"sqlite:///{self.db}"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(150):
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        pytest.fail("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("db") / "tycoon.sqlite3")
    s.start()
    try:
        yield s
    finally:
        s.stop()


def create_and_join(page: Any, base: str, game: str, name: str, bots: list[str],
                    options: dict[str, Any]) -> str:
    """In the lobby, as a person: name, game, seats, bots, options by the form; create."""
    page.goto(f"{base}/")
    page.fill("#player-name", name)
    page.dispatch_event("#player-name", "change")
    page.select_option("#game-select", game)
    page.select_option("#seats-select", str(len(bots) + 1))
    for i, bot in enumerate(bots, start=1):
        page.select_option(f"#seat-{i}-kind", bot)
    if options:
        page.click(".options-box summary")
        for key, value in options.items():
            page.fill(f"#opt-{key}", str(value))
    page.click("#create-button")
    page.wait_for_url("**/#/game/*")
    return page.url.rsplit("/", 1)[1]


#: What a hurried person clicks, first match wins: answer what is asked, else end the turn.
CLICKS = [
    "[role=dialog].mg-results [data-key=mgr-close]",
    "[data-key=act-roll]", "[data-key^=act-branch]", ".actions .button-col button",
    "[data-key=act-accept]", ".dseat.mine button.dcard", "[data-key=act-pass]",
    "[data-key=act-end-turn]", ".dhand button.dcard",
]


def play_like_a_person(page: Any, limit: int = 600) -> None:
    """Click through the game until its end screen shows (bots play the others)."""
    for _ in range(limit):
        if page.locator(".victory-screen").count():
            return
        for selector in CLICKS:
            target = page.locator(selector)
            try:
                ready = (target.count() and target.first.is_visible()
                         and target.first.is_enabled(timeout=1_000))
            except PlaywrightError:  # redrawn between two looks: look again
                ready = False
            if ready:
                with contextlib.suppress(PlaywrightError):  # redrawn under the pointer
                    target.first.click(timeout=2_000)
                # the newest line is in view after each update (issue 12)
                newest = page.locator("#event-log .turn-lines li").last
                if newest.count():
                    expect(newest).to_be_in_viewport()
                assert page.evaluate("document.activeElement !== document.body")
                break
        else:
            page.wait_for_timeout(100)
    pytest.fail("the game did not end")


@pytest.mark.parametrize(("game", "bots", "options"), [
    ("capital", ["random", "random", "random"], {"turn_limit": 3}),
    ("deal", ["random"], {"turn_limit": 6}),
])
def test_whole_game_by_clicks_then_rematch_with_the_same_people(server, new_page, shot,
                                                                game, bots, options):
    page = new_page()
    game_id = create_and_join(page, server.base, game, "Ana", bots, options)
    play_like_a_person(page)
    end = page.locator(".victory-screen")
    expect(end.locator("#victory-h")).to_be_visible()
    expect(end.locator(".standings li")).to_have_count(len(bots) + 1)
    # stopped by the turn limit: the heading says there is no winner, the reason says why once
    expect(end.locator("#victory-h")).to_have_text("The game ended without a winner")
    expect(end.locator(".end-why")).to_contain_text("The turn limit")
    expect(end.locator(".end-why")).not_to_contain_text("without a winner")
    # each seat's number is its place: seats whose scores read the same share one
    rows = end.locator(".standings li").evaluate_all(
        "lis => lis.map((li) => [li.value, li.textContent.split(' — ').pop()])")
    assert rows[0][0] == 1, rows
    for i, ((first, before), (place, score)) in enumerate(pairwise(rows), 1):
        assert place == (first if score == before else i + 1), rows
    expect(page.locator(".badge.turn")).to_have_count(0)  # nobody is "to play" any more
    assert_clean(page, f"{game} end screen")
    assert low_contrast(page) == []
    shot(page, f"server_end_{game}")
    page.click("[data-key=end-rematch]")
    page.wait_for_url(lambda url: not url.endswith(game_id))
    new_id = page.url.rsplit("/", 1)[1]
    assert new_id != game_id
    info = httpx.get(f"{server.base}/api/games/{new_id}").json()
    old = httpx.get(f"{server.base}/api/games/{game_id}").json()
    assert info["players"][0].get("name") == "Ana"
    assert [p["kind"] for p in info["players"]] == [p["kind"] for p in old["players"]]
    assert info["options"] == old["options"]


def test_a_bot_the_server_offers_besides_the_strengths_sits_at_the_table(tmp_path, new_page):
    """Issue 15: a researcher's bot (``firstpick``, the test package's entry point) that the
    server offers (``lobby_bots``) is a choice of the lobby's seat menu by its own name, and
    plays its seat of a Deal game against a person, named alike at the table and in the lobby
    in every language. (It plays the first legal action, which may move a wild card to and fro
    for ever: after ``bot_streak_limit`` actions in a row the stand-in ends its turn.)"""
    server = Server(tmp_path / "tycoon.sqlite3", lobby_bots=["firstpick"], bot_streak_limit=10)
    server.start()
    try:
        page = new_page()
        page.goto(f"{server.base}/")
        page.select_option("#game-select", "deal")
        expect(page.locator("#seat-1-kind option[value=firstpick]")).to_have_text(
            "firstpick bot")
        create_and_join(page, server.base, "deal", "Ana", ["firstpick"], {"turn_limit": 4})
        expect(page.locator(".dseat").first).to_contain_text("firstpick bot")
        play_like_a_person(page)
        expect(page.locator("#event-log")).to_contain_text("firstpick bot (B) ends the turn")
        assert_clean(page, "a server's own bot")
        # the table names it as the lobby does, in the player's language
        page.evaluate("localStorage.setItem('tycoon.lang', 'fr')")
        page.reload()
        expect(page.locator(".dseat").first).to_contain_text("Robot firstpick")
        page.goto(f"{server.base}/")
        page.select_option("#game-select", "deal")
        expect(page.locator("#seat-1-kind option[value=firstpick]")).to_have_text(
            "Robot firstpick")
    finally:
        server.stop()


def test_a_seat_away_is_said_once_a_turn_before_what_the_bot_did_for_it(tmp_path, new_page):
    """Bruno joined and never came: the stand-in plays his turns, and the log says so once
    before the lines of what it did (not after each of them, nor after the next turn's draw)."""
    server = Server(tmp_path / "tycoon.sqlite3", away_seconds=0.2)
    server.start()
    try:
        created = httpx.post(f"{server.base}/api/games", json={
            "game": "deal", "players": ["human", "human"], "options": {"turn_limit": 8}}).json()
        httpx.post(f"{server.base}/api/games/{created['id']}/join",
                   json={"name": "Bruno", "seat": 1}).raise_for_status()
        page = new_page()
        page.goto(f"{server.base}/#/game/{created['id']}")
        page.fill("#join-name", "Ana")
        page.click("[data-key=take-seat-0]")
        play_like_a_person(page)
        groups = page.locator("#event-log .turn-group").evaluate_all(
            """gs => gs.map((g) => [g.querySelector('.turn-head').textContent,
                 [...g.querySelectorAll('.turn-lines li')].map((li) =>
                   [li.classList.contains('note'), li.textContent])])""")
        # a log line, not a banknote of Change Money (the two shared a class name)
        note = page.locator("#event-log li.note").first
        assert note.evaluate("li => getComputedStyle(li).fontStyle") == "italic"
        assert note.evaluate("li => getComputedStyle(li).borderTopWidth") == "0px"
        # the replay viewer says it too, before what the stand-in did
        page.goto(f"{server.base}/#/replay/{created['id']}")
        page.click("#replay-last")
        page.click("[data-key=victory-close]")
        lines = page.locator("#event-log li")
        expect(lines.first).to_be_visible()
        said = lines.evaluate_all("lis => lis.map((li) => [li.classList.contains('note'), "
                                  "li.textContent])")
        notes = [i for i, (is_note, _) in enumerate(said) if is_note]
        assert notes, said
        assert all(said[i][1] == "Bruno (B) is away: a bot plays for them."
                   and "Bruno" in said[i + 1][1] for i in notes), said
    finally:
        server.stop()
    bruno_turns = [lines for head, lines in groups if head.startswith("Turn") and "Bruno" in head]
    assert len(bruno_turns) >= 3, groups
    for lines in bruno_turns:
        notes = [i for i, (note, _) in enumerate(lines) if note]
        assert notes, lines  # every turn of his was played for him
        assert lines[notes[0]][1] == "Bruno (B) is away: a bot plays for them.", lines
        # each note comes before what the bot did: a line of Bruno's own
        assert all(i + 1 < len(lines) and "Bruno" in lines[i + 1][1] for i in notes), lines
        # and is said again only after Ana did something in his turn (paid, said no)
        ana = sum("Ana" in text for note, text in lines if not note)
        assert len(notes) <= 1 + ana, lines
    ana_turns = [lines for head, lines in groups if head.startswith("Turn") and "Ana" in head]
    # her turns tell nothing of his unless he paid or answered in them
    for lines in ana_turns:
        for i, (note, _) in enumerate(lines):
            assert not note or (i + 1 < len(lines) and "Bruno" in lines[i + 1][1]), lines


def test_chat_is_text_survives_a_reload_and_a_restart(server, new_page, shot):
    created = httpx.post(f"{server.base}/api/games",
                         json={"game": "deal", "players": ["human", "human"]}).json()
    game_id = created["id"]
    a = new_page()
    a.goto(f"{server.base}/#/game/{game_id}")
    a.fill("#join-name", HOSTILE_NAME)
    a.click("[data-key=take-seat-0]")
    b = new_page(390, 844)
    b.goto(f"{server.base}/#/game/{game_id}")
    b.fill("#join-name", "Bruno")
    b.click("[data-key=take-seat-1]")
    for page in (a, b):
        page.wait_for_selector(".deal-table")
    a.fill("#chat-input", HOSTILE_TEXT)
    a.press("#chat-input", "Enter")
    b.locator("[data-key=chat-react-0]").click()
    for page in (a, b):
        expect(page.locator(".chat-line").first).to_contain_text(HOSTILE_TEXT)
        expect(page.locator(".chat-line .chat-from").first).to_contain_text(HOSTILE_NAME)
        expect(page.locator(".chat-line.reaction")).to_have_count(1)
        assert page.evaluate("window.pwned === undefined")
        assert page.locator(".chat-panel img, .chat-panel script, .chat-panel b").count() == 0
    shot(b, "server_chat_phone")
    b.reload()
    expect(b.locator(".chat-line").first).to_contain_text(HOSTILE_TEXT)
    server.restart()
    a.reload()
    expect(a.locator(".chat-line").first).to_contain_text(HOSTILE_TEXT, timeout=15_000)
    expect(a.locator(".chat-line")).to_have_count(2)


def test_enter_after_the_name_takes_the_first_free_seat(server, new_page):
    """Someone invited types their name and presses Enter: that took no seat (only a click
    on a seat's button did); it takes the first free one, as the lobby's Join does."""
    game_id = httpx.post(f"{server.base}/api/games",
                         json={"game": "deal", "players": ["human", "human"]}).json()["id"]
    page = new_page()
    page.goto(f"{server.base}/#/game/{game_id}")
    page.fill("#join-name", "Ana")
    page.press("#join-name", "Enter")
    expect(page.locator(".topbar-slot")).to_contain_text("you play seat A")
    players = httpx.get(f"{server.base}/api/games/{game_id}").json()["players"]
    assert [(p["name"], p["taken"]) for p in players] == [("Ana", True), (None, False)]


def test_join_dialog_drops_seats_others_take_and_keeps_the_typed_name(server, new_page):
    created = httpx.post(f"{server.base}/api/games",
                         json={"game": "deal", "players": ["human"] * 3}).json()
    game_id = created["id"]
    page = new_page()
    page.goto(f"{server.base}/#/game/{game_id}")
    page.fill("#join-name", "Carla")
    expect(page.locator("[data-key^=take-seat-]")).to_have_count(3)
    httpx.post(f"{server.base}/api/games/{game_id}/join", json={"name": "Ana", "seat": 0})
    # the dialog checks every few seconds: the taken seat's button goes, the name stays
    expect(page.locator("[data-key=take-seat-0]")).to_have_count(0, timeout=8_000)
    expect(page.locator("[data-key^=take-seat-]")).to_have_count(2)
    expect(page.locator("#join-name")).to_have_value("Carla")
    # who sits where, and the seats by the letters the table gives them
    expect(page.locator(".join-box .seat-list li")).to_have_text(
        ["Ana (A)", "B: free seat", "C: free seat"])
    expect(page.locator("[data-key^=take-seat-]")).to_have_text(["Take seat B", "Take seat C"])
    # choosing, the visitor is not watching yet (the top bar said "watching")
    expect(page.locator(".topbar-slot .badge")).to_have_count(0)
    for seat in (1, 2):
        httpx.post(f"{server.base}/api/games/{game_id}/join", json={"name": "B", "seat": seat})
    # every seat taken: no stale offer, the page watches the game
    expect(page.locator(".join-box")).to_have_count(0, timeout=8_000)
    expect(page.locator(".deal-table")).to_be_visible()
    expect(page.locator(".topbar-slot")).to_contain_text("watching")


def ana_at_a_deal_table(server: Server, new_page: Any, players: list[str]) -> tuple[Any, str]:
    """A Deal game of seed 12 (seat A starts) whose seat A Ana takes in a new page."""
    created = httpx.post(f"{server.base}/api/games", json={
        "game": "deal", "players": players, "seed": 12}).json()
    page = new_page()
    page.goto(f"{server.base}/#/game/{created['id']}")
    page.fill("#join-name", "Ana")
    page.click("[data-key=take-seat-0]")
    return page, created["id"]


def test_a_reload_mid_game_keeps_the_log_of_the_last_changes(server, new_page):
    """docs/protocol.md: the first update retells the recent changes (``history``), so a page
    reloaded mid-game still says what the other seat just did, and says it once; after a
    server restart too (the restored game rebuilds them from its stored actions)."""
    page, _ = ana_at_a_deal_table(server, new_page, ["human", "medium"])
    page.wait_for_selector(".deal-table")
    page.click("[data-key=act-end-turn]")  # seat A starts (seed 12); the bot then plays
    lines = page.locator("#event-log li li")  # the lines, in one list per turn
    bot_done = lines.filter(has_text="Medium bot (B) ends the turn")
    expect(bot_done).to_have_count(1)
    before = lines.all_inner_texts()
    page.reload()
    page.wait_for_selector(".deal-table")
    expect(bot_done).to_have_count(1)
    assert lines.all_inner_texts() == before
    expect(lines.filter(has_text="Ana (A) ends the turn")).to_have_count(1)
    server.restart()
    page.reload()
    page.wait_for_selector(".deal-table")
    expect(bot_done).to_have_count(1, timeout=15_000)
    assert lines.all_inner_texts() == before


def test_lobby_chat(server, new_page):
    a = new_page()
    a.goto(f"{server.base}/")
    a.fill("#player-name", "Ana")
    a.dispatch_event("#player-name", "change")
    a.fill("#lobby-chat-input", "anyone for a game?")
    a.press("#lobby-chat-input", "Enter")
    b = new_page()
    b.goto(f"{server.base}/")
    expect(b.locator("#lobby-chat-list")).to_contain_text("anyone for a game?", timeout=8_000)


def test_unknown_game_link_shows_a_clear_page_and_stops_reconnecting(server, new_page, shot):
    page = new_page(390, 844)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{server.base}/#/game/NOPE123")
    expect(page.locator("#unknown-h")).to_be_visible()
    page.wait_for_timeout(2_000)
    assert len(sockets) <= 1
    expect(page.locator(".conn")).to_have_count(0)
    shot(page, "server_unknown_game_phone")


def test_waiting_for_players_then_the_table_and_the_lobbys_watch(server, new_page):
    """A game with a free seat shows the waiting screen (who sits, the invitation link), not a
    table nobody may play yet; when the seat is taken the table appears, my turn asked. The
    lobby's Watch opens the game as a spectator, without offering the seat."""
    ana = new_page()
    game_id = create_and_join(ana, server.base, "deal", "Ana", ["human", "medium"], {})
    waiting = ana.locator(".waiting")
    expect(waiting).to_contain_text("waiting for players")
    expect(waiting).to_contain_text("B: free seat")
    expect(ana.locator(".deal-table")).to_have_count(0)
    cid = new_page()
    cid.goto(f"{server.base}/")
    cid.click(f"[data-key=watch-{game_id}]")
    expect(cid.locator(".waiting")).to_be_visible()
    expect(cid.locator(".join-box")).to_have_count(0)
    expect(cid.locator(".topbar")).to_contain_text("watching")
    joined = httpx.post(f"{server.base}/api/games/{game_id}/join",
                        json={"name": "Bea", "seat": 1})
    assert joined.status_code == 200, joined.text
    expect(ana.locator(".deal-table")).to_be_visible()
    expect(ana.locator(".waiting")).to_have_count(0)
    expect(cid.locator(".deal-table")).to_be_visible()
    expect(ana.locator(".dseat.mine")).to_contain_text("Ana")


def test_the_waiting_screen_fits_a_360_px_phone(server, new_page):
    """The waiting screen, its chat and a 40-letter name without a space stay within a 360 px
    phone's screen (the chat's row widened the page's one column to 368 px)."""
    page = new_page(360, 740)
    create_and_join(page, server.base, "deal", "Maximiliano" * 3 + "Wolfes", ["human", "human"],
                    {})
    expect(page.locator(".waiting")).to_contain_text("Wolfes (A)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_log_opens_with_the_first_turn_and_its_draw(server, new_page):
    """MD-3.1: a page waiting for the other player, then playing, reads the first turn and the
    first player's draw at the top of its log (the set-up, history version 0), said once."""
    page, game_id = ana_at_a_deal_table(server, new_page, ["human", "human"])
    expect(page.locator(".deal-table")).to_have_count(0)  # waiting for the second player
    httpx.post(f"{server.base}/api/games/{game_id}/join", json={"name": "Bob", "seat": 1})
    page.wait_for_selector(".deal-table")
    lines = page.locator("#event-log li li")
    expect(page.locator("#event-log .turn-head").first).to_have_text("Turn 1: Ana (A) plays")
    expect(lines).to_have_text(["Ana (A) draws 2 cards"])
    page.reload()
    page.wait_for_selector(".deal-table")
    expect(lines).to_have_text(["Ana (A) draws 2 cards"])


def test_refusals_are_said_in_the_pages_language(server, new_page):
    """The server's refusals carry a ``code`` (docs/protocol.md, "Error answers"): a page in
    Portuguese says a chat sent too fast, and a seat somebody took first, in Portuguese, not
    in the server's English; its chat's times are written as Portuguese writes them."""
    page, game_id = ana_at_a_deal_table(server, new_page, ["human", "medium"])
    page.wait_for_selector(".deal-table")  # seated: the seat's token is kept for the reload
    page.wait_for_function(f"localStorage.getItem('tycoon.seat.{game_id}') !== null")
    page.evaluate("localStorage.setItem('tycoon.lang', 'pt')")
    page.reload()
    page.wait_for_selector(".deal-table")
    for _ in range(6):  # at most 5 chat messages in 10 s
        page.locator("[data-key=chat-react-0]").click()
    expect(page.locator("#toast")).to_have_text(
        "Muitos de uma vez: espere alguns segundos e tente de novo.")
    # a screen reader hears it once, from the live region (the toast is hidden from it)
    expect(page.locator("#announcer p", has_text="Muitos de uma vez")).to_have_count(1)
    expect(page.locator("#toast")).to_have_attribute("aria-hidden", "true")
    # and the chat's times are the page's language's too (24 hours, not the browser's "AM")
    expect(page.locator(".chat-line time").first).to_have_text(re.compile(r"^\d\d:\d\d$"))
    game_id = httpx.post(f"{server.base}/api/games",
                         json={"game": "deal", "players": ["human", "human"]}).json()["id"]
    page.goto(f"{server.base}/")
    join = page.locator(f"[data-key=join-{game_id}]")
    expect(join).to_be_visible()
    httpx.post(f"{server.base}/api/games/{game_id}/join", json={"name": "Bia", "seat": 0})
    join.click()
    expect(page.locator("#toast")).to_have_text("Alguém acabou de ocupar esse lugar.")
