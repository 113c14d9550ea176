"""The ``tycoon`` command line: play, simulate, serve, tournament, stats, ladder, replay.

Each command validates its flags and reports a bad one with a clear message and exit
code 2; the work itself lives in the module each command names.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from tycoon.engine import games
from tycoon.server.settings import settings_help
from tycoon.terminal import plain_output

app = typer.Typer(
    help="Tycoon: play and study Capital (Kapital) and Monopoly Deal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None if plain_output() else "rich",
)
err = Console(stderr=True, soft_wrap=True)

GameArg = Annotated[str, typer.Argument(help="The game: capital, deal or a plugin's name.")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rules option as key=value (repeatable)."),
]
WorkersOpt = Annotated[int, typer.Option(min=1, help="Worker processes.")]
RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="[ADDRESS]",
        help="Spread the games over a Ray cluster: a local one with --ray alone (or --ray "
        "local), or the cluster at ADDRESS (needs pip install 'tycoon[ray]'). Same results "
        "as --workers.",
    ),
]
SaveOpt = Annotated[
    Path | None,
    typer.Option(
        help="JSON Lines file that keeps every finished game; run again with it to "
        "resume an interrupted run or extend it with more --games."
    ),
]
RecordsOpt = Annotated[Path | None, typer.Option(help=(
    "Folder where each game played is written as game-NNNNN.json, a record that tycoon "
    "replay replays and tells in words (--log) and the web client's replay viewer opens."))]


def fail(message: str) -> None:
    """Print an error and exit with code 2."""
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    raise typer.Exit(2)


def parse_options(items: list[str] | None, preset: str | None = None) -> dict[str, Any]:
    """``["turn_limit=300", "level_up=landing"]`` -> ``{"turn_limit": 300, ...}``.

    Values are read as JSON (numbers, true/false, null) and otherwise kept as text.
    """
    options: dict[str, Any] = {}
    if preset is not None:
        options["preset"] = preset
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            fail(f"--option takes key=value, not {item!r}")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip()] = value
    return options


def check_game(game: str) -> str:
    """Validate a game name."""
    if game not in games():
        fail(f"unknown game {game!r}; expected one of: {', '.join(games())}")
    return game


class LineProgress:
    """Progress for a log file: a line on stderr at each tenth of the work, no animation.

    It has the part of :class:`rich.progress.Progress` that the commands use.
    """

    def __init__(self) -> None:
        self.tasks: list[list[Any]] = []  # [description, total, done, tenths printed]

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def stop(self) -> None:
        """Nothing to take off the screen: each line is whole."""

    def add_task(self, description: str, total: int) -> int:
        """A new task of ``total`` steps; returns its id."""
        self.tasks.append([description, total, 0, 0])
        return len(self.tasks) - 1

    def advance(self, task: int, advance: float = 1) -> None:
        """``advance`` more steps done; prints a line when a new tenth is reached."""
        t = self.tasks[task]
        t[2] += advance
        tenths = int(t[2] * 10 // t[1]) if t[1] else 10
        if tenths > t[3]:
            t[3] = tenths
            err.print(f"{t[0]}: {int(t[2])}/{t[1]}", markup=False, highlight=False)


def progress_bar() -> Progress | LineProgress:
    """The progress shown by long commands, on stderr so that --json output stays clean.

    A bar on a terminal; a line at each tenth of the work when stderr goes to a file or pipe.
    The bar leaves standard output alone (rich would send what is printed there while it is
    shown through its own console, stderr: ``--json > file`` wrote nothing to the file).
    """
    if not err.is_terminal:
        return LineProgress()
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP (the terminal window closed) stop the command as Ctrl-C does, so
    that what it writes on the way out is written (``tycoon play``'s ``--record``: Python's
    own handling of them ends the process at once)."""
    import signal

    kinds = [getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    before = {kind: signal.signal(kind, _stop) for kind in kinds}
    try:
        yield
    finally:
        for kind, handler in before.items():
            if handler is not None:  # None: a handler set outside Python, left as it is
                signal.signal(kind, handler)


def stopped(done: int, total: int, save: Path | None) -> str:
    """What a study stopped by Ctrl-C (or SIGTERM, SIGHUP) says: how far it got, and what is kept.

    >>> stopped(4, 40, Path("t.jsonl"))
    'stopped after 4 of 40 games; t.jsonl keeps them: the same command plays the other 36'
    >>> stopped(4, 40, None)
    'stopped after 4 of 40 games; none is kept (with --save FILE, the same command resumes)'
    >>> stopped(0, 40, Path("t"))
    'stopped after 0 of 40 games; the same command plays them all (t keeps each one as it ends)'
    """
    head = f"stopped after {done:,} of {total:,} games"
    if save is None:
        return f"{head}; none is kept (with --save FILE, the same command resumes)"
    if not done:  # "t.jsonl keeps them" said of no game
        return f"{head}; the same command plays them all ({save} keeps each one as it ends)"
    return f"{head}; {save} keeps them: the same command plays the other {total - done:,}"


@contextmanager
def study(description: str, total: int, save: Path | None) -> Iterator[Callable[[int], None]]:
    """The frame of a study command: a progress bar (the function given advances it by a
    number of games), its errors as :func:`fail`, and a stop by Ctrl-C, SIGTERM or SIGHUP
    that says what :func:`stopped` says and exits with code 130."""
    done = 0
    try:
        with stopped_by_signals(), progress_bar() as bar:
            task = bar.add_task(description, total=total)

            def advance(games: int) -> None:
                nonlocal done
                done += games
                bar.advance(task, games)
                if done >= total:
                    bar.stop()  # off the screen before the results are printed

            yield advance
    except KeyboardInterrupt:
        err.print(stopped(done, total, save), markup=False, highlight=False)
        raise typer.Exit(130) from None
    except ValueError as exc:
        fail(str(exc))


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="The game: capital, deal or a plugin's "
                                               "name (online: the game to --create).")] = None,
    seats: Annotated[int | None, typer.Option(help="Number of seats.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (random if omitted).")] = None,
    preset: Annotated[str | None, typer.Option(help="Capital preset: capital or kapital.")] = None,
    option: OptionOpt = None,
    lang: Annotated[str, typer.Option(help="Language: en, pt, es or fr.")] = "en",
    name: Annotated[str, typer.Option(help="Your name at the table (default: your seat's "
                                           "name; online, a guest in --lang's words).")] = "",
    title: Annotated[str, typer.Option(
        help="Online --create: the game's name in the server's lobby (default: none, the "
             "lobby shows its id).")] = "",
    server: Annotated[str | None, typer.Option(help="Play on this server (http://HOST:PORT).")]
    = None,
    game_id: Annotated[str | None, typer.Option(
        "--game", help="Online: the game to join (none: pick from the server's games with a "
                       "free seat, or with --watch those in play).")] = None,
    create: Annotated[bool, typer.Option(help="Online: create a game of GAME first.")] = False,
    players: Annotated[str | None, typer.Option(
        help="Online --create: one per seat, human or a bot the server offers (random, "
             "easy, medium, hard and its lobby_bots).")]
    = None,
    seat: Annotated[int | None, typer.Option(
        help="The seat to take (from 1; local play: the one you play, default 1).")] = None,
    watch: Annotated[bool, typer.Option(help="Online: watch without a seat.")] = False,
    bots: Annotated[str | None, typer.Option(
        help="Local play: the other seats' bots, one for all or one per seat, comma-separated "
             "(random, easy, medium, hard or a plugin's; default: random moves, never "
             "more than three of a kind in a row); one per seat "
             "without --seats sets how many play.")] = None,
    record: Annotated[str | None, typer.Option(
        help="Local play: keep the game's record in this file at each of your decisions "
             "and when it ends or you leave; a file holding an unfinished game of yours is "
             "played on, by one terminal at a time (tycoon replay FILE --log tells it "
             "again).")] = None,
    position: Annotated[str | None, typer.Option(
        help="Local play: play on from this position file (docs/positions.md; tycoon replay "
             "RECORD --upto N --position writes one), which sets the seats and options.")]
    = None,
) -> None:
    """Play in the terminal, against bots or on a server (screen-reader friendly)."""
    from tycoon.terminal import command

    try:
        with stopped_by_signals():
            command(game, seats=seats, seed=seed, options=parse_options(option, preset),
                    lang=lang, name=name, title=title, server=server, game_id=game_id,
                    create=create, players=players, seat=seat, watch=watch, bots=bots,
                    record=record, position=position)
    except (KeyboardInterrupt, EOFError):
        err.print("\nbye")
    except (ValueError, RuntimeError) as exc:
        fail(str(exc))


