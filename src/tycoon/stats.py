"""``tycoon stats``: what a game designer wants to know about Capital and Monopoly Deal.

Plays ``games`` games with bots (by default the heuristic bot in every seat, since people
play sensibly; ``--option bots=random`` or ``bots=heuristic,random,...`` changes them, and
``--option seats=N`` the table size; both are taken out of the rules options) and reports:

- game length in turns (mean, median, p90, min, max) and unfinished games (Capital games stop
  at ``turn_limit``, 300 unless given, like tournaments);
- wins by victory card (Capital) or by the colours of the winner's full sets (Deal);
- first-player advantage: how often the seat that moved first won, with a 95% Wilson CI;
- how often each card is played per game (Capital: cards played and businesses built;
  Deal: cards played as properties or actions, and cards banked);
- money over time: the mean balance (Capital) or bank value (Deal) at the start of each round,
  for the eventual winner and for the other seats.

Game ``i`` uses seed ``seed + i``; bots are seeded from it, so a run is reproducible.

>>> split_options({"bots": "random", "seats": 3, "card_supply": "lap"})
(['random'], 3, {'card_supply': 'lap'})
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tycoon.bots import make_bot
from tycoon.bots.ratings import wilson
from tycoon.bots.tournament import MAX_DECISIONS, bot_seed, default_options, game_module
from tycoon.engine import State


def split_options(options: dict[str, Any]) -> tuple[list[str], int | None, dict[str, Any]]:
    """Take ``bots`` and ``seats`` out of the options: ``(bots, seats, rules options)``."""
    rules = dict(options)
    raw = rules.pop("bots", "heuristic")
    bots = [b.strip() for b in str(raw).split(",") if b.strip()] or ["heuristic"]
    seats = rules.pop("seats", None)
    if seats is not None and (isinstance(seats, bool) or not isinstance(seats, int)):
        raise ValueError(f"seats must be an integer, not {seats!r}")
    return bots, seats, rules


@dataclass
class GameStats:
    """What one game tells."""

    seed: int
    seats: int
    first: int
    finished: bool
    winner: int | None
    reason: str | None
    turns: int
    win_colors: list[str] = field(default_factory=list)
    played: Counter = field(default_factory=Counter)
    banked: Counter = field(default_factory=Counter)
    built: Counter = field(default_factory=Counter)
    #: money[r][seat]: balance (Capital) or bank value (Deal) at the start of round r
    money: list[list[int]] = field(default_factory=list)
    #: wealth[r][seat]: net worth (Capital) or table value, bank and properties (Deal)
    wealth: list[list[int]] = field(default_factory=list)


def _money(game: str, view: dict[str, Any]) -> tuple[list[int], list[int]]:
    """(money, wealth) of every seat in a view."""
    if game == "capital":
        return [s["balance"] for s in view["seats"]], [s["net_worth"] for s in view["seats"]]
    from tycoon.deal.cards import VALUE

    bank = [sum(VALUE[c] for c in s["bank"]) for s in view["seats"]]
    table = [
        sum(VALUE[c] for st in s["sets"] for c in st["cards"])
        + sum(VALUE[b] for st in s["sets"] for b in (st["house"], st["hotel"]) if b is not None)
        for s in view["seats"]
    ]
    return bank, [b + t for b, t in zip(bank, table, strict=True)]


def _count(game: str, action: Any, g: GameStats) -> None:
    t = action.type
    if game == "capital":
        if t == "play":
            g.played[action.card] += 1
        elif t == "build":
            g.built[action.kind] += 1
        return
    card = getattr(action, "card", None)
    if card is None or t in ("pay", "discard", "move_wild", "say_no"):
        if t == "say_no":
            g.played["just_say_no"] += 1
        return
    from tycoon.deal.cards import NAME

    if t == "bank":
        g.banked[NAME[card]] += 1
    else:
        g.played[NAME[card]] += 1
        for d in getattr(action, "doubles", ()):
            g.played[NAME[d]] += 1


def play_stats(
    game: str, seats: int, seed: int, bots: list[str], options: dict[str, Any]
) -> GameStats:
    """Play one game and gather its statistics."""
    module = game_module(game)
    state: State = module.new_game(seats=seats, seed=seed, **options)
    lineup = [bots[s % len(bots)] for s in range(seats)]
    players = [make_bot(spec, game, bot_seed(seed, s)) for s, spec in enumerate(lineup)]
    view = state.view(None)
    g = GameStats(seed, seats, view["current"], False, None, None, 0)
    last_round = -1
    decisions = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        rnd = (_turn(state) - 1) // seats
        if rnd != last_round:
            money, wealth = _money(game, state.view(None))
            g.money.append(money)
            g.wealth.append(wealth)
            last_round = rnd
        seat = state.to_move()[0]
        action = players[seat].choose(state, seat)
        _count(game, action, g)
        state.apply(seat, action)
        decisions += 1
    res = state.result()
    g.finished = bool(res.get("finished")) and state.winner is not None
    g.winner = state.winner if g.finished else None
    g.reason = res.get("reason")
    g.turns = int(res.get("turns", 0))
    if game == "deal" and g.winner is not None:
        v = state.view(None)
        g.win_colors = sorted({s["color"] for s in v["seats"][g.winner]["sets"] if s["full"]})
    return g


def _turn(state: State) -> int:
    turn = getattr(state, "turn", None)
    if isinstance(turn, int):
        return turn
    return int(state.view(None)["turn"])


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
    colors: Counter = Counter()
    for r in finished:
        colors.update(r.win_colors)
    played: Counter = Counter()
    banked: Counter = Counter()
    built: Counter = Counter()
    for r in rows:
        played.update(r.played)
        banked.update(r.banked)
        built.update(r.built)
    rounds = max((len(r.money) for r in rows), default=0)
    games_by_round = [sum(1 for r in rows if k < len(r.money)) for k in range(rounds)]
    money = {"winner": [], "others": [], "all": []}
    wealth = {"winner": [], "others": [], "all": []}
    for series, out in (("money", money), ("wealth", wealth)):
        for k in range(rounds):
            w = [getattr(r, series)[k][r.winner] for r in finished if k < len(r.money)]
            o = [
                m
                for r in rows
                if k < len(r.money)
                for s, m in enumerate(getattr(r, series)[k])
                if s != r.winner
            ]
            a = [m for r in rows if k < len(r.money) for m in getattr(r, series)[k]]
            out["winner"].append(round(statistics.fmean(w), 1) if w else None)
            out["others"].append(round(statistics.fmean(o), 1) if o else None)
            out["all"].append(round(statistics.fmean(a), 1) if a else None)
    per_game = {k: round(v / n, 3) for k, v in sorted(played.items(), key=lambda x: -x[1])}
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
        "first_player": {
            "wins": first_wins,
            "games": len(finished),
            "win_rate": round(first_wins / len(finished), 4) if finished else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "chance": round(1 / seats, 4) if seats else 0.0,
        },
        "cards_played_per_game": per_game,
        "turns_per_game": [r.turns for r in rows],
        "games_by_round": games_by_round,
        "money_by_round": money,
        "wealth_by_round": wealth,
    }
    if game == "capital":
        out["wins_by_victory_card"] = dict(reasons.most_common())
        out["built_per_game"] = {k: round(v / n, 3) for k, v in built.most_common()}
    else:
        out["wins_by_reason"] = dict(reasons.most_common())
        out["win_set_colors"] = dict(colors.most_common())
        out["banked_per_game"] = {k: round(v / n, 3) for k, v in banked.most_common()}
    return out


def run_stats(
    game: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and summarize them (see the module docstring)."""
    if games < 1:
        raise ValueError("games must be at least 1")
    module = game_module(game)
    bots, seats, rules = split_options(dict(options or {}))
    seats = seats or module.DEFAULT_SEATS
    if not module.MIN_SEATS <= seats <= module.MAX_SEATS:
        raise ValueError(
            f"{game} takes {module.MIN_SEATS} to {module.MAX_SEATS} seats, not {seats}"
        )
    rules = default_options(game, rules)
    module.new_game(seats=seats, seed=seed, **rules)  # validate the options first
    for b in bots:
        make_bot(b, game, 0)
    rows = []
    for i in range(games):
        rows.append(play_stats(game, seats, seed + i, bots, rules))
        if progress:
            progress(1)
    return summarize(game, bots, rules, rows)


