"""The Monopoly Deal table in two browsers, one per player, against the real engine.

Rent and a card-by-card payment (MD-6.1, MD-5.2), a Just Say No (MD-6.9), and each page
showing only its own hand (MD-9.2).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from deal.helpers import JSN, two_doubles_rent
from tycoon.deal import DealState, cards, from_json

from .harness import ORIGIN, Table, install, seat_token_script, words
from .texts import assert_clean, low_contrast

RENT_RED_YELLOW, DEBT_COLLECTOR, PASS_GO, JUST_SAY_NO = 61, 83, 89, 74
HAND_A = [RENT_RED_YELLOW, DEBT_COLLECTOR, PASS_GO, 2]
HAND_B = [JUST_SAY_NO, 19, 90]


def deal_state(hand_b: list[int]) -> DealState:
    """Seat 0 to play HAND_A with two reds on the table; seat 1 holds ``hand_b`` and 3 bank
    cards worth 6M (MD-5.2: enough to pay a red rent card by card)."""
    used = {*HAND_A, *hand_b, 37, 38, 0, 6, 11, 43}
    position = {
        "game": "deal", "turn": 1, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [
            {"seat": 0, "hand": HAND_A, "bank": [],
             "sets": [{"color": "red", "cards": [37, 38], "house": None, "hotel": None}]},
            {"seat": 1, "hand": hand_b, "bank": [0, 6, 11],
             "sets": [{"color": "green", "cards": [43], "house": None, "hotel": None}]},
        ],
        "deck": [c for c in range(106) if c not in used], "discard": [], "pending": None,
        "winner": None, "rng": {"seed": 5},
    }
    return from_json(position)


def deal_table() -> Table:
    return Table("deal", deal_state(HAND_B), {"tokA": 0, "tokB": 1}, ["Ana", "Bruno"])


def open_seat(new_page, table: Table, token: str, seat: int, lang: str = "en",
              size: tuple[int, int] = (1280, 800)):
    page = new_page(*size, init=seat_token_script(table.id, token, seat, lang))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".deal-table")
    return page


def test_rent_payment_and_just_say_no_MD_6_1_MD_5_2_MD_6_9(new_page, shot):
    table = deal_table()
    a = open_seat(new_page, table, "tokA", 0)
    b = open_seat(new_page, table, "tokB", 1, lang="es")
    # MD-9.2: each page shows its own hand and no card of the other's.
    expect(a.locator(".dhand .dcard")).to_have_count(4)
    expect(b.locator(".dhand .dcard")).to_have_count(3)
    for card in HAND_A:
        expect(b.locator(f"[data-card='{card}']")).to_have_count(0)
    for card in HAND_B:
        expect(a.locator(f"[data-card='{card}']")).to_have_count(0)
    shot(a, "deal_01_turn")
    # MD-6.1: Ana charges the red rent (2 red cards: 3M) to everyone.
    a.click(f".dhand [data-card='{RENT_RED_YELLOW}']")
    a.locator(".card-menu button", has_text=re.compile("Charge Red rent .*everyone")).click()
    expect(b.locator("[data-key=act-accept]")).to_be_visible()
    shot(b, "deal_02_answer_es")
    b.click("[data-key=act-accept]")
    # MD-5.2: Bruno pays card by card from his bank; 1M first, then 2M covers the debt.
    expect(b.locator(".dseat.mine .dbank button.dcard")).to_have_count(3)
    shot(b, "deal_03_pay_es")
    b.click(".dseat.mine .dbank button.dcard[data-card='0']")
    expect(b.locator("#prompt")).to_contain_text("2M")
    b.click(".dseat.mine .dbank button.dcard[data-card='6']")
    expect(a.locator(".dseat.mine .dbank .dcard")).to_have_count(2)
    assert sorted(table.state.view(0)["seats"][0]["bank"]) == [0, 6]
    assert table.state.view(1)["seats"][1]["bank"] == [11]
    # each paid card is one line of the log, said by the cards moving (not twice)
    paid = a.locator("#event-log li li", has_text=re.compile("^Bruno \\(B\\) gives"))
    expect(paid).to_have_text(["Bruno (B) gives 1M to Ana (A)", "Bruno (B) gives 2M to Ana (A)"])
    expect(a.locator("#event-log")).not_to_contain_text("pays with")
    # MD-6.9: Ana's Debt Collector; Bruno says no, Ana has no answer: cancelled.
    a.click(f".dhand [data-card='{DEBT_COLLECTOR}']")
    a.locator(".card-menu button", has_text="pays you 5M").click()
    say_no = b.locator("[data-key=act-say-no]")
    expect(say_no).to_be_visible()
    say_no.click()
    expect(a.locator("#event-log")).to_contain_text("Bruno (B) plays Just Say No")
    expect(b.locator("#event-log")).to_contain_text("Bruno (B) juega Di que No")
    assert_clean(a, "deal en")
    assert_clean(b, "deal es")
    assert table.state.view(1)["seats"][1]["bank"] == [11]
    assert JUST_SAY_NO in table.state.view(None)["discard"]
    shot(a, "deal_04_after_no")


def test_two_just_say_no_cards_are_one_button_MD_6_9(new_page):
    """MD-6.9: Bruno holds two Just Say No against a Debt Collector: one button says no
    (either card is the same play), and one card is left in his hand after it."""
    table = Table("deal", deal_state([*JSN[:2], 90]), {"tokA": 0, "tokB": 1}, ["Ana", "Bruno"])
    a = open_seat(new_page, table, "tokA", 0)
    b = open_seat(new_page, table, "tokB", 1)
    a.click(f".dhand [data-card='{DEBT_COLLECTOR}']")
    a.locator(".card-menu button", has_text="pays you 5M").click()
    expect(b.locator("[data-key=act-accept]")).to_be_visible()
    expect(b.locator("[data-key^=act-say-no]")).to_have_count(1)
    b.click("[data-key=act-say-no]")
    expect(a.locator("#event-log")).to_contain_text("Bruno (B) plays Just Say No")
    assert len([c for c in table.state.to_json()["seats"][1]["hand"] if c in JSN]) == 1


def near_win() -> Table:
    """Ana (seat 0) holds two full sets and the last card of a third."""
    sets = [{"color": "utility", "cards": [35], "house": None, "hotel": None},
            {"color": "dark_blue", "cards": [46, 47], "house": None, "hotel": None},
            {"color": "brown", "cards": [20, 21], "house": None, "hotel": None}]
    used = {20, 21, 46, 47, 35, 36}
    position = {
        "game": "deal", "turn": 4, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [{"seat": 0, "hand": [36], "bank": [], "sets": sets},
                  {"seat": 1, "hand": [], "bank": [], "sets": []}],
        "deck": [c for c in range(106) if c not in used], "discard": [], "pending": None,
        "winner": None, "rng": {"seed": 1},
    }
    return Table("deal", from_json(position), {"tokA": 0}, ["Ana", "Bruno"])


def play_the_winning_card(page, table: Table, lang: str = "en") -> None:
    page.click(".dhand [data-card='36']")
    play = next(x for x in table.state.legal_actions(0) if x.to_json().get("card") == 36)
    page.locator(".card-menu button", has_text=words(table, play, 0, lang)).click()
    expect(page.locator(".victory-screen")).to_be_visible()


def test_deal_win_MD_8_1(new_page, shot):
    """MD-8.1: the third full set of a different colour wins at once; the page says so."""
    table = near_win()
    page = open_seat(new_page, table, "tokA", 0)
    expect(page.locator(".dset.full")).to_have_count(2)
    play_the_winning_card(page, table)
    expect(page.locator("#victory-h")).to_have_text("Ana (A) wins!")
    # the end screen names the sets in the order the log does
    colours = "Brown, Dark blue, Utility"
    expect(page.locator(".end-why")).to_have_text(
        f"Three full sets of different colours: {colours}.")
    expect(page.locator("#event-log")).to_contain_text(
        f"Ana (A) wins with three full sets: {colours}")
    assert table.state.winner == 0
    shot(page, "deal_05_win")


@pytest.mark.parametrize("width", [390, 320])
def test_the_end_screen_fits_a_phone_in_portuguese(new_page, width):
    """The end screen's counts (full sets, collected, cards played) fit a phone's width in
    the language with the longest words, on a 320 px phone too: nothing to scroll sideways."""
    table = near_win()
    page = open_seat(new_page, table, "tokA", 0, lang="pt", size=(width, 844))
    play_the_winning_card(page, table, "pt")
    box = page.locator(".victory-screen .overlay-box")
    expect(box.locator(".end-summary")).to_be_visible()
    wide = box.evaluate("""b => [...b.querySelectorAll('*')].filter((e) =>
        e.getBoundingClientRect().right > b.getBoundingClientRect().right + 1)
        .map((e) => e.tagName + ' ' + e.textContent.slice(0, 20))""")
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth"), f"the end screen overflows: {wide}"


def solo_deal(hand: list[int], sets: list[dict], bank: list[int] | None = None) -> Table:
    used = set(hand) | {c for s in sets for c in s["cards"]} | set(bank or [])
    position = {
        "game": "deal", "turn": 2, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [{"seat": 0, "hand": hand, "bank": bank or [], "sets": sets},
                  {"seat": 1, "hand": [], "bank": [], "sets": []}],
        "deck": [c for c in range(106) if c not in used], "discard": [], "pending": None,
        "winner": None, "rng": {"seed": 2},
    }
    return Table("deal", from_json(position), {"tokA": 0}, ["Ana", "Bruno"])


def test_move_wild_card_MD_7_2(new_page, shot):
    """MD-7.2: a wild card on the table lists its moves; moving it is not a play."""
    wild_red_yellow = 50
    table = solo_deal([0], [{"color": "red", "cards": [37, wild_red_yellow], "house": None,
                             "hotel": None}])
    page = open_seat(new_page, table, "tokA", 0)
    page.click(f".dseat.mine .dset [data-card='{wild_red_yellow}']")
    page.locator(".card-menu button", has_text="to Yellow").click()
    expect(page.locator(".dseat.mine .dset[data-color='yellow']")).to_be_visible()
    sets = table.state.view(0)["seats"][0]["sets"]
    assert {s["color"]: s["cards"] for s in sets} == {"red": [37], "yellow": [wild_red_yellow]}
    assert table.state.view(0)["plays_left"] == 3
    shot(page, "deal_06_wild_moved")


def test_discard_down_to_seven_MD_3_3(new_page, shot):
    """MD-3.3: ending the turn with 9 cards asks for 2 discards, one click each."""
    hand = [0, 1, 2, 3, 6, 7, 8, 9, 89]
    table = solo_deal(hand, [])
    page = open_seat(new_page, table, "tokA", 0)
    expect(page.locator("[data-key=plays-left]")).to_have_text("3 plays left")
    page.click("[data-key=act-end-turn]")
    expect(page.locator("#prompt")).to_have_text("Discard down to 7 cards.")
    # the turn is over: no plays left to count while discarding
    expect(page.locator("[data-key=plays-left]")).to_have_count(0)
    shot(page, "deal_07_discard")
    page.click(".dhand [data-card='89']")
    page.click(".dhand [data-card='0']")
    expect(page.locator("#prompt")).not_to_have_text("Discard down to 7 cards.")
    discarded = [a["card"] for s, a in table.applied if s == 0 and a["type"] == "discard"]
    assert discarded == [89, 0]  # then Bruno played, and Ana's new turn began


def test_sly_deal_target_picked_on_the_table_MD_6_5(new_page, shot):
    """MD-6.5: with Sly Deal chosen, the opponent's cards it may take are picked on the table;
    a card of a full set is not offered."""
    sly_deal = 77
    position = {
        "game": "deal", "turn": 2, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [{"seat": 0, "hand": [sly_deal], "bank": [], "sets": []},
                  {"seat": 1, "hand": [], "bank": [],
                   "sets": [{"color": "green", "cards": [43], "house": None, "hotel": None},
                            {"color": "brown", "cards": [20, 21], "house": None, "hotel": None}]}],
        "discard": [], "pending": None, "winner": None, "rng": {"seed": 2},
    }
    used = {sly_deal, 43, 20, 21}
    position["deck"] = [c for c in range(106) if c not in used]
    table = Table("deal", from_json(position), {"tokA": 0}, ["Ana", "Bruno"])
    page = open_seat(new_page, table, "tokA", 0)
    page.click(f".dhand [data-card='{sly_deal}']")
    expect(page.locator(".dcard-pick")).to_have_count(1)  # the brown set is full
    shot(page, "deal_08_sly_deal_pick")
    page.click(".dcard-pick[data-take='43']")
    expect(page.locator(".dseat.mine .dset[data-color='green']")).to_be_visible()
    assert table.applied[0] == (0, {"type": "sly_deal", "card": sly_deal, "target": 1, "take": 43})


#: Where a card name's line breaks fall, for every card on the page: a break must follow a space,
#: a soft hyphen, a zero-width space, a hyphen or a slash (never inside a syllable), and no text
#: may run past the card's edge or under its "?".
BREAKS_JS = """() => [...document.querySelectorAll('.dcard-wrap')].flatMap((wrap) => {
  const name = wrap.querySelector('.dcard-name'), card = wrap.querySelector('.dcard');
  const help = wrap.querySelector('button.help').getBoundingClientRect();
  const edge = card.getBoundingClientRect().right;
  const text = name.firstChild.textContent, bad = [];
  let top = null;
  for (let k = 0; k < text.length; k++) {
    const range = document.createRange();
    range.setStart(name.firstChild, k);
    range.setEnd(name.firstChild, k + 1);
    const box = [...range.getClientRects()].filter((r) => r.width > 0).pop();
    if (!box) continue;
    if (top !== null && box.top > top + 2 && !/\\s/.test(text[k])
        && !/[\\s\\u00ad\\u200b\\-\\/]$/.test(text.slice(0, k)))
      bad.push(`${name.textContent}: broken before "${text.slice(k)}"`);
    const underHelp = box.right > help.left && box.top < help.bottom && box.bottom > help.top;
    if (box.right > edge - 1 || underHelp)
      bad.push(`${name.textContent}: "${text[k]}" runs past the card or under its ?`);
    top = box.top;
  }
  return bad;
})"""


def test_card_names_break_between_syllables_in_four_languages(new_page, shot):
    """Every card's name on a narrow card face wraps between words or syllables, in each
    language and at 200% zoom, and stays clear of the card's "?" and edges."""
    first = {}
    for card, name in enumerate(cards.NAME):
        first.setdefault(name, card)
    bank = [first[n] for n in first if cards.KIND[first[n]] in ("action", "rent")]
    sets = [{"color": color, "cards": held, "house": None, "hotel": None} for color, held in (
        ("brown", [20]), ("light_blue", [22, 53]), ("pink", [25, 48]), ("orange", [28, 57]),
        ("railroad", [31, 55, 54]), ("utility", [35, 56]), ("red", [37, 50]), ("yellow", [40]),
        ("green", [43]), ("dark_blue", [46, 52]))]
    table = solo_deal([84, 87, 58], sets, bank)
    for lang in ("en", "fr", "pt", "es"):
        for width, height in ((1280, 800), (640, 400)):
            page = new_page(width, height, init=seat_token_script(table.id, "tokA", 0, lang))
            install(page, table)
            page.goto(f"{ORIGIN}/#/game/{table.id}")
            page.wait_for_selector(".dseat.mine .dset")
            assert page.evaluate(BREAKS_JS) == [], (lang, width)
    shot(page, "deal_card_names_es_640", full_page=True)
    marked = page.evaluate("""(names) => import('./js/util.js')
        .then((m) => names.map((n) => m.breakable(n)))""",
                           ["Multicolour wild card", "Debt Collector", "Propriété Compagnie",
                            "Red/Yellow rent", "Pass Go"])
    assert [m.replace("\u00ad", "-").replace("\u200b", "|") for m in marked] == [
        "Mul-ti-co-lour wild card", "Debt Col-lec-tor", "Pro-priété Com-pa-gnie",
        "Red/|Yellow rent", "Pass Go"]


