"""RL environment speed: env steps per second of random masked play, beside the engine and
beside RLCard's card games in the same run.

Run: ``.venv/bin/python bench/rl.py [--games N] [--rlcard-games N]``. For each game it prints

- engine: decisions per second of random play straight on the engine (``legal_actions`` +
  ``apply``; an input session's empty template counts as a decision);
- core Match, mask only: env steps per second on ``tycoon.rl.core.Match`` (no wrapper);
- pettingzoo, mask only: the AEC environment, choosing uniformly among the mask from
  ``infos[agent]["action_mask"]`` with ``env.last(observe=False)``;
- pettingzoo, with observations: the same, reading the full observation dict each step;
- openspiel: ``state.legal_actions()`` + ``apply_action`` on the pyspiel game.

Then, if ``rlcard`` is installed (the ``dev`` extra pins 1.2.0), the steps per second of
RLCard's own random agents through ``env.run`` (which builds every observation, like the
"with observations" row) on Uno, Limit Texas Hold'em and No-limit Texas Hold'em; RLCard
publishes about 18,000 (Uno) and 20,000 (Hold'em) steps/s. Times are CPU times, the best of
``--rounds`` runs (5), the measures taking turns within each round.

Env steps and engine decisions differ slightly: input sessions (Capital's minigames) are
played inside the environment (not env steps) and a Capital exchange or waive takes one env
step per card or charge plus "done".
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from tycoon.engine import Rng, get_game
from tycoon.rl import env as aec_env
from tycoon.rl.core import Match, codec_of, split_turn_limit

SETTINGS = {
    "capital": {"seats": 4, "turn_limit": 200},
    "deal": {"seats": 2, "turn_limit": 300},
}


def _new(game: str, seed: int):
    """A new engine game and the match turn cap, as the environments build them."""
    settings = dict(SETTINGS[game])
    seats = settings.pop("seats")
    info = get_game(game)
    rules, cap = split_turn_limit(info, settings.pop("turn_limit"), settings)
    return info.new_game(seats=seats, seed=seed, **rules), cap


def engine_rate(game: str, games: int) -> tuple[int, float]:
    """Random play on the engine: (decisions, seconds)."""
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state, cap = _new(game, g)
        rng = Rng(g)
        while not state.is_over and (cap is None or state.turn <= cap):
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            decisions += 1
    return decisions, time.process_time() - start


def env_rate(game: str, games: int, observe: bool) -> tuple[int, float]:
    """Random masked play through the PettingZoo AEC env: (steps, seconds)."""
    env = aec_env(game, **SETTINGS[game])
    steps = 0
    start = time.process_time()
    for g in range(games):
        env.reset(seed=g)
        rng = random.Random(g)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last(observe=observe)
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"] if observe else info["action_mask"]
            env.step(rng.choice(np.flatnonzero(mask.view(np.bool_)).tolist()))
            steps += 1
    return steps, time.process_time() - start


def match_rate(game: str, games: int) -> tuple[int, float]:
    """Random masked play on ``tycoon.rl.core.Match`` (no PettingZoo layer): (steps, seconds)."""
    codec = codec_of(game)
    steps = 0
    start = time.process_time()
    for g in range(games):
        state, cap = _new(game, g)
        match = Match(codec, state, seed=g, turn_limit=cap)
        rng = random.Random(g)
        while not match.over:
            mask = match.mask()
            match.step(rng.choice(np.flatnonzero(mask.view(np.bool_)).tolist()))
            steps += 1
    return steps, time.process_time() - start


def openspiel_rate(game: str, games: int) -> tuple[int, float] | None:
    """Random play on the pyspiel game: (steps, seconds), or None without pyspiel."""
    try:
        import pyspiel

        from tycoon.rl import register_openspiel
    except ImportError:
        return None
    register_openspiel()
    params = dict(SETTINGS[game])
    params["players"] = params.pop("seats")
    spiel = pyspiel.load_game(f"tycoon_{game}", params)
    steps = 0
    start = time.process_time()
    for g in range(games):
        state = spiel.new_initial_state()
        rng = random.Random(g)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps, time.process_time() - start


RLCARD_GAMES = (("uno", "Uno"), ("limit-holdem", "Limit Texas Hold'em"),
                ("no-limit-holdem", "No-limit Texas Hold'em"))


def rlcard_rate(name: str, games: int) -> tuple[int, float] | None:
    """RLCard's random agents on ``name`` through ``env.run``: (steps, seconds), or None
    without rlcard."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make(name, config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    before = env.timestep
    start = time.process_time()
    for _ in range(games):
        env.run(is_training=False)
    return env.timestep - before, time.process_time() - start


def best_rates(measures: list[tuple[Callable[..., tuple[int, float] | None], tuple]],
               rounds: int) -> list[float]:
    """Each measure's best rate over ``rounds`` rounds (CPU time), the measures taking turns
    within a round, so that a slow spell of a shared machine falls on all of them alike (one
    after the other, a row could come out faster than the cheaper row under it); NaN for a
    measure whose library is missing."""
    rates: list[list[float]] = [[] for _ in measures]
    for _ in range(rounds):
        for i, (measure, args) in enumerate(measures):
            got = measure(*args)
            rates[i].append(float("nan") if got is None else got[0] / got[1])
    return [max(r) if r[0] == r[0] else float("nan") for r in rates]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rlcard-games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5, help="runs of each measure (the best)")
    args = parser.parse_args()
    for game in SETTINGS:
        engine_rate(game, 1)  # warm-up: imports, caches
        match_rate(game, 1)
        env_rate(game, 1, False)
        labels = ["core Match, mask only", "pettingzoo, mask only",
                  "pettingzoo, with observations", "openspiel"]
        base, *rates = best_rates([
            (engine_rate, (game, args.games)),
            (match_rate, (game, args.games)),
            (env_rate, (game, args.games, False)),
            (env_rate, (game, args.games, True)),
            (openspiel_rate, (game, max(1, args.games // 2))),
        ], args.rounds)
        print(f"{game} ({SETTINGS[game]}), {args.games} games, best of {args.rounds}, CPU time")
        print(f"  engine decisions/s:                      {base:10,.0f}")
        for label, rate in zip(labels, rates, strict=True):
            print(f"  {label + ' steps/s:':40s}{rate:10,.0f}  ({base / rate:.2f}x the engine's "
                  "cost)")
    print(f"RLCard 1.2.0, random agents, env.run, {args.rlcard_games} games, best of "
          f"{args.rounds}, CPU time")
    rates = best_rates([(rlcard_rate, (name, args.rlcard_games)) for name, _ in RLCARD_GAMES],
                       args.rounds)
    if rates[0] != rates[0]:  # nan: not installed
        print("  RLCard not installed (pip install rlcard==1.2.0, or the dev extra)")
        return
    for (_, title), rate in zip(RLCARD_GAMES, rates, strict=True):
        print(f"  {title + ' steps/s:':40s}{rate:10,.0f}")


if __name__ == "__main__":
    main()
