"""Evaluate a masked-random policy against Tycoon's bots with the Gymnasium wrappers.

Run: ``.venv/bin/python examples/masked_random.py [--game deal|capital|...] [--episodes 20]
[--opponents random|heuristic|easy|medium]``. The policy picks uniformly among the legal
actions of ``info["action_mask"]``; the script prints its wins, losses and unfinished games
(return +1, -1 and 0) and the mean episode length in agent steps.
"""

from __future__ import annotations

import argparse

import numpy as np

from tycoon.rl import make_gym, rl_games


def masked_random(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniform choice among the legal indices of ``mask``."""
    return int(rng.choice(np.flatnonzero(mask)))


def evaluate(game: str, episodes: int, opponents: str, seats: int, seed: int) -> dict:
    """Play ``episodes`` games; return the counts of each outcome and the mean length."""
    env = make_gym(game, seats=seats, opponents=opponents)
    rng = np.random.default_rng(seed)
    outcomes = {"won": 0, "lost": 0, "unfinished": 0}
    steps = 0
    for episode in range(episodes):
        _, info = env.reset(seed=seed + episode)
        done = False
        while not done:
            _, reward, terminated, truncated, info = env.step(
                masked_random(info["action_mask"], rng))
            steps += 1
            done = terminated or truncated
        key = "won" if reward > 0 else "lost" if reward < 0 else "unfinished"
        outcomes[key] += 1
    return {**outcomes, "mean_steps": steps / episodes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=rl_games(), default="deal")
    parser.add_argument("--episodes", type=int, default=20)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.episodes < 1:
        parser.error(f"--episodes must be at least 1, not {args.episodes}")
    try:  # the environment checks the seats and the bots
        got = evaluate(args.game, args.episodes, args.opponents, args.seats, args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    print(f"masked-random vs {args.opponents} in {args.game} ({args.seats} seats, "
          f"{args.episodes} episodes): {got}")


if __name__ == "__main__":
    main()