def test_hand_card_menu_is_readable(new_page, shot):
    """The menu of a card in the hand, how a mouse plays a card, passes axe while open in both
    themes: its words are readable on its background (the hand's white text once made them
    white on white) and its Cancel is one of its items."""
    from axe_playwright_python.sync_playwright import Axe

    table = deal_table()
    page = open_seat(new_page, table, "tokA", 0)
    page.click(f".dhand [data-card='{RENT_RED_YELLOW}']")
    expect(page.locator(".card-menu button").first).to_be_visible()
    shot(page, "deal_09_hand_menu")
    for theme in ("default", "contrast"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        found = Axe().run(page, context=".card-menu",
                          options={"resultTypes": ["violations", "incomplete"]}).response
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:4])
               for v in found["violations"] if v["impact"] in ("serious", "critical")]
        # axe leaves a contrast it cannot be sure of as "incomplete": white on white was one
        bad += [(v["id"], n["failureSummary"]) for v in found["incomplete"]
                if v["id"] == "color-contrast" for n in v["nodes"]]
        assert not bad, (theme, bad)
        assert low_contrast(page) == [], theme


def test_hand_card_menu_keys(new_page):
    """A card's menu follows the ARIA menu pattern: it opens with the focus on its first item,
    arrows and Home/End move among its items (wrapping), Escape closes it and gives the focus
    back to the card."""
    page = open_seat(new_page, deal_table(), "tokA", 0)
    page.click(f".dhand [data-card='{RENT_RED_YELLOW}']")
    items = page.locator(".card-menu [role=menuitem]")
    expect(items).to_have_count(3)  # bank it, charge the rent, cancel
    expect(items.nth(0)).to_be_focused()
    for key, at in (("ArrowDown", 1), ("ArrowDown", 2), ("ArrowDown", 0), ("ArrowUp", 2),
                    ("Home", 0), ("End", 2)):
        page.keyboard.press(key)
        expect(items.nth(at)).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(".card-menu")).to_have_count(0)
    expect(page.locator(f".dhand [data-card='{RENT_RED_YELLOW}']")).to_be_focused()


