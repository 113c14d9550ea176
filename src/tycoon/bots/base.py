"""The bot interface, the bot registry (entry-point group ``tycoon.bots``) and ``make_bot``.

A bot spec is a name, optionally followed by parameters, each ``:key=value``:
``random``, ``heuristic``, ``ismcts:iterations=400``, ``ismcts:seconds=1.0:c=0.5``,
``heuristic:skill=0.9``, a strength of the lobby (``easy``, ``medium``, ``hard``) or the
name of a bot another package registers (see ``docs/bots.md``). Commas may separate
parameters too when the spec is given alone (``ismcts:iterations=400,c=0.5``).

Bots are plugins. A package registers a bot under the entry-point group ``tycoon.bots``::

    [project.entry-points."tycoon.bots"]
    mybot = "mypkg:MyBot"

The object named is called with the keyword arguments its signature accepts among
``game`` (the game's name), ``seed`` and the spec's parameters (``mybot:depth=3`` passes
``depth=3``; values are read as JSON, else kept as text), and must return a bot: anything
with ``name`` and ``choose(state, seat) -> Action``. It may also be a :class:`Alias` (a
name for another spec, as the lobby strengths are). Tycoon's own bots are registered the
same way in its ``pyproject.toml`` and are known even without installed metadata.

Every bot ``make_bot`` returns plays input sessions (timed simultaneous input, see
``tycoon.engine.session``) through ``session.bot_action(seat, skill, seed)`` at its skill
(``skill`` parameter; ``random`` without one draws a skill at random for each session),
unless the bot says ``plays_sessions = True`` and plays them itself.

>>> make_bot("random", "toy", 1).name
'random'
>>> make_bot("ismcts:iterations=50", "toy", 1).name
'ismcts:iterations=50'
>>> make_bot("wizard", "toy")
Traceback (most recent call last):
ValueError: unknown bot 'wizard'; known bots: ...
"""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Protocol

from tycoon.engine import Action, Rng, State, derive_seed

#: The entry-point group of bots.
GROUP = "tycoon.bots"


@dataclass(frozen=True)
class Alias:
    """A registered bot that is another spec (``medium`` is ``heuristic:skill=0.7``)."""

    spec: str
    help: str = ""


#: What the three strengths of the lobby are (documented in docs/bots.md).
STRENGTHS: dict[str, str] = {
    "easy": "random:streak=3:skill=0.3",
    "medium": "heuristic:skill=0.7",
    # the iteration budget is the game's (its search extension's ``iterations``, e.g. Capital
    # 100); the 0.5 s cap keeps a server responsive
    "hard": "ismcts:seconds=0.5:skill=0.9",
}

EASY = Alias(STRENGTHS["easy"],
             "Random moves, never more than three of a kind in a row when another kind "
             "is legal; input sessions at skill 0.3.")
MEDIUM = Alias(STRENGTHS["medium"], "The game's heuristic; input sessions at skill 0.7.")
HARD = Alias(STRENGTHS["hard"], "Search (ISMCTS, 0.5 s a decision); sessions at skill 0.9.")

#: Tycoon's own bots: name -> ``"module:attribute"`` (also in pyproject.toml's entry points).
BUILTIN: dict[str, str] = {
    "random": "tycoon.bots.random:make",
    "heuristic": "tycoon.bots.knowledge:heuristic_bot",
    "ismcts": "tycoon.bots.knowledge:search_bot",
    "easy": "tycoon.bots.base:EASY",
    "medium": "tycoon.bots.base:MEDIUM",
    "hard": "tycoon.bots.base:HARD",
}

#: Every bot name of Tycoon itself (others come from installed packages: :func:`known_bots`).
KNOWN = tuple(BUILTIN)

#: Parameters Tycoon's own bots accept, with their type.
PARAMS: dict[str, dict[str, type]] = {
    "random": {"skill": float, "streak": int},
    "heuristic": {"skill": float},
    "ismcts": {
        "iterations": int,
        "seconds": float,
        "c": float,
        "depth": int,
        "skill": float,
        "playout": str,
        "paired": int,
        "z": float,
        "halving": int,
        "opponents": str,
    },
}


