"""Pending answers and payments (MD-5, MD-6.9, MD-6.10): an action card resolved against its
targets one at a time, each answering with a Just Say No or accepting, then paying card by
card or handing over what the card takes.

The game waits only for the answers it needs: a responder without a Just Say No it may play
accepts at once, and a payer with nothing of value is skipped (MD-5.2, MD-6.10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Event

from .actions import Accept, Pay, SayNo
from .cards import IS_JSN, VALUE
from .events import Cancelled, PaidShort, Transferred
from .sets import check_win, find, place, table_value, take_from_set
from .turns import PAY_PHASE, PLAY, RESPOND

if TYPE_CHECKING:
    from .state import DealState

#: Action kinds that make other players pay.
PAYMENT_KINDS = frozenset({"rent", "debt_collector", "its_my_birthday"})
#: Every kind of pending action, in the order of MD-6.
PENDING_KINDS = ("rent", "debt_collector", "its_my_birthday", "sly_deal", "forced_deal",
                 "deal_breaker")


class Pending:
    """An action card being resolved against its targets (MD-6.10), one target at a time.

    ``targets[0]`` is the target being handled; ``noes`` counts the Just Say No cards played
    for it so far (odd: the action is cancelled for it unless answered); ``stage`` is
    ``respond`` (answering) or ``pay`` (paying ``amount``, ``paid`` so far).
    """

    __slots__ = ("amount", "by", "card", "color", "doubles", "give", "kind", "noes", "paid",
                 "set", "stage", "take", "targets")

    def __init__(
        self,
        kind: str,
        by: int,
        card: int,
        targets: list[int],
        amount: int = 0,
        color: int | None = None,
        doubles: tuple[int, ...] = (),
        take: int | None = None,
        give: int | None = None,
        set: int | None = None,
        noes: int = 0,
        stage: str = RESPOND,
        paid: int = 0,
    ) -> None:
        self.kind = kind
        self.by = by
        self.card = card
        self.targets = targets
        self.amount = amount
        self.color = color
        self.doubles = doubles
        self.take = take
        self.give = give
        self.set = set
        self.noes = noes
        self.stage = stage
        self.paid = paid

    @property
    def responder(self) -> int:
        """MD-6.10: who answers now: the target, or the player after a Just Say No of it."""
        return self.targets[0] if self.noes % 2 == 0 else self.by

    def copy(self) -> Pending:
        """An independent copy."""
        p = Pending.__new__(Pending)
        for name in Pending.__slots__:
            setattr(p, name, getattr(self, name))
        p.targets = self.targets[:]
        return p

    def key(self) -> tuple[object, ...]:
        """Everything it holds (for ``DealState.key`` and ``==``)."""
        return (PENDING_KINDS.index(self.kind), self.by, self.card, self.amount,
                -1 if self.color is None else self.color, self.doubles,
                -1 if self.take is None else self.take, -1 if self.give is None else self.give,
                -1 if self.set is None else self.set, self.noes, self.stage == PAY_PHASE,
                self.paid, tuple(self.targets))


def may_say_no(state: DealState, seat: int) -> bool:
    """MD-6.9 / D-7: ``seat`` holds a Just Say No and, in its own turn when a Just Say No
    counts as a play (MD-12 ``jsn_counts_as_play``), has a play left."""
    if seat == state.current and state._jsn_play and state.plays_left <= 0:
        return False
    for c in state.hands[seat]:  # noqa: SIM110
        if IS_JSN[c]:
            return True
    return False


def begin(state: DealState, p: Pending, events: list[Event]) -> None:
    """Start resolving ``p`` against its first target."""
    state.pending = p
    state.phase = RESPOND
    advance(state, events)


def advance(state: DealState, events: list[Event]) -> None:
    """Resolve what needs no decision; stop at the next seat that must choose."""
    while True:
        p = state.pending
        if p is None:
            return
        t = p.targets[0]
        if p.stage == RESPOND:
            if p.kind in PAYMENT_KINDS and table_value(state, t) == 0:
                # MD-5.2 / MD-6.10: a target with nothing of value pays nothing, so no
                # answer of it (nor a Just Say No to it) is needed.
                events.append(PaidShort(t, p.by, 0, p.amount))
                next_target(state)
                continue
            if may_say_no(state, p.responder):
                state.phase = RESPOND
                return
            answered(state, events)
            if state.won is not None:
                return
        else:
            if p.paid < p.amount:
                if table_value(state, t) > 0:
                    state.phase = PAY_PHASE
                    return
                events.append(PaidShort(t, p.by, p.paid, p.amount))
            next_target(state)


def answered(state: DealState, events: list[Event]) -> None:
    """The answers for the current target are over: cancel, or carry the action out."""
    p = state.pending
    assert p is not None
    t = p.targets[0]
    if p.noes % 2:
        events.append(Cancelled(t))
        next_target(state)
        return
    if p.kind in PAYMENT_KINDS:
        p.stage = PAY_PHASE
        p.paid = 0
        return
    by = p.by
    if p.kind == "sly_deal":  # MD-6.5
        assert p.take is not None
        found = find(state, t, p.take)
        assert found is not None
        col = found[1].color
        take_from_set(state, t, found[1], p.take, events)
        place(state, by, p.take, col)
        events.append(Transferred(t, by, (p.take,)))
    elif p.kind == "forced_deal":  # MD-6.5, D-3
        assert p.take is not None and p.give is not None
        theirs = find(state, t, p.take)
        mine = find(state, by, p.give)
        assert theirs is not None and mine is not None
        tcol, mcol = theirs[1].color, mine[1].color
        take_from_set(state, t, theirs[1], p.take, events)
        take_from_set(state, by, mine[1], p.give, events)
        place(state, by, p.take, tcol)
        place(state, t, p.give, mcol)
        events.append(Transferred(t, by, (p.take,)))
        events.append(Transferred(by, t, (p.give,)))
    else:  # deal_breaker, MD-6.6
        assert p.set is not None
        s = state.tables[t].pop(p.set)
        state.tables[by].append(s)
        moved = tuple(s.cards) + tuple(c for c in (s.house, s.hotel) if c is not None)
        events.append(Transferred(t, by, moved))
    if check_win(state, events, by, t):
        return
    next_target(state)


def next_target(state: DealState) -> None:
    """Done with the current target: the next one, or back to the player's turn."""
    p = state.pending
    assert p is not None
    p.targets.pop(0)
    p.noes = 0
    p.stage = RESPOND
    p.paid = 0
    if not p.targets:
        state.pending = None
        state.phase = PLAY