def test_phone_heads_up_opponent_spans_the_width(new_page, shot):
    """On a phone, the one opponent of a heads-up game takes the table's whole width, as the
    player's own panel does (its sets once wrapped in half the width beside an empty half), and
    the hand's cards fill their rows."""
    table = deal_table()
    page = new_page(390, 844, init=seat_token_script(table.id, "tokA", 0))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".deal-table")
    widths = page.evaluate("""() => ['.opponents .dseat', '.dseat.mine']
        .map((s) => document.querySelector(s).getBoundingClientRect().width)""")
    assert abs(widths[0] - widths[1]) <= 2, widths
    # the hand's columns fill its row (three 5.6rem cards once left a quarter of it empty)
    gap = page.evaluate("""() => {
        const row = document.querySelector('.hand-row').getBoundingClientRect();
        const right = Math.max(...[...document.querySelectorAll('.hand-row .dcard')]
          .map((c) => c.getBoundingClientRect().right));
        return row.right - right - parseFloat(getComputedStyle(
          document.querySelector('.hand-row')).paddingRight);
    }""")
    assert 0 <= gap <= 2, gap
    shot(page, "deal_phone", full_page=True)


def test_an_empty_bank_draws_no_card_fan(new_page):
    """An opponent's empty bank shows its total at the panel's edge: the fan's empty box once
    pushed "0M in the bank, 0 cards" inwards."""
    from tycoon.engine import get_game

    state = get_game("deal").new_game(2, 3)  # seat 1 (Ana) plays first: Bruno's bank is empty
    table = Table("deal", state, {"tokA": 0}, ["Ana", "Bruno"])
    page = open_seat(new_page, table, "tokA", 0)
    assert page.locator(".opponents .obank .mini-fan").count() == 0
    box = page.locator(".opponents .obank").bounding_box()
    assert page.locator(".opponents .obank-total").bounding_box()["x"] - box["x"] <= 1


