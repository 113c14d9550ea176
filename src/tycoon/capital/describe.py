"""Actions in English words, for screen readers and logs ("Build a bar on block 17, lot 2,
for $50")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Action

from . import landing
from .actions import Branch, Build, Exchange, Minigame, Pass, Play, Roll, Waive
from .board import BOARD, COLORS, WAYS
from .businesses import NAME as KIND_NAME
from .businesses import PRICE
from .cards import COST
from .cards import NAME as CARD_NAME

if TYPE_CHECKING:
    from .state import CapitalState

_ARTICLE = {k: ("an" if v[0] in "aeiou" else "a") for k, v in KIND_NAME.items()}


def seat_name(seat: int, me: int) -> str:
    """``yourself`` (``seat`` is ``me``) or ``seat 2 (blue)``."""
    if seat == me:
        return "yourself"
    return f"seat {seat} ({COLORS[seat]})"


def square_name(square: int) -> str:
    """``block 17``, ``start square 14``, ``minigame square 13``, ``stock exchange square 27``."""
    kind = BOARD.kind[square]
    if kind == "block":
        return f"block {square}"
    if kind == "exchange":
        return f"stock exchange square {square}"
    return f"{kind} square {square}"


def describe(st: CapitalState, action: Action, seat: int) -> str:
    """``action`` of ``seat`` in words."""
    if isinstance(action, Roll):
        n = st.seats[seat].dice
        return f"Roll your {n} {'die' if n == 1 else 'dice'}"
    if isinstance(action, Branch):
        square = st.seats[seat].square
        to = BOARD.forks.get(square, (square, square))[WAYS.index(action.way)]
        way = "Go straight on" if action.way == "straight" else "Turn right"
        return f"{way} towards {square_name(to)}"
    if isinstance(action, Waive):
        if not action.charges:
            return "Waive nothing more"
        return "Waive " + ", ".join(_charge(st, c, seat) for c in action.charges)
    if isinstance(action, Build):
        kind = action.kind
        return (f"Build {_ARTICLE[kind]} {KIND_NAME[kind]} on {square_name(st.landed or 0)}, "
                f"lot {action.lot}, for ${PRICE[kind]}")
    if isinstance(action, Play):
        return _play(st, action, seat)
    if isinstance(action, Exchange):
        n = len(action.cards)
        names = ", ".join(CARD_NAME[c] for c in action.cards)
        return f"Exchange {n} card{'s' if n > 1 else ''}: {names}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Minigame):
        moves = f"{len(action.inputs)} move{'s' if len(action.inputs) != 1 else ''}"
        if st.minigame is not None and st.phase == "minigame":
            try:
                points = landing.score(st, seat, action)
            except ValueError:
                return f"Send minigame inputs ({moves}, refused)"
            return f"Send minigame inputs ({moves}, worth {points} points)"
        return f"Send minigame inputs ({moves})"
    return str(action)


def _charge(st: CapitalState, charge: str, seat: int) -> str:
    parts = charge.split(":")
    if parts[0] == "fee":
        square, lot = int(parts[1]), int(parts[2])
        b = st.businesses.get((square, lot))
        owner = f" to {seat_name(b.owner, seat)}" if b else ""
        return f"the fee of the business on {square_name(square)}, lot {lot}{owner}"
    if parts[0] == "toll":
        return f"the toll on {square_name(int(parts[1]))}"
    if parts[0] == "mafia":
        return "a Mafia Collection"
    if parts[0] == "lion":
        return "a Lion's Sight"
    return charge


def _play(st: CapitalState, action: Play, seat: int) -> str:
    card, target = action.card, action.target
    cost = COST[card]
    price = f" for ${cost}" if cost else " (free)"
    what = f"Play {CARD_NAME[card]}"
    if target is None:
        return what + price
    if isinstance(target, tuple):
        b = st.businesses.get(target)
        if b is None:
            business = "the business"
        elif b.owner == seat:
            business = f"your {KIND_NAME[b.kind]}"
        else:
            business = f"the {KIND_NAME[b.kind]} of {seat_name(b.owner, seat)}"
        return f"{what} on {business} on {square_name(target[0])}, lot {target[1]}{price}"
    if card in ("careful_works", "toll", "demolition"):
        return f"{what} on {square_name(target)}{price}"
    if 0 <= target < len(st.seats):
        return f"{what} on {seat_name(target, seat)}{price}"
    return f"{what} on {target}{price}"
