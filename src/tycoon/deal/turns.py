"""A turn (MD-3): drawing, the three plays of bank and property cards, wild-card moves,
the hand limit and the end of the turn, with the ``turn_limit`` option.

The phases of a game are ``play`` (the active player plays), ``respond`` (a target answers an
action card, or the player answers a Just Say No), ``pay`` (a target pays card by card),
``discard`` (over the hand limit at the end of the turn) and ``over``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Event

from .actions import Bank, Discard, EndTurn, MoveWild, PlayProperty
from .cards import COLOR_INDEX
from .events import Drew, GameOver, Reshuffled, TurnStarted
from .sets import check_win, find, place, take_from_set

if TYPE_CHECKING:
    from .state import DealState

HAND_LIMIT = 7  # MD-3.3
PLAYS = 3  # MD-3.2

PLAY, RESPOND, PAY_PHASE, DISCARD_PHASE, OVER = "play", "respond", "pay", "discard", "over"
#: Every phase, in the order of a turn.
PHASES = (PLAY, RESPOND, PAY_PHASE, DISCARD_PHASE, OVER)


def draw(state: DealState, seat: int, count: int, events: list[Event]) -> None:
    """Draw ``count`` cards; reshuffle the discard pile when the pile is empty (MD-3.4, D-1)."""
    deck = state.deck
    hand = state.hands[seat]
    drawn = 0
    for _ in range(count):
        if not deck:
            if not state.discard:
                break
            deck.extend(state.discard)
            state.discard.clear()
            state.rng.shuffle(deck)
            events.append(Reshuffled(len(deck)))
        hand.append(deck.pop())
        drawn += 1
    events.append(Drew(seat, drawn))


def start_turn(state: DealState, seat: int, events: list[Event]) -> None:
    """MD-3.1: ``seat`` starts the next turn and draws 2, or 5 with an empty hand."""
    state.current = seat
    state.turn += 1
    state.plays_left = PLAYS
    state.phase = PLAY
    events.append(TurnStarted(seat, state.turn))
    draw(state, seat, 5 if not state.hands[seat] else 2, events)


def end_turn(state: DealState, events: list[Event]) -> None:
    """The next seat's turn, or the end of the game at the ``turn_limit`` (unfinished)."""
    limit = state.turn_limit
    if limit is not None and state.turn >= limit:
        state.phase = OVER
        state.reason = "turn_limit"
        events.append(GameOver(None, "turn_limit"))
        return
    start_turn(state, (state.current + 1) % state.n, events)


def do_bank(state: DealState, seat: int, a: Bank, events: list[Event]) -> None:
    """MD-4.1: a money, rent or action card into the bank (a play)."""
    state.hands[seat].remove(a.card)
    state.banks[seat].append(a.card)
    state.plays_left -= 1


def do_property(state: DealState, seat: int, a: PlayProperty, events: list[Event]) -> None:
    """MD-4.2: a property (a wild card in one of its colours) into the collection (a play)."""
    state.hands[seat].remove(a.card)
    place(state, seat, a.card, COLOR_INDEX[a.color])
    state.plays_left -= 1
    check_win(state, events, seat)


def do_move(state: DealState, seat: int, a: MoveWild, events: list[Event]) -> None:
    """MD-7.2: a wild card on the table to another colour it shows (not a play)."""
    found = find(state, seat, a.card)
    assert found is not None
    take_from_set(state, seat, found[1], a.card, events)
    place(state, seat, a.card, COLOR_INDEX[a.color])
    check_win(state, events, seat)


def do_discard(state: DealState, seat: int, a: Discard, events: list[Event]) -> None:
    """MD-3.3 / MD-12 ``discard_to``: one card over the hand limit; the turn ends at 7."""
    hand = state.hands[seat]
    hand.remove(a.card)
    if state._to_bottom:
        state.deck.insert(0, a.card)
    else:
        state.discard.append(a.card)
    if len(hand) <= HAND_LIMIT:
        end_turn(state, events)


def do_end_turn(state: DealState, seat: int, a: EndTurn, events: list[Event]) -> None:
    """MD-3.3: end the turn, first discarding down to 7 cards."""
    if len(state.hands[seat]) > HAND_LIMIT:
        state.phase = DISCARD_PHASE
    else:
        end_turn(state, events)
