"""Screenshots of every screen at 1280×800 and 390×844 into ``artifacts/screenshots/``, each
checked for what a player must never see: horizontal scrolling on a phone, a missing key,
an unfilled placeholder, a raw id (issue 12)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .harness import ORIGIN, install, seat_token_script
from .test_generic_page import toy_table
from .texts import assert_clean

SIZES = {"desktop": (1280, 800), "phone": (390, 844), "small-phone": (320, 640)}


def no_horizontal_scroll(page) -> None:
    """The page is no wider than its window; else fail naming the innermost boxes that stick
    out."""
    width = page.evaluate("document.documentElement.scrollWidth")
    view = page.evaluate("window.innerWidth")
    out = page.evaluate("""(view) => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > view + 1 && !e.closest('.skip')
          && ![...e.children].some((c) => c.getBoundingClientRect().right > view + 1))
        .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}: `
          + `${Math.round(e.getBoundingClientRect().right)}px "${e.textContent.slice(0, 30)}"`)""",
                        view) if width > view + 1 else []
    assert width <= view + 1, f"the page is {width}px wide in a {view}px window: {out}"


def open_screen(new_page, size: str, path: str, shown: str):
    """A page at ``size`` on the client's ``path`` (no game behind it), once ``shown`` shows."""
    page = new_page(*SIZES[size])
    install(page, None)
    page.goto(f"{ORIGIN}/{path}")
    expect(page.locator(shown)).to_be_visible()
    return page


@pytest.mark.parametrize("size", SIZES)
def test_lobby_screen(new_page, shot, size):
    page = open_screen(new_page, size, "", "#create-button")
    page.click(".options-box summary")
    # no option's words are cut: each select is as wide as its longest choice
    for select in page.locator(".options select").all():
        assert select.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), select.inner_text()
    assert_clean(page, "lobby")
    no_horizontal_scroll(page)
    shot(page, f"lobby-{size}", full_page=True)


@pytest.mark.parametrize("game", ["capital", "deal", "toy"])
@pytest.mark.parametrize("size", SIZES)
def test_rules_screen(new_page, shot, size, game):
    page = open_screen(new_page, size, f"#/rules/{game}", "#rules-h")
    if game == "toy":  # no prose for a plugin game: its own data only
        expect(page.locator(".rules")).to_contain_text("the tables below come from the game")
    else:
        expect(page.locator(".rules-table").first).to_be_visible()
        assert_clean(page, f"rules {game}")
        # no table scrolls sideways either (on a phone a row is a block: its cells say their
        # column, as "Cost: $200")
        wide = page.evaluate("""() => [...document.querySelectorAll('.rules-table')]
            .filter((s) => s.scrollWidth > s.clientWidth + 1)
            .map((s) => s.textContent.slice(0, 30))""")
        assert not wide, wide
        if size == "phone":
            cell = page.locator(".rules-table td[data-label]").first
            label = cell.get_attribute("data-label")
            before = cell.evaluate("e => getComputedStyle(e, '::before').content")
            assert before == f'"{label}: "', before
    no_horizontal_scroll(page)
    shot(page, f"rules-{game}-{size}", full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_toy_table_screen(new_page, shot, size):
    table = toy_table()
    page = new_page(*SIZES[size], init=seat_token_script(table.id, "tokA", 0))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".generic-table .actions button")
    assert_clean(page, "toy")
    no_horizontal_scroll(page)
    shot(page, f"toy-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_record_file_screen(new_page, shot, size):
    """The file field stays inside its panel (on a phone its own width stuck out of it)."""
    page = open_screen(new_page, size, "#/replay-file", "#record-file")
    field = page.locator("#record-file").bounding_box()
    panel = page.locator(".record-file").bounding_box()
    assert field["x"] + field["width"] <= panel["x"] + panel["width"] - 8, (field, panel)
    assert_clean(page, "record file")
    no_horizontal_scroll(page)
    shot(page, f"record-file-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_unknown_game_screen(new_page, shot, size):
    page = open_screen(new_page, size, "#/game/NOPE123", "#unknown-h")
    assert_clean(page, "unknown")
    no_horizontal_scroll(page)
    shot(page, f"unknown-game-{size}")


def game_page(new_page, game: str, seats: int, size: str, seed: int = 5, lang: str = "en"):
    from tycoon.engine import get_game

    from .harness import Table

    state = get_game(game).new_game(seats, seed=seed)
    names = ["Ana", "Bruno", "Carla", "Davi", "Eva"][:seats]
    table = Table(game, state, {"tok0": 0}, names, seed=seed)
    page = new_page(*SIZES[size], init=seat_token_script(table.id, "tok0", 0, lang))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(f".{game}-table")
    return page, table


def test_deal_table_fits_one_screen_at_1280x800_MD_9_2(new_page, shot):
    """Issue 12: every opponent and the whole hand of a 5-seat table without scrolling."""
    page, _ = game_page(new_page, "deal", 5, "desktop")
    page.wait_for_selector(".dhand .dcard")
    for node in page.locator(".opponents .dseat, .dhand").all():
        box = node.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    no_horizontal_scroll(page)
    assert_clean(page, "deal 5 seats")
    shot(page, "deal-5-seats-desktop")


@pytest.mark.parametrize("game", ["capital", "deal"])
@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("small-phone", "es")])
def test_game_on_a_phone_does_not_overflow(new_page, shot, game, size, lang):
    """Nothing sticks out sideways, on a 390 px phone and on a 320 px one in Spanish (the
    longest words): there, a Capital player's five figures once ran past their card and
    pushed the whole table 20 px past the window."""
    page, _ = game_page(new_page, game, 4 if game == "capital" else 3, size, lang=lang)
    page.wait_for_timeout(300)
    no_horizontal_scroll(page)
    wide = page.evaluate("""() => [...document.querySelectorAll('.stats, .dseat, .player')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent.slice(0, 30))""")
    assert not wide, wide
    assert_clean(page, f"{game} {size}")
    shot(page, f"{game}-{size}")
    shot(page, f"{game}-{size}-full", full_page=True)


@pytest.mark.parametrize("game", ["capital", "deal"])
def test_game_desktop(new_page, shot, game):
    page, _ = game_page(new_page, game, 4 if game == "capital" else 2, "desktop")
    page.wait_for_timeout(300)
    no_horizontal_scroll(page)
    shot(page, f"{game}-desktop")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_hand_card_help_button_can_be_clicked(new_page, size):
    """Issue 12: a "?" on every card of the hand, on top of its card, at both sizes."""
    page, _ = game_page(new_page, "deal", 3, size)
    page.wait_for_selector(".dhand .dcard")
    page.wait_for_timeout(700)  # the cards' flight into the hand (450 ms) is over
    buttons = page.locator(".dhand button.help")
    assert buttons.count() >= 5
    for i in range(buttons.count()):
        buttons.nth(i).scroll_into_view_if_needed()
        box = buttons.nth(i).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest("
                            "'button.help') !== null", [x, y])
        assert hit, f"help button {i + 1} of the hand is covered ({size})"
