"""The ladder: every bot against every other, ratings with confidence intervals.

``tycoon ladder GAME`` plays each pair of bots (every bot registered for the game unless
``bots`` names them) for ``games`` games per pair at the game's smallest table (or
``seats``), duplicate
games with the seats rotated: game ``k`` of a pair is seeded ``derive_seed(seed, "ladder",
k // seats)`` and the ``seats`` games of one seed rotate the lineup, so each bot gets each
seat's cards and chances; every pair plays the same seeds. At a table of more than two seats
the two bots alternate round it.

Ratings: a Bradley–Terry fit (minorisation–maximisation, :func:`tycoon.bots.ratings.elo_ratings`)
of the pairwise results on the Elo scale (400 points = odds of 10 to 1, mean 1500); a win
takes a point from the loser, an unfinished game is a draw. The 95% interval of each rating
is a percentile bootstrap: the games of each pair are resampled with replacement
(``bootstrap`` times, 200 by default, from a seeded generator) and the fit redone. Each pair's
score also gets a 95% Wilson interval.

A run may keep its games in a save file (resumable, like tournaments: see
:mod:`tycoon.study.runner`), run on worker processes or Ray with identical results, and
write the ratings into a small JSON file the lobby reads (:func:`write_ratings`)::

    {"format": 1, "games": {"GAME": {"seed": 1, "games_per_pair": 4, "seats": 2,
      "command": "...", "options": {},
      "bots": {"medium": {"elo": 1612.3, "ci95": [1540.1, 1690.8], "games": 20,
                          "wins": 13}, ...}}}}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tycoon.bots import known_bots, make_bot
from tycoon.bots.ratings import elo_ratings, pairwise_scores, wilson
from tycoon.engine import Rng, check_seed, derive_seed, get_game

from .match import MatchResult, study_options
from .records import output_folder, run_matches, save_figure, write_json
from .runner import (
    MAX_GAMES,
    Task,
    check_games,
    check_rotations,
    exclusive,
    timing,
)

#: Games per pair by default (two deals, each from both seats at a table of two).
GAMES_PER_PAIR = 4
#: Bootstrap resamples of the ratings' intervals.
BOOTSTRAP = 200
#: The ratings file the lobby reads.
RATINGS_FILE = Path(__file__).resolve().parent.parent / "bots" / "ladder.json"


def ladder_bots(game: str) -> list[str]:
    """Every registered bot that can play ``game`` (a bot that cannot be built is left out)."""
    out = []
    for name in known_bots():
        try:
            make_bot(name, game, 0)
        except ValueError:
            continue
        out.append(name)
    return out


def ladder_tasks(bots: Sequence[str], seats: int, games: int, seed: int) -> list[Task]:
    """The games of a ladder: ``games`` per pair, deals shared by every pair, seats rotated.
    Game ``k`` of pair ``p`` is task ``k * pairs + p``, so a ladder of more games per pair
    extends one of fewer: its save file and its records are the first tasks of the longer."""
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    tasks = []
    for k in range(games):
        rot = k % seats
        for p, (a, b) in enumerate(pairs):
            base = [a if s % 2 == 0 else b for s in range(seats)]
            lineup = tuple(base[(s + rot) % seats] for s in range(seats))
            tasks.append(Task(k * len(pairs) + p, lineup, derive_seed(seed, "ladder", k // seats)))
    return tasks


def fit(results: Sequence[MatchResult], bots: Sequence[str]) -> dict[str, float]:
    """Elo ratings (Bradley–Terry) of ``results``."""
    scores: dict[tuple[str, str], float] = {}
    for r in results:
        pairwise_scores(r.lineup, r.winner, scores)
    return elo_ratings(scores, bots)


def _pair(r: MatchResult) -> tuple[str, ...]:
    return tuple(sorted(set(r.lineup)))


def bootstrap(
    results: Sequence[MatchResult], bots: Sequence[str], times: int, seed: int
) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of the ratings: games resampled within each pair."""
    if times < 1 or not results:
        return {b: (float("nan"), float("nan")) for b in bots}
    by_pair: dict[tuple[str, ...], list[MatchResult]] = {}
    for r in results:
        by_pair.setdefault(_pair(r), []).append(r)
    rng = Rng(derive_seed(seed, "bootstrap"))
    samples: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(times):
        sample = [
            games[rng.below(len(games))] for games in by_pair.values() for _ in games
        ]
        for b, v in fit(sample, bots).items():
            samples[b].append(v)
    out = {}
    for b, vs in samples.items():
        vs.sort()
        lo = vs[int(0.025 * (len(vs) - 1))]
        hi = vs[round(0.975 * (len(vs) - 1))]
        out[b] = (lo, hi)
    return out