def test_end_screen_counts_cards_played_and_payments_received(new_page):
    """The end screen's "Cards played" counts the cards put on the table, banked or played as
    actions (MD-3.2: the turn's plays, and Just Say No), not payments, discards or moved
    wild cards; "Collected" is what a seat was paid (MD-5.2), not what it stole."""
    from tycoon.bots.deal import DealHeuristic
    from tycoon.deal import new_game

    state, bots = new_game(seats=2, seed=1), [DealHeuristic(1), DealHeuristic(2)]
    updates: list[list[dict]] = []
    played, paid, steals = [0, 0], [0, 0], 0
    while not state.is_over:
        seat = state.to_move()[0]
        action = bots[seat].choose(state, seat)
        events = [e.to_json() for e in state.apply(seat, action)]
        updates.append(events)
        if action.type not in ("end_turn", "pay", "discard", "accept", "move_wild"):
            played[seat] += 1
        moved = [e for e in events if e["type"] == "transferred"]
        if action.type == "pay":
            paid[moved[0]["receiver"]] += sum(cards.VALUE[c] for c in moved[0]["cards"])
        else:
            steals += len(moved)
    assert sum(paid) and steals  # the game has payments and steals (Sly or Forced Deal...)
    page = new_page()
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("body[data-ready='1']")
    got = page.evaluate(
        """(updates) => import('./js/deal/table.js').then(async (m) => {
             await import('./js/messages.js').then((x) => x.loadGame('deal'));
             const fake = {};
             for (const events of updates) m.DealTable.prototype.count.call(fake, events);
             return [fake.stats.played, fake.stats.collected];
           })""", updates)
    assert got[0] == played
    assert [x or 0 for x in got[1]] == paid


