"""Gymnasium ids of the Tycoon environments: ``tycoon/<Game>-v<version>``, one per game that
declares an RL codec (``tycoon/Capital-v0``, ``tycoon/Deal-v0``, ...).

:func:`register_envs` is the package's ``gymnasium.envs`` entry point (loaded on ``import
gymnasium`` by Gym 0.23+ and Gymnasium 0.26-0.29; Gymnasium 1.0 removed that plugin loading),
and runs when ``tycoon.rl.gym_env`` is imported, or ``tycoon.rl`` while Gymnasium is loaded;
``gymnasium.make("tycoon.rl:tycoon/Deal-v0")`` therefore works with no import of ours first.
"""

from __future__ import annotations

NAMESPACE = "tycoon"


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``tycoon/<Game>-v<codec version>``.

    >>> env_id("capital")
    'tycoon/Capital-v0'
    """
    from .core import codec_of

    version = int(getattr(codec_of(game), "version", 0))
    return f"{NAMESPACE}/{game.capitalize()}-v{version}"


def register_envs() -> list[str]:
    """Register the id of every game with an RL codec (each once); return the ids."""
    import gymnasium as gym

    from .core import rl_games

    ids = []
    for game in rl_games():
        name = env_id(game)
        if name not in gym.registry:
            gym.register(id=name, entry_point="tycoon.rl.gym_env:make_gym",
                         kwargs={"game": game})
        ids.append(name)
    return ids
