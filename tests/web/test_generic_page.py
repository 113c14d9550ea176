"""A game the client has no picture of — the Toy game of ``tests/plugins`` — played in the
browser through the generic table: every word comes from the game's catalog and the server's
messages, in four languages (issue 11: the client names no game's words)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tycoon.engine import get_game

from .harness import ORIGIN, Table, install, pause_clock, seat_token_script, wait_held
from .texts import assert_clean

TOY = get_game("toy")


def toy_table() -> Table:
    state = TOY.new_game(2, seed=3, round_every=2, round_ms=5_000, turn_limit=4)
    return Table("toy", state, {"tokA": 0}, ["Ana", "Bot"], game_id="TOY1")


def play_first_actions(page, most: int, pause: int = 40) -> None:
    """Click the first action of the generic table up to ``most`` times, or until the game's
    end screen shows."""
    for _ in range(most):
        if page.locator(".victory-screen").count():
            return
        page.locator(".generic-table .actions button").first.click()
        page.wait_for_timeout(pause)


@pytest.mark.parametrize("lang", ["en", "pt", "es", "fr"])
def test_toy_game_played_to_the_end_in_every_language(new_page, shot, lang):
    table = toy_table()
    page = new_page(init=seat_token_script(table.id, "tokA", 0, lang))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".generic-table")
    catalog = TOY.catalog(lang)
    for _ in range(40):
        if page.locator(".victory-screen").count():
            break
        button = page.locator(".generic-table .actions button").first
        button.wait_for()
        assert_clean(page, f"toy {lang}")
        button.click()
        page.wait_for_timeout(50)
        # focus stays on a control after each action (issue 12)
        assert page.evaluate("document.activeElement && document.activeElement !== document.body")
    expect(page.locator(".victory-screen")).to_be_visible()
    log = page.locator("#event-log").inner_text()
    assert catalog["event.drew"].split("{")[0].strip() or log  # the log is in the language
    assert_clean(page, f"toy {lang} end")
    shot(page, f"toy-end-{lang}")


def open_toy(new_page, table, width: int = 1280, height: int = 800):
    """A page at ``table`` as its seat A, in English, its first choices on screen."""
    page = new_page(width, height, init=seat_token_script(table.id, "tokA", 0))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".generic-table .actions button")
    return page


def test_log_keeps_the_newest_line_in_view_and_rerenders_after_a_language_switch(new_page):
    table = toy_table()
    page = open_toy(new_page, table)
    play_first_actions(page, 6, pause=60)
    newest = page.locator("#event-log .turn-lines li").last
    expect(newest).to_be_in_viewport()
    english = page.locator("#event-log").inner_text()
    page.select_option("#lang-select", "pt")
    expect(page.locator("#log-h")).to_have_text("O que aconteceu")
    # the log's own words change at once, its lines once the game's Portuguese catalog is in
    expect(page.locator("#event-log")).to_contain_text("Turno")
    assert page.locator("#event-log").inner_text() != english


@pytest.mark.parametrize("panel", ["#event-log", "#chat-list"])
def test_the_newest_line_stays_in_view_when_its_panel_changes_size(new_page, panel):
    """A log or chat made smaller by its layout (a window made narrower, a phone turned:
    Deal's log moves under the hand, 14rem high) stayed scrolled where it was, its newest
    lines out of sight below until the next one came. And a chat of thirty lines opened
    on its oldest: each update puts the panel back in the page, which loses its scroll."""
    table = toy_table()
    table.chat = [{"type": "chat", "id": i, "from": {"seat": 1, "name": "Bot"}, "text": f"line {i}",
                   "at": 0.0} for i in range(1, 31)]
    page = open_toy(new_page, table)
    play_first_actions(page, 6, pause=60)
    box = page.locator(panel)
    at_end = "l => l.scrollHeight - l.scrollTop - l.clientHeight < 2"
    assert box.evaluate(at_end)
    page.add_style_tag(content=f"{panel} {{ max-height: 4rem !important; }}")
    page.wait_for_function(f"document.querySelector('{panel}').clientHeight < 70")
    page.wait_for_timeout(100)
    assert box.evaluate(at_end)
    # a reader who scrolled back keeps their place through the next update
    box.evaluate("l => { l.scrollTop = 10; }")
    page.wait_for_timeout(100)
    play_first_actions(page, 1)
    page.wait_for_timeout(200)
    assert box.evaluate("l => l.scrollTop") == 10


def test_a_game_left_before_it_loaded_opens_no_connection(new_page):
    """The lobby chosen while a game's page still waited for the game's summary: the late
    summary connects nothing (the page opened the game's WebSocket anyway, and the game's
    top bar came back over the lobby, with its turn notices)."""
    table = toy_table()
    page = new_page(init=seat_token_script(table.id, "tokA", 0))
    install(page, table)
    held = []
    page.route(f"**/api/games/{table.id}", lambda route: held.append(route))
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    wait_held(page, held, "the game's summary is on its way")
    page.evaluate("location.hash = '#/'")
    expect(page.locator("#create-button")).to_be_visible()
    for route in held:
        route.fallback()  # the summary comes, late
    page.wait_for_timeout(800)
    assert table.sockets == {}  # no page connected to the game
    expect(page.locator(".topbar .game-id")).to_have_count(0)


def test_seat_tokens_not_opened_for_30_days_are_dropped_with_their_seqs(new_page):
    """Each game played left its seat token and seq numbers in the browser for good: a token
    not opened for 30 days goes, with its seqs and any seq whose token is gone; a token from
    before the dates starts its 30 days now, and opening a game renews its own."""
    day = 24 * 3600 * 1000
    page = new_page(init=f"""
        if (!sessionStorage.getItem('seeded')) {{
          sessionStorage.setItem('seeded', '1');
          const now = Date.now();
          const put = (key, value) => localStorage.setItem(key, JSON.stringify(value));
          put('tycoon.seat.OLD1', {{token: 'a', seat: 0, at: now - 31 * {day}}});
          put('tycoon.seq.OLD1.0', 7);
          put('tycoon.seat.NEW1', {{token: 'b', seat: 1, at: now - 29 * {day}}});
          put('tycoon.seq.NEW1.1', 3);
          put('tycoon.seat.UNDATED', {{token: 'c', seat: 0}});
          put('tycoon.seq.GONE.0', 2);
          localStorage.setItem('tycoon.name', 'Ana');
        }}""")
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("body[data-ready='1']")
    kept = page.evaluate("Object.keys(localStorage).sort()")
    assert kept == ["tycoon.name", "tycoon.seat.NEW1", "tycoon.seat.UNDATED", "tycoon.seq.NEW1.1"]
    undated = page.evaluate("JSON.parse(localStorage.getItem('tycoon.seat.UNDATED'))")
    assert undated["token"] == "c" and undated["at"] > page.evaluate("Date.now()") - 60_000
    # a game opened renews its token's 30 days
    table = toy_table()
    page = new_page(init=f"""localStorage.setItem('tycoon.seat.{table.id}', JSON.stringify(
        {{token: 'tokA', seat: 0, at: Date.now() - 29 * {day}}}));""")
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".generic-table .actions button")
    at = page.evaluate(f"JSON.parse(localStorage.getItem('tycoon.seat.{table.id}')).at")
    assert at > page.evaluate("Date.now()") - 60_000


def test_the_language_chosen_last_wins_over_one_still_loading(new_page):
    """French chosen, then Spanish while the French words are still on their way: the page
    stays in Spanish when they come (it turned French, the menu still saying Español)."""
    table = toy_table()
    page = open_toy(new_page, table)
    play_first_actions(page, 2, pause=60)
    held = []
    for url in ("**/i18n/fr.json", "**/messages/fr"):
        page.route(url, lambda route: held.append(route))  # waits until let go
    page.select_option("#lang-select", "fr")
    wait_held(page, held, "the French words are on their way")
    page.select_option("#lang-select", "es")
    expect(page.locator("#log-h")).to_have_text("Lo que pasó")
    for route in held:
        route.fallback()  # lets the French words come (from the harness's files)
    page.wait_for_timeout(800)
    expect(page.locator("#log-h")).to_have_text("Lo que pasó")
    expect(page.locator("#event-log")).to_contain_text("Turno")
    assert page.evaluate("document.documentElement.lang") == "es"
    expect(page.locator("#lang-select")).to_have_value("es")


def test_unknown_game_shows_a_clear_page_and_stops_reconnecting(new_page, shot):
    page = new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    install(page, None)
    page.goto(f"{ORIGIN}/#/game/NOPE123")
    expect(page.locator("#unknown-h")).to_be_visible()
    expect(page.locator("[data-key=unknown-lobby]")).to_be_focused()
    expect(page.locator("text=reconnecting")).to_have_count(0)
    page.wait_for_timeout(1500)
    assert len(sockets) <= 1
    expect(page.get_by_role("button", name="Copy invitation link")).to_have_count(0)
    shot(page, "unknown-game-1280")


def test_lobby_form_keeps_its_set_up_across_a_language_switch(new_page):
    """The lobby is drawn again in the new language with the game, seats, bots, options, time
    limit and name being set up still chosen; another game keeps only the name and time."""
    page = new_page()
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("#create-button")
    page.select_option("#game-select", "deal")
    page.select_option("#seats-select", "3")
    page.select_option("#seat-2-kind", "hard")
    page.fill("#time-limit", "90")
    page.fill("#game-title", "Friday game")
    page.click(".options-box summary")
    page.check("[data-key=opt-discard_to-1]")
    page.fill("#opt-turn_limit", "40")
    page.select_option("#lang-select", "fr")
    expect(page.locator("#create-h")).to_have_text("Nouvelle partie")
    expect(page.locator("#game-select")).to_have_value("deal")
    expect(page.locator("#seats-select")).to_have_value("3")
    expect(page.locator("[data-seat]")).to_have_count(3)
    expect(page.locator("#seat-1-kind")).to_have_value("medium")
    expect(page.locator("#seat-2-kind")).to_have_value("hard")
    expect(page.locator("#time-limit")).to_have_value("90")
    expect(page.locator("#game-title")).to_have_value("Friday game")
    expect(page.locator(".options-box")).to_have_attribute("open", "")
    expect(page.locator("[data-key=opt-discard_to-1]")).to_be_checked()
    expect(page.locator("#opt-turn_limit")).to_have_value("40")
    page.select_option("#seats-select", "2")  # fewer seats keep the first seats' bots
    page.select_option("#seats-select", "3")
    expect(page.locator("#seat-2-kind")).to_have_value("hard")
    page.select_option("#game-select", "capital")
    expect(page.locator("[data-seat]")).to_have_count(4)
    expect(page.locator("#seat-2-kind")).to_have_value("medium")
    expect(page.locator("#game-title")).to_have_value("Friday game")
    expect(page.locator("#time-limit")).to_have_value("90")


def test_a_number_out_of_range_is_said_in_the_pages_language_and_nothing_is_sent(new_page):
    """The lobby's number fields (the seconds per decision, an option's limits from
    ``GET /api/kinds``) say what is wrong in the page's language, numbers written as it
    writes them: the browser's own message was in the browser's language (English on the
    French lobby). A form with such a field sends nothing; a right value clears it."""
    page = new_page()
    install(page, None)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("#create-button")
    page.select_option("#lang-select", "fr")
    expect(page.locator("#create-h")).to_have_text("Nouvelle partie")
    page.select_option("#game-select", "deal")
    page.click(".options-box summary")

    def said(selector: str, value: str, submit: bool = True) -> str:
        page.fill(selector, value)
        if submit:
            page.click("#create-button")
        text = page.locator(selector).evaluate("e => e.validationMessage")
        return text.replace("\u202f", " ").replace("\xa0", " ")

    assert said("#opt-turn_limit", "100001") == "Saisissez un nombre de 1 à 100 000."
    assert said("#opt-turn_limit", "0") == "Saisissez un nombre de 1 à 100 000."
    assert said("#opt-turn_limit", "2.5") == "Saisissez un nombre entier."
    assert said("#opt-turn_limit", "40", submit=False) == ""  # said as it is typed
    assert said("#time-limit", "7") == "Saisissez un multiple de 5."
    assert said("#time-limit", "4000") == "Saisissez un nombre de 5 à 3 600."
    page.select_option("#lang-select", "en")
    expect(page.locator("#create-h")).to_have_text("New game")
    assert said("#time-limit", "1") == "Enter a number from 5 to 3,600."
    assert posts == []
    assert said("#time-limit", "90", submit=False) == ""


def lobby_with_a_fake_clock(new_page) -> tuple[object, list[str]]:
    """The lobby, its first list in, on a clock the test moves; and the API paths it asks
    for from then on, in order."""
    page = new_page()
    page.clock.install()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.split("/api/", 1)[1].split("?")[0])
            if "/api/" in r.url else None)
    install(page, None)
    page.goto(f"{ORIGIN}/")
    expect(page.locator("#game-list li")).to_have_count(1)  # the first list is in
    return page, asked


def test_a_lobby_in_a_background_tab_stops_asking_the_server(new_page):
    """The lobby asks for its list of games every 5 s and its chat every 3 s only while it is
    shown; hidden (another tab), it asks nothing, and shown again it asks at once, then a
    whole period later."""
    page, asked = lobby_with_a_fake_clock(new_page)
    page.wait_for_timeout(100)
    for _ in range(10):  # a poll waits for its answer, which comes in the page's real time
        page.clock.run_for(1_000)
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)  # the requests the timers made are reported
    assert asked.count("games") >= 2 and asked.count("lobby/chat") >= 3, asked
    visibility = """(hidden) => {
        Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
        document.dispatchEvent(new Event("visibilitychange")); }"""
    page.evaluate(visibility, True)
    asked.clear()
    # 30 s in the background, and the clock stops there: from now on only the test moves it
    page.clock.pause_at(page.evaluate("Date.now()") + 30_000)
    page.clock.run_for(1_500)  # shown again between two of the old rhythm's beats
    page.wait_for_timeout(300)
    assert asked == []
    page.evaluate(visibility, False)
    page.wait_for_timeout(200)
    assert asked.count("games") == 1 and asked.count("lobby/chat") == 1, asked
    # the next asks come a whole period after those (the old rhythm asked again within it)
    page.clock.run_for(2_900)
    page.wait_for_timeout(300)
    assert asked.count("games") == 1 and asked.count("lobby/chat") == 1, asked
    page.clock.run_for(200)
    page.wait_for_timeout(300)
    assert asked.count("games") == 1 and asked.count("lobby/chat") == 2, asked


def test_a_lobby_waits_for_its_answers_before_it_asks_again(new_page):
    """An overloaded server that takes long to answer is not asked again meanwhile: the
    lobby's list and chat each wait for their answer (every 5 s and 3 s, they piled up), and
    the answer to a list asked before a newer one is not drawn over it."""
    page, asked = lobby_with_a_fake_clock(new_page)
    held = []
    answer = []  # the list the server gives at once, when there is one

    def games(route):
        if answer:
            route.fulfill(json=answer)
        else:
            held.append(route)  # an answer that does not come

    page.route("**/api/games", games)
    page.route("**/api/lobby/chat*", lambda route: held.append(route))
    page.wait_for_timeout(100)
    asked.clear()
    page.clock.run_for(31_000)
    page.wait_for_timeout(300)  # the requests the timers made are reported
    assert asked.count("games") == 1 and asked.count("lobby/chat") == 1, asked
    # the list asked by the poll comes after the one asked by the button, and is not drawn
    late = [r for r in held if r.request.url.endswith("/api/games")]
    pause_clock(page)  # no more polls: only the answers below draw the list
    answer.append(listed(2, "deal", "open"))
    page.click("#refresh-games")
    expect(page.locator("#game-list li[data-game=G002]")).to_have_count(1)
    with page.expect_response("**/api/games"):
        late[0].fulfill(json=[listed(1, "deal", "open")])
    page.wait_for_timeout(500)
    shown = "[...document.querySelectorAll('#game-list li')].map((li) => li.dataset.game)"
    assert page.evaluate(shown) == ["G002"]


def listed(n: int, game: str, status: str) -> dict:
    """A game of the lobby's list, as ``GET /api/games`` gives it."""
    free = [1] if status == "open" else []
    return {"id": f"G{n:03d}", "game": game, "name": f"Table {n}", "status": status,
            "seats": 2, "free_seats": free, "created": float(n),
            "players": [{"seat": 0, "kind": "human", "name": "Ana", "taken": True},
                        {"seat": 1, "kind": "human", "name": None, "taken": status != "open"}]}


