"""Monopoly Deal as a plugin: the ``GameInfo`` registered under ``tycoon.games``, the single
source of its options (MD-12 and ``turn_limit``), phases and client data.

>>> GAME.resolve_options(None, {"turn_limit": "40"})["turn_limit"]
40
>>> data = GAME.client_data()
>>> len(data["cards"]), data["cards"][72]["name_key"], data["colors"][0]["set_size"]
(106, 'card.deal_breaker.name', 2)
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import GameInfo, Option
from tycoon.engine.game import package_parts

from .cards import (
    ACTION_CARDS,
    CARDS,
    COLORS,
    HOTEL_RENT,
    HOUSE_RENT,
    NO_BUILDINGS,
    PROPERTY_VALUE,
    RENTS,
    SET_SIZE,
)


def _make(seats: int, seed: int, options: dict[str, Any]) -> Any:
    from .state import DealState

    return DealState.new(seats, seed, options)


def _from_json(data: dict[str, Any]) -> Any:
    from .state import DealState

    return DealState.from_json(data)


OPTIONS = (
    Option("double_rent_stack", "choice", 1, (1, 2),
           help="How many Double The Rent cards may go with one rent (2: rent x4)."),
    Option("jsn_counts_as_play", "choice", True, (True, False),
           help="Whether a Just Say No played in your own turn counts as one of your 3 plays."),
    Option("discard_to", "choice", "discard_pile", ("discard_pile", "deck_bottom"),
           help="Where the cards over the hand limit of 7 go."),
    Option("buildings_when_broken", "choice", "discard", ("discard", "bank"),
           help="What becomes of the house and hotel of a set that stops being full "
           "(bank: into the owner's bank)."),
    Option("turn_limit", "int", None, minimum=1, maximum=100_000, nullable=True,
           help="Stop the game unfinished after this many turns (none: play until someone "
           "wins)."),
)

#: The kind of each action card as the action that plays it (its message is ``action.<type>``).
_PLAYED_AS = {"house": "house", "hotel": "hotel", "just_say_no": "say_no",
              "double_the_rent": "rent"}


def _action_key(card: Any) -> str | None:
    if card.kind == "rent":
        return "action.rent"
    if card.kind == "action":
        return f"action.{_PLAYED_AS.get(card.card, card.card)}"
    return None


def client_data() -> dict[str, Any]:
    """What a client draws from, generated from :mod:`tycoon.deal.cards`: every card (``id``,
    ``card``, ``kind``, ``value``, ``colors``, English ``name``, catalog keys ``name_key``,
    ``help_key`` and ``action_key``, and for a property or wild card the ``rents`` of each
    colour it shows), every colour (``set_size``, ``rents`` for 1, 2, ... cards,
    ``property_value``, ``buildings``, ``name_key``), and the numbers of the rules."""
    colors = [
        {
            "id": color,
            "name_key": f"color.{color}",
            "set_size": SET_SIZE[i],
            "rents": list(RENTS[i]),
            "property_value": PROPERTY_VALUE[i],
            "buildings": i not in NO_BUILDINGS,
        }
        for i, color in enumerate(COLORS)
    ]
    cards = []
    for c in CARDS:
        entry = c.to_json()
        entry.update(name_key=f"card.{c.card}.name", help_key=f"card.{c.card}.help",
                     action_key=_action_key(c))
        if c.kind in ("property", "wild"):
            entry["rents"] = {col: list(RENTS[COLORS.index(col)]) for col in c.colors}
            entry["set_sizes"] = {col: SET_SIZE[COLORS.index(col)] for col in c.colors}
        cards.append(entry)
    return {
        "cards": cards,
        "colors": colors,
        "action_cards": [{"card": card, "count": count, "value": value}
                         for card, count, value, _ in ACTION_CARDS],
        "rules": {"hand_limit": 7, "plays": 3, "deal": 5, "draw": 2, "draw_empty_hand": 5,
                  "house_rent": HOUSE_RENT, "hotel_rent": HOTEL_RENT, "debt_collector": 5,
                  "its_my_birthday": 2, "sets_to_win": 3},
    }


GAME = GameInfo(
    name="deal",
    title="Monopoly Deal",
    min_seats=2,
    max_seats=5,
    default_seats=2,
    make=_make,
    from_json=_from_json,
    **package_parts(__package__),
    options=OPTIONS,
    phases=("play", "respond", "pay", "discard", "over"),
    client_data=client_data,
    extensions={
        "heuristic": "tycoon.bots.deal:DealHeuristic",
        "search": "tycoon.bots.deal:search_kwargs",
        "rl_codec": "tycoon.rl.deal_codec:CODEC",
        "terminal": "tycoon.terminal.deal:play",
        "stats": "tycoon.bots.deal_stats:STATS",
    },
)
