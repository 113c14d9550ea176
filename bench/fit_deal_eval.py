"""Re-fit the Deal search bot's evaluation and measure it on held-out games.

Plays 2-seat games between heuristic bots (10% random moves), records every play-phase
position with the features of ``tycoon.bots.deal.features`` for both seats, fits a logistic
model of "seat 0 wins" on the feature differences (Newton's method, a little L2), and prints
hold-out log-loss and accuracy of the fitted weights and of the weights in the code
(``tycoon.bots.deal.WEIGHTS``).

Run: ``.venv/bin/python bench/fit_deal_eval.py [--games 3000] [--workers 2]``
(about 30 s for 4000 games on 2 cores). Needs numpy (a dev dependency).
"""

from __future__ import annotations

import argparse
import multiprocessing

import numpy as np

from tycoon import deal
from tycoon.bots import deal as knowledge

FIRST_SEED = 100_000


def positions(seed: int) -> tuple[list[list[float]], int | None]:
    """Feature differences (seat 0 minus seat 1) of one game's play-phase positions, winner."""
    state = deal.new_game(seats=2, seed=seed)
    bots = [knowledge.DealHeuristic(seed * 2 + s, epsilon=0.1) for s in range(2)]
    rows: list[list[float]] = []
    for _ in range(2000):
        if state.is_over:
            break
        seat = state.to_move()[0]
        if state.phase == "play":
            a, b = knowledge.features(state, 0), knowledge.features(state, 1)
            rows.append([x - y for x, y in zip(a, b, strict=True)])
        state.apply(seat, bots[seat].choose(state, seat))
    return rows, state.winner


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression without intercept (the model is symmetric in the seats)."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Log-loss and share of winners called right."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return loss, float(np.mean((p > 0.5) == (y == 1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games to play (10%% held out)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    if args.games < 10 or args.workers < 1:
        parser.error("--games must be at least 10 and --workers at least 1")
    seeds = range(FIRST_SEED, FIRST_SEED + args.games)
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        games = pool.map(positions, seeds, chunksize=20)
    xs, ys, held = [], [], []
    cut = int(args.games * 0.9)
    for i, (rows, winner) in enumerate(games):
        if winner is None:
            continue
        for row in rows:
            xs.append(row)
            ys.append(1.0 if winner == 0 else 0.0)
            held.append(i >= cut)
    x, y, test = np.array(xs), np.array(ys), np.array(held)
    w = fit(x[~test], y[~test])
    print(f"{len(y)} positions from {args.games} games; {int(test.sum())} held out")
    for name, weights in (("fitted", w), ("in the code", np.array(knowledge.WEIGHTS))):
        loss, acc = scores(x[test], y[test], weights)
        print(f"{name:>12}: hold-out log-loss {loss:.3f}, winners called right {acc:.1%}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
