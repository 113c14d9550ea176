"""Play without seeing the board (issue 13, docs/accessibility.md "In the browser").

A person who does not see the screen plays whole games with the keyboard alone: the tests read
only the accessibility tree (``get_by_role``, ARIA snapshots) and the live region, and press
keys (no mouse, no CSS selector for a decision). Each minigame is played without its picture.
axe-core (``axe-playwright-python``) scans every screen in both themes; at 200% zoom on a
1280×800 screen nothing is cut off.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tycoon.capital import from_json, landing
from tycoon.capital.minigames import score
from tycoon.engine import get_game

from .harness import ORIGIN, Table, install, seat_token_script
from .texts import assert_clean, low_contrast

NAMES = ["Ana", "Bruno", "Carla", "Davi"]
#: Buttons a player does not press to play: help, chat, the top bar's settings.
NOT_PLAY = re.compile(r"^(What is|React with|Send|Close|High contrast|Keys|Sound|Zoom)", re.I)
CLOSE = re.compile("close|continue|ok", re.I)


def live(page) -> str:
    """What the live region has said lately (its last lines)."""
    return page.get_by_role("status").filter(has_not_text="Reconnecting").last.inner_text()


def announcer(page):
    return page.locator("#announcer")


def open_game(new_page, table: Table, *, clock: bool = False, width: int = 1280, height: int = 800):
    page = new_page(width, height, init=seat_token_script(table.id, "tok0", 0))
    if clock:
        page.clock.install()
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    expect(page.get_by_role("grid")).to_be_attached()
    return page


def focused(page, locator) -> bool:
    return bool(locator.evaluate("e => e === document.activeElement"))


# where the focus is for `target`: on it, on another radio of its radio group (one tab stop
# for the group, the arrow keys within), or elsewhere
WHERE = """e => {
  const here = document.activeElement;
  if (here === e) return "here";
  const group = e.getAttribute("role") === "radio" ? e.closest("[role=radiogroup]") : null;
  return group && here?.closest("[role=radiogroup]") === group ? "group" : "away";
}"""


def press_by_keyboard(page, target, start: str = "a", tabs: int = 200) -> None:
    """Reach `target` from the key `start` with Tab (and the arrow keys within a radio
    group), then press Enter."""
    page.keyboard.press(start)
    for _ in range(tabs):
        where = target.evaluate(WHERE)
        if where == "here":
            break
        page.keyboard.press("ArrowRight" if where == "group" else "Tab")
    assert focused(page, target), "Tab reaches every control"
    page.keyboard.press("Enter")


# each control's name (its aria-label, else its text), or null when it is disabled (as
# Playwright's is_enabled: the control, its fieldset or an aria-disabled ancestor)
ENABLED_NAMES = """els => els.map((e) =>
  e.matches(":disabled") || e.closest("[aria-disabled=true]") ? null
    : (e.getAttribute("aria-label") || e.innerText || "").trim())"""


def choices(page) -> list[Any]:
    """The controls a person may press now, found by role and name."""
    dialog = page.get_by_role("dialog")
    scope = dialog.last if dialog.count() else page.get_by_role("main")
    out = []
    for role in ("button", "radio"):
        found = scope.get_by_role(role)
        # one round trip for all of them (three a control made a Capital game a minute long)
        named = found.evaluate_all(ENABLED_NAMES)
        out += [found.nth(i) for i, name in enumerate(named)
                if name is not None and not NOT_PLAY.search(name)]
    return out


def play_minigame(page, table: Table) -> None:
    """A minigame's dialog is open: play a little of it by keys, let the time run out."""
    dialog = page.get_by_role("dialog").last
    bot = dialog.get_by_role("button", name="Let the bot play it for me")
    if bot.count():
        press_by_keyboard(page, bot, start="Tab")
    else:
        page.keyboard.press("1")  # Change Money's first note, or nothing
        page.keyboard.press("Enter")  # Memory's first card, a key of Find the Key
    page.clock.run_for(500)
    page.clock.fast_forward(95_000)
    page.clock.run_for(1000)


