"""The client's texts and data (no browser): four languages with the same keys and
placeholders, every card, business and effect named (C-5.1, C-6, C-7, MD-1, MD-11), and the
Deal card table the page loads identical to the engine's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tycoon
from tycoon.capital.businesses import KINDS
from tycoon.capital.cards import CARDS as CAPITAL_CARDS
from tycoon.capital.minigames import GAMES as MINIGAMES
from tycoon.capital.state import EFFECTS
from tycoon.deal.cards import ACTION_CARDS, COLORS
from tycoon.deal.cards import CARDS as DEAL_CARDS

PACKAGE = Path(tycoon.__file__).resolve().parent
LANGS = ("en", "pt", "es", "fr")
TEXTS = {lang: json.loads((PACKAGE / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in LANGS}


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_language_has_every_key_with_the_same_placeholders(lang):
    en, other = TEXTS["en"], TEXTS[lang]
    assert set(other) == set(en)
    for key, text in en.items():
        assert placeholders(other[key]) == placeholders(text), key
        assert other[key].strip(), key


@pytest.mark.parametrize("lang", LANGS)
def test_rule_ids_are_the_keys_C_5_1_C_6_C_7_C_9_MD_1(lang):
    texts = TEXTS[lang]
    for card in CAPITAL_CARDS:
        assert f"capital.card.{card}.name" in texts and f"capital.card.{card}.text" in texts
    for kind in KINDS:
        assert f"capital.kind.{kind}" in texts and f"capital.kind_abbr.{kind}" in texts
    for effect in EFFECTS:
        assert f"capital.effect.{effect}.name" in texts
    for game in MINIGAMES:
        assert f"minigame.{game}.name" in texts
    for color in COLORS:
        assert f"deal.color.{color}" in texts
    for card, *_ in ACTION_CARDS:
        assert f"deal.card.{card}" in texts


def test_names_of_the_rulebooks_C_7_C_5_1_MD_11():
    """Spot checks against the tables of capital.md and the French Deal rulebook."""
    assert TEXTS["pt"]["capital.card.swimming_in_money.name"] == "Nadando em Dinheiro"
    assert TEXTS["es"]["capital.card.blocked_account.name"] == "Cuenta Interceptada"
    assert TEXTS["fr"]["capital.card.successful_entrepreneur.name"] == "Business Man"
    assert TEXTS["fr"]["capital.kind.super_center"] == "Parc de Bureaux d'affaires"
    assert TEXTS["es"]["capital.kind.grocery"] == "Ultramarinos"
    assert TEXTS["fr"]["deal.card.just_say_no"] == "Dites non"
    assert TEXTS["fr"]["deal.card.double_the_rent"] == "Double loyer"


def test_deal_card_table_of_the_page_is_the_engines_MD_1():
    served = json.loads((PACKAGE / "web" / "data" / "deal-cards.json").read_text("utf-8"))
    assert served == [c.to_json() for c in DEAL_CARDS]


def test_capital_display_data_matches_the_engine_C_5_1_C_7():
    """The prices and costs the page shows before a choice are the engine's."""
    from tycoon.capital.businesses import PRICE
    from tycoon.capital.cards import COST

    source = (PACKAGE / "web" / "js" / "capital" / "data.js").read_text("utf-8")
    for kind in KINDS:
        assert re.search(rf"\b{kind}: {{ price: {PRICE[kind]},", source), kind
    for card in CAPITAL_CARDS:
        assert re.search(rf"\b{card}: {{ cost: {COST[card]},", source), card


def test_every_text_the_pages_ask_for_exists():
    """Each literal key of a t("...") call in the client's modules is in the texts."""
    used: set[str] = set()
    for path in (PACKAGE / "web" / "js").rglob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_][\w.]*)["']""", path.read_text("utf-8")))
    for path in (PACKAGE / "web").glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-label)?="([\w.]+)"', path.read_text("utf-8")))
    assert len(used) > 150
    missing = sorted(k for k in used if k not in TEXTS["en"])
    assert not missing, missing
