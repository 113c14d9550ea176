"""The four minigame screens (C-9) against the engine's contents, inputs and scorer.

The page plays with the contents of the seat's view, records the inputs with their times and
sends them after 30 s (the test moves the page's clock forward). The engine scores what the
page sent (docs/minigames.md); the screen must have shown exactly that score. Memory's view has
no face: the page sends each click as a ``session_input`` of the minigame's input session and
the server answers what is face up (docs/protocol.md).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tycoon.capital import from_json, landing
from tycoon.capital.minigames import score
from tycoon.engine.messages import number

from .harness import ORIGIN, Table, install, pause_clock, seat_token_script
from .texts import low_contrast

NAMES = ["Ana", "Bruno", "Carla", "Davi"]


def minigame_table(game: str) -> Table:
    data = {"seats": [{"seat": 0, "square": 13}, {"seat": 1}, {"seat": 2}, {"seat": 3}],
            "current": 0, "phase": "minigame", "move": {"landed": 13},
            "minigame": {"game": game, "seeds": [11, 12, 13, 14],
                         "scores": [None, None, None, None]}}
    return Table("capital", from_json(data), {"tok0": 0}, NAMES, seed=3)


def open_minigame(new_page, table: Table, lang: str = "en"):
    page = new_page(init=seat_token_script(table.id, "tok0", 0))
    page.clock.install()
    install(page, table)
    page.goto(f"{ORIGIN}/?lang={lang}#/game/{table.id}")
    page.wait_for_selector(".minigame .mg-area")
    return page


def finish(page, table: Table) -> tuple[list[dict], int]:
    """Let the 30 s run out; return the inputs the page sent and the points it showed."""
    page.clock.fast_forward(31_000)
    expect(page.locator(".mg-results")).to_be_visible()
    assert low_contrast(page) == []  # the points in green or red, on the dialog's white
    rows = page.locator(".mg-results li").evaluate_all(
        "lis => lis.map((li) => [li.value, li.textContent.split(' — ')[1]])")
    points = [int(re.search(r"-?\d+", text).group()) for _, text in rows]
    # each number is a place: equal points share one (1, 2, 2, 4)
    assert [place for place, _ in rows] == [1 + sum(q > p for q in points) for p in points]
    sent = [m["action"] for m in table.received if m.get("action", {}).get("type") == "minigame"]
    assert len(sent) == 1, "the page sends its inputs once"
    shown = int(re.search(r"-?\d+", page.locator(".mg-results li[data-seat='0']").inner_text()
                          .split("—")[1]).group())
    return sent[0]["inputs"], shown


def contents(table: Table) -> dict:
    """Seat 0's whole contents (for Memory, more than its view holds)."""
    return landing.contents(table.state, 0)


