"""Random-bot simulations of any game: the engine of ``tycoon simulate``."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tycoon.bots import RandomBot
from tycoon.engine import State, get_game

#: Safety net for a game that would not end: stop it after this many decisions.
MAX_DECISIONS = 200_000


@dataclass
class GameOutcome:
    """One simulated game."""

    seed: int
    finished: bool
    winner: int | None
    reason: str | None
    turns: int
    decisions: int


@dataclass
class Summary:
    """What ``tycoon simulate`` prints."""

    game: str
    seats: int
    options: dict[str, Any]
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON."""
        finished = [o for o in self.outcomes if o.finished]
        turns = sorted(o.turns for o in self.outcomes) or [0]
        decisions = sum(o.decisions for o in self.outcomes)
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
            "decisions_per_second": round(decisions / self.seconds) if self.seconds else None,
            "seconds": round(self.seconds, 3),
        }


def play_random(state: State, seed: int, max_decisions: int = MAX_DECISIONS) -> int:
    """Play ``state`` to the end with random bots; return the number of decisions."""
    bot = RandomBot(seed)
    decisions = 0
    while not state.is_over and decisions < max_decisions:
        movers = state.to_move()
        if not movers:
            raise RuntimeError("no seat can act but the game is not over")
        seat = movers[0]
        state.apply(seat, bot.choose(state, seat))
        decisions += 1
    return decisions


def simulate(
    game: str,
    games: int,
    seed: int,
    seats: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` random games; game ``i`` uses seed ``seed + i``."""
    module = get_game(game)
    seats = seats or module.DEFAULT_SEATS
    options = dict(options or {})
    module.new_game(seats=seats, seed=seed, **options)  # validate options before the loop
    summary = Summary(game, seats, options)
    start = time.perf_counter()
    for i in range(games):
        state = module.new_game(seats=seats, seed=seed + i, **options)
        decisions = play_random(state, seed + i)
        res = state.result()
        summary.outcomes.append(
            GameOutcome(
                seed + i,
                bool(res.get("finished")),
                res.get("winner"),
                res.get("reason"),
                int(res.get("turns", 0)),
                decisions,
            )
        )
        if progress:
            progress(1)
    summary.seconds = time.perf_counter() - start
    return summary
