"""Tournaments: bots against each other, seats rotated, win rates with CIs and Elo.

Game ``i`` of a tournament seats bot ``bots[(s + i) % n]`` in seat ``s``, so over every
``n`` games each bot plays each seat once. Its seed, and every bot's seed, derive from the
tournament seed and ``i`` alone, so the results are identical whatever the number of worker
processes (with time-budgeted search bots the number of iterations, hence the play, depends
on the machine: use iteration budgets for exact reproducibility).

Capital games are bounded: unless ``turn_limit`` is given, tournaments use
``turn_limit=300`` (:data:`CAPITAL_TURN_LIMIT`); a game that reaches it stops without a winner
and counts as unfinished. Every game also stops after :data:`MAX_DECISIONS` decisions.

A tournament may keep its games in a JSON Lines file (``save``): a header line with the
settings, then one line per game, written and synced to disk as soon as the game ends. Run
again with the same file, it plays only the games the file lacks, so an interrupted
tournament resumes, and a longer one (more ``games``, same seed) extends a shorter one.

A *duplicate* tournament plays each seed once per rotation of the bots: every bot gets every
seat's cards and chances, so the comparison measures play more than luck.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from tycoon.engine import Rng, check_seed, games, get_game

from .base import make_bot, parse_spec
from .ratings import elo_ratings, pairwise_scores, wilson

#: Default ``turn_limit`` of Capital games in tournaments and statistics.
CAPITAL_TURN_LIMIT = 300
#: Safety net: a game stops (unfinished) after this many decisions.
MAX_DECISIONS = 100_000


def game_module(game: str) -> ModuleType:
    """The module of a game: a registered name, or a dotted module path (tests, plug-ins)."""
    if game in games() or "." not in game:
        return get_game(game)
    return importlib.import_module(game)


def default_options(game: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options of a tournament game: Capital gets a turn limit unless one is given.

    >>> default_options("capital", {})
    {'turn_limit': 300}
    >>> default_options("capital", {"turn_limit": None})
    {'turn_limit': None}
    """
    out = dict(options or {})
    if game == "capital" and "turn_limit" not in out:
        out["turn_limit"] = CAPITAL_TURN_LIMIT
    return out


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


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament (63 bits)."""
    return Rng(seed * 0x100000001B3 + index).next64() >> 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game seeded ``seed``."""
    return Rng(seed ^ (0x9E3779B97F4A7C15 * (seat + 1))).next64() >> 1


@dataclass
class GameResult:
    """One tournament game."""

    index: int
    seed: int
    lineup: list[str]
    finished: bool
    winner: int | None
    reason: str | None
    turns: int
    decisions: int
    scores: list[Any] = field(default_factory=list)
    think: list[float] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)


def play_game(
    game: str, lineup: Sequence[str], seed: int, options: dict[str, Any], index: int = 0
) -> GameResult:
    """Play one game with ``lineup[seat]`` in each seat; the seeds fix everything."""
    module = game_module(game)
    state = module.new_game(seats=len(lineup), seed=seed, **options)
    bots = [make_bot(spec, game, bot_seed(seed, s)) for s, spec in enumerate(lineup)]
    think = [0.0] * len(lineup)
    moves = [0] * len(lineup)
    decisions = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        movers = state.to_move()
        if not movers:
            raise RuntimeError(f"{game}: no seat can act but the game is not over")
        seat = movers[0]
        start = time.perf_counter()
        action = bots[seat].choose(state, seat)
        think[seat] += time.perf_counter() - start
        moves[seat] += 1
        state.apply(seat, action)
        decisions += 1
    res = state.result()
    finished = bool(res.get("finished")) and state.winner is not None
    return GameResult(
        index,
        seed,
        list(lineup),
        finished,
        state.winner if finished else None,
        res.get("reason"),
        int(res.get("turns", 0)),
        decisions,
        list(res.get("scores", [])),
        [round(t, 4) for t in think],
        moves,
    )


