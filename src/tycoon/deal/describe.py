"""Actions and prompts in English words (for the terminal and screen readers).

>>> from tycoon.deal import new_game
>>> from tycoon.deal.actions import END_TURN
>>> s = new_game(seed=1)
>>> describe(s, END_TURN, s.current)
'End your turn'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import DealAction
from .cards import COLOR_INDEX, COLOR_NAMES, COLORS, SET_SIZE, card_text
from .state import HAND_LIMIT, PAY_PHASE, PAYMENT_KINDS, RESPOND, is_full, set_rent

if TYPE_CHECKING:
    from .state import DealState

KIND_WORDS = {
    "rent": "rent",
    "debt_collector": "Debt Collector",
    "its_my_birthday": "It's My Birthday",
    "sly_deal": "Sly Deal",
    "forced_deal": "Forced Deal",
    "deal_breaker": "Deal Breaker",
}


def _color(name: str) -> str:
    return COLOR_NAMES[COLOR_INDEX[name]]


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _set_words(state: DealState, seat: int, index: int) -> str:
    tables = state.tables[seat]
    if not 0 <= index < len(tables):
        return f"set {index}"
    s = tables[index]
    full = "full " if is_full(s.color, s.cards) else ""
    return f"{full}{COLOR_NAMES[s.color]} set ({len(s.cards)} of {SET_SIZE[s.color]} cards)"


def _pending_words(state: DealState) -> str:
    """The action being answered, e.g. "seat 0's red rent of 6M"."""
    p = state.pending
    if p is None:
        return "the action"
    what = KIND_WORDS[p.kind]
    if p.kind == "rent" and p.color is not None:
        return f"seat {p.by}'s {COLOR_NAMES[p.color]} rent of {p.amount}M"
    if p.kind in PAYMENT_KINDS:
        return f"seat {p.by}'s {what} of {p.amount}M"
    if p.kind == "sly_deal" and p.take is not None:
        return f"seat {p.by}'s Sly Deal taking your {card_text(p.take)}"
    if p.kind == "forced_deal" and p.take is not None and p.give is not None:
        return (
            f"seat {p.by}'s Forced Deal swapping your {card_text(p.take)} for {card_text(p.give)}"
        )
    if p.kind == "deal_breaker" and p.set is not None:
        return f"seat {p.by}'s Deal Breaker taking your {_set_words(state, p.targets[0], p.set)}"
    return f"seat {p.by}'s {what}"


def describe(state: DealState, action: DealAction, seat: int) -> str:
    """``action`` in words for ``seat``, e.g. "Charge red rent of 6M to everyone with ..."."""
    a = action
    t = a.type
    card = getattr(a, "card", None)
    text = card_text(card) if card is not None else ""
    if t == "bank":
        return f"Bank {text}"
    if t == "property":
        return f"Play {text} as {_color(a.color)}"  # type: ignore[attr-defined]
    if t == "move_wild":
        return f"Move {text} to {_color(a.color)} (not a play)"  # type: ignore[attr-defined]
    if t == "rent":
        col = COLOR_INDEX[a.color]  # type: ignore[attr-defined]
        base = state._rents(seat)[col]
        doubles = len(a.doubles)  # type: ignore[attr-defined]
        amount = base << doubles
        who = (
            "everyone else"
            if a.target is None  # type: ignore[attr-defined]
            else _who(a.target, seat)  # type: ignore[attr-defined]
        )
        extra = f", doubled {doubles} time(s) with Double The Rent" if doubles else ""
        plays = 1 + doubles
        return (
            f"Charge {COLOR_NAMES[col]} rent of {amount}M to {who} with {text}{extra}"
            f" ({plays} play{'s' if plays > 1 else ''})"
        )
    if t == "debt_collector":
        return f"Debt Collector: seat {a.target} pays you 5M"  # type: ignore[attr-defined]
    if t == "its_my_birthday":
        return "It's My Birthday: everyone else pays you 2M"
    if t == "sly_deal":
        return f"Sly Deal: take {card_text(a.take)} from seat {a.target}"  # type: ignore[attr-defined]
    if t == "forced_deal":
        return (
            f"Forced Deal: swap your {card_text(a.give)} for "  # type: ignore[attr-defined]
            f"{card_text(a.take)} of seat {a.target}"  # type: ignore[attr-defined]
        )
    if t == "deal_breaker":
        where = _set_words(state, a.target, a.set)  # type: ignore[attr-defined]
        return f"Deal Breaker: take the {where} of seat {a.target}"  # type: ignore[attr-defined]
    if t == "pass_go":
        return "Pass Go: draw 2 cards"
    if t == "house":
        return f"Put a house on your {_set_words(state, seat, a.set)}"  # type: ignore[attr-defined]
    if t == "hotel":
        return f"Put a hotel on your {_set_words(state, seat, a.set)}"  # type: ignore[attr-defined]
    if t == "say_no":
        p = state.pending
        if p is not None and p.noes % 2 == 1:
            return f"Just Say No to seat {p.targets[0]}'s Just Say No"
        return f"Just Say No: cancel {_pending_words(state)} for you"
    if t == "accept":
        p = state.pending
        if p is not None and p.noes % 2 == 1:
            return f"Let seat {p.targets[0]}'s Just Say No stand"
        return f"Accept {_pending_words(state)}"
    if t == "pay":
        assert card is not None
        if card in state.banks[seat]:
            return f"Pay with {text} from your bank"
        return f"Pay with {text} from your table"
    if t == "discard":
        return f"Discard {text}"
    if t == "end_turn":
        return "End your turn"
    return str(a)


def prompt(state: DealState, seat: int) -> str:
    """What ``seat`` is asked now, in words (e.g. "Pay 5M: choose a card from your bank or
    properties")."""
    if state.is_over:
        return f"The game is over: seat {state.winner} won with three full sets."
    if seat not in state.to_move():
        return f"Waiting for seat {state.to_move()[0]}."
    p = state.pending
    phase = state.phase
    if phase == PAY_PHASE and p is not None:
        owed = p.amount - p.paid
        return f"Pay {owed}M to seat {p.by}: choose a card from your bank or properties."
    if phase == RESPOND and p is not None:
        what = KIND_WORDS[p.kind]
        if p.kind == "rent" and p.color is not None:
            what = f"{COLOR_NAMES[p.color]} rent of {p.amount}M"
        elif p.kind in PAYMENT_KINDS:
            what = f"{what} ({p.amount}M)"
        if p.noes % 2 == 0:
            return f"Seat {p.by} plays {what} against you: Just Say No, or accept?"
        return (
            f"Seat {p.targets[0]} said Just Say No to your {what}: answer with a Just Say No,"
            " or let it stand?"
        )
    if phase == "discard":
        extra = len(state.hands[seat]) - HAND_LIMIT
        return f"You hold more than {HAND_LIMIT} cards: discard {extra} more."
    return f"Your turn: {state.plays_left} play(s) left. Choose an action."


def set_text(color: int, cards: list[int], house: int | None, hotel: int | None) -> str:
    """A set in words, e.g. "red, 3 of 3, full, house, rent 9M: ..."."""
    from .state import PSet

    s = PSet(color, cards, house, hotel)
    parts = [f"{COLOR_NAMES[color]}, {len(cards)} of {SET_SIZE[color]}"]
    if is_full(color, cards):
        parts.append("full")
    if house is not None:
        parts.append("house")
    if hotel is not None:
        parts.append("hotel")
    parts.append(f"rent {set_rent(s)}M")
    return ", ".join(parts) + ": " + "; ".join(card_text(c) for c in cards)


__all__ = ["COLORS", "describe", "prompt", "set_text"]
