"""Every text a person reads, in the four languages, for both games (issue 11 point 3,
issue 12): log lines, action buttons and menus, prompts, panels and help, after several turns
against the real engine. A missing key, an unfilled ``{placeholder}``, a "(s)" plural or a raw
id of the rules fails the test (see ``texts.py``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tycoon.engine import get_game

from .harness import ORIGIN, Table, install, seat_token_script
from .texts import assert_clean

LANGS = ["en", "pt", "es", "fr"]
NAMES = ["Ana", "Bruno", "Carla", "Davi"]

#: A person's clicks, first visible match wins (menus opened are checked before choosing).
CLICKS = [
    "[data-key=mgr-close]", "[data-key=act-roll]", "[data-key^=act-branch]",
    ".actions .button-col button", "button.kind", "[data-key=act-accept]",
    ".card-menu button[role=menuitem]", ".dseat.mine button.dcard", ".dhand button.dcard",
    "[data-key=act-pass]", "[data-key=act-end-turn]",
]


def open_game(new_page, game: str, lang: str, seed: int) -> tuple[object, Table]:
    info = get_game(game)
    seats = 4 if game == "capital" else 3
    state = info.new_game(seats, seed=seed)
    table = Table(game, state, {"tok0": 0}, NAMES[:seats], seed=seed)
    page = new_page(init=seat_token_script(table.id, "tok0", 0, lang))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(f".{game}-table")
    return page, table


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["capital", "deal"])
def test_every_text_in_every_language(new_page, shot, game, lang):
    page, table = open_game(new_page, game, lang, seed=5)
    seen_menu = False
    for step in range(18):
        if page.locator(".victory-screen").count() or table.state.is_over:
            break
        if page.locator(".minigame").count():
            page.wait_for_timeout(200)
            continue
        for selector in CLICKS:
            target = page.locator(selector)
            if target.count() and target.first.is_visible() and target.first.is_enabled():
                assert_clean(page, f"{game} {lang} step {step}")
                if selector.startswith(".card-menu"):
                    seen_menu = True
                target.first.click()
                page.wait_for_timeout(80)
                break
        else:
            page.wait_for_timeout(100)
    assert_clean(page, f"{game} {lang} end")
    # every "?" explains its card, business or effect in words
    helps = page.locator("button.help")
    for i in range(min(helps.count(), 3)):
        helps.nth(i).click()
        expect(page.locator(".help-tip:not([hidden])").first).not_to_be_empty()
        helps.nth(i).click()
    assert_clean(page, f"{game} {lang} help")
    assert page.locator("#event-log .turn-lines li").count() > 3
    if game == "deal":
        assert seen_menu, "a card's menu was opened and read"
    shot(page, f"words_{game}_{lang}")
