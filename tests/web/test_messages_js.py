"""``web/js/messages.js`` renders exactly as ``tycoon.engine.messages.render`` (issue 11: one
source of words): the same messages of every game — actions and events of played games, plural
forms, nested messages, lists, seat references — give the same text in the four languages."""

from __future__ import annotations

import json
import random

import pytest

from tycoon.engine import get_game
from tycoon.engine.messages import LANGUAGES, Message, render

from .harness import ORIGIN, install

NAMES = ["Ana (A)", "Bruno (B)", "Carla (C)", None]


def messages_of(game: str, seed: int, steps: int = 150) -> list[dict]:
    """The messages of a random game's legal actions and events, as the server sends them."""
    info = get_game(game)
    state = info.new_game(seed=seed)
    rng = random.Random(seed)
    out: list[dict] = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        out += [state.describe(a, seat).to_json() for a in legal[:6]]
        for event in state.apply(seat, rng.choice(legal)):
            said = state.describe(event, seat)
            if isinstance(said, Message):
                out.append(said.to_json())
    return out


@pytest.mark.parametrize("game", ["capital", "deal", "toy"])
def test_js_renders_as_python(new_page, game):
    info = get_game(game)
    messages = messages_of(game, seed=4)
    messages += [{"key": "seat.name", "params": {"number": n}} for n in (0, 1, 2)]
    page = new_page()
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("body[data-ready='1']")
    for lang in LANGUAGES:
        catalog = info.catalog(lang)
        expected = [render(m, catalog, lang, names=NAMES) for m in messages]
        got = page.evaluate(
            """([ms, cat, lang, names]) => import('./js/messages.js')
                 .then((m) => ms.map((x) => m.render(x, cat, lang, names)))""",
            [messages, catalog, lang, NAMES])
        assert got == expected, json.dumps([(m, e, g) for m, e, g in
                                            zip(messages, expected, got, strict=True)
                                            if e != g][:3], ensure_ascii=False)


def test_counts_from_zero_read_alike_and_zero_things_are_plural_in_portuguese(new_page):
    """Each language's plural rules, 0 to 3, in both renderers; Portuguese counts with
    Portugal's rules, so "0 conjuntos completos", not CLDR pt's "0 conjunto completo"."""
    catalogs = {lang: get_game("deal").catalog(lang) for lang in LANGUAGES}
    messages = [{"key": "full_sets", "params": {"n": n}} for n in range(4)]
    page = new_page()
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("body[data-ready='1']")
    for lang, catalog in catalogs.items():
        expected = [render(m, catalog, lang) for m in messages]
        got = page.evaluate(
            """([ms, cat, lang]) => import('./js/messages.js')
                 .then((m) => ms.map((x) => m.render(x, cat, lang)))""",
            [messages, catalog, lang])
        assert got == expected, (lang, got, expected)
    pt = [render(m, catalogs["pt"], "pt") for m in messages]
    assert pt[:2] == ["0 conjuntos completos", "1 conjunto completo"]
    assert render(messages[0], catalogs["fr"], "fr") == "0 série complète"  # French: 0 is "one"