@app.command()
def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option(min=1, help="How many games to play.")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the simulation.")] = 0,
    seats: Annotated[int | None, typer.Option(help="Number of seats.")] = None,
    preset: Annotated[str | None, typer.Option(help="A rules preset of the game.")] = None,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    workers: WorkersOpt = 1,
    ray: RayOpt = None,
    save: SaveOpt = None,
) -> None:
    """Play many games between random bots and summarise them."""
    from tycoon.study.simulate import simulate as run

    check_game(game)
    options = parse_options(option, preset)
    with study(f"simulating {game}", games, save) as advance:
        summary = run(game, games, seed, seats, options, advance, workers, ray, save)
    data = summary.to_json()
    if as_json:
        print(json.dumps(data, indent=2))
        return
    _print_summary(data)


def _print_summary(data: dict[str, Any]) -> None:
    from rich.table import Table

    from tycoon.study.runner import timing

    out = Console(soft_wrap=True)
    out.print(
        f"[bold]{data['game']}[/], {data['seats']} seats, {data['games']} games "
        f"({data['finished']} finished, {data['unfinished']} unfinished), "
        f"{timing(data['seconds'], data['resumed'], data['games'])}"
    )
    table = Table("what", "value")
    for seat, wins in data["wins_by_seat"].items():
        table.add_row(f"wins by seat {int(seat) + 1}", str(wins))
    for reason, wins in sorted(data["wins_by_reason"].items(), key=lambda kv: -kv[1]):
        table.add_row(f"wins by {reason.replace('_', ' ')}", str(wins))
    turns = data["turns"]
    table.add_row(
        "turns per game", f"mean {turns['mean']}, median {turns['median']}, p90 {turns['p90']}"
    )
    table.add_row("decisions per game", str(data["decisions_per_game"]))
    table.add_row("decisions per second", str(data["decisions_per_second"]))
    out.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database URL (default: $TYCOON_DB, else a SQLite file in your data "
                          "directory)."),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="NAME=VALUE", help=f"A server setting: {settings_help()}."),
    ] = None,
    log_format: Annotated[
        str | None,
        typer.Option(help="Log lines as text or json (one object per line); "
                          "default $TYCOON_LOG_FORMAT or text."),
    ] = None,
) -> None:
    """Run the game server with the web client at http://HOST:PORT/.

    Every setting can also be given as an environment variable (TYCOON_<NAME>, listed under
    --set); several processes on PostgreSQL and Redis: see docs/deploy.md (advertise_url).
    """
    from tycoon.server.main import serve as run

    flags = list(setting or [])
    if log_format is not None:
        flags.append(f"log_format={log_format}")
    try:
        run(host=host, port=port, db=db, flags=flags)
    except ValueError as exc:
        fail(str(exc))