def test_long_names_without_spaces_fit_a_phone_in_the_lobby(new_page):
    """A game named with 80 letters and no space, a player with 40: each breaks inside its
    row (the list widened the page to 1,225 px on a 360 px phone)."""
    game = listed(1, "deal", "open")
    game["name"] = "W" * 80
    game["players"][0]["name"] = "Maximiliano" * 3 + "Wolfes"
    page = new_page(360, 740)
    install(page, None)
    page.route(f"{ORIGIN}/api/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps([game])))
    page.goto(f"{ORIGIN}/")
    expect(page.locator("#game-list li[data-game=G001]")).to_contain_text("W" * 80)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("lang", ["en", "pt", "es", "fr"])
def test_each_seats_label_is_one_line_and_the_menus_line_up_on_a_tablet(new_page, lang):
    """An upright tablet (820 px): "Puesto A" broke over two lines in a column 4rem wide
    (the seats' menus then sat lower than their labels); the labels take the width of the
    widest and every menu starts at the same x."""
    page = new_page(820, 1180, init=f"localStorage.setItem('tycoon.lang', '{lang}')")
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.select_option("#seats-select", "4")
    labels = page.locator(".seat-rows .seat-no")
    expect(labels).to_have_count(4)
    line = labels.first.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    for label in labels.all():
        assert label.bounding_box()["height"] <= line + 1, label.inner_text()
    starts = {round(page.locator(f"#seat-{i}-kind").bounding_box()["x"]) for i in range(4)}
    assert len(starts) == 1, starts


def test_the_lobby_folds_finished_games_filters_by_game_and_redraws_only_changes(new_page):
    """A busy server lists dozens of finished games, which pushed the rules and the chat far
    below: they are folded under "N finished games", a filter shows one game's tables, a
    polite status counts the games waiting and in play, and a poll that brings the same list
    leaves it alone (a screen reader does not hear it again every 5 s)."""
    games = ([listed(1, "capital", "open"), listed(2, "deal", "open"),
              listed(3, "capital", "playing")]
             + [listed(10 + i, "deal" if i % 2 else "capital", "finished") for i in range(7)])
    page = new_page()
    page.clock.install()
    install(page, None)
    page.route(f"{ORIGIN}/api/games", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(games)))
    page.goto(f"{ORIGIN}/")
    rows = page.locator("#game-list li")
    counts = page.locator(".list-summary[role=status]")
    expect(rows).to_have_count(3)
    expect(counts).to_have_text("2 games waiting for players · 1 in play")
    fold = page.locator("#finished-games")
    expect(fold.locator("summary")).to_have_text("7 finished games")
    expect(page.locator("#finished-list li").first).to_be_hidden()
    expect(page.locator("[data-key=replay-G010]")).to_be_hidden()
    fold.locator("summary").click()
    expect(page.locator("[data-key=replay-G010]")).to_be_visible()
    # the same answer again: the rows are the same nodes
    page.evaluate("document.querySelector('#game-list li').dataset.seen = '1'")
    page.clock.run_for(6_000)
    page.wait_for_timeout(200)
    assert page.evaluate("document.querySelector('#game-list li').dataset.seen") == "1"
    # a new game comes in at the next poll
    games.insert(0, listed(4, "deal", "open"))
    page.clock.run_for(6_000)
    expect(rows).to_have_count(4)
    expect(counts).to_have_text("3 games waiting for players · 1 in play")
    # one game's tables only
    page.select_option("#game-filter", "deal")
    expect(rows).to_have_count(2)
    expect(counts).to_have_text("2 games waiting for players · 0 in play")
    expect(fold.locator("summary")).to_have_text("3 finished games")
    # another language keeps the filter and the unfolded list
    page.select_option("#lang-select", "pt")
    expect(counts).to_have_text("2 partidas aguardando jogadores · 0 em andamento")
    expect(page.locator("#game-filter")).to_have_value("deal")
    expect(fold).to_have_attribute("open", "")
    expect(fold.locator("summary")).to_have_text("3 partidas terminadas")
    # only finished games left: the list says so, not "no games yet"
    games[:] = [g for g in games if g["status"] == "finished"]
    page.clock.run_for(6_000)
    expect(rows).to_have_text(["Nenhuma partida aguarda jogadores ou está em andamento. Crie uma!"])
    assert_clean(page, "the lobby with finished games")