@pytest.mark.parametrize("game", ["change_money", "memory", "find_key", "catch_coins"])
def test_minigame_screen_C_9(new_page, shot, game):
    """C-9.1-C-9.4 at the easy level of the player whose turn it is (C-4.4.2)."""
    table = minigame_table(game)
    c = contents(table)
    assert c["level"] == "easy"
    page = open_minigame(new_page, table)
    shot(page, f"minigame_{game}_1")
    expected = None
    if game == "change_money":
        for k in range(3):  # three sums solved with their one banknote: +25 each
            s = c["sums"][k]
            page.click(f"button.note[data-note='{s['c'] - s['a']}']")
        gap = c["sums"][3]["c"] - c["sums"][3]["a"]
        too_much = min(n for n in c["notes"] if n > gap) if gap < 100 else None
        if too_much:
            page.click(f"button.note[data-note='{too_much}']")  # an error: -50
        expected = 75 - (50 if too_much else 0)
    elif game == "memory":
        faces = c["boards"][0]
        first = [i for i, f in enumerate(faces) if f == faces[0]]
        other = next(i for i, f in enumerate(faces) if f != faces[0])
        never_clicked = [i for i in range(14) if i not in (first[0], first[1], other)]
        page_had_no_face(table, clicked=set())  # before the first click: not one face
        page.click(f"button.mem-cell[data-cell='{first[0]}']")
        expect(page.locator("button.mem-cell.up")).to_have_count(1)
        expect(page.locator(f"button.mem-cell[data-cell='{first[0]}']")).to_have_text(
            f"${faces[first[0]]:,}")
        page.click(f"button.mem-cell[data-cell='{other}']")  # a miss
        expect(page.locator("button.mem-cell.up")).to_have_count(2)
        page.click(f"button.mem-cell[data-cell='{first[0]}']")
        expect(page.locator("button.mem-cell.up")).to_have_count(1)
        page.locator(f"button.mem-cell[data-cell='{first[1]}']").focus()
        page.keyboard.press("Enter")  # a pair by the keyboard: +60
        expect(page.locator("button.mem-cell.matched")).to_have_count(2)
        expected = 60
        clicks = [m["input"]["cell"] for m in table.received
                  if m.get("type") == "session_input"]
        assert clicks == [first[0], other, first[0], first[1]]
        page_had_no_face(table, clicked={first[0], first[1], other})
        for i in never_clicked:
            expect(page.locator(f"button.mem-cell[data-cell='{i}']")).to_have_text("")
    elif game == "find_key":
        for k in range(3):
            page.click(f"button.fk-key[data-index='{c['rounds'][k]['answer']}']")
        expected = 3 * c["points"]
    else:
        canvas = page.locator("canvas.cc-canvas")
        box = canvas.bounding_box()
        for k in range(12):
            x = box["x"] + box["width"] * (0.1 + 0.07 * k)
            page.mouse.move(x, box["y"] + box["height"] / 2)
            page.clock.run_for(700)
        page.keyboard.down("ArrowLeft")
        page.clock.run_for(500)
        page.keyboard.up("ArrowLeft")
    expect(page.locator(".mg-score")).not_to_have_text("")
    shot(page, f"minigame_{game}_2")
    inputs, shown = finish(page, table)
    if game == "memory":  # the final action carries exactly the clicks the server revealed
        revealed = [m["input"] for m in table.received if m.get("type") == "session_input"]
        assert inputs == revealed and len(inputs) == 4
    engine = score(game, "easy", c, inputs)
    assert shown == engine, "the screen shows the score the engine computes from its inputs"
    if expected is not None:
        assert engine == expected
    assert table.state.phase != "minigame"  # every seat has played: the game goes on
    shot(page, f"minigame_{game}_3_scores")
    # closed by a click and no update follows: the focus stays on a control
    page.click("[data-key=mgr-close]")
    expect(page.locator(".mg-results")).to_have_count(0)
    assert page.evaluate("document.activeElement !== document.body")


def page_had_no_face(table: Table, clicked: set[int]) -> None:
    """C-9.3: every message the page got kept Memory's faces hidden, except the cards it
    clicked: the view's contents hold no list (no board), and each ``session_progress``
    shows faces of clicked cells only."""
    for seat, msg in table.sent:
        assert seat == 0
        if msg["type"] == "update" and msg["view"].get("minigame"):
            layout = msg["view"]["minigame"]["contents"]
            assert layout["faces"] == "hidden", layout
            assert all(not isinstance(v, list | dict) for v in layout.values())
            if msg["view"]["phase"] == "minigame":
                assert [x["action"] for x in msg["legal"]] == [{"type": "minigame", "inputs": []}]
        if msg["type"] == "session_progress":
            up = {i for i, f in enumerate(msg["progress"]["cells"]) if f is not None}
            assert up <= clicked, (up, clicked)
    boards = landing.contents(table.state, 0)["boards"]
    text = "\n".join(json.dumps(m) for _, m in table.sent)
    for board in boards:
        assert json.dumps(board[:4])[1:-1] not in text


