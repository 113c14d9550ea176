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
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from .errors import InvalidAction

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
    """A decision a seat takes. ``str(action)`` is its text form (:meth:`to_text`), read back
    by ``GameInfo.action_from_text``."""

    __slots__ = ()

    def to_text(self) -> str:
        """``type field=value ...``: values in compact JSON, plain words unquoted.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Build(Action):
        ...     type: ClassVar[str] = "build"
        ...     kind: str
        ...     lot: int
        >>> Build("bar", 2).to_text()
        'build kind=bar lot=2'
        """
        parts = [self.type]
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            parts.append(f"{f.name}={_text_value(value)}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()


class Event(Datum):
    """Something that happened, reported by ``State.apply``.

    An event is public unless its class sets ``private = True``: then only the seat named by
    its ``seat`` field may know it (``visible_to``).
    """

    __slots__ = ()
    private: ClassVar[bool] = False

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may know this event."""
        return not self.private or (seat is not None and getattr(self, "seat", None) == seat)


_WORD = re.compile(r"[A-Za-z_][\w:.-]*")


def _text_value(value: Any) -> str:
    if isinstance(value, str) and _WORD.fullmatch(value) and value not in ("true", "false",
                                                                            "null"):
        return value
    if isinstance(value, tuple):
        value = _listify(value)
    return json.dumps(value, separators=(",", ":"))


def _listify(value: Any) -> Any:
    return [_listify(v) for v in value] if isinstance(value, tuple | list) else value


def parse_text(text: str, classes: Mapping[str, type]) -> dict[str, Any]:
    """The JSON object of an action written as ``type field=value ...`` (see
    :meth:`Action.to_text`), for ``parse_data``; ``InvalidAction`` if it cannot be read.

    >>> parse_text('build kind=bar lot=2', {"build": object})
    {'type': 'build', 'kind': 'bar', 'lot': 2}
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidAction("an action in text is its type and field=value pairs, e.g. 'roll'")
    kind, *pairs = text.split()
    if kind not in classes:
        raise InvalidAction(f"unknown action type {kind!r}; expected one of: "
                            f"{', '.join(sorted(classes))}")
    out: dict[str, Any] = {"type": kind}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise InvalidAction(f"{kind}: expected field=value, not {pair!r}")
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
    return out


Validator = Callable[[Any], Any]


def parse_data(
    data: object,
    classes: Mapping[str, type[D]],
    validators: Mapping[str, Validator] | None = None,
    error: type[ValueError] = InvalidAction,
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


def datum_classes(module: object, base: type[D]) -> tuple[type[D], ...]:
    """The concrete action or event classes (``type`` set) defined in ``module``."""
    return tuple(
        v for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, base) and v is not base
        and dataclasses.is_dataclass(v) and getattr(v, "type", "")
    )
