"""The four Capital minigames (C-9), pure and seeded: contents, scoring, bot players.

Each game has two levels (C-4.4.2: the player whose turn it is plays ``easy``, the others
``hard``) and lasts 30 s, or 60 or 90 s at a table that chose so (``duration_ms``: the same
contents, and scores comparable with 30 s, see ``common``). ``generate`` gives one seat's
contents (JSON-ready, the same for the same seed); the client plays them and sends its raw
inputs; ``score`` replays the inputs against the contents and returns the points (C-9.5),
rejecting inputs that could not have happened with :class:`InvalidInputs`; ``bot_inputs``
plays like a person of a given skill.
The formats are documented in ``docs/minigames.md``.

>>> contents = generate("memory", "easy", seed=5)
>>> generate("memory", "easy", seed=5) == contents
True
>>> perfect = bot_inputs("memory", "easy", contents, skill=1.0, seed=1)
>>> score("memory", "easy", contents, perfect) > score("memory", "easy", contents, [])
True
>>> score("memory", "easy", contents, [{"t": 10, "cell": 99}])
Traceback (most recent call last):
...
tycoon.capital.minigames.common.InvalidInputs: input 0: cell 99 is outside 0..13
"""

from __future__ import annotations

from types import ModuleType

from tycoon.engine import check_seed

from . import catch_coins, change_money, find_key, memory
from .common import DURATION_MS, DURATIONS_MS, InvalidInputs, check_duration, check_skill

GAMES = ("change_money", "catch_coins", "memory", "find_key")
"""The minigames, in the order of C-9."""
SECRET = ("memory",)
"""The minigames whose contents a client must not hold (Memory's face-down cards): a seat's
view carries :func:`visible` contents and the server reveals the rest input by input with
:func:`progress`."""
LEVELS = ("easy", "hard")

_MODULES: dict[str, ModuleType] = {
    "change_money": change_money,
    "catch_coins": catch_coins,
    "memory": memory,
    "find_key": find_key,
}

__all__ = [
    "DURATIONS_MS",
    "DURATION_MS",
    "GAMES",
    "LEVELS",
    "SECRET",
    "InvalidInputs",
    "bot_inputs",
    "generate",
    "plays",
    "progress",
    "score",
    "visible",
]


def _seed(seed: object) -> int:
    if seed is None:
        raise ValueError("a minigame seed must be given (an integer from 0 to 2**64-1)")
    return check_seed(seed)


def _game(game: object, level: object) -> ModuleType:
    if not isinstance(game, str) or game not in _MODULES:
        raise ValueError(f"unknown minigame {game!r}; the minigames are {', '.join(GAMES)}")
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"unknown minigame level {level!r}; the levels are easy, hard")
    return _MODULES[game]


def generate(game: str, level: str, seed: int) -> dict:
    """The contents one seat plays (JSON-ready), the same for the same seed.

    >>> generate("find_key", "hard", 1)["rounds"][0]["keys"][0]["scale"]
    60
    """
    return _game(game, level).generate(level, _seed(seed))


def score(game: str, level: str, contents: dict, inputs: list,
          duration_ms: int = DURATION_MS) -> int:
    """The points of ``inputs`` played on ``contents`` (may be negative).

    Raises :class:`InvalidInputs` (a ``ValueError``) for inputs that could not have
    happened, and ``ValueError`` for an unknown game or level or contents of another game.

    >>> score("change_money", "easy", generate("change_money", "easy", 1), [])
    0
    """
    return _game(game, level).score(level, contents, inputs, check_duration(duration_ms))


def progress(game: str, level: str, contents: dict, inputs: list,
             duration_ms: int = DURATION_MS) -> dict:
    """The state of play after ``inputs`` (what the player sees now), always with
    ``points``; the other keys depend on the game (see ``docs/minigames.md``). Useful for a
    text client, for a server revealing Memory faces click by click, and for tests.

    >>> c = generate("change_money", "easy", 3)
    >>> sorted(progress("change_money", "easy", c, []))
    ['a', 'c', 'errors', 'paid', 'points', 'solved', 'sum']
    """
    return _game(game, level).progress(level, contents, inputs, check_duration(duration_ms))


def visible(game: str, level: str, contents: dict) -> dict:
    """The part of ``contents`` a seat's client may hold before playing: the contents
    themselves, except for the :data:`SECRET` games (Memory: the layout, no faces).

    >>> c = generate("memory", "hard", 4)
    >>> v = visible("memory", "hard", c)
    >>> "boards" in v, v["cell_count"], v["board_count"]
    (False, 28, 10)
    >>> k = generate("find_key", "easy", 4)
    >>> visible("find_key", "easy", k) is k
    True
    """
    module = _game(game, level)
    if game in SECRET:
        return module.visible(level, contents)
    return contents


def bot_inputs(game: str, level: str, contents: dict, skill: float, seed: int,
               duration_ms: int = DURATION_MS) -> list:
    """Inputs of a bot player of ``skill`` from 0 (hopeless) to 1 (near perfect), the same
    for the same seed; ``score`` always accepts them.

    >>> c = generate("change_money", "hard", 2)
    >>> bot_inputs("change_money", "hard", c, 1.0, 0)[:2]
    [{'t': ..., 'note': ...}, {'t': ..., 'note': ...}]
    """
    module = _game(game, level)
    return module.bot_inputs(level, contents, check_skill(skill), _seed(seed),
                             check_duration(duration_ms))


def plays(
    game: str, level: str, seed: int, bots: list[tuple[float, int]], contents: dict | None = None,
    duration_ms: int = DURATION_MS,
) -> list[tuple[list, int]]:
    """For each ``(skill, bot_seed)`` of ``bots``: the bot's inputs and their points, i.e.
    ``(bot_inputs(game, level, c, skill, bot_seed), score(game, level, c, inputs))`` with
    ``c = contents`` or, when ``contents`` is None, ``c = generate(game, level, seed)``.

    Faster than those calls: the bots share their work, the points come from the bot's own
    play (the inputs are valid by construction), and Find the Key and Change Money need not
    build the whole contents. This is how the minigame session plays its bots.

    >>> c = generate("memory", "hard", 6)
    >>> [(p[0], p[1]) for p in plays("memory", "hard", 6, [(0.5, 2)])] == [
    ...     (bot_inputs("memory", "hard", c, 0.5, 2),
    ...      score("memory", "hard", c, bot_inputs("memory", "hard", c, 0.5, 2)))]
    True
    """
    module = _game(game, level)
    seed = _seed(seed)
    bots = [(check_skill(skill), _seed(bot_seed)) for skill, bot_seed in bots]
    return module.plays(level, seed, contents, bots, check_duration(duration_ms))
