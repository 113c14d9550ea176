"""Step C-4.4: the stock exchange (C-4.4.1, D-6) and minigame rounds (C-4.4.2, C-9, D-7).

The minigames themselves live in ``tycoon.capital.minigames``; this module draws the game and
each seat's seed from the state's generator, offers ready-made inputs from the minigame bot,
scores submitted inputs and pays the points.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tycoon.engine import Event, IllegalAction

from .actions import Minigame
from .board import BOARD
from .events import MinigameScored, MinigameStarted, MinigameSubmitted, StockExchange
from .money import pay

if TYPE_CHECKING:
    from .state import CapitalState

_MASK = (1 << 64) - 1
#: Skills of the ready-made minigame inputs offered by ``legal_actions``.
BOT_SKILLS = (0.0, 0.5, 1.0)

_module: ModuleType | None = None


def minigames() -> ModuleType:
    """The minigames package (imported on first use)."""
    global _module
    if _module is None:
        _module = importlib.import_module("tycoon.capital.minigames")
    return _module


def start(st: CapitalState, seat: int, events: list[Event]) -> None:
    """Resolve the landed square; sets the phase to "minigame" or "action"."""
    kind = BOARD.kind[st.landed] if st.landed is not None else None
    if kind == "exchange":
        amount = st.rng.randint(-30, 50) * 10  # D-6
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
        events.append(MinigameStarted(game, tuple(level(st, s) for s in range(len(st.seats)))))
        return
    st.phase = "action"


def level(st: CapitalState, seat: int) -> str:
    """C-4.4.2: the player whose turn it is plays easy, the others hard."""
    return "easy" if seat == st.current else "hard"


def _cached(st: CapitalState, seat: int) -> dict[str, Any]:
    """``seat``'s cache entry: its ``contents``, ready-made ``actions`` and their ``points``,
    each computed on first use (the contents are built only when someone needs them)."""
    entry = st.mg_cache.get(seat)
    if entry is None:
        entry = st.mg_cache[seat] = {}
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


def actions(st: CapitalState, seat: int) -> list[Minigame]:
    """Ready-made inputs for ``seat``: the minigame bot at skills 0, 0.5 and 1."""
    entry = _cached(st, seat)
    if "actions" not in entry:
        mg = st.minigame
        assert mg is not None
        seed = mg["seeds"][seat]
        bots = [(skill, (seed + k + 1) & _MASK) for k, skill in enumerate(BOT_SKILLS)]
        # the inputs with their points, the bots sharing their work
        made = minigames().plays(mg["game"], level(st, seat), seed, bots, entry.get("contents"))
        out: list[Minigame] = []
        points: list[tuple[Minigame, int]] = []
        for inputs, p in made:
            action = Minigame(tuple(inputs))
            if action not in out:
                out.append(action)
                points.append((action, p))
        entry["actions"] = out
        entry["points"] = points
    return entry["actions"]


def score(st: CapitalState, seat: int, action: Minigame) -> int:
    """The points of ``action``'s inputs; ``IllegalAction`` if they could not happen."""
    mg = st.minigame
    assert mg is not None
    for ready, points in _cached(st, seat).get("points", ()):
        if ready is action:  # a ready-made action: scored when it was made
            return points
    try:
        points = minigames().score(mg["game"], level(st, seat), contents(st, seat),
                                   list(action.inputs))
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise IllegalAction(f"minigame inputs refused: {exc}") from None
    if isinstance(points, bool) or not isinstance(points, int):
        raise IllegalAction("minigame inputs refused: no score")
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