def test_only_a_card_that_changes_place_flies(new_page):
    """A card banked from the hand flies to the bank; the hand's other cards, which
    only close up, do not (they all flew with every play, and again whenever a row above
    them grew)."""
    table = deal_table()
    page = open_seat(new_page, table, "tokA", 0)
    page.evaluate("""() => {
      window.flown = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        const card = this.matches("[data-card]") ? this : this.querySelector("[data-card]");
        if (card) window.flown.push(Number(card.dataset.card));
        return animate.apply(this, args);
      };
    }""")
    page.click(".dhand [data-card='2']")
    page.locator(".card-menu button").first.click()
    expect(page.locator(".dseat.mine .dbank [data-card='2']")).to_have_count(1)
    expect(page.locator(".dhand .dcard")).to_have_count(3)
    assert page.evaluate("window.flown") == [2]


def test_a_cards_help_stays_on_a_small_phone_and_one_shows_at_a_time(new_page, shot):
    """The "?" of a card at a 320 px phone's left edge shows its help inside the window (its
    tip once ran off the left edge, tilted with its card); a second "?" closes the first, and
    a click elsewhere closes it too."""
    table = deal_table()
    page = open_seat(new_page, table, "tokA", 0, size=(320, 640))
    helps = page.locator(".hand-row button.help")
    shown = page.locator(".help-tip:not([hidden])")
    for i in range(2):
        helps.nth(i).click()
        expect(shown).to_have_count(1)
        box = shown.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320, box
        # the touched card lifts without the desktop fan's tilt (the tip tilted with it)
        tilt = helps.nth(i).evaluate("b => getComputedStyle(b.closest('.dcard-wrap')).transform")
        assert tilt == "none" or tilt.split(",")[1].strip() == "0", tilt
    expect(helps.nth(0)).to_have_attribute("aria-expanded", "false")
    expect(helps.nth(1)).to_have_attribute("aria-expanded", "true")
    shot(page, "deal_help_phone_320")
    page.locator(".dseat.mine").click(position={"x": 4, "y": 4})
    expect(shown).to_have_count(0)
    expect(helps.nth(1)).to_have_attribute("aria-expanded", "false")