@pytest.mark.parametrize("game", ["find_key", "memory"])
def test_hard_level_for_the_other_players_C_4_4_2(new_page, shot, game):
    """C-4.4.2: a player whose turn it is not plays the hard level (9 small, flipped keys;
    14 pairs)."""
    table = minigame_table(game)
    table.humans = {"tok1": 1}
    c = table.state.view(1)["minigame"]["contents"]
    assert c["level"] == "hard"
    page = new_page(init=seat_token_script(table.id, "tok1", 1))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".minigame .mg-area")
    expect(page.locator(".mg-head .badge")).to_have_text("hard")
    if game == "find_key":
        expect(page.locator("button.fk-key")).to_have_count(9)
    else:
        expect(page.locator("button.mem-cell")).to_have_count(28)
    shot(page, f"minigame_{game}_hard")


def test_memory_page_resumes_from_the_servers_clicks_C_9_3(new_page):
    """C-9.3: a page (re)loaded mid-Memory gets its clicks so far from the server
    (``session_progress`` with ``inputs``), shows the pair already found and goes on from them;
    its final action carries the old clicks and the new ones."""
    table = minigame_table("memory")
    c = contents(table)
    faces = c["boards"][0]
    mate = faces.index(faces[0], 1)
    # played before the reload: the clicks the server has checked for this seat
    table.inputs[(table.state.session().id, 0)] = [{"t": 5000, "cell": 0},
                                                    {"t": 6000, "cell": mate}]
    page = open_minigame(new_page, table)
    expect(page.locator("button.mem-cell.matched")).to_have_count(2)
    expect(page.locator(".mg-score")).to_contain_text("60")
    expect(page.locator("button.mem-cell[data-cell='0']")).to_be_disabled()
    second = next(i for i in range(1, 14) if i != mate)
    twin = next(i for i in range(14) if i != second and faces[i] == faces[second])
    page.click(f"button.mem-cell[data-cell='{second}']")
    page.click(f"button.mem-cell[data-cell='{twin}']")
    expect(page.locator("button.mem-cell.matched")).to_have_count(4)
    inputs, shown = finish(page, table)
    assert [i["cell"] for i in inputs] == [0, mate, second, twin]
    assert inputs[2]["t"] >= 6000  # the page's clock went on from the server's clicks
    assert shown == score("memory", "easy", c, inputs) == 120


def test_minigame_amounts_are_written_as_the_language_writes_money_C_9(new_page):
    """C-9.1, C-9.3: Change Money's notes and sum and Memory's faces are money in the page's
    language, as the rest of the table writes it: "5 $" in French (they read "$5" in every
    language, beside balances of "500 $")."""
    page = open_minigame(new_page, minigame_table("change_money"), "fr")
    expect(page.locator("button[data-note='5']")).to_have_text("5 $")
    expect(page.locator(".cm-c")).to_have_text(re.compile(r"^\d+ \$$"))
    page.click("button[data-note='1']")
    expect(page.locator(".cm-gap")).to_have_text("1 $")
    memory = minigame_table("memory")
    page = open_minigame(new_page, memory, "fr")
    page.click("button.mem-cell[data-cell='0']")
    face = contents(memory)["boards"][0][0]
    expect(page.locator("button.mem-cell.up .mem-face")).to_have_text(f"{number('fr', face)} $")
    # the card just turned cannot be clicked again, and is not dimmed as disabled controls
    # are: its face is what the player must remember
    turned = page.locator("button.mem-cell[data-cell='0']")
    expect(turned).to_be_disabled()
    expect(turned).to_have_css("opacity", "1")


def test_a_minigame_the_server_sent_for_the_seat_claims_no_points_and_stops_its_clock_C_9(
        new_page):
    """C-9: when the server plays the seat's part (its deadline, or the seat was away and came
    back), the page neither claims the points it counted itself nor counts down any more; the
    side panel waits for the others, not for its own seat."""
    table = minigame_table("change_money")
    page = open_minigame(new_page, table)
    page.locator(".mg-area button").first.click()  # one bill: the page's own count moves
    session = table.state.session()
    events = table.state.apply(0, session.silent(0, []))  # the server's: nothing sent in time
    table.version += 1
    table.broadcast(events)
    expect(page.locator("[data-key=mg-done]")).to_have_text("Your part of the minigame is in.")
    expect(page.locator(".mg-area")).to_contain_text("Waiting for the other players…")
    expect(page.locator(".mg-clock")).to_have_text("")
    expect(page.locator("#prompt")).to_contain_text("Waiting for the other players…")