def test_a_seats_session_part_chosen_while_down_goes_after_another_seats_part(new_page):
    """The generic table in an input session (the Toy's peek round, both seats at once): the
    connection breaks, the other seat's part is stored meanwhile, and the person's part, chosen
    before the page is back, still goes (a seat's part is its own, whatever the others did);
    any other action chosen on a position that moved on would be held back."""
    table = toy_table()
    for _ in range(2):  # a card each, and the peek round opens for both seats
        seat = table.state.to_move()[0]
        table.state.apply(seat, table.state.legal_actions(seat)[0])
        table.version += 1
    assert table.state.to_move() == [0, 1] and table.state.session() is not None
    page = new_page(init=seat_token_script(table.id, "tokA", 0))
    page.clock.install()
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    button = page.locator(".generic-table .actions button").first
    expect(button).to_be_visible()
    pause_clock(page)
    for ws in table.sockets[0]:
        ws.close()
    expect(page.locator(".conn")).to_have_text(re.compile("reconnecting"))
    part = table.session().bot_action(1, 0.5, 7)
    table.state.apply(1, part)  # the other seat's part, stored while the page was away
    table.version += 1
    button.click()
    page.clock.run_for(5_000)
    for _ in range(100):
        if any(s == 0 for s, _a in table.applied):
            break
        page.wait_for_timeout(50)
    assert [a["type"] for s, a in table.applied if s == 0] == ["peek"]


