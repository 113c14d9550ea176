"""Reading JSON positions by hand-written rules: the small checks every game's ``from_json``
needs, written once. Each raises :class:`InvalidPosition` naming where the problem is (a path
such as ``seats[1].bank``) and what was expected, so a person who wrote the position by hand
can fix it.

>>> data = {"turn": 3, "seats": [{"bank": [1, "x"]}]}
>>> need(data, "turn", int, "position")
3
>>> integer(data["turn"], "turn", 1, 2)
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidPosition: turn must be at most 2, not 3
>>> int_list(data["seats"][0]["bank"], "seats[0].bank", 0, 105)
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidPosition: seats[0].bank[1] must be an integer, not 'x'
>>> need(data, "deck", list, "position")
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidPosition: position: missing key 'deck'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from .errors import InvalidPosition

_KINDS = {dict: "an object", list: "a list", int: "an integer", str: "a string",
          bool: "true or false"}


def fail(message: str) -> InvalidPosition:
    """The error to raise for ``message`` (callers may prefix a game's name)."""
    return InvalidPosition(message)


def obj(value: Any, where: str) -> dict[str, Any]:
    """``value`` if it is a JSON object."""
    if not isinstance(value, dict):
        raise fail(f"{where} must be an object")
    return value


def listing(value: Any, where: str) -> list[Any]:
    """``value`` if it is a JSON list."""
    if not isinstance(value, list):
        raise fail(f"{where} must be a list")
    return value


def integer(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an integer (not a boolean) from ``low`` to ``high`` (each optional)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"{where} must be an integer, not {value!r}")
    if low is not None and value < low:
        raise fail(f"{where} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise fail(f"{where} must be at most {high}, not {value}")
    return value


def optional_integer(value: Any, where: str, low: int | None = None,
                     high: int | None = None) -> int | None:
    """``None``, or an integer as :func:`integer` checks it."""
    return None if value is None else integer(value, where, low, high)


def int_list(value: Any, where: str, low: int | None = None,
             high: int | None = None) -> list[int]:
    """A list of integers, each from ``low`` to ``high``; the path names the bad item."""
    return [integer(v, f"{where}[{i}]", low, high) for i, v in enumerate(listing(value, where))]


def choice(value: Any, where: str, choices: Collection[Any]) -> Any:
    """``value`` if it is one of ``choices`` (never a list or an object, which ``choices``
    may not be able to look up)."""
    if isinstance(value, list | dict) or value not in choices:
        raise fail(f"{where} is {value!r}; expected one of: {', '.join(map(str, choices))}")
    return value


def need(data: Any, key: str, kind: type | tuple[type, ...] | None, where: str) -> Any:
    """``data[key]``: ``data`` must be an object holding ``key`` with a value of ``kind``
    (a type or a tuple of types; None: any value; ``int`` never accepts a boolean)."""
    obj(data, where)
    if key not in data:
        raise fail(f"{where}: missing key {key!r}")
    value = data[key]
    if kind is None:
        return value
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        wanted = " or ".join(_KINDS.get(k, k.__name__) for k in kinds)
        raise fail(f"{where}.{key} must be {wanted}, not {value!r}")
    return value


def only_keys(data: dict[str, Any], allowed: Iterable[str], where: str) -> None:
    """Refuse keys of ``data`` that are not in ``allowed`` (typing mistakes in a position)."""
    extra = set(data) - set(allowed)
    if extra:
        raise fail(f"{where}: unknown key {', '.join(repr(k) for k in sorted(extra))}")


__all__ = ["choice", "fail", "int_list", "integer", "listing", "need", "obj", "only_keys",
           "optional_integer"]
