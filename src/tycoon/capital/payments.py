"""Step C-4.3: the charges of a turn, exemptions (C-4.3.1) and the order of payments (D-4).

Charge ids: ``fee:<square>:<lot>``, ``toll:<square>``, ``mafia:<i>``, ``lion:<i>``.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from tycoon.engine import Event

from .actions import Waive
from .board import BOARD
from .businesses import round_half_up
from .events import EffectChanged, Waived
from .money import pay

if TYPE_CHECKING:
    from .state import CapitalState

#: The two exemptions, in the order their charges are paid.
EXEMPTIONS = ("business_exemption", "tax_exemption")
MAFIA_PERCENT = 30  # C-4.3
TOLL = 100  # C-4.2.4


class Charge(NamedTuple):
    """One amount owed in step C-4.3; ``amount`` None means computed when paid."""

    id: str
    exemption: str
    payee: int | None
    amount: int | None
    reason: str


def charges(st: CapitalState, seat: int) -> list[Charge]:
    """Every charge ``seat`` owes this turn, in the order of D-4."""
    out: list[Charge] = []
    square = st.landed
    player = st.seats[seat]
    if square is not None and BOARD.kind[square] == "block":
        incomes = None
        for lot in range(4):
            b = st.businesses.get((square, lot))
            if b is not None and b.owner != seat:
                if incomes is None:
                    incomes = st.incomes()
                out.append(
                    Charge(f"fee:{square}:{lot}", "business_exemption", b.owner,
                           incomes[square, lot], "fee")
                )
    for square_, owner in st.tolls:
        out.append(Charge(f"toll:{square_}", "tax_exemption", owner, TOLL, "toll"))
    for i, payee in enumerate(player.mafia):
        out.append(Charge(f"mafia:{i}", "tax_exemption", payee, None, "mafia"))
    for i in range(player.effects["lion"]):
        out.append(Charge(f"lion:{i}", "tax_exemption", None, None, "lion"))
    return out


def _groups(st: CapitalState, seat: int, owed: list[Charge]) -> dict[str, tuple[list[str], int]]:
    """Per exemption: (ids of covered charges, uses left)."""
    fx = st.seats[seat].effects
    return {e: ([c.id for c in owed if c.exemption == e], fx[e]) for e in EXEMPTIONS}


def needs_choice(st: CapitalState, seat: int) -> bool:
    """C-4.3.1: True when covered charges outnumber the uses left of an exemption."""
    owed = charges(st, seat)
    return any(0 < uses < len(ids) for ids, uses in _groups(st, seat, owed).values())


def waive_options(st: CapitalState, seat: int) -> list[Waive]:
    """The legal ``Waive`` actions: for each exemption with a choice, exactly ``uses`` of its
    charges (the others are waived automatically)."""
    groups = _groups(st, seat, charges(st, seat))
    parts: list[list[tuple[str, ...]]] = []
    for ids, uses in groups.values():
        parts.append(list(combinations(ids, uses)) if 0 < uses < len(ids) else [()])
    return [Waive(tuple(sorted(a + b))) for a in parts[0] for b in parts[1]]


def waive_problem(st: CapitalState, seat: int, action: Waive) -> str | None:
    """Why ``action`` is not a valid choice of charges to waive now, or None."""
    if not all(isinstance(c, str) for c in action.charges):
        return "the charges to waive are charge ids"
    groups = _groups(st, seat, charges(st, seat))
    chosen = set(action.charges)
    allowed: set[str] = set()
    for effect, (ids, uses) in groups.items():
        if 0 < uses < len(ids):
            picked = chosen & set(ids)
            if len(picked) != uses:
                what = "1 charge" if uses == 1 else f"{uses} charges"
                return (f"choose exactly {what} to waive with your "
                        f"{effect.replace('_', ' ')} among: {', '.join(ids)}")
            allowed |= set(ids)
    unknown = chosen - allowed
    if unknown:
        return f"not a charge you can choose to waive: {', '.join(sorted(unknown))}"
    return None


def settle(st: CapitalState, seat: int, chosen: tuple[str, ...], events: list[Event]) -> None:
    """Waive what is covered (automatically, or ``chosen``), then pay the rest in order."""
    player = st.seats[seat]
    fx = player.effects
    owed = charges(st, seat)
    if not owed:
        return
    waived: set[str] = set()
    for ids, uses in _groups(st, seat, owed).values():
        if uses and ids:
            waived |= set(ids) if len(ids) <= uses else set(chosen) & set(ids)
    used = {e: 0 for e in EXEMPTIONS}
    for c in owed:
        if c.id in waived:
            used[c.exemption] += 1
            events.append(Waived(seat, c.id, c.exemption))
            continue
        amount = c.amount
        if c.reason == "mafia":
            total = sum(st.incomes()[k] for k, b in st.businesses.items() if b.owner == seat)
            amount = round_half_up(MAFIA_PERCENT * total, 100)
        elif c.reason == "lion":
            balance = player.balance
            amount = round_half_up(balance * st.options["lion_percent"], 100) if balance > 0 else 0
        pay(st, seat, c.payee, amount or 0, c.reason, events)
    for effect, n in used.items():
        if n:
            fx[effect] -= n
            events.append(EffectChanged(seat, effect, fx[effect]))
    if fx["lion"]:
        fx["lion"] = 0
        events.append(EffectChanged(seat, "lion", 0))
    if player.mafia:
        player.mafia = []
        events.append(EffectChanged(seat, "mafia", 0))
    st.tolls = []
