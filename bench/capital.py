"""Capital speed: random playouts (legal_actions + apply), games per second, clone() cost.

Run: ``.venv/bin/python bench/capital.py [--games N] [--profile]``. Prints figures; the
target is at least 20,000 decisions per second on one core. Figures are given twice: with the
real minigames (each seat of a minigame round plays ``session.bot_action`` at a random skill:
the contents and the bot's inputs are computed then), and with a trivial stand-in for the
minigames, to show the cost of the rules engine alone. Times are CPU time of this process
(``time.process_time``), so other work on a shared machine disturbs them less. Also printed:
the CPU cost of one minigame round per minigame (the bot inputs of 4 seats at the three
skills 0, 0.5 and 1, see ``minigames.plays``), of ``clone()``, of ``key()`` and of the
current seat's ``view()`` at an ``action`` phase (with its build offers).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import tycoon.capital as capital
from tycoon.capital import landing
from tycoon.engine import Rng

BOT_SKILLS = (0.0, 0.5, 1.0)


class InstantMinigames:
    """A stand-in for ``tycoon.capital.minigames`` that costs nothing."""

    GAMES = ("change_money", "catch_coins", "memory", "find_key")
    SECRET = ()

    @staticmethod
    def generate(game, level, seed):
        return {}

    @staticmethod
    def score(game, level, contents, inputs, duration_ms=30000):
        return len(inputs)

    @staticmethod
    def bot_inputs(game, level, contents, skill, seed, duration_ms=30000):
        return [0] * int(skill * 4)

    @staticmethod
    def plays(game, level, seed, bots, contents=None, duration_ms=30000):
        return [([0] * int(skill * 4), int(skill * 4)) for skill, _ in bots]


def playouts(games: int, seed: int = 0, turn_limit: int = 300) -> tuple[int, int, float]:
    """Play ``games`` random games; return (decisions, turns, seconds)."""
    decisions = turns = 0
    start = time.process_time()
    for g in range(games):
        state = capital.new_game(seats=4, seed=seed + g, turn_limit=turn_limit)
        rng = Rng(seed + g)
        while not state.is_over:
            seat = state.to_move()[0]
            session = state.session()
            if session is not None:
                action = session.bot_action(seat, rng.below(3) / 2, rng.next64())
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            decisions += 1
        turns += state.turn
    return decisions, turns, time.process_time() - start


def _played_game() -> capital.CapitalState:
    """The position of a random game played to its turn limit (the same every run)."""
    state = capital.new_game(seats=4, seed=3, turn_limit=120)
    rng = Rng(3)
    while not state.is_over:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _per_call(call, samples: int) -> float:
    """Microseconds of CPU time per call of ``call()``."""
    start = time.process_time()
    for _ in range(samples):
        call()
    return (time.process_time() - start) / samples * 1e6


def clone_cost(samples: int = 2000) -> float:
    """Microseconds per ``clone()`` of a mid-game position."""
    return _per_call(_played_game().clone, samples)


def key_cost(samples: int = 2000) -> float:
    """Microseconds per ``key()`` of a mid-game position."""
    return _per_call(_played_game().key, samples)


def view_cost(games: int = 4) -> tuple[float, float]:
    """Microseconds per ``view(current seat)`` and per ``view.build_options`` (the build
    offers with their incomes), over every ``action`` phase of ``games`` random games."""
    from tycoon.capital.view import build_options, view

    states = []
    for g in range(games):
        state = capital.new_game(seats=4, seed=g, turn_limit=150)
        rng = Rng(g)
        while not state.is_over:
            seat = state.to_move()[0]
            if state.phase == "action":
                states.append(state.clone())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    start = time.process_time()
    for state in states:
        view(state, state.current)
    mid = time.process_time()
    for state in states:
        build_options(state, state.current)
    end = time.process_time()
    return (mid - start) / len(states) * 1e6, (end - mid) / len(states) * 1e6


def minigame_round_cost(rounds: int = 40) -> dict[str, float]:
    """Milliseconds of CPU per minigame round (C-4.4.2) and game, as the engine plays one in
    a 4-seat playout: for 1 easy and 3 hard seats, the bot inputs at the three skills 0, 0.5
    and 1 with their points (``session.bot_action`` plays one of them; the scoring of a
    submitted bot action is then a lookup). Contents are built only where the bots need
    them."""
    mg = landing.minigames()
    out = {}
    for game in mg.GAMES:
        start = time.process_time()
        for r in range(rounds):
            for seat, level in enumerate(("easy", "hard", "hard", "hard")):
                seed = Rng(r * 4 + seat).next64()
                bots = [(skill, (seed + k + 1) % 2**64)
                        for k, skill in enumerate(BOT_SKILLS)]
                mg.plays(game, level, seed, bots)
        out[game] = (time.process_time() - start) / rounds * 1e3
    return out


def report(label: str, games: int) -> None:
    decisions, turns, seconds = playouts(games)
    print(f"{label}: {games} games (turn_limit=300), {decisions} decisions in {seconds:.2f} CPU s")
    print(f"  decisions per second: {decisions / seconds:,.0f}")
    print(f"  games per second:     {games / seconds:.2f}  (mean {turns / games:.0f} turns)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--profile", action="store_true", help="cProfile the rules engine")
    args = parser.parse_args()
    landing.minigames()  # import the minigames before timing (a one-off cost)
    report("real minigames", args.games)
    costs = minigame_round_cost()
    print("  minigame round (4 seats): "
          + ", ".join(f"{game} {ms:.2f} ms" for game, ms in costs.items())
          + f"; mean {sum(costs.values()) / len(costs):.2f} ms")
    real = landing._module
    landing._module = InstantMinigames  # type: ignore[assignment]
    try:
        report("rules engine alone (instant minigames)", args.games)
        print(f"clone(): {clone_cost():.1f} µs")
        print(f"key():   {key_cost():.1f} µs")
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            playouts(max(1, args.games // 4))
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
    finally:
        landing._module = real
    per_view, per_build = view_cost()
    print(f"view() at an action phase: {per_view:.1f} µs (build offers {per_build:.1f} µs)")


if __name__ == "__main__":
    main()
