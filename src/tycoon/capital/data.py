"""Everything a client draws, as JSON, generated from the rules modules (``GAME.client_data``).

Nothing here is copied by hand: the board comes from ``board``, prices and incomes from
``businesses``, cards from ``cards`` and ``card_rules``, effects from ``state``, the charges
from ``payments``. The words for each id are in the message catalogs (``card.<id>.name``,
``business.<kind>.name``, ``effect.<id>.name``, ``square_kind.<kind>.name``, ...).

>>> d = client_data()
>>> len(d["board"]["squares"]), d["board"]["forks"]["3"], d["businesses"][0]
(56, {'straight': 4, 'right': 8}, {'kind': 'bar', 'price': 50, 'base_income': 25})
>>> d["income"]["examples"]["bar"][:4]
[25, 30, 36, 43]
"""

from __future__ import annotations

from typing import Any

from . import card_rules, landing, payments
from .board import BLOCKS, BOARD, COLORS, REGION_SIZE, WAYS
from .businesses import (
    BASE,
    BRAND_BONUS,
    KINDS,
    LOTS,
    NEIGHBOURHOOD_BONUS,
    PRICE,
    REGION_BONUS,
    income,
)
from .cards import CARDS, COPIES, COST, TARGET, VICTORY
from .supply import HAND_SIZE

#: Effect id -> (uses a card gives, the card that gives it).
_EFFECT_CARDS = {
    "lion": (1, "lions_sight"), "mafia": (1, "mafia_collection"),
    "tax_exemption": (3, "tax_exemption"), "business_exemption": (3, "business_exemption"),
    "blocked_account": (1, "blocked_account"), "hare": (3, "operation_hare"),
    "turtle": (3, "operation_turtle"),
}


def _squares() -> list[dict[str, Any]]:
    out = []
    for sq in range(BOARD.size):
        nxt = BOARD.next[sq]
        out.append({
            "square": sq,
            "number": sq + 1,  # what people read (messages count from 1 too)
            "kind": BOARD.kind[sq],
            "region": BOARD.region[sq],
            "colour": COLORS[BOARD.region[sq]],
            "offset": sq % REGION_SIZE,
            "next": list(BOARD.forks[sq]) if nxt < 0 else [nxt],
            "lots": LOTS if BOARD.kind[sq] == "block" else 0,
            "adjacent": sorted(BOARD.adjacent[sq]),
        })
    return out


def _card(card: str) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": card,
        "cost": COST[card],
        "target": TARGET[card],
        "category": "victory" if card in VICTORY else "action",
        "copies": COPIES,
    }
    if card in VICTORY:
        from .describe import victory

        entry["condition"] = victory(card).to_json()
    return entry


def client_data() -> dict[str, Any]:
    """The board, the cards, the business kinds with prices and income rules, the effects,
    the minigames and the numbers of the rules, JSON-ready."""
    from .minigames import DURATIONS_MS, GAMES, LEVELS, SECRET
    from .position import START_BALANCE, START_DICE
    from .state import EFFECTS

    return {
        "board": {
            "squares": _squares(),
            "forks": {str(sq): dict(zip(WAYS, ways, strict=True))
                      for sq, ways in sorted(BOARD.forks.items())},
            "ways": list(WAYS),
            "starts": list(BOARD.starts),
            "colours": list(COLORS),
            "blocks": list(BLOCKS),
            "lots": LOTS,
            "square_kinds": sorted(set(BOARD.kind)),
        },
        "cards": [_card(c) for c in CARDS],
        "businesses": [{"kind": k, "price": PRICE[k], "base_income": BASE[k]} for k in KINDS],
        "income": {
            "formula": "round_half_up(base * (6/5)**(level-1) * (100 + brand + region "
                       "+ neighbourhood) / 100)",
            "level_factor": [6, 5],
            "brand_bonus": list(BRAND_BONUS),
            "region_bonus_per_business": REGION_BONUS,
            "neighbourhood_bonus": list(NEIGHBOURHOOD_BONUS),
            "examples": {k: [income(k, level, 0) for level in range(1, 9)] for k in KINDS},
        },
        "effects": [{"id": e, "uses": _EFFECT_CARDS[e][0], "card": _EFFECT_CARDS[e][1]}
                    for e in EFFECTS],
        "charges": {"toll": payments.TOLL, "mafia_percent": payments.MAFIA_PERCENT},
        "victory": {
            "richest_percent": card_rules.RICHEST_PERCENT,
            "richest_laps": card_rules.RICHEST_LAPS,
            "entrepreneur_worth": card_rules.ENTREPRENEUR_WORTH,
            "jet_lead": card_rules.JET_LEAD,
            "mega_income": card_rules.MEGA_INCOME,
        },
        "limits": {"max_dice": card_rules.MAX_DICE, "hand_size": HAND_SIZE},
        "start": {"balance": START_BALANCE, "dice": START_DICE, "hand": HAND_SIZE},
        "stock_exchange": {"min": landing.STOCK_MIN, "max": landing.STOCK_MAX,
                           "step": landing.STOCK_STEP},
        "minigames": {"games": list(GAMES), "levels": list(LEVELS), "secret": list(SECRET),
                      "durations_ms": list(DURATIONS_MS)},
    }
