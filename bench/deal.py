"""Monopoly Deal speed: random playouts at 2 and 4 seats.

Prints decisions per second (one decision = ``legal_actions`` + a uniform random choice +
``apply``), games per second and the median number of decisions per game. Also times
``clone`` and ``to_json``/``from_json`` round trips. Times are CPU time of this process
(``time.process_time``, as in ``bench/capital.py``), so other work on a shared machine
disturbs them less.

    .venv/bin/python bench/deal.py [--games N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time

from tycoon.bots import RandomBot
from tycoon.deal import from_json, new_game

MAX_DECISIONS = 100_000


def playout(seats: int, seed: int, use_bot: bool = False) -> tuple[int, bool]:
    """One random game; returns (decisions, finished)."""
    state = new_game(seats=seats, seed=seed)
    decisions = 0
    if use_bot:
        bot = RandomBot(seed)
        while not state.is_over and decisions < MAX_DECISIONS:
            seat = state.to_move()[0]
            state.apply(seat, bot.choose(state, seat))
            decisions += 1
        return decisions, state.is_over
    rnd = random.Random(seed)
    choice = rnd.choice
    while not state.is_over and decisions < MAX_DECISIONS:
        seat = state.to_move()[0]
        state.apply(seat, choice(state.legal_actions(seat)))
        decisions += 1
    return decisions, state.is_over


def run(seats: int, games: int, use_bot: bool = False) -> dict[str, float]:
    """Play ``games`` playouts and measure them."""
    counts = []
    unfinished = 0
    start = time.process_time()
    for seed in range(games):
        d, finished = playout(seats, seed, use_bot)
        counts.append(d)
        unfinished += not finished
    seconds = time.process_time() - start
    return {
        "seats": seats,
        "games": games,
        "decisions_per_second": sum(counts) / seconds,
        "games_per_second": games / seconds,
        "median_decisions": statistics.median(counts),
        "unfinished": unfinished,
    }


def bench_copies(n: int = 2000) -> tuple[float, float, float]:
    """Clones, JSON round trips and ``key()`` fingerprints per second on a mid-game position."""
    state = new_game(seats=4, seed=3)
    rnd = random.Random(3)
    for _ in range(150):
        if state.is_over:
            break
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    start = time.process_time()
    for _ in range(n):
        state.clone()
    clones = n / (time.process_time() - start)
    start = time.process_time()
    for _ in range(n // 4):
        from_json(state.to_json())
    trips = (n // 4) / (time.process_time() - start)
    start = time.process_time()
    for _ in range(n):
        state.key()
    keys = n / (time.process_time() - start)
    return clones, trips, keys


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--profile", action="store_true", help="cProfile 2-seat playouts")
    args = parser.parse_args()
    if args.profile:
        cProfile.runctx("run(2, args.games)", globals(), {"args": args}, "/tmp/deal.prof")
        pstats.Stats("/tmp/deal.prof").sort_stats("tottime").print_stats(20)
        return
    for seats in (2, 4):
        r = run(seats, args.games)
        print(
            f"deal {seats} seats: {r['decisions_per_second']:,.0f} decisions/s, "
            f"{r['games_per_second']:,.1f} games/s, median {r['median_decisions']:.0f} "
            f"decisions/game, {r['unfinished']} unfinished of {r['games']}"
        )
    r = run(2, max(1, args.games // 3), use_bot=True)
    print(f"deal 2 seats with tycoon RandomBot: {r['decisions_per_second']:,.0f} decisions/s")
    clones, trips, keys = bench_copies()
    print(f"clone: {clones:,.0f}/s; to_json+from_json: {trips:,.0f}/s; key(): {keys:,.0f}/s")


if __name__ == "__main__":
    main()
