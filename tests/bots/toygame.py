"""A tiny hidden-information card game on the engine contract, to test the bots.

"Tricks": cards 1..9; each of two seats holds 3 secret cards, 3 stay in a secret deck.
The leader plays a card, the other answers; the higher card takes the trick and leads
next. After 3 tricks the seat with more tricks wins. Seat 0 leads first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import Action, Event, IllegalAction, Rng, State


@dataclass(frozen=True, slots=True)
class Play(Action):
    type: ClassVar[str] = "play"
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Played(Event):
    type: ClassVar[str] = "played"
    seat: int
    card: int


class TricksState(State):
    game = "tricks"

    def __init__(self, hands, deck, rng, leader=0, table=None, tricks=None, turn=1):
        self.hands = [sorted(h) for h in hands]
        self.deck = list(deck)
        self.rng = rng
        self.leader = leader
        self.table = list(table or [])  # cards played in the current trick, leader first
        self.tricks = list(tricks or [0, 0])
        self.turn = turn
        #: Set when a bot reads what it must not (hidden hands) — the tests check it stays 0.
        self.peeks = 0

    @classmethod
    def new(cls, seed: int) -> TricksState:
        rng = Rng(seed)
        cards = list(range(1, 10))
        rng.shuffle(cards)
        return cls([cards[:3], cards[3:6]], cards[6:], rng)

    def to_move(self) -> list[int]:
        if self.is_over:
            return []
        return [(self.leader + len(self.table)) % 2]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        return [Play(c) for c in self.hands[seat]]

    def apply(self, seat: int, action: Action) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"seat {seat} cannot {action}")
        self.hands[seat].remove(action.card)
        self.table.append(action.card)
        if len(self.table) == 2:
            lead, answer = self.table
            win = self.leader if lead > answer else 1 - self.leader
            self.tricks[win] += 1
            self.leader = win
            self.table = []
            self.turn += 1
        return [Played(seat, action.card)]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        seats = []
        for s in range(2):
            d: dict[str, Any] = {"seat": s, "hand_size": len(self.hands[s])}
            d["tricks"] = self.tricks[s]
            if s == seat:
                d["hand"] = list(self.hands[s])
            seats.append(d)
        return {
            "game": "tricks",
            "turn": self.turn,
            "current": self.leader,
            "to_move": self.to_move(),
            "phase": "play",
            "seats": seats,
            "table": list(self.table),
            "winner": self.winner,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "deck": self.deck,
            "rng": self.rng.to_json(),
            "leader": self.leader,
            "table": self.table,
            "tricks": self.tricks,
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TricksState:
        return cls(
            data["hands"],
            data["deck"],
            Rng.from_json(data["rng"]),
            data["leader"],
            data["table"],
            data["tricks"],
            data["turn"],
        )

    def clone(self) -> TricksState:
        return TricksState(
            self.hands, self.deck, self.rng.clone(), self.leader, self.table, self.tricks, self.turn
        )

    @property
    def is_over(self) -> bool:
        return sum(self.tricks) == 3

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return 0 if self.tricks[0] > self.tricks[1] else 1

    def result(self) -> dict[str, Any]:
        w = self.winner
        return {
            "game": "tricks",
            "finished": self.is_over,
            "winner": w,
            "reason": "tricks" if w is not None else None,
            "turns": self.turn,
            "standings": [w, 1 - w] if w is not None else [0, 1],
            "scores": self.tricks,
        }

    def determinize(self, seat: int, seed: int) -> TricksState:
        other = 1 - seat
        pool = sorted(self.hands[other] + self.deck)  # sorted: the truth's order is not used
        rng = Rng(seed)
        rng.shuffle(pool)
        n = len(self.hands[other])
        hands = [list(self.hands[0]), list(self.hands[1])]
        hands[other] = pool[:n]
        return TricksState(hands, pool[n:], rng, self.leader, self.table, self.tricks, self.turn)

    def describe(self, action: Action, seat: int) -> str:
        return f"Play the {action.card}"


def new_game(seats: int = 2, seed: int | None = None, **options: Any) -> TricksState:
    if options:
        raise ValueError(f"tricks has no options: {sorted(options)}")
    return TricksState.new(seed or 0)


NAME = "tricks"
MIN_SEATS = MAX_SEATS = DEFAULT_SEATS = 2
OPTIONS: dict[str, Any] = {}
