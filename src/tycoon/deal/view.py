"""What a seat sees (MD-9) and the JSON position written by ``to_json`` (``docs/positions.md``).

A view holds ``game, turn, current, to_move, phase, plays_left, seats, deck_size, discard,
pending, winner, reason, options``; each seat has ``seat, hand_size, bank, sets`` and, in its
own view, ``hand``. The position has the same keys plus every ``hand``, ``deck`` (top first)
and ``rng``.

>>> from tycoon.deal import new_game
>>> s = new_game(seats=3, seed=5)
>>> "hand" in s.view(0)["seats"][1], "hand" in s.view(0)["seats"][0]
(False, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .answers import PAYMENT_KINDS
from .cards import COLORS
from .sets import is_full, set_rent
from .turns import RESPOND

if TYPE_CHECKING:
    from .state import DealState


def pending_json(state: DealState) -> dict[str, Any] | None:
    """The action card being resolved, with its derived keys (``target``, ``responder``,
    ``owed``), or None."""
    p = state.pending
    if p is None:
        return None
    paying = p.kind in PAYMENT_KINDS
    return {
        "kind": p.kind,
        "by": p.by,
        "card": p.card,
        "color": COLORS[p.color] if p.color is not None else None,
        "doubles": list(p.doubles),
        "amount": p.amount if paying else None,
        "take": p.take,
        "give": p.give,
        "set": p.set,
        "targets": list(p.targets),
        "target": p.targets[0],
        "noes": p.noes,
        "stage": p.stage,
        "responder": p.responder if p.stage == RESPOND else None,
        "paid": p.paid,
        "owed": max(0, p.amount - p.paid) if paying else None,
    }


def dump(state: DealState, seat: int | None, secret: bool) -> dict[str, Any]:
    """The view of ``seat`` (``secret=False``) or the whole position (``secret=True``)."""
    seats = []
    for s in range(state.n):
        hand = state.hands[s]
        d: dict[str, Any] = {"seat": s, "hand_size": len(hand)}
        if secret or s == seat:
            d["hand"] = list(hand)
        d["bank"] = list(state.banks[s])
        d["sets"] = [
            {
                "color": COLORS[x.color],
                "cards": list(x.cards),
                "full": is_full(x.color, x.cards),
                "house": x.house,
                "hotel": x.hotel,
                "rent": set_rent(x),
            }
            for x in state.tables[s]
        ]
        seats.append(d)
    out: dict[str, Any] = {
        "game": "deal",
        "turn": state.turn,
        "current": state.current,
        "to_move": state.to_move(),
        "phase": state.phase,
        "plays_left": state.plays_left,
        "seats": seats,
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "pending": pending_json(state),
        "winner": state.won,
        "reason": state.reason,
        "options": dict(state.options),
    }
    if secret:
        out["deck"] = state.deck[::-1]
        out["rng"] = state.rng.to_json()
    return out