class Bot(Protocol):
    """A player program."""

    name: str

    def choose(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions(seat)``."""
        ...


_DISCOVERED: dict[str, Any] | None = None
_REGISTERED: dict[str, Any] = {}


def _entry_points() -> dict[str, Any]:
    global _DISCOVERED
    if _DISCOVERED is None:
        _DISCOVERED = {ep.name.lower(): ep for ep in entry_points(group=GROUP)}
    return _DISCOVERED


def known_bots() -> list[str]:
    """Every bot name: Tycoon's own, those of installed packages and run-time ones, sorted."""
    return sorted(set(BUILTIN) | set(_entry_points()) | set(_REGISTERED))


def register_bot(name: str, factory: Any) -> None:
    """Make a bot known in this process by ``name`` (a factory or an :class:`Alias`)."""
    if not name or not name.replace("_", "").replace("-", "").isalnum():
        raise ValueError(f"a bot name is letters, digits, - and _, not {name!r}")
    _REGISTERED[name.lower()] = factory


def refresh() -> None:
    """Forget discovered entry points (after installing a package)."""
    global _DISCOVERED
    _DISCOVERED = None


def bot_factory(name: str) -> Any:
    """The factory (or :class:`Alias`) registered as ``name``; ``ValueError`` if unknown."""
    import importlib

    key = name.strip().lower()
    if key in _REGISTERED:
        return _REGISTERED[key]
    if key in BUILTIN:
        module, _, attr = BUILTIN[key].partition(":")
        return getattr(importlib.import_module(module), attr)
    ep = _entry_points().get(key)
    if ep is None:
        raise ValueError(f"unknown bot {name.strip()!r}; known bots: {', '.join(known_bots())}")
    try:
        return ep.load()
    except Exception as exc:  # a broken plugin: say which
        raise ValueError(f"bot {key}: cannot load {ep.value}: {exc}") from None


def _value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=400:c=0.5"`` -> ``("ismcts", {"iterations": 400, "c": 0.5})``.

    An alias resolves to its spec (later parameters win). Tycoon's own bots check their
    parameters' names and types here; a plugin's are checked by :func:`make_bot`.

    >>> parse_spec("ismcts:seconds=1.0")
    ('ismcts', {'seconds': 1.0})
    >>> parse_spec("hard")
    ('ismcts', {'seconds': 0.5, 'skill': 0.9})
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    factory = bot_factory(name)
    if isinstance(factory, Alias):
        base, params = parse_spec(factory.spec)
        if rest:
            params.update(_parse_params(base, rest, shown=name))
        return base, params
    return name, _parse_params(name, rest)


#: How a parameter's type is named in errors.
_KIND_NAMES = {int: "an integer", float: "a number", str: "a word", bool: "true or false"}


def _parse_params(name: str, rest: str, shown: str | None = None) -> dict[str, Any]:
    """The ``key=value`` parameters of bot ``name``'s spec; errors name ``shown`` (the alias
    the user typed) or ``name``."""
    known = PARAMS.get(name) if name in BUILTIN and name not in _REGISTERED else None
    name = shown or name
    params: dict[str, Any] = {}
    for item in rest.replace(",", ":").split(":"):
        if not item.strip():
            continue
        key, sep, raw = item.partition("=")
        key = key.strip().lower()
        if not sep or not key or (known is not None and key not in known):
            names = ", ".join(known) if known is not None else "key=value pairs"
            raise ValueError(f"bot {name}: bad parameter {item!r}; known parameters: {names}")
        if known is None:
            params[key] = _value(raw.strip())
            continue
        kind = known[key]
        try:
            params[key] = kind(raw.strip().lower() if kind is str else raw.strip())
        except ValueError:
            kind_name = _KIND_NAMES.get(kind, f"a {kind.__name__}")
            raise ValueError(
                f"bot {name}: {key} must be {kind_name}, not {raw.strip()!r}") from None
    skill = params.get("skill")
    if skill is not None and (
        isinstance(skill, bool) or not isinstance(skill, int | float) or not 0 <= skill <= 1
    ):
        raise ValueError(f"bot {name}: skill must be within 0..1")
    return params


def call_with_accepted(func: Any, what: str, **kwargs: Any) -> Any:
    """Call ``func`` with the keyword arguments of ``kwargs`` its signature accepts.

    ``None`` values are left out, so the function's own defaults apply; ``what`` names the
    function in errors.
    """
    given = {k: v for k, v in kwargs.items() if v is not None}
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return func(**given)
    takes_all = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())
    return func(**{k: v for k, v in given.items() if takes_all or k in sig.parameters})