def test_the_window_where_the_seat_played_is_the_one_that_counts_C_9(new_page):
    """C-9: a seat open in two windows plays the minigame in one; the other, where nothing was
    played, lets the first send its inputs (its own empty part waits 1.5 s more), so the seat
    scores what it played whichever window's clock runs out first."""
    table = minigame_table("change_money")
    played = open_minigame(new_page, table)
    idle = open_minigame(new_page, table)
    pause_clock(idle)  # its clock moves only as the test moves it
    played.locator(".mg-area button").first.click()
    idle.clock.fast_forward(26_000)
    while idle.locator(".mg-clock").inner_text() != "0 s":  # the idle window's 30 s are up first
        idle.clock.run_for(100)
    played.clock.fast_forward(31_000)
    expect(played.locator(".mg-results")).to_be_visible()
    expect(idle.locator(".mg-results")).to_be_visible()
    idle.clock.fast_forward(2_000)
    sent = [m["action"] for m in table.received if m.get("action", {}).get("type") == "minigame"]
    assert [len(action["inputs"]) for action in sent] == [1]


def test_a_page_opened_late_sends_before_the_servers_deadline_C_9(new_page):
    """C-9: a page (re)opened with 10 s left on the seat's session clock (``deadlines``, kind
    ``session``) shows those seconds, not a whole minigame, and sends its inputs before the
    server plays its part for it."""
    table = minigame_table("change_money")
    update = table.update

    def late(seat, events):
        msg = update(seat, events)
        msg["deadlines"] = [{"seat": s, "at": 0, "seconds": 10, "kind": "session"}
                            for s in range(4)]
        return msg

    table.update = late
    page = open_minigame(new_page, table)
    expect(page.locator(".mg-clock")).to_have_text(re.compile(r"^(10|9) s$"))
    page.locator(".mg-area button").first.click()
    page.clock.fast_forward(9_500)
    expect(page.locator(".mg-results")).to_be_visible()  # sent, and the bots' parts followed
    sent = [m["action"] for m in table.received if m.get("action", {}).get("type") == "minigame"]
    assert len(sent) == 1 and len(sent[0]["inputs"]) == 1


