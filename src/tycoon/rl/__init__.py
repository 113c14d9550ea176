"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel environments of every game that
declares an RL codec (``extensions["rl_codec"]`` of its ``GameInfo``).

Install with ``pip install tycoon[rl]``. Nothing here is imported by ``import tycoon``; the
names below are loaded on first use, so ``import tycoon.rl`` works without the extra and only
using an environment needs ``numpy``, ``gymnasium``, ``pettingzoo`` (or ``open_spiel``).

- ``env(game, **options)``: a PettingZoo AEC environment; ``parallel_env(game, **options)``:
  the parallel API, for a game played in strict rotation only.
- ``make_gym(game, **options)``: a Gymnasium single-agent environment (one seat is the agent,
  the others are Tycoon bots); ids ``tycoon/<Game>-v0`` for ``gymnasium.make``.
- ``register_openspiel()``: registers ``tycoon_<game>`` with pyspiel for each game.
- ``<game>_env``, ``<game>_gym``, ``<game>_parallel`` (``deal_env``, ``capital_gym``, ...): the
  same constructors with the game's name bound, for every registered game.

Everything is documented field by field in ``docs/rl.md``.
"""

from __future__ import annotations

import functools
import importlib
import sys
from typing import Any

_LAZY = {
    "env": "pettingzoo_env",
    "parallel_env": "pettingzoo_env",
    "TycoonAECEnv": "pettingzoo_env",
    "make_gym": "gym_env",
    "TycoonGymEnv": "gym_env",
    "register_openspiel": "openspiel_game",
    "register_envs": "registration",
    "Match": "core",
    "codec_of": "core",
    "rl_games": "core",
}
#: ``<game><suffix>``: the constructor bound to that game.
_BOUND = {"_env": "env", "_gym": "make_gym", "_parallel": "parallel_env"}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is not None:
        return getattr(importlib.import_module(f"{__name__}.{module}"), name)
    for suffix, target in _BOUND.items():
        game = name.removesuffix(suffix)
        if game != name and game:
            from tycoon.engine import games

            if game in games():
                make = __getattr__(target)
                bound = functools.partial(make, game)
                functools.update_wrapper(bound, make)
                bound.__doc__ = f"``{target}({game!r}, **options)``."
                return bound
    raise AttributeError(f"module 'tycoon.rl' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


if "gymnasium" in sys.modules:  # gymnasium.make("tycoon.rl:<id>"), register_envs(tycoon.rl)
    importlib.import_module(f"{__name__}.registration").register_envs()
