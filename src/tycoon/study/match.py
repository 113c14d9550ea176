"""The one loop that plays a match: seats, bots, seeds, a decision cap, input sessions.

Every study command (``simulate``, ``tournament``, ``stats``, ``ladder``) plays its games
through :func:`play_match`. Seeds come from :func:`tycoon.engine.derive_seed` alone: the
bot of ``seat`` in a game seeded ``seed`` is seeded ``derive_seed(seed, "bot", seat)``, so a
game replays exactly whatever process or machine plays it. Input sessions are played by
each bot at its skill through ``session.bot_action`` (``tycoon.bots.base.with_sessions``).

Games are bounded: a game with a ``turn_limit`` option that defaults to no limit gets
:data:`STUDY_TURN_LIMIT` unless one is given (:func:`study_options`), and every match stops
after ``max_decisions`` decisions, unfinished.

>>> r = play_match("toy", ["random", "random"], seed=1)
>>> r.finished, r.turns, r.decisions > 0
(True, 8, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tycoon.bots import make_bot
from tycoon.engine import Action, GameInfo, State, derive_seed, get_game

#: Default ``turn_limit`` of studies for games whose ``turn_limit`` option has no default.
STUDY_TURN_LIMIT = 300
#: Safety net: a match stops (unfinished) after this many decisions.
MAX_DECISIONS = 100_000


def study_options(game: str | GameInfo, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options of a study's games: a game whose ``turn_limit`` option defaults to none
    gets :data:`STUDY_TURN_LIMIT` unless ``options`` names one (``None`` keeps no limit).

    >>> study_options("toy", {})  # its turn_limit has a default already
    {}
    """
    info = get_game(game) if isinstance(game, str) else game
    out = dict(options or {})
    for opt in info.options:
        if opt.name == "turn_limit" and opt.default is None and "turn_limit" not in out:
            out["turn_limit"] = STUDY_TURN_LIMIT
    return out


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game seeded ``seed``."""
    return derive_seed(seed, "bot", seat)


class Observer:
    """Hooks a study may give :func:`play_match` (each one does nothing here)."""

    def start(self, state: State) -> None:
        """Called once with the new game."""

    def decision(self, state: State, seat: int, action: Action) -> None:
        """Called before ``action`` of ``seat`` is applied to ``state``."""

    def end(self, state: State) -> None:
        """Called once with the final position."""


class ActionLog(Observer):
    """Keeps every action of a match as ``[seat, action JSON]``: with the game's seed and
    options, its record (:class:`tycoon.engine.Record`)."""

    def __init__(self) -> None:
        self.actions: list[list[Any]] = []

    def decision(self, state: State, seat: int, action: Action) -> None:
        self.actions.append([seat, action.to_json()])


@dataclass
class MatchResult:
    """One match: who sat where, who won, how long it took."""

    index: int
    seed: int
    lineup: list[str]
    finished: bool
    winner: int | None
    reason: str | None
    turns: int
    decisions: int
    scores: list[Any] = field(default_factory=list)
    think: list[float] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)


def play_match(
    game: str,
    lineup: Sequence[str],
    seed: int,
    options: dict[str, Any] | None = None,
    index: int = 0,
    max_decisions: int = MAX_DECISIONS,
    observer: Observer | None = None,
) -> MatchResult:
    """Play one game with the bot ``lineup[seat]`` in each seat; the seeds fix everything.

    ``options`` are the game's rules options, used as given (see :func:`study_options`).
    """
    info = get_game(game)
    state = info.new_game(seats=len(lineup), seed=seed, **(options or {}))
    bots = [make_bot(spec, game, bot_seed(seed, s)) for s, spec in enumerate(lineup)]
    think = [0.0] * len(lineup)
    moves = [0] * len(lineup)
    decisions = 0
    if observer is not None:
        observer.start(state)
    while not state.is_over and decisions < max_decisions:
        movers = state.to_move()
        if not movers:
            raise RuntimeError(f"{game}: no seat can act but the game is not over")
        seat = movers[0]
        start = time.perf_counter()
        action = bots[seat].choose(state, seat)
        think[seat] += time.perf_counter() - start
        moves[seat] += 1
        if observer is not None:
            observer.decision(state, seat, action)
        state.apply(seat, action)
        decisions += 1
    if observer is not None:
        observer.end(state)
    res = state.result()
    finished = res.finished and res.winner is not None
    return MatchResult(
        index,
        seed,
        list(lineup),
        finished,
        res.winner if finished else None,
        res.reason,
        res.turns,
        decisions,
        list(res.scores),
        [round(t, 4) for t in think],
        moves,
    )