@pytest.mark.parametrize(("seat", "width"), [(0, 390), (1, 390), (1, 320)])
@pytest.mark.parametrize("game", ["change_money", "memory", "find_key", "catch_coins"])
def test_minigame_fits_a_phone_C_9(new_page, shot, game, seat, width):
    """C-9 on a 390×844 phone, at the easy level (seat 0, whose turn it is) and the hard one
    (seat 1), and at the hard one on a 320 px phone: the dialog does not scroll sideways and
    no key, note, card or canvas is cut off at its edges (Find the Key's three columns of keys
    were wider than the screen)."""
    table = minigame_table(game)
    table.humans = {f"tok{seat}": seat}
    page = new_page(width, 844, init=seat_token_script(table.id, f"tok{seat}", seat))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".minigame .mg-area")
    page.wait_for_timeout(200)
    box = page.locator(".overlay-box")
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), "the dialog scrolls sideways"
    outside = box.evaluate("""b => {
        const r = b.getBoundingClientRect();
        return [...b.querySelectorAll('.mg-area button, .mg-area canvas, .mg-area svg')]
            .map((e) => e.getBoundingClientRect())
            .filter((c) => c.left < r.left - 1 || c.right > r.right + 1)
            .map((c) => [Math.round(c.left), Math.round(c.right)]);
    }""")
    assert outside == [], f"cut off at the dialog's edges {box.bounding_box()}: {outside}"
    # nor do two of them overlap (Memory's cells were wider than their columns)
    overlaps = box.evaluate("""b => {
        const r = [...b.querySelectorAll('.mg-area button')].map((e) => e.getBoundingClientRect());
        return r.flatMap((a, i) => r.slice(i + 1).filter((c) => a.left < c.right - 1
            && c.left < a.right - 1 && a.top < c.bottom - 1 && c.top < a.bottom - 1)).length;
    }""")
    assert overlaps == 0, f"{overlaps} overlapping controls"
    if game == "memory":  # a face shown whole in its narrow cell, even the widest one
        page.click("button.mem-cell[data-cell='0']")
        face = page.locator("button.mem-cell.up .mem-face")
        expect(face).to_have_count(1)
        # the widest as English and French write it (a comma or a space: 0.4 of a digit)
        for text, length in (("$50,000", 6.4), ("50\u202f000 $", 6.8)):
            face.evaluate("(e, [text, length]) => { e.textContent = text; "
                          "e.style.setProperty('--len', length); }", [text, length])
            assert face.evaluate("e => e.getBoundingClientRect().width <= "
                                 "e.parentElement.clientWidth"), "the banknote's amount is cut"
            # 14 px on a 390 px phone; on a 320 px one the widest of all, $50,000, gets 12
            least = 14 if width == 390 else 12
            assert float(face.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= least
        # a phone turns the rows of seven into columns of seven: cells a thumb wide and high
        cell = page.locator("button.mem-cell[data-cell='1']").bounding_box()
        assert cell["width"] >= 60 and cell["height"] >= 44, cell
    shot(page, f"minigame_{game}_phone{width}_seat{seat}")


def test_change_money_keeps_its_bills_in_view_however_many_are_paid_C_9_1(new_page):
    """C-9.1 on a 320×640 phone, at the hard level: a sum paid in many small bills ("$69 +
    $10 + $10 + ...") shrinks as it grows, so the row of bills under it stays on the screen
    (eleven bills took six lines at full size and pushed three bills below the dialog)."""
    table = minigame_table("change_money")
    table.humans = {"tok1": 1}
    page = new_page(320, 640, init=seat_token_script(table.id, "tok1", 1))
    page.clock.install()
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".minigame .mg-area")
    first, second = landing.contents(table.state, 1)["sums"][:2]
    page.click(f"button.note[data-note='{first['c'] - first['a']}']")  # solved with one bill
    tens = (second["c"] - second["a"] - 1) // 10  # short of the sum, so it stays open
    assert tens > 6
    for paid in range(1, tens + 1):
        page.click("button.note[data-note='10']")
        expect(page.locator(".cm-sum")).to_have_attribute(
            "data-size", "s" if paid > 6 else "m" if paid > 3 else "")
        for note in page.locator("button.note").all():
            expect(note).to_be_in_viewport(ratio=1)
    expect(page.locator(".cm-gap")).to_have_text(" + ".join(["$10"] * tens))
    height = page.locator(".cm-sum").evaluate(
        "e => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)")
    assert height < 4.5, f"the sum takes {height:.1f} lines"


def test_a_minigame_part_finished_while_the_connection_is_down_is_sent_when_it_is_back_C_9(
        new_page):
    """C-9: the 30 s run out while the connection is down, and another seat's part is stored
    meanwhile; once the page is back its inputs go all the same (another seat's part changes
    nothing of them), where an action chosen on a position that moved on is held back."""
    table = minigame_table("change_money")
    page = open_minigame(new_page, table)
    c = contents(table)
    page.click(f"button.note[data-note='{c['sums'][0]['c'] - c['sums'][0]['a']}']")
    for ws in table.sockets[0]:
        ws.close()
    expect(page.locator(".conn")).to_have_text(re.compile("reconnecting"))
    session = table.session()
    part = session.bot_action(1, 0.5, 7)
    table.state.apply(1, part)  # Bruno's part, stored while the page was away
    table.version += 1
    page.clock.fast_forward(31_000)  # the page's 30 s run out, then it reconnects
    page.clock.run_for(5_000)
    expect(page.locator(".mg-results")).to_be_visible()
    sent = [m["action"] for m in table.received if m.get("action", {}).get("type") == "minigame"]
    assert len(sent) == 1 and len(sent[0]["inputs"]) == 1
