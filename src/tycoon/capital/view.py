"""What a seat may see (C-8): everything public, its own hand, nothing of the deck order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import landing
from .board import COLORS
from .businesses import PRICE, incomes_at_free_lots, round_half_up
from .describe import prompt
from .position import businesses_json, constructions_json

if TYPE_CHECKING:
    from .state import CapitalState


def view(st: CapitalState, seat: int | None, *, brief: bool = False) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (``None``: a spectator). ``brief`` leaves out what is
    only there to be shown — the prompt, the build offers and the minigame — and is what a
    bot that works the rest out itself reads, for less time: the rest is the same.

    >>> from tycoon.capital import new_game
    >>> s = new_game(seats=4, seed=2)
    >>> full, part = view(s, 0), view(s, 0, brief=True)
    >>> sorted(set(full) - set(part))
    ['minigame', 'prompt']
    >>> all(full[k] == v for k, v in part.items())
    True
    """
    from .state import EFFECTS

    worths = [p.balance for p in st.seats]  # C-5.5: net worths, in one pass
    for b in st.businesses.values():
        worths[b.owner] += PRICE[b.kind]
    total = sum(worths)
    seats = []
    for i, p in enumerate(st.seats):
        entry: dict[str, Any] = {
            "seat": i,
            "color": COLORS[i],
            "balance": p.balance,
            "net_worth": worths[i],
            "net_worth_percent": round_half_up(100 * worths[i], total) if total > 0 else 0,
            "laps": p.laps,
            "dice": p.dice,
            "square": p.square,
            "hand_size": len(p.hand),
            "effects": {e: p.uses(e) for e in EFFECTS},
            "mafia_payees": list(p.mafia),
        }
        if i == seat:
            entry["hand"] = list(p.hand)
        seats.append(entry)
    out: dict[str, Any] = {
        "game": "capital",
        "turn": st.turn,
        "current": st.current,
        "to_move": st.to_move(),
        "phase": st.phase,
        "seats": seats,
        "businesses": businesses_json(st),
        "constructions": constructions_json(st),
        "deck_size": len(st.deck),
        "discard": list(st.discard),
        "roll": list(st.roll),
        "landed": st.landed,
        "winner": st.winner_seat,
        "reason": st.reason,
        "options": dict(st.options),
    }
    if not brief:
        out["minigame"] = _minigame(st, seat)
        out["prompt"] = prompt(st, seat).to_json()
        if st.phase == "action" and seat == st.current:
            out["build"] = build_options(st, seat)
    if st.phase == "waive" and seat == st.current:
        from .payments import charges

        out["charges"] = [
            {"id": c.id, "exemption": c.exemption, "payee": c.payee, "amount": c.amount}
            for c in charges(st, st.current)
        ]
    return out


def build_options(st: CapitalState, seat: int) -> list[dict[str, Any]]:
    """Every business ``seat`` could put on a free lot of the block it landed on, with its
    price and the income it would earn there now (``businesses.income_at``), cheapest first;
    ``affordable`` says whether the balance covers it (C-4.5)."""
    from .action_step import _KINDS_BY_PRICE, affordable, free_lots

    balance = st.seats[seat].balance
    lots = free_lots(st)
    if not lots:
        return []
    incomes = incomes_at_free_lots(st.businesses, st.landed,  # type: ignore[arg-type]
                                   lots, _KINDS_BY_PRICE, seat)
    return [
        {"lot": lot, "kind": kind, "price": PRICE[kind], "income": incomes[lot, kind],
         "affordable": affordable(kind, balance)}
        for lot in lots for kind in _KINDS_BY_PRICE
    ]


def _minigame(st: CapitalState, seat: int | None) -> dict[str, Any] | None:
    mg = st.minigame
    if mg is None:
        return None
    scores = mg["scores"]
    done = all(s is not None for s in scores)
    out: dict[str, Any] = {
        "game": mg["game"],
        "level": None if seat is None else landing.level(st, seat),
        "contents": None,
        "submitted": [s for s, score in enumerate(scores) if score is not None],
        "scores": list(scores) if done else None,
    }
    if seat is not None:  # Memory's faces stay hidden (minigames.SECRET): the layout only
        out["contents"] = landing.minigames().visible(
            mg["game"], out["level"], landing.contents(st, seat))
    return out
