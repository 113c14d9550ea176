"""Step C-4.4: the stock exchange (C-4.4.1, D-6) and minigame rounds (C-4.4.2, C-9, D-7).

The minigames themselves live in ``tycoon.capital.minigames``; this module draws the game and
each seat's seed from the state's generator, plays the minigame bot for a seat, scores
submitted inputs and pays the points. ``tycoon.capital.session`` offers all of it to the
generic layers as an input session.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tycoon.engine import Event

from .actions import Minigame
from .board import BOARD
from .events import MinigameScored, MinigameStarted, MinigameSubmitted, StockExchange
from .money import pay

if TYPE_CHECKING:
    from .state import CapitalState

#: D-6: the stock exchange pays a multiple of STOCK_STEP from STOCK_MIN to STOCK_MAX.
STOCK_MIN, STOCK_MAX, STOCK_STEP = -300, 500, 10

_module: ModuleType | None = None


def minigames() -> ModuleType:
    """The minigames package (imported on first use)."""
    global _module
    if _module is None:
        _module = importlib.import_module("tycoon.capital.minigames")
    return _module


def duration_ms(st: CapitalState) -> int:
    """How long the table's minigames last (option ``minigame_seconds``), in ms."""
    return st.options["minigame_seconds"] * 1000


def start(st: CapitalState, seat: int, events: list[Event]) -> None:
    """Resolve the landed square; sets the phase to "minigame" or "action"."""
    kind = BOARD.kind[st.landed] if st.landed is not None else None
    if kind == "exchange":
        amount = st.rng.randint(STOCK_MIN // STOCK_STEP, STOCK_MAX // STOCK_STEP) * STOCK_STEP
        events.append(StockExchange(seat, amount))
        if amount > 0:
            pay(st, None, seat, amount, "stock_exchange", events)
        elif amount < 0:
            pay(st, seat, None, -amount, "stock_exchange", events)
    elif kind == "minigame":
        game = st.rng.choice(tuple(minigames().GAMES))
        seeds = [st.rng.next64() for _ in st.seats]
        st.minigame = {"game": game, "seeds": seeds, "scores": [None] * len(st.seats)}
        st.mg_cache = {}
        st.phase = "minigame"
        events.append(MinigameStarted(game, tuple(level(st, s) for s in range(len(st.seats))),
                                      st.options["minigame_seconds"]))
        return
    st.phase = "action"


def level(st: CapitalState, seat: int) -> str:
    """C-4.4.2: the player whose turn it is plays easy, the others hard."""
    return "easy" if seat == st.current else "hard"


def _cached(st: CapitalState, seat: int) -> dict[str, Any]:
    """``seat``'s cache entry: its ``contents`` (built on first use) and ``scored``, the
    ``(action, points)`` of the inputs already scored (the bots' among them)."""
    entry = st.mg_cache.get(seat)
    if entry is None:
        entry = st.mg_cache[seat] = {"scored": []}
    return entry


def contents(st: CapitalState, seat: int) -> dict[str, Any]:
    """The minigame contents of ``seat`` (from its seed)."""
    entry = _cached(st, seat)
    out = entry.get("contents")
    if out is None:
        mg = st.minigame
        assert mg is not None
        out = entry["contents"] = minigames().generate(mg["game"], level(st, seat),
                                                       mg["seeds"][seat])
    return out


def bot_action(st: CapitalState, seat: int, skill: float, seed: int) -> Minigame:
    """The inputs of the minigame bot at ``skill`` for ``seat`` (scored as they are made)."""
    mg = st.minigame
    assert mg is not None
    entry = _cached(st, seat)
    ((inputs, points),) = minigames().plays(mg["game"], level(st, seat), mg["seeds"][seat],
                                            [(skill, seed)], entry.get("contents"),
                                            duration_ms(st))
    action = Minigame(tuple(inputs))
    scored = entry["scored"]
    if len(scored) >= 16:
        del scored[0]
    scored.append((action, points))
    return action


def score(st: CapitalState, seat: int, action: Minigame) -> int | str:
    """The points of ``action``'s inputs, or why they could not have happened (C-9.5)."""
    mg = st.minigame
    assert mg is not None
    scored = _cached(st, seat)["scored"]
    for ready, points in scored:
        if ready is action:  # made by the bot, or checked already
            return points
    try:
        points = minigames().score(mg["game"], level(st, seat), contents(st, seat),
                                   list(action.inputs), duration_ms(st))
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        return f"minigame inputs refused: {exc}"
    if len(scored) < 8:
        scored.append((action, points))
    return points


def submit(st: CapitalState, seat: int, points: int, events: list[Event]) -> bool:
    """Record ``seat``'s points; when all are in, pay them (D-7). True when the round is over."""
    mg = st.minigame
    assert mg is not None
    mg["scores"][seat] = points
    events.append(MinigameSubmitted(seat))
    if any(s is None for s in mg["scores"]):
        return False
    events.append(MinigameScored(mg["game"], tuple(mg["scores"])))
    for s, p in enumerate(mg["scores"]):
        pay(st, None, s, max(0, p), "minigame", events)
    st.phase = "action"
    return True
