"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel environments for both games.

Install with ``pip install tycoon[rl]``. Nothing here is imported by ``import tycoon``; the
names below are loaded on first use, so ``import tycoon.rl`` works without the extra and only
using an environment needs ``numpy``, ``gymnasium``, ``pettingzoo`` (or ``open_spiel``).

- ``capital_env(**options)``, ``deal_env(**options)``: PettingZoo AEC environments.
- ``capital_gym(**options)``, ``deal_gym(**options)``: Gymnasium single-agent environments
  (one seat is the agent, the others are Tycoon bots).
- ``register_openspiel()``: registers ``tycoon_capital`` and ``tycoon_deal`` with pyspiel.

Everything is documented field by field in ``docs/rl.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "capital_env": "pettingzoo_env",
    "deal_env": "pettingzoo_env",
    "TycoonAECEnv": "pettingzoo_env",
    "capital_gym": "gym_env",
    "deal_gym": "gym_env",
    "TycoonGymEnv": "gym_env",
    "register_openspiel": "openspiel_game",
    "Match": "core",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tycoon.rl' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
