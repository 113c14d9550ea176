"""Tournaments: bots against each other, seats rotated, win rates with CIs and Elo.

Game ``i`` of a tournament seats bot ``bots[(s + i) % n]`` in seat ``s``, so over every
``n`` games each bot plays each seat once. Its seed is ``derive_seed(seed, "game", i)``
and every bot's seed derives from that (:func:`tycoon.study.match.bot_seed`), so the results
are identical whatever the number of worker processes, or on Ray (with time-budgeted search
bots the number of iterations, hence the play, depends on the machine: use iteration budgets
for exact reproducibility).

Games are bounded (:func:`tycoon.study.match.study_options`): a game whose ``turn_limit``
option has no default gets ``turn_limit=300`` unless one is given; a game that reaches it
stops without a winner and counts as unfinished. Every game also stops after
:data:`~tycoon.study.match.MAX_DECISIONS` decisions.

A tournament may keep its games in a JSON Lines file (``save``, see
:mod:`tycoon.study.runner`): run again with the same file, it plays only the games the file
lacks, so an interrupted tournament resumes, and a longer one (more ``games``, same seed)
extends a shorter one.

A *duplicate* tournament plays each seed once per rotation of the bots: every bot gets every
seat's cards and chances, so the comparison measures play more than luck.

With ``records``, each game played is also written as ``game-NNNNN.json`` (its index) in that
folder: a record (seed, options, every action, who sat where) that ``tycoon replay`` replays
and tells in words. Games reused from a save file are not played again, so they get none.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tycoon.bots import make_bot, parse_spec
from tycoon.bots.ratings import elo_ratings, pairwise_scores, wilson
from tycoon.engine import check_seed, derive_seed, get_game

from .match import MatchResult, study_options
from .records import output_folder, run_matches, save_figure
from .runner import Task, check_games, check_rotations, timing
from .stats import labeller

#: One tournament game (the match loop's result).
GameResult = MatchResult


def default_options(game: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options of a tournament game (see :func:`tycoon.study.match.study_options`)."""
    return study_options(game, options)


def split_bots(text: str) -> list[str]:
    """Split ``--bots``: commas separate bots, but ``key=value`` pieces join the bot before.

    >>> split_bots("ismcts:iterations=50,c=0.5,random")
    ['ismcts:iterations=50:c=0.5', 'random']
    """
    out: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            continue
        head = piece.split(":")[0]
        if "=" in head and out:
            out[-1] += ":" + piece
        else:
            out.append(piece)
    return out


class SpecCell:
    """A bot spec in a table cell that wraps only after its ``:`` separators, so a narrow
    terminal shows ``ismcts:`` / ``iterations=20:`` rather than cutting a parameter in two
    (a piece longer than the column is still folded).

    >>> from rich.console import Console
    >>> console = Console(width=14)
    >>> console.print(SpecCell("ismcts:iterations=20:c=0.5"))
    ismcts:
    iterations=20:
    c=0.5
    """

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.pieces = [p + ":" for p in spec.split(":")]
        self.pieces[-1] = self.pieces[-1][:-1]

    def __rich_measure__(self, console: Any, options: Any) -> Any:
        from rich.measure import Measurement

        return Measurement(max(map(len, self.pieces)), len(self.spec))

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.text import Text

        lines = [""]
        for piece in self.pieces:
            if lines[-1] and len(lines[-1]) + len(piece) > options.max_width:
                lines.append("")
            lines[-1] += piece
        yield Text("\n".join(lines), overflow="fold")


