"""Views and the JSON position of Monopoly Deal (``docs/positions.md``).

A view holds ``game, turn, current, to_move, phase, plays_left, seats, deck_size, discard,
pending, winner, options``; each seat has ``seat, hand_size, bank, sets`` and, in its own view,
``hand``. The position (``to_json``) has the same keys plus every ``hand``, ``deck`` (top
first) and ``rng``. On input, derived keys (``to_move``, ``hand_size``, ``full``, ``rent``,
``deck_size`` and the derived keys of ``pending``) may be left out.

>>> from tycoon.deal import new_game, from_json
>>> s = new_game(seats=3, seed=5)
>>> from_json(s.to_json()).to_json() == s.to_json()
True
>>> "hand" in s.view(0)["seats"][1]
False
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from tycoon.engine import InvalidPosition, Rng

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
from .state import (
    DISCARD_PHASE,
    HAND_LIMIT,
    OVER,
    PAY_PHASE,
    PAYMENT_KINDS,
    PLAY,
    PLAYS,
    RESPOND,
    DealState,
    Pending,
    PSet,
    is_full,
    set_rent,
)

PENDING_KINDS = (
    "rent",
    "debt_collector",
    "its_my_birthday",
    "sly_deal",
    "forced_deal",
    "deal_breaker",
)
PHASES = (PLAY, RESPOND, PAY_PHASE, DISCARD_PHASE, OVER)


def schema() -> dict[str, Any]:
    """The JSON Schema of a position (``position.schema.json`` in this package)."""
    text = resources.files("tycoon.deal").joinpath("position.schema.json").read_text("utf-8")
    return json.loads(text)


def _pending(state: DealState) -> dict[str, Any] | None:
    p = state.pending
    if p is None:
        return None
    t = p.targets[0]
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
        "target": t,
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
        "pending": _pending(state),
        "winner": state.won,
        "options": dict(state.options),
    }
    if secret:
        out["deck"] = state.deck[::-1]
        out["rng"] = state.rng.to_json()
    return out


def _bad(message: str) -> InvalidPosition:
    return InvalidPosition(f"deal position: {message}")


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(f"{what} must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(f"{what} must be a list")
    return value


def _card_name(card: int) -> str:
    return f"card {card} ({NAME[card]})"


def load(cls: type[DealState], data: Any) -> DealState:
    """Build a state from a position, checking that it could happen."""
    if not isinstance(data, dict):
        raise _bad("a position must be a JSON object")
    if data.get("game") != "deal":
        raise _bad(f"game must be 'deal', not {data.get('game')!r}")
    for key in ("turn", "current", "phase", "plays_left", "seats", "deck", "discard", "rng"):
        if key not in data:
            raise _bad(f"missing key {key!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _bad("options must be an object")
    seats_data = _list(data["seats"], "seats")
    n = len(seats_data)
    if not 2 <= n <= 5:
        raise _bad(f"2 to 5 seats, not {n}")
    try:
        rng = Rng.from_json(data["rng"])
        state = cls(n, options, rng)
    except ValueError as exc:
        raise _bad(str(exc)) from None

    where: dict[int, str] = {}

    def put(card: Any, place: str) -> int:
        c = _int(card, f"a card in {place}", 0, N_CARDS - 1)
        if c in where:
            raise _bad(f"{_card_name(c)} is twice: in {where[c]} and in {place}")
        where[c] = place
        return c

    for i, sd in enumerate(seats_data):
        if not isinstance(sd, dict):
            raise _bad(f"seat {i} must be an object")
        if sd.get("seat", i) != i:
            raise _bad(f"seats[{i}] has seat {sd.get('seat')!r}; seats must be listed in order")
        if "hand" not in sd:
            raise _bad(f"seat {i} has no hand")
        state.hands[i] = [put(c, f"seat {i}'s hand") for c in _list(sd["hand"], "a hand")]
        bank = [put(c, f"seat {i}'s bank") for c in _list(sd.get("bank", []), "a bank")]
        for c in bank:
            if IS_PROPERTY[c]:
                raise _bad(
                    f"seat {i}'s bank holds {_card_name(c)}: properties never go to the bank"
                    " (MD-4.1)"
                )
        state.banks[i] = bank
        table = []
        for j, xd in enumerate(_list(sd.get("sets", []), "sets")):
            where_set = f"seat {i}'s set {j}"
            if not isinstance(xd, dict):
                raise _bad(f"{where_set} must be an object")
            color = xd.get("color")
            if color not in COLOR_INDEX:
                raise _bad(f"{where_set} has unknown colour {color!r}")
            col = COLOR_INDEX[color]
            cards = [put(c, where_set) for c in _list(xd.get("cards"), f"{where_set} cards")]
            if not cards:
                raise _bad(f"{where_set} is empty")
            for c in cards:
                if not IS_PROPERTY[c] or col not in CARD_COLORS[c]:
                    raise _bad(f"{where_set} ({color}) holds {_card_name(c)}, not a {color} card")
            if len(cards) > SET_SIZE[col]:
                raise _bad(
                    f"{where_set} ({color}) has {len(cards)} cards, over its size of "
                    f"{SET_SIZE[col]} (MD-7.1)"
                )
            house, hotel = xd.get("house"), xd.get("hotel")
            if house is not None:
                house = put(house, f"{where_set}'s house")
                if NAME[house] != "house":
                    raise _bad(f"{where_set}'s house is {_card_name(house)}, not a house")
                if not is_full(col, cards) or col in NO_BUILDINGS:
                    raise _bad(f"{where_set} has a house but is not a full set that may carry one")
            if hotel is not None:
                hotel = put(hotel, f"{where_set}'s hotel")
                if NAME[hotel] != "hotel":
                    raise _bad(f"{where_set}'s hotel is {_card_name(hotel)}, not a hotel")
                if house is None:
                    raise _bad(f"{where_set} has a hotel without a house (MD-6.8)")
            table.append(PSet(col, cards, house, hotel))
        for col in range(10):
            if sum(1 for x in table if x.color == col and not is_full(col, x.cards)) > 1:
                raise _bad(
                    f"seat {i} has two unfinished {COLORS[col]} sets; a colour's extra cards"
                    " start a new set only when the others are full (MD-7.1)"
                )
        state.tables[i] = table
    deck = [put(c, "the deck") for c in _list(data["deck"], "deck")]
    state.deck = deck[::-1]
    state.discard = [put(c, "the discard pile") for c in _list(data["discard"], "discard")]
    missing = [c for c in range(N_CARDS) if c not in where]
    if missing:
        raise _bad(
            f"{len(missing)} card(s) missing, first {_card_name(missing[0])}: all 106 cards"
            " must be somewhere (MD-1)"
        )

    state.turn = _int(data["turn"], "turn", 1, 10**9)
    state.current = _int(data["current"], "current", 0, n - 1)
    state.plays_left = _int(data["plays_left"], "plays_left", 0, PLAYS)
    phase = data["phase"]
    if phase not in PHASES:
        raise _bad(f"unknown phase {phase!r}; expected one of: {', '.join(PHASES)}")
    state.phase = phase
    winner = data.get("winner")
    if winner is not None:
        winner = _int(winner, "winner", 0, n - 1)
    winners = [s for s in range(n) if state._has_won(s)]
    if winner is None:
        if phase == OVER:
            raise _bad("phase is over but there is no winner")
        if winners:
            raise _bad(f"seat {winners[0]} holds three full sets but the game goes on (MD-8.1)")
    else:
        if phase != OVER:
            raise _bad("a winner is given, so the phase must be over")
        if winner not in winners:
            raise _bad(f"winner {winner} does not hold three full sets of different colours")
    state.won = winner
    if phase == DISCARD_PHASE and len(state.hands[state.current]) <= HAND_LIMIT:
        raise _bad("discard phase, but the current player holds at most 7 cards (MD-3.3)")
    pend = data.get("pending")
    if phase in (RESPOND, PAY_PHASE):
        if not isinstance(pend, dict):
            raise _bad(f"phase {phase} needs a pending object")
        state.pending = _load_pending(state, pend)
        _check_pending(state)
    elif pend is not None:
        raise _bad(f"phase {phase} has no pending action")
    return state


def _load_pending(state: DealState, d: dict[str, Any]) -> Pending:
    n = state.n
    kind = d.get("kind")
    if kind not in PENDING_KINDS:
        raise _bad(f"pending kind {kind!r} unknown; expected one of: {', '.join(PENDING_KINDS)}")
    by = _int(d.get("by"), "pending by", 0, n - 1)
    if by != state.current:
        raise _bad("pending by must be the current player")
    card = _int(d.get("card"), "pending card", 0, N_CARDS - 1)
    if (KIND[card] == "rent") != (kind == "rent") or (kind != "rent" and NAME[card] != kind):
        raise _bad(f"pending {kind} played with {_card_name(card)}")
    targets = [_int(t, "a pending target", 0, n - 1) for t in _list(d.get("targets"), "targets")]
    if not targets or by in targets or len(set(targets)) != len(targets):
        raise _bad("pending targets must be distinct seats other than the player, at least one")
    stage = d.get("stage", RESPOND)
    if stage != state.phase:
        raise _bad(f"pending stage {stage!r} differs from phase {state.phase!r}")
    noes = _int(d.get("noes", 0), "pending noes", 0, 6)
    paid = _int(d.get("paid", 0), "pending paid", 0, 1000)
    amount = d.get("amount")
    color = d.get("color")
    doubles: tuple[int, ...] = ()
    take = give = index = None
    if kind in PAYMENT_KINDS:
        amount = _int(amount, "pending amount", 1, 1000)
        if stage == PAY_PHASE and noes % 2:
            raise _bad("a payment cannot follow a standing Just Say No")
    else:
        amount = 0
        if stage == PAY_PHASE:
            raise _bad(f"nothing is paid for a {kind}")
        if len(targets) != 1:
            raise _bad(f"a {kind} has one target")
    col = None
    if kind == "rent":
        if color not in COLOR_INDEX:
            raise _bad(f"pending rent colour {color!r} unknown")
        col = COLOR_INDEX[color]
        if col not in CARD_COLORS[card]:
            raise _bad(f"{_card_name(card)} cannot charge {color} rent")
        doubles = tuple(
            _int(c, "a double", 0, N_CARDS - 1) for c in _list(d.get("doubles", []), "doubles")
        )
        if any(not IS_DOUBLE[c] for c in doubles) or len(set(doubles)) != len(doubles):
            raise _bad("pending doubles must be distinct Double The Rent cards")
    t = targets[0]
    if kind in ("sly_deal", "forced_deal"):
        take = _int(d.get("take"), "pending take", 0, N_CARDS - 1)
        found = state._find(t, take)
        if found is None or is_full(found[1].color, found[1].cards):
            raise _bad(f"{_card_name(take)} is not in a set of seat {t} that is not full")
    if kind == "forced_deal":
        give = _int(d.get("give"), "pending give", 0, N_CARDS - 1)
        found = state._find(by, give)
        if found is None or is_full(found[1].color, found[1].cards):
            raise _bad(f"{_card_name(give)} is not in a set of seat {by} that is not full")
    if kind == "deal_breaker":
        index = _int(d.get("set"), "pending set", 0, 63)
        table = state.tables[t]
        if index >= len(table) or not is_full(table[index].color, table[index].cards):
            raise _bad(f"seat {t} has no full set number {index}")
    return Pending(
        kind, by, card, targets, amount, col, doubles, take, give, index, noes, stage, paid
    )


def _check_pending(state: DealState) -> None:
    """The position must wait for a decision (the engine never stops where none is needed)."""
    p = state.pending
    assert p is not None
    t = p.targets[0]
    if p.stage == RESPOND:
        if p.kind in PAYMENT_KINDS and state.table_value(t) == 0:
            raise _bad(
                f"seat {t} is to answer a payment but has nothing of value to pay;"
                " the engine only waits for answers it needs (MD-5.2, MD-6.10)"
            )
        responder = p.responder
        if not state._may_say_no(responder):
            raise _bad(
                f"seat {responder} is to answer but holds no Just Say No it may play;"
                " the engine only waits for answers it needs (MD-6.10)"
            )
    elif p.paid >= p.amount or state.table_value(t) == 0:
        raise _bad(f"seat {t} is to pay but owes nothing or has nothing of value (MD-5.2)")