@app.command()
def tournament(
    game: GameArg,
    bots: Annotated[str, typer.Option(help="Comma-separated bots, one per seat.")],
    games: Annotated[int, typer.Option(min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the tournament.")] = 0,
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print results as JSON.")] = False,
    plot: Annotated[Path | None, typer.Option(help="Folder for PNG plots.")] = None,
    option: OptionOpt = None,
    save: SaveOpt = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play each deal once per seat rotation (same cards and dice for every bot): "
            "less luck in the comparison. --games must be a multiple of the number of bots.",
        ),
    ] = False,
    ray: RayOpt = None,
    records: RecordsOpt = None,
) -> None:
    """Play bots against each other, seats rotated; win rates, CIs and Elo."""
    from tycoon.study.tournament import run_cli

    check_game(game)
    with study(f"{game} tournament", games, save) as advance:
        run_cli(
            game, bots, games, seed, workers, as_json, plot, parse_options(option), save,
            duplicate, ray, advance, records,
        )


@app.command()
def stats(
    game: GameArg,
    games: Annotated[int, typer.Option(min=1, help="How many games.")] = 200,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the study.")] = 0,
    option: OptionOpt = None,
    plot: Annotated[Path | None, typer.Option(help="Folder for PNG plots.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print results as JSON.")] = False,
    workers: WorkersOpt = 1,
    ray: RayOpt = None,
    save: SaveOpt = None,
) -> None:
    """Statistics a game designer wants: lengths, wins, first-player advantage, cards.

    --option bots=a,b,... and --option seats=N choose the players (default: the game's
    heuristic bot in every seat); other options are rules options.
    """
    from tycoon.study.stats import run_cli

    check_game(game)
    with study(f"{game} statistics", games, save) as advance:
        run_cli(game, games, seed, parse_options(option), plot, as_json, advance, workers, ray,
                save)


