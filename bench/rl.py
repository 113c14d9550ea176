"""RL environment speed: env steps per second of random masked play, against the engine.

Run: ``.venv/bin/python bench/rl.py [--games N]``. For each game it prints

- engine: decisions per second of random play straight on the engine
  (``legal_actions`` + ``apply``, as ``bench/capital.py`` and ``bench/deal.py`` measure);
- pettingzoo (mask only): env steps per second of the AEC environment, choosing uniformly
  among the mask from ``infos[agent]["action_mask"]`` with ``env.last(observe=False)``;
- pettingzoo (with observations): the same, reading the full observation dict each step;
- core Match: the same without the PettingZoo layer (``tycoon.rl.core.Match``);
- openspiel: steps per second of ``state.legal_actions()`` + ``apply_action`` on the pyspiel
  game (if pyspiel is installed).

The target is env steps within 2x of the engine's decisions per second. Env steps and engine
decisions differ slightly: Capital's minigames are played inside the environment (not env
steps) and an exchange or waive takes one env step per card or charge plus "done".
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import tycoon.capital as capital
import tycoon.deal as deal
from tycoon.engine import Rng
from tycoon.rl import capital_env, deal_env

SETTINGS = {
    "capital": {"seats": 4, "turn_limit": 200},
    "deal": {"seats": 2},
}


def engine_rate(game: str, games: int) -> tuple[int, float]:
    """Random play on the engine: (decisions, seconds)."""
    module = capital if game == "capital" else deal
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state = module.new_game(seed=g, **SETTINGS[game])
        rng = Rng(g)
        while not state.is_over and state.turn <= 300:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            decisions += 1
    return decisions, time.process_time() - start


def env_rate(game: str, games: int, observe: bool) -> tuple[int, float]:
    """Random masked play through the PettingZoo AEC env: (steps, seconds)."""
    env = (capital_env if game == "capital" else deal_env)(**SETTINGS[game])
    steps = 0
    start = time.process_time()
    for g in range(games):
        env.reset(seed=g)
        rng = random.Random(g)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last(observe=observe)
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"] if observe else info["action_mask"]
            env.step(rng.choice(np.flatnonzero(mask.view(np.bool_)).tolist()))
            steps += 1
            del agent
    return steps, time.process_time() - start


def match_rate(game: str, games: int) -> tuple[int, float]:
    """Random masked play on ``tycoon.rl.core.Match`` (no PettingZoo layer): (steps, seconds)."""
    from tycoon.rl.core import Match, codec_of

    module = capital if game == "capital" else deal
    settings = dict(SETTINGS[game])
    steps = 0
    start = time.process_time()
    for g in range(games):
        state = module.new_game(seed=g, **settings)
        match = Match(codec_of(game), state, seed=g,
                      turn_limit=None if game == "capital" else 300)
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


def best(measure, *args) -> float:
    """The best rate of three runs (CPU time; the machine may be shared)."""
    rates = []
    for _ in range(3):
        got = measure(*args)
        if got is None:
            return float("nan")
        n, s = got
        rates.append(n / s)
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    for game in ("capital", "deal"):
        engine_rate(game, 1)  # warm-up: imports, caches
        env_rate(game, 1, False)
        base = best(engine_rate, game, args.games)
        print(f"{game} ({SETTINGS[game]}), {args.games} games, best of 3, CPU time")
        print(f"  engine decisions/s:                  {base:10,.0f}")
        rows = [
            ("core Match, mask only", best(match_rate, game, args.games)),
            ("pettingzoo, mask only", best(env_rate, game, args.games, False)),
            ("pettingzoo, with observations", best(env_rate, game, args.games, True)),
            ("openspiel", best(openspiel_rate, game, max(1, args.games // 2))),
        ]
        for label, rate in rows:
            print(f"  {label + ' steps/s:':36s}{rate:10,.0f}  ({base / rate:.2f}x slower)")


if __name__ == "__main__":
    main()
