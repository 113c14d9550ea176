"""What is legal now (MD-3 to MD-7): the one source that serves ``legal_actions`` and
``apply`` (an action is legal when it is in the list), and says why an action is not.

The lists are built from the shared action instances of :mod:`tycoon.deal.actions`, so
``apply`` checks legality by identity first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import render

from .action_cards import others
from .actions import (
    ACCEPT,
    BANK,
    BIRTHDAY,
    DISCARD,
    END_TURN,
    MOVE,
    PASS_GO,
    PAY,
    PROPERTY,
    SAY_NO,
    DealAction,
    DealBreaker,
    DebtCollector,
    ForcedDeal,
    Hotel,
    House,
    Rent,
    SlyDeal,
    make,
)
from .answers import may_say_no
from .cards import CARD_COLORS, COLORS, IS_DOUBLE, IS_JSN, IS_WILD, KIND, NAME, NO_BUILDINGS, VALUE
from .sets import is_full, rents, table_value
from .turns import DISCARD_PHASE, OVER, PAY_PHASE, PLAY

if TYPE_CHECKING:
    from .state import DealState


def legal(state: DealState, seat: int) -> list[DealAction]:
    """Every legal action of ``seat`` now; empty when it need not act."""
    phase = state.phase
    if phase == OVER:
        return []
    if phase == PLAY:
        if seat != state.current:
            return []
        return legal_play(state, seat)
    if phase == DISCARD_PHASE:
        if seat != state.current:
            return []
        return [DISCARD[c] for c in state.hands[seat]]
    p = state.pending
    assert p is not None
    if phase == PAY_PHASE:
        if seat != p.targets[0]:
            return []
        out: list[DealAction] = [PAY[c] for c in state.banks[seat]]
        # MD-5.2: a payer worth no more than what is still owed gives everything of value.
        # When a broken set's buildings are discarded (D-4), breaking a built set would
        # destroy them instead, so such a payer pays a set's buildings before its cards.
        short = not state._bank_buildings and table_value(state, seat) <= p.amount - p.paid
        for s in state.tables[seat]:
            if not (short and s.house is not None):
                for c in s.cards:
                    if VALUE[c]:
                        out.append(PAY[c])
            if s.hotel is not None:
                out.append(PAY[s.hotel])
            elif s.house is not None:
                out.append(PAY[s.house])
        return out
    # respond
    if seat != p.responder:
        return []
    out = [ACCEPT]
    if may_say_no(state, seat):
        for c in state.hands[seat]:
            if IS_JSN[c]:
                out.append(SAY_NO[c])
    return out


def double_choices(state: DealState, seat: int) -> list[tuple[int, ...]]:
    """MD-6.3 / D-6 / MD-12: the sets of Double The Rent cards that may go with a rent now:
    at most ``double_rent_stack`` of them, and each is one more play."""
    ds = sorted(c for c in state.hands[seat] if IS_DOUBLE[c])
    most = min(state._stack, state.plays_left - 1, len(ds))
    out: list[tuple[int, ...]] = [()]
    if most >= 1:
        out.extend((d,) for d in ds)
    if most >= 2:
        out.extend((a, b) for i, a in enumerate(ds) for b in ds[i + 1 :])
    return out


def legal_play(state: DealState, seat: int) -> list[DealAction]:
    """MD-3.2 / MD-4 / MD-6 / MD-7.2: the plays of the active player, then its wild-card
    moves, then End turn."""
    hand = state.hands[seat]
    table = state.tables[seat]
    out: list[DealAction] = []
    if state.plays_left > 0:
        charge: list[int] | None = None
        doubles: list[tuple[int, ...]] | None = None
        rivals: list[int] | None = None
        for c in hand:
            kind = KIND[c]
            if kind == "money":
                out.append(BANK[c])
                continue
            if kind == "property":
                out.append(PROPERTY[c][CARD_COLORS[c][0]])
                continue
            if kind == "wild":
                props = PROPERTY[c]
                for col in CARD_COLORS[c]:
                    out.append(props[col])
                continue
            out.append(BANK[c])
            name = NAME[c]
            if kind == "rent":
                if charge is None:
                    charge = rents(state, seat)
                    doubles = double_choices(state, seat)
                wild = len(CARD_COLORS[c]) > 2
                if wild and rivals is None:
                    rivals = others(state, seat)
                for col in CARD_COLORS[c]:
                    if not charge[col]:
                        continue
                    colname = COLORS[col]
                    for d in doubles:  # type: ignore[union-attr]
                        if wild:
                            for t in rivals:  # type: ignore[union-attr]
                                out.append(make(Rent, c, colname, t, d))
                        else:
                            out.append(make(Rent, c, colname, None, d))
                continue
            if name == "pass_go":
                out.append(PASS_GO[c])
            elif name == "its_my_birthday":
                out.append(BIRTHDAY[c])
            elif name == "debt_collector":
                for t in others(state, seat):
                    out.append(make(DebtCollector, c, t))
            elif name == "sly_deal":
                for t in others(state, seat):
                    for s in state.tables[t]:
                        if not is_full(s.color, s.cards):
                            for x in s.cards:
                                out.append(make(SlyDeal, c, t, x))
            elif name == "forced_deal":
                mine = [x for s in table if not is_full(s.color, s.cards) for x in s.cards]
                if mine:
                    for t in others(state, seat):
                        for s in state.tables[t]:
                            if not is_full(s.color, s.cards):
                                for x in s.cards:
                                    for g in mine:
                                        out.append(make(ForcedDeal, c, t, x, g))
            elif name == "deal_breaker":
                for t in others(state, seat):
                    for i, s in enumerate(state.tables[t]):
                        if is_full(s.color, s.cards):
                            out.append(make(DealBreaker, c, t, i))
            elif name == "house":
                for i, s in enumerate(table):
                    if s.house is None and s.color not in NO_BUILDINGS and is_full(
                            s.color, s.cards):
                        out.append(make(House, c, i))
            elif name == "hotel":
                for i, s in enumerate(table):
                    if s.house is not None and s.hotel is None:
                        out.append(make(Hotel, c, i))
    for s in table:
        for c in s.cards:
            if IS_WILD[c]:
                moves = MOVE[c]
                here = s.color
                for col in CARD_COLORS[c]:
                    if col != here:
                        out.append(moves[col])
    out.append(END_TURN)
    return out


def why_illegal(state: DealState, seat: object, action: object) -> str:
    """Why ``action`` is not legal for ``seat`` now, in words a player understands (seats
    counted from 1, the action in English words, no card ids)."""
    if not isinstance(action, DealAction):
        return f"not a Monopoly Deal action: {action!r}"
    if state.phase == OVER:
        return "the game is over"
    movers = state.to_move()
    if seat not in movers:
        shown = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
        return f"seat {shown} is not to move (waiting for seat {movers[0] + 1})"
    assert isinstance(seat, int)
    from .describe import describe_action
    from .game import GAME

    words = render(describe_action(state, action, seat), GAME.catalog("en"), "en")
    if state.phase == PLAY and state.plays_left <= 0 and action.type not in (
            "move_wild", "end_turn"):
        return f"{words!r} is not possible: no plays are left this turn (MD-3.2)"
    what = {PLAY: "your turn", "respond": "an answer to an action card",
            PAY_PHASE: "a payment", DISCARD_PHASE: "discarding down to 7 cards"}[state.phase]
    kinds = ", ".join(sorted({a.type for a in legal(state, seat)}))
    return f"{words!r} is not possible now ({what}); possible kinds of action: {kinds}"