def test_a_rent_with_two_double_the_rent_cards_offers_each_choice_once_MD_6_3_D_6(new_page):
    """MD-6.3 with D-6's ``double_rent_stack=2``: the rent card's menu offers the rent alone,
    doubled and doubled twice, each once (a hand with two Double The Rent cards listed the
    doubled rent twice, once per card, as two choices that read the same); the ×4 one takes
    all three plays and charges 12M."""
    table = Table("deal", from_json(two_doubles_rent()), {"tokA": 0}, ["Ana", "Bruno"])
    page = open_seat(new_page, table, "tokA", 0)
    page.click(".dhand [data-card='61']")
    items = page.locator(".card-menu [role=menuitem]:not([data-key$=cancel])")
    expect(items).to_have_text([
        "Bank Red/Yellow rent as money (1M)",
        "Charge Red rent of 3M to everyone else with Red/Yellow rent",
        "Charge Red rent of 6M to everyone else with Red/Yellow rent and a Double The Rent "
        "(2 plays)",
        "Charge Red rent of 12M to everyone else with Red/Yellow rent and 2 Double The Rent "
        "cards (3 plays)",
    ])
    items.nth(3).click()
    expect(page.locator("#event-log")).to_contain_text("12M")
    rent = next(a for s, a in table.applied if s == 0 and a["type"] == "rent")
    assert sorted(rent["doubles"]) == [104, 105]


def test_double_the_rent_help_says_the_games_double_rent_stack_D_6(new_page):
    """D-6 with ``double_rent_stack=2``: the "?" of a Double The Rent in hand says a second
    one doubles the rent again (the help said the default's one card whatever the option)."""
    table = Table("deal", from_json(two_doubles_rent()), {"tokA": 0}, ["Ana", "Bruno"])
    page = open_seat(new_page, table, "tokA", 0)
    tip = page.locator(".dhand [data-card='104']").locator("xpath=..").locator(".help-tip")
    expect(tip).to_have_text("Play it with a rent card, as one more play, to double that rent; "
                             "a second one with the same rent doubles it again (×4).")
