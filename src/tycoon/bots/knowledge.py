"""What the bots know of each game: heuristics, playout policies, evaluations, minigames.

The search bot is game-agnostic; this module hands it, per game, a playout policy, an
evaluation of unfinished positions and the decisions it need not search (a Capital
minigame's inputs). Games without such knowledge get random playouts and a neutral
evaluation.
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import Action, State


class MinigameWrapper:
    """A bot whose Capital minigames are played by the minigame bot at ``skill``."""

    def __init__(self, inner: Any, skill: float, seed: int, name: str) -> None:
        self.inner = inner
        self.skill = skill
        self.seed = seed
        self.name = name
        self.count = 0

    def choose(self, state: State, seat: int) -> Action:
        """The minigame bot's inputs during a minigame, the inner bot's choice otherwise."""
        from .minigames import minigame_action

        self.count += 1
        action = minigame_action(state, seat, self.skill, self.seed * 7919 + self.count)
        if action is not None:
            return action
        return self.inner.choose(state, seat)


def with_minigames(bot: Any, game: str, skill: float, seed: int, name: str) -> Any:
    """Wrap ``bot`` so that it plays Capital minigames at ``skill`` (other games: unchanged)."""
    if game != "capital":
        bot.name = name
        return bot
    return MinigameWrapper(bot, skill, seed, name)


def heuristic(game: str, seed: int, skill: float, name: str) -> Any:
    """The heuristic bot of ``game``; ``ValueError`` for a game without one."""
    if game == "capital":
        from .capital import CapitalHeuristic

        return CapitalHeuristic(seed, skill, name)
    if game == "deal":
        from .deal import DealHeuristic

        return DealHeuristic(seed, name)
    raise ValueError(f"no heuristic bot for the game {game!r}")


def search_knowledge(
    game: str, skill: float, playout: str | None, opponents: str | None = None
) -> dict[str, Any]:
    """Keyword arguments for :class:`~tycoon.bots.ismcts.ISMCTSBot` in ``game``.

    ``playout`` chooses the playout policy: ``random`` or ``heuristic`` (the default for
    games with a heuristic). ``opponents`` says how the search expects the other seats to
    play: ``heuristic`` (the game's heuristic; Deal's default) or ``search`` (UCB in the
    tree; Capital's default).

    >>> search_knowledge("tricks", 0.5, None)
    {}
    """
    if playout not in (None, "random", "heuristic"):
        raise ValueError(f"ismcts: playout must be random or heuristic, not {playout!r}")
    if opponents not in (None, "search", "heuristic"):
        raise ValueError(f"ismcts: opponents must be search or heuristic, not {opponents!r}")
    if game == "capital":
        from .capital import search_kwargs

        return search_kwargs(skill, playout or "heuristic", opponents or "search")
    if game == "deal":
        from .deal import search_kwargs as deal_kwargs

        return deal_kwargs(playout or "heuristic", opponents or "heuristic")
    if opponents == "heuristic":
        raise ValueError(f"ismcts: {game} has no heuristic to model opponents with")
    return {}
