"""Typed game options with defaults and presets, and the one validator every game uses.

>>> specs = (Option("limit", "int", None, minimum=1, nullable=True, help="turn limit"),
...          Option("mode", "choice", "a", choices=("a", "b")))
>>> resolve_options(specs, {}, None, {"limit": "30"})
{'limit': 30, 'mode': 'a'}
>>> resolve_options(specs, {}, None, {"mode": "c"})
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidOption: bad value 'c' for option 'mode'; expected one of: a, b
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOption


@dataclass(frozen=True, slots=True)
class Option:
    """One rules option: ``kind`` is ``choice`` (one of ``choices``), ``int`` (``minimum`` to
    ``maximum``, ``None`` allowed when ``nullable``) or ``bool``."""

    name: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    help: str = ""

    def check(self, value: Any) -> Any:
        """The value, converted from its text form where needed; ``InvalidOption`` if bad."""
        name = self.name
        if self.kind == "choice":
            for allowed in self.choices:
                if type(allowed) is type(value) and value == allowed:
                    return value
                if isinstance(value, str) and not isinstance(allowed, str) and value == _text(
                        allowed):
                    return allowed
            shown = ", ".join(_text(c) for c in self.choices)
            raise InvalidOption(
                f"bad value {value!r} for option {name!r}; expected one of: {shown}")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false"):
                return value.lower() == "true"
            raise InvalidOption(f"bad value {value!r} for option {name!r}; expected true or false")
        if self.nullable and (value is None or value == "none"):
            return None
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidOption(f"bad value {value!r} for option {name!r}; expected an integer")
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                expected = f"an integer of at least {low}"
            elif low is None:
                expected = f"an integer of at most {high}"
            else:
                expected = f"an integer from {low} to {high}"
            if self.nullable:
                expected += ", or none"
            raise InvalidOption(f"bad value {value!r} for option {name!r}; expected {expected}")
        return value

    def to_json(self) -> dict[str, Any]:
        """Metadata for forms: ``default``, ``values`` or ``type`` (``min``, ``max``,
        ``nullable``), ``help``."""
        out: dict[str, Any] = {"default": self.default, "help": self.help}
        if self.kind == "choice":
            out["values"] = list(self.choices)
        elif self.kind == "bool":
            out["values"] = [True, False]
        else:
            out["type"] = "int"
            if self.minimum is not None:
                out["min"] = self.minimum
            if self.maximum is not None:
                out["max"] = self.maximum
            if self.nullable:
                out["nullable"] = True
        return out


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def resolve_options(
    specs: Sequence[Option],
    presets: Mapping[str, Mapping[str, Any]],
    preset: str | None,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """All options: the defaults, then ``preset``'s values, then ``options`` one by one.

    ``preset`` None means the first preset (or none when the game has none); the result
    holds ``"preset"`` when the game has presets. Raises ``InvalidOption`` naming an unknown
    preset, an unknown option or a bad value.
    """
    out = {o.name: o.default for o in specs}
    if presets:
        preset = next(iter(presets)) if preset is None else preset
        if not isinstance(preset, str) or preset not in presets:
            raise InvalidOption(f"unknown preset {preset!r}; expected one of: {', '.join(presets)}")
        out.update(presets[preset])
    elif preset is not None:
        raise InvalidOption(f"this game has no presets (got {preset!r})")
    by_name = {o.name: o for o in specs}
    for name, value in options.items():
        if name not in by_name:
            raise InvalidOption(f"unknown option {name!r}; expected one of: "
                                f"{', '.join(sorted(by_name))}")
        out[name] = by_name[name].check(value)
    return {"preset": preset, **out} if presets else out
