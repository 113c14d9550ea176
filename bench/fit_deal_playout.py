"""Fit Monopoly Deal's tuned playout policy to the search's judgement (one expert iteration).

Plays 2-seat games between two search bots (Deal's search settings, paired root rounds
without halving, so every root candidate is tried on every round); at each play-phase
decision it records each candidate's mean reward. ``tycoon.bots.deal_tuned.fit`` then fits
the linear model of ``tycoon.bots.deal_tuned`` to those rewards (games ``i % 5 == 0`` held
out for the report, the weights fitted on the others), prints the held-out regret of the
tuned choice and of the heuristic's, and writes the weights. ``--duel N`` then plays the
bot ``tuned`` with them against ``medium`` on N duplicate deals (``bench/bots.py``'s match).

Run (about 30 s of one core a game at 300 iterations; 153 games give 7,826 decisions, about
40 minutes on 2 cores)::

    .venv/bin/python bench/fit_deal_playout.py --games 153 --workers 2 \\
        --data deal-playout.jsonl --out deal-playout.npz --duel 2000

``--data`` keeps the generated decisions (one JSON line a game) and skips the games already
in it, so a stopped run resumes; ``--playout FILE`` generates with a search whose own
playouts use those weights (a second round of expert iteration; default: the heuristic).
The shipped file was made with the command above (see ``docs/strength.md``).
"""

from __future__ import annotations

import argparse
import json
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from bots import match, run_saved, summary  # bench/bots.py (this script's folder is on sys.path)
from tycoon import deal
from tycoon.bots import deal as knowledge
from tycoon.bots import deal_tuned
from tycoon.bots.ismcts import ISMCTSBot


def generate(job: tuple[int, int, int, str | None]) -> dict[str, Any]:
    """One game between two search bots: each play-phase decision's candidates as feature
    rows with their mean paired reward."""
    seed, game, iterations, playout = job
    state = deal.new_game(seats=2, seed=100_000 * seed + game)
    kwargs = knowledge.search_kwargs()
    kwargs.update(halving=False, iterations=iterations)
    if playout is not None:
        kwargs["policy"] = partial(deal_tuned.tuned_policy,
                                   weights=deal_tuned.Weights.load(playout))
    else:
        kwargs["policy"] = knowledge.heuristic_opponent
    bots = [ISMCTSBot(seed=1_000_000 * (seed - 1) + 7 * game + s, **kwargs) for s in (0, 1)]
    decisions = []
    for _ in range(100_000):
        if state.is_over:
            break
        seat = state.to_move()[0]
        bot = bots[seat]
        view = state.view(seat) if state.phase == "play" else None
        action = bot.choose(state, seat)
        if view is not None and len(bot.last_values) > 1:
            tables = [knowledge.Table(s) for s in view["seats"]]
            ctx = deal_tuned.context(view, seat, tables)
            rows = [deal_tuned.features(a, knowledge.score_play(view, seat, tables, a), ctx)
                    for a, _ in bot.last_values]
            decisions.append({"x": rows, "y": [v for _, v in bot.last_values]})
        state.apply(seat, action)
    return {"game": game, "decisions": decisions}


def arrays(games: list[dict[str, Any]]) -> tuple[np.ndarray, ...]:
    """Features, rewards, decision index and game index of every candidate."""
    x, y, group, game = [], [], [], []
    d = 0
    for g in games:
        for dec in g["decisions"]:
            x.extend(dec["x"])
            y.extend(dec["y"])
            group.extend([d] * len(dec["y"]))
            game.extend([g["game"]] * len(dec["y"]))
            d += 1
    return np.array(x), np.array(y), np.array(group), np.array(game)


def regret(x: np.ndarray, y: np.ndarray, group: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Mean shortfall from the best candidate's reward: of the model's choice, and of the
    heuristic's (each decision's first candidate)."""
    model = heuristic = 0.0
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    ends = np.r_[starts[1:], len(group)]
    for a, b in zip(starts, ends, strict=True):
        q = y[a:b]
        model += q.max() - q[int(np.argmax(x[a:b] @ w))]
        heuristic += q.max() - q[0]
    return model / len(starts), heuristic / len(starts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=150, help="games of search self-play")
    parser.add_argument("--iterations", type=int, default=300, help="per searched decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--data", type=Path, help="JSON lines of decisions (kept, resumed)")
    parser.add_argument("--playout", help="weights for the generating search's own playouts")
    parser.add_argument("--out", type=Path, required=True, help="the .npz file to write")
    parser.add_argument("--duel", type=int, default=0, help="duplicate deals against medium")
    args = parser.parse_args()
    for name in ("games", "iterations", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.duel < 0 or args.ridge < 0:
        parser.error("--duel and --ridge must not be negative")
    if args.playout is not None and not Path(args.playout).is_file():
        parser.error(f"--playout: no such file {args.playout}")

    games: list[dict[str, Any]] = []
    if args.data is not None and args.data.exists():
        games = [json.loads(line) for line in args.data.read_text().splitlines() if line]
    done = {g["game"] for g in games}
    jobs = [(args.seed, g, args.iterations, args.playout) for g in range(args.games)
            if g not in done]
    run_saved(generate, jobs, args.workers, args.data, games, every=1)
    games = [g for g in games if g["game"] < args.games]
    games.sort(key=lambda g: g["game"])
    x, y, group, game = arrays(games)
    test = game % 5 == 0
    w = deal_tuned.fit(x[~test], y[~test], group[~test], args.ridge)
    model, heuristic = regret(x[test], y[test], group[test], w)
    held = len(np.unique(group[test]))
    print(f"{len(np.unique(group))} decisions of {len(games)} games; held out {held}: "
          f"regret {model:.4f} (tuned) against {heuristic:.4f} (heuristic)")
    meta = {"games": len(games), "decisions": len(np.unique(group)),
            "iterations": args.iterations, "seed": args.seed, "ridge": args.ridge,
            "playout": args.playout, "held_out_regret": [round(model, 5), round(heuristic, 5)]}
    deal_tuned.Weights(w.tolist(), meta).save(args.out)
    print(f"wrote {args.out}")
    if args.duel:  # bench/bots.py's duplicate match
        lineup = [f"tuned:weights={args.out.resolve()}", "medium"]
        rows = match("deal", lineup, args.duel, args.seed, args.workers, None, {})
        print(summary(lineup, rows))


if __name__ == "__main__":
    main()
