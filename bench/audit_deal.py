"""Hindsight audit of a Monopoly Deal bot against ``medium``: where its wins come from.

Plays BOT against ``medium`` heads-up on the duplicate deals of ``bench/bots.py --match
BOT,medium`` (the same seeds, so the same games). At each decision of BOT with more than one
legal action, every legal action is played on a copy of the *true* position (the other hand
and the draw pile as they are) and the game is played out to the end by the heuristic for
both seats: the action's outcome is 1 if BOT's seat then wins. One such outcome is decided by
the cards to come, but its mean over many decisions estimates how much more one kind of
action wins than another when the game goes on as the heuristic plays it: the quantity the
search estimates from its samples of what it cannot see.

Run (about 5 s of one core a game with ``hard:seconds=100``; the runs of ``docs/strength.md``)::

    .venv/bin/python bench/audit_deal.py --bot hard:seconds=100 --deals 100 --seed 451 \\
        --workers 1 --save audit-451.jsonl
    .venv/bin/python bench/audit_deal.py --report audit-451.jsonl audit-461.jsonl

It prints, by kind of action (``bank:`` followed by the card banked, else the action's type):

- BOT's choice against ``medium``'s where they differ (``medium``'s choice is that of the
  heuristic in BOT's seat). Between two departures the game and its heuristic continuation
  go on alike, so the differences add up exactly to BOT's wins minus the heuristic's from
  the same seats: the table splits BOT's edge by kind of departure;
- every other kind of legal action against BOT's choice, a decision counting once for each
  kind (the mean of its actions of that kind), split by whether the search compared it (a
  positive mean: that kind of action wins more than what BOT chose);
- BOT's wins split by whether ``medium``, in BOT's seat, wins the same deal against ``medium``.

Standard errors are clustered by game (the decisions of one game are not independent).
``--save`` appends one JSON line a game and skips the games already in it, so a stopped run
resumes; ``--report FILE...`` prints the report of saved runs, pooled, without playing.
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from bots import build, load_saved, run_saved, saved_rows, wilson
from tycoon.bots.deal import heuristic_opponent
from tycoon.deal import cards
from tycoon.engine import Action, State, derive_seed, get_game


def kind(action: Action) -> str:
    """``bank:`` and the card's name (``bank:money`` for money), else the action's type."""
    if action.type == "bank":
        card = action.card  # type: ignore[attr-defined]
        return "bank:" + ("money" if cards.KIND[card] == "money" else cards.NAME[card])
    return str(action.type)


def play_out(state: State) -> State:
    """Play ``state`` to the end with the heuristic (``medium``) for every seat; return it."""
    for _ in range(5000):
        if state.is_over:
            break
        q = state.to_move()[0]
        state.apply(q, heuristic_opponent(state, q, state.legal_actions(q), state.rng))
    return state


def outcome(state: State, seat: int, action: Action) -> int:
    """1 if ``seat`` wins when it plays ``action`` and the heuristic plays on for both."""
    s = state.clone()
    s.apply(seat, action)
    return int(play_out(s).winner == seat)


def heuristic_winner(seed: int, deal: int) -> int | None:
    """The seat that wins the deal when ``medium`` plays both seats."""
    return play_out(get_game("deal").new_game(seats=2, seed=derive_seed(seed, "deal", deal))).winner


def audit_one(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """One game of BOT (in seat ``rot``) against ``medium``, with every decision audited."""
    spec, seed, deal, rot = job
    state = get_game("deal").new_game(seats=2, seed=derive_seed(seed, "deal", deal))
    me = rot  # bench/bots.py seats lineup[(s + rot) % 2] in seat s
    bots = [build(spec if s == me else "medium", "deal", derive_seed(seed, "bot", deal, rot, s))
            for s in range(2)]
    inner = getattr(bots[me], "inner", bots[me])
    decisions = []
    while not state.is_over:
        q = state.to_move()[0]
        legal = state.legal_actions(q)
        action = bots[q].choose(state, q)
        if q == me and len(legal) > 1:
            searched = getattr(inner, "candidates", None)
            among = ({str(a) for a in searched(state, q, legal)}
                     if searched is not None else {str(a) for a in legal})
            heuristic = heuristic_opponent(state, q, legal, state.rng)  # medium in BOT's seat
            decisions.append({
                "turn": state.turn, "bot": str(action), "medium": str(heuristic),
                "actions": {str(a): [kind(a), str(a) in among, outcome(state, q, a)]
                            for a in legal},
            })
        state.apply(q, action)
    return {"deal": deal, "rot": rot, "won": state.winner == me,
            "heuristic_wins": heuristic_winner(seed, deal) == me, "decisions": decisions}


def _mean(games: list[list[float]]) -> str:
    """Count, mean and standard error of values grouped by game (the error clustered by game:
    the decisions of one game are not independent)."""
    flat = [x for g in games for x in g]
    n = len(flat)
    m = sum(flat) / n
    se = math.sqrt(sum(sum(x - m for x in g) ** 2 for g in games)) / n
    return f"{n:6d} {m:+.3f} ({se:.3f})"


def _add(games: list[list[float]], game: int, value: float) -> None:
    """Append ``value`` to the values of game ``game`` (games are met in order)."""
    if len(games) <= game:
        games.extend([] for _ in range(game + 1 - len(games)))
    games[game].append(value)


def report(rows: list[dict[str, Any]], least: int = 20) -> str:
    """The three tables of the module docstring; kinds seen fewer than ``least`` times left out."""
    if not rows:
        return "no games"
    won = sum(r["won"] for r in rows)
    lo, hi = wilson(won, len(rows))
    lines = [f"{won}/{len(rows)} = {won / len(rows):.1%} (95% Wilson {lo:.1%}-{hi:.1%})"]
    split: dict[bool, list[int]] = {True: [0, 0], False: [0, 0]}
    for r in rows:
        split[r["heuristic_wins"]][0] += r["won"]
        split[r["heuristic_wins"]][1] += 1
    for key, label in ((True, "medium wins it"), (False, "medium loses it")):
        w, n = split[key]
        if n:
            lines.append(f"  in a seat where {label}: {w}/{n} = {w / n:.1%}")
    # per kind, one list of values a game; an alternative kind counts once a decision (its
    # actions' mean), so decisions with many actions of a kind do not weigh more
    pairs: dict[tuple[str, str], list[list[float]]] = defaultdict(list)
    others: dict[tuple[bool, str], list[list[float]]] = defaultdict(list)
    for i, r in enumerate(rows):
        for d in r["decisions"]:
            acts = d["actions"]
            mine = acts[d["bot"]][2]
            if d["bot"] != d["medium"]:
                key = (acts[d["bot"]][0], acts[d["medium"]][0])
                _add(pairs[key], i, mine - acts[d["medium"]][2])
            alt: dict[tuple[bool, str], list[int]] = defaultdict(list)
            for a, (k, among, o) in acts.items():
                if a != d["bot"]:
                    alt[(among, k)].append(o)
            for key, outs in alt.items():
                _add(others[key], i, sum(outs) / len(outs) - mine)
    every = [g for v in pairs.values() for g in v]
    total = sum(x for g in every for x in g)
    lines.append("\nthe bot's choice minus medium's, where they differ: n, mean (s.e.), sum")
    lines.append(f"  {'all':>41} {_mean(every)} {total:+.0f}" if every else "  none")
    for (k1, k2), v in sorted(pairs.items(), key=lambda kv: -sum(map(len, kv[1]))):
        if sum(map(len, v)) >= least:
            lines.append(f"  {k1:>20} / {k2:<20} {_mean(v)} {sum(map(sum, v)):+.0f}")
    lines.append("\nevery other kind of action minus the bot's choice, a decision: n, mean (s.e.)")
    for (among, k), v in sorted(others.items(),
                                key=lambda kv: (not kv[0][0], -sum(map(len, kv[1])))):
        if sum(map(len, v)) >= least:
            lines.append(f"  {'candidate' if among else 'not searched':>12} {k:>28} {_mean(v)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="hard:seconds=100", help="bench/bots.py bot spec")
    parser.add_argument("--deals", type=int, default=50, help="deals (two games each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save", type=Path, help="JSON lines, one a game; resumes")
    parser.add_argument("--report", type=Path, nargs="+", metavar="FILE",
                        help="print the report of saved runs (pooled) and stop")
    args = parser.parse_args()
    if args.report is not None:
        missing = [str(path) for path in args.report if not path.is_file()]
        if missing:
            parser.error(f"no such file: {', '.join(missing)}")
        rows = [row for path in args.report for row in saved_rows(path)[1]]
        print(report(rows))
        return
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    rows = load_saved(args.save, {"bot": args.bot, "seed": args.seed})
    done = {(r["deal"], r["rot"]) for r in rows}
    jobs = [(args.bot, args.seed, d, r) for d in range(args.deals) for r in range(2)
            if (d, r) not in done]
    run_saved(audit_one, jobs, args.workers, args.save, rows)
    print(report(rows))


if __name__ == "__main__":
    main()
