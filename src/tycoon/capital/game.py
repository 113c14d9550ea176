"""Capital as a plugin: the ``GameInfo`` registered under ``tycoon.games``."""

from __future__ import annotations

from typing import Any

from tycoon.engine import GameInfo, Option
from tycoon.engine.game import package_parts

from .options import PRESETS
from .state import PHASES


def _make(seats: int, seed: int, options: dict[str, Any]) -> Any:
    from . import _new_state

    return _new_state(seats, seed, options)


def _client_data() -> dict[str, Any]:
    from .data import client_data

    return client_data()


def _from_json(data: dict[str, Any]) -> Any:
    from .state import CapitalState

    return CapitalState.from_json(data)


OPTIONS = (
    Option("level_up", "choice", "owner_lap", ("owner_lap", "landing"),
           help="When businesses gain a level: on their owner's laps, or when anyone lands on "
           "their block (C-11)."),
    Option("richest_basis", "choice", "all_players", ("all_players", "other_players"),
           help="Richest in Town compares with the net worth of all players or of the others."),
    Option("demolition", "choice", "any", ("any", "opponents"),
           help="Demolition removes any obstacle or toll, or only an opponent's."),
    Option("lion_percent", "int", 50, minimum=0, maximum=100,
           help="Percent of the balance a Lion's Sight takes."),
    Option("turn_limit", "int", None, minimum=1, maximum=100_000, nullable=True,
           help="Stop the game unfinished after this many turns (none: no limit)."),
    Option("card_supply", "choice", "refill", ("refill", "lap"),
           help="Refill the hand to 5 each turn (D-8), or draw one card per completed lap."),
    Option("minigame_seconds", "choice", 30, (30, 60, 90),
           help="How long every minigame lasts, in seconds (30 by default; 60 or 90 for "
           "accessible tables). Scores stay comparable: see docs/minigames.md."),
)

GAME = GameInfo(
    name="capital",
    title="Capital",
    min_seats=2,
    max_seats=4,
    default_seats=4,
    make=_make,
    from_json=_from_json,
    **package_parts(__package__),
    options=OPTIONS,
    presets=PRESETS,
    phases=PHASES,
    client_data=_client_data,
    extensions={
        "heuristic": "tycoon.bots.capital:CapitalHeuristic",
        "search": "tycoon.bots.capital:search_kwargs",
        "rl_codec": "tycoon.rl.capital_codec:CODEC",
        "terminal": "tycoon.terminal.capital:play",
        "stats": "tycoon.bots.capital_stats:STATS",
    },
)