def play_whole_game(page, table: Table, limit: int = 400) -> int:
    """Play seat 0 until the game is over, by keys only. Returns the number of decisions."""
    rng = random.Random(7)
    moves = 0
    for _ in range(limit):
        if table.state.is_over:
            break
        page.wait_for_timeout(30)
        dialog = page.get_by_role("dialog")
        session = table.session()
        if dialog.count() and session is not None and 0 in session.seats:
            play_minigame(page, table)  # the minigame's dialog: this seat plays
            continue
        if dialog.count():  # the scores of a minigame, or a card's help: close it by keys
            page.keyboard.press("Escape")
            if dialog.count():
                close = dialog.last.get_by_role("button", name=CLOSE)
                if close.count():
                    press_by_keyboard(page, close.first, start="Tab")
            continue
        if 0 not in (table.state.to_move() if not table.state.is_over else []):
            continue
        options = choices(page)
        if not options:
            continue
        version = table.version
        press_by_keyboard(page, rng.choice(options))
        moves += 1
        for _ in range(40):
            if table.version != version or table.state.is_over:
                break
            page.wait_for_timeout(10)
    return moves


def test_whole_capital_game_by_keyboard_C_1(new_page, shot):
    """C-1: a whole Capital game (turn_limit 8) played by the keyboard alone, reading the
    accessibility tree and the live region; every key question answers in words."""
    state = get_game("capital").new_game(4, 21, turn_limit=8)
    table = Table("capital", state, {"tok0": 0}, NAMES, seed=5)
    table.play_bots()
    page = open_game(new_page, table, clock=True)
    expect(page.get_by_role("grid", name=re.compile("The board in words"))).to_be_attached()
    # The questions, by single keys.
    page.keyboard.press("m")
    expect(announcer(page)).to_contain_text("You have $")
    page.keyboard.press("w")
    expect(announcer(page)).to_contain_text("Ana (A) on start square 1, yellow")
    page.keyboard.press("l")
    expect(announcer(page)).to_contain_text(re.compile(r"leads with|level at"))
    page.keyboard.press("c")
    expect(announcer(page)).to_contain_text("seconds")
    # The board walked by the arrow keys, each square in words.
    page.keyboard.press("b")
    cell = page.get_by_role("gridcell", name=re.compile("start square 1, yellow"))
    expect(cell).to_be_focused()
    page.keyboard.press("ArrowRight")
    block2 = page.get_by_role("gridcell", name=re.compile(r"^block 2, yellow; 4 free lots"))
    expect(block2).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("gridcell", name=re.compile(r"^block 16, red"))).to_be_focused()
    shot(page, "a11y_capital_walk")
    moves = play_whole_game(page, table)
    assert table.state.is_over, "the game reached its end"
    assert moves >= 4
    assert sum(1 for seat, _ in table.applied if seat == 0) >= 3, "the person's keys played"
    page.wait_for_timeout(200)
    page.keyboard.press("t")
    expect(announcer(page)).to_contain_text("Turn ")
    shot(page, "a11y_capital_end")


def test_spoken_lists_and_the_last_turn_read_as_sentences_C_1(new_page):
    """What the keys answer reads well aloud: a French hand holding "Attention, Travaux" is
    told with the strong separator (not "Attention, Travaux, Démolition", three cards to the
    ear), and the last turn is one sentence a line, without saying its turn twice ("Turn 1:
    Turn 1: Ana (A) plays Ana (A) rolls...")."""
    position = {"seats": [{"seat": 0, "hand": ["careful_works", "demolition", "easy_money"]},
                          {"seat": 1}, {"seat": 2}, {"seat": 3}], "current": 0,
                "dice_queue": [1, 2]}
    table = Table("capital", from_json(position), {"tok0": 0}, NAMES, seed=5)
    page = new_page(init=seat_token_script(table.id, "tok0", 0, "fr"))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    expect(page.get_by_role("grid")).to_be_attached()
    page.keyboard.press("m")
    expect(announcer(page)).to_contain_text(
        "patrimoine 500 $ ; votre main, 3 cartes : Attention, Travaux ; Démolition ; Argent Facile")
    page.keyboard.press("w")  # "sur la case", as the log and the terminal say it
    expect(announcer(page)).to_contain_text("Ana (A) sur la case 1 (départ), jaune, 500 $")
    page.click("[data-key=act-roll]")
    # the move is announced once the roll's update is in; "t" before it would be answered
    # first and the move's own announcement would come last
    expect(announcer(page).locator("p").last).to_have_text(re.compile(r"^Ana \(A\) va "))
    page.keyboard.press("t")
    said = announcer(page).locator("p").last
    expect(said).to_have_text(re.compile(r"^Tour 1 : Ana \(A\) fait 1 et 2\. Ana \(A\) va "))
    assert said.inner_text().endswith(".") and " : Tour " not in said.inner_text()


