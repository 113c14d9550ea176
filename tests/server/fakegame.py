"""A tiny contract-conforming game for server tests ("fake"): hidden hands, a deck, private
draw events and a simultaneous "minigame" phase, so every server path is exercised without the
real engines.

Rules: each seat holds 2 secret cards (ints) from a shuffled deck of 40. On its turn the
current seat plays a card from its hand (public, scores its value) or draws one (a private
event tells only that seat which card). After each round (every ``minigame_every`` turns, 0 =
never) all seats play a minigame at once: each sees its own secret number and scores it by
sending ``{"type": "minigame", "inputs": [n]}``; an empty list scores 0. The game ends after
``turn_limit`` turns; the best score wins.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import Action, Event, IllegalAction, InvalidOption, Rng, State, parse_data

NAME = "fake"
MIN_SEATS = 2
MAX_SEATS = 4
DEFAULT_SEATS = 2
OPTIONS = {
    "turn_limit": {"default": 6, "type": "int", "help": "turns before the game ends"},
    "minigame_every": {"default": 0, "type": "int", "help": "turns between minigames"},
}


@dataclass(frozen=True, slots=True)
class Play(Action):
    type: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    type: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Minigame(Action):
    type: ClassVar[str] = "minigame"
    inputs: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"minigame {list(self.inputs)}"


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
class Scored(Event):
    type: ClassVar[str] = "scored"
    seat: int
    points: int


ACTIONS = {"play": Play, "draw": Draw, "minigame": Minigame}


def _card(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 1000:
        raise ValueError("a card is an integer")
    return v


def _inputs(v: Any) -> tuple[int, ...]:
    if not isinstance(v, list) or len(v) > 10 or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in v
    ):
        raise ValueError("inputs are a list of at most 10 integers")
    return tuple(v)


def parse_action(data: Any) -> Action:
    return parse_data(data, ACTIONS, {"card": _card, "inputs": _inputs})


class FakeState(State):
    game = NAME

    def __init__(self, data: dict[str, Any]) -> None:
        self.d = data

    # contract ------------------------------------------------------------------------------
    def to_move(self) -> list[int]:
        if self.is_over:
            return []
        if self.d["phase"] == "minigame":
            return sorted(self.d["waiting"])
        return [self.d["current"]]

    @property
    def phase(self) -> str:
        return "over" if self.is_over else self.d["phase"]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        if self.d["phase"] == "minigame":
            return [Minigame(()), Minigame((self.d["secret"][seat],))]
        hand = self.d["hands"][seat]
        out: list[Action] = [Play(c) for c in sorted(set(hand))]
        if self.d["deck"]:
            out.append(Draw())
        return out

    def apply(self, seat: int, action: Action) -> list[Event]:
        if seat not in self.to_move():
            raise IllegalAction(f"seat {seat} is not to move")
        if action not in self.legal_actions(seat) and not (
            isinstance(action, Minigame) and self.d["phase"] == "minigame"
        ):
            raise IllegalAction(f"{action} is not legal now")
        d = self.d
        events: list[Event] = []
        if isinstance(action, Minigame):
            points = d["secret"][seat] if list(action.inputs) == [d["secret"][seat]] else 0
            d["scores"][seat] += points
            d["waiting"].remove(seat)
            events.append(Scored(seat, points))
            if not d["waiting"]:
                d["phase"] = "turn"
                self._next_turn()
            return events
        if isinstance(action, Play):
            d["hands"][seat].remove(action.card)
            d["scores"][seat] += action.card
            d["discard"].append(action.card)
            events.append(Played(seat, action.card))
        else:
            card = d["deck"].pop()
            d["hands"][seat].append(card)
            events.append(Drew(seat, card))
        every = d["options"]["minigame_every"]
        if every and d["turn"] % every == 0 and d["turn"] < d["options"]["turn_limit"]:
            d["phase"] = "minigame"
            d["waiting"] = list(range(d["seats"]))
            rng = Rng.from_json(d["rng"])
            d["secret"] = [rng.below(100) for _ in range(d["seats"])]
            d["rng"] = rng.to_json()
        else:
            self._next_turn()
        return events

    def _next_turn(self) -> None:
        d = self.d
        d["turn"] += 1
        d["current"] = (d["current"] + 1) % d["seats"]
        if d["turn"] > d["options"]["turn_limit"]:
            d["over"] = True

    def view(self, seat: int | None = None) -> dict[str, Any]:
        d = self.d
        return {
            "game": NAME,
            "turn": d["turn"],
            "current": d["current"],
            "to_move": self.to_move(),
            "phase": self.phase,
            "seats": [
                {"seat": s, "hand_size": len(d["hands"][s]), "score": d["scores"][s],
                 **({"hand": list(d["hands"][s])} if s == seat else {})}
                for s in range(d["seats"])
            ],
            "deck_size": len(d["deck"]),
            "discard": list(d["discard"]),
            "minigame": (
                {"secret": d["secret"][seat]}
                if d["phase"] == "minigame" and seat is not None and seat in d["waiting"]
                else None
            ),
            "winner": self.winner,
        }

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy(self.d)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FakeState:
        return cls(copy.deepcopy(data))

    def clone(self) -> FakeState:
        return FakeState(copy.deepcopy(self.d))

    @property
    def is_over(self) -> bool:
        return bool(self.d.get("over"))

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        scores = self.d["scores"]
        return max(range(len(scores)), key=lambda s: (scores[s], -s))

    def result(self) -> dict[str, Any]:
        scores = self.d["scores"]
        return {
            "game": NAME, "finished": self.is_over, "winner": self.winner,
            "reason": "turn_limit" if self.is_over else None, "turns": self.d["turn"],
            "standings": sorted(range(len(scores)), key=lambda s: (-scores[s], s)),
            "scores": list(scores),
        }

    def determinize(self, seat: int, seed: int) -> FakeState:
        return self.clone()

    def describe(self, action: Action, seat: int) -> str:
        return {"play": "Play card {card}", "draw": "Draw a card"}.get(
            action.type, "Send minigame inputs"
        ).format(**action.to_json())


def new_game(seats: int = DEFAULT_SEATS, seed: int | None = None, **options: Any) -> FakeState:
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidOption(f"seats must be {MIN_SEATS}..{MAX_SEATS}")
    opts = {k: v["default"] for k, v in OPTIONS.items()}
    for key, value in options.items():
        if key not in OPTIONS:
            raise InvalidOption(f"unknown option {key!r}")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 500:
            raise InvalidOption(f"option {key!r}: bad value {value!r}")
        opts[key] = value
    rng = Rng(seed or 0)
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [[deck.pop(), deck.pop()] for _ in range(seats)]
    return FakeState({
        "seats": seats, "turn": 1, "current": 0, "phase": "turn", "hands": hands, "deck": deck,
        "discard": [], "scores": [0] * seats, "waiting": [], "secret": [0] * seats,
        "rng": rng.to_json(), "options": opts, "over": False,
    })


def from_json(data: dict[str, Any]) -> FakeState:
    return FakeState.from_json(data)