def plot_stats(data: dict[str, Any], folder: Path, prefix: str = "") -> list[Path]:
    """Write the plots of a summary into ``folder``: lengths, wins, cards, money."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    game = data["game"]
    title = f"{game}, {data['games']} games, {data['seats']} seats, bots {','.join(data['bots'])}"
    opts = {k: v for k, v in data["options"].items() if k != "turn_limit"}
    if opts:
        title += "\n" + ", ".join(f"{k}={v}" for k, v in opts.items())
    out = []

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        path = folder / f"{prefix}{name}.png"
        fig.savefig(path, dpi=90)
        plt.close(fig)
        out.append(path)

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
    # wins by reason
    wins = data.get("wins_by_victory_card") or data.get("win_set_colors") or {}
    fig, ax = plt.subplots(figsize=(6, 3.5))
    names = list(wins)
    ax.bar(range(len(names)), [wins[k] for k in names], color="#6a9f58")
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("wins" if game == "capital" else "winning sets")
    what = "victory card" if game == "capital" else "colours of the winners' full sets"
    ax.set_title(f"Wins by {what} — {title}", fontsize=8)
    save(fig, "wins")
    # cards played
    cards = data["cards_played_per_game"]
    fig, ax = plt.subplots(figsize=(7, 4))
    names = list(cards)
    ax.barh(range(len(names)), [cards[k] for k in names], color="#c47a3c")
    ax.set_yticks(range(len(names)), names, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("times played per game")
    ax.set_title(f"Cards played — {title}", fontsize=8)
    save(fig, "cards")
    # money and wealth over time, on the rounds that at least a tenth of the games reach
    enough = max(1, data["games"] // 10)
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    labels = (
        ("balance ($)", "net worth ($)")
        if game == "capital"
        else ("bank value (M)", "table value: bank + properties (M)")
    )
    for ax, key, label in zip(axes, ("money_by_round", "wealth_by_round"), labels, strict=True):
        for who, style in (("winner", "-"), ("others", "--")):
            ys = data[key][who]
            pts = [
                (i + 1, y)
                for i, y in enumerate(ys)
                if y is not None and data["games_by_round"][i] >= enough
            ]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=who)
        ax.set_xlabel("round")
        ax.set_ylabel("mean " + label)
        ax.legend()
    fig.suptitle(f"Money over time — {title}", fontsize=8)
    save(fig, "money")
    return out


def run_cli(
    game: str,
    games: int,
    seed: int,
    options: dict[str, Any],
    plot: Path | None,
    as_json: bool,
) -> None:
    """``tycoon stats``: play, print a summary (or JSON), write plots."""
    from rich.console import Console

    from tycoon.cli import progress_bar

    with progress_bar() as bar:
        task = bar.add_task(f"{game} statistics", total=games)
        data = run_stats(game, games, seed, options, lambda k: bar.advance(task, k))
    paths = plot_stats(data, plot) if plot is not None else []
    if as_json:
        data["plots"] = [str(p) for p in paths]
        print(json.dumps(data, indent=2))
        return
    c = Console()
    t = data["turns"]
    c.print(
        f"[bold]{game}[/]: {data['games']} games, {data['seats']} seats, bots "
        f"{','.join(data['bots'])}, options {data['options']}"
    )
    c.print(
        f"finished {data['finished']}, unfinished {data['unfinished']}; turns mean {t['mean']}, "
        f"median {t['median']}, p90 {t['p90']}, min {t['min']}, max {t['max']}"
    )
    fp = data["first_player"]
    c.print(
        f"first player won {fp['wins']}/{fp['games']} = {fp['win_rate']:.1%} "
        f"(95% CI {fp['ci95'][0]:.1%}–{fp['ci95'][1]:.1%}; chance {fp['chance']:.1%})"
    )
    c.print(f"wins by seat: {data['wins_by_seat']}")
    if game == "capital":
        c.print(f"wins by victory card: {data['wins_by_victory_card']}")
        c.print(f"built per game: {data['built_per_game']}")
    else:
        c.print(f"winning set colours: {data['win_set_colors']}")
        c.print(f"banked per game: {data['banked_per_game']}")
    c.print(f"cards played per game: {data['cards_played_per_game']}")
    money = data["money_by_round"]["all"]
    marks = [money[i] for i in range(0, len(money), max(1, len(money) // 8))]
    c.print(f"mean money at the start of rounds 1, …: {marks}")
    for p in paths:
        c.print(f"wrote {p}")