def test_a_deal_set_in_words_keeps_its_rent_apart_from_its_cards_MD_4(new_page):
    """A set's cell reads its cards as a list and its rent after a stronger pause ("Red set,
    2 cards: Red property, Red property; rent 3M"): after a comma the rent sounded like one
    more card."""
    from .test_deal_page import deal_table

    page = open_game(new_page, deal_table())
    page.keyboard.press("b")
    row = page.get_by_role("row", name="Ana (A)")
    expect(row.get_by_role("gridcell", name=re.compile(
        r"^Red set, 2 cards: Red property, Red property; rent 3M$"))).to_have_count(1)


def test_whole_deal_game_by_keyboard_MD_1(new_page, shot):
    """MD-1: a whole Monopoly Deal game (turn_limit 8) by the keyboard alone; the table is a grid
    of players, banks and sets walked by the arrow keys."""
    state = get_game("deal").new_game(2, 4, turn_limit=8)
    table = Table("deal", state, {"tok0": 0}, NAMES[:2], seed=6)
    table.play_bots()
    page = open_game(new_page, table)
    page.keyboard.press("b")
    mine = re.compile(r"^Ana \(A\): \d+ cards in hand, bank [^,]+, 0 full sets$")
    me = page.get_by_role("gridcell", name=mine)
    expect(me).to_be_focused()
    page.keyboard.press("ArrowRight")
    row = page.get_by_role("row", name="Ana (A)")
    expect(row.get_by_role("gridcell", name=re.compile(r"^bank"))).to_be_focused()
    page.keyboard.press("ArrowDown")
    row = page.get_by_role("row", name="Random bot (B)")
    expect(row.get_by_role("gridcell", name=re.compile(r"^bank"))).to_be_focused()
    page.keyboard.press("m")
    expect(announcer(page)).to_contain_text("Your bank holds")
    moves = play_whole_game(page, table)
    assert table.state.is_over
    assert moves >= 3
    page.keyboard.press("l")
    expect(announcer(page)).to_contain_text(re.compile(r"full set"))
    shot(page, "a11y_deal_end")


def test_help_dialog_keeps_focus_and_verbosity_is_remembered(new_page):
    """The "?" dialog lists the keys and gives focus back; the verbosity survives a reload and
    "minimal" keeps other players' moves out of the live region."""
    state = get_game("deal").new_game(2, 4)
    table = Table("deal", state, {"tok0": 0}, NAMES[:2], seed=6)
    page = open_game(new_page, table)
    page.keyboard.press("b")
    cell = page.get_by_role("gridcell").first
    expect(cell).to_be_focused()
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keys")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("who leads, and by how much")
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(cell).to_be_focused()
    page.keyboard.press("v")
    expect(announcer(page)).to_contain_text("Announcements: my turn and money.")
    page.keyboard.press("v")
    expect(announcer(page)).to_contain_text("Announcements: minimal.")
    page.reload()
    page.get_by_role("button", name="Accessibility").click()
    expect(page.get_by_role("combobox", name="Announcements")).to_have_value("minimal")
    assert page.evaluate("localStorage.getItem('tycoon.verbosity')") == "minimal"


def test_high_contrast_theme_is_remembered(new_page, shot):
    """The high-contrast switch (button or key h) is a toggle button, remembered."""
    page = new_page()
    install(page, None)
    page.goto(f"{ORIGIN}/")
    settings = page.get_by_role("button", name="Accessibility")
    press_by_keyboard(page, settings, start="Tab")
    expect(settings).to_have_attribute("aria-expanded", "true")
    toggle = page.get_by_role("button", name="High contrast")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    press_by_keyboard(page, toggle, start="Tab")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()
    page.get_by_role("button", name="Accessibility").click()
    toggle = page.get_by_role("button", name="High contrast")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.documentElement.dataset.theme") == "contrast"
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="High contrast")).to_be_hidden()
    page.keyboard.press("h")  # the key switches it too
    assert page.evaluate("document.documentElement.dataset.theme") == "default"
    shot(page, "a11y_lobby_contrast")


