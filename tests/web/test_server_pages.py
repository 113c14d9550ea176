"""The client against the real server: `tycoon serve` on a free loopback port, SQLite file.

A person creates a Capital game with three bots in the lobby and plays a turn; two browsers
join one Deal game (one from the lobby, one from the invitation link) and each sees only its
own hand; a finished game opens in the replay viewer and steps forward and back.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import pytest
from playwright.sync_api import expect

from .harness import wait_held


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server process with fast bots; its base URL."""
    port = free_port()
    db = tmp_path_factory.mktemp("db") / "tycoon.sqlite3"
    # A bot may land on a minigame square before the person's first roll, and every seat then
    # plays it (C-4.4.2): the person's screen sends its inputs when its 30 s run out.
    settings = {"bot_delay": 0.02, "session_grace": 1}
    env = {**os.environ, "TYCOON_SERVER_SETTINGS": json.dumps(settings)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tycoon.cli", "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not start")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_lobby_create_capital_with_three_bots_and_play_a_turn(server, new_page, shot):
    phone = new_page(390, 844)
    phone.goto(f"{server}/")
    phone.wait_for_selector("#create-button")
    shot(phone, "server_01a_lobby_phone", full_page=True)
    page = new_page()
    page.goto(f"{server}/")
    page.wait_for_selector("#create-button")
    shot(page, "server_01_lobby")
    # issue 15: each bot's ladder rating beside its name in the seat menu
    from tycoon.study.ladder import load_ratings

    medium = round(load_ratings()["games"]["capital"]["bots"]["medium"]["elo"])
    expect(page.locator("#seat-1-kind option[value=medium]")).to_have_text(
        f"Medium bot · Elo {medium}")
    page.fill("#player-name", "Ana")
    page.dispatch_event("#player-name", "change")
    page.fill("#game-title", "Ana's table")  # a name for the lobby's list, kept across
    page.select_option("#game-select", "deal")  # another game chosen and back
    page.select_option("#game-select", "capital")
    expect(page.locator("#game-title")).to_have_value("Ana's table")
    for i in (1, 2, 3):
        page.select_option(f"#seat-{i}-kind", "random")
    page.click("#create-button")
    page.wait_for_selector("svg.board")
    game_id = page.url.rsplit("/", 1)[1]
    assert httpx.get(f"{server}/api/games/{game_id}").json()["name"] == "Ana's table"
    expect(page.locator(".topbar-slot .game-id")).to_have_text("Ana's table")  # not its id
    # Play until this seat has rolled and taken its action (bots play the other seats).
    roll = page.locator("[data-key=act-roll]")
    expect(roll).to_be_visible(timeout=40_000)
    # a bot may have landed on a minigame first: its scores are shown over the table
    scores = page.locator("[role=dialog].mg-results [data-key=mgr-close]")
    if scores.count():
        scores.click()
    shot(page, "server_02_capital_turn")
    roll.click()
    for _ in range(6):
        page.wait_for_timeout(300)
        for selector in ("[role=dialog].mg-results [data-key=mgr-close]",
                         "[data-key^=act-branch]", ".actions .button-col button", "button.kind",
                         "[data-key=act-pass]"):
            if page.locator(selector).count():
                page.locator(selector).first.click()
                break
        if page.locator("[data-key=act-roll]").count() or page.locator(".minigame").count():
            break
    for _ in range(50):  # the last click's action may still be on its way
        record = httpx.get(f"{server}/api/games/{game_id}/record").json()
        mine = [a["action"]["type"] for a in record["actions"]
                if a["seat"] == 0 and a["action"]["type"] != "minigame"]
        if len(mine) >= 2:
            break
        time.sleep(0.1)
    assert mine[0] == "roll" and len(mine) >= 2
    expect(page.locator("#event-log li").first).to_be_visible()
    shot(page, "server_03_capital_after_turn")


def test_the_first_screen_asks_for_its_data_while_the_languages_load(server, new_page):
    """On a slow network each round trip in a row is felt: the page asked for English twice
    (the fallback and the language chosen), then for the lobby's kinds of games only once
    its words had come; an invitation link asked for the game only then, and then for the
    game's English words and only after them for its words in the chosen language. Each is
    now asked once, and the first screen's data beside the languages (at 150 ms a round trip:
    the lobby ready in 1.6 s, not 2.2 s; an invitation link 1.8 s, not 2.1 s)."""
    def paths(page) -> list[str]:
        asked: list[str] = []
        page.on("request", lambda r: asked.append(urlparse(r.url).path))
        return asked

    page = new_page()
    asked = paths(page)
    page.goto(f"{server}/")
    page.wait_for_selector("#create-button")
    assert asked.count("/i18n/en.json") == 1 and asked.count("/api/kinds") == 1
    assert asked.index("/api/kinds") < asked.index("/i18n/en.json")

    game_id = httpx.post(f"{server}/api/games",
                         json={"game": "deal", "players": ["human", "human"]}).json()["id"]
    page = new_page()
    asked = paths(page)
    page.goto(f"{server}/?lang=pt#/game/{game_id}")
    expect(page.locator("[data-key=join-rules]")).to_have_text("Como jogar Monopoly Deal")
    assert asked.index(f"/api/games/{game_id}") < asked.index("/i18n/pt.json")
    for path in ("/i18n/en.json", "/i18n/pt.json", f"/api/games/{game_id}", "/api/kinds",
                 "/api/kinds/deal/messages/en", "/api/kinds/deal/messages/pt",
                 "/api/kinds/deal/data"):
        assert asked.count(path) == 1, (path, asked)


def test_two_browsers_one_deal_game_see_only_their_hands_MD_9_2(server, new_page, shot):
    title = "<b>Friday</b> night"  # a game's name, given over REST: shown in the lobby, as text
    created = httpx.post(f"{server}/api/games", json={
        "game": "deal", "players": ["human", "human"], "name": title}).json()
    game_id = created["id"]
    a = new_page()
    a.goto(f"{server}/")
    expect(a.locator(f".game-row[data-game='{game_id}'] .game-title")).to_have_text(title)
    a.fill("#player-name", "Ana")
    a.dispatch_event("#player-name", "change")
    a.locator(f".game-row[data-game='{game_id}'] button", has_text="Join").click()
    b = new_page(390, 844)
    b.goto(f"{server}/#/game/{game_id}")  # the invitation link
    # the rules are a click away before taking a seat, in a new tab (the dialog stays)
    rules = b.locator("[data-key=join-rules]")
    expect(rules).to_have_text("How to play Monopoly Deal")
    assert rules.get_attribute("href") == "#/rules/deal"
    assert rules.get_attribute("target") == "_blank"
    b.fill("#join-name", "Bruno")
    shot(b, "server_04a_join_dialog_phone")
    b.click("[data-key=take-seat-1]")
    for page in (a, b):
        page.wait_for_selector(".dhand .dcard")
    hand_a = a.locator(".dhand .dcard").evaluate_all("els => els.map(e => e.dataset.card)")
    hand_b = b.locator(".dhand .dcard").evaluate_all("els => els.map(e => e.dataset.card)")
    assert hand_a and hand_b and not set(hand_a) & set(hand_b)
    for card in hand_a:
        expect(b.locator(f"[data-card='{card}']")).to_have_count(0)
    for card in hand_b:
        expect(a.locator(f"[data-card='{card}']")).to_have_count(0)
    # A spectator (no token, no free seat) sees the table and no hand at all.
    c = new_page()
    c.goto(f"{server}/#/game/{game_id}")
    c.wait_for_selector(".deal-table .dseat")
    expect(c.locator(".dhand")).to_have_count(0)
    expect(c.locator(".topbar-slot")).to_contain_text("watching")
    for card in hand_a + hand_b:
        expect(c.locator(f"[data-card='{card}']")).to_have_count(0)
    shot(a, "server_04_deal_seat_a")
    shot(b, "server_05_deal_seat_b_phone")


def finished_bot_game(server: str, game: str, seats: int, turn_limit: int, seed: int = 7,
                      name: str = "") -> str:
    """The id of a game of bots stopped by its turn limit, once it is over."""
    created = httpx.post(f"{server}/api/games", json={
        "game": game, "players": ["random"] * seats, "options": {"turn_limit": turn_limit},
        "seed": seed, "name": name,
    }).json()
    for _ in range(200):
        if httpx.get(f"{server}/api/games/{created['id']}").json()["status"] == "finished":
            return created["id"]
        time.sleep(0.1)
    pytest.fail("the bot game did not finish")


def test_a_lobby_row_with_three_buttons_leaves_the_players_room(server, new_page, shot):
    """A row with Join, Watch and Copy invitation link gave its players' column what the
    buttons left: a letter a line on a 1024-pixel screen ("M e d i u m"), a broken word
    ("Mediu m bot") at 1280. The buttons now take a line of their own when they must, and
    no button's words break."""
    created = httpx.post(f"{server}/api/games", json={
        "game": "capital", "players": ["human", "human", "hard", "easy"],
        "name": "Friday night at Ana and Bruno"}).json()
    httpx.post(f"{server}/api/games/{created['id']}/join",
               json={"name": "Maximiliano Fernández", "seat": 0})
    row = f".game-row[data-game='{created['id']}']"
    for width in (1024, 1280, 390):
        page = new_page(width, 800)
        page.goto(f"{server}/")
        expect(page.locator(f"{row} .game-who")).to_contain_text("Easy bot")
        who = page.locator(f"{row} .game-who").bounding_box()
        assert who["width"] >= 144, (width, who)  # 9rem: "Maximiliano" and "Medium" whole
        for button in page.locator(f"{row} .game-actions > *").all():
            box = button.bounding_box()
            assert box["height"] < 48, (width, button.inner_text(), box)  # one line
        if width == 1024:
            shot(page, "server_lobby_row_1024")


def test_replay_viewer_steps_through_a_finished_game(server, new_page, shot, tmp_path):
    # a seed past 2**53, which a JavaScript number cannot hold: the record must keep it whole
    game_id = finished_bot_game(server, "capital", 4, 3, seed=2**62 + 7, name="Bots at dawn")
    page = new_page()
    page.goto(f"{server}/#/replay/{game_id}")
    page.wait_for_selector("svg.board")
    expect(page.locator("h1")).to_have_text("Replay of game Bots at dawn")  # its name, not id
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    expect(page.locator("#prompt")).to_contain_text(re.compile(r"Random bot \([A-D]\) to play"))
    page.click("#replay-forward")
    expect(page.locator("#replay-step")).to_contain_text("Step 1 of")
    expect(page.locator("#event-log")).to_contain_text("rolls")
    # the log keeps the steps before, the step's own lines last and marked
    first = page.locator("#event-log li").all_inner_texts()
    page.click("#replay-forward")
    expect(page.locator("#replay-step")).to_contain_text("Step 2 of")
    lines = page.locator("#event-log li")
    expect(lines).not_to_have_count(len(first))
    assert lines.all_inner_texts()[:len(first)] == first
    now = page.locator("#event-log li.replay-now")
    assert now.count() and now.all_inner_texts() == lines.all_inner_texts()[-now.count():]
    page.click("#replay-last")
    expect(page.locator(".victory-screen")).to_be_visible()
    expect(page.locator(".end-why")).to_have_text("The turn limit was reached")  # a sentence
    shot(page, "server_06_replay_end")
    page.click("[data-key=victory-close]")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-step")).not_to_contain_text("Step 0 of")
    page.click("#replay-first")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    # the whole record downloads, and `tycoon replay` tells the same game
    with page.expect_download() as download:
        page.click("[data-key=replay-download]")
    assert download.value.suggested_filename == f"tycoon-capital-{game_id}.json"
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert json.loads(saved.read_text()) == httpx.get(f"{server}/api/games/{game_id}/record").json()
    told = subprocess.run([sys.executable, "-m", "tycoon.cli", "replay", str(saved), "--log"],
                          capture_output=True, text=True, check=True).stdout.splitlines()
    assert told[0].startswith("Turn 1: ")
    assert [line.split(":")[0] for line in told if line.startswith("Turn ")] == [
        "Turn 1", "Turn 2", "Turn 3"]
    assert "turn limit" in told[-1]
    end = subprocess.run([sys.executable, "-m", "tycoon.cli", "replay", str(saved)],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(end)["result"] == httpx.get(f"{server}/api/games/{game_id}").json()["result"]
    # the same file opened in the viewer (Replay a record file) steps to the same end
    page.goto(f"{server}/")
    page.click("[data-key=open-record]")
    page.set_input_files("#record-file", str(saved))
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    expect(page.locator("h1")).to_have_text(f"Replay of tycoon-capital-{game_id}.json")
    page.click("#replay-last")
    expect(page.locator(".end-why")).to_have_text("The turn limit was reached")
    # another language redraws the viewer at the same step, the file still open
    n = page.locator("#replay-step").inner_text().split()[1]
    page.select_option("#lang-select", "fr")
    expect(page.locator("#replay-step")).to_have_text(f"Étape {n} sur {n}")
    expect(page.locator("h1")).to_have_text(f"Revoir tycoon-capital-{game_id}.json")
    # a file that does not replay is refused with the server's reason, and nothing opens
    bad = saved.with_name("bad.json")
    data = json.loads(saved.read_text())
    bad.write_text(json.dumps({**data, "actions": data["actions"][1:]}))
    page.reload()
    page.set_input_files("#record-file", str(bad))
    expect(page.locator("#record-file-error")).to_contain_text("record action 0")
    expect(page.locator("#replay-step")).to_have_count(0)
    # a file that is not JSON (another kind of file, or a record cut short) is not a record,
    # said in the page's language (it showed the browser's English parser error, quoting
    # the file's first bytes)
    for name, content in (("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00"),
                          ("cut.json", saved.read_bytes()[:40])):
        other = saved.with_name(name)
        other.write_bytes(content)
        page.reload()
        page.set_input_files("#record-file", str(other))
        expect(page.locator("#record-file-error")).to_have_text(
            "Erreur : ce fichier n'est pas l'enregistrement d'une partie")


def record_file(server: str, tmp_path: Path, seed: int) -> Path:
    """A finished two-seat Deal game's record, saved as the viewer's download would be."""
    game_id = finished_bot_game(server, "deal", 2, 2, seed=seed)
    saved = tmp_path / "game.json"
    saved.write_text(httpx.get(f"{server}/api/games/{game_id}/record").text)
    return saved


def test_the_replay_of_long_names_fits_a_320_px_phone(server, new_page, tmp_path):
    """A game's 80-letter name without a space, and a seat's 40-letter one in the "Seen by"
    menu, stay within a 320 px phone's screen (the page was 1,701 px wide)."""
    game_id = finished_bot_game(server, "deal", 2, 2, seed=12, name="W" * 80)
    page = new_page(320, 700)
    page.goto(f"{server}/#/replay/{game_id}")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    saved = record_file(server, tmp_path, seed=12)
    record = json.loads(saved.read_text())
    record["players"][0].update(kind="human", bot=None, name="Maximiliano" * 3 + "Wolfes")
    saved.write_text(json.dumps(record))
    page.goto(f"{server}/#/replay-file")
    page.set_input_files("#record-file", str(saved))
    expect(page.locator("#replay-seat")).to_contain_text("Wolfes (A)")
    expect(page.locator(".deal-table .prompt")).to_contain_text("Wolfes (A)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_a_replay_left_while_its_new_language_loads_keeps_no_keys(server, new_page):
    """Another language chosen in the replay viewer, then the lobby while the game's words in
    that language are still on their way: the viewer drawn for them afterwards is not shown,
    and the arrow keys on the lobby ask the server for no replay step (they went on fetching
    steps of the game left behind)."""
    game_id = finished_bot_game(server, "deal", 2, 2, seed=14)
    page = new_page()
    page.goto(f"{server}/#/replay/{game_id}")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    held = []
    page.route("**/messages/pt", lambda route: held.append(route))
    page.select_option("#lang-select", "pt")
    wait_held(page, held, "the game's Portuguese words are on their way")
    page.evaluate("location.hash = '#/'")
    expect(page.locator("#create-button")).to_be_visible()
    for route in held:
        route.continue_()
    page.wait_for_timeout(500)
    steps = []
    page.on("request", lambda r: steps.append(r.url) if "/replay/" in r.url else None)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(500)
    assert steps == []
    expect(page.locator("#replay-step")).to_have_count(0)


def test_the_replay_shows_the_seat_chosen_last_whatever_answer_comes_last(server, new_page):
    """A seat chosen while the same step is still on its way as everyone sees it: the late
    answer does not take the seat's view back (it showed everyone's, the menu saying A)."""
    game_id = finished_bot_game(server, "deal", 2, 2, seed=13)
    page = new_page()
    page.goto(f"{server}/#/replay/{game_id}")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    held = []

    def hold_everyones(route):
        if "seat=" in route.request.url:
            route.continue_()
        else:
            held.append(route)

    page.route("**/replay/3?*", hold_everyones)
    for _ in range(3):
        page.click("#replay-forward")
    wait_held(page, held, "step 3 as everyone sees it is on its way")
    page.select_option("#replay-seat", "0")
    hand = page.locator("#dhand-h")
    expect(hand).to_have_text(re.compile(r"Your hand \([1-9]\d* cards?\)"))
    seen = hand.inner_text()
    for route in held:
        route.continue_()
    page.wait_for_timeout(800)
    expect(page.locator("#replay-seat")).to_have_value("0")
    expect(hand).to_have_text(seen)


def test_a_language_changed_while_the_first_step_loads_keeps_the_record_file(server, new_page,
                                                                          tmp_path):
    """The viewer of a record file is the page's screen from the moment it opens: a language
    chosen while its first step is still on its way redraws the viewer, the file kept (it
    once fell back to the file picker, a race CI met under load)."""
    saved = record_file(server, tmp_path, seed=11)
    page = new_page()
    held = []
    page.route("**/api/replay/0?*", lambda route: held.append(route))  # waits until let go
    page.goto(f"{server}/#/replay-file")
    page.set_input_files("#record-file", str(saved))
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    page.click("#replay-last")
    expect(page.locator(".victory-screen")).to_be_visible()
    n = page.locator("#replay-step").inner_text().split()[1]
    assert held, "the first step is still on its way"
    page.select_option("#lang-select", "fr")
    expect(page.locator("#replay-step")).to_have_text(f"Étape {n} sur {n}")
    for route in held:
        route.continue_()  # lets the held first step go: it changes nothing
    page.wait_for_timeout(300)
    expect(page.locator("#replay-step")).to_have_text(f"Étape {n} sur {n}")


def test_a_link_followed_while_the_lobby_loads_keeps_its_screen(server, new_page, tmp_path):
    """The lobby's "Replay a record file" link, followed while the lobby still waits for its
    list of games, opens a screen the late lobby does not take back: a language chosen later
    redraws the open record file, not the file picker (CI met this race under load)."""
    saved = record_file(server, tmp_path, seed=12)
    page = new_page()
    held = []
    page.route("**/api/games", lambda route: held.append(route))  # waits until let go
    page.goto(f"{server}/")
    page.click("[data-key=open-record]")
    assert held, "the lobby still waits for its list"
    for route in held:
        route.continue_()  # lets the lobby's list go once the file picker is up
    page.set_input_files("#record-file", str(saved))
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    page.select_option("#lang-select", "fr")
    expect(page.locator("#replay-step")).to_contain_text("Étape 0 sur")


def test_a_screen_opened_before_the_lobby_is_drawn_is_not_covered_by_it(server, new_page):
    """A game's link opened while the lobby still waits for the kinds of games (a link pasted
    in the address bar of a page just loaded): the late lobby drew itself over the game's
    table, which went on playing unseen under its header."""
    game = httpx.post(f"{server}/api/games", json={"game": "deal", "players": ["human", "easy"]})
    game_id = game.json()["id"]
    page = new_page()
    held = []

    def hold_the_lobbys(route):  # the lobby's asks first; the game's page asks for titles
        if held:
            route.continue_()
        else:
            held.append(route)  # waits until let go

    page.route("**/api/kinds", hold_the_lobbys)
    page.goto(f"{server}/", wait_until="commit")
    wait_held(page, held, "the lobby still waits for the kinds of games")
    # asked while the languages load: the lobby's route waits for them once those have come
    expect(page.locator("body[data-page=lobby]")).to_have_count(1)
    page.evaluate(f"location.hash = '#/game/{game_id}/watch'")
    expect(page.locator("body[data-page=game]")).to_have_count(1)
    for route in held:
        route.continue_()  # lets the lobby go on: it must draw nothing now
    page.wait_for_timeout(500)
    expect(page.locator(".lobby")).to_have_count(0)
    expect(page.get_by_role("heading", name="Monopoly Deal: waiting for players")).to_be_visible()


def hold(held: list) -> Callable[[Any], None]:
    """A route handler that keeps each request in ``held`` until the test lets it go."""
    return lambda route: held.append(route)


def test_a_link_followed_while_the_languages_load_opens_its_own_screen(server, new_page):
    """What the first screen needs is asked for while the page's languages load: the lobby's
    kinds of games, an invitation link's game. A link followed meanwhile opens its own screen
    with its own data: the game, not the lobby; the other game, not the first one's."""
    deal = httpx.post(f"{server}/api/games", json={
        "game": "deal", "players": ["human", "easy"], "name": "Deal night"}).json()["id"]
    capital = httpx.post(f"{server}/api/games", json={
        "game": "capital", "players": ["human", "easy"], "name": "Capital night"}).json()["id"]
    for start, then, heading in (("", deal, "Monopoly Deal"), (f"#/game/{deal}", capital,
                                                                "Capital")):
        page = new_page()
        held: list = []
        page.route("**/i18n/en.json", hold(held))
        page.goto(f"{server}/{start}", wait_until="commit")
        wait_held(page, held, "the page still waits for its words")
        page.evaluate(f"location.hash = '#/game/{then}/watch'")
        for route in held:
            route.continue_()
        expect(page.get_by_role("heading", name=f"{heading}: waiting for players")).to_be_visible()
        expect(page.locator(".topbar-slot .game-id")).to_have_text(f"{heading.split()[-1]} night")
        expect(page.locator(".lobby")).to_have_count(0)


def test_replay_of_a_deal_game_stopped_by_its_turn_limit_ends_with_nobody_to_play(server,
                                                                                  new_page):
    """The last step of a replay: the end screen, nobody to play, and no counts the page
    could only have made from the steps it saw."""
    game_id = finished_bot_game(server, "deal", 3, 4)
    page = new_page(390, 844)  # a phone
    page.goto(f"{server}/#/replay/{game_id}")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    expect(page.locator(".badge.turn")).to_have_count(1)
    # a replay waits for nobody: it says who plays next
    expect(page.locator(".deal-table")).to_contain_text(re.compile(r"Random bot \([A-C]\) to play"))
    expect(page.locator(".deal-table")).not_to_contain_text("Waiting for")
    page.click("#replay-last")
    expect(page.locator(".victory-screen #victory-h")).to_have_text(
        "The game ended without a winner")
    expect(page.locator(".badge.turn")).to_have_count(0)  # nobody is "to play" any more
    # no counts of the game (collected, cards played): the replay jumped over its changes
    expect(page.locator(".victory-screen .standings li")).to_have_count(3)
    expect(page.locator(".victory-screen .end-summary")).to_have_count(0)


@pytest.mark.parametrize(("game", "turns"), [("deal", 30), ("deal", 2), ("capital", 2)])
def test_the_end_screens_counts_only_from_a_page_that_saw_every_change(server, new_page, game,
                                                                       turns):
    """A page opened once the game is over reads only its last 40 changes (the server's
    retelling): its end screen shows no counts (collected, cards played, earners, chart)
    made from part of the game; one whose retelling reaches back to the set-up shows them."""
    game_id = finished_bot_game(server, game, 2, turns)
    version = httpx.get(f"{server}/api/games/{game_id}").json()["version"]
    page = new_page()
    page.goto(f"{server}/#/game/{game_id}/watch")
    expect(page.locator(".victory-screen .standings li")).to_have_count(2)
    expect(page.locator(".victory-screen .end-summary")).to_have_count(0 if version >= 40 else 1)
    if game == "deal" and version < 40:
        played = httpx.get(f"{server}/api/games/{game_id}/record").json()["actions"]
        cards = sum(a["action"]["type"] not in ("pay", "discard", "move_wild", "end_turn", "accept")
                    for a in played)
        counted = page.locator(".victory-screen .end-summary tbody td:last-child").all_inner_texts()
        assert sum(map(int, counted)) == cards


def stock_exchange_jump(server: str) -> tuple[str, int, int, list[int]]:
    """A finished Capital game of bots with a step S that has a Stock Exchange, and a later
    step, not the next one and in another turn, where a pawn moves without one: the game's
    id, the two steps and the path of that move."""
    def has(step: dict, kind: str) -> bool:
        return any(e["type"] == kind for e in step["events"])

    for seed in range(1, 30):
        game_id = finished_bot_game(server, "capital", 4, 40, seed=seed)
        found = None
        for n in range(1, 200):  # steps asked for one by one, up to the two wanted
            s = httpx.get(f"{server}/api/games/{game_id}/replay/{n}").json()
            if "view" not in s:
                break
            if found is None:
                found = s if has(s, "stock_exchange") else None
            elif (s["step"] > found["step"] + 1 and s["view"]["turn"] != found["view"]["turn"]
                  and not has(s, "stock_exchange")
                  and any(e["type"] == "moved" and len(e["path"]) >= 2 for e in s["events"])):
                path = next(e["path"] for e in s["events"] if e["type"] == "moved")
                return game_id, found["step"], s["step"], path
    pytest.fail("no bot game had a Stock Exchange")


def test_a_replay_jump_leaves_the_last_steps_banner_and_pawns_behind(server, new_page):
    """Jumping along the replay's slider: the Stock Exchange's banner of an earlier turn is
    not shown over a later one (it stayed until a turn_started came, which a jump never
    brings), and a pawn moved by the step shown walks its own path, not across the board
    from where it stood at the step shown before."""
    game_id, exchange, later, path = stock_exchange_jump(server)
    page = new_page()
    page.goto(f"{server}/#/replay/{game_id}")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    page.locator("#replay-slider").fill(str(exchange))
    expect(page.locator("#replay-step")).to_contain_text(f"Step {exchange} of")
    expect(page.locator(".banner-text")).to_contain_text("Stock exchange")
    page.locator("#replay-slider").fill(str(later))
    expect(page.locator("#replay-step")).to_contain_text(f"Step {later} of")
    expect(page.locator(".banner-text")).to_have_count(0)
    frames = page.evaluate("""() => [...document.querySelectorAll('.pawn')].flatMap((p) =>
        p.getAnimations().map((a) => a.effect.getKeyframes().length))""")
    assert len(path) in frames and len(path) + 1 not in frames, (frames, path)


def test_a_replay_jump_in_deal_flies_no_card_from_the_step_shown_before(server, new_page):
    """Seen by a seat, the cards of its hand at one step are on the table, in a bank or gone
    far later: a jump along the slider flew up to seven of them across the table as if
    played just then."""
    game_id = finished_bot_game(server, "deal", 2, 30, seed=5)
    page = new_page()
    page.goto(f"{server}/#/replay/{game_id}")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of")
    page.select_option("#replay-seat", "0")
    total = int(page.locator("#replay-step").inner_text().split()[-1])
    page.locator("#replay-slider").fill(str(total // 4))
    expect(page.locator("#replay-step")).to_contain_text(f"Step {total // 4} of")
    page.wait_for_timeout(600)  # that step's table is drawn
    page.evaluate("""() => {
        window.flights = 0;
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            if (this.dataset?.card || this.querySelector?.("[data-card]")) window.flights += 1;
            return animate.apply(this, args);
        };
    }""")
    page.locator("#replay-slider").fill(str(3 * total // 4))
    expect(page.locator("#replay-step")).to_contain_text(f"Step {3 * total // 4} of")
    page.wait_for_timeout(800)  # its table is drawn
    assert page.evaluate("window.flights") == 0


def test_the_api_documentation_page_lists_the_api_and_tries_a_call(server, new_page, shot):
    """docs/protocol.md sends people to /docs to browse the API. FastAPI's page loaded Swagger
    UI from a CDN, which the server's Content-Security-Policy refused: the page was blank (and
    offline it cannot load at all). The server's own page serves it from the fastapi-offline
    package, without an inline script, so it opens under the same policy."""
    page = new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    page.goto(f"{server}/docs")
    expect(page.locator(".opblock-summary-path", has_text="/api/games/{game_id}/join")) \
        .to_be_visible()
    page.locator(".opblock-summary", has_text="/api/kinds").first.click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    expect(page.locator(".live-responses-table .response .response-col_status")).to_have_text("200")
    assert refused == []
    shot(page, "api-docs")
    assert httpx.get(f"{server}/redoc").status_code == 404
