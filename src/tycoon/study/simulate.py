"""Random-bot simulations of any game: the engine of ``tycoon simulate``.

Game ``i`` is seeded ``derive_seed(seed, "simulate", i)`` and played by the ``random`` bot in
every seat through the study's match loop (:func:`tycoon.study.match.play_match`), here, on
worker processes or on Ray, resumable from a save file, with identical results.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tycoon.engine import check_seed, derive_seed, get_game

from .match import MatchResult, play_match, study_options
from .runner import Task, check_games, run_study

#: One simulated game (the match loop's result).
GameOutcome = MatchResult


@dataclass
class Summary:
    """What ``tycoon simulate`` prints."""

    game: str
    seats: int
    options: dict[str, Any]
    outcomes: list[MatchResult] = field(default_factory=list)
    seconds: float = 0.0
    #: Indices of the games taken from the save file (not played in ``seconds``).
    resumed: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON."""
        finished = [o for o in self.outcomes if o.finished]
        turns = sorted(o.turns for o in self.outcomes) or [0]
        decisions = sum(o.decisions for o in self.outcomes)
        # decisions per second over the games played in this run only
        played = sum(o.decisions for o in self.outcomes if o.index not in self.resumed)
        return {
            "game": self.game,
            "seats": self.seats,
            "options": self.options,
            "games": len(self.outcomes),
            "finished": len(finished),
            "unfinished": len(self.outcomes) - len(finished),
            "wins_by_seat": {
                str(s): sum(1 for o in finished if o.winner == s) for s in range(self.seats)
            },
            "wins_by_reason": dict(Counter(o.reason for o in finished if o.winner is not None)),
            "turns": {
                "mean": round(statistics.fmean(turns), 2),
                "median": statistics.median(turns),
                "p90": turns[min(len(turns) - 1, (len(turns) * 9) // 10)],
            },
            "decisions_per_game": round(decisions / max(1, len(self.outcomes)), 1),
            "decisions_per_second": round(played / self.seconds) if self.seconds and played
            else None,
            "seconds": round(self.seconds, 3),
            "resumed": len(self.resumed),
        }


def _play(item: tuple[str, Task, dict[str, Any]]) -> MatchResult:
    game, task, options = item
    return play_match(game, task.lineup, task.seed, options, task.index)


def simulate(
    game: str,
    games: int,
    seed: int,
    seats: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    ray: str | None = None,
    save: Path | None = None,
) -> Summary:
    """Play ``games`` games between random bots (see the module docstring).

    Games are bounded like every study's (:func:`tycoon.study.match.study_options`).
    """
    info = get_game(game)
    seed = check_seed(seed)
    check_games(games)
    seats = info.default_seats if seats is None else seats
    options = study_options(info, options)
    info.new_game(seats=seats, seed=seed, **options)  # validate seats and options first
    lineup = tuple(["random"] * seats)
    tasks = [Task(i, lineup, derive_seed(seed, "simulate", i)) for i in range(games)]
    header = {"simulate": 1, "game": game, "seats": seats, "seed": seed, "options": options}
    run = run_study(_play, tasks, lambda t: (game, t, options), header, save, workers, ray,
                    progress)
    return Summary(game, seats, options, run.results, run.seconds, run.resumed)