def test_lobby_offers_the_minigame_time_C_9(new_page):
    """C-9: the lobby's options offer the minigame time 30, 60 or 90 s (from /api/kinds)."""
    page = new_page()
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.get_by_role("combobox", name="Game").select_option("capital")
    page.get_by_text("Options").click()
    group = page.get_by_role("group", name=re.compile("minigame", re.I))  # a few choices: radios
    expect(group).to_be_visible()
    radios = group.get_by_role("radio")
    expect(radios).to_have_count(3)
    names = [group.locator("label").nth(i).inner_text().split()[0] for i in range(3)]
    assert names == ["30", "60", "90"]


# ---- the minigames without the picture --------------------------------------------------------
def minigame_table(game: str) -> Table:
    data = {"seats": [{"seat": 0, "square": 13}, {"seat": 1}, {"seat": 2}, {"seat": 3}],
            "current": 0, "phase": "minigame", "move": {"landed": 13},
            "minigame": {"game": game, "seeds": [11, 12, 13, 14],
                         "scores": [None, None, None, None]}}
    return Table("capital", from_json(data), {"tok0": 0}, NAMES, seed=3)


def open_minigame(new_page, game: str, width: int = 1280, height: int = 800):
    table = minigame_table(game)
    page = new_page(width, height, init=seat_token_script(table.id, "tok0", 0))
    page.clock.install()
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    expect(page.get_by_role("dialog")).to_be_visible()
    return page, table


def finish_minigame(page, table: Table) -> list[dict]:
    page.clock.fast_forward(31_000)
    page.clock.run_for(500)
    sent = [m["action"] for m in table.received if m.get("action", {}).get("type") == "minigame"]
    assert len(sent) == 1
    return sent[0]["inputs"]


def test_change_money_by_keys_C_9_1(new_page):
    """C-9.1: the sum is read in words and each banknote is a key; solved sums score."""
    page, table = open_minigame(new_page, "change_money")
    dialog = page.get_by_role("dialog")
    expect(announcer(page)).to_contain_text("Change Money, easy")  # its name, level and time
    expect(announcer(page)).to_contain_text(re.compile(r"\$\d+ \+ \? = \$\d+"))  # the sum
    notes = {}
    group = dialog.get_by_role("group", name=re.compile("notes", re.I))
    for b in group.get_by_role("button").all():
        notes[int(b.inner_text().strip().lstrip("$"))] = b.get_attribute("aria-keyshortcuts")
    for _ in range(3):
        text = dialog.inner_text()
        m = re.search(r"\$(\d+) \+ \? = \$(\d+)", text)
        assert m, text
        gap = int(m.group(2)) - int(m.group(1))
        while gap > 0:
            note = max(n for n in notes if n <= gap)
            page.keyboard.press(notes[note])
            gap -= note
        page.clock.run_for(300)
    inputs = finish_minigame(page, table)
    assert score("change_money", "easy", table.contents0, inputs) >= 75


@pytest.fixture(autouse=True)
def _keep_contents(monkeypatch):
    """Keep seat 0's contents of a minigame table before the game moves on."""
    original = Table.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        try:
            self.contents0 = landing.contents(self.state, 0)
        except Exception:  # not in a minigame
            self.contents0 = None

    monkeypatch.setattr(Table, "__init__", init)


def test_memory_by_arrow_keys_C_9_3(new_page):
    """C-9.3: Memory is a group of cards walked by the arrow keys; each turned face is spoken."""
    page, table = open_minigame(new_page, "memory")
    first = page.get_by_role("button", name=re.compile(r"^Card 1\b|card 1\b", re.I)).first
    expect(first).to_be_focused()
    page.keyboard.press("Enter")
    expect(announcer(page).get_by_text(re.compile(r"^Card 1: \$[\d,]+$"))).to_have_count(1)
    # Focus stays on a face-down card; the arrows walk the rows (7 cards a row).
    page.keyboard.press("ArrowRight")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    n = int(re.match(r"Card (\d+), face down", name).group(1))
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("button", name=f"Card {n + 7}, face down")).to_be_focused()
    page.keyboard.press("Enter")
    page.clock.run_for(300)
    expect(announcer(page).get_by_text(re.compile(rf"^Card {n + 7}: \$[\d,]+$"))).to_have_count(1)
    inputs = finish_minigame(page, table)
    assert [i["cell"] for i in inputs][:2] == [0, n + 6]


