"""Toy: a third game that lives only in ``tests/``, registered through the ``tycoon.games``
entry point of ``tests/plugins/toygame-0.1.dist-info``, to prove that no layer of Tycoon
needs to know a game by name.

Rules: 2 to 4 seats; a shuffled deck of cards 1..40; each seat holds 2 secret cards. On its
turn the current seat plays a card from its hand (public: it scores the card's value) or
draws one (private: only that seat learns the card). Every ``round_every`` turns (0: never)
all seats play a *peek round* at once, an input session: each seat has its own 4 face-down
digits and turns at most 2 of them, one by one (each face is revealed only when turned);
the turned faces score. The game ends after ``turn_limit`` turns; the best score wins
(the lowest seat on a tie).

>>> from tycoon.engine import get_game
>>> st = get_game("toy").new_game(seats=2, seed=3)
>>> st.to_move(), [str(a) for a in st.legal_actions(0)]
([0], ['play card=20', 'play card=36', 'draw'])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import (
    Action,
    Event,
    GameInfo,
    GameOver,
    IllegalAction,
    InputSession,
    InvalidAction,
    InvalidPosition,
    Message,
    Option,
    Outcome,
    Rng,
    State,
    TurnStarted,
    parse_data,
    seat_ref,
)

CELLS = 4
TURNS = 2


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from the hand: it scores its value."""

    type: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the deck (only the drawing seat sees it)."""

    type: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing (only when the hand and the deck are both empty)."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Peek(Action):
    """End the peek round having turned the cells ``inputs`` (in order)."""

    type: ClassVar[str] = "peek"
    inputs: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Played(Event):
    type: ClassVar[str] = "played"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """Private: only the drawing seat learns the card."""

    type: ClassVar[str] = "drew"
    private: ClassVar[bool] = True
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    turn: int


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    type: ClassVar[str] = "peeked"
    seat: int
    faces: tuple[int, ...]
    points: int


ACTIONS = (Play, Draw, Pass, Peek)
EVENTS = (TurnStarted, Played, Drew, RoundStarted, Peeked, GameOver)


def _card(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 40:
        raise ValueError("a card is an integer from 1 to 40")
    return v


def _inputs(v: Any) -> tuple[int, ...]:
    if not isinstance(v, list | tuple) or len(v) > TURNS or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in v
    ):
        raise ValueError(f"inputs are a list of at most {TURNS} cell numbers")
    return tuple(v)


def parse_action(data: Any) -> Action:
    """The action of a JSON object (``InvalidAction`` if malformed)."""
    return parse_data(data, {c.type: c for c in ACTIONS}, {"card": _card, "inputs": _inputs})


def _check_cells(faces: list[int], inputs: list[Any]) -> None:
    if len(inputs) > TURNS:
        raise InvalidAction(f"at most {TURNS} cells may be turned")
    seen: set[int] = set()
    for i, cell in enumerate(inputs):
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < len(faces):
            raise InvalidAction(f"input {i + 1}: there is no cell {cell!r} "
                                f"(cells are 1 to {len(faces)})")
        if cell in seen:
            raise InvalidAction(f"input {i + 1}: cell {cell + 1} is already turned")
        seen.add(cell)


class PeekRound(InputSession):
    """The peek round as an input session: progressive (faces stay hidden until turned)."""

    kind = "peek"
    progressive = True

    def __init__(self, state: ToyState) -> None:
        self._d = state.d

    @property
    def id(self) -> str:
        return f"peek-{self._d['turn']}"

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self._d["seats"]))

    @property
    def duration_ms(self) -> int:
        return self._d["options"]["round_ms"]

    def view(self, seat: int) -> dict[str, Any]:
        return {"cells": CELLS, "turns": TURNS}

    def step(self, seat: int, inputs: list[Any], item: Any) -> dict[str, Any]:
        faces = self._d["faces"][seat]
        done = [*inputs, item]
        _check_cells(faces, done)
        turned = {c: faces[c] for c in done}
        return {"turned": turned, "points": sum(turned.values()), "done": len(done) == TURNS}

    def action(self, seat: int, inputs: list[Any]) -> Action:
        return Peek(tuple(inputs))

    def bot_action(self, seat: int, skill: float, seed: int) -> Action:
        faces = self._d["faces"][seat]
        order = sorted(range(CELLS), key=lambda c: -faces[c]) if skill >= 0.5 else list(
            range(CELLS))
        rng = Rng(seed)
        if skill < 0.5:
            rng.shuffle(order)
        return Peek(tuple(order[:TURNS]))


class ToyState(State):
    """A Toy position: one JSON-like dict, deep-copied to clone."""

    game = "toy"

    def __init__(self, data: dict[str, Any]) -> None:
        self.d = data

    @property
    def turn(self) -> int:  # type: ignore[override]
        return self.d["turn"]

    @property
    def phase(self) -> str:  # type: ignore[override]
        return "over" if self.d["over"] else self.d["phase"]

    # ----------------------------------------------------------------- contract
    def to_move(self) -> list[int]:
        if self.d["over"]:
            return []
        if self.d["phase"] == "peek":
            return sorted(self.d["waiting"])
        return [self.d["current"]]

    def session(self) -> InputSession | None:
        return PeekRound(self) if self.phase == "peek" else None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        if self.d["phase"] == "peek":
            return [Peek(())]
        out: list[Action] = [Play(c) for c in sorted(self.d["hands"][seat])]
        if self.d["deck"]:
            out.append(Draw())
        return out or [Pass()]

    def apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        if seat not in self.to_move():
            raise IllegalAction(f"seat {seat + 1 if isinstance(seat, int) else seat} is not "
                                f"to move now")
        d = self.d
        events: list[Event] = []
        if d["phase"] == "peek":
            if not isinstance(action, Peek):
                raise IllegalAction("every seat turns its cells now")
            faces = d["faces"][seat]
            try:
                _check_cells(faces, list(action.inputs))
            except InvalidAction as exc:
                raise IllegalAction(str(exc)) from None
            turned = tuple(faces[c] for c in action.inputs)
            d["scores"][seat] += sum(turned)
            d["waiting"].remove(seat)
            events.append(Peeked(seat, turned, sum(turned)))
            if not d["waiting"]:
                d["phase"] = "turn"
                self._next_turn(events)
            return events
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action} is not legal now")
        if isinstance(action, Play):
            d["hands"][seat].remove(action.card)
            d["scores"][seat] += action.card
            events.append(Played(seat, action.card))
        elif isinstance(action, Draw):
            card = d["deck"].pop()
            d["hands"][seat].append(card)
            events.append(Drew(seat, card))
        every = d["options"]["round_every"]
        if every and d["turn"] % every == 0 and d["turn"] < d["options"]["turn_limit"]:
            d["phase"] = "peek"
            d["waiting"] = list(range(d["seats"]))
            rng = Rng.from_json(d["rng"])
            d["faces"] = [[rng.below(10) for _ in range(CELLS)] for _ in range(d["seats"])]
            d["rng"] = rng.to_json()
            events.append(RoundStarted(d["turn"]))
        else:
            self._next_turn(events)
        return events

    def _next_turn(self, events: list[Event]) -> None:
        d = self.d
        if d["turn"] >= d["options"]["turn_limit"]:
            d["over"] = True
            events.append(GameOver(self.winner, "turn_limit"))
            return
        d["turn"] += 1
        d["current"] = (d["current"] + 1) % d["seats"]
        events.append(TurnStarted(d["current"], d["turn"]))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        d = self.d
        return {
            "game": "toy",
            "turn": d["turn"],
            "current": d["current"],
            "to_move": self.to_move(),
            "phase": self.phase,
            "seats": [
                {"seat": s, "hand_size": len(d["hands"][s]), "score": d["scores"][s],
                 **({"hand": sorted(d["hands"][s])} if s == seat else {})}
                for s in range(d["seats"])
            ],
            "deck_size": len(d["deck"]),
            "winner": self.winner,
        }

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy(self.d)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToyState:
        if not isinstance(data, dict) or data.get("game") != "toy":
            raise InvalidPosition('a toy position is an object with "game": "toy"')
        missing = set(_new(2, 0, GAME.resolve_options()).d) - set(data)
        if missing:
            raise InvalidPosition(f"toy position: missing {', '.join(sorted(missing))}")
        return cls(copy.deepcopy(data))

    def clone(self) -> ToyState:
        return ToyState(copy.deepcopy(self.d))

    @property
    def is_over(self) -> bool:
        return bool(self.d["over"])

    @property
    def winner(self) -> int | None:
        if not self.d["over"]:
            return None
        scores = self.d["scores"]
        return max(range(len(scores)), key=lambda s: (scores[s], -s))

    def result(self) -> Outcome:
        scores = self.d["scores"]
        return Outcome(
            finished=self.is_over, winner=self.winner,
            reason="best_score" if self.is_over else None, turns=self.d["turn"],
            standings=tuple(sorted(range(len(scores)), key=lambda s: (-scores[s], s))),
            scores=tuple(scores),
        )

    def determinize(self, seat: int, seed: int) -> ToyState:
        new = self.clone()
        d = new.d
        rng = Rng(seed)
        pool = sorted(d["deck"] + [c for s, h in enumerate(d["hands"]) if s != seat for c in h])
        rng.shuffle(pool)
        for s, hand in enumerate(d["hands"]):
            if s != seat:
                n = len(hand)
                d["hands"][s] = pool[:n]
                del pool[:n]
        d["deck"] = pool
        d["faces"] = [[rng.below(10) for _ in range(CELLS)] if s != seat else f
                      for s, f in enumerate(d["faces"])]
        d["rng"] = Rng(rng.next64()).to_json()
        return new

    def describe(self, item: Action | Event, seat: int | None) -> Message:
        if isinstance(item, Play):
            return Message("action.play", {"card": item.card})
        if isinstance(item, Draw):
            return Message("action.draw")
        if isinstance(item, Pass):
            return Message("action.pass")
        if isinstance(item, Peek):
            return Message("action.peek", {"n": len(item.inputs)})
        if isinstance(item, TurnStarted):
            return Message("event.turn_started", {"seat": seat_ref(item.seat), "turn": item.turn})
        if isinstance(item, Played):
            return Message("event.played", {"seat": seat_ref(item.seat), "card": item.card})
        if isinstance(item, Drew):
            if item.visible_to(seat):
                return Message("event.drew_card", {"seat": seat_ref(item.seat), "card": item.card})
            return Message("event.drew", {"seat": seat_ref(item.seat)})
        if isinstance(item, RoundStarted):
            return Message("event.round_started", {"turn": item.turn})
        if isinstance(item, Peeked):
            return Message("event.peeked", {"seat": seat_ref(item.seat), "n": item.points})
        if isinstance(item, GameOver):
            if item.winner is None:
                return Message("event.game_over_draw")
            return Message("event.game_over", {"seat": seat_ref(item.winner)})
        raise TypeError(f"toy cannot describe {item!r}")


def _new(seats: int, seed: int, options: dict[str, Any]) -> ToyState:
    rng = Rng(seed)
    deck = list(range(1, 41))
    rng.shuffle(deck)
    hands = [[deck.pop(), deck.pop()] for _ in range(seats)]
    return ToyState({
        "game": "toy", "seats": seats, "turn": 1, "current": 0, "phase": "turn",
        "hands": hands, "deck": deck, "scores": [0] * seats, "waiting": [],
        "faces": [[0] * CELLS for _ in range(seats)], "rng": rng.to_json(),
        "options": options, "over": False,
    })


def client_data() -> dict[str, Any]:
    """What a client draws from: the cards and the peek round's size."""
    return {"cards": list(range(1, 41)), "cells": CELLS, "turns": TURNS}


GAME = GameInfo(
    name="toy",
    title="Toy",
    min_seats=2,
    max_seats=4,
    default_seats=2,
    make=_new,
    from_json=ToyState.from_json,
    parse_action=parse_action,
    action_types=ACTIONS,
    event_types=EVENTS,
    options=(
        Option("turn_limit", "int", 8, minimum=1, maximum=100_000, help="Turns before the end."),
        Option("round_every", "int", 2, minimum=0, maximum=500,
               help="Turns between peek rounds (0: never)."),
        Option("round_ms", "int", 10_000, minimum=1, maximum=600_000,
               help="How long a peek round lasts, in milliseconds."),
    ),
    phases=("turn", "peek", "over"),
    messages="toygame.messages",
    client_data=client_data,
    extensions={"rl_codec": "toygame.rl_codec:CODEC"},
)
