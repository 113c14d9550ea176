"""Terminal play, readable by a screen reader: plain text, numbered actions in words."""

from __future__ import annotations

import importlib
from typing import Any


def play(game: str, seats: int | None, seed: int | None, options: dict[str, Any]) -> None:
    """Play ``game`` in the terminal as seat 0 against random bots."""
    importlib.import_module(f"tycoon.terminal.{game}").play(seats=seats, seed=seed, options=options)
