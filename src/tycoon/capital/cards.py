"""The 23 card kinds of C-7: ids, English names, costs, what they target.

>>> len(CARDS), len(VICTORY), COST["swimming_in_money"]
(23, 5, 3000)
>>> TARGET["lions_sight"], TARGET["implosion"], TARGET["easy_money"]
('opponent', 'business', None)
"""

from __future__ import annotations

COPIES = 4  # C-1.3

#: id -> (English name, cost, target). Targets: None (no target), "opponent" (a seat other
#: than the player's), "seat" (any seat, the player's included), "square" (a square for an
#: obstacle or a toll), "construction" (a square holding one), "business" (any business),
#: "own_business" (one of the player's businesses).
_TABLE: dict[str, tuple[str, int, str | None]] = {
    "easy_money": ("Easy Money", 0, None),
    "business_insurance": ("Business Insurance", 0, None),
    "lions_sight": ("Lion's Sight", 200, "opponent"),
    "mafia_collection": ("Mafia Collection", 100, "opponent"),
    "tax_exemption": ("Tax Exemption", 200, None),
    "business_exemption": ("Business Exemption", 200, None),
    "blocked_account": ("Blocked Account", 200, "opponent"),
    "careful_works": ("Careful, Works", 100, "square"),
    "toll": ("Toll", 100, "square"),
    "demolition": ("Demolition", 100, "construction"),
    "operation_hare": ("Operation Hare", 0, None),
    "operation_turtle": ("Operation Turtle", 200, "opponent"),
    "extra_die": ("Extra Die", 200, None),
    "lost_die": ("Lost Die", 500, "opponent"),
    "new_beginning": ("A New Beginning", 200, "seat"),
    "implosion": ("Implosion", 200, "business"),
    "instant_valuation": ("Instant Valuation", 200, "own_business"),
    "aggressive_marketing": ("Aggressive Marketing", 400, None),
    "richest_in_town": ("Richest in Town", 0, None),
    "successful_entrepreneur": ("Successful Entrepreneur", 0, None),
    "private_jet": ("Private Jet", 500, None),
    "swimming_in_money": ("Swimming in Money", 3000, None),
    "mega_business": ("Mega Business", 500, None),
}

CARDS: tuple[str, ...] = tuple(_TABLE)
NAME: dict[str, str] = {k: v[0] for k, v in _TABLE.items()}
COST: dict[str, int] = {k: v[1] for k, v in _TABLE.items()}
TARGET: dict[str, str | None] = {k: v[2] for k, v in _TABLE.items()}
VICTORY: frozenset[str] = frozenset(
    {"richest_in_town", "successful_entrepreneur", "private_jet", "swimming_in_money",
     "mega_business"}
)
#: Card id -> index, for sorting hands in a stable order.
ORDER: dict[str, int] = {c: i for i, c in enumerate(CARDS)}


def full_deck() -> list[str]:
    """The 92 cards of C-1.3, unshuffled."""
    return [card for card in CARDS for _ in range(COPIES)]
