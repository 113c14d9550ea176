"""The page and idempotent actions (docs/protocol.md): an action whose ack was lost with the
connection is sent again with the same ``seq`` after reconnecting (the server applies it once:
a ``duplicate`` ack), and numbering goes on above it, also after a reload (MD-6.1 rent as the
action; the other seat is a random bot that pays, MD-5.2)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .harness import ORIGIN, Table, install, pause_clock, seat_token_script
from .test_deal_page import PASS_GO, RENT_RED_YELLOW, deal_state

HAND_B = [19, 90]  # no Just Say No: the bot can only pay


def table_vs_bot() -> Table:
    return Table("deal", deal_state(HAND_B), {"tokA": 0}, ["Ana", "Bot"])


def actions_sent(table: Table) -> list[dict]:
    return [m for m in table.received if m.get("type", "action") == "action"]


def test_action_resent_with_the_same_seq_after_a_lost_ack_MD_6_1(new_page):
    table = table_vs_bot()
    table.drop_acks = 1  # the rent is applied, then the connection breaks before its ack
    page = new_page(init=seat_token_script(table.id, "tokA", 0))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".deal-table")
    page.click(f".dhand [data-card='{RENT_RED_YELLOW}']")
    page.locator(".card-menu button", has_text=re.compile("Charge Red rent .*everyone")).click()
    for _ in range(100):  # the page reconnects (after 0.3 s) and sends the rent again
        if len(actions_sent(table)) >= 2:
            break
        page.wait_for_timeout(50)
    sent = actions_sent(table)
    assert len(sent) == 2 and sent[0] == sent[1], sent  # same seq, same action
    dup = [m for _s, m in table.sent if m["type"] == "ack"]
    assert dup == [{"type": "ack", "seq": sent[0]["seq"], "version": 1, "duplicate": True}]
    # applied once: one rent, paid by the bot; the page shows what Ana got
    assert [a["type"] for s, a in table.applied if s == 0] == ["rent"]
    paid = [a["card"] for s, a in table.applied if s == 1 and a["type"] == "pay"]
    assert paid
    for card in paid:
        expect(page.locator(f".dseat.mine [data-card='{card}']")).to_have_count(1)
    # a reload resumes numbering above it (localStorage / welcome.last_seq)
    page.reload()
    page.wait_for_selector(".deal-table")
    page.click(f".dhand [data-card='{PASS_GO}']")
    page.locator(".card-menu button").first.click()  # bank it or play it
    for _ in range(100):
        if len(actions_sent(table)) >= 3:
            break
        page.wait_for_timeout(50)
    third = actions_sent(table)[2]
    assert third["action"]["card"] == PASS_GO and third["seq"] > sent[0]["seq"]
    assert [a for s, a in table.applied if s == 0][1:] == [third["action"]]


def open_on_a_test_clock(new_page, table: Table):
    """The seat's page, whose reconnections wait for the test's clock: paused, it moves only
    when the test moves it (else a loaded machine lets the page reconnect too soon)."""
    page = new_page(init=seat_token_script(table.id, "tokA", 0))
    page.clock.install()
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".deal-table")
    pause_clock(page)
    return page


def charge_rent(page) -> None:
    page.click(f".dhand [data-card='{RENT_RED_YELLOW}']")
    page.locator(".card-menu button", has_text=re.compile("Charge Red rent .*everyone")).click()


def break_connection(page, table: Table) -> None:
    for ws in table.sockets[0]:
        ws.close()
    expect(page.locator(".conn")).to_have_text(re.compile("reconnecting"))


def stand_in_banks_a_card(table: Table) -> None:
    """What a stand-in does for the seat while its page is away: the game moves on."""
    bank = next(a for a in table.state.legal_actions(0) if a.to_json()["type"] == "bank")
    table.state.apply(0, bank)
    table.version += 1


MOVED_ON = "The game moved on while the connection was down: your choice was not sent."


def test_an_action_chosen_while_the_connection_is_down_is_sent_once_it_is_back_MD_6_1(
        new_page):
    """The connection breaks and, before the page has reconnected, the player charges rent
    (MD-6.1): the action waits and goes, once, when the page is back (it was dropped without
    a word, as if the click had missed)."""
    table = table_vs_bot()
    page = open_on_a_test_clock(new_page, table)
    break_connection(page, table)
    charge_rent(page)
    assert actions_sent(table) == []
    page.clock.run_for(5_000)  # the page reconnects
    for _ in range(100):
        if actions_sent(table):
            break
        page.wait_for_timeout(50)
    assert [m["action"]["type"] for m in actions_sent(table)] == ["rent"]
    assert [a["type"] for s, a in table.applied if s == 0] == ["rent"]


def test_an_action_chosen_while_down_is_not_sent_if_the_game_moved_on_meanwhile(new_page):
    """The connection breaks; meanwhile the seat's turn goes on without the page (a stand-in
    banks a card); the rent the player chose on the old position is not sent when the page is
    back (it could have ended up played in another position), and the page says so."""
    table = table_vs_bot()
    page = open_on_a_test_clock(new_page, table)
    break_connection(page, table)
    stand_in_banks_a_card(table)
    charge_rent(page)
    page.clock.run_for(5_000)
    expect(page.locator("#toast")).to_have_text(MOVED_ON)
    assert actions_sent(table) == [] and table.applied == []


def test_an_action_lost_on_its_way_is_not_sent_again_once_the_game_moved_on(new_page):
    """The rent is on its way when the connection breaks, and never arrives; meanwhile the
    seat's turn goes on without the page. Back, the page learns from `welcome.last_seq` that
    the rent was never applied and from the version that the game moved on: it does not send
    it again (it would have been played in another position), and says so. Had it been
    applied, it would have gone again for its `duplicate` ack (the first test)."""
    table = table_vs_bot()
    table.lose_actions = 1
    page = open_on_a_test_clock(new_page, table)
    charge_rent(page)
    expect(page.locator(".conn")).to_have_text(re.compile("reconnecting"))
    assert [m["action"]["type"] for m in table.lost] == ["rent"]
    stand_in_banks_a_card(table)
    page.clock.run_for(5_000)
    expect(page.locator("#toast")).to_have_text(MOVED_ON)
    assert actions_sent(table) == [] and table.applied == []


def test_a_connection_that_died_without_a_word_is_found_out_and_replaced(new_page):
    """A connection can die without a close (a phone that changed networks): the page would
    look connected and hear nothing. After 10 s of silence it sends a `ping`; answered, the
    connection stays; unanswered for 15 s, the page says it is reconnecting and reconnects."""
    table = table_vs_bot()
    page = open_on_a_test_clock(new_page, table)

    def wait(seconds: int) -> None:  # the test's clock, with time for the messages between
        for _ in range(seconds):
            page.clock.run_for(1_000)
            page.wait_for_timeout(20)

    wait(40)  # silence, but every ping is answered
    pings = [m for m in table.received if m.get("type") == "ping"]
    assert len(pings) >= 2 and len(table.sockets[0]) == 1
    expect(page.locator(".conn")).not_to_have_text(re.compile("reconnecting"))
    dead = table.sockets[0][0]
    dead.on_message(lambda _text: None)  # the connection hears nothing any more
    table.sockets[0].remove(dead)
    for _ in range(60):  # found out, then a new connection (its delay on the test's clock)
        if table.sockets.get(0):
            break
        wait(1)
    assert len(table.sockets[0]) == 1 and table.sockets[0][0] is not dead
    charge_rent(page)  # and it plays
    for _ in range(100):
        if actions_sent(table):
            break
        page.wait_for_timeout(50)
    assert [a["type"] for s, a in table.applied if s == 0] == ["rent"]


def test_a_game_that_is_moving_between_processes_is_not_asked_again_and_again(new_page):
    """docs/deploy.md, failover: until another process has taken over the game of a process
    that died, the process a page reaches closes its socket with 1012 at once. The page
    reconnects at once the first time (a server restart), then waits longer each time: in a
    cluster it reconnected sixty times a second for the four seconds of a takeover. Once a
    connection is welcomed, the next 1012 is answered at once again."""
    table = table_vs_bot()
    page = open_on_a_test_clock(new_page, table)
    opened: list[bool] = []  # a connection, and whether it was bounced
    bouncing = [True]

    def moving(ws) -> None:
        opened.append(bouncing[0])
        if bouncing[0]:
            ws.close(code=1012, reason="the game's server process is moving")
        else:
            table.attach(ws)

    page.route_web_socket("ws://tycoon.test/ws/games/**", moving)  # over install()'s route

    def connections_after(ms: int, steps: int) -> int:
        for _ in range(steps):
            page.clock.run_for(ms)
            page.wait_for_timeout(30)  # time for the connection and its close
        return len(opened)

    for ws in table.sockets[0]:
        ws.close(code=1012, reason="service restart")
    expect(page.locator(".conn")).to_have_text(re.compile("reconnecting"))
    assert connections_after(0, 3) == 1  # at once, the first time
    assert connections_after(100, 20) <= 5  # 2 s on the page's clock: 300 ms, doubling, at most
    bouncing[0] = False
    connections_after(500, 6)  # at most 2 s between tries after a 1012
    assert opened[-1] is False
    expect(page.locator(".conn")).not_to_have_text(re.compile("reconnecting"))
    before = len(opened)
    for ws in table.sockets[0]:
        ws.close(code=1012, reason="service restart")
    assert connections_after(0, 3) == before + 1  # welcomed since: at once again
