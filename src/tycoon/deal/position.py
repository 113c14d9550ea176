"""Reading a Monopoly Deal position (``docs/positions.md``): ``from_json`` checks that it could
happen and names the problem otherwise (``InvalidPosition``).

On input, derived keys (``to_move``, ``hand_size``, ``full``, ``rent``, ``deck_size``,
``reason`` and the derived keys of ``pending``) may be left out. The writing side is
:mod:`tycoon.deal.view`.

>>> from tycoon.deal import new_game, from_json
>>> s = new_game(seats=3, seed=5)
>>> from_json(s.to_json()).to_json() == s.to_json()
True
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from tycoon.engine import InvalidOption, Rng
from tycoon.engine.positions import choice, fail, int_list, integer, listing, need, obj

from .answers import PAYMENT_KINDS, PENDING_KINDS, Pending, may_say_no
from .cards import (
    CARD_COLORS,
    COLOR_INDEX,
    COLORS,
    IS_DOUBLE,
    IS_PROPERTY,
    KIND,
    N_CARDS,
    NAME,
    NO_BUILDINGS,
    SET_SIZE,
)
from .sets import PSet, find, has_won, is_full, table_value
from .turns import DISCARD_PHASE, HAND_LIMIT, OVER, PAY_PHASE, PHASES, PLAYS, RESPOND
from .view import dump

__all__ = ["PENDING_KINDS", "PHASES", "dump", "load", "schema"]


def schema() -> dict[str, Any]:
    """The JSON Schema of a position (``position.schema.json`` in this package)."""
    text = resources.files("tycoon.deal").joinpath("position.schema.json").read_text("utf-8")
    return json.loads(text)


def _card_name(card: int) -> str:
    return f"card {card} ({NAME[card]})"


def load(cls: type, data: Any) -> Any:
    """Build a state of ``cls`` from a position, checking that it could happen."""
    obj(data, "a deal position")
    if data.get("game") != "deal":
        raise fail(f"game must be 'deal', not {data.get('game')!r}")
    where_top = "position"
    for key in ("turn", "current", "phase", "plays_left", "seats", "deck", "discard", "rng"):
        need(data, key, None, where_top)
    options = obj(data.get("options", {}), "options")
    seats_data = listing(data["seats"], "seats")
    n = len(seats_data)
    if not 2 <= n <= 5:
        raise fail(f"a deal position has 2 to 5 seats, not {n}")
    try:
        rng = Rng.from_json(data["rng"])
    except ValueError as exc:
        raise fail(f"rng: {exc}") from None
    try:
        state = cls(n, options, rng)
    except InvalidOption as exc:
        raise fail(f"options: {exc}") from None

    where: dict[int, str] = {}

    def put(card: Any, place: str) -> int:
        c = card
        if type(c) is not int or not 0 <= c < N_CARDS:  # the message is built only when bad
            c = integer(card, f"a card in {place}", 0, N_CARDS - 1)
        if c in where:
            raise fail(f"{_card_name(c)} is twice: in {where[c]} and in {place}")
        where[c] = place
        return c

    for i, sd in enumerate(seats_data):
        obj(sd, f"seats[{i}]")
        if sd.get("seat", i) != i:
            raise fail(f"seats[{i}] has seat {sd.get('seat')!r}; seats must be listed in order")
        hand = need(sd, "hand", list, f"seats[{i}]")
        state.hands[i] = [put(c, f"seat {i}'s hand") for c in hand]
        bank = [put(c, f"seat {i}'s bank") for c in listing(sd.get("bank", []),
                                                            f"seats[{i}].bank")]
        for c in bank:
            if IS_PROPERTY[c]:
                raise fail(f"seat {i}'s bank holds {_card_name(c)}: properties never go to "
                           "the bank (MD-4.1)")
        state.banks[i] = bank
        state.tables[i] = _table(i, listing(sd.get("sets", []), f"seats[{i}].sets"), put)
    state.deck = [put(c, "the deck") for c in listing(data["deck"], "deck")][::-1]
    state.discard = [put(c, "the discard pile") for c in listing(data["discard"], "discard")]
    missing = [c for c in range(N_CARDS) if c not in where]
    if missing:
        raise fail(f"{len(missing)} missing of the 106 cards, first {_card_name(missing[0])}: "
                   "every card must be somewhere (MD-1)")
    state.turn = integer(data["turn"], "turn", 1, 10**9)
    state.current = integer(data["current"], "current", 0, n - 1)
    state.plays_left = integer(data["plays_left"], "plays_left", 0, PLAYS)
    state.phase = choice(data["phase"], "phase", PHASES)
    _winner(state, data.get("winner"))
    if state.phase == DISCARD_PHASE and len(state.hands[state.current]) <= HAND_LIMIT:
        raise fail("discard phase, but the current player holds at most 7 cards (MD-3.3)")
    pend = data.get("pending")
    if state.phase in (RESPOND, PAY_PHASE):
        if not isinstance(pend, dict):
            raise fail(f"phase {state.phase} needs a pending object")
        state.pending = _load_pending(state, pend)
        _check_pending(state)
    elif pend is not None:
        raise fail(f"phase {state.phase} has no pending action")
    return state


def _table(i: int, sets: list[Any], put: Any) -> list[PSet]:
    table = []
    for j, xd in enumerate(sets):
        where_set = f"seat {i}'s set {j}"
        obj(xd, where_set)
        color = choice(xd.get("color"), f"{where_set}'s colour", COLOR_INDEX)
        col = COLOR_INDEX[color]
        cards = [put(c, where_set) for c in listing(xd.get("cards"), f"{where_set} cards")]
        if not cards:
            raise fail(f"{where_set} is empty")
        for c in cards:
            if not IS_PROPERTY[c] or col not in CARD_COLORS[c]:
                raise fail(f"{where_set} ({color}) holds {_card_name(c)}, not a {color} card")
        if len(cards) > SET_SIZE[col]:
            raise fail(f"{where_set} ({color}) has {len(cards)} cards, over its size of "
                       f"{SET_SIZE[col]} (MD-7.1)")
        house, hotel = xd.get("house"), xd.get("hotel")
        if house is not None:
            house = put(house, f"{where_set}'s house")
            if NAME[house] != "house":
                raise fail(f"{where_set}'s house is {_card_name(house)}, not a house")
            if not is_full(col, cards) or col in NO_BUILDINGS:
                raise fail(f"{where_set} has a house but is not a full set that may carry one")
        if hotel is not None:
            hotel = put(hotel, f"{where_set}'s hotel")
            if NAME[hotel] != "hotel":
                raise fail(f"{where_set}'s hotel is {_card_name(hotel)}, not a hotel")
            if house is None:
                raise fail(f"{where_set} has a hotel without a house (MD-6.8)")
        table.append(PSet(col, cards, house, hotel))
    for col in range(10):
        if sum(1 for x in table if x.color == col and not is_full(col, x.cards)) > 1:
            raise fail(f"seat {i} has two unfinished {COLORS[col]} sets; a colour's extra cards"
                       " start a new set only when the others are full (MD-7.1)")
    return table


def _winner(state: Any, winner: Any) -> None:
    """MD-8.1 and the turn limit: ``over`` goes with a winner holding three full sets, or
    with a game stopped at its ``turn_limit``."""
    n = state.n
    if winner is not None:
        winner = integer(winner, "winner", 0, n - 1)
    winners = [s for s in range(n) if has_won(state, s)]
    limit = state.turn_limit
    if winner is None:
        if winners:
            raise fail(f"seat {winners[0]} holds three full sets but has not won (MD-8.1)")
        if state.phase == OVER:
            if limit is None or state.turn < limit:
                raise fail("phase is over but there is no winner (and the turn limit is not "
                           "reached)")
            state.reason = "turn_limit"
    else:
        if state.phase != OVER:
            raise fail("a winner is given, so the phase must be over")
        if winner not in winners:
            raise fail(f"winner {winner} does not hold three full sets of different colours")
        state.reason = "three_sets"
    state.won = winner


def _load_pending(state: Any, d: dict[str, Any]) -> Pending:
    n = state.n
    kind = choice(d.get("kind"), "pending kind", PENDING_KINDS)
    by = integer(d.get("by"), "pending by", 0, n - 1)
    if by != state.current:
        raise fail("pending by must be the current player")
    card = integer(d.get("card"), "pending card", 0, N_CARDS - 1)
    if (KIND[card] == "rent") != (kind == "rent") or (kind != "rent" and NAME[card] != kind):
        raise fail(f"pending {kind} played with {_card_name(card)}")
    targets = int_list(d.get("targets"), "pending targets", 0, n - 1)
    if not targets or by in targets or len(set(targets)) != len(targets):
        raise fail("pending targets must be distinct seats other than the player, at least one")
    stage = d.get("stage", RESPOND)
    if stage != state.phase:
        raise fail(f"pending stage {stage!r} differs from phase {state.phase!r}")
    noes = integer(d.get("noes", 0), "pending noes", 0, 6)
    paid = integer(d.get("paid", 0), "pending paid", 0, 1000)
    amount = d.get("amount")
    color = d.get("color")
    doubles: tuple[int, ...] = ()
    take = give = index = None
    if kind in PAYMENT_KINDS:
        amount = integer(amount, "pending amount", 1, 1000)
        if stage == PAY_PHASE and noes % 2:
            raise fail("a payment cannot follow a standing Just Say No")
    else:
        amount = 0
        if stage == PAY_PHASE:
            raise fail(f"nothing is paid for a {kind}")
        if len(targets) != 1:
            raise fail(f"a {kind} has one target")
    col = None
    if kind == "rent":
        col = COLOR_INDEX[choice(color, "pending rent colour", COLOR_INDEX)]
        if col not in CARD_COLORS[card]:
            raise fail(f"{_card_name(card)} cannot charge {color} rent")
        doubles = tuple(int_list(d.get("doubles", []), "pending doubles", 0, N_CARDS - 1))
        if any(not IS_DOUBLE[c] for c in doubles) or len(set(doubles)) != len(doubles):
            raise fail("pending doubles must be distinct Double The Rent cards")
    t = targets[0]
    if kind in ("sly_deal", "forced_deal"):
        take = integer(d.get("take"), "pending take", 0, N_CARDS - 1)
        found = find(state, t, take)
        if found is None or is_full(found[1].color, found[1].cards):
            raise fail(f"{_card_name(take)} is not in a set of seat {t} that is not full")
    if kind == "forced_deal":
        give = integer(d.get("give"), "pending give", 0, N_CARDS - 1)
        found = find(state, by, give)
        if found is None or is_full(found[1].color, found[1].cards):
            raise fail(f"{_card_name(give)} is not in a set of seat {by} that is not full")
    if kind == "deal_breaker":
        index = integer(d.get("set"), "pending set", 0, 63)
        table = state.tables[t]
        if index >= len(table) or not is_full(table[index].color, table[index].cards):
            raise fail(f"seat {t} has no full set number {index}")
    return Pending(kind, by, card, targets, amount, col, doubles, take, give, index, noes, stage,
                   paid)


def _check_pending(state: Any) -> None:
    """The position must wait for a decision (the engine never stops where none is needed)."""
    p = state.pending
    t = p.targets[0]
    if p.stage == RESPOND:
        if p.kind in PAYMENT_KINDS and table_value(state, t) == 0:
            raise fail(f"seat {t} is to answer a payment but has nothing of value to pay;"
                       " the engine only waits for answers it needs (MD-5.2, MD-6.10)")
        responder = p.responder
        if not may_say_no(state, responder):
            raise fail(f"seat {responder} is to answer but holds no Just Say No it may play;"
                       " the engine only waits for answers it needs (MD-6.10)")
    elif p.paid >= p.amount or table_value(state, t) == 0:
        raise fail(f"seat {t} is to pay but owes nothing or has nothing of value (MD-5.2)")