class SessionPlayer:
    """Plays input sessions through ``session.bot_action``; otherwise asks ``inner``.

    ``inner`` is a bot's own ``choose``. ``skill`` None draws a skill from 0 to 1 for each
    session (the random bot's way). :func:`make_bot` installs one as the ``choose`` of every
    bot it builds (the bot stays an instance of its own class).
    """

    def __init__(self, inner: Any, skill: float | None, seed: int) -> None:
        self.inner = inner
        self.skill = skill
        self.seed = seed

    def __call__(self, state: State, seat: int) -> Action:
        """The session's bot input while one is open for ``seat``, else the inner choice."""
        session = state.session()
        if session is not None and seat in session.seats:
            seed = derive_seed(self.seed, "session", session.id, seat)
            skill = self.skill
            if skill is None:
                skill = Rng(seed).below(1001) / 1000
            return session.bot_action(seat, skill, seed)
        return self.inner(state, seat)


class _Wrapped:
    """A bot whose ``choose`` cannot be replaced (slots): wrapped instead."""

    def __init__(self, bot: Any, choose: SessionPlayer) -> None:
        self.bot = bot
        self.choose = choose
        self.name = bot.name

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.bot, attr)


def with_sessions(bot: Any, skill: float | None, seed: int) -> Any:
    """``bot`` playing input sessions at ``skill`` through the session's own bot player."""
    player = SessionPlayer(bot.choose, skill, seed)
    try:
        bot.choose = player
    except AttributeError:
        return _Wrapped(bot, player)
    return bot


def without_sessions(bot: Any) -> None:
    """Undo :func:`with_sessions` on ``bot`` (its own ``choose`` again). The bot and its
    session player refer to each other, so a bot dropped with its player is freed only by
    the collector's full pass; a server undoes it on the bots of a game it lets go of."""
    if isinstance(getattr(bot, "__dict__", {}).get("choose"), SessionPlayer):
        del bot.choose


def make_bot(spec: str, game: str, seed: int = 0) -> Bot:
    """Build a bot from its spec (see the module docstring) for ``game``.

    Raises ``ValueError`` naming the known bots for an unknown name, or a bad parameter.
    """
    name, params = parse_spec(spec)
    label = spec.strip().lower()
    factory = bot_factory(name)
    skill = params.get("skill")
    if name in BUILTIN and name not in _REGISTERED:
        try:
            bot = factory(game=game, seed=seed, label=label, **params)
        except ValueError as exc:  # a value out of range: named as the user typed the bot
            typed = label.partition(":")[0]
            raise ValueError(f"bot {typed}: {str(exc).removeprefix(f'{name}: ')}") from None
    else:
        bot = _make_plugin(name, factory, game, seed, params)
        if skill is None:
            skill = getattr(bot, "skill", 0.5)
    if getattr(bot, "plays_sessions", False):
        return bot
    if not isinstance(getattr(bot, "name", None), str):
        bot.name = label
    return with_sessions(bot, skill, seed)


def _make_plugin(name: str, factory: Any, game: str, seed: int, params: dict[str, Any]) -> Any:
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        sig = None
    if sig is not None and not any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
        unknown = [k for k in params if k not in sig.parameters and k != "skill"]
        if unknown:
            known = ", ".join(p for p in sig.parameters if p not in ("game", "seed")) or "none"
            raise ValueError(
                f"bot {name}: bad parameter {unknown[0]!r}; known parameters: {known}"
            )
    try:
        bot = call_with_accepted(factory, name, game=game, seed=seed, **params)
    except Exception as exc:  # a plugin that cannot play this game, or a broken one: say so
        text = str(exc)
        raise ValueError(text if text.startswith(f"{name}:") else f"bot {name}: {text}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {name}: {factory!r} did not make a bot (no choose method)")
    return bot
