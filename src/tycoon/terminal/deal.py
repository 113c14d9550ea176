"""Monopoly Deal in the terminal, for people and screen readers: plain lines, no colours,
numbered choices in words. You are seat 0; the other seats are random bots.

Type the number of a choice and Enter. Enter alone repeats the table; ``q`` quits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tycoon.bots import RandomBot
from tycoon.deal import new_game
from tycoon.deal.cards import VALUE, card_text
from tycoon.deal.describe import prompt, set_text
from tycoon.deal.state import DealState
from tycoon.engine import Event, new_seed

HUMAN = 0


def table_text(state: DealState, me: int = HUMAN) -> list[str]:
    """Your hand, then every player's bank and sets, the piles and whose turn it is."""
    lines = [
        f"Turn {state.turn}. Seat {state.current} is playing; {state.plays_left} play(s) left."
    ]
    hand = sorted(state.hands[me])
    lines.append(f"Your hand, {len(hand)} cards: " + ("; ".join(map(card_text, hand)) or "empty"))
    for s in range(state.n):
        who = "You" if s == me else f"Seat {s}"
        bank = state.banks[s]
        total = sum(VALUE[c] for c in bank)
        full = len(state.full_colors(s))
        lines.append(
            f"{who}: {len(state.hands[s])} cards in hand, bank {total}M"
            f" ({len(bank)} cards), {full} full set(s) of 3 needed."
        )
        for x in state.tables[s]:
            lines.append("  Set " + set_text(x.color, x.cards, x.house, x.hotel))
    top = f", top {card_text(state.discard[-1])}" if state.discard else ""
    lines.append(
        f"Draw pile: {len(state.deck)} cards. Discard pile: {len(state.discard)} cards{top}."
    )
    return lines


def event_text(event: Event, me: int = HUMAN) -> str | None:
    """An event worth telling in words (None for the ones the action lines already say)."""

    def who(seat: int) -> str:
        return "you" if seat == me else f"seat {seat}"

    t = event.type
    if t == "turn_started":
        return f"Turn {event.turn}: {who(event.seat)} to play."  # type: ignore[attr-defined]
    if t == "drew":
        return f"{who(event.seat).capitalize()} drew {event.count} card(s)."  # type: ignore[attr-defined]
    if t == "reshuffled":
        return f"The discard pile was shuffled into a new draw pile of {event.count} cards."  # type: ignore[attr-defined]
    if t == "cancelled":
        return f"Just Say No: the action against {who(event.seat)} is cancelled."  # type: ignore[attr-defined]
    if t == "transferred":
        cards = "; ".join(card_text(c) for c in event.cards)  # type: ignore[attr-defined]
        return f"{who(event.giver).capitalize()} gave {who(event.receiver)}: {cards}."  # type: ignore[attr-defined]
    if t == "buildings_lost":
        cards = "; ".join(card_text(c) for c in event.cards)  # type: ignore[attr-defined]
        return f"A set of {who(event.seat)} is broken: {cards} went to the {event.to}."  # type: ignore[attr-defined]
    return None


def _tell(events: list[Event], write: Callable[[str], None]) -> None:
    for event in events:
        text = event_text(event)
        if text:
            write(text)


def play(
    seats: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    max_bot_actions: int = 100_000,
) -> DealState:
    """Play a game as seat 0 against random bots; ``read``/``write`` may be replaced (tests).

    Returns the final state (or the state when the player quit).
    """
    seed = new_seed() if seed is None else seed
    state = new_game(seats=seats or 2, seed=seed, **(options or {}))
    bots = {s: RandomBot(seed + s) for s in range(1, state.n)}
    write(f"Monopoly Deal, {state.n} players, seed {seed}. You are seat 0.")
    write("Collect three full property sets of different colours to win.")
    bot_actions = 0
    shown: tuple[int, str] = (-1, "")
    while not state.is_over:
        seat = state.to_move()[0]
        if seat != HUMAN:
            action = bots[seat].choose(state, seat)
            write(f"Seat {seat}: {state.describe(action, seat)}.")
            _tell(state.apply(seat, action), write)
            bot_actions += 1
            if bot_actions > max_bot_actions:
                write("The bots played too long; stopping.")
                return state
            continue
        if shown != (state.turn, state.phase):
            for line in table_text(state):
                write(line)
            shown = (state.turn, state.phase)
        actions = state.legal_actions(HUMAN)
        write(prompt(state, HUMAN))
        for i, a in enumerate(actions, 1):
            write(f"{i}. {state.describe(a, HUMAN)}")
        while True:
            answer = read(f"Choose 1 to {len(actions)}: ").strip().lower()
            if answer in ("q", "quit"):
                write("You left the game.")
                return state
            if answer == "":
                for line in table_text(state):
                    write(line)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                break
            write(f"Please type a number from 1 to {len(actions)}, Enter for the table, q to quit.")
        action = actions[int(answer) - 1]
        write(f"You: {state.describe(action, HUMAN)}.")
        _tell(state.apply(HUMAN, action), write)
    for line in table_text(state):
        write(line)
    who = "You win" if state.winner == HUMAN else f"Seat {state.winner} wins"
    write(f"{who} with three full sets: {', '.join(sorted(state.full_colors(state.winner)))}.")
    return state