def test_a_second_enter_while_a_lobby_message_is_on_its_way_posts_nothing(new_page):
    """The lobby's chat posts over REST: a second Enter before the answer came posted the
    same message twice on a slow connection. One message at a time."""
    page = new_page()
    install(page, None)
    posts: list = []
    page.route(f"{ORIGIN}/api/lobby/chat", lambda route: posts.append(route)
               if route.request.method == "POST" else route.fulfill(
                   status=200, content_type="application/json", body='{"messages": []}'))
    page.goto(f"{ORIGIN}/")
    page.fill("#lobby-chat-input", "anyone for a game?")
    page.press("#lobby-chat-input", "Enter")
    page.press("#lobby-chat-input", "Enter")
    page.wait_for_timeout(300)
    assert len(posts) == 1
    posts[0].fulfill(status=200, content_type="application/json", body=json.dumps(
        {"id": 1, "from": {"seat": None, "name": "Guest"}, "text": "anyone for a game?",
         "at": 0.0}))
    expect(page.locator("#lobby-chat-list .chat-line")).to_have_count(1)
    expect(page.locator("#lobby-chat-input")).to_have_value("")


def lobby_holding_creations(new_page) -> tuple[object, list]:
    """The lobby, whose game creations (POST /api/games) are held unanswered in the list."""
    page = new_page()
    install(page, None)
    held: list = []
    page.route(f"{ORIGIN}/api/games", lambda route: held.append(route)
               if route.request.method == "POST" else route.fallback())
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("#create-button")
    return page, held


