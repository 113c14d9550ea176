"""Chat, resign and rematch at the table (issue 12), one seat in two tabs, and one action at a
time, with the protocol stand of ``harness`` (the same messages as docs/protocol.md; the real
server's are in test_server_table.py), on the Toy game: the page names no game for any of
them."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tycoon.engine import get_game

from .harness import ORIGIN, Table, install
from .test_generic_page import open_toy, play_first_actions, toy_table

HOSTILE = '<img src=x onerror="window.pwned=1"><b>hi</b>'


def test_chat_shows_a_hostile_message_as_text(new_page):
    table = toy_table()
    table.names[0] = '<script>window.pwned=2</script>Ana'
    page = open_toy(new_page, table)
    page.fill("#chat-input", HOSTILE)
    page.press("#chat-input", "Enter")
    expect(page.locator(".chat-line .chat-text")).to_have_text(HOSTILE)
    page.click("[data-key=chat-react-4]")
    expect(page.locator(".chat-line.reaction")).to_have_count(1)
    assert page.evaluate("window.pwned === undefined")
    assert page.locator(".chat-panel img, .chat-panel b, .chat-panel script").count() == 0
    expect(page.locator("#chat-input")).to_have_value("")
    assert {m.get("text") or m.get("reaction") for m in table.received if m["type"] == "chat"} \
        == {HOSTILE, "🎉"}
    assert all("seq" not in m for m in table.received if m["type"] == "chat")


def test_a_chat_line_in_arabic_reads_right_to_left_apart_from_the_line(new_page):
    """A message in a right-to-left script takes its own direction: its "!" ends it on its
    left (it was laid out left to right with the line, the "!" on the right), and the name
    stays whole before the colon, "(A)" after it as everywhere on the page."""
    table = toy_table()
    table.names[0] = "سارة 2"
    page = open_toy(new_page, table)
    page.fill("#chat-input", "مرحبا!")
    page.press("#chat-input", "Enter")
    expect(page.locator(".chat-line .chat-text")).to_have_text("مرحبا!")
    x = page.evaluate("""() => {
        const at = (node, i) => {  // the left edge of character i of a text node
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            return r.getBoundingClientRect().left;
        };
        const text = document.querySelector(".chat-line .chat-text").firstChild;
        const from = document.querySelector(".chat-line .chat-from").firstChild;
        const colon = from.parentNode.nextSibling;
        return {bang: at(text, 5), first: at(text, 0), two: at(from, 5), colon: at(colon, 0),
                name: at(from, 0)};
    }""")
    assert x["bang"] < x["first"]  # "!" is the last character: on the left in Arabic
    assert x["two"] < x["name"] < x["colon"]  # "2" left of "سارة", both before the colon


def test_a_name_with_direction_controls_reverses_no_sentence(new_page):
    """A name holding an explicit override ("\u202eAna": stored before the server refused
    them, or in a record file) made every sentence with it read backwards from there ("Turn 2:
    syalp (A) anA"). The page shows names without those controls: in the log, the players'
    panels and the chat."""
    table = toy_table()
    table.names[0] = "\u202eAna\u2066"
    page = open_toy(new_page, table)
    play_first_actions(page, 2)
    page.fill("#chat-input", "hi")
    page.press("#chat-input", "Enter")
    expect(page.locator(".chat-line .chat-from")).to_have_text("Ana (A)")
    expect(page.locator("#event-log")).to_contain_text("Ana (A)")
    controls = page.evaluate(r"""() => {
        const out = [];
        const main = document.querySelector("main");
        const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) if (/[\u202a-\u202e\u2066-\u2069]/.test(walk.currentNode.data))
            out.push(walk.currentNode.data);
        return out;
    }""")
    assert controls == []


def test_resign_asks_first_then_watches(new_page):
    table = toy_table()
    page = open_toy(new_page, table)
    page.click("[data-key=resign]")
    page.click("[data-key=resign-no]")  # changed their mind: nothing sent
    expect(page.locator("[data-key=resign]")).to_be_focused()
    assert not [m for m in table.received if m["type"] == "resign"]
    page.click("[data-key=resign]")
    page.click("[data-key=resign-yes]")
    expect(page.locator(".topbar-slot")).to_contain_text("watching")
    expect(page.locator("[data-key=resign]")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('tycoon.seat.TOY1')") is None
    # the seat is still Ana's by name (a bot plays it): it was renamed "Random bot (A)", in
    # the log's past lines too and in the notice that Ana had left
    expect(page.locator("#event-log")).to_contain_text("Ana (A)")
    expect(page.locator("#event-log")).not_to_contain_text("Random bot (A)")


def test_rematch_opens_the_new_game_with_the_same_seat(new_page, shot):
    table = toy_table()
    page = open_toy(new_page, table)
    play_first_actions(page, 40)
    expect(page.locator("[data-key=end-rematch]")).to_be_visible()
    expect(page.locator("[data-key=end-replay]")).to_have_attribute("href", "#/replay/TOY1")
    page.click("[data-key=end-rematch]")
    page.wait_for_url("**/#/game/TOY1R")
    page.wait_for_selector(".generic-table")
    expect(page.locator(".topbar-slot")).to_contain_text("seat A")
    assert page.evaluate("JSON.parse(localStorage.getItem('tycoon.seat.TOY1R')).seat") == 0


def test_a_spectator_is_offered_to_watch_the_rematch_not_to_join_it(new_page):
    """A spectator cannot accept a rematch: its end screen shows no Rematch button (a disabled
    one stood there), and once a player accepts one it offers to watch the new game."""
    table = toy_table()
    page = open_toy(new_page, table)
    watcher = new_page()
    install(watcher, table)
    watcher.goto(f"{ORIGIN}/#/game/{table.id}/watch")
    watcher.wait_for_selector(".generic-table")
    play_first_actions(page, 40)
    expect(watcher.locator(".victory-screen")).to_be_visible()
    expect(watcher.locator("[data-key=end-rematch]")).to_have_count(0)
    expect(watcher.locator("[data-key=end-watch-rematch]")).to_have_count(0)
    page.click("[data-key=end-rematch]")
    watch = watcher.locator("[data-key=end-watch-rematch]")
    expect(watch).to_have_attribute("href", "#/game/TOY1R/watch")
    watch.click()
    watcher.wait_for_url("**/#/game/TOY1R/watch")
    expect(watcher.locator(".topbar-slot")).to_contain_text("watching")


WATCH_CHAT = """() => {
    window.chatChanges = [];
    const lines = (nodes) => [...nodes].filter((n) => n.classList?.contains("chat-line")).length;
    new MutationObserver((records) => {
        for (const r of records) {
            window.chatChanges.push({added: lines(r.addedNodes), removed: lines(r.removedNodes),
                                     live: r.target.getAttribute("aria-live")});
        }
    }).observe(document.getElementById("chat-list"), { childList: true });
}"""


def test_a_screen_reader_hears_each_new_chat_line_once(new_page):
    """The chat list is a polite live region: a new message appends its own line (the list
    was drawn again, so every line was read out again at each message), a reconnection that
    brings the same chat changes nothing, and another language draws the lines again with
    the region muted meanwhile."""
    table = toy_table()
    page = open_toy(new_page, table)
    page.evaluate(WATCH_CHAT)
    for text in ("hello", "good luck", "thanks"):
        page.fill("#chat-input", text)
        page.press("#chat-input", "Enter")
        expect(page.locator(".chat-line").last).to_contain_text(text)
    changes = page.evaluate("window.chatChanges")
    assert [c["added"] for c in changes if c["added"]] == [1, 1, 1], changes
    assert all(c["removed"] == 0 and c["live"] == "polite" for c in changes), changes
    page.evaluate("window.chatChanges = []")
    before = list(table.sockets[0])
    for ws in before:
        ws.close()
    expect(page.locator(".conn")).to_have_text(re.compile("reconnecting"))
    page.wait_for_function("() => document.querySelector('.conn').textContent === ''"
                           " || !/reconnecting/.test(document.querySelector('.conn').textContent)")
    for _ in range(50):
        if any(ws not in before for ws in table.sockets[0]):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the page did not connect again")
    page.wait_for_timeout(300)
    assert page.evaluate("window.chatChanges") == []
    page.select_option("#lang-select", "fr")
    expect(page.locator("#chat-h")).to_have_text("Discussion")
    changes = page.evaluate("window.chatChanges")
    assert changes and all(c["live"] == "off" for c in changes), changes
    expect(page.locator("#chat-list")).to_have_attribute("aria-live", "polite")
    expect(page.locator(".chat-line")).to_have_count(3)


def test_two_tabs_of_one_seat_both_play(new_page):
    """The same seat open in two tabs of one browser (the lobby's Resume in another tab): an
    action chosen in either goes. Each tab numbered its actions alone, so the second tab's
    came with a `seq` the first had used, and the server refused every one (`seq_reused`)."""
    table = toy_table()
    page = open_toy(new_page, table)
    other = page.context.new_page()
    install(other, table)
    other.goto(f"{ORIGIN}/#/game/{table.id}")
    mine = lambda: [a for s, a in table.applied if s == 0]  # noqa: E731
    for tab, n in ((page, 1), (other, 2), (page, 3)):
        button = tab.locator(".generic-table .actions button").first
        expect(button).to_be_enabled()
        button.click()
        for _ in range(50):
            if len(mine()) == n:
                break
            tab.wait_for_timeout(50)
        assert len(mine()) == n, (n, table.received)
    seqs = [m["seq"] for m in table.received if m.get("type", "action") == "action"]
    assert seqs == sorted(set(seqs)), seqs


def test_a_second_click_while_an_action_is_on_its_way_sends_nothing(new_page):
    """On a slow connection the page still shows the position the first click was chosen in:
    a second click (a double click on End your turn) was sent too, refused, and the player
    read "It is not your turn." Until the answer comes, and the update of the position it
    made (just after the ack), the page sends no other action."""
    state = get_game("toy").new_game(2, seed=3, round_every=0, turn_limit=8)  # no peek rounds
    table = Table("toy", state, {"tokA": 0}, ["Ana", "Bot"], game_id="TOY1")
    page = open_toy(new_page, table)
    table.hold_actions = True
    button = page.locator(".generic-table .actions button").first
    button.click()
    button.click()
    page.keyboard.press("Enter")  # the focused button again, by the keyboard
    page.wait_for_timeout(300)
    assert len(table.held) == 1, table.held
    table.release_actions()
    expect(page.locator(".generic-table .actions button").first).to_be_enabled()
    page.wait_for_timeout(200)
    assert len([a for s, a in table.applied if s == 0]) == 1
    expect(page.locator(".toast")).to_have_count(0)
    # answered, but the position it made not shown yet (its update comes just after the ack)
    table.hold_updates = True
    button = page.locator(".generic-table .actions button").first
    button.click()
    for _ in range(50):
        if len([a for s, a in table.applied if s == 0]) == 2:
            break
        page.wait_for_timeout(50)
    page.wait_for_timeout(200)  # the ack is in
    button.click()
    page.wait_for_timeout(300)
    assert len([m for m in table.received if m.get("type", "action") == "action"]) == 2
    table.release_updates()
    expect(page.locator(".toast")).to_have_count(0)
    # the next position's actions go as before
    page.locator(".generic-table .actions button").first.click()
    for _ in range(50):
        if len([a for s, a in table.applied if s == 0]) == 3:
            break
        page.wait_for_timeout(50)
    assert len([a for s, a in table.applied if s == 0]) == 3