@dataclass
class Ladder:
    """The games of a ladder and the ratings computed from them."""

    game: str
    bots: list[str]
    seed: int
    games_per_pair: int
    options: dict[str, Any]
    results: list[MatchResult]
    seconds: float = 0.0
    resamples: int = BOOTSTRAP
    seats: int = 2
    #: How many games came from the save file (not played in ``seconds``).
    resumed: int = 0
    _table: list[dict[str, Any]] | None = field(default=None, repr=False)

    def table(self) -> list[dict[str, Any]]:
        """One row per bot, best first: Elo, its 95% bootstrap interval, games and wins."""
        if self._table is not None:
            return self._table
        elo = fit(self.results, self.bots)
        ci = bootstrap(self.results, self.bots, self.resamples, self.seed)
        rows = []
        for b in self.bots:
            games = sum(1 for r in self.results if b in r.lineup)
            wins = sum(1 for r in self.results if r.winner is not None and r.lineup[r.winner] == b)
            rows.append({
                "bot": b,
                "elo": round(elo.get(b, 1500.0), 1),
                "ci95": [round(ci[b][0], 1), round(ci[b][1], 1)],
                "games": games,
                "wins": wins,
            })
        rows.sort(key=lambda r: -r["elo"])
        self._table = rows
        return rows

    def pairs(self) -> list[dict[str, Any]]:
        """Each pair's result: ``a``'s points against ``b`` (a draw is half) with Wilson CI."""
        out = []
        for i, a in enumerate(self.bots):
            for b in self.bots[i + 1:]:
                games = [r for r in self.results if _pair(r) == tuple(sorted((a, b)))]
                points = 0.0
                for r in games:
                    if r.winner is None:
                        points += 0.5
                    elif r.lineup[r.winner] == a:
                        points += 1
                lo, hi = wilson(points, len(games))
                out.append({
                    "a": a, "b": b, "games": len(games), "points_a": points,
                    "score_a": round(points / len(games), 4) if games else 0.0,
                    "ci95": [round(lo, 4), round(hi, 4)],
                })
        return out

    def to_json(self) -> dict[str, Any]:
        """Settings, the ratings table, the pairs and every game."""
        from dataclasses import asdict

        return {
            "game": self.game,
            "bots": self.bots,
            "seed": self.seed,
            "games_per_pair": self.games_per_pair,
            "seats": self.seats,
            "options": self.options,
            "games": len(self.results),
            "unfinished": sum(1 for r in self.results if not r.finished),
            "ratings": "Bradley-Terry Elo, 95% percentile bootstrap over games within pairs "
                       f"({self.resamples} resamples)",
            "table": self.table(),
            "pairs": self.pairs(),
            "seconds": round(self.seconds, 2),
            "resumed": self.resumed,
            "results": [asdict(r) for r in self.results],
        }


def run_ladder(
    game: str,
    bots: Sequence[str] | None = None,
    games: int = GAMES_PER_PAIR,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    save: Path | None = None,
    ray: str | None = None,
    resamples: int = BOOTSTRAP,
    seats: int | None = None,
    records: Path | None = None,
) -> Ladder:
    """Play the ladder (see the module docstring) and return it; ``seats`` is the table
    size (the game's smallest by default); with ``records``, each game played is written
    there as a record (:mod:`tycoon.study.records`)."""
    info = get_game(game)
    seed = check_seed(seed)
    check_games(games, "games per pair")
    names = [b.strip().lower() for b in (bots or ladder_bots(game))]
    if len(set(names)) != len(names):
        raise ValueError(f"a ladder lists each bot once, not {', '.join(names)}")
    if len(names) < 2:
        raise ValueError(f"a ladder needs at least 2 bots, not {len(names)}")
    for b in names:
        make_bot(b, game, 0)
    pairs = len(names) * (len(names) - 1) // 2
    if pairs * games > MAX_GAMES:
        raise ValueError(f"a ladder plays at most {MAX_GAMES:,} games, not {pairs} pairs "
                         f"of {games:,}")
    options = study_options(info, options)
    seats = info.min_seats if seats is None else seats
    info.new_game(seats=seats, seed=1, **options)  # validates seats and options
    check_rotations(games, seats, "games per pair")
    tasks = ladder_tasks(names, seats, games, seed)
    # not the games per pair: more of them extend the same ladder
    header = {"ladder": 2, "game": game, "bots": names, "seed": seed, "options": options}
    if seats != info.min_seats:
        header["seats"] = seats
    run = run_matches(game, tasks, options, header, save, workers, ray, progress, records)
    return Ladder(game, names, seed, games, options, run.results, run.seconds, resamples, seats,
                  len(run.resumed))