#: Flags of a study that change where its output goes, not what it finds.
OUTPUT_FLAGS = {"--json": 0, "--save": 1, "--records": 1}


def reproducing(args: list[str]) -> str:
    """The command that gives the same figures as ``tycoon ARGS``, without the flags that only
    say where the output goes (``--save FILE``, ``--records DIR``, ``--json``): a ratings
    file records it, and a path on one machine means nothing on another.

    >>> reproducing(["ladder", "deal", "--save", "/tmp/x.jsonl", "--games=4", "--json"])
    'tycoon ladder deal --games=4'
    """
    kept: list[str] = []
    skip = 0
    for arg in args:
        if skip:
            skip -= 1
            continue
        flag = arg.split("=", 1)[0]
        if flag in OUTPUT_FLAGS:
            skip = OUTPUT_FLAGS[flag] if "=" not in arg else 0
            continue
        kept.append(arg)
    return " ".join(["tycoon", *kept])


@app.command()
def ladder(
    game: GameArg,
    bots: Annotated[
        str | None,
        typer.Option(help="Comma-separated bots (default: every registered bot the game "
                     "can seat)."),
    ] = None,
    games: Annotated[
        int, typer.Option(min=1, help="Games per pair (duplicate deals, seats rotated: a "
                                 "multiple of the table's seats).")
    ] = 4,
    seats: Annotated[
        int | None, typer.Option(help="Table size (default: the game's smallest).")
    ] = None,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the ladder.")] = 0,
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print results as JSON.")] = False,
    plot: Annotated[Path | None, typer.Option(help="Folder for the PNG plot.")] = None,
    option: OptionOpt = None,
    save: SaveOpt = None,
    ray: RayOpt = None,
    ratings: Annotated[
        Path | None,
        typer.Option(help="Merge the ratings into this JSON file (the lobby reads "
                     "src/tycoon/bots/ladder.json)."),
    ] = None,
    records: RecordsOpt = None,
) -> None:
    """Play every bot against every other; Bradley–Terry Elo with bootstrap intervals."""
    import sys

    from tycoon.study.ladder import ladder_bots, run_cli
    from tycoon.study.tournament import split_bots

    check_game(game)
    try:
        names = split_bots(bots) if bots else ladder_bots(game)
        total = len(names) * (len(names) - 1) // 2 * games
    except ValueError as exc:
        fail(str(exc))
    command = reproducing(sys.argv[1:]) if sys.argv[1:2] == ["ladder"] else ""
    with study(f"{game} ladder", total, save) as advance:
        run_cli(
            game, ",".join(names), games, seed, workers, as_json, plot, parse_options(option),
            save, ray, ratings, command, advance, seats, records,
        )


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help=(
        "A record file (JSON: game, seats, seed, options, actions), such as the replay "
        "viewer's download or GET /api/games/ID/record of a finished game."))],
    upto: Annotated[int | None, typer.Option(min=0, help="Stop after this many actions.")] = None,
    seat: Annotated[int | None, typer.Option(
        min=1, help="See it as this seat (from 1) sees it (default: a spectator).")] = None,
    log: Annotated[bool, typer.Option(
        "--log", help="Print the game's events in words, one per line, instead of JSON.")] = False,
    lang: Annotated[str, typer.Option(help="--log's language: en, pt, es or fr.")] = "en",
    position: Annotated[bool, typer.Option(
        "--position", help="Print the whole position instead (every hand, the deck: the "
                           "JSON of docs/positions.md, which tycoon play --position plays "
                           "on from).")] = False,
) -> None:
    """Replay a game record: the view and result at the end as JSON, or with --log the game
    told in words, or with --position the position to play on from."""
    from tycoon.engine import LANGUAGES, Record
    from tycoon.engine import replay as run
    from tycoon.terminal.words import seat_beyond

    if lang not in LANGUAGES:
        fail(f"--lang takes one of {', '.join(LANGUAGES)}, not {lang!r}")
    if position and (log or seat is not None):
        fail("--position prints the whole position, every seat's secrets included: leave "
             "out --log and --seat")
    try:
        data = json.loads(record.read_bytes())
    except OSError as exc:
        fail(f"cannot read {record}: {exc.strerror}")
    except ValueError as exc:  # not JSON, or not UTF-8
        fail(f"{record} is not JSON: {exc}")
    try:
        rec = Record.from_json(data)
        check_game(rec.game)
        if seat is not None and seat > rec.seats:
            fail(str(seat_beyond(seat, rec.seats)))
        if upto is not None and upto > len(rec.actions):
            fail(f"--upto {upto}: the record has {len(rec.actions)} actions")
        audience = None if seat is None else seat - 1
        if log:
            from tycoon.terminal import tell

            # who chose each action, as a server's record says it (an unknown chooser says
            # nothing: tell() speaks only of those its catalog knows)
            chosen = [(a.get("by"), a.get("reason")) if isinstance(a, dict) else None
                      for a in data["actions"]]
            lines = list(tell(rec, data.get("players"), audience, lang, upto, chosen))
            print("\n".join(lines))
            return
        state = run(rec, upto)
        if position:
            print(json.dumps(state.to_json(), indent=2))
            return
        result = state.result().to_json()
        print(json.dumps({"view": state.view(audience), "result": result}, indent=2))
    except ValueError as exc:
        fail(str(exc))


