"""``tycoon stats``: what a game designer wants to know about a game.

Plays ``games`` games with bots (by default the game's heuristic bot in every seat, since
people play sensibly, or the random bot for a game without one; ``--option bots=random`` or
``bots=heuristic,random,...`` changes them, and ``--option seats=N`` the table size; both are
taken out of the rules options) and reports:

- game length in turns (mean, median, p90, min, max) and unfinished games (games are
  bounded like tournaments: :func:`tycoon.study.match.study_options`);
- wins by reason (the ``Outcome.reason``: a victory card, a number of sets, ...);
- first-player advantage: how often the seat that moved first won, with a 95% Wilson CI;
- how often each kind of action is played per game, and what the game's statistics
  extension counts (cards played, businesses built, cards banked, ...);
- money over time: the mean money and wealth at the start of each round, for the eventual
  winner and for the other seats (the game's extension says what money is; without one, the
  ``Outcome.scores`` of the running game).

A game's own statistics come from its ``GameInfo.extension("stats")``: an object with the
hooks of :class:`StatsExtension` (any may be missing). Game ``i`` is seeded
``derive_seed(seed, "stats", i)``; bots are seeded from it, so a run is reproducible, here,
on worker processes or on Ray, and resumable from a save file.

>>> split_options({"bots": "random", "seats": 3, "card_supply": "lap"})
(['random'], 3, {'card_supply': 'lap'})
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from tycoon.bots import make_bot
from tycoon.bots.ratings import wilson
from tycoon.engine import Action, State, check_seed, derive_seed, get_game

from .match import Observer, play_match, study_options
from .records import output_folder, save_figure
from .runner import Task, check_games, run_study, timing


class StatsExtension:
    """The hooks of a game's statistics extension (``extensions["stats"]``); every hook
    is optional, these are what a game without one gets."""

    #: What ``Outcome.reason`` is, in words ("victory card").
    reason_title = "reason"
    #: Labels of the money series.
    money_label = "score"
    wealth_label = "score"
    #: The tag whose counts the wins plot shows (``None``: wins by reason).
    wins_tag: str | None = None
    wins_title = "wins"
    #: Catalog keys that name the items of a counter, a tag or ``reason`` (the wins' reasons)
    #: in the game's words, ``{}`` standing for the item: ``{"built": "business.{}.name"}``.
    #: An item without one is shown by its id.
    names: ClassVar[dict[str, str]] = {}

    def money(self, state: State) -> tuple[list[int], list[int]]:
        """(money, wealth) of every seat now: here, the running ``Outcome.scores``."""
        scores = [int(s) for s in state.result().scores]
        return scores, scores

    def count(self, state: State, seat: int, action: Action) -> Iterable[tuple[str, str]]:
        """``(counter, item)`` pairs to count for ``action`` of ``seat`` (before it is
        applied): ``("cards_played", "Sly")``, ``("built", "bar")``."""
        return ()

    def tags(self, state: State, winner: int | None) -> dict[str, list[str]]:
        """Words that describe a finished game (``{"win_set_colors": ["red", ...]}``)."""
        return {}


_DEFAULT = StatsExtension()


def extension(game: str) -> Any:
    """The statistics extension of ``game`` (the neutral one when it has none)."""
    return get_game(game).extension("stats") or _DEFAULT


def labeller(game: str) -> Callable[[str, str], str]:
    """``label(group, item)``: how the human summary and the plots name ``item`` of a counter,
    a tag or ``reason`` of ``game`` — by the English catalog's word where the game's
    extension gives its key (``big_deal`` read as its catalog's "Big Deal"), else its id in
    words."""
    names = _hook(extension(game), "names")
    catalog = get_game(game).catalog("en")

    def label(group: str, item: str) -> str:
        word = catalog.get(names[group].format(item)) if group in names else None
        return word if isinstance(word, str) else _words(item)

    return label


def _hook(ext: Any, name: str) -> Any:
    return getattr(ext, name, None) or getattr(_DEFAULT, name)


def split_options(options: dict[str, Any]) -> tuple[list[str], int | None, dict[str, Any]]:
    """Take ``bots`` and ``seats`` out of the options: ``(bots, seats, rules options)``."""
    rules = dict(options)
    raw = rules.pop("bots", None)
    bots = [b.strip() for b in str(raw).split(",") if b.strip()] if raw is not None else []
    seats = rules.pop("seats", None)
    if seats is not None and (isinstance(seats, bool) or not isinstance(seats, int)):
        raise ValueError(f"seats must be an integer, not {seats!r}")
    return bots, seats, rules


@dataclass
class GameStats:
    """What one game tells."""

    index: int
    seed: int
    lineup: list[str]
    seats: int
    first: int
    finished: bool
    winner: int | None
    reason: str | None
    turns: int
    #: what the game's extension says of the finished game (e.g. ``win_set_colors``)
    tags: dict[str, list[str]] = field(default_factory=dict)
    #: counter -> item -> times (``actions`` by type, and the extension's counters)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    #: money[r][seat]: money at the start of round r (the extension's measure)
    money: list[list[int]] = field(default_factory=list)
    #: wealth[r][seat]: wealth at the start of round r (net worth, table value, ...)
    wealth: list[list[int]] = field(default_factory=list)


class _Gather(Observer):
    def __init__(self, game: str, seats: int) -> None:
        self.ext = extension(game)
        self.seats = seats
        self.first = 0
        self.last_round = -1
        self.money: list[list[int]] = []
        self.wealth: list[list[int]] = []
        self.counts: dict[str, Counter] = {"actions": Counter()}
        self.tags: dict[str, list[str]] = {}

    def start(self, state: State) -> None:
        movers = state.to_move()
        self.first = movers[0] if movers else 0

    def decision(self, state: State, seat: int, action: Action) -> None:
        rnd = (int(state.turn) - 1) // self.seats
        if rnd != self.last_round:
            money, wealth = _hook(self.ext, "money")(state)
            self.money.append(list(money))
            self.wealth.append(list(wealth))
            self.last_round = rnd
        self.counts["actions"][action.type] += 1
        for counter, item in _hook(self.ext, "count")(state, seat, action):
            self.counts.setdefault(counter, Counter())[item] += 1

    def end(self, state: State) -> None:
        res = state.result()
        if res.finished and res.winner is not None:
            self.tags = dict(_hook(self.ext, "tags")(state, res.winner))


def _play(item: tuple[str, Task, dict[str, Any]]) -> GameStats:
    game, task, options = item
    seats = len(task.lineup)
    g = _Gather(game, seats)
    r = play_match(game, task.lineup, task.seed, options, task.index, observer=g)
    return GameStats(
        r.index, r.seed, list(task.lineup), seats, g.first, r.finished, r.winner, r.reason,
        r.turns, g.tags, {k: dict(v) for k, v in g.counts.items()}, g.money, g.wealth,
    )


def _series_means(rows: list[GameStats], series: str, rounds: int) -> dict[str, list]:
    out: dict[str, list] = {"winner": [], "others": [], "all": []}
    finished = [r for r in rows if r.finished]
    for k in range(rounds):
        w = [getattr(r, series)[k][r.winner] for r in finished if k < len(getattr(r, series))]
        o = [
            m
            for r in rows
            if k < len(getattr(r, series))
            for s, m in enumerate(getattr(r, series)[k])
            if s != r.winner
        ]
        a = [m for r in rows if k < len(getattr(r, series)) for m in getattr(r, series)[k]]
        out["winner"].append(round(statistics.fmean(w), 1) if w else None)
        out["others"].append(round(statistics.fmean(o), 1) if o else None)
        out["all"].append(round(statistics.fmean(a), 1) if a else None)
    return out


def summarize(
    game: str, bots: list[str], options: dict[str, Any], rows: list[GameStats]
) -> dict[str, Any]:
    """The statistics of many games, JSON-ready."""
    n = len(rows)
    seats = rows[0].seats if rows else 0
    turns = sorted(r.turns for r in rows) or [0]
    finished = [r for r in rows if r.finished]
    first_wins = sum(1 for r in finished if r.winner == r.first)
    lo, hi = wilson(first_wins, len(finished))
    reasons = Counter(r.reason for r in finished)
    tags: dict[str, Counter] = {}
    for r in finished:
        for tag, words in r.tags.items():
            tags.setdefault(tag, Counter()).update(words)
    counts: dict[str, Counter] = {}
    for r in rows:
        for counter, items in r.counts.items():
            counts.setdefault(counter, Counter()).update(items)
    rounds = max((len(r.money) for r in rows), default=0)
    out: dict[str, Any] = {
        "game": game,
        "games": n,
        "seats": seats,
        "bots": bots,
        "options": options,
        "finished": len(finished),
        "unfinished": n - len(finished),
        "turns": {
            "mean": round(statistics.fmean(turns), 2),
            "median": statistics.median(turns),
            "p90": turns[min(len(turns) - 1, (len(turns) * 9) // 10)],
            "min": turns[0],
            "max": turns[-1],
        },
        "wins_by_seat": [sum(1 for r in finished if r.winner == s) for s in range(seats)],
        "wins_by_reason": dict(reasons.most_common()),
        "first_player": {
            "wins": first_wins,
            "games": len(finished),
            "win_rate": round(first_wins / len(finished), 4) if finished else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "chance": round(1 / seats, 4) if seats else 0.0,
        },
        "per_game": {
            counter: {k: round(v / n, 3) for k, v in c.most_common()}
            for counter, c in sorted(counts.items())
        },
        "tags": {tag: dict(c.most_common()) for tag, c in sorted(tags.items())},
        "turns_per_game": [r.turns for r in rows],
        "games_by_round": [sum(1 for r in rows if k < len(r.money)) for k in range(rounds)],
        "money_by_round": _series_means(rows, "money", rounds),
        "wealth_by_round": _series_means(rows, "wealth", rounds),
    }
    return out


def default_bots(game: str) -> list[str]:
    """The game's heuristic bot when it has one, else the random bot."""
    return ["heuristic"] if get_game(game).extension("heuristic") is not None else ["random"]


def run_stats(
    game: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    ray: str | None = None,
    save: Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and summarize them (see the module docstring)."""
    check_games(games)
    seed = check_seed(seed)
    info = get_game(game)
    bots, seats, rules = split_options(dict(options or {}))
    bots = [b.lower() for b in bots] or default_bots(game)
    seats = seats or info.default_seats
    if not info.min_seats <= seats <= info.max_seats:
        raise ValueError(f"{game} takes {info.min_seats} to {info.max_seats} seats, not {seats}")
    rules = study_options(info, rules)
    info.new_game(seats=seats, seed=seed, **rules)  # validate the options first
    for b in bots:
        make_bot(b, game, 0)
    lineup = tuple(bots[s % len(bots)] for s in range(seats))
    tasks = [Task(i, lineup, derive_seed(seed, "stats", i)) for i in range(games)]
    header = {"stats": 1, "game": game, "bots": bots, "seats": seats, "seed": seed,
              "options": rules}
    run = run_study(_play, tasks, lambda t: (game, t, rules), header, save, workers, ray,
                    progress, kind=GameStats)
    data = summarize(game, bots, rules, run.results)
    data["seconds"] = round(run.seconds, 2)
    data["resumed"] = len(run.resumed)
    return data


def plot_stats(data: dict[str, Any], folder: Path, prefix: str = "") -> list[Path]:
    """Write the plots of a summary into ``folder``: lengths, wins, money, and one per counter
    of ``per_game`` named after it (``actions.png``, and the game's: ``cards_played.png``...)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ext = extension(data["game"])
    output_folder(folder)
    game = data["game"]
    title = f"{game}, {data['games']} games, {data['seats']} seats, bots {','.join(data['bots'])}"
    opts = {k: v for k, v in data["options"].items() if k != "turn_limit"}
    if opts:
        title += "\n" + ", ".join(f"{k}={v}" for k, v in opts.items())
    out = []

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        out.append(save_figure(fig, folder / f"{prefix}{name}.png", 90))

    # game lengths
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist(data["turns_per_game"], bins=min(30, max(5, data["games"] // 5)), color="#4878a8")
    t = data["turns"]
    ax.axvline(t["median"], color="black", linestyle="--", label=f"median {t['median']}")
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title(f"Game length — {title}", fontsize=8)
    save(fig, "lengths")
    # wins by reason, or by the extension's tag
    tag = getattr(ext, "wins_tag", None)
    wins = data["tags"].get(tag, {}) if tag else data["wins_by_reason"]
    what = getattr(ext, "wins_title", None) if tag else None
    what = what or f"wins by {getattr(ext, 'reason_title', 'reason')}"
    fig, ax = plt.subplots(figsize=(6, 3.5))
    label = labeller(game)
    names = list(wins)
    ax.bar(range(len(names)), [wins[k] for k in names], color="#6a9f58")
    ax.set_xticks(range(len(names)), [label(tag or "reason", str(k)) for k in names],
                  rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("games")
    ax.set_title(f"{what[:1].upper()}{what[1:]} — {title}", fontsize=8)
    save(fig, "wins")
    # what was done: one plot per counter (actions by type, and the extension's: cards
    # played, businesses built, ...), as tall as its bars need
    for counter, counts in sorted(data["per_game"].items()):
        names = list(counts)
        fig, ax = plt.subplots(figsize=(7, 1.2 + 0.2 * max(len(names), 5)))
        ax.barh(range(len(names)), [counts[k] for k in names], color="#c47a3c")
        ax.set_yticks(range(len(names)), [label(counter, k) for k in names], fontsize=8)
        ax.set_ylim(len(names) - 0.5, -0.5)
        ax.set_xlabel("times per game")
        ax.set_title(f"{_words(counter).capitalize()} — {title}", fontsize=8)
        save(fig, counter)
    # money and wealth over time, on the rounds enough games reach
    shown = _rounds_reached(data)
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    labels = (getattr(ext, "money_label", "score"), getattr(ext, "wealth_label", "score"))
    for ax, key, label in zip(axes, ("money_by_round", "wealth_by_round"), labels, strict=True):
        for who, style in (("winner", "-"), ("others", "--")):
            ys = data[key][who]
            pts = [(i + 1, y) for i, y in enumerate(ys[:shown]) if y is not None]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=who)
        ax.set_xlabel("round")
        ax.set_ylabel("mean " + label)
        ax.legend()
    fig.suptitle(f"Money over time — {title}", fontsize=8)
    save(fig, "money")
    return out


def _rounds_reached(data: dict[str, Any]) -> int:
    """How many rounds the money figures cover: those at least a tenth of the games reach (a
    mean over the one long game left would read as the study's)."""
    enough = max(1, data["games"] // 10)
    return sum(1 for n in data["games_by_round"] if n >= enough)


def _words(name: str) -> str:
    return name.replace("_", " ")


def _counts(title: str, counts: dict[str, Any], total: int | None = None,
            label: Callable[[str], str] = _words) -> Any:
    """A two-column table (``label`` of the name, count or mean; with ``total`` also the
    share), in the given order."""
    from rich.table import Table

    table = Table(title=title, title_justify="left", show_header=False, box=None,
                  pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(justify="right")
    if total:
        table.add_column(justify="right")
    for name, n in counts.items():
        share = [f"{n / total:.1%}"] if total else []
        # means to two places, so that their points line up (0.033 beside 110.3 before)
        table.add_row(label(name), f"{n:.2f}" if isinstance(n, float) else str(n), *share)
    return table


def report(data: dict[str, Any], ext: Any, console: Any) -> None:
    """The human summary of :func:`run_stats`'s ``data``: a few lines, then small tables."""
    from rich.columns import Columns
    from rich.table import Table

    t, fp = data["turns"], data["first_player"]
    options = ", ".join(f"{k}={v}" for k, v in data["options"].items()) or "the defaults"
    console.print(f"[bold]{data['game']}[/]: {data['games']} games, {data['seats']} seats, "
                  f"bots {','.join(data['bots'])}; options {options}")
    console.print(f"finished {data['finished']}, unfinished {data['unfinished']}; turns mean "
                  f"{t['mean']}, median {t['median']}, p90 {t['p90']}, min {t['min']}, "
                  f"max {t['max']}; {timing(data['seconds'], data['resumed'], data['games'])}")
    console.print(f"first player won {fp['wins']}/{fp['games']} = {fp['win_rate']:.1%} (95% CI "
                  f"{fp['ci95'][0]:.1%}–{fp['ci95'][1]:.1%}; chance {fp['chance']:.1%})")
    won = data["finished"]
    seats = {f"seat {i + 1}": n for i, n in enumerate(data["wins_by_seat"])}
    label = labeller(data["game"])
    tables = [_counts("wins by seat", seats, won),
              _counts(f"wins by {getattr(ext, 'reason_title', 'reason')}",
                      data["wins_by_reason"], won, partial(label, "reason"))]
    tables += [_counts(_words(tag), counts, label=partial(label, tag))
               for tag, counts in data["tags"].items()]
    console.print(Columns(tables, padding=(1, 4)))
    console.print(Columns([_counts(f"{_words(counter)} per game", items,
                                   label=partial(label, counter))
                           for counter, items in data["per_game"].items()], padding=(1, 4)))
    money = data["money_by_round"]["all"][:_rounds_reached(data)]
    if money:
        step = max(1, -(-len(money) // 10))
        rounds = [*range(0, len(money), step)]
        if rounds[-1] != len(money) - 1:
            rounds.append(len(money) - 1)
        label = getattr(ext, "money_label", "score")
        console.print(f"mean {label} of a seat at the start of a round (the rounds a tenth "
                      "of the games reach)", style="italic")
        # one row per round: eleven columns of means ran past an 80-column terminal, cut to "…"
        table = Table(box=None, pad_edge=False)
        table.add_column("round", justify="right")
        table.add_column(f"mean {label}", justify="right")
        table.add_column("games", justify="right")
        for r in rounds:
            table.add_row(str(r + 1), f"{money[r]:g}", str(data["games_by_round"][r]))
        console.print(table)


def run_cli(
    game: str,
    games: int,
    seed: int,
    options: dict[str, Any],
    plot: Path | None,
    as_json: bool,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    ray: str | None = None,
    save: Path | None = None,
) -> None:
    """``tycoon stats``: play, print a summary (or JSON), write plots."""
    from rich.console import Console

    if plot is not None:
        output_folder(plot)  # refused before the games, not after
    data = run_stats(game, games, seed, options, progress, workers, ray, save)
    paths = plot_stats(data, plot) if plot is not None else []
    if as_json:
        data["plots"] = [str(p) for p in paths]
        print(json.dumps(data, indent=2))
        return
    c = Console(highlight=False, soft_wrap=True)
    report(data, extension(game), c)
    for p in paths:
        c.print(f"wrote {p}")
