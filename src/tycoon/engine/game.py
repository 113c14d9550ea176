"""``GameInfo``: everything a generic layer needs to know about one game.

A game package declares one ``GameInfo`` and registers it under the entry-point group
``tycoon.games`` (see ``docs/games.md``)::

    [project.entry-points."tycoon.games"]
    mygame = "mypkg.game:GAME"

Per-layer extensions (the game's heuristic bot, its RL codec, its terminal screen, its
statistics) are named in ``extensions`` as ``"module:attribute"`` strings, imported only by the
layer that asks for them, so a rules package imports nothing of the layers around it.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Any

from .data import Action, Event, datum_classes, parse_text
from .errors import InvalidOption
from .messages import LANGUAGES
from .options import Option, resolve_options
from .rng import check_seed


@dataclass(frozen=True)
class GameInfo:
    """A game, declared (see the module docstring)."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    default_seats: int
    #: ``new_game(seats, seed, options) -> State`` with options already resolved.
    make: Callable[[int, int, dict[str, Any]], Any]
    from_json: Callable[[dict[str, Any]], Any]
    parse_action: Callable[[Any], Action]
    action_types: tuple[type[Action], ...]
    event_types: tuple[type[Event], ...]
    options: tuple[Option, ...] = ()
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    phases: tuple[str, ...] = ()
    #: The package holding ``en.json``, ``pt.json``, ... message catalogs.
    messages: str = ""
    #: ``() -> dict``: the data clients draw from (board, cards, prices, ...), JSON-ready.
    client_data: Callable[[], dict[str, Any]] = dict
    #: ``layer -> "module:attribute"`` (``heuristic``, ``search``, ``rl_codec``, ``terminal``,
    #: ``stats``, ...).
    extensions: Mapping[str, str] = field(default_factory=dict)

    # ----------------------------------------------------------------- games
    def new_game(self, seats: int | None = None, seed: int | None = None,
                 preset: str | None = None, **options: Any) -> Any:
        """A new game: ``seats`` (default ``default_seats``), ``seed`` (fresh when None),
        a preset and options, all validated (``InvalidOption`` naming a bad one)."""
        seats = self.default_seats if seats is None else seats
        if isinstance(seats, bool) or not isinstance(seats, int) or not (
                self.min_seats <= seats <= self.max_seats):
            raise InvalidOption(f"{self.name} is played by {self.min_seats} to "
                                f"{self.max_seats} seats, not {seats!r}")
        resolved = self.resolve_options(preset, options)
        return self.make(seats, check_seed(seed), resolved)

    def resolve_options(self, preset: str | None = None,
                        options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults, then the preset, then ``options``; ``InvalidOption`` if bad."""
        return resolve_options(self.options, self.presets, preset, options or {})

    def describe_options(self) -> dict[str, dict[str, Any]]:
        """Option metadata for forms (``preset`` first when the game has presets)."""
        out: dict[str, dict[str, Any]] = {}
        if self.presets:
            first = next(iter(self.presets))
            out["preset"] = {"default": first, "values": list(self.presets),
                             "help": "Rules preset.",
                             "sets": {name: dict(values) for name, values in self.presets.items()}}
        out.update({o.name: o.to_json() for o in self.options})
        return out

    def action_from_text(self, text: str) -> Action:
        """The action written as ``str(action)`` (``InvalidAction`` if malformed)."""
        return self.parse_action(parse_text(text, {c.type: c for c in self.action_types}))

    # ----------------------------------------------------------------- words and data
    def catalog(self, lang: str) -> dict[str, Any]:
        """The message catalog of ``lang`` (English for an unknown language)."""
        return self._catalogs.get(lang) or self._catalogs["en"]

    @cached_property
    def _catalogs(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        if not self.messages:
            return {"en": {}}
        root = resources.files(self.messages)
        for lang in LANGUAGES:
            path = root / f"{lang}.json"
            if path.is_file():
                out[lang] = json.loads(path.read_text(encoding="utf-8"))
        return out or {"en": {}}

    def extension(self, layer: str) -> Any | None:
        """The object this game registers for ``layer``, imported now; None if it has none."""
        target = self.extensions.get(layer)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        obj: Any = importlib.import_module(module)
        for part in filter(None, attr.split(".")):
            obj = getattr(obj, part)
        return obj

    def __hash__(self) -> int:
        return hash(self.name)


def package_parts(package: str) -> dict[str, Any]:
    """The parts of a :class:`GameInfo` that a game package laid out by the convention of
    ``docs/games.md`` provides: ``parse_action`` and the action classes of
    ``<package>.actions``, the event classes of ``<package>.events`` (the shared ones it
    imports included) and the catalogs of ``<package>.messages``::

        GAME = GameInfo(name="mygame", ..., **package_parts(__package__))
    """
    actions = importlib.import_module(f"{package}.actions")
    events = importlib.import_module(f"{package}.events")
    return {
        "parse_action": actions.parse_action,
        "action_types": datum_classes(actions, Action),
        "event_types": datum_classes(events, Event),
        "messages": f"{package}.messages",
    }
