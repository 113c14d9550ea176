"""The Capital table in the browser, against the real engine behind a routed WebSocket.

Each test loads a position (``tycoon.capital.from_json``), lets a person's page play it, and
checks the engine's state after the page's actions, plus what the page shows.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tycoon.capital import from_json

from .harness import ORIGIN, Table, install, seat_token_script
from .texts import assert_clean

NAMES = ["Ana", "Bruno", "Carla", "Davi"]


def capital_table(position: dict[str, Any], seed: int = 1) -> Table:
    data = {"seats": [{"seat": s} for s in range(4)], "current": 0, **position}
    return Table("capital", from_json(data), {"tok0": 0}, NAMES, seed=seed)


def open_table(new_page, table: Table, lang: str = "en", width: int = 1280, height: int = 800):
    page = new_page(width, height, init=seat_token_script(table.id, "tok0", 0, lang))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector("svg.board")
    return page


def test_roll_fork_build_C_4_1_C_4_2_1_C_4_5(new_page, shot):
    """C-4.1 roll, C-4.2.1 choose the way at the fork, C-4.5 build on the landed block."""
    table = capital_table({"dice_queue": [2, 3]})
    page = open_table(new_page, table)
    shot(page, "capital_01_start")
    page.click("[data-key=act-roll]")
    # 0 -> 1 -> 2 -> 3 is the fork with 2 steps left: the two ways are offered.
    expect(page.locator("[data-key=act-branch-straight]")).to_be_visible()
    expect(page.locator("g.square.target")).to_have_count(2)
    shot(page, "capital_02_fork")
    page.click("g.square.target[data-square='8']")  # turn right, picked on the board
    expect(page.locator("button.kind").first).to_be_visible()
    assert table.state.seats[0].square == 9
    shot(page, "capital_03_build")
    page.click("[data-key=lot-2]")
    page.click("button.kind[data-kind=grocery]")
    expect(page.locator("[data-lot='9:2'] .lot-biz")).to_be_visible()
    biz = table.state.businesses[(9, 2)]
    assert (biz.kind, biz.owner, biz.level) == ("grocery", 0, 1)
    assert table.state.seats[0].balance == 400
    log = page.locator("#event-log")
    expect(log).to_contain_text("Ana (A) builds a grocery on block 10, lot 3")
    # The live region speaks each event; the last ones are the bots' turns and Ana's next one.
    expect(page.locator("#announcer")).to_contain_text("Turn 5: Ana (A) plays")
    # The log groups lines by turn: Ana's build is under turn 1, the bots' under 2, 3, 4.
    expect(page.locator("#event-log .turn-group[data-turn='1']")).to_contain_text("grocery")
    expect(page.locator("#event-log .turn-group")).to_have_count(5)
    assert_clean(page, "capital en")
    shot(page, "capital_04_built")


def test_lots_and_log_filters_are_one_tab_stop_each_chosen_by_arrows_C_4_5(new_page):
    """The build offer's four lots (C-4.5) and the log's filters are radio groups as WAI-ARIA
    has them: Tab stops once on the chosen one, the arrow keys, Home and End choose."""
    table = capital_table({"dice_queue": [2, 3]})
    page = open_table(new_page, table)
    page.click("[data-key=act-roll]")
    page.click("g.square.target[data-square='8']")
    lots = [page.locator(f"[data-key=lot-{n}]") for n in range(4)]
    expect(lots[0]).to_have_attribute("tabindex", "0")
    for lot in lots[1:]:
        expect(lot).to_have_attribute("tabindex", "-1")
    lots[0].focus()
    page.keyboard.press("ArrowRight")
    expect(lots[1]).to_have_attribute("aria-checked", "true")
    expect(lots[1]).to_be_focused()
    expect(lots[1]).to_have_attribute("tabindex", "0")
    page.keyboard.press("End")
    expect(lots[3]).to_be_focused()
    page.keyboard.press("ArrowRight")  # round to the first
    expect(lots[0]).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(lots[3]).to_have_attribute("aria-checked", "true")
    page.keyboard.press("Tab")  # past the other lots, to the first business of lot 4
    expect(page.locator("[data-key=kind-3-0]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-lot='9:3'] .lot-biz")).to_be_visible()
    assert table.state.businesses[(9, 3)].owner == 0
    mine = page.locator("[data-key=log-filter-mine]")
    expect(mine).to_have_attribute("tabindex", "-1")
    page.locator("[data-key=log-filter-all]").focus()
    page.keyboard.press("ArrowRight")
    expect(mine).to_be_focused()
    expect(mine).to_have_attribute("aria-checked", "true")
    expect(page.locator("[data-key=log-filter-all]")).to_have_attribute("tabindex", "-1")


def test_card_with_target_picked_on_board_C_7_toll(new_page, shot):
    """C-7 Toll: the card's target square is picked on the board; the toll appears there."""
    table = capital_table({"dice_queue": [1, 1],
                           "seats": [{"seat": 0, "hand": ["toll", "easy_money", "extra_die",
                                                          "implosion", "lost_die"]},
                                     {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    page = open_table(new_page, table)
    page.click("[data-key=act-roll]")
    page.locator(".hand button.playable", has_text="Toll").click()
    expect(page.locator("#target-select")).to_be_visible()
    shot(page, "capital_05_card_target")
    page.click("g.square.target[data-square='30']")
    expect(page.locator("[data-square='30'] .construction.toll")).to_be_visible()
    assert table.state.constructions[30] == ("toll", 0)
    assert table.applied[1] == (0, {"type": "play", "card": "toll", "target": 30})


def test_a_cards_targets_fit_a_320_px_phone_C_7_toll(new_page, shot):
    """On the smallest phone the menu of a card's targets ("Play Toll on square 2 (block)")
    stays inside its panel (it ran past the screen's edge, its words cut)."""
    table = capital_table({"dice_queue": [1, 1],
                           "seats": [{"seat": 0, "hand": ["toll", "easy_money", "extra_die",
                                                          "implosion", "lost_die"]},
                                     {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    page = open_table(new_page, table, "pt", 320, 640)
    page.click("[data-key=act-roll]")
    page.locator(".hand button.playable").first.click()
    select = page.locator("#target-select")
    expect(select).to_be_visible()
    panel = select.evaluate("e => e.closest('.card-choice').getBoundingClientRect().right")
    box = select.bounding_box()
    assert box["x"] + box["width"] <= min(panel, 320) + 1, (box, panel)
    shot(page, "capital_target_320_pt")


def test_victory_card_wins_C_7_3(new_page, shot):
    """C-7.3: playing Swimming in Money ends the game; the victory screen names the winner."""
    table = capital_table({"dice_queue": [1, 1],
                           "seats": [{"seat": 0, "balance": 3200,
                                      "hand": ["swimming_in_money", "easy_money", "toll",
                                               "implosion", "extra_die"]},
                                     {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    page = open_table(new_page, table)
    page.click("[data-key=act-roll]")
    page.locator(".hand button.playable", has_text="Swimming in Money").click()
    page.click("[data-key=card-play]")
    expect(page.locator(".victory-screen")).to_be_visible()
    expect(page.locator("#victory-h")).to_have_text("Ana (A) wins!")
    assert table.state.is_over and table.state.winner == 0
    expect(page.locator("[data-key=end-rematch]")).to_be_focused()
    expect(page.locator(".end-why")).to_contain_text("Swimming in Money")
    # the page saw one turn: no net worth chart (it drew flat lines from two updates of one turn)
    expect(page.locator(".victory-screen svg.chart")).to_have_count(0)
    assert_clean(page, "capital victory")
    shot(page, "capital_06_victory")
    page.keyboard.press("Escape")
    expect(page.locator(".victory-screen")).to_have_count(0)
    expect(page.locator("#prompt")).to_contain_text("The game is over")


def test_the_end_chart_has_a_point_per_turn_the_page_saw_C_8_1(new_page):
    """The end screen's chart of the public net worths (C-8.1) has one point per turn this page
    saw, in turn order, however many updates a turn brought; here the ``turn_limit`` option
    ends the game after the person's third turn."""
    table = capital_table({"dice_queue": [1, 1] * 40, "options": {"turn_limit": 9}}, seed=3)
    page = open_table(new_page, table)
    seen = set()
    for _ in range(40):
        if page.locator(".victory-screen").count():
            break
        seen.add(table.state.turn)
        for key in ("act-roll", "act-branch", "act-pass"):
            button = page.locator(f"[data-key^={key}]:enabled").first
            if button.count():
                button.click()
                break
        page.wait_for_timeout(80)
    expect(page.locator(".victory-screen")).to_be_visible()
    seen.add(table.state.turn)
    lines = page.locator(".victory-screen svg.chart polyline")
    expect(lines).to_have_count(4)
    drawn = lines.evaluate_all("ps => ps.map((p) => p.getAttribute('points'))")
    points = [len(p.split()) for p in drawn]
    assert points == [len(seen)] * 4 and len(seen) >= 3, (points, seen)


def test_the_victory_screen_fits_a_320_px_phone_in_spanish_C_7_3(new_page, shot):
    """C-7.3's victory screen (why, standings, the net worth chart) on the smallest phone, in
    the language with the longest words: nothing sticks out of the dialog."""
    table = capital_table({"dice_queue": [1, 1],
                           "seats": [{"seat": 0, "balance": 3200,
                                      "hand": ["swimming_in_money", "easy_money", "toll",
                                               "implosion", "extra_die"]},
                                     {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    page = open_table(new_page, table, "es", 320, 640)
    page.click("[data-key=act-roll]")
    page.locator(".hand button.playable", has_text="Nadando en Dinero").click()
    page.click("[data-key=card-play]")
    box = page.locator(".victory-screen .overlay-box")
    expect(box).to_be_visible()
    wide = box.evaluate("""b => [...b.querySelectorAll('*')].filter((e) =>
        e.getBoundingClientRect().right > b.getBoundingClientRect().right + 1)
        .map((e) => e.tagName + ' ' + e.textContent.slice(0, 20))""")
    assert not wide and box.evaluate("b => b.scrollWidth <= b.clientWidth"), wide
    shot(page, "capital_victory_320_es")


def test_waive_choice_C_4_3_1(new_page, shot):
    """C-4.3.1: one Business Exemption use, two fees: the player picks which fee to waive."""
    businesses = [{"square": 2, "lot": 0, "kind": "bar", "owner": 1, "level": 1},
                  {"square": 2, "lot": 1, "kind": "gallery", "owner": 2, "level": 1}]
    table = capital_table({"dice_queue": [1, 1], "businesses": businesses,
                           "seats": [{"seat": 0, "effects": {"business_exemption": 1}},
                                     {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    page = open_table(new_page, table)
    page.click("[data-key=act-roll]")
    choices = page.locator(".actions .button-col button")
    expect(choices.first).to_be_visible()
    shot(page, "capital_07_waive")
    gallery = page.locator(".actions .button-col button", has_text="lot 2")
    gallery.first.click()
    expect(page.locator(".actions")).not_to_contain_text("Waive")
    # The gallery's fee is waived, the bar's is paid.
    assert table.state.seats[0].balance < 500
    assert table.state.seats[2].balance == 500


def test_keyboard_only_turn(new_page, shot):
    """A whole turn with the keyboard: Tab to the dice, Enter; Tab to a business, Enter."""
    table = capital_table({"dice_queue": [1, 1]})
    page = open_table(new_page, table)

    def tab_to(selector: str, limit: int = 80) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("[data-key=act-roll]")
    page.keyboard.press("Enter")
    expect(page.locator("button.kind").first).to_be_visible()
    tab_to("button.kind[data-kind=bar]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-lot='2:0'] .lot-biz")).to_be_visible()
    assert table.state.businesses[(2, 0)].kind == "bar"
    shot(page, "capital_08_keyboard")


def test_language_switch_names_from_rulebooks(new_page, shot):
    """Card and business names come from the rulebooks' tables (C-7, C-5.1) per language."""
    table = capital_table({"seats": [{"seat": 0, "hand": ["swimming_in_money", "easy_money",
                                                           "toll", "private_jet", "extra_die"]},
                                     {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    page = open_table(new_page, table, lang="pt")
    hand = page.locator(".hand")
    expect(hand).to_contain_text("Nadando em Dinheiro")
    expect(hand).to_contain_text("Pedágio")
    shot(page, "capital_09_pt")
    for lang, name in (("es", "Jet Privado"), ("fr", "Plein les poches"), ("en", "Private Jet")):
        page.select_option("#lang-select", lang)
        expect(hand).to_contain_text(name)
        assert page.evaluate("document.documentElement.lang") == lang
    page.select_option("#lang-select", "fr")
    expect(page.locator("[data-key=act-roll]")).to_have_text("Lancez vos 2 dés")
    assert_clean(page, "capital fr")
    shot(page, "capital_10_fr")


def test_phone_screen(new_page, shot):
    """The table on a phone-sized screen: the board first, then the actions and panels."""
    businesses = [{"square": s, "lot": lot, "kind": k, "owner": o, "level": lv}
                  for s, lot, k, o, lv in [(2, 0, "bar", 0, 2), (2, 3, "supermarket", 1, 1),
                                           (17, 1, "office_building", 1, 3),
                                           (31, 2, "gallery", 2, 1), (45, 0, "grocery", 3, 4)]]
    table = capital_table({"businesses": businesses,
                           "constructions": [{"square": 20, "type": "obstacle", "owner": 2},
                                             {"square": 6, "type": "toll", "owner": 3}]})
    page = open_table(new_page, table, width=390, height=844)
    box = page.locator("svg.board").bounding_box()
    assert box["width"] >= 360
    shot(page, "capital_11_phone")
    shot(page, "capital_12_phone_full", full_page=True)
    page.click("[data-key=zoom]")  # a closer look, scrolled inside its frame
    assert page.locator("svg.board").bounding_box()["width"] > 2 * box["width"]
    page.locator("[data-square='17']").scroll_into_view_if_needed()
    shot(page, "capital_13_phone_zoomed")


def test_the_log_sits_in_the_boards_centre_where_the_board_is_wide_enough(new_page, shot):
    """The log in the board's empty centre from 700 px (a tablet upright: the board as wide as
    the window), after the panels on a phone and while zoomed; a window made narrower or wider
    moves it at once (it stayed where it was until the next move, and a tablet upright kept an
    empty centre above a log at the foot of the page)."""
    page = open_table(new_page, capital_table({}), width=768, height=1024)
    centre = page.locator(".board-box > .log-panel.board-log")
    expect(centre).to_have_count(1)
    shot(page, "capital_14_tablet")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(centre).to_have_count(0)
    expect(page.locator(".side > .log-panel")).to_have_count(1)
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(centre).to_have_count(1)
    page.set_viewport_size({"width": 768, "height": 1024})
    page.click("[data-key=zoom]")  # (no zoom beside the panels)
    expect(page.locator(".side > .log-panel")).to_have_count(1)


def test_a_long_name_without_spaces_fits_a_phone(new_page):
    """A 40-letter name with no space breaks inside its panel: it widened the page past a
    360 px phone's screen, which then scrolled sideways."""
    table = capital_table({})
    table.names = ["Maximiliano" * 3 + "Wolfes", *NAMES[1:]]  # NAMES is shared: a new list
    page = open_table(new_page, table, width=360, height=740)
    expect(page.locator(".player-name").first).to_contain_text("Wolfes")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_exchange_cards_D_8(new_page, shot):
    """D-8: exchange discards the chosen cards and draws as many."""
    hand = ["toll", "easy_money", "extra_die", "implosion", "lost_die"]
    table = capital_table({"dice_queue": [1, 1], "seats": [{"seat": 0, "hand": hand},
                                                           {"seat": 1}, {"seat": 2}, {"seat": 3}],
                           "deck": ["demolition", "mega_business", "toll", "toll"]})
    page = open_table(new_page, table)
    page.click("[data-key=act-roll]")
    page.click("[data-key=act-exchange-start]")
    expect(page.locator("[data-key=exchange-confirm]")).to_be_disabled()
    page.click("[data-key=hand-2]")
    page.click("[data-key=hand-4]")
    expect(page.locator(".hand .card.picked")).to_have_count(2)
    shot(page, "capital_14_exchange")
    page.click("[data-key=exchange-confirm]")
    expect(page.locator("#event-log")).to_contain_text(
        "Ana (A) discards 2 cards: Extra Die, Lost Die")
    seat, action = table.applied[1]
    assert seat == 0 and action["type"] == "exchange"
    assert sorted(action["cards"]) == ["extra_die", "lost_die"]


def test_stock_exchange_result_C_4_4_1(new_page, shot):
    """C-4.4.1: landing on the stock exchange shows the gain or loss on the board and in words."""
    table = capital_table({"seats": [{"seat": 0, "square": 52}, {"seat": 1}, {"seat": 2},
                                     {"seat": 3}], "dice_queue": [1, 2]})
    page = open_table(new_page, table)
    page.click("[data-key=act-roll]")
    expect(page.locator(".banner-text")).to_contain_text("Stock exchange A:")
    expect(page.locator("#event-log")).to_contain_text("Stock exchange: Ana (A)")
    assert table.state.seats[0].square == 55
    shot(page, "capital_15_stock_exchange")


def test_busy_board_renders_every_business_and_construction_C_8_1(new_page, shot):
    """C-8.1: every business (kind, owner, level), construction and effect is on the page."""
    kinds = ["bar", "grocery", "supermarket", "gallery", "office_building", "shopping_center",
             "super_center"]
    blocks = [s for s in range(56) if s % 14 not in (0, 13)]
    businesses = [{"square": s, "lot": (i * 3) % 4, "kind": kinds[i % 7], "owner": i % 4,
                   "level": 1 + i % 5} for i, s in enumerate(blocks[::2])]
    effects = {"tax_exemption": 3, "hare": 2, "lion": 1}
    table = capital_table({
        "businesses": businesses,
        "constructions": [{"square": 20, "type": "obstacle", "owner": 2},
                          {"square": 6, "type": "toll", "owner": 3},
                          {"square": 47, "type": "toll", "owner": 0}],
        "seats": [{"seat": 0, "balance": 1840, "laps": 3, "dice": 3, "square": 9,
                   "effects": effects,
                   "hand": ["mega_business", "instant_valuation", "toll", "new_beginning",
                            "lions_sight"]},
                  {"seat": 1, "balance": -120, "laps": 2, "square": 23},
                  {"seat": 2, "balance": 640, "laps": 2, "square": 23},
                  {"seat": 3, "balance": 2210, "laps": 4, "square": 50}],
    })
    page = open_table(new_page, table)
    expect(page.locator(".lot-biz")).to_have_count(len(businesses))
    expect(page.locator(".construction.toll")).to_have_count(2)
    expect(page.locator(".construction.obstacle")).to_have_count(1)
    expect(page.locator(".player[data-seat='0'] .effect")).to_have_count(3)
    label = page.locator(".player[data-seat='0'] .effect-tax_exemption").get_attribute("aria-label")
    assert label == "Tax Exemption: 3 left"
    expect(page.locator(".player[data-seat='1'] dd.neg")).to_have_text("-$120")
    shot(page, "capital_16_busy_board")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "capital_17_busy_board_phone")


def test_reconnects_and_resumes_from_the_current_view(new_page, shot):
    """A dropped connection: the page says so, reconnects with its token and carries on."""
    table = capital_table({"dice_queue": [1, 1, 2, 2]})
    page = open_table(new_page, table)
    for sockets in table.sockets.values():
        for ws in sockets:
            ws.close()
    table.sockets.clear()
    expect(page.locator(".conn")).to_have_text("connection lost — reconnecting…")
    expect(page.locator(".conn")).to_have_text("", timeout=10_000)
    page.click("[data-key=act-roll]")
    expect(page.locator("button.kind").first).to_be_visible()
    assert table.state.seats[0].square == 2


def test_board_of_the_page_is_the_engines_C_2(new_page):
    """C-2: the page's board (squares, kinds, regions, moves and forks) is tycoon.capital's."""
    from tycoon.capital.board import BOARD, COLORS

    page = new_page()
    install(page)
    page.goto(f"{ORIGIN}/")
    squares = page.evaluate("""Promise.all([import('./js/messages.js'),
                                            import('./js/capital/info.js')])
        .then(([m, info]) => m.loadData('capital').then(() => info.board()))""")
    assert len(squares) == BOARD.size == 56
    for sq in squares:
        s = sq["square"]
        kind = {"stock_exchange": "exchange"}.get(sq["kind"], sq["kind"])
        assert kind == BOARD.kind[s]
        assert sq["region"] == COLORS[BOARD.region[s]]
        expected = list(BOARD.forks[s]) if BOARD.next[s] == -1 else [BOARD.next[s]]
        assert sq["next"] == expected, s


def test_each_share_of_net_worth_is_the_one_richest_in_town_checks_C_8_1_C_7_3(new_page):
    """C-8.1 shows each net worth's percentage of the total, the sum C-7.3's Richest in Town
    compares 40% of. The page left the debts out of its own sum: a player reading "37%" saw
    another win with "at least 40% of the total". It now shows the engine's figures, the
    terminal's too, a debt's share below zero and no wider bar than the panel."""
    table = capital_table({"seats": [{"seat": 0, "balance": 2000}, {"seat": 1, "balance": -1000},
                                     {"seat": 2, "balance": 1000}, {"seat": 3, "balance": 1000}]})
    page = open_table(new_page, table)
    shown = page.locator(".players [data-stat=net_worth]")
    expect(shown).to_have_text(["$2,000 · 67%", "-$1,000 · -33%", "$1,000 · 33%",
                                "$1,000 · 33%"])
    bars = page.locator(".players .share-bar span")
    assert [bars.nth(i).evaluate("e => e.style.width") for i in range(4)] == [
        "67%", "0%", "33%", "33%"]


def test_the_prompts_seat_badge_stays_round_beside_a_long_prompt_on_a_phone(new_page):
    """The seat's letter beside the prompt was squeezed into an upright oval (15 × 26 px) on a
    phone, where the prompt takes two lines: the rule that lets the prompt's text shrink
    caught the badge too."""
    table = capital_table({"phase": "action", "move": {"roll": [2, 3], "landed": 5}})
    page = open_table(new_page, table, width=390, height=844)
    badge = page.locator("#prompt .swatch").bounding_box()
    text = page.locator("#prompt > span:not(.swatch)").bounding_box()
    assert text["height"] > 1.5 * badge["height"]  # the prompt takes two lines
    assert badge["width"] == badge["height"]


def test_a_cards_help_follows_the_games_rules_options_C_11(new_page):
    """Under the Kapital rules (C-11) the cards in hand say what they do there: Richest in
    Town counts the other players' net worths, Demolition removes only another player's
    construction (the help said the Capital preset's rules in every game)."""
    hand = ["richest_in_town", "demolition", "easy_money", "toll", "implosion"]
    table = capital_table({"seats": [{"seat": 0, "hand": hand}, {"seat": 1}, {"seat": 2},
                                     {"seat": 3}],
                           "options": {"richest_basis": "other_players",
                                       "demolition": "opponents"}})
    page = open_table(new_page, table)
    cards = page.locator(".hand")
    expect(cards).to_contain_text("at least 40% of the other players' together")
    expect(cards).to_contain_text("Remove one obstacle or toll of another player.")
    expect(cards).not_to_contain_text("of everyone's")


@pytest.mark.parametrize(("options", "part"), [({"lion_percent": 30}, "30%"), ({}, "half")])
def test_lions_sight_help_says_the_games_lion_percent_C_12(new_page, options, part):
    """C-12: under ``lion_percent`` 30 the card in hand and the effect a player carries say
    30% of the balance (both said "half" whatever the option); under the default 50, "half"
    (they said "50%")."""
    table = capital_table({"seats": [{"seat": 0, "hand": ["lions_sight"]},
                                     {"seat": 1, "effects": {"lion": 1}}, {"seat": 2},
                                     {"seat": 3}],
                           "options": options})
    page = open_table(new_page, table)
    expect(page.locator(".hand")).to_contain_text(
        f"A player gets Lion's Sight: {part} of their balance goes to the bank.")
    effect = page.locator(".players .effect-lion").first
    expect(effect).to_have_attribute(
        "title", f"Lion's Sight: At the next payments, {part} of the balance goes to the bank.")


@pytest.mark.parametrize(("options", "start", "block"), [
    ({}, "completes a lap: your businesses gain a level.", "then you may build."),
    ({"level_up": "landing"}, "when someone lands on their block instead.",
     "then every business there gains a level and you may build."),
    ({"card_supply": "lap"}, "your businesses gain a level and you draw a card.",
     "then you may build."),
    # the Kapital level-up with a card each lap said the level-up's words alone
    ({"level_up": "landing", "card_supply": "lap"},
     "completes a lap and you draw a card; at this table businesses gain a level when someone "
     "lands on their block instead.", "then every business there gains a level and you may build."),
])
def test_a_square_says_what_it_does_on_hover_as_the_rules_options_make_it_work_C_4_D_8(
        new_page, options, start, block):
    """C-4.2.2, C-4.4 and C-11: hovering a start, stock exchange or minigame square, or a
    block's band, shows what that square does (the catalogs had the words; no client showed
    them), in the game's rules: under the Kapital level-up a lap raises no level, and under
    ``card_supply=lap`` (D-8) a lap draws a card, under both together both."""
    table = capital_table({"options": options})
    page = open_table(new_page, table)

    def title(selector: str) -> str:
        return page.locator(selector).first.evaluate("e => e.textContent")

    assert title(".square.start > title").endswith(start)
    assert title(".square.block .sq-head > title").endswith(block)
    assert title(".square.stock_exchange > title") == (
        "Landing here you gain or lose a random amount of money.")
    assert title(".square.minigame > title").startswith("Landing here starts a minigame")
    # a square's own words stay its name (the help is a tooltip, not read before the lots)
    label = page.locator(".square.start").first.get_attribute("aria-label")
    assert "lap" not in label, label


def test_an_upright_tablet_shows_the_actions_and_hand_beside_the_players(new_page, shot):
    """On an upright tablet the side panels came one under the other below the board, the
    hand past the players, three screens down: now the actions and the hand share a row
    with the players, and everywhere the hand comes before the players (a card's targets)."""
    table = capital_table({"phase": "action", "move": {"roll": [2, 3], "landed": 5},
                           "seats": [{"seat": 0, "hand": ["easy_money", "lions_sight"],
                                      "square": 5}, {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    page = open_table(new_page, table, width=768, height=1024)
    shot(page, "capital_tablet_upright", full_page=True)
    box = {name: page.locator(f".side > .{name}").bounding_box()
           for name in ("actions", "hand-panel", "players-panel", "chat-panel")}
    board = page.locator(".board-wrap").bounding_box()
    assert box["actions"]["y"] > board["y"] + board["height"]
    assert box["players-panel"]["y"] == box["actions"]["y"]
    assert box["players-panel"]["x"] > box["actions"]["x"] + box["actions"]["width"]
    assert box["hand-panel"]["y"] < box["players-panel"]["y"] + box["players-panel"]["height"]
    assert box["chat-panel"]["width"] > 700
    order = page.eval_on_selector_all(".side > section", "els => els.map(e => e.className)")
    assert order.index("hand-panel") < order.index("players-panel")
