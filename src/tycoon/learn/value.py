"""Fit a game's value network on self-play positions (PyTorch), export it for numpy.

1. **Self-play**: games between the game's heuristic bots with a share ``epsilon`` of random
   moves (so that positions vary), every ``every``-th decision kept as a training position:
   the features of every seat (``tycoon.bots.learned.MODELS``) and the seat that won.
   Games without a winner are dropped. Every game's seed comes from ``derive_seed(seed,
   "learn", game, i)``, so the data replay exactly.
2. **Fit**: a per-seat perceptron (``features -> hidden -> hidden -> 1``, ReLU) whose scores
   go through a softmax over the seats, trained by AdamW (optionally on a cosine schedule) on
   the cross-entropy of the winner; one game in ten is held out, and the held-out log-loss
   and accuracy are reported beside those of the game's hand-made evaluation (the third
   entry of its ``MODELS`` row).
3. **Export**: the weights and the standardisation of the features into an ``.npz`` file
   (:class:`tycoon.bots.learned.Mlp`), whose numpy forward pass gives the same scores as the
   PyTorch module (checked on the held-out positions before writing).

Training is deterministic for a seed on one thread (``torch.use_deterministic_algorithms``)
on a given machine: PyTorch's kernels round differently on other instruction sets.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tycoon.bots.learned import MODELS, Mlp, _load_attr
from tycoon.engine import derive_seed, get_game
from tycoon.study.runner import check_games

from . import MAX_GAMES


@dataclass
class Data:
    """Training positions: features (positions x seats x features), winners, game ids."""

    x: np.ndarray
    y: np.ndarray
    game: np.ndarray
    baseline: np.ndarray  # the hand-fitted evaluation's chance of the winner, per position
    games: int = 0
    seconds: float = 0.0


@dataclass
class Report:
    """What a training run measured."""

    games: int
    positions: int
    selfplay_seconds: float
    train_seconds: float
    holdout_positions: int
    holdout_logloss: float
    holdout_accuracy: float
    baseline_logloss: float
    baseline_accuracy: float
    max_abs_diff: float
    meta: dict[str, Any] = field(default_factory=dict)


def selfplay(game: str, games: int, seed: int, seats: int = 2, epsilon: float = 0.1,
             every: int = 2, max_decisions: int = 3000,
             progress: Callable[[int], None] | None = None) -> Data:
    """Play ``games`` self-play games of the heuristic and keep their positions."""
    info = get_game(game)
    features = _load_attr(MODELS[game][0])
    heuristic = info.extension("heuristic")
    baseline = _load_attr(MODELS[game][2])
    xs: list[np.ndarray] = []
    ys: list[int] = []
    gs: list[int] = []
    bs: list[float] = []
    start = time.perf_counter()
    for i in range(games):
        s = derive_seed(seed, "learn", game, i)
        state = info.new_game(seats=seats, seed=s)
        bots = [heuristic(derive_seed(s, "seat", k), epsilon=epsilon) for k in range(seats)]
        rows: list[list[list[float]]] = []
        base: list[list[float]] = []
        for d in range(max_decisions):
            if state.is_over:
                break
            seat = state.to_move()[0]
            if d % every == 0:
                rows.append(features(state))
                base.append(baseline(state))
            state.apply(seat, bots[seat].choose(state, seat))
        if state.winner is not None and rows:
            # float32 per game: as Python floats, 100,000 games take about eight times the memory
            xs.append(np.array(rows, np.float32))
            ys.extend([state.winner] * len(rows))
            gs.extend([i] * len(rows))
            bs.extend(b[state.winner] for b in base)
        if progress is not None:
            progress(i + 1)
    x = np.concatenate(xs) if xs else np.zeros((0, seats, 0), np.float32)
    return Data(x, np.array(ys, np.int64), np.array(gs, np.int64),
                np.array(bs, np.float64), games, time.perf_counter() - start)


def _logloss(p_winner: np.ndarray) -> float:
    return float(-np.mean(np.log(np.clip(p_winner, 1e-7, 1.0))))


def fit(data: Data, seed: int, hidden: int = 32, epochs: int = 6, batch: int = 256,
        lr: float = 2e-3, weight_decay: float = 1e-3, cosine: bool = False,
        seconds: float | None = None) -> tuple[Mlp, Report]:
    """Fit the network on ``data``; return it and a report.

    AdamW at the learning rate ``lr``, or with ``cosine`` falling from ``lr`` to zero on a
    cosine over the ``epochs``.

    Games ``i % 10 == 9`` are held out for the report, games ``i % 10 == 8`` choose the
    epoch (early stopping: positions of one game are alike, so a network soon learns games
    by heart), the others are trained on. ``seconds`` stops training early after that much
    time (for quick tests; not reproducible then).
    """
    import torch
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    hold = (data.game % 10) == 9
    val = (data.game % 10) == 8
    rest = ~hold & ~val
    x_train, y_train = data.x[rest], data.y[rest]
    x_hold, y_hold = data.x[hold], data.y[hold]
    if len(x_train) == 0 or len(x_hold) == 0 or not val.any():
        raise ValueError("too few games to train on: play at least 10 with winners")
    flat = x_train.reshape(-1, x_train.shape[-1])
    mean = flat.mean(axis=0)
    scale = flat.std(axis=0)
    scale[scale < 1e-3] = 1.0
    n_in = x_train.shape[-1]
    net = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden // 2),
                        nn.ReLU(), nn.Linear(hidden // 2, 1))
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=weight_decay)
    sched = None
    if cosine:
        steps = epochs * math.ceil(len(x_train) / batch)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=steps)
    xt = torch.from_numpy((x_train - mean) / scale)
    yt = torch.from_numpy(y_train)
    gen = torch.Generator().manual_seed(seed)
    start = time.perf_counter()
    loss_fn = nn.CrossEntropyLoss()
    stopped = False
    xv = torch.from_numpy((data.x[val] - mean) / scale)
    yv = torch.from_numpy(data.y[val])
    best_state, best_val = None, math.inf
    for _ in range(epochs):
        order = torch.randperm(len(xt), generator=gen)
        for k in range(0, len(order), batch):
            idx = order[k:k + batch]
            logits = net(xt[idx]).squeeze(-1)
            loss = loss_fn(logits, yt[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            if sched is not None:
                sched.step()
            if seconds is not None and time.perf_counter() - start > seconds:
                stopped = True
                break
        with torch.no_grad():
            v = float(loss_fn(net(xv).squeeze(-1), yv))
        if v < best_val:
            best_val = v
            best_state = {k: t.clone() for k, t in net.state_dict().items()}
        if stopped:
            break
    if best_state is not None:
        net.load_state_dict(best_state)
    train_seconds = time.perf_counter() - start
    linears = [m for m in net if isinstance(m, nn.Linear)]
    mlp = Mlp([m.weight.detach().numpy().T.copy() for m in linears],
              [m.bias.detach().numpy().copy() for m in linears], mean, scale)
    with torch.no_grad():
        torch_scores = net(torch.from_numpy((x_hold - mean) / scale)).squeeze(-1).numpy()
    np_scores = mlp.forward(x_hold.reshape(-1, n_in)).reshape(x_hold.shape[:2])
    diff = float(np.max(np.abs(torch_scores - np_scores)))
    z = np_scores.astype(np.float64)
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    p_win = p[np.arange(len(y_hold)), y_hold]
    base = data.baseline[hold]
    report = Report(
        games=data.games, positions=len(data.x), selfplay_seconds=data.seconds,
        train_seconds=train_seconds, holdout_positions=len(x_hold),
        holdout_logloss=_logloss(p_win), holdout_accuracy=float(np.mean(p.argmax(1) == y_hold)),
        baseline_logloss=_logloss(base), baseline_accuracy=float(np.mean(base > 1 / p.shape[1])),
        max_abs_diff=diff,
    )
    return mlp, report


def train(game: str, seed: int, games: int = 20000, epochs: int = 6, hidden: int = 32,
          seats: int = 2, every: int = 4, batch: int = 256, cosine: bool = False,
          seconds: float | None = None,
          progress: Callable[[int], None] | None = None) -> tuple[Mlp, Report]:
    """Self-play and fit: the whole of ``tycoon train`` but writing the file."""
    if game not in MODELS:
        raise ValueError(f"no learned model for the game {game!r}; known: {', '.join(MODELS)}")
    check_games(games, least=10, most=MAX_GAMES)
    data = selfplay(game, games, seed, seats=seats, every=every, progress=progress)
    mlp, report = fit(data, seed, hidden=hidden, epochs=epochs, batch=batch, cosine=cosine,
                      seconds=seconds)
    mlp.meta = {
        "game": game, "seed": seed, "games": games, "epochs": epochs, "hidden": hidden,
        "seats": seats, "every": every, "batch": batch, "cosine": cosine,
        "features": mlp.inputs,
        "holdout_logloss": round(report.holdout_logloss, 4),
        "holdout_accuracy": round(report.holdout_accuracy, 4),
        "baseline_logloss": round(report.baseline_logloss, 4),
        "command": (f"tycoon train {game} --seed {seed} --games {games} --epochs {epochs} "
                    f"--hidden {hidden} --every {every} --batch {batch}"
                    + (" --cosine" if cosine else "")),
    }
    report.meta = mlp.meta
    if not math.isfinite(report.holdout_logloss):
        raise ValueError("training diverged")
    return mlp, report