def test_memory_arrows_follow_the_cards_as_a_phone_draws_them_C_9_3(new_page):
    """C-9.3 on a phone, where Memory's rows of seven stand as columns of seven: the right
    arrow goes to the card drawn to the right (card 8, the next row's), the down arrow to the
    card drawn below (card 2), as a sighted keyboard user sees them."""
    page, _table = open_minigame(new_page, "memory", 390, 844)
    first = page.get_by_role("button", name=re.compile(r"^Card 1\b", re.I)).first
    expect(first).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("button", name="Card 8, face down")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("button", name="Card 9, face down")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_role("button", name="Card 2, face down")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(first).to_be_focused()
    page.keyboard.press("ArrowUp")  # the edge: focus stays
    expect(first).to_be_focused()


def test_find_the_key_in_words_C_9_4(new_page):
    """C-9.4: the lock and every key are read as cuts; the key whose cuts match fits."""
    page, table = open_minigame(new_page, "find_key")
    for _ in range(3):
        said = announcer(page).inner_text()
        lock = re.findall(r"[Ll]ock[^.:]*:?\s*([\d ]+)", said)
        assert lock, said
        cuts = lock[-1].strip()
        keys = page.get_by_role("group", name=re.compile("keys", re.I)).get_by_role("button")
        match = [k for k in keys.all() if cuts in (k.get_attribute("aria-label") or "")]
        assert len(match) >= 1
        press_by_keyboard(page, match[0], start="Tab")
        page.clock.run_for(1500)
    inputs = finish_minigame(page, table)
    assert score("find_key", "easy", table.contents0, inputs) > 0


def test_catch_coins_by_sound_or_by_the_bot_C_9_2(new_page):
    """C-9.2: Catch Coins offers sound (stereo) and the bot at a chosen skill, announced."""
    page, table = open_minigame(new_page, "catch_coins")
    sound = page.get_by_role("button", name="Follow the coins by sound")
    press_by_keyboard(page, sound, start="Tab")
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(announcer(page)).to_contain_text("left or right of your bank")
    skill = page.get_by_role("combobox", name=re.compile("Bot skill"))
    skill.focus()
    skill.select_option("9")
    bot = page.get_by_role("button", name="Let the bot play it for me")
    press_by_keyboard(page, bot, start="Tab")
    expect(announcer(page)).to_contain_text("The minigame bot plays it for you at skill 9 of 10.")
    for _ in range(60):
        page.clock.run_for(500)
    inputs = finish_minigame(page, table)
    assert len(inputs) > 3
    assert score("catch_coins", "easy", table.contents0, inputs) > 0


# ---- axe-core and zoom ---------------------------------------------------------------------------
SCREENS = ["lobby", "rules", "record_file", "join", "waiting", "capital", "deal", "keys",
           "find_key", "memory", "change_money", "catch_coins"]
PAGES = {"lobby": "/", "rules": "/#/rules/capital", "record_file": "/#/replay-file"}


def open_screen(new_page, screen: str, width: int = 1280, height: int = 800):
    if screen in PAGES:
        page = new_page(width, height)
        install(page, None)
        page.goto(f"{ORIGIN}{PAGES[screen]}")
        page.wait_for_function("document.body.dataset.ready === '1'")
        page.wait_for_timeout(300)
        return page
    if screen in ("find_key", "memory", "change_money", "catch_coins"):
        return open_minigame(new_page, screen, width, height)[0]
    game = "deal" if screen == "deal" else "capital"
    state = get_game(game).new_game(2 if game == "deal" else 4, 4)
    table = Table(game, state, {"tok0": 0}, NAMES[: 2 if game == "deal" else 4], seed=6)
    if screen in ("join", "waiting"):  # a game waiting for its seat C
        table.free = {2}
        page = new_page(width, height, init=None if screen == "join"
                        else seat_token_script(table.id, "tok0", 0))
        install(page, table)
        page.goto(f"{ORIGIN}/#/game/{table.id}")
        expect(page.locator(".join-box" if screen == "join" else ".waiting")).to_be_visible()
        return page
    table.play_bots()
    page = open_game(new_page, table, width=width, height=height)
    if screen == "keys":
        page.keyboard.press("?")
        expect(page.get_by_role("dialog", name="Keys")).to_be_visible()
    return page


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_passes_axe_and_reads_at_aa_contrast_in_both_themes(new_page, shot, screen):
    """axe-core finds no serious or critical violation on every screen, in both themes, and
    every visible text is at WCAG AA contrast with what is behind it (seat A's letter on its
    yellow, a green or pink set's name once were not). One page for both themes: the theme is
    a switch of the page, and a page load per theme made these the slowest browser tests."""
    from axe_playwright_python.sync_playwright import Axe

    page = open_screen(new_page, screen)
    for theme in ("default", "contrast"):
        if theme == "contrast":
            page.evaluate("localStorage.setItem('tycoon.theme', 'contrast');"
                          "document.documentElement.dataset.theme = 'contrast'")
        page.wait_for_timeout(200)
        results = Axe().run(page)
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:4])
               for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        shot(page, f"a11y_{screen}_{theme}")
        assert not bad, (theme, bad)
        assert low_contrast(page) == [], theme


