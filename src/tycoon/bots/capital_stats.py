"""Capital's statistics extension for ``tycoon stats`` (``extensions["stats"]``).

Money is each seat's balance, wealth its net worth; cards played and businesses built are
counted; a win's reason is its victory card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from tycoon.engine import Action, State


class CapitalStats:
    """The hooks of :class:`tycoon.study.stats.StatsExtension` for Capital."""

    reason_title = "victory card"
    money_label = "balance ($)"
    wealth_label = "net worth ($)"
    wins_tag = None
    wins_title = "wins by victory card"
    #: Cards, businesses and victory cards by their names in the game's catalog.
    names: ClassVar[dict[str, str]] = {"cards_played": "card.{}.name",
                                       "built": "business.{}.name", "reason": "card.{}.name"}

    def money(self, state: State) -> tuple[list[int], list[int]]:
        """(balance, net worth) of every seat."""
        seats: list[dict[str, Any]] = state.view(None)["seats"]
        return [s["balance"] for s in seats], [s["net_worth"] for s in seats]

    def count(self, state: State, seat: int, action: Action) -> Iterable[tuple[str, str]]:
        """Cards played (by id) and businesses built (by kind)."""
        if action.type == "play":
            yield "cards_played", str(action.card)  # type: ignore[attr-defined]
        elif action.type == "build":
            yield "built", str(action.kind)  # type: ignore[attr-defined]

    def tags(self, state: State, winner: int | None) -> dict[str, list[str]]:
        """Nothing beyond the reason (the victory card)."""
        return {}


STATS = CapitalStats()
