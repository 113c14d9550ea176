"""Bot speed: decisions per second of each bot, and ISMCTS iterations per second.

Run: ``.venv/bin/python bench/bots.py [--seconds 10]``. Bounded in time; prints figures only.
"""

from __future__ import annotations

import argparse
import time

from tycoon.bots import make_bot
from tycoon.engine import get_game


def decisions_per_second(game: str, spec: str, seats: int, budget: float) -> float:
    """Play games with ``spec`` in every seat for about ``budget`` seconds."""
    module = get_game(game)
    options = {"turn_limit": 300} if game == "capital" else {}
    decisions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < budget:
        state = module.new_game(seats=seats, seed=seed, **options)
        bots = [make_bot(spec, game, seed * 10 + s) for s in range(seats)]
        while not state.is_over and time.perf_counter() - start < budget:
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
            decisions += 1
        seed += 1
    return decisions / (time.perf_counter() - start)


def iterations_per_second(game: str, seats: int, budget: float) -> float:
    """ISMCTS iterations per second over the searched decisions of heuristic games."""
    module = get_game(game)
    options = {"turn_limit": 300} if game == "capital" else {}
    state = module.new_game(seats=seats, seed=1, **options)
    guide = make_bot("heuristic", game, 1)
    search = make_bot("ismcts:seconds=0.25", game, 1)
    iterations = 0
    spent = 0.0
    while not state.is_over and spent < budget:
        seat = state.to_move()[0]
        t = time.perf_counter()
        search.choose(state, seat)
        spent += time.perf_counter() - t
        iterations += search.last_iterations
        state.apply(seat, guide.choose(state, seat))
    return iterations / spent if spent else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="budget per measurement")
    args = parser.parse_args()
    for game, seats in (("capital", 4), ("deal", 2)):
        for spec in ("random", "heuristic"):
            rate = decisions_per_second(game, spec, seats, args.seconds)
            print(f"{game} {seats} seats, {spec}: {rate:,.0f} decisions/s")
        rate = iterations_per_second(game, seats, args.seconds)
        print(f"{game} {seats} seats, ismcts: {rate:,.0f} iterations/s")


if __name__ == "__main__":
    main()
