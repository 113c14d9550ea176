"""Helpers for the Monopoly Deal tests: card ids by name and hand-built positions."""

from __future__ import annotations

from typing import Any

from tycoon.deal import CARDS, GAME, DealState, from_json, parse_action
from tycoon.engine import render

IDS: dict[str, list[int]] = {}
for _c in CARDS:
    IDS.setdefault(_c.card, []).append(_c.id)

BROWN = IDS["property_brown"]
LBLUE = IDS["property_light_blue"]
PINK = IDS["property_pink"]
ORANGE = IDS["property_orange"]
RAIL = IDS["property_railroad"]
UTIL = IDS["property_utility"]
RED = IDS["property_red"]
YELLOW = IDS["property_yellow"]
GREEN = IDS["property_green"]
DBLUE = IDS["property_dark_blue"]
W_PINK_ORANGE = IDS["wild_pink_orange"]
W_RED_YELLOW = IDS["wild_red_yellow"]
W_DBLUE_GREEN = IDS["wild_dark_blue_green"][0]
W_RAIL_UTIL = IDS["wild_railroad_utility"][0]
MULTI = IDS["wild_multicolor"]
M1, M2, M3, M4, M5, M10 = (IDS[f"money_{v}"] for v in (1, 2, 3, 4, 5, 10))
RENT_RED_YELLOW = IDS["rent_red_yellow"]
RENT_DBLUE_GREEN = IDS["rent_dark_blue_green"]
RENT_WILD = IDS["rent_wild"]
DEAL_BREAKER = IDS["deal_breaker"]
JSN = IDS["just_say_no"]
SLY = IDS["sly_deal"]
FORCED = IDS["forced_deal"]
DEBT = IDS["debt_collector"]
BIRTHDAY = IDS["its_my_birthday"]
PASS_GO = IDS["pass_go"]
HOUSE = IDS["house"]
HOTEL = IDS["hotel"]
DOUBLE = IDS["double_the_rent"]


def seat(hand=(), bank=(), sets=()) -> dict[str, Any]:
    """A seat of a position: ``sets`` as (colour, cards[, house[, hotel]]) tuples."""
    out = []
    for s in sets:
        color, cards, *rest = s
        out.append(
            {
                "color": color,
                "cards": list(cards),
                "house": rest[0] if rest else None,
                "hotel": rest[1] if len(rest) > 1 else None,
            }
        )
    return {"hand": list(hand), "bank": list(bank), "sets": out}


def position(
    seats: list[dict[str, Any]],
    current: int = 0,
    phase: str = "play",
    plays_left: int = 3,
    pending: dict[str, Any] | None = None,
    discard: list[int] | tuple[int, ...] = (),
    deck: list[int] | None = None,
    options: dict[str, Any] | None = None,
    turn: int = 1,
) -> dict[str, Any]:
    """A position dict; unlisted cards go to the deck (top first, in id order)."""
    used: set[int] = set(discard)
    for s in seats:
        used.update(s["hand"], s["bank"])
        for x in s["sets"]:
            used.update(x["cards"])
            used.update(c for c in (x["house"], x["hotel"]) if c is not None)
    if deck is None:
        deck = [c for c in range(106) if c not in used]
    else:
        rest = [c for c in range(106) if c not in used and c not in deck]
        discard = list(discard) + rest
    return {
        "game": "deal",
        "turn": turn,
        "current": current,
        "phase": phase,
        "plays_left": plays_left,
        "seats": seats,
        "deck": list(deck),
        "discard": list(discard),
        "pending": pending,
        "winner": None,
        "options": options or {},
        "rng": {"seed": 1},
    }


def two_doubles_rent() -> dict[str, Any]:
    """D-6 with ``double_rent_stack=2``: seat 0 holds a Red/Yellow rent, both Double The Rent
    cards and 1M beside two Red properties (rent 3M, ×4 is 12M); seat 1 has five 1M cards in
    its bank to pay with. The terminal and the browser offer its rent card's choices alike."""
    return position([seat(hand=[RENT_RED_YELLOW[0], *IDS["double_the_rent"], M1[0]],
                          sets=[("red", RED[:2])]),
                     seat(bank=M1[1:])],
                    turn=2, options={"double_rent_stack": 2})


def build(seats: list[dict[str, Any]], **kw: Any) -> DealState:
    """A state from a hand-built position."""
    return from_json(position(seats, **kw))


def act(state: DealState, who: int, **data: Any) -> list:
    """Apply the action described by ``data`` (JSON fields) for seat ``who``."""
    return state.apply(who, parse_action(data))


def set_cards(state: DealState, who: int) -> list[tuple[str, list[int]]]:
    """(colour, cards) of each set of ``who``, from the public view."""
    return [(x["color"], x["cards"]) for x in state.view(None)["seats"][who]["sets"]]


def placed(state: DealState) -> list[int]:
    """Every card id, from wherever it is in the position (sorted)."""
    data = state.to_json()
    cards = list(data["deck"]) + list(data["discard"])
    for s in data["seats"]:
        cards += s["hand"] + s["bank"]
        for x in s["sets"]:
            cards += x["cards"] + [c for c in (x["house"], x["hotel"]) if c is not None]
    return sorted(cards)


def words(state: DealState, item: Any, who: int | None, lang: str = "en") -> str:
    """``state.describe(item, who)`` rendered in ``lang`` (strict: no missing key or
    parameter), seats as "Seat 1", ..."""
    return render(state.describe(item, who), GAME.catalog(lang), lang, strict=True)
