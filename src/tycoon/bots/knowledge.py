"""What the bots know of each game, found through the game's extensions, never by name.

A game's ``GameInfo.extensions`` may name:

- ``heuristic``: a factory of the game's heuristic bot, called with the keyword arguments it
  accepts among ``seed``, ``skill`` and ``name``;
- ``search``: a function returning keyword arguments for
  :class:`~tycoon.bots.ismcts.ISMCTSBot` (playout policy, evaluation, candidates, ...),
  called with those it accepts among ``skill``, ``playout`` and ``opponents``.

A game without them gets no heuristic bot and a search bot with random playouts and a
neutral evaluation. Input sessions are played by every bot through the session itself (see
``tycoon.bots.base.with_sessions``).
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import GameInfo, get_game

from .base import call_with_accepted


def game_info(game: str) -> GameInfo | None:
    """The registered game ``game``, or None for a game the registry does not know."""
    try:
        return get_game(game)
    except ValueError:
        return None


def extension(game: str, layer: str) -> Any | None:
    """The extension ``layer`` of ``game``, or None."""
    info = game_info(game)
    return info.extension(layer) if info is not None else None


def heuristic(game: str, seed: int, skill: float, name: str) -> Any:
    """The heuristic bot of ``game``; ``ValueError`` for a game without one."""
    factory = extension(game, "heuristic")
    if factory is None:
        raise ValueError(f"no heuristic bot for the game {game!r}")
    return call_with_accepted(factory, "heuristic", seed=seed, skill=skill, name=name)


def heuristic_bot(
    game: str, seed: int = 0, label: str = "heuristic", skill: float | None = None
) -> Any:
    """The ``heuristic`` entry of the bot registry."""
    return heuristic(game, seed, 0.7 if skill is None else skill, label)


def search_knowledge(
    game: str, skill: float, playout: str | None, opponents: str | None = None
) -> dict[str, Any]:
    """Keyword arguments for :class:`~tycoon.bots.ismcts.ISMCTSBot` in ``game``.

    ``playout`` chooses the playout policy: ``random`` or ``heuristic`` (the game's default
    when it has a heuristic). ``opponents`` says how the search expects the other seats to
    play: ``heuristic`` or ``search`` (UCB in the tree); the game's extension picks the
    default.

    >>> search_knowledge("tricks", 0.5, None)
    {}
    """
    if playout not in (None, "random", "heuristic"):
        raise ValueError(f"ismcts: playout must be random or heuristic, not {playout!r}")
    if opponents not in (None, "search", "heuristic"):
        raise ValueError(f"ismcts: opponents must be search or heuristic, not {opponents!r}")
    knowledge = extension(game, "search")
    if knowledge is None:
        if opponents == "heuristic" or playout == "heuristic":
            raise ValueError(f"ismcts: {game} has no heuristic to play out or model opponents")
        return {}
    return dict(call_with_accepted(
        knowledge, "search", skill=skill, playout=playout or "heuristic", opponents=opponents
    ))


def search_bot(game: str, seed: int = 0, label: str = "ismcts", skill: float | None = None,
               playout: str | None = None, opponents: str | None = None,
               **params: Any) -> Any:
    """The ``ismcts`` entry of the bot registry."""
    from .ismcts import ISMCTSBot

    kwargs = search_knowledge(game, 0.9 if skill is None else skill, playout, opponents)
    for flag in ("paired", "halving"):
        if flag in params:
            params[flag] = bool(params[flag])
    kwargs.update(params)
    return ISMCTSBot(seed=seed, label=None if label == "ismcts" else label, **kwargs)