def bare_ray(args: list[str]) -> list[str]:
    """``--ray`` given without an address means a local cluster: ``--ray local``.

    >>> bare_ray(["ladder", "toy", "--ray", "--games", "2"])
    ['ladder', 'toy', '--ray', 'local', '--games', '2']
    >>> bare_ray(["tournament", "toy", "--ray"])
    ['tournament', 'toy', '--ray', 'local']
    >>> bare_ray(["simulate", "toy", "--ray", "ray://head:10001"])
    ['simulate', 'toy', '--ray', 'ray://head:10001']
    """
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append("local")
    return out

from tycoon.learn.cli import train as _train  # noqa: E402 (the learned agent's trainer)

app.command("train")(_train)


#: Errors of a disk that cannot take what is written (full, over quota, read-only, failing).
DISK_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EIO})


def main() -> None:
    """Entry point of the ``tycoon`` console script. Output the disk cannot take (``--json >
    FILE`` on a full disk) ends the command with one line, as its own files' errors do."""
    import os
    import sys

    try:
        app(args=bare_ray(sys.argv[1:]), prog_name="tycoon")
    except OSError as exc:
        if exc.errno not in DISK_ERRORS:
            raise
        where = f" {exc.filename}" if exc.filename else " the output"
        print(f"error: cannot write{where}: {exc.strerror}", file=sys.stderr)
        # the output's buffer would fail again at exit, with Python's own message
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


if __name__ == "__main__":
    main()