def test_a_second_click_while_a_game_is_created_or_a_seat_taken_sends_nothing(new_page):
    """Over a slow connection a second click on Create game made a second game, and a click
    on another seat while the first was being taken took that one too: the button waits for
    the answer."""
    page, held = lobby_holding_creations(new_page)
    page.click("#create-button")
    page.click("#create-button", force=True)  # disabled: nothing happens
    page.wait_for_timeout(300)
    assert len(held) == 1
    held[0].fulfill(status=400, content_type="application/json",
                    body='{"detail": "no", "code": "bad_request"}')
    expect(page.locator("#create-button")).to_be_enabled()  # answered: it can be tried again
    # the invitation's seat buttons: one seat, once
    joins: list = []
    page.route("**/api/games/TOY2/join", lambda route: joins.append(route))
    page.route("**/api/games/TOY2", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps({
            "id": "TOY2", "game": "toy", "name": "", "status": "open", "seats": 2,
            "free_seats": [0, 1], "players": [], "options": {}, "decision_seconds": 60})))
    page.goto(f"{ORIGIN}/#/game/TOY2")
    page.click("[data-key=take-seat-0]")
    page.click("[data-key=take-seat-1]", force=True)
    page.wait_for_timeout(300)
    assert len(joins) == 1


def test_a_rules_preset_shows_its_options_and_the_game_is_what_the_form_shows_C_11(new_page):
    """Choosing the Kapital preset (C-11) left the other options at the Capital preset's
    values, marked "default": the form showed "all players" for Richest in Town while the game
    would count the other players', and choosing "all players" there was not sent at all. The
    options now show the chosen preset's values, and the form sends what differs from them."""
    page, created = lobby_holding_creations(new_page)
    page.select_option("#game-select", "capital")
    page.click(".options-box summary")
    page.check("[data-key=opt-preset-1]")  # Kapital
    expect(page.locator("[data-key=opt-richest_basis-1]")).to_be_checked()
    expect(page.locator("[data-key=opt-level_up-1]")).to_be_checked()
    expect(page.locator("[data-key=opt-demolition-1]")).to_be_checked()
    expect(page.locator("#opt-richest_basis")).to_contain_text("the other players (default)")
    page.check("[data-key=opt-richest_basis-0]")  # all players, against the preset
    page.click("#create-button")
    page.wait_for_timeout(300)
    assert len(created) == 1
    assert created[0].request.post_data_json["options"] == {
        "preset": "kapital", "richest_basis": "all_players"}
    page.check("[data-key=opt-preset-0]")  # back to Capital: its own values again
    expect(page.locator("[data-key=opt-richest_basis-0]")).to_be_checked()
    expect(page.locator("[data-key=opt-level_up-0]")).to_be_checked()