def plot_ladder(ladder: Ladder, folder: Path) -> Path:
    """Write ``ladder.png``: each bot's rating with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    output_folder(folder)
    rows = ladder.table()[::-1]
    fig, ax = plt.subplots(figsize=(6, 0.5 * len(rows) + 1.5))
    ys = range(len(rows))
    elo = [r["elo"] for r in rows]
    lo = [max(0.0, r["elo"] - r["ci95"][0]) for r in rows]
    hi = [max(0.0, r["ci95"][1] - r["elo"]) for r in rows]
    ax.errorbar(elo, ys, xerr=[lo, hi], fmt="o", capsize=5, color="#4878a8")
    ax.axvline(1500, color="grey", linestyle="--", linewidth=0.8)
    ax.set_yticks(list(ys), [r["bot"] for r in rows])
    ax.set_xlabel("Elo (Bradley–Terry), 95% bootstrap interval")
    ax.set_title(f"{ladder.game} ladder: {ladder.games_per_pair} games per pair, "
                 f"seed {ladder.seed}", fontsize=9)
    fig.tight_layout()
    return save_figure(fig, folder / "ladder.png", 100)


def write_ratings(ladder: Ladder, path: Path, command: str = "") -> None:
    """Merge ``ladder``'s ratings into the ratings file at ``path`` (format in the module
    docstring); the other games' entries are kept, also those another ladder merges at the
    same moment (it waits for this one), and the file is written whole or not at all."""
    with exclusive(path, wait=True):
        data = {"format": 1, "games": load_ratings(path)["games"]}
        data["games"][ladder.game] = _entry(ladder, command)
        write_json(path, data, pretty=True)


def _entry(ladder: Ladder, command: str) -> dict[str, Any]:
    """The ratings file's entry of ``ladder``'s game."""
    return {
        "seed": ladder.seed,
        "games_per_pair": ladder.games_per_pair,
        "seats": ladder.seats,
        "options": ladder.options,
        "command": command,
        "bots": {
            r["bot"]: {k: r[k] for k in ("elo", "ci95", "games", "wins")}
            for r in ladder.table()
        },
    }


def load_ratings(path: Path = RATINGS_FILE) -> dict[str, Any]:
    """The ratings file (``{"format": 1, "games": {}}`` when there is none); ``ValueError``
    naming the file when it holds anything else (a ladder never writes over such a file)."""
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return {"format": 1, "games": {}}
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:  # not JSON, or not UTF-8
        raise ValueError(f"{path} is not a ratings file: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise ValueError(f"{path} is not a ratings file (a JSON object with \"games\")")
    return data


def run_cli(
    game: str,
    bots: str | None,
    games: int,
    seed: int,
    workers: int,
    as_json: bool,
    plot: Path | None,
    options: dict[str, Any],
    save: Path | None = None,
    ray: str | None = None,
    ratings: Path | None = None,
    command: str = "",
    progress: Callable[[int], None] | None = None,
    seats: int | None = None,
    records: Path | None = None,
) -> None:
    """``tycoon ladder``: play, print the ratings table (or JSON), write the plot and file."""
    from rich.console import Console

    from .tournament import SpecCell, result_table, split_bots

    lineup = split_bots(bots) if bots else None
    for folder in (plot, ratings.parent if ratings is not None else None):
        if folder is not None:
            output_folder(folder)  # refused before the games, not after
    if ratings is not None:
        load_ratings(ratings)  # likewise a file the ladder would not merge into
    ladder = run_ladder(game, lineup, games, seed, workers, options, progress, save, ray,
                        seats=seats, records=records)
    path = plot_ladder(ladder, plot) if plot is not None else None
    if ratings is not None:
        write_ratings(ladder, ratings, command)
    data = ladder.to_json()
    if as_json:
        data["plot"] = str(path) if path else None
        print(json.dumps(data, indent=2))
        return
    console = Console(highlight=False, soft_wrap=True)
    table = result_table(f"{game} ladder: {data['games']} games ({games} per pair), seed {seed}",
                         ("rank", "bot", "Elo", "95% CI", "games", "wins"))
    for rank, r in enumerate(data["table"], start=1):
        table.add_row(str(rank), SpecCell(r["bot"]), f"{r['elo']:.0f}",
                      f"{r['ci95'][0]:.0f}–{r['ci95'][1]:.0f}", str(r["games"]), str(r["wins"]))
    console.print(table)
    took = timing(data["seconds"], data["resumed"], data["games"])
    console.print(f"unfinished {data['unfinished']}; {took}; ratings: {data['ratings']}")
    for r in data["table"]:
        if r["games"] and r["wins"] in (0, r["games"]):
            console.print(f"{r['bot']} {'won all' if r['wins'] else 'won none'} of its "
                          f"{r['games']} games: its rating rests on the one virtual draw per "
                          "pair, and its interval measures nothing (every resample is the "
                          "same); play it against bots nearer its strength")
    for p in (path, ratings):
        if p is not None:
            console.print(f"wrote {p}")
