"""The decisions of Capital as data (issue 2): roll, branch, waive, build, play, exchange,
pass, minigame.

>>> parse_action({"type": "build", "lot": 2, "kind": "bar"})
Build(lot=2, kind='bar')
>>> parse_action({"type": "play", "card": "implosion", "target": {"square": 5, "lot": 0}}).target
(5, 0)
>>> Play("lions_sight", 2).to_json()
{'type': 'play', 'card': 'lions_sight', 'target': 2}
>>> str(Exchange(("toll", "easy_money")))
'exchange cards=["toll","easy_money"]'
>>> str(Play("implosion", (5, 0)))
'play card=implosion target=[5,0]'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from tycoon.engine import Action, parse_data

from .board import WAYS
from .businesses import KINDS, LOTS
from .cards import CARDS, ORDER

#: Longest minigame input list accepted (C-9.5).
MAX_INPUTS = 10_000

Target = int | tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """C-4.1: roll all your dice and move."""

    type: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Branch(Action):
    """C-4.2.1: at a fork, go ``straight`` on or turn ``right``."""

    type: ClassVar[str] = "branch"
    way: str


@dataclass(frozen=True, slots=True)
class Waive(Action):
    """C-4.3.1: the charges (ids) to waive when they outnumber the exemption uses."""

    type: ClassVar[str] = "waive"
    charges: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Build(Action):
    """C-4.5: build a business of ``kind`` on ``lot`` of the block landed on."""

    type: ClassVar[str] = "build"
    lot: int
    kind: str


@dataclass(frozen=True, slots=True)
class Play(Action):
    """C-4.5, C-7: play ``card``; ``target`` is a seat, a square or ``(square, lot)``."""

    type: ClassVar[str] = "play"
    card: str
    target: Target = None

    def to_json(self) -> dict[str, Any]:
        """``{"type": "play", "card": ..., "target": seat | square | {"square", "lot"} | null}``."""
        return {"type": "play", "card": self.card, "target": target_json(self.target)}


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """C-4.5, D-8: discard 1 to 5 cards and draw as many."""

    type: ClassVar[str] = "exchange"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """C-4.5: do nothing."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True, eq=True)
class Minigame(Action):
    """C-4.4.2, C-9: the raw inputs of a minigame; the engine scores them."""

    type: ClassVar[str] = "minigame"
    inputs: tuple[Any, ...]

    def __hash__(self) -> int:
        return hash(json.dumps(self.inputs, sort_keys=True))


ACTIONS: dict[str, type[Action]] = {
    cls.type: cls for cls in (Roll, Branch, Waive, Build, Play, Exchange, Pass, Minigame)
}


def target_json(target: Target) -> Any:
    """The JSON form of a target: ``(square, lot)`` becomes ``{"square", "lot"}``."""
    if isinstance(target, tuple):
        return {"square": target[0], "lot": target[1]}
    return target


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def _way(value: Any) -> str:
    if value not in WAYS:
        raise ValueError(f"expected 'straight' or 'right', not {value!r}")
    return value


def _charges(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(c, str) for c in value):
        raise ValueError("expected a list of charge ids")
    if len(set(value)) != len(value):
        raise ValueError("a charge is listed twice")
    return tuple(sorted(value))


def _lot(value: Any) -> int:
    value = _int(value)
    if not 0 <= value < LOTS:
        raise ValueError(f"a lot is 0 to {LOTS - 1}, not {value}")
    return value


def _kind(value: Any) -> str:
    if value not in KINDS:
        raise ValueError(f"unknown business kind {value!r}; expected one of: {', '.join(KINDS)}")
    return value


def _card(value: Any) -> str:
    if not isinstance(value, str) or value not in ORDER:
        raise ValueError(f"unknown card {value!r}")
    return value


def _target(value: Any) -> Target:
    if value is None:
        return None
    if isinstance(value, dict):
        if set(value) != {"square", "lot"}:
            raise ValueError('a business target is {"square": int, "lot": int}')
        return (_int(value["square"]), _lot(value["lot"]))
    if isinstance(value, list | tuple) and len(value) == 2:
        return (_int(value[0]), _lot(value[1]))
    return _int(value)


def _cards(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise ValueError("expected a list of cards")
    return sort_cards(_card(c) for c in value)


def _inputs(value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise ValueError("expected a list of inputs")
    if len(value) > MAX_INPUTS:
        raise ValueError(f"at most {MAX_INPUTS} inputs")
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        raise ValueError("inputs must be JSON data") from None
    return tuple(value)


VALIDATORS = {
    "way": _way,
    "charges": _charges,
    "lot": _lot,
    "kind": _kind,
    "card": _card,
    "target": _target,
    "cards": _cards,
    "inputs": _inputs,
}


def sort_cards(cards: Any) -> tuple[str, ...]:
    """Cards in the order of C-7 (the canonical order of an ``Exchange``)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def parse_action(data: Any) -> Action:
    """The action that a JSON object describes; ``InvalidAction`` naming what is wrong
    (a well-formed action may still be illegal now: ``apply`` says so with ``IllegalAction``)."""
    return parse_data(data, ACTIONS, VALIDATORS)


assert set(CARDS) == set(ORDER)
