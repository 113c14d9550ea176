"""Monopoly Deal's statistics extension for ``tycoon stats`` (``extensions["stats"]``).

Money is each seat's bank value, wealth its bank and properties on the table; cards played
(as properties or actions) and cards banked are counted; a finished game is tagged with the
colours of the winner's full sets.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from tycoon.engine import Action, State


class DealStats:
    """The hooks of :class:`tycoon.study.stats.StatsExtension` for Monopoly Deal."""

    reason_title = "reason"
    money_label = "bank value (M)"
    wealth_label = "table value: bank + properties (M)"
    wins_tag = "win_set_colors"
    wins_title = "colours of the winners' full sets"
    #: Cards and colours by their names in the game's catalog.
    names: ClassVar[dict[str, str]] = {"cards_played": "card.{}.name", "banked": "card.{}.name",
                                       "win_set_colors": "color.{}"}

    def money(self, state: State) -> tuple[list[int], list[int]]:
        """(bank value, bank and table value) of every seat."""
        from tycoon.deal.cards import VALUE

        seats: list[dict[str, Any]] = state.view(None)["seats"]
        bank = [sum(VALUE[c] for c in s["bank"]) for s in seats]
        table = [
            sum(VALUE[c] for st in s["sets"] for c in st["cards"])
            + sum(VALUE[b] for st in s["sets"] for b in (st["house"], st["hotel"])
                  if b is not None)
            for s in seats
        ]
        return bank, [b + t for b, t in zip(bank, table, strict=True)]

    def count(self, state: State, seat: int, action: Action) -> Iterable[tuple[str, str]]:
        """Cards played (a Just Say No included) and cards banked, by name."""
        from tycoon.deal.cards import NAME

        t = action.type
        if t == "say_no":
            yield "cards_played", "just_say_no"
            return
        card = getattr(action, "card", None)
        if card is None or t in ("pay", "discard", "move_wild"):
            return
        if t == "bank":
            yield "banked", NAME[card]
            return
        yield "cards_played", NAME[card]
        for d in getattr(action, "doubles", ()):
            yield "cards_played", NAME[d]

    def tags(self, state: State, winner: int | None) -> dict[str, list[str]]:
        """``win_set_colors``: the colours of the winner's full sets."""
        if winner is None:
            return {}
        sets = state.view(None)["seats"][winner]["sets"]
        return {"win_set_colors": sorted({s["color"] for s in sets if s["full"]})}


STATS = DealStats()
