"""Fit the Capital search bot's learned leaf evaluation and measure it on held-out games.

Plays 4-seat games between heuristic bots (10% random moves, as in the search's playouts),
records the features of ``tycoon.bots.capital.value_features`` of every seat at the start of
every turn (one turn in ``--every``), fits a conditional logit of the winner among the seats
(Newton's method, a little L2) and prints the held-out log-loss and share of winners called
right of the fitted weights, of the weights in the code (``VALUE_WEIGHTS``) and of the
share-of-strength evaluation (``evaluate``). Games stopped at the turn limit are left out.

Run: ``.venv/bin/python bench/fit_capital_eval.py [--games 800] [--workers 1]``.
Needs numpy (a dev dependency).
"""

from __future__ import annotations

import argparse
import multiprocessing

import numpy as np

from tycoon import capital
from tycoon.bots import capital as knowledge
from tycoon.engine import Rng

FIRST_SEED = 200_000


def positions(seed: int, every: int = 2) -> tuple[list[list[list[float]]], list[list[float]],
                                                  int | None]:
    """Features of one game's sampled positions (per seat), the old evaluation, the winner."""
    state = capital.new_game(seats=4, seed=seed, turn_limit=300)
    bots = [knowledge.CapitalHeuristic(seed * 4 + s, skill=0.7) for s in range(4)]
    rng = Rng(seed)
    rows: list[list[list[float]]] = []
    old: list[list[float]] = []
    last_turn = -1
    for _ in range(20_000):
        if state.is_over:
            break
        seat = state.to_move()[0]
        if state.turn != last_turn and state.phase != "minigame":
            last_turn = state.turn
            if state.turn % every == 0:
                det = state.determinize(seat, rng.next64() >> 1)
                rows.append(knowledge.value_features(det))
                old.append(knowledge.evaluate(det))
        legal = state.legal_actions(seat)
        if len(legal) > 1 and legal[0].type not in ("minigame",) and rng.below(10) == 0:
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(state, seat)
        state.apply(seat, action)
    return rows, old, state.winner


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2) -> np.ndarray:
    """Conditional logit: ``x`` is (positions, seats, features), ``y`` the winning seat."""
    n, _, k = x.shape
    w = np.zeros(k)
    for _ in range(40):
        u = x @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ns,nsk->nk", p, x)
        grad = (mean - x[np.arange(n), y]).sum(axis=0) + l2 * w
        second = np.einsum("ns,nsk,nsl->kl", p, x, x) - mean.T @ mean
        step = np.linalg.solve(second + l2 * np.eye(k), grad)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Log-loss of the winner and share of positions whose favourite won."""
    got = np.clip(p[np.arange(len(y)), y], 1e-9, 1)
    return float(-np.mean(np.log(got))), float(np.mean(p.argmax(axis=1) == y))


def softmax(u: np.ndarray) -> np.ndarray:
    """Row-wise softmax."""
    e = np.exp(u - u.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800, help="games to play (20%% held out)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    seeds = range(FIRST_SEED, FIRST_SEED + args.games)
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        games = pool.map(positions, seeds, chunksize=10)
    xs, olds, ys, held = [], [], [], []
    cut = int(args.games * 0.8)
    for i, (rows, old, winner) in enumerate(games):
        if winner is None:
            continue
        xs.extend(rows)
        olds.extend(old)
        ys.extend([winner] * len(rows))
        held.extend([i >= cut] * len(rows))
    x, old_p, y, test = np.array(xs), np.array(olds), np.array(ys), np.array(held)
    w = fit(x[~test], y[~test])
    print(f"{len(y)} positions from {args.games} games; {int(test.sum())} held out")
    for name, p in (("fitted", softmax(x[test] @ w)),
                    ("in the code", softmax(x[test] @ np.array(knowledge.VALUE_WEIGHTS))),
                    ("share of strength", old_p[test])):
        loss, acc = scores(p, y[test])
        print(f"{name:>18}: hold-out log-loss {loss:.3f}, winners called right {acc:.1%}")
    print("VALUE_WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