def deal_seed(seed: int, index: int, seats: int, duplicate: bool) -> int:
    """The game seed of game ``index``; in a duplicate tournament ``seats`` games share one."""
    return game_seed(seed, index // seats if duplicate else index)


def save_header(
    game: str, bots: Sequence[str], seed: int, options: dict[str, Any], duplicate: bool = False
) -> dict[str, Any]:
    """The first line of a save file: what must match for its games to be reused."""
    header = {"tournament": 1, "game": game, "bots": list(bots), "seed": seed, "options": options}
    if duplicate:
        header["duplicate"] = True
    return header


def load_saved(path: Path, header: dict[str, Any], games: int) -> dict[int, GameResult]:
    """The games ``path`` already holds for the tournament ``header`` (index -> result).

    A missing or empty file holds none. A file of another tournament, or a line that is not
    a game of this one, is refused with a ``ValueError`` naming the file and line. An
    unfinished last line (the writer was killed mid-line) is cut off, so appending is safe.
    """
    try:
        if not path.exists() or path.stat().st_size == 0:
            return {}
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    cut = raw.rfind(b"\n") + 1  # what follows the last newline is a half-written line
    lines = raw[:cut].decode("utf-8", errors="replace").splitlines()
    if not lines:
        lines = [raw.decode("utf-8", errors="replace")]

    def bad(n: int, why: str) -> ValueError:
        return ValueError(f"{path}, line {n}: {why}")

    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        raise bad(1, "not a tournament save file (no JSON header)") from None
    if first != header:
        raise ValueError(
            f"{path} holds another tournament ({json.dumps(first)[:200]}); "
            "use another file, or the same game, bots, seed and options"
        )
    names = [f.name for f in GameResult.__dataclass_fields__.values()]
    saved: dict[int, GameResult] = {}
    n = len(header["bots"])
    for number, line in enumerate(lines[1:], start=2):
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise bad(number, "not JSON") from None
        if not isinstance(data, dict) or sorted(data) != sorted(names):
            raise bad(number, f"a game needs exactly the fields {', '.join(names)}")
        result = GameResult(**data)
        i = result.index
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise bad(number, f"bad game index {i!r}")
        expected = [header["bots"][(s + i) % n] for s in range(n)]
        right_seed = deal_seed(header["seed"], i, n, bool(header.get("duplicate")))
        if result.seed != right_seed or result.lineup != expected:
            raise bad(number, f"game {i} does not belong to this tournament")
        if i < games:
            saved[i] = result
    if cut < len(raw):
        with path.open("r+b") as f:
            f.truncate(cut)
    return saved


class _Saver:
    """Appends finished games to a save file, each synced to disk before the next."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        new = not path.exists() or path.stat().st_size == 0
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.file = path.open("a", encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
        if new:
            self.write(header)

    def write(self, data: dict[str, Any]) -> None:
        self.file.write(json.dumps(data) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()


def _play_task(task: tuple[str, list[str], int, dict[str, Any], int]) -> GameResult:
    game, lineup, seed, options, index = task
    return play_game(game, lineup, seed, options, index)


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
                    "seconds_per_decision": round(think / moves, 4) if moves else 0.0,
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
            "results": [asdict(r) for r in self.results],
        }


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
) -> Tournament:
    """Play ``games`` games of ``bots`` (one per seat), seats rotated, on ``workers`` processes.

    With ``save``, games already in that file are reused (``progress`` counts them first) and
    every new game is appended to it as soon as it ends (see the module docstring). With
    ``duplicate``, each run of ``len(bots)`` games replays one seed (the same deal, dice and
    first player) with the bots rotated, so luck weighs far less in the comparison.
    """
    module = game_module(game)
    bots = [b.strip().lower() for b in bots]
    seed = check_seed(seed)
    if games < 1:
        raise ValueError("games must be at least 1")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    n = len(bots)
    if not module.MIN_SEATS <= n <= module.MAX_SEATS:
        raise ValueError(
            f"{game} takes {module.MIN_SEATS} to {module.MAX_SEATS} seats: give as many bots, "
            f"not {n}"
        )
    for b in bots:
        parse_spec(b)
        make_bot(b, game, 0)  # validates game-specific parameters early
    options = default_options(game, options)
    module.new_game(seats=n, seed=1, **options)  # validates options before any work
    header = save_header(game, bots, seed, options, duplicate)
    saved = load_saved(save, header, games) if save is not None else {}
    tasks = [
        (game, [bots[(s + i) % n] for s in range(n)], deal_seed(seed, i, n, duplicate), options, i)
        for i in range(games)
        if i not in saved
    ]
    start = time.perf_counter()
    results: list[GameResult] = list(saved.values())
    if progress and saved:
        progress(len(saved))
    saver = _Saver(save, header) if save is not None and tasks else None

    def done(r: GameResult) -> None:
        results.append(r)
        if saver is not None:
            saver.write(asdict(r))
        if progress:
            progress(1)

    try:
        if workers == 1 or len(tasks) <= 1:
            for t in tasks:
                done(_play_task(t))
        else:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
            with ctx.Pool(min(workers, len(tasks))) as pool:
                for r in pool.imap_unordered(_play_task, tasks):
                    done(r)
    finally:
        if saver is not None:
            saver.close()
    results.sort(key=lambda r: r.index)
    seconds = time.perf_counter() - start
    return Tournament(game, list(bots), seed, options, results, seconds, duplicate)


def plot_tournament(t: Tournament, folder: Path) -> list[Path]:
    """Write ``winrates.png`` (win rates with 95% CIs) and ``lengths.png`` into ``folder``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
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
    path = folder / "winrates.png"
    fig.savefig(path, dpi=100)
    plt.close(fig)
    out.append(path)
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist([r.turns for r in t.results], bins=min(30, max(5, len(t.results) // 3)))
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.set_title(f"{t.game}: game lengths ({len(t.results)} games)", fontsize=9)
    fig.tight_layout()
    path = folder / "lengths.png"
    fig.savefig(path, dpi=100)
    plt.close(fig)
    out.append(path)
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
) -> None:
    """``tycoon tournament``: play, then print the table (or JSON) and write the plots."""
    from rich.console import Console
    from rich.table import Table

    from tycoon.cli import progress_bar

    lineup = split_bots(bots)
    with progress_bar() as bar:
        task = bar.add_task(f"{game} tournament", total=games)
        t = run_tournament(
            game,
            lineup,
            games,
            seed,
            workers,
            options,
            lambda k: bar.advance(task, k),
            save,
            duplicate,
        )
    paths = plot_tournament(t, plot) if plot is not None else []
    data = t.to_json()
    if as_json:
        data["plots"] = [str(p) for p in paths]
        print(json.dumps(data, indent=2))
        return
    console = Console()
    table = Table(title=f"{game}: {data['games']} games, seed {seed}")
    for col in ("bot", "seats", "games", "wins", "win rate", "95% CI", "Elo", "s/move"):
        if col == "bot":
            table.add_column(col, overflow="fold")
        else:
            table.add_column(col, justify="right", no_wrap=True)
    for r in data["table"]:
        table.add_row(
            r["bot"],
            str(r["seats"]),
            str(r["seat_games"]),  # seat-games: games x seats held
            str(r["wins"]),
            f"{r['win_rate']:.1%}",
            f"{r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}",
            f"{r['elo']:.0f}",
            f"{r['seconds_per_decision']:.3f}",
        )
    console.print(table)
    turns = data["turns"]
    console.print(
        f"finished {data['finished']}, unfinished {data['unfinished']}; turns mean "
        f"{turns['mean']}, median {turns['median']}, p90 {turns['p90']}; "
        f"{data['seconds']} s"
    )
    if data["wins_by_reason"]:
        console.print(f"wins by reason: {data['wins_by_reason']}")
    for p in paths:
        console.print(f"wrote {p}")
