"""Steps C-4.1 (roll) and C-4.2 (move): dice, Hare and Turtle, forks, laps, obstacles, tolls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.engine import Event

from .board import BOARD, WAYS
from .events import Branched, EffectChanged, Lap, LevelUp, Moved, Rolled
from .supply import draw

if TYPE_CHECKING:
    from .state import CapitalState


def roll_dice(st: CapitalState, seat: int, events: list[Event]) -> tuple[int, ...]:
    """C-4.1: the dice of ``seat``, using Hare/Turtle uses (both at once cancel, D-2).

    Normal dice come from ``dice_queue`` first, then from the state's generator.
    """
    player = st.seats[seat]
    fx = player.effects
    hare, turtle = fx["hare"] > 0, fx["turtle"] > 0
    effect: str | None = None
    if hare and turtle:
        effect = "cancel"
    elif hare:
        effect = "hare"
    elif turtle:
        effect = "turtle"
    if effect == "hare":
        dice = (6,) * player.dice
    elif effect == "turtle":
        dice = (1,) * player.dice
    else:
        out = []
        for _ in range(player.dice):
            if st.dice_queue:
                out.append(st.dice_queue.pop(0))
            else:
                out.append(st.rng.randint(1, 6))
        dice = tuple(out)
    events.append(Rolled(seat, dice, effect))
    for name, used in (("hare", hare), ("turtle", turtle)):
        if used:
            fx[name] -= 1
            events.append(EffectChanged(seat, name, fx[name]))
    return dice


def advance(st: CapitalState, seat: int, steps: int, way: str | None, events: list[Event]) -> bool:
    """C-4.2: move ``steps`` squares; True when the move is over, False when it pauses at a
    fork (phase "branch", ``st.steps_left`` set). ``way`` answers a pending fork.
    """
    player = st.seats[seat]
    pos = player.square
    path: list[int] = []
    blocked: int | None = None
    nxt_of = BOARD.next
    start = BOARD.starts[seat]
    constructions = st.constructions
    while steps > 0:
        nxt = nxt_of[pos]
        if nxt < 0:
            if way is None:
                player.square = pos
                st.steps_left = steps
                st.phase = "branch"
                if path:
                    events.append(Moved(seat, tuple(path), None))
                return False
            nxt = BOARD.forks[pos][WAYS.index(way)]
            events.append(Branched(seat, way, nxt))
            way = None
        built = constructions.get(nxt)
        if built is not None and built[1] != seat and built[0] == "obstacle" and not st.six:
            blocked = nxt  # C-4.2.3, D-3: stop before it, the rest of the move is lost
            break
        pos = nxt
        steps -= 1
        path.append(pos)
        if built is not None and built[1] != seat and built[0] == "toll":
            st.tolls.append((pos, built[1]))  # C-4.2.4
        if pos == start:
            player.square = pos
            complete_lap(st, seat, events)
    player.square = pos
    st.steps_left = 0
    st.landed = pos
    events.append(Moved(seat, tuple(path), blocked,
                        None if blocked is None else constructions[blocked][1]))
    return True


def complete_lap(st: CapitalState, seat: int, events: list[Event]) -> None:
    """C-4.2.2: one more lap; under ``owner_lap`` all the seat's businesses gain a level;
    under ``card_supply="lap"`` the seat draws one card."""
    player = st.seats[seat]
    player.laps += 1
    events.append(Lap(seat, player.laps))
    if st.options["level_up"] == "owner_lap":
        lots = [key for key, b in st.businesses.items() if b.owner == seat]
        if lots:
            st.raise_levels(lots, 1)
            events.append(LevelUp(tuple(sorted(lots)), 1, "lap"))
    if st.options["card_supply"] == "lap":
        draw(st, seat, 1, events)
