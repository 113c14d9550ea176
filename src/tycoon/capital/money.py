"""Moving money (C-4.3.2, C-4.3.3): every balance change is a ``Transfer`` event.

A payment is always made in full, even into a negative balance (D-5). Money due to a seat
under Blocked Account goes to the bank instead, spending one use (C-4.3.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Event

from .events import Diverted, EffectChanged, Transfer

if TYPE_CHECKING:
    from .state import CapitalState


def receive(
    st: CapitalState, payer: int | None, payee: int, amount: int, reason: str, events: list[Event]
) -> None:
    """``payee`` receives ``amount`` (> 0) already taken from ``payer`` (None: the bank)."""
    seat = st.seats[payee]
    if seat.effects["blocked_account"] > 0:
        seat.effects["blocked_account"] -= 1
        if payer is not None:
            events.append(Transfer(payer, None, amount, reason))
        events.append(Diverted(payee, amount, reason))
        events.append(EffectChanged(payee, "blocked_account", seat.effects["blocked_account"]))
        return
    seat.balance += amount
    events.append(Transfer(payer, payee, amount, reason))


def pay(
    st: CapitalState,
    payer: int | None,
    payee: int | None,
    amount: int,
    reason: str,
    events: list[Event],
) -> None:
    """``payer`` pays ``amount`` to ``payee`` (either None: the bank); nothing when 0."""
    if amount <= 0:
        return
    if payer is not None:
        st.seats[payer].balance -= amount
    if payee is None:
        events.append(Transfer(payer, None, amount, reason))
    else:
        receive(st, payer, payee, amount, reason, events)
