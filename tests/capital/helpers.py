"""Building Capital positions by hand (through ``from_json``) and playing them."""

from __future__ import annotations

from typing import Any

from tycoon.capital import from_json, parse_action
from tycoon.capital.events import Transfer


def position(seats: int = 2, seat: dict[int, dict[str, Any]] | None = None, **top: Any):
    """A position: ``seat`` overrides fields per seat index, ``top`` top-level keys."""
    entries: list[dict[str, Any]] = [{"seat": i} for i in range(seats)]
    for i, fields in (seat or {}).items():
        entries[i].update(fields)
    data: dict[str, Any] = {"seats": entries}
    data.update(top)
    return from_json(data)


def act(st, action: dict[str, Any], seat: int | None = None) -> list:
    """Apply a JSON action for ``seat`` (the current player by default)."""
    return st.apply(st.current if seat is None else seat, parse_action(action))


def roll(st, *dice: int) -> list:
    """Roll with the given dice (queued before the generator)."""
    st.dice_queue.extend(dice)
    return act(st, {"type": "roll"})


def transfers(events: list) -> list[tuple[int | None, int | None, int, str]]:
    """The transfers among ``events`` as tuples."""
    return [(e.payer, e.payee, e.amount, e.reason) for e in events if isinstance(e, Transfer)]


def of_type(events: list, kind: str) -> list:
    """The events of one type."""
    return [e for e in events if e.type == kind]


def business(square: int, lot: int, kind: str, owner: int, level: int = 1) -> dict[str, Any]:
    """A business entry of the position format."""
    return {"square": square, "lot": lot, "kind": kind, "owner": owner, "level": level}


def income(st, square: int, lot: int) -> int:
    """The income of one business."""
    return st.incomes()[square, lot]
