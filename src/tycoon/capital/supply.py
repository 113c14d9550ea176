"""Cards moving between deck, hands and discard pile (C-4.5, C-7.4, D-8).

The deck is kept with its top card last (``deck.pop()`` draws); positions list it top first.
When the deck is empty the discard pile is shuffled into a new deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Event

from .events import Drew, Reshuffled

if TYPE_CHECKING:
    from .state import CapitalState

HAND_SIZE = 5  # C-3.1, D-8


def draw(st: CapitalState, seat: int, count: int, events: list[Event]) -> int:
    """``seat`` draws up to ``count`` cards; returns how many it got."""
    hand = st.seats[seat].hand
    got = 0
    for _ in range(count):
        if not st.deck:
            if not st.discard:
                break
            st.deck = st.discard
            st.discard = []
            st.rng.shuffle(st.deck)
            events.append(Reshuffled(len(st.deck)))
        hand.append(st.deck.pop())
        got += 1
    if got:
        events.append(Drew(seat, got))
    return got


def refill(st: CapitalState, seat: int, events: list[Event]) -> None:
    """D-8: draw until the hand holds 5 cards (only with ``card_supply="refill"``)."""
    missing = HAND_SIZE - len(st.seats[seat].hand)
    if missing > 0:
        draw(st, seat, missing, events)
