"""The bot interface and the factory that builds bots by name.

A bot spec is a name, optionally followed by parameters, each ``:key=value``:
``random``, ``heuristic``, ``ismcts:iterations=400``, ``ismcts:seconds=1.0:c=0.5``,
``heuristic:skill=0.9``, or a strength for the server's lobby: ``easy``, ``medium``,
``hard`` (see ``docs/bots.md``). Commas may separate parameters too when the spec is
given alone (``ismcts:iterations=400,c=0.5``).

>>> make_bot("random", "deal", 1).name
'random'
>>> make_bot("ismcts:iterations=50", "deal", 1).name
'ismcts:iterations=50'
>>> make_bot("wizard", "deal")
Traceback (most recent call last):
ValueError: unknown bot 'wizard'; known bots: random, heuristic, ismcts, easy, medium, hard
"""

from __future__ import annotations

from typing import Any, Protocol

from tycoon.engine import Action, State

#: Every bot name ``make_bot`` knows.
KNOWN = ("random", "heuristic", "ismcts", "easy", "medium", "hard")

#: What the three strengths of the lobby are (documented in docs/bots.md).
STRENGTHS: dict[str, str] = {
    "easy": "random:skill=0.3",
    "medium": "heuristic:skill=0.7",
    "hard": "ismcts:seconds=0.5:iterations=3000:skill=0.9",
}

#: Parameters each bot accepts, with their type.
PARAMS: dict[str, dict[str, type]] = {
    "random": {"skill": float},
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
        "opponents": str,
    },
}


class Bot(Protocol):
    """A player program."""

    name: str

    def choose(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions(seat)``."""
        ...


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=400:c=0.5"`` -> ``("ismcts", {"iterations": 400, "c": 0.5})``.

    >>> parse_spec("ismcts:seconds=1.0")
    ('ismcts', {'seconds': 1.0})
    >>> parse_spec("hard")
    ('ismcts', {'seconds': 0.5, 'iterations': 3000, 'skill': 0.9})
    """
    text = spec.strip().lower()
    name, _, rest = text.partition(":")
    name = name.strip()
    if name in STRENGTHS:
        base, params = parse_spec(STRENGTHS[name])
        if rest:
            params.update(parse_spec(f"{base}:{rest}")[1])
        return base, params
    if name not in PARAMS:
        raise ValueError(f"unknown bot {spec.strip()!r}; known bots: {', '.join(KNOWN)}")
    params: dict[str, Any] = {}
    for item in rest.replace(",", ":").split(":"):
        if not item.strip():
            continue
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or key not in PARAMS[name]:
            known = ", ".join(PARAMS[name])
            raise ValueError(f"bot {name}: bad parameter {item!r}; known parameters: {known}")
        kind = PARAMS[name][key]
        try:
            params[key] = kind(raw.strip())
        except ValueError:
            raise ValueError(
                f"bot {name}: {key} must be a {kind.__name__}, not {raw.strip()!r}"
            ) from None
    if "skill" in params and not 0 <= params["skill"] <= 1:
        raise ValueError(f"bot {name}: skill must be within 0..1")
    return name, params


def make_bot(spec: str, game: str, seed: int = 0) -> Bot:
    """Build a bot from its spec (see the module docstring) for ``game``.

    Raises ``ValueError`` naming the known bots for an unknown name, or a bad parameter.
    """
    from . import knowledge
    from .random import RandomBot

    name, params = parse_spec(spec)
    label = spec.strip().lower()
    skill = params.pop("skill", None)
    if name == "random":
        bot: Any = RandomBot(seed)
        if skill is not None:
            bot = knowledge.with_minigames(bot, game, skill, seed, label)
        return bot
    if name == "heuristic":
        return knowledge.heuristic(game, seed, 0.7 if skill is None else skill, label)
    from .ismcts import ISMCTSBot

    playout = params.pop("playout", None)
    opponents = params.pop("opponents", None)
    kwargs = knowledge.search_knowledge(game, 0.9 if skill is None else skill, playout, opponents)
    if "paired" in params:
        params["paired"] = bool(params["paired"])
    kwargs.update(params)
    return ISMCTSBot(seed=seed, label=None if label == "ismcts" else label, **kwargs)
