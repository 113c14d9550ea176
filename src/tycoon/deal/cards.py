"""The 106 playable cards of Monopoly Deal (MD-1), with stable integer ids.

Ids are fixed forever (positions and records use them): money 0-19, properties 20-47,
property wild cards 48-58 (the two multicolour ones are 57 and 58), rent cards 59-71 (wild
rent 69-71), action cards 72-105.

>>> len(CARDS), CARDS[0].card, CARDS[0].value
(106, 'money_1', 1)
>>> CARDS[57].card, CARDS[57].value, len(CARDS[57].colors)
('wild_multicolor', 0, 10)
>>> [c.id for c in CARDS if c.card == "deal_breaker"]
[72, 73]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Colour ids of MD-1.2, in table order; a colour's index is its internal number.
COLORS: tuple[str, ...] = (
    "brown",
    "light_blue",
    "pink",
    "orange",
    "railroad",
    "utility",
    "red",
    "yellow",
    "green",
    "dark_blue",
)
COLOR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLORS)}
#: Colour names in words.
COLOR_NAMES: tuple[str, ...] = tuple(c.replace("_", " ") for c in COLORS)
#: Full-set size of each colour (MD-1.2, MD-7.1).
SET_SIZE: tuple[int, ...] = (2, 3, 3, 3, 4, 2, 3, 3, 3, 2)
#: Bank value of a property card of each colour.
PROPERTY_VALUE: tuple[int, ...] = (1, 1, 2, 2, 2, 2, 3, 3, 4, 4)
#: Rent for 1, 2, ... cards of each colour (MD-1.2).
RENTS: tuple[tuple[int, ...], ...] = (
    (1, 2),
    (1, 2, 3),
    (1, 2, 4),
    (1, 3, 5),
    (1, 2, 3, 4),
    (1, 2),
    (2, 3, 6),
    (2, 4, 6),
    (2, 4, 7),
    (3, 8),
)
#: Colours that may not carry a house or hotel (MD-6.8).
NO_BUILDINGS: frozenset[int] = frozenset({COLOR_INDEX["railroad"], COLOR_INDEX["utility"]})

HOUSE_RENT = 3
HOTEL_RENT = 4

#: Action cards of MD-1.5: (card id, count, value, English name).
ACTION_CARDS: tuple[tuple[str, int, int, str], ...] = (
    ("deal_breaker", 2, 5, "Deal Breaker"),
    ("just_say_no", 3, 4, "Just Say No"),
    ("sly_deal", 3, 3, "Sly Deal"),
    ("forced_deal", 3, 3, "Forced Deal"),
    ("debt_collector", 3, 3, "Debt Collector"),
    ("its_my_birthday", 3, 2, "It's My Birthday"),
    ("pass_go", 10, 1, "Pass Go"),
    ("house", 3, 3, "House"),
    ("hotel", 2, 4, "Hotel"),
    ("double_the_rent", 2, 1, "Double The Rent"),
)

MONEY, PROPERTY, WILD, RENT, ACTION = "money", "property", "wild", "rent", "action"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: ``id`` (0-105), ``card`` (its kind of card, e.g. ``deal_breaker``,
    ``property_red``, ``wild_pink_orange``, ``rent_wild``, ``money_5``), ``kind`` (``money``,
    ``property``, ``wild``, ``rent``, ``action``), bank ``value`` in M, the ``colors`` it shows
    (properties, wild cards, rent cards) and its English ``name``."""

    id: int
    card: str
    kind: str
    value: int
    colors: tuple[str, ...]
    name: str

    def to_json(self) -> dict[str, Any]:
        """``{"id", "card", "kind", "value", "colors", "name"}``."""
        return {
            "id": self.id,
            "card": self.card,
            "kind": self.kind,
            "value": self.value,
            "colors": list(self.colors),
            "name": self.name,
        }


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []

    def add(card: str, kind: str, value: int, colors: tuple[str, ...], name: str) -> None:
        cards.append(Card(len(cards), card, kind, value, colors, name))

    for value, count in ((1, 6), (2, 5), (3, 3), (4, 3), (5, 2), (10, 1)):
        for _ in range(count):
            add(f"money_{value}", MONEY, value, (), f"{value}M")
    for i, color in enumerate(COLORS):
        for _ in range(SET_SIZE[i]):
            add(f"property_{color}", PROPERTY, PROPERTY_VALUE[i], (color,), COLOR_NAMES[i])
    wilds = (
        ("pink", "orange", 2, 2),
        ("red", "yellow", 3, 2),
        ("dark_blue", "green", 4, 1),
        ("light_blue", "brown", 1, 1),
        ("light_blue", "railroad", 4, 1),
        ("green", "railroad", 4, 1),
        ("railroad", "utility", 2, 1),
    )
    for a, b, value, count in wilds:
        for _ in range(count):
            name = f"{a.replace('_', ' ')}/{b.replace('_', ' ')} wild"
            add(f"wild_{a}_{b}", WILD, value, (a, b), name)
    for _ in range(2):
        add("wild_multicolor", WILD, 0, COLORS, "multicolour wild")
    for a, b in (
        ("dark_blue", "green"),
        ("red", "yellow"),
        ("pink", "orange"),
        ("light_blue", "brown"),
        ("railroad", "utility"),
    ):
        for _ in range(2):
            name = f"Rent {a.replace('_', ' ')}/{b.replace('_', ' ')}"
            add(f"rent_{a}_{b}", RENT, 1, (a, b), name)
    for _ in range(3):
        add("rent_wild", RENT, 3, COLORS, "Wild Rent")
    for card, count, value, name in ACTION_CARDS:
        for _ in range(count):
            add(card, ACTION, value, (), name)
    return tuple(cards)


#: The 106 cards, indexed by id.
CARDS: tuple[Card, ...] = _build()
N_CARDS = len(CARDS)
assert N_CARDS == 106

# Fast per-id tables used by the rules.
VALUE: tuple[int, ...] = tuple(c.value for c in CARDS)
KIND: tuple[str, ...] = tuple(c.kind for c in CARDS)
NAME: tuple[str, ...] = tuple(c.card for c in CARDS)
#: Colour numbers a card shows.
CARD_COLORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(COLOR_INDEX[x] for x in c.colors) for c in CARDS
)
IS_MULTI: tuple[bool, ...] = tuple(c.card == "wild_multicolor" for c in CARDS)
IS_WILD: tuple[bool, ...] = tuple(c.kind == WILD for c in CARDS)
IS_PROPERTY: tuple[bool, ...] = tuple(c.kind in (PROPERTY, WILD) for c in CARDS)
IS_JSN: tuple[bool, ...] = tuple(c.card == "just_say_no" for c in CARDS)
IS_DOUBLE: tuple[bool, ...] = tuple(c.card == "double_the_rent" for c in CARDS)


def card_text(card: int) -> str:
    """A card in words with its value, e.g. ``"Deal Breaker (5M)"``.

    >>> card_text(72)
    'Deal Breaker (5M)'
    """
    c = CARDS[card]
    if c.kind == MONEY:
        return c.name
    if c.kind == PROPERTY:
        return f"{c.name} property ({c.value}M)"
    return f"{c.name} ({c.value}M)"
