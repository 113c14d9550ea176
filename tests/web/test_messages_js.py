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


def js_render(new_page, messages: list[dict], catalogs: dict[str, dict],
              names: list | None = None) -> dict[str, list[str]]:
    """``messages`` as ``web/js/messages.js`` renders them in each language of ``catalogs``."""
    page = new_page()
    install(page, None)
    page.goto(f"{ORIGIN}/")
    page.wait_for_selector("body[data-ready='1']")
    return {lang: page.evaluate(
        """([ms, cat, lang, names]) => import('./js/messages.js')
             .then((m) => ms.map((x) => m.render(x, cat, lang, names)))""",
        [messages, catalog, lang, names]) for lang, catalog in catalogs.items()}


@pytest.mark.parametrize("game", ["capital", "deal", "toy"])
def test_js_renders_as_python(new_page, game):
    info = get_game(game)
    messages = messages_of(game, seed=4)
    messages += [{"key": "seat.name", "params": {"number": n}} for n in (0, 1, 2)]
    catalogs = {lang: info.catalog(lang) for lang in LANGUAGES}
    said = js_render(new_page, messages, catalogs, NAMES)
    for lang, catalog in catalogs.items():
        expected = [render(m, catalog, lang, names=NAMES) for m in messages]
        got = said[lang]
        assert got == expected, json.dumps([(m, e, g) for m, e, g in
                                            zip(messages, expected, got, strict=True)
                                            if e != g][:3], ensure_ascii=False)


def test_counts_from_zero_read_alike_and_zero_things_are_plural_in_portuguese(new_page):
    """Each language's plural rules, 0 to 3, in both renderers; Portuguese counts with
    Portugal's rules, so "0 conjuntos completos", not CLDR pt's "0 conjunto completo"."""
    catalogs = {lang: get_game("deal").catalog(lang) for lang in LANGUAGES}
    messages = [{"key": "full_sets", "params": {"n": n}} for n in range(4)]
    said = js_render(new_page, messages, catalogs)
    for lang, catalog in catalogs.items():
        expected = [render(m, catalog, lang) for m in messages]
        assert said[lang] == expected, (lang, said[lang], expected)
    pt = [render(m, catalogs["pt"], "pt") for m in messages]
    assert pt[:2] == ["0 conjuntos completos", "1 conjunto completo"]
    assert render(messages[0], catalogs["fr"], "fr") == "0 série complète"  # French: 0 is "one"


def test_french_elides_de_and_que_before_a_vowel_in_both_renderers(new_page):
    """"En attente d'Ana", not "de Ana": a catalog cannot know the name a parameter brings, so
    the renderer elides "de" and "que" before a vowel in French (only there, and not before
    an h, a consonant or a number), in Python and in JavaScript alike."""
    catalog = {"wait": "En attente de {who}…", "what": "Qu'est-ce que {name} ?",
               "rent": "le loyer de {money} de {by}", "seat.name": "Joueur {number}"}
    cases = [("wait", {"who": {"seat": 0}}), ("wait", {"who": {"seat": 1}}),
             ("wait", {"who": "Élodie"}), ("wait", {"who": "Hugo"}), ("what", {"name": "Immeuble"}),
             ("rent", {"money": "1 M", "by": "Ugo"}), ("wait", {"who": {"seat": 3}})]
    messages = [{"key": k, "params": p} for k, p in cases]
    fr = [render(m, catalog, "fr", names=NAMES) for m in messages]
    assert fr == ["En attente d'Ana (A)…", "En attente de Bruno (B)…", "En attente d'Élodie…",
                  "En attente de Hugo…", "Qu'est-ce qu'Immeuble ?", "le loyer de 1 M d'Ugo",
                  "En attente de Joueur 4…"]
    assert render(messages[0], catalog, "es", names=NAMES) == "En attente de Ana (A)…"
    said = js_render(new_page, messages, dict.fromkeys(LANGUAGES, catalog), NAMES)
    for lang in LANGUAGES:
        assert said[lang] == [render(m, catalog, lang, names=NAMES) for m in messages], lang


def test_a_list_of_names_with_a_comma_is_joined_by_semicolons_in_both_renderers(new_page):
    """"Attention, Travaux" is one card: a list holding it is joined by the catalog's
    ``list.sep.strong`` (" ; " in French, "; " elsewhere), in Python and in JavaScript alike,
    so "discards 2 cards" lists two names, not three."""
    info = get_game("capital")
    cards = [{"key": "card.careful_works.name", "params": {}},
             {"key": "card.demolition.name", "params": {}}]
    plain = {"key": "card.demolition.name", "params": {}}
    messages = [{"key": "event.discarded", "params": {"seat": {"seat": 0}, "n": 2, "cards": c}}
                for c in (cards, [plain, plain])]
    said = {lang: [render(m, info.catalog(lang), lang, names=NAMES) for m in messages]
            for lang in LANGUAGES}
    assert said["fr"][0].endswith(": Attention, Travaux ; Démolition")
    assert said["en"][0].endswith(": Careful, Works; Demolition")
    assert said["fr"][1].endswith(": Démolition, Démolition")
    catalogs = {lang: info.catalog(lang) for lang in LANGUAGES}
    assert js_render(new_page, messages, catalogs, NAMES) == said


def test_numbers_are_grouped_as_each_language_writes_them_in_both_renderers(new_page):
    """Capital's money reads "$1,250" in English, "$1.250" in Portuguese, "1 250 $" in French
    and "$1250" but "$12.500" in Spanish (CLDR's digit groups, whose Spanish leaves four digits
    whole: Babel in Python, ``Intl.NumberFormat`` in the browser)."""
    info = get_game("capital")
    messages = [{"key": key, "params": {"n": n}}
                for key in ("money", "money.negative") for n in (50000, 12345, 1250, 0)]
    said = {lang: [render(m, info.catalog(lang), lang) for m in messages] for lang in LANGUAGES}
    assert said["en"][:4] == ["$50,000", "$12,345", "$1,250", "$0"]
    assert said["pt"][2] == "$1.250" and said["es"][:3] == ["$50.000", "$12.345", "$1250"]
    assert said["fr"][2] == "1\u202f250 $" and said["fr"][5] == "-12\u202f345 $"
    catalogs = {lang: info.catalog(lang) for lang in LANGUAGES}
    assert js_render(new_page, messages, catalogs) == said