@pytest.mark.parametrize("theme", ["default", "contrast"])
def test_accessibility_panel_reads_at_aa_contrast(new_page, theme):
    """The top bar's Accessibility panel, open, on the lobby and on a table, wide and on a
    phone: its label was the top bar's pale green on the panel's white (1.4:1), then hidden at
    the table and on a phone like the language picker's (a bare "everything" to choose)."""
    for screen, width in (("lobby", 1280), ("deal", 1280), ("deal", 390)):
        page = open_screen(new_page, screen, width, 800)
        if theme == "contrast":
            page.evaluate("document.documentElement.dataset.theme = 'contrast'")
        page.click("#a11y-open")
        expect(page.locator("#a11y-panel")).to_be_visible()
        label = page.locator("#a11y-panel label > span")
        expect(label).to_have_text("Announcements")
        assert label.bounding_box()["width"] > 40, (screen, width)
        assert low_contrast(page) == [], screen


@pytest.mark.parametrize("screen", SCREENS)
def test_zoom_200_nothing_cut_off(new_page, shot, screen):
    """At 200% zoom on 1280×800 (a 640×400 CSS viewport) nothing overflows sideways and every
    text fits its box."""
    page = open_screen(new_page, screen, 640, 400)
    shot(page, f"a11y_zoom200_{screen}", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 641, f"the page is {width}px wide at 200%"
    cut = page.evaluate("""() => [...document.querySelectorAll(
        'button, a, label, h1, h2, h3, p, li, dd, dt, .dcard-name')]
      .filter((e) => e.offsetParent && e.clientWidth > 1
        && getComputedStyle(e).overflow !== 'visible' && e.scrollWidth > e.clientWidth + 2)
      .map((e) => e.textContent.trim().slice(0, 40))""")
    assert not cut, cut
    if screen not in ("rules",):  # the rules page's texts are the web client's own tests'
        assert_clean(page, screen)


def test_minimal_verbosity_speaks_my_turn_only(new_page):
    """At "minimal" the live region keeps the other player's moves out and still says my turn;
    at "everything" it says them (the server sent both pages the same events)."""
    spoken = {}
    for level in ("all", "minimal"):
        state = get_game("deal").new_game(2, 4)
        table = Table("deal", state, {"tok0": 0}, NAMES[:2], seed=6)
        page = new_page(init=seat_token_script(table.id, "tok0", 0)
                        + f"localStorage.setItem('tycoon.verbosity', '{level}');")
        install(page, table)
        page.goto(f"{ORIGIN}/#/game/{table.id}")
        end = page.get_by_role("button", name="End your turn")
        expect(end).to_be_visible()
        press_by_keyboard(page, end)
        expect(page.get_by_role("button", name="End your turn")).to_be_visible()
        expect(announcer(page)).to_contain_text("Ana (A)")
        spoken[level] = announcer(page).inner_text()
    assert "Random bot (B)" in spoken["all"]
    assert "Random bot (B)" not in spoken["minimal"]
    assert re.search(r"Turn \d+: Ana \(A\)", spoken["minimal"])


@pytest.mark.parametrize("size", [(1366, 768), (1280, 800), (390, 844)])
@pytest.mark.parametrize("game", ["find_key", "memory", "change_money", "catch_coins"])
def test_a_minigame_fits_the_screen_without_scrolling(new_page, game, size):
    """C-9: the whole minigame (its clock and its play area: Catch Coins' piggy bank is at the
    bottom of its field) is in view on a laptop and a phone; nothing to scroll mid-game."""
    page, _ = open_minigame(new_page, game, *size)
    fit = page.evaluate("""() => {
      const box = document.querySelector('.minigame .overlay-box');
      const area = document.querySelector('.minigame .mg-area').getBoundingClientRect();
      return {scroll: box.scrollHeight - box.clientHeight, bottom: area.bottom,
              height: innerHeight};
    }""")
    assert fit["scroll"] <= 1 and fit["bottom"] <= fit["height"], fit
