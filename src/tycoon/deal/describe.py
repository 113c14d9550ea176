"""Words of Monopoly Deal: every action, event and prompt as a :class:`Message` of the
catalogs in ``tycoon/deal/messages`` (en, pt, es, fr).

Actions are worded for the seat choosing them ("Bank Deal Breaker as 5M"), events in the third
person for a log ("{seat} banks 2M"), seats as ``seat_ref`` parameters (each client renders
the player's name), cards and colours as nested messages, money as the ``money`` message
("5M"), never an internal id.

>>> from tycoon.deal import GAME, new_game
>>> from tycoon.deal.actions import END_TURN
>>> from tycoon.engine import render
>>> s = new_game(seed=1)
>>> render(describe(s, END_TURN, s.current), GAME.catalog("fr"), "fr")
'Terminer votre tour'
>>> render(prompt_message(s, s.current), GAME.catalog("en"), "en")
'Your turn: 3 plays left. Choose a card of your hand.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.engine import Event, Message, render, seat_ref

from . import events as ev
from .actions import END_TURN, DealAction
from .answers import PAYMENT_KINDS
from .cards import (
    CARD_COLORS,
    CARDS,
    COLOR_INDEX,
    COLORS,
    HOTEL_RENT,
    HOUSE_RENT,
    NAME,
    SET_SIZE,
    VALUE,
    card_text,
)
from .sets import PSet, full_colors, is_full, rents, set_rent
from .turns import DISCARD_PHASE, HAND_LIMIT, OVER, PAY_PHASE, RESPOND

if TYPE_CHECKING:
    from .state import DealState


def card(c: int) -> Message:
    """A card by its name (``card.<card>.name``)."""
    return Message(f"card.{NAME[c]}.name")


def color(col: int | str) -> Message:
    """A colour by its name (``color.<id>``)."""
    return Message(f"color.{col if isinstance(col, str) else COLORS[col]}")


def money(n: int) -> Message:
    """An amount in millions ("5M")."""
    return Message("money", {"n": n})


def _seat(s: int) -> Any:
    return seat_ref(s)


def describe(state: DealState, item: Any, seat: int | None) -> Message | None:
    """An action (the choice offered to ``seat``) or an event (a log line) as a message; None
    for a payment's ``played``, whose cards' ``transferred`` tells it."""
    if isinstance(item, DealAction):
        return describe_action(state, item, seat)
    if isinstance(item, Event):
        return describe_event(state, item, seat)
    raise TypeError(f"a Monopoly Deal action or event, not {item!r}")


# ---------------------------------------------------------------------- actions
def pending_message(state: DealState) -> Message:
    """The action card being answered, as its target reads it ("the red rent of 6M from
    Ana")."""
    p = state.pending
    if p is None:
        return Message("pending.none")
    by = _seat(p.by)
    if p.kind == "rent":
        return Message("pending.rent", {"color": color(p.color or 0), "money": money(p.amount),
                                        "by": by})
    if p.kind in PAYMENT_KINDS:
        return Message(f"pending.{p.kind}", {"money": money(p.amount), "by": by})
    if p.kind == "sly_deal":
        return Message("pending.sly_deal", {"take": card(p.take or 0), "by": by})
    if p.kind == "forced_deal":
        return Message("pending.forced_deal", {"take": card(p.take or 0),
                                               "give": card(p.give or 0), "by": by})
    table = state.tables[p.targets[0]]
    col = table[p.set].color if p.set is not None and p.set < len(table) else 0
    return Message("pending.deal_breaker", {"color": color(col), "by": by})


def _set_color(state: DealState, seat: int | None, index: int) -> Message | None:
    if seat is None or not 0 <= seat < state.n:
        return None
    table = state.tables[seat]
    return color(table[index].color) if 0 <= index < len(table) else None


def describe_action(state: DealState, a: DealAction, seat: int | None) -> Message:
    """``a`` in words for the seat that may choose it (imperative)."""
    t = a.type
    if t == "bank":
        c = a.card  # type: ignore[attr-defined]
        if CARDS[c].kind == "money":
            return Message("action.bank_money", {"card": card(c)})
        return Message("action.bank", {"card": card(c), "money": money(VALUE[c])})
    if t == "property":
        c = a.card  # type: ignore[attr-defined]
        if len(CARD_COLORS[c]) == 1:
            return Message("action.property", {"card": card(c)})
        return Message("action.property_wild", {"card": card(c), "color": color(a.color)})  # type: ignore[attr-defined]
    if t == "move_wild":
        return Message("action.move_wild", {"card": card(a.card), "color": color(a.color)})  # type: ignore[attr-defined]
    if t == "rent":
        r: Any = a
        col = COLOR_INDEX[r.color]
        base = rents(state, seat)[col] if seat is not None and 0 <= seat < state.n else 0
        n = len(r.doubles)
        params: dict[str, Any] = {"color": color(col), "money": money(base << n),
                                  "card": card(r.card)}
        key = "action.rent" if r.target is None else "action.rent_target"
        if r.target is not None:
            params["target"] = _seat(r.target)
        if n:
            key += "_doubled"
            params.update(n=n, plays=n + 1)
        return Message(key, params)
    if t == "debt_collector":
        return Message("action.debt_collector", {"target": _seat(a.target), "money": money(5)})  # type: ignore[attr-defined]
    if t == "its_my_birthday":
        return Message("action.its_my_birthday", {"money": money(2)})
    if t == "sly_deal":
        return Message("action.sly_deal", {"take": card(a.take), "target": _seat(a.target)})  # type: ignore[attr-defined]
    if t == "forced_deal":
        f: Any = a
        return Message("action.forced_deal", {"give": card(f.give), "take": card(f.take),
                                              "target": _seat(f.target)})
    if t == "deal_breaker":
        d: Any = a
        col_message = _set_color(state, d.target, d.set)
        if col_message is None:
            return Message("action.deal_breaker_any", {"target": _seat(d.target)})
        return Message("action.deal_breaker", {"color": col_message, "target": _seat(d.target)})
    if t == "pass_go":
        return Message("action.pass_go", {"n": 2})
    if t in ("house", "hotel"):
        b: Any = a
        col_message = _set_color(state, seat, b.set)
        extra = money(HOUSE_RENT if t == "house" else HOTEL_RENT)
        if col_message is None:
            return Message(f"action.{t}_any", {"money": extra})
        return Message(f"action.{t}", {"color": col_message, "money": extra})
    if t in ("say_no", "accept"):
        p = state.pending
        if p is not None and p.noes % 2 == 1:
            return Message(f"action.{t}_back", {"target": _seat(p.targets[0])})
        return Message(f"action.{t}", {"what": pending_message(state)})
    if t == "pay":
        c = a.card  # type: ignore[attr-defined]
        if seat is not None and 0 <= seat < state.n and c in state.banks[seat]:
            if CARDS[c].kind == "money":
                return Message("action.pay_money", {"card": card(c)})
            return Message("action.pay_bank", {"card": card(c), "money": money(VALUE[c])})
        for s in state.tables[seat] if seat is not None and 0 <= seat < state.n else ():
            if c in (s.house, s.hotel):
                return Message("action.pay_building", {"card": card(c), "color": color(s.color),
                                                       "money": money(VALUE[c])})
            if c in s.cards:
                return Message("action.pay_property", {"card": card(c), "color": color(s.color),
                                                       "money": money(VALUE[c])})
        if CARDS[c].kind == "money":
            return Message("action.pay_card", {"card": card(c)})
        return Message("action.pay", {"card": card(c), "money": money(VALUE[c])})
    if t == "discard":
        return Message("action.discard", {"card": card(a.card)})  # type: ignore[attr-defined]
    return Message("action.end_turn")


# ---------------------------------------------------------------------- events
def _played(state: DealState, s: int, a: DealAction) -> Message:
    """Third person of ``a`` played by ``s`` (from the action's fields only, so it reads the
    same whenever it is rendered)."""
    who = _seat(s)
    t = a.type
    x: Any = a
    if t == "bank":
        if CARDS[x.card].kind == "money":
            return Message("played.bank_money", {"seat": who, "card": card(x.card)})
        return Message("played.bank", {"seat": who, "card": card(x.card),
                                       "money": money(VALUE[x.card])})
    if t == "property":
        if len(CARD_COLORS[x.card]) == 1:
            return Message("played.property", {"seat": who, "card": card(x.card)})
        return Message("played.property_wild", {"seat": who, "card": card(x.card),
                                                "color": color(x.color)})
    if t == "move_wild":
        return Message("played.move_wild", {"seat": who, "card": card(x.card),
                                            "color": color(x.color)})
    if t == "rent":
        params: dict[str, Any] = {"seat": who, "color": color(x.color), "card": card(x.card)}
        key = "played.rent" if x.target is None else "played.rent_target"
        if x.target is not None:
            params["target"] = _seat(x.target)
        if x.doubles:
            key += "_doubled"
            params["n"] = len(x.doubles)
        return Message(key, params)
    if t in ("debt_collector", "sly_deal", "forced_deal", "deal_breaker"):
        params = {"seat": who, "target": _seat(x.target)}
        if t == "sly_deal":
            params["take"] = card(x.take)
        if t == "forced_deal":
            params.update(take=card(x.take), give=card(x.give))
        return Message(f"played.{t}", params)
    if t in ("house", "hotel"):
        for st in state.tables[s] if 0 <= s < state.n else ():
            if x.card in (st.house, st.hotel):
                return Message(f"played.{t}", {"seat": who, "color": color(st.color)})
        return Message(f"played.{t}_any", {"seat": who})
    if t == "discard":
        return Message("played.discard", {"seat": who, "card": card(x.card)})
    return Message(f"played.{t}", {"seat": who})


def describe_event(state: DealState, e: Event, viewer: int | None) -> Message | None:
    """``e`` as a log line (third person; the same for every viewer: no event is secret), or
    None: a payment's ``played`` (the ``transferred`` right after it says who paid what to
    whom)."""
    if isinstance(e, ev.Played):
        if e.action.type == "pay":  # type: ignore[attr-defined]
            return None
        return _played(state, e.seat, e.action)  # type: ignore[arg-type]
    if isinstance(e, ev.TurnStarted):
        return Message("event.turn_started", {"seat": _seat(e.seat), "turn": e.turn})
    if isinstance(e, ev.Drew):
        return Message("event.drew", {"seat": _seat(e.seat), "n": e.count})
    if isinstance(e, ev.Reshuffled):
        return Message("event.reshuffled", {"n": e.cards})
    if isinstance(e, ev.Charged):
        return Message("event.charged", {"seat": _seat(e.seat), "money": money(e.amount),
                                         "targets": [_seat(t) for t in e.targets],
                                         "n": len(e.targets)})
    if isinstance(e, ev.Cancelled):
        return Message("event.cancelled", {"seat": _seat(e.seat)})
    if isinstance(e, ev.Transferred):
        return Message("event.transferred", {"giver": _seat(e.giver),
                                             "receiver": _seat(e.receiver),
                                             "cards": [card(c) for c in e.cards]})
    if isinstance(e, ev.PaidShort):
        key = "event.paid_short" if e.paid else "event.paid_nothing"
        return Message(key, {"seat": _seat(e.seat), "receiver": _seat(e.receiver),
                             "paid": money(e.paid), "money": money(e.amount)})
    if isinstance(e, ev.BuildingsLost):
        return Message(f"event.buildings_lost_{e.to}", {"seat": _seat(e.seat),
                                                         "cards": [card(c) for c in e.cards],
                                                         "n": len(e.cards)})
    if isinstance(e, ev.Won):
        colors = sorted(full_colors(state, e.seat)) if 0 <= e.seat < state.n else []
        return Message("event.won", {"seat": _seat(e.seat), "colors": [color(c) for c in colors]})
    if isinstance(e, ev.GameOver):
        return Message("event.game_over_turn_limit", {"n": state.turn})
    raise TypeError(f"not a Monopoly Deal event: {e!r}")


# ---------------------------------------------------------------------- prompts
def prompt_message(state: DealState, seat: int | None) -> Message:
    """What ``seat`` is asked now ("Pay 5M to Ana: choose a card of your bank or your
    properties."); a spectator (None) reads whose turn it is."""
    if state.phase == OVER:
        if state.won is None:
            return Message("prompt.stopped", {"n": state.turn})
        return Message("prompt.over", {"seat": _seat(state.won)})
    movers = state.to_move()
    if seat is None or seat not in movers:
        return Message("prompt.waiting", {"seat": _seat(movers[0])})
    p = state.pending
    if state.phase == PAY_PHASE and p is not None:
        return Message("prompt.pay", {"money": money(p.amount - p.paid), "seat": _seat(p.by)})
    if state.phase == RESPOND and p is not None:
        if p.noes % 2 == 0:
            return Message("prompt.answer", {"what": pending_message(state)})
        return Message("prompt.answer_back", {"seat": _seat(p.targets[0]),
                                              "card": card(p.card)})
    if state.phase == DISCARD_PHASE:
        return Message("prompt.discard", {"n": len(state.hands[seat]) - HAND_LIMIT,
                                          "limit": HAND_LIMIT})
    legal = state.legal_actions(seat)
    if legal == [END_TURN]:
        return Message("prompt.end_only")
    if state.plays_left <= 0:
        return Message("prompt.no_plays")
    return Message("prompt.play", {"n": state.plays_left})


def prompt(state: DealState, seat: int | None, lang: str = "en") -> str:
    """:func:`prompt_message` rendered in ``lang`` (seats as "Seat 1", ...)."""
    from .game import GAME

    return render(prompt_message(state, seat), GAME.catalog(lang), lang)


def set_message(s: PSet) -> Message:
    """A set in words ("full red set, 3 of 3 cards, with a house, rent 9M")."""
    key = "set.full" if is_full(s.color, s.cards) else "set.open"
    if s.hotel is not None:
        key += "_hotel"
    elif s.house is not None:
        key += "_house"
    return Message(key, {"color": color(s.color), "n": len(s.cards),
                         "size": SET_SIZE[s.color], "money": money(set_rent(s))})


def set_text(col: int, cards: list[int], house: int | None, hotel: int | None) -> str:
    """A set in English words with its cards (for the terminal)."""
    from .game import GAME

    text = render(set_message(PSet(col, cards, house, hotel)), GAME.catalog("en"), "en")
    return text + ": " + "; ".join(card_text(c) for c in cards)


__all__ = ["describe", "describe_action", "describe_event", "prompt",
           "prompt_message", "set_message", "set_text"]