def result_table(title: str, columns: Sequence[str]) -> Any:
    """A Rich table of results: the ``bot`` column (a :class:`SpecCell` in each row) takes
    what the figures leave of the terminal's width, the figures are right-aligned and never
    wrap, and no rules divide the columns (an 80-column terminal keeps about 20 for the
    tournament's bots). The table is as wide as its title, so the title keeps to one line."""
    from rich import box
    from rich.table import Table

    table = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True,
                  pad_edge=False, min_width=len(title))
    for col in columns:
        if col == "bot":
            table.add_column(col)
        else:
            table.add_column(col, justify="right", no_wrap=True)
    return table


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament."""
    return derive_seed(seed, "game", index)


def deal_seed(seed: int, index: int, seats: int, duplicate: bool) -> int:
    """The game seed of game ``index``; in a duplicate tournament ``seats`` games share one."""
    return game_seed(seed, index // seats if duplicate else index)


def save_header(
    game: str, bots: Sequence[str], seed: int, options: dict[str, Any], duplicate: bool = False
) -> dict[str, Any]:
    """The first line of a save file: what must match for its games to be reused."""
    header = {"tournament": 2, "game": game, "bots": list(bots), "seed": seed, "options": options}
    if duplicate:
        header["duplicate"] = True
    return header


def tournament_tasks(bots: Sequence[str], games: int, seed: int, duplicate: bool) -> list[Task]:
    """The games of a tournament: seats rotated, seeds derived from ``seed`` and the index."""
    n = len(bots)
    return [
        Task(i, tuple(bots[(s + i) % n] for s in range(n)), deal_seed(seed, i, n, duplicate))
        for i in range(games)
    ]


@dataclass
class Tournament:
    """The results of a tournament and the tables computed from them."""

    game: str
    bots: list[str]
    seed: int
    options: dict[str, Any]
    results: list[GameResult]
    seconds: float = 0.0
    duplicate: bool = False
    #: How many games came from the save file (not played in ``seconds``).
    resumed: int = 0

    def table(self) -> list[dict[str, Any]]:
        """One row per distinct bot: seat-games, wins, win rate, 95% CI, Elo, think time."""
        names = list(dict.fromkeys(self.bots))
        scores: dict[tuple[str, str], float] = {}
        for r in self.results:
            pairwise_scores(r.lineup, r.winner, scores)
        elo = elo_ratings(scores, names) if len(names) > 1 else {names[0]: 1500.0}
        rows = []
        for name in names:
            seat_games = wins = moves = 0
            think = 0.0
            for r in self.results:
                for s, b in enumerate(r.lineup):
                    if b == name:
                        seat_games += 1
                        wins += r.winner == s
                        moves += r.moves[s] if r.moves else 0
                        think += r.think[s] if r.think else 0.0
            lo, hi = wilson(wins, seat_games)
            rows.append(
                {
                    "bot": name,
                    "seats": self.bots.count(name),
                    "seat_games": seat_games,
                    "wins": wins,
                    "win_rate": round(wins / seat_games, 4) if seat_games else 0.0,
                    "ci95": [round(lo, 4), round(hi, 4)],
                    "elo": round(elo.get(name, 1500.0), 1),
                    "seconds_per_decision": float(f"{think / moves:.3g}") if moves else 0.0,
                }
            )
        return rows

    def to_json(self) -> dict[str, Any]:
        """Everything ``--json`` prints: settings, table, lengths, unfinished games, games."""
        turns = sorted(r.turns for r in self.results) or [0]
        unfinished = [r.index for r in self.results if not r.finished]
        reasons: dict[str, int] = {}
        for r in self.results:
            if r.finished and r.reason:
                reasons[r.reason] = reasons.get(r.reason, 0) + 1
        return {
            "game": self.game,
            "bots": self.bots,
            "seed": self.seed,
            "options": self.options,
            "duplicate": self.duplicate,
            "games": len(self.results),
            "finished": len(self.results) - len(unfinished),
            "unfinished": len(unfinished),
            "unfinished_games": unfinished,
            "wins_by_reason": reasons,
            "wins_by_seat": [
                sum(1 for r in self.results if r.winner == s) for s in range(len(self.bots))
            ],
            "turns": {
                "mean": round(statistics.fmean(turns), 2),
                "median": statistics.median(turns),
                "p90": turns[min(len(turns) - 1, (len(turns) * 9) // 10)],
            },
            "table": self.table(),
            "seconds": round(self.seconds, 2),
            "resumed": self.resumed,
            "results": [asdict(r) for r in self.results],
        }


def check_lineup(game: str, bots: Sequence[str]) -> None:
    """Refuse a lineup the game cannot seat, or a bot that cannot be built, before any work."""
    info = get_game(game)
    n = len(bots)
    if not info.min_seats <= n <= info.max_seats:
        raise ValueError(
            f"{game} takes {info.min_seats} to {info.max_seats} seats: give as many bots, "
            f"not {n}"
        )
    for b in bots:
        parse_spec(b)
        make_bot(b, game, 0)  # validates game-specific parameters early


def run_tournament(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    save: Path | None = None,
    duplicate: bool = False,
    ray: str | None = None,
    records: Path | None = None,
) -> Tournament:
    """Play ``games`` games of ``bots`` (one per seat), seats rotated, on ``workers`` processes
    or on a Ray cluster (``ray``: ``"local"`` or an address; see :mod:`tycoon.study.runner`).

    With ``save``, games already in that file are reused (``progress`` counts them first) and
    every new game is appended to it as soon as it ends (see the module docstring). With
    ``duplicate``, each run of ``len(bots)`` games replays one seed (the same cards, dice and
    first player) with the bots rotated, so luck weighs far less in the comparison. With
    ``records``, each game played is written there as a record
    (:mod:`tycoon.study.records`).
    """
    info = get_game(game)
    bots = [b.strip().lower() for b in bots]
    seed = check_seed(seed)
    check_games(games)
    check_lineup(game, bots)
    if duplicate:
        check_rotations(games, len(bots))
    options = study_options(info, options)
    info.new_game(seats=len(bots), seed=1, **options)  # validates options before any work
    header = save_header(game, bots, seed, options, duplicate)
    tasks = tournament_tasks(bots, games, seed, duplicate)
    run = run_matches(game, tasks, options, header, save, workers, ray, progress, records)
    return Tournament(game, list(bots), seed, options, run.results, run.seconds, duplicate,
                      len(run.resumed))


def plot_tournament(t: Tournament, folder: Path) -> list[Path]:
    """Write ``winrates.png`` (win rates with 95% CIs) and ``lengths.png`` into ``folder``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    output_folder(folder)
    rows = t.table()
    out = []
    fig, ax = plt.subplots(figsize=(6, 4))
    names = [r["bot"] for r in rows]
    rates = [r["win_rate"] for r in rows]
    errs = [
        [r["win_rate"] - r["ci95"][0] for r in rows],
        [r["ci95"][1] - r["win_rate"] for r in rows],
    ]
    ax.bar(range(len(rows)), rates, yerr=errs, capsize=6, color="#4878a8")
    ax.axhline(1 / len(t.bots), color="grey", linestyle="--", label="chance")
    ax.set_xticks(range(len(rows)), names, rotation=15, ha="right")
    ax.set_ylabel("win rate per seat (95% Wilson CI)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{t.game}: {len(t.results)} games, {', '.join(t.bots)}", fontsize=9)
    ax.legend()
    fig.tight_layout()
    out.append(save_figure(fig, folder / "winrates.png", 100))
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist([r.turns for r in t.results], bins=min(30, max(5, len(t.results) // 3)))
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.set_title(f"{t.game}: game lengths ({len(t.results)} games)", fontsize=9)
    fig.tight_layout()
    out.append(save_figure(fig, folder / "lengths.png", 100))
    return out


def run_cli(
    game: str,
    bots: str,
    games: int,
    seed: int,
    workers: int,
    as_json: bool,
    plot: Path | None,
    options: dict[str, Any],
    save: Path | None = None,
    duplicate: bool = False,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
    records: Path | None = None,
) -> None:
    """``tycoon tournament``: play, then print the table (or JSON) and write the plots.

    ``progress(k)`` is told of every ``k`` games done (the CLI draws its bar from it).
    """
    from rich.console import Console

    lineup = split_bots(bots)
    if plot is not None:
        output_folder(plot)  # refused before the games, not after
    t = run_tournament(
        game, lineup, games, seed, workers, options, progress, save, duplicate, ray, records
    )
    paths = plot_tournament(t, plot) if plot is not None else []
    data = t.to_json()
    if as_json:
        data["plots"] = [str(p) for p in paths]
        print(json.dumps(data, indent=2))
        return
    console = Console(soft_wrap=True)
    table = result_table(f"{game}: {data['games']} games, seed {seed}",
                         ("bot", "seats", "games", "wins", "win rate", "95% CI", "Elo", "ms/move"))
    for r in data["table"]:
        table.add_row(
            SpecCell(r["bot"]),
            str(r["seats"]),
            str(r["seat_games"]),  # seat-games: games x seats held
            str(r["wins"]),
            f"{r['win_rate']:.1%}",
            f"{r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}",
            f"{r['elo']:.0f}",
            # three figures, so that a quick bot's time shows ("0.000" s before)
            f"{r['seconds_per_decision'] * 1000:.3g}",
        )
    console.print(table)
    turns = data["turns"]
    console.print(
        f"finished {data['finished']}, unfinished {data['unfinished']}; turns mean "
        f"{turns['mean']}, median {turns['median']}, p90 {turns['p90']}; "
        f"{timing(data['seconds'], data['resumed'], data['games'])}"
    )
    if data["wins_by_reason"]:
        reasons = sorted(data["wins_by_reason"].items(), key=lambda kv: -kv[1])
        label = labeller(game)
        console.print("wins by reason: " + ", ".join(
            f"{label('reason', reason)} {n}" for reason, n in reasons))
    for p in paths:
        console.print(f"wrote {p}")
