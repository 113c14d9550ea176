"""Actions and events: small frozen dataclasses with a JSON form.

A game declares its action and event classes as subclasses of :class:`Action` and
:class:`Event`, each with a ``type`` class attribute naming it in JSON::

    @dataclass(frozen=True, slots=True)
    class Roll(Action):
        type: ClassVar[str] = "roll"

``to_json()`` gives ``{"type": ..., **fields}``; :func:`parse_data` checks a JSON object
against a family of classes and builds the right one, with clear errors for bad input.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from .errors import IllegalAction

D = TypeVar("D", bound="Datum")


class Datum:
    """Base of actions and events: ``type`` plus dataclass fields."""

    __slots__ = ()
    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The JSON object of this datum: ``{"type": ..., field: value, ...}``."""
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


class Action(Datum):
    """A decision a seat takes. ``str(action)`` is its short text form."""

    __slots__ = ()


class Event(Datum):
    """Something that happened, reported by ``State.apply``."""

    __slots__ = ()


Validator = Callable[[Any], Any]


def parse_data(
    data: object,
    classes: Mapping[str, type[D]],
    validators: Mapping[str, Validator] | None = None,
    error: type[ValueError] = IllegalAction,
) -> D:
    """Build the datum that ``data`` (a decoded JSON object) describes.

    ``classes`` maps each ``type`` to its class; ``validators`` maps a field name to a
    function that checks (and may convert, e.g. list to tuple) a raw value, raising
    ``ValueError`` with a message. Unknown types, missing or extra fields are refused
    with an ``error`` naming them.
    """
    if not isinstance(data, Mapping):
        raise error(f"an action must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in classes:
        known = ", ".join(sorted(classes))
        raise error(f"unknown action type {kind!r}; expected one of: {known}")
    cls = classes[kind]
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    extra = set(data) - set(names) - {"type"}
    if extra:
        raise error(f"{kind}: unexpected field(s) {', '.join(sorted(extra))}")
    kwargs = {}
    defaults = {
        f.name
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    }
    for name in names:
        if name not in data:
            if name in defaults:
                continue
            raise error(f"{kind}: missing field {name!r}")
        value = data[name]
        check = (validators or {}).get(name)
        if check is not None:
            try:
                value = check(value)
            except ValueError as exc:
                raise error(f"{kind}: bad {name!r}: {exc}") from None
        kwargs[name] = value
    return cls(**kwargs)
