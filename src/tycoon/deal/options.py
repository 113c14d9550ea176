"""Rules options of MD-12 and their validation.

>>> check_options({"double_rent_stack": 2})["double_rent_stack"]
2
>>> check_options({"colour": 1})
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidOption: unknown deal option 'colour'; known options: ...
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import InvalidOption

#: Option name -> {"default", "values", "help"} (defaults first, as in MD-12).
OPTIONS: dict[str, dict[str, Any]] = {
    "double_rent_stack": {
        "default": 1,
        "values": [1, 2],
        "help": "How many Double The Rent cards may go with one rent (2: rent x4).",
    },
    "jsn_counts_as_play": {
        "default": True,
        "values": [True, False],
        "help": "Whether a Just Say No played in your own turn counts as one of your 3 plays.",
    },
    "discard_to": {
        "default": "discard_pile",
        "values": ["discard_pile", "deck_bottom"],
        "help": "Where the cards over the hand limit of 7 go.",
    },
    "buildings_when_broken": {
        "default": "discard",
        "values": ["discard", "bank"],
        "help": "What becomes of the house and hotel of a set that stops being full "
        "(bank: into the owner's bank).",
    },
}


def describe_options() -> dict[str, dict[str, Any]]:
    """A copy of :data:`OPTIONS` (for lobbies building forms)."""
    return {k: dict(v, values=list(v["values"])) for k, v in OPTIONS.items()}


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """All options with defaults filled in; ``InvalidOption`` naming an unknown one or bad value."""
    out = {k: v["default"] for k, v in OPTIONS.items()}
    for key, value in options.items():
        if key not in OPTIONS:
            known = ", ".join(OPTIONS)
            raise InvalidOption(f"unknown deal option {key!r}; known options: {known}")
        allowed = OPTIONS[key]["values"]
        if not any(type(value) is type(a) and value == a for a in allowed):
            shown = ", ".join(repr(a) for a in allowed)
            raise InvalidOption(f"deal option {key!r} must be one of {shown}, not {value!r}")
        out[key] = value
    return out