def do_say_no(state: DealState, seat: int, a: SayNo, events: list[Event]) -> None:
    """MD-6.9: a Just Say No from the hand; in one's own turn it may count as a play."""
    state.hands[seat].remove(a.card)
    state.discard.append(a.card)
    if seat == state.current and state._jsn_play:
        state.plays_left -= 1
    p = state.pending
    assert p is not None
    p.noes += 1
    advance(state, events)


def do_accept(state: DealState, seat: int, a: Accept, events: list[Event]) -> None:
    """MD-6.10: let the action (or the Just Say No) stand."""
    answered(state, events)
    if state.won is None:
        advance(state, events)


def do_pay(state: DealState, seat: int, a: Pay, events: list[Event]) -> None:
    """MD-5.2 / MD-5.3: one card towards the debt; money and buildings to the receiver's
    bank, properties to the receiver's collection in the colour they showed."""
    p = state.pending
    assert p is not None
    card = a.card
    to = p.by
    bank = state.banks[seat]
    if card in bank:
        bank.remove(card)
        state.banks[to].append(card)
    else:
        for s in state.tables[seat]:
            if s.hotel == card:
                s.hotel = None
                state.banks[to].append(card)
                break
            if s.house == card:
                s.house = None
                state.banks[to].append(card)
                break
            if card in s.cards:
                col = s.color
                take_from_set(state, seat, s, card, events)
                place(state, to, card, col)
                break
    p.paid += VALUE[card]
    events.append(Transferred(seat, to, (card,)))
    if check_win(state, events, to):
        return
    advance(state, events)
