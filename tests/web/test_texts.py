"""The client's own texts (no browser): four languages with the same keys and placeholders,
real plurals (no "(s)"), every key the pages ask for, and no game data copied into the client
(issue 11: it comes from the games' data API and catalogs)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tycoon
from tycoon.capital.minigames import GAMES as MINIGAMES

PACKAGE = Path(tycoon.__file__).resolve().parent
LANGS = ("en", "pt", "es", "fr")
TEXTS = {lang: json.loads((PACKAGE / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in LANGS}


def placeholders(text: str | dict) -> set[str]:
    if isinstance(text, dict):  # a plural object: every form has the same placeholders
        return set().union(*(placeholders(v) for k, v in text.items() if k != "plural"))
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_language_has_every_key_with_the_same_placeholders(lang):
    en, other = TEXTS["en"], TEXTS[lang]
    assert set(other) == set(en)
    for key, text in en.items():
        assert placeholders(other[key]) == placeholders(text), key
        assert other[key], key
        assert "(s)" not in str(other[key]) and "(s)" not in str(text), key


@pytest.mark.parametrize("lang", LANGS)
def test_minigame_screens_are_named_C_9(lang):
    """The minigame screens' own words (names, help) are the page's; the game's words
    (cards, businesses, effects, colours, actions, events) are in the games' catalogs."""
    texts = TEXTS[lang]
    for game in MINIGAMES:
        assert f"minigame.{game}.name" in texts and f"minigame.{game}.help" in texts
    game_words = ("capital.card.", "deal.card.", "capital.event.", "deal.event.",
                  "capital.action.", "deal.action.")
    assert not [k for k in texts if k.startswith(game_words)]


def test_no_game_data_is_copied_into_the_client():
    """Issue 11: the board, prices, costs and card tables come from the game's data API."""
    web = PACKAGE / "web"
    assert not (web / "data" / "deal-cards.json").exists()
    for gone in ("capital/data.js", "capital/words.js", "deal/words.js"):
        assert not (web / "js" / gone).exists(), gone
    source = "\n".join(p.read_text("utf-8") for p in (web / "js").rglob("*.js"))
    assert "office_building: { price" not in source and "super_center: 1500" not in source


def test_every_text_the_pages_ask_for_exists():
    """Each literal key of a t("...") call in the client's modules is in the texts."""
    used: set[str] = set()
    for path in (PACKAGE / "web" / "js").rglob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_][\w.]*)["']""", path.read_text("utf-8")))
    for path in (PACKAGE / "web").glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-label)?="([\w.]+)"', path.read_text("utf-8")))
    assert len(used) > 120
    missing = sorted(k for k in used if k not in TEXTS["en"])
    assert not missing, missing


def test_every_refusal_of_the_server_has_words_in_the_page():
    """The page says a refusal by its ``code`` in its own language (docs/protocol.md, "Error
    answers"): every WebSocket and REST error code has words, but ``bad_request``, whose
    ``detail`` is the only words there are; so has ``network``, the server out of reach."""
    from tycoon.server.protocol import ERROR_CODES, REST_ERROR_CODES

    codes = (set(ERROR_CODES) | set(REST_ERROR_CODES) | {"network"}) - {"bad_request"}
    missing = sorted(code for code in codes if f"error.{code}" not in TEXTS["en"])
    assert not missing, missing


#: Texts whose count is never one (nor, in French, zero): a minigame's 30 to 90 seconds, Pass
#: Go's two cards, a full Monopoly Deal set's two cards or more, Memory's board of 28.
NEVER_ONE = {"event.minigame_started", "action.pass_go", "set.full", "set.full_house",
             "set.full_hotel", "term.memory.help", "term.memory.new_board"}


def catalog_texts():
    """(where, language, key, text) of the page's texts, the terminal's and every game's."""
    from tycoon.engine import games, get_game
    from tycoon.terminal.words import terminal_catalog

    for lang in LANGS:
        yield from (("page", lang, k, v) for k, v in TEXTS[lang].items())
        yield from (("terminal", lang, k, v) for k, v in terminal_catalog(lang).items())
        for game in games():
            yield from ((game, lang, k, v) for k, v in get_game(game).catalog(lang).items())


def test_a_counted_word_agrees_with_its_count():
    """"Discard pile (1 card)", not "(1 cards)": a text that counts a noun is a plural object
    in every language and catalog (the page's, the terminal's, the games'), and each language
    follows its own rules (French's 0 is one: "série Rouge, 1 carte sur 3")."""
    from tycoon.engine import render

    counted = [f"{where} {lang} {key}" for where, lang, key, text in catalog_texts()
               if isinstance(text, str) and key not in NEVER_ONE
               and re.search(r"\{(n|seconds|count)\} (\w+ )?\w+s\b", text)]
    assert not counted, counted
    said = {(key, lang, n): render({"key": key, "params": {"n": n}}, TEXTS[lang], lang)
            for key, lang, n in [("capital.discard_n", "en", 1), ("minigame.points", "fr", 0),
                                 ("minigame.change_money.left", "pt", 1),
                                 ("capital.deck_size", "es", 2)]}
    assert list(said.values()) == ["Discard pile (1 card)", "0 point", "falta 1 dólar",
                                   "2 cartas en el mazo"]


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_name_their_count(lang):
    """A plural's "one" form says its count ({n}, or the ``plural`` it names): French calls 0
    "one" too ("0 carte", not "1 carte")."""
    for key, text in TEXTS[lang].items():
        if isinstance(text, dict):
            count = "{" + text["plural"] + "}"
            assert all(count in v for k, v in text.items() if k != "plural"), key


@pytest.mark.parametrize(("lang", "landing", "not_at_start", "one_thing"), [
    ("en", "lands on its block pays its owner", "not paid when you pass a start square",
     "Then you do one thing"),
    ("pt", "para no seu quarteirão paga ao dono", "não é paga quando você passa",
     "faz uma só coisa"),
    ("es", "cae en su manzana paga a su dueño", "no se cobra al pasar", "haces una sola cosa"),
    ("fr", "s'arrête sur son quartier paie à son propriétaire",
     "n'est pas versé quand vous passez", "faites une seule chose"),
])
def test_capitals_rules_for_players_say_where_income_comes_from_C_4_3_C_4_2_2_C_4_5(
        lang, landing, not_at_start, one_thing):
    """The Rules page said that a business earns its income when its owner passes a start
    square, and that a turn may build, play cards and exchange. In the rules (and the
    engine) the income is what each other player landing on the block pays (C-4.3), a lap
    only raises levels (C-4.2.2), and a turn takes one action (C-4.5)."""
    income, turn = TEXTS[lang]["rules.capital.07"], TEXTS[lang]["rules.capital.05"]
    assert landing in income and not_at_start in income
    assert one_thing in turn
