"""Records: a game as its seed, options and actions, and the replay that rebuilds it.

>>> from tycoon.engine.record import Record
>>> Record.from_json({"game": "deal", "seats": 2, "seed": 7, "options": {}, "actions": []}).seed
7
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .data import Event
from .errors import InvalidPosition
from .game import GameInfo
from .registry import get_game
from .state import State


@dataclass
class Record:
    """``seed + options + actions``: enough to replay a game exactly. An action by a seat the
    game does not have is refused (:func:`check_action_seat`)."""

    game: str
    seats: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seats < 1:
            raise InvalidPosition(f"record: seats must be at least 1, not {self.seats}")
        for i, (seat, _) in enumerate(self.actions):
            check_action_seat(i, seat, self.seats)

    def new_state(self) -> State:
        """The starting position of this record."""
        return get_game(self.game).new_game(seats=self.seats, seed=self.seed, **self.options)

    def to_json(self) -> dict[str, Any]:
        """``{"game", "seats", "seed", "options", "actions": [{"seat", "action"}]}``."""
        return {
            "game": self.game,
            "seats": self.seats,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [{"seat": s, "action": a} for s, a in self.actions],
        }

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Parse a record, with a clear error for a malformed one."""
        if not isinstance(data, dict):
            raise InvalidPosition("a record must be a JSON object")
        missing = {"game", "seats", "seed"} - data.keys()
        if missing:
            raise InvalidPosition(f"record: missing field(s) {', '.join(sorted(missing))}")
        if data["seed"] is None and data.get("complete") is False:
            raise InvalidPosition("record: no seed, as the server gives an unfinished game's "
                                  "record (its seed and actions would tell hands and the deck); "
                                  "its whole record is given once the game is over")
        if not isinstance(data["game"], str):
            raise InvalidPosition(f"record: game must be a game's name, not {data['game']!r}")
        for name in ("seats", "seed"):
            if not isinstance(data[name], int) or isinstance(data[name], bool):
                raise InvalidPosition(f"record: {name} must be an integer, "
                                      f"not {data[name]!r}")
        actions = []
        items = data.get("actions", [])
        if not isinstance(items, list):
            raise InvalidPosition("record: actions must be a list")
        for i, item in enumerate(items):
            if (
                not isinstance(item, dict)
                or not isinstance(item.get("seat"), int)
                or isinstance(item["seat"], bool)
                or not isinstance(item.get("action"), dict)
            ):
                raise InvalidPosition(f"record: action {i} must be {{'seat': int, 'action': {{}}}}")
            actions.append((item["seat"], item["action"]))
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise InvalidPosition("record: options must be an object")
        return cls(data["game"], data["seats"], data["seed"], dict(options), actions)


def check_action_seat(index: int, seat: int, seats: int) -> None:
    """Refuse action ``index`` of a record by a ``seat`` its game of ``seats`` does not have.

    >>> check_action_seat(3, 2, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tycoon.engine.errors.InvalidPosition: record: action 3 is by seat 2, not one ... (0 to 1)
    """
    if not 0 <= seat < seats:
        raise InvalidPosition(f"record: action {index} is by seat {seat}, not one of the "
                              f"game's {seats} seats (0 to {seats - 1})")


class Recorder:
    """A state together with the record that leads to it; ``apply`` keeps both in step."""

    def __init__(self, record: Record, state: State | None = None) -> None:
        self.record = record
        self.state = state if state is not None else record.new_state()
        self._parse = get_game(record.game).parse_action

    @classmethod
    def new(cls, game: str, seats: int, seed: int, **options: Any) -> Recorder:
        """Start a new game and its record."""
        return cls(Record(game, seats, seed, dict(options)))

    def apply(self, seat: int, action: Any) -> list:
        """Apply an action (object or JSON) and append it to the record if legal."""
        if isinstance(action, dict):
            action = self._parse(action)
        events = self.state.apply(seat, action)
        self.record.actions.append((seat, action.to_json()))
        return events


def apply_recorded(state: State, game: GameInfo, index: int, seat: int,
                   data: dict[str, Any]) -> list[Event]:
    """Apply action number ``index`` of a record (its JSON) to ``state``; its events. Raises
    the game's error (a ``ValueError``) prefixed with the action's index and seat."""
    try:
        return state.apply(seat, game.parse_action(data))
    except ValueError as exc:
        raise type(exc)(f"record action {index} (seat {seat}): {exc}") from None


def replay(record: Record, upto: int | None = None) -> State:
    """The state after the first ``upto`` actions of ``record`` (all by default).

    Raises ``IllegalAction`` (with the action's index) if the record does not replay.
    """
    return replay_steps(record, 0, upto)[0]


def replay_steps(record: Record, last: int, upto: int | None = None
                 ) -> tuple[State, list[tuple[int, State, list[Event]]]]:
    """:func:`replay`, with the ``last`` steps it ends on: ``(version, the position after
    it, its events)``, oldest first, each position a copy of its own; step 0 is the set-up
    (the new game and its :meth:`~tycoon.engine.State.opening` events).

    >>> record = Record("deal", 2, 7)
    >>> state = record.new_state()
    >>> seat = state.to_move()[0]
    >>> record.actions.append((seat, state.legal_actions(seat)[0].to_json()))
    >>> final, steps = replay_steps(record, 5)
    >>> [(version, position is final) for version, position, _ in steps]
    [(0, False), (1, True)]
    """
    game = get_game(record.game)
    state = record.new_state()
    actions = record.actions[:upto]
    first_kept = len(actions) - last
    steps = [(0, state, state.opening())] if first_kept < 0 else []
    for i, (seat, data) in enumerate(actions):
        if i >= first_kept:
            state = state.clone()
        events = apply_recorded(state, game, i, seat, data)
        if i >= first_kept:
            steps.append((i + 1, state, events))
    return state, steps
