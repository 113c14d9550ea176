"""Monopoly Deal as a plugin: the ``GameInfo`` registered under ``tycoon.games``."""

from __future__ import annotations

from typing import Any

from tycoon.engine import GameInfo, Option
from tycoon.engine.data import datum_classes

from . import actions, events


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
)



GAME = GameInfo(
    name="deal",
    title="Monopoly Deal",
    min_seats=2,
    max_seats=5,
    default_seats=2,
    make=_make,
    from_json=_from_json,
    parse_action=actions.parse_action,
    action_types=datum_classes(actions, actions.Action),
    event_types=datum_classes(events, events.Event),
    options=OPTIONS,
    phases=("play", "answer", "pay", "discard", "over"),
    messages="tycoon.deal.messages",
    extensions={
        "heuristic": "tycoon.bots.deal:DealHeuristic",
        "search": "tycoon.bots.deal:search_kwargs",
        "rl_codec": "tycoon.rl.deal_codec:CODEC",
        "terminal": "tycoon.terminal.deal:play",
        "stats": "tycoon.bots.deal_stats:STATS",
    },
)
