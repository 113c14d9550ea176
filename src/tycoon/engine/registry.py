"""The games Tycoon knows: every ``GameInfo`` registered under the entry-point group
``tycoon.games`` by an installed package, plus any registered at run time with
:func:`register` (tests, notebooks).

>>> sorted(games())[:1] != []
True
>>> get_game("no-such-game")
Traceback (most recent call last):
...
ValueError: unknown game 'no-such-game'; expected one of: ...
"""

from __future__ import annotations

from importlib.metadata import entry_points

from .game import GameInfo

GROUP = "tycoon.games"
_REGISTERED: dict[str, GameInfo] = {}
_LOADED: dict[str, GameInfo] = {}
_DISCOVERED: dict[str, object] | None = None


def _entry_points() -> dict[str, object]:
    global _DISCOVERED
    if _DISCOVERED is None:
        _DISCOVERED = {ep.name: ep for ep in entry_points(group=GROUP)}
    return _DISCOVERED


def games() -> list[str]:
    """The names of every known game, sorted."""
    return sorted(set(_entry_points()) | set(_REGISTERED))


def get_game(name: str) -> GameInfo:
    """The ``GameInfo`` of ``name``; ``ValueError`` naming the known games otherwise."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _LOADED:
        ep = _entry_points().get(name)
        if ep is None:
            raise ValueError(f"unknown game {name!r}; expected one of: {', '.join(games())}")
        info = ep.load()  # type: ignore[attr-defined]
        if not isinstance(info, GameInfo) or info.name != name:
            raise TypeError(f"entry point {GROUP}:{name} must be a GameInfo named {name!r}")
        _LOADED[name] = info
    return _LOADED[name]


def register(info: GameInfo) -> None:
    """Make ``info`` known in this process (without an installed entry point)."""
    _REGISTERED[info.name] = info


def refresh() -> None:
    """Forget what was discovered, so newly installed entry points are found."""
    global _DISCOVERED
    _DISCOVERED = None
    _LOADED.clear()
