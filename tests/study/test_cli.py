"""The ``tycoon tournament`` and ``tycoon stats`` commands on tiny inputs."""

import json

import pytest
from typer.testing import CliRunner

from tycoon.cli import app
from tycoon.engine import get_game
from tycoon.study.stats import GameStats, run_stats, split_options, summarize

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


def test_tournament_json_and_plots(tmp_path):
    args = [
        "tournament",
        "deal",
        "--bots",
        "heuristic,random",
        "--games",
        "4",
        "--seed",
        "3",
        "--workers",
        "2",
        "--json",
        "--plot",
        str(tmp_path),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["bots"] == ["heuristic", "random"]
    rows = {r["bot"]: r for r in data["table"]}
    assert rows["heuristic"]["seat_games"] == 4
    assert rows["heuristic"]["wins"] + rows["random"]["wins"] == data["finished"]
    assert [r["lineup"][0] for r in data["results"]] == ["heuristic", "random"] * 2
    # stderr is not a terminal here: progress comes as plain lines, the last one complete
    assert "deal tournament: 4/4" in result.stderr
    for name in ("winrates.png", "lengths.png"):
        assert (tmp_path / name).read_bytes()[:8] == PNG


def test_tournament_table_for_capital_reports_unfinished_games():
    args = [
        "tournament",
        "capital",
        "--bots",
        "random,random,random,heuristic",
        "--games",
        "4",
        "--option",
        "turn_limit=20",
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "Elo" in result.stdout
    assert "unfinished" in result.stdout
    # think time in ms to three figures: a quick bot's showed as "0.000" s
    rows = [line.split() for line in result.stdout.splitlines()
            if line.startswith(("random ", "heuristic "))]
    assert "ms/move" in result.stdout and all(float(row[-1]) > 0 for row in rows), rows
    # the summary stays one line, however narrow the console: a log or a copy keeps it whole
    narrow = runner.invoke(app, args, env={"COLUMNS": "50"})
    summary = next(line for line in narrow.stdout.splitlines() if line.startswith("finished"))
    assert len(summary) > 50 and summary.endswith(" s"), narrow.stdout


def test_tournament_bad_bot_is_a_clear_error():
    result = runner.invoke(app, ["tournament", "deal", "--bots", "random,wizard", "--games", "1"])
    assert result.exit_code == 2
    assert "unknown bot 'wizard'" in result.output


def test_an_error_is_printed_as_written_brackets_and_all(monkeypatch):
    """The error line is plain text: "pip install 'tycoon[ray]'" lost its "[ray]" to the
    console's markup, and a value a user typed could style the line."""
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)
    result = runner.invoke(app, ["stats", "toy", "--games", "2", "--ray", "local"])
    assert result.exit_code == 2
    assert "--ray needs Ray: pip install 'tycoon[ray]'" in " ".join(result.output.split())
    result = runner.invoke(app, ["tournament", "deal", "--bots", "[bold]x,random"])
    assert "unknown bot '[bold]x'" in result.output


def test_stats_json_and_plots(tmp_path):
    args = ["stats", "deal", "--games", "3", "--seed", "2", "--json", "--plot", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 3 and data["finished"] + data["unfinished"] == 3
    assert sum(data["wins_by_seat"]) == data["finished"]
    assert data["first_player"]["games"] == data["finished"]
    # Deal's statistics extension: cards played and banked, colours of the winners' sets
    assert data["per_game"]["cards_played"] and data["per_game"]["banked"]
    assert data["bots"] == ["heuristic"]
    if data["finished"]:
        assert sum(data["tags"]["win_set_colors"].values()) >= 3 * data["finished"]
    # one plot per counter, named after it: "cards.png" showed whichever counter the first
    # game met first (banked cards, businesses built), whatever the file's name said
    counters = ["actions", "banked", "cards_played"]
    assert sorted(data["per_game"]) == counters
    for name in ("lengths", "wins", "money", *counters):
        assert (tmp_path / f"{name}.png").read_bytes()[:8] == PNG
    assert sorted(p.stem for p in tmp_path.iterdir()) == sorted(
        ["lengths", "wins", "money", *counters])


def test_stats_capital_text_with_options():
    args = [
        "stats",
        "capital",
        "--games",
        "2",
        "--option",
        "turn_limit=25",
        "--option",
        "card_supply=lap",
        "--option",
        "bots=random",
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "first player won" in result.stdout and "card_supply" in result.stdout
    assert "wins by victory card" in result.stdout  # the words of Capital's stats extension
    # the cards played by their names in the game's catalog ("Lion's Sight", not "lions sight")
    played = json.loads(runner.invoke(app, [*args, "--json"]).stdout)["per_game"]["cards_played"]
    names = get_game("capital").catalog("en")
    assert played and all(names[f"card.{card}.name"] in result.stdout for card in played)


def reported(width: int = 200, **data: object) -> list[str]:
    """The lines ``tycoon stats`` prints for a 10-game Deal study, ``data`` changed, on a
    terminal ``width`` columns wide."""
    from rich.console import Console

    from tycoon.study.stats import extension, report

    study = {
        "game": "deal", "games": 10, "seats": 2, "bots": ["heuristic"], "options": {},
        "finished": 8, "unfinished": 2,
        "turns": {"mean": 20, "median": 19, "p90": 30, "min": 9, "max": 41},
        "first_player": {"wins": 5, "games": 8, "win_rate": 0.625, "ci95": [0.3, 0.86],
                         "chance": 0.5},
        "wins_by_seat": [3, 5], "wins_by_reason": {"three_sets": 8},
        "tags": {"win_set_colors": {"dark_blue": 7}},
        "per_game": {"actions": {"end_turn": 20.5, "bank": 0.033},
                     "cards_played": {"just_say_no": 1.5}},
        "money_by_round": {"all": [float(r * 10) for r in range(25)]},
        "games_by_round": [10] * 25, "seconds": 0.5, "resumed": 0,
        **data,
    }
    console = Console(record=True, width=width)
    report(study, extension("deal"), console)
    return console.export_text().splitlines()


def test_stats_text_names_seats_from_1_and_labels_each_round_it_shows():
    lines = reported()
    text = "\n".join(lines)
    assert "seat 1  3  37.5%" in text and "seat 2  5  62.5%" in text
    assert "three sets  8  100.0%" in text and "end turn  20.50" in text
    # cards and colours by the game's English words, where its stats extension names them
    assert "Dark blue  7" in text and "Just Say No  1.50" in text
    # means to two places, their points in line ("0.033" under "20.5" before)
    assert "bank       0.03" in text
    head = next(i for i, line in enumerate(lines) if line.split()[:1] == ["round"])
    rows = [line.split() for line in lines[head + 1:head + 10]]
    assert [r[0] for r in rows] == ["1", "4", "7", "10", "13", "16", "19", "22", "25"]
    assert all(r[1] == str((int(r[0]) - 1) * 10) for r in rows)  # round r's own mean


def test_stats_money_table_stops_where_few_games_are_left_and_says_how_many():
    """The table of money by round covers the rounds a tenth of the games reach, as the plot
    does, with how many games each mean is over: a 100-game Capital study printed round 51's
    mean of one game (-431.5) beside round 1's of a hundred."""
    lines = reported(games=20, money_by_round={"all": [float(r) for r in range(12)]},
                     games_by_round=[20] * 6 + [2, 1, 1, 1, 1, 1])
    head = next(i for i, line in enumerate(lines) if line.split()[:1] == ["round"])
    assert lines[head].split() == ["round", "mean", "bank", "value", "(M)", "games"]
    assert [line.split() for line in lines[head + 1:]] == [
        [str(r + 1), str(r), "20"] for r in range(6)] + [["7", "6", "2"]]


def test_stats_money_table_fits_an_80_column_terminal():
    """A Capital study's means by round ("-420.5" beside ten others) were cut to "-420…" in an
    80-column terminal: the rounds are rows now, each mean whole."""
    money = [500.0 - 91.23 * r for r in range(47)]
    lines = reported(money_by_round={"all": money}, games_by_round=[10] * 47, width=80)
    assert not any("…" in line for line in lines)
    head = next(i for i, line in enumerate(lines) if line.split()[:1] == ["round"])
    assert lines[head + 1:][-1].split() == ["47", f"{money[-1]:g}", "10"]


def test_stats_bad_option_is_a_clear_error():
    result = runner.invoke(app, ["stats", "capital", "--games", "1", "--option", "card_supply=x"])
    assert result.exit_code == 2 and "card_supply" in result.output


def test_split_options_takes_out_bots_and_seats():
    assert split_options({"turn_limit": 9}) == ([], None, {"turn_limit": 9})
    assert split_options({"bots": "heuristic,random", "turn_limit": 9}) == (
        ["heuristic", "random"],
        None,
        {"turn_limit": 9},
    )


def _row(index, winner, turns, tags=None, money=(), wealth=(), counts=None):
    finished = winner is not None
    return GameStats(index, index, ["heuristic"] * 2, 2, 0, finished, winner,
                     "three_sets" if finished else None, turns, tags or {}, counts or {},
                     [list(m) for m in money], [list(w) for w in wealth])


def test_summary_against_hand_computed_games():
    # three 2-seat games: seat 0 moved first in all; winners 0, 1, none
    rows = [
        _row(1, 0, 10, {"win_set_colors": ["red"]}, money=[[1, 2], [3, 5]],
             wealth=[[2, 2], [6, 5]], counts={"cards_played": {"sly_deal": 2}}),
        _row(2, 1, 20, {"win_set_colors": ["red", "green"]}, money=[[0, 0]], wealth=[[1, 1]],
             counts={"cards_played": {"sly_deal": 1, "pass_go": 3}}),
        _row(3, None, 30, money=[[4, 4]], wealth=[[4, 8]]),
    ]
    data = summarize("deal", ["heuristic"], {}, rows)
    assert data["finished"] == 2 and data["unfinished"] == 1
    assert data["turns"]["mean"] == 20 and data["turns"]["median"] == 20
    assert data["first_player"]["wins"] == 1 and data["first_player"]["win_rate"] == 0.5
    assert data["wins_by_reason"] == {"three_sets": 2}
    assert data["tags"]["win_set_colors"] == {"red": 2, "green": 1}
    assert data["per_game"]["cards_played"] == {"sly_deal": 1.0, "pass_go": 1.0}
    # round 1: winners had 1 (game 1, seat 0) and 0 (game 2, seat 1); all seats' mean 11/6
    assert data["money_by_round"]["winner"][0] == 0.5
    assert data["money_by_round"]["all"][0] == round(11 / 6, 1)
    assert data["money_by_round"]["others"][1] == 5.0
    assert data["wealth_by_round"]["winner"] == [1.5, 6.0]
    assert data["games_by_round"] == [3, 1]
    assert data["turns_per_game"] == [10, 20, 30]


def test_run_stats_is_reproducible():
    a = run_stats("deal", 3, 7, {"bots": "random"})
    b = run_stats("deal", 3, 7, {"bots": "random"})
    assert a.pop("seconds") >= 0 and b.pop("seconds") >= 0
    assert a == b


def test_tournament_save_file_resumes_from_the_command_line(tmp_path):
    save = tmp_path / "deal.jsonl"
    base = ["tournament", "deal", "--bots", "heuristic,random", "--seed", "3", "--json"]
    first = runner.invoke(app, [*base, "--games", "2", "--save", str(save)])
    assert first.exit_code == 0, first.output
    more = runner.invoke(app, [*base, "--games", "4", "--save", str(save)])
    assert more.exit_code == 0, more.output
    plain = runner.invoke(app, [*base, "--games", "4"])
    results = [json.loads(r.stdout)["results"] for r in (more, plain)]
    for rs in results:
        for r in rs:
            r.pop("think")
    assert results[0] == results[1]
    assert len(save.read_text().splitlines()) == 1 + 4
    other = runner.invoke(app, [*base[:-3], "--seed", "4", "--games", "1", "--save", str(save)])
    assert other.exit_code != 0 and "another tournament" in other.output


def test_tournament_duplicate_flag_plays_each_deal_from_both_seats():
    args = ["tournament", "deal", "--bots", "heuristic,random", "--games", "4", "--duplicate"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    seeds = [r["seed"] for r in data["results"]]
    assert data["duplicate"] is True and seeds[0] == seeds[1] != seeds[2] == seeds[3]


def test_every_command_has_help():
    for command in ("play", "simulate", "serve", "tournament", "stats", "ladder", "replay"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, (command, result.output)
        assert "Usage" in result.output
    for command in ("simulate", "tournament", "stats", "ladder"):
        out = runner.invoke(app, [command, "--help"]).output
        assert "--ray" in out and "--workers" in out and "--save" in out


def test_bare_ray_means_a_local_cluster():
    from tycoon.cli import bare_ray

    assert bare_ray(["stats", "toy", "--ray"]) == ["stats", "toy", "--ray", "local"]
    assert bare_ray(["stats", "toy", "--ray", "--json"]) == [
        "stats", "toy", "--ray", "local", "--json"]
    assert bare_ray(["stats", "toy", "--ray", "10.0.0.1:6379"]) == [
        "stats", "toy", "--ray", "10.0.0.1:6379"]


def test_bad_flags_are_clear_errors():
    for args, words in (
        (["tournament", "toy", "--bots", "random,random", "--workers", "0"], "workers"),
        (["simulate", "nogame"], "unknown game 'nogame'"),
        (["stats", "toy", "--option", "seats=x"], "seats must be an integer"),
        (["simulate", "toy", "--seats", "9"], "2 to 4 seats"),
        (["ladder", "toy", "--games", "0"], "games"),
        (["tournament", "toy", "--bots", "random,firstpick:depth=2"], "known parameters"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)


def test_more_games_than_a_study_holds_are_refused_before_any_is_played():
    """A study keeps its tasks and results in memory: 10**20 games built a list without
    end (no error, no progress), so every command refuses more than a million at once."""
    huge = str(10**20)
    for args, words in (
        (["simulate", "toy", "--games", huge], "from 1 to 1,000,000"),
        (["stats", "toy", "--games", huge], "from 1 to 1,000,000"),
        (["tournament", "toy", "--bots", "random,random", "--games", huge],
         "from 1 to 1,000,000"),
        (["ladder", "toy", "--bots", "random,firstpick", "--games", huge],
         "games per pair must be a whole number from 1 to 1,000,000"),
        (["ladder", "toy", "--bots", "random,firstpick,random:skill=1", "--games", "400000"],
         "at most 1,000,000 games, not 3 pairs of 400,000"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in " ".join(result.output.split()), (args, result.output)


def test_an_output_folder_that_cannot_be_written_is_refused_before_the_games(tmp_path):
    """--plot, --records and --ladder's --ratings name where files go: a folder that cannot
    be made (here: a file stands in its way) is refused at once with its name, not after
    hours of games (--plot was a traceback once the games were over)."""
    taken = tmp_path / "taken"
    taken.write_text("a file")
    many = ["--games", "100000"]  # never played: refused first
    for args in (
        ["tournament", "toy", "--bots", "random,random", *many, "--plot", str(taken)],
        ["tournament", "toy", "--bots", "random,random", *many, "--records", str(taken)],
        ["stats", "toy", *many, "--plot", str(taken / "plots")],
        ["ladder", "toy", "--bots", "random,firstpick", *many, "--plot", str(taken)],
        ["ladder", "toy", "--bots", "random,firstpick", *many,
         "--ratings", str(taken / "ladder.json")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "cannot write" in result.output and "taken" in result.output, (args, result.output)


def test_simulate_and_stats_of_the_toy_game_resume_from_a_save_file(tmp_path):
    save = tmp_path / "sim.jsonl"
    args = ["simulate", "toy", "--games", "3", "--seed", "4", "--json", "--save", str(save)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, [*args[:3], "5", *args[4:]])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["games"] == 5
    assert json.loads(again.stdout)["resumed"] == 3
    assert len(save.read_text().splitlines()) == 1 + 5
    # the summary says which games this run played; its decisions per second are theirs alone
    told = runner.invoke(app, ["simulate", "toy", "--games", "6", "--seed", "4", "--save",
                               str(save)])
    assert told.exit_code == 0, told.output
    assert "5 games from the save file, 1 played in" in " ".join(told.stdout.split())
    again = runner.invoke(app, [*args[:3], "6", *args[4:]])
    summary = json.loads(again.stdout)
    assert summary["resumed"] == 6 and summary["decisions_per_second"] is None
    stats = ["stats", "toy", "--games", "2", "--json", "--save", str(tmp_path / "st.jsonl")]
    a, b = runner.invoke(app, stats), runner.invoke(app, stats)
    assert a.exit_code == 0, a.output
    first, second = json.loads(a.stdout), json.loads(b.stdout)
    assert (first.pop("resumed"), second.pop("resumed")) == (0, 2)
    assert first.pop("seconds") >= 0 and second.pop("seconds") >= 0
    assert first == second
    assert first["bots"] == ["random"]  # Toy has no heuristic extension
    # and says so, as simulate does (it said nothing of the save file)
    told = runner.invoke(app, ["stats", "toy", "--games", "3", "--save",
                               str(tmp_path / "st.jsonl")])
    assert "2 games from the save file, 1 played in" in " ".join(told.stdout.split())


def test_a_full_disk_ends_a_study_with_one_line(tmp_path):
    """Plots, or the output sent to a file, that the disk cannot take (/dev/full: "No space
    left on device") ended `tycoon stats --plot` and `tycoon simulate --json > FILE` with
    tracebacks (the second one twice, as Python failed again to flush at exit). Each now
    ends with one line naming what could not be written, and status 1."""
    import errno
    import os
    import subprocess
    import sys
    from pathlib import Path

    import matplotlib.pyplot as plt
    import pytest

    from tycoon.study.records import save_figure

    fig = plt.figure()

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    fig.savefig = full
    with pytest.raises(ValueError, match=r"cannot write plots/a\.png: No space left on device"):
        save_figure(fig, Path("plots/a.png"), 50)
    with open("/dev/full", "w") as device:
        done = subprocess.run([sys.executable, "-m", "tycoon.cli", "simulate", "toy", "--games",
                               "2", "--json"], stdout=device, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == ("error: cannot write the output: No space left on "
                                            "device")
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def _on_a_terminal(args: list[str], stdout_too: bool) -> tuple[str, bytes]:
    """Run ``tycoon ARGS`` with stderr on a pseudo-terminal (stdout too, or to a pipe):
    what came out on stdout, and what the terminal was sent."""
    import os
    import pty
    import subprocess
    import sys
    import threading

    master, slave = pty.openpty()
    screen = bytearray()

    def drain() -> None:  # the bar's redraws must not fill the terminal's buffer
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            screen.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120"}
    done = subprocess.run([sys.executable, "-m", "tycoon.cli", *args], env=env, timeout=300,
                          stdout=slave if stdout_too else subprocess.PIPE, stderr=slave)
    os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    assert done.returncode == 0, bytes(screen).decode(errors="replace")
    return (done.stdout or b"").decode(), bytes(screen)


STUDIES = {
    "tournament": (["tournament", "toy", "--bots", "random,firstpick", "--games", "4"],
                   "toy: 4 games, seed"),
    "stats": (["stats", "toy", "--games", "4"], ": 4 games, 2 seats"),
    "ladder": (["ladder", "toy", "--bots", "random,firstpick", "--games", "4"],
               "toy ladder: 4 games"),
}


@pytest.mark.parametrize("study", STUDIES)
def test_on_a_terminal_the_bar_leaves_the_output_to_stdout_and_goes_before_it(study):
    """The progress bar on a terminal (rich's, on stderr) took over stdout while it was
    shown, and tournament, stats and ladder print their results before it is taken down:
    ``--json > FILE`` from a terminal wrote nothing to FILE (the JSON went to the screen),
    and the table's title was written on the bar's line, the bar drawn again below it."""
    args, title = STUDIES[study]
    out, screen = _on_a_terminal([*args, "--json"], stdout_too=False)
    assert json.loads(out)["games"] == 4
    assert (b"statistics" if study == "stats" else study.encode()) in screen  # a bar
    assert b'"games"' not in screen
    _, screen = _on_a_terminal(args, stdout_too=True)
    assert title.encode() in screen
    assert screen.index(b"4/4") < screen.index(title.encode())  # finished and taken down


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_a_stopped_study_says_what_it_kept_and_resumes(tmp_path, how):
    """Ctrl-C (SIGINT to the terminal's whole process group, workers included) or SIGTERM to
    the command: it ended with status 130, a traceback line from each worker ("Process
    SpawnPoolWorker-1:") and not a word on the games kept. It now says how many games ended
    and that the same command plays the others, and that command does."""
    import os
    import signal
    import subprocess
    import sys
    import time

    save = tmp_path / "deal.jsonl"
    args = [sys.executable, "-m", "tycoon.cli", "tournament", "deal", "--bots",
            "ismcts:iterations=20,medium", "--games", "6", "--seed", "2", "--workers", "2",
            "--save", str(save)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while (not save.exists() or len(save.read_text().splitlines()) < 2) \
            and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)
    out, errors = proc.communicate(timeout=120)
    assert proc.returncode == 130, errors
    kept = len(save.read_text().splitlines()) - 1
    assert 1 <= kept < 6
    assert errors.splitlines()[-1] == (f"stopped after {kept} of 6 games; {save} keeps them: "
                                       f"the same command plays the other {6 - kept}")
    assert "Traceback" not in errors and "Process" not in errors and out == ""
    again = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert f"{kept} games from the save file, {6 - kept} played in" in again.stdout


def test_a_save_file_is_played_by_one_run_at_a_time(tmp_path):
    """Two runs of one study on one save file (a resume started twice, in two terminals)
    both played every game and appended it: the file held each game twice, time-budgeted
    bots' twice with different results, and a run that found the other's half-written last
    line cut it. The second run is now refused before it reads the file, which the first
    finishes alone; once it has ended, the same command goes on from the file."""
    import subprocess
    import sys
    import time

    save = tmp_path / "deal.jsonl"
    args = [sys.executable, "-m", "tycoon.cli", "tournament", "deal", "--bots",
            "ismcts:iterations=20,medium", "--games", "12", "--seed", "2", "--save", str(save)]
    first = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not save.exists() and time.monotonic() < deadline and first.poll() is None:
        time.sleep(0.05)
    assert first.poll() is None  # still playing (about 1 s a game)
    second = subprocess.run(args, capture_output=True, text=True, timeout=120)
    _, errors = first.communicate(timeout=300)
    assert first.returncode == 0, errors
    assert second.returncode == 2 and second.stdout == ""
    assert second.stderr.splitlines()[-1] == (
        f"error: {save} is the save file of a run going on (another command is playing its "
        "games): let it end, then run the same command to go on, or choose another file for "
        "--save")
    indices = [json.loads(line)["index"] for line in save.read_text().splitlines()[1:]]
    assert sorted(indices) == list(range(12))
    again = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and "all 12 games from the save file" in again.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deal.jsonl"]  # no lock left
