"""Rules options and presets (C-11, C-12, D-8).

>>> resolve_options("kapital")["level_up"]
'landing'
>>> resolve_options(turn_limit=300)["turn_limit"]
300
>>> resolve_options(colour="red")
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidOption: unknown option 'colour'; expected one of: card_supply, ...
"""

from __future__ import annotations

import contextlib
from typing import Any

from tycoon.engine import InvalidOption

PRESETS: dict[str, dict[str, Any]] = {
    "capital": {
        "level_up": "owner_lap",
        "richest_basis": "all_players",
        "demolition": "any",
        "lion_percent": 50,
        "turn_limit": None,
        "card_supply": "refill",
    },
    "kapital": {
        "level_up": "landing",
        "richest_basis": "other_players",
        "demolition": "opponents",
        "lion_percent": 50,
        "turn_limit": None,
        "card_supply": "refill",
    },
}

#: Option metadata for forms: name -> {"default", "values" or "type", "help"}.
OPTIONS: dict[str, dict[str, Any]] = {
    "preset": {
        "default": "capital",
        "values": ["capital", "kapital"],
        "help": "Rules preset: capital (Portuguese/Spanish rules) or kapital (French rules), C-12.",
    },
    "level_up": {
        "default": "owner_lap",
        "values": ["owner_lap", "landing"],
        "help": "When businesses gain a level: on their owner's laps, or when anyone lands "
        "on their block (C-11).",
    },
    "richest_basis": {
        "default": "all_players",
        "values": ["all_players", "other_players"],
        "help": "Richest in Town compares with the net worth of all players or of the others.",
    },
    "demolition": {
        "default": "any",
        "values": ["any", "opponents"],
        "help": "Demolition removes any obstacle or toll, or only an opponent's.",
    },
    "lion_percent": {
        "default": 50,
        "type": "int",
        "min": 0,
        "max": 100,
        "help": "Percent of the balance a Lion's Sight takes.",
    },
    "turn_limit": {
        "default": None,
        "type": "int",
        "min": 1,
        "nullable": True,
        "help": "Stop the game unfinished after this many turns (none: no limit).",
    },
    "card_supply": {
        "default": "refill",
        "values": ["refill", "lap"],
        "help": "Refill the hand to 5 each turn (D-8), or draw one card per completed lap.",
    },
}


def _check(name: str, value: Any) -> Any:
    meta = OPTIONS[name]
    if "values" in meta:
        if value not in meta["values"]:
            allowed = ", ".join(meta["values"])
            raise InvalidOption(
                f"bad value {value!r} for option {name!r}; expected one of: {allowed}"
            )
        return value
    if meta.get("nullable") and (value is None or (isinstance(value, str) and value == "none")):
        return None
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidOption(f"bad value {value!r} for option {name!r}; expected an integer")
    low, high = meta.get("min"), meta.get("max")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidOption(
            f"bad value {value!r} for option {name!r}; expected {low} to {high if high else '...'}"
        )
    return value


def resolve_options(preset: str = "capital", **options: Any) -> dict[str, Any]:
    """The full option dict of ``preset`` overridden by ``options``; ``InvalidOption`` if bad."""
    if preset not in PRESETS:
        raise InvalidOption(f"unknown preset {preset!r}; expected one of: {', '.join(PRESETS)}")
    out = dict(PRESETS[preset])
    for name, value in options.items():
        if name not in out:
            known = ", ".join(sorted(out))
            raise InvalidOption(f"unknown option {name!r}; expected one of: {known}")
        out[name] = _check(name, value)
    return {"preset": preset, **out}
