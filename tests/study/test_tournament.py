"""Tournaments: seat rotation, reproducibility whatever the workers, tables and plots."""

import json
from pathlib import Path

import pytest

from tycoon.engine import games
from tycoon.study.tournament import (
    default_options,
    game_seed,
    plot_tournament,
    run_tournament,
    split_bots,
)

TOY = "toy"


def _comparable(t):
    """A tournament's JSON without wall-clock times and how many games came from a save file,
    the only things that may differ."""
    data = t.to_json()
    data.pop("seconds")
    data.pop("resumed")
    for r in data["results"]:
        r.pop("think")
    for row in data["table"]:
        row.pop("seconds_per_decision")
    return data


def test_seats_rotate_so_each_bot_plays_each_seat_equally():
    t = run_tournament(TOY, ["ismcts:iterations=10", "random"], 6, seed=1)
    assert [r.lineup for r in t.results] == [
        ["ismcts:iterations=10", "random"],
        ["random", "ismcts:iterations=10"],
    ] * 3
    assert [r.index for r in t.results] == list(range(6))
    assert len({r.seed for r in t.results}) == 6
    assert t.results[0].seed == game_seed(1, 0)


def test_same_seed_same_tournament_with_one_or_two_workers():
    bots = ["ismcts:iterations=15", "random"]
    a = _comparable(run_tournament(TOY, bots, 12, seed=5, workers=1))
    b = _comparable(run_tournament(TOY, bots, 12, seed=5, workers=2))
    c = _comparable(run_tournament(TOY, bots, 12, seed=6, workers=1))
    assert a == b
    assert a["results"] != c["results"]


def test_table_counts_wins_and_gives_intervals_and_elo():
    t = run_tournament(TOY, ["random", "ismcts:iterations=20"], 20, seed=2)
    rows = {r["bot"]: r for r in t.table()}
    winners = [r.lineup[r.winner] for r in t.results]
    for name, row in rows.items():
        assert row["seat_games"] == 20
        assert row["wins"] == winners.count(name)
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    assert sum(r["wins"] for r in rows.values()) == 20
    better = max(rows.values(), key=lambda r: r["wins"])
    assert better["elo"] >= 1500 >= min(r["elo"] for r in rows.values())


def test_bad_lineups_are_refused():
    with pytest.raises(ValueError, match="known bots"):
        run_tournament(TOY, ["random", "wizard"], 2)
    with pytest.raises(ValueError, match="seats"):
        run_tournament(TOY, ["random"] * 5, 2)
    with pytest.raises(ValueError, match="parameter"):
        run_tournament(TOY, ["random", "ismcts:budget=3"], 2)


def test_split_bots_keeps_parameters_with_their_bot():
    assert split_bots("heuristic, random,ismcts:seconds=1.0,c=0.5") == [
        "heuristic",
        "random",
        "ismcts:seconds=1.0:c=0.5",
    ]


def test_games_without_a_turn_limit_are_bounded_by_default_from_their_options():
    """The cap comes from data: a ``turn_limit`` option that defaults to none gets 300."""
    from dataclasses import replace

    from tycoon.engine import Option, get_game, register

    toy = get_game("toy")
    unbounded = replace(
        toy, name="toy-unbounded",
        options=tuple(
            Option("turn_limit", "int", None, minimum=1, nullable=True) if o.name == "turn_limit"
            else o for o in toy.options),
    )
    register(unbounded)
    assert default_options("toy-unbounded", {"round_every": 3}) == {
        "round_every": 3,
        "turn_limit": 300,
    }
    assert default_options("toy-unbounded", {"turn_limit": None}) == {"turn_limit": None}
    assert default_options("toy", {}) == {}  # its own default is a limit already
    for game in games():
        info = get_game(game)
        limit = [o for o in info.options if o.name == "turn_limit"]
        if limit and limit[0].default is None:
            assert default_options(game, {})["turn_limit"] == 300


def test_plots_are_png_files(tmp_path):
    t = run_tournament(TOY, ["random", "random"], 4, seed=0)
    paths = plot_tournament(t, tmp_path / "plots")
    assert [p.name for p in paths] == ["winrates.png", "lengths.png"]
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_saved_tournament_resumes_and_extends_with_the_same_results(tmp_path):
    bots = ["ismcts:iterations=10", "random"]
    whole = run_tournament(TOY, bots, 8, seed=4)
    save = tmp_path / "games.jsonl"
    run_tournament(TOY, bots, 3, seed=4, save=save)
    lines = save.read_text().splitlines()
    assert len(lines) == 1 + 3 and json.loads(lines[0])["seed"] == 4
    # a crash in the middle of writing a game: the half line is dropped, the game replayed
    with save.open("a") as f:
        f.write(lines[1][:25])
    played = []
    extended = run_tournament(TOY, bots, 8, seed=4, save=save, progress=played.append)
    assert played[0] == 3 and sum(played) == 8  # 3 reused, then 5 played one by one
    assert (whole.resumed, extended.resumed) == (0, 3)
    assert _comparable(extended) == _comparable(whole)
    assert len(save.read_text().splitlines()) == 1 + 8
    # everything is saved: nothing is played again, and fewer games reuse a prefix
    again = run_tournament(TOY, bots, 8, seed=4, save=save, workers=2)
    assert _comparable(again) == _comparable(whole)
    assert [r.index for r in run_tournament(TOY, bots, 2, seed=4, save=save).results] == [0, 1]


def test_a_full_disk_stops_a_saved_tournament_clearly_and_it_resumes(tmp_path, monkeypatch):
    """The disk fills while a tournament saves its games: it stops with "cannot write FILE:
    No space left on device", not a traceback (two, as the file's close failed again), and
    the same command then goes on from the games saved before."""
    import errno
    import os

    from tycoon.study import runner

    bots = ["ismcts:iterations=10", "random"]
    whole = run_tournament(TOY, bots, 6, seed=4)
    save = tmp_path / "games.jsonl"
    syncs = []

    def fsync(fd: int) -> None:
        syncs.append(fd)
        if len(syncs) > 4:  # the header and three games fit
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(runner.os, "fsync", fsync)
    with pytest.raises(ValueError, match=r"cannot write .*games\.jsonl: No space left on "
                                         r"device; the games saved before are kept"):
        run_tournament(TOY, bots, 6, seed=4, save=save)
    monkeypatch.undo()
    resumed = run_tournament(TOY, bots, 6, seed=4, save=save)
    assert resumed.resumed >= 3 and _comparable(resumed) == _comparable(whole)


def test_a_save_file_of_another_tournament_or_a_forged_game_is_refused(tmp_path):
    bots = ["random", "random"]
    save = tmp_path / "games.jsonl"
    run_tournament(TOY, bots, 2, seed=1, save=save)
    before = save.read_bytes()
    with pytest.raises(ValueError, match="another tournament"):
        run_tournament(TOY, bots, 2, seed=2, save=save)
    with pytest.raises(ValueError, match="another tournament"):
        run_tournament(TOY, ["random", "ismcts:iterations=5"], 2, seed=1, save=save)
    assert save.read_bytes() == before  # a refused run changes nothing
    lines = save.read_text().splitlines()
    game = json.loads(lines[1])
    for forged, why in (
        ({**game, "seed": game["seed"] + 1}, "does not belong"),
        ({**game, "extra": 1}, "exactly the fields"),
        ({**game, "index": -1}, "bad game index"),
    ):
        save.write_text("\n".join([lines[0], json.dumps(forged)]) + "\n")
        with pytest.raises(ValueError, match=why):
            run_tournament(TOY, bots, 2, seed=1, save=save)
    save.write_text("not json\n")
    with pytest.raises(ValueError, match="line 1"):
        run_tournament(TOY, bots, 2, seed=1, save=save)
    # a folder: refused before its lock would be made beside it ("/": "has an empty name")
    for folder in (tmp_path, Path("/")):
        with pytest.raises(ValueError, match=f"^cannot write {folder}: Is a directory$"):
            run_tournament(TOY, bots, 2, seed=1, save=folder)
    assert not (tmp_path.parent / f"{tmp_path.name}.lock").exists()


def test_a_duplicate_tournament_replays_each_deal_with_the_bots_rotated(tmp_path):
    bots = ["ismcts:iterations=10", "random"]
    t = run_tournament(TOY, bots, 6, seed=3, duplicate=True)
    seeds = [r.seed for r in t.results]
    assert seeds[0::2] == seeds[1::2] and len(set(seeds)) == 3
    assert [r.lineup for r in t.results[:2]] == [bots, bots[::-1]]
    assert t.to_json()["duplicate"] is True
    # a save file remembers the format: a plain tournament cannot reuse it
    save = tmp_path / "dup.jsonl"
    again = run_tournament(TOY, bots, 6, seed=3, duplicate=True, save=save)
    assert _comparable(again) == _comparable(t)
    with pytest.raises(ValueError, match="another tournament"):
        run_tournament(TOY, bots, 6, seed=3, save=save)
    # a seventh game would have played the fourth deal from one seat only
    with pytest.raises(ValueError, match=r"games must be a multiple of 2 .*not 7"):
        run_tournament(TOY, bots, 7, seed=3, duplicate=True, save=save)
    assert len(save.read_text().splitlines()) == 1 + 6


def test_the_table_wraps_a_long_bot_spec_between_its_parameters(monkeypatch):
    """On an 80-column terminal a spec too long for its column breaks after a ``:``, so no
    parameter is cut in two (``iterat`` / ``ions=20`` before)."""
    from typer.testing import CliRunner

    from tycoon.cli import app

    monkeypatch.setenv("COLUMNS", "80")
    result = CliRunner().invoke(app, ["tournament", TOY, "--bots",
                                      "ismcts:iterations=10:c=0.5:seconds=100,random",
                                      "--games", "2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith("ismcts"))
    cells = [line.split()[0] for line in lines[first:]]
    cells = cells[:cells.index("random")]
    assert len(cells) > 1 and all(cell.endswith(":") for cell in cells[:-1])
    assert "".join(cells) == "ismcts:iterations=10:c=0.5:seconds=100"


def test_a_ladder_title_longer_than_its_columns_keeps_to_one_line(monkeypatch):
    """The ladder's table of four short names is narrower than its title: the title wrapped
    ("capital ladder: 96 games (16 per pair)," then "seed 1" on a line of its own)."""
    from typer.testing import CliRunner

    from tycoon.cli import app

    monkeypatch.setenv("COLUMNS", "80")
    result = CliRunner().invoke(app, ["ladder", TOY, "--bots", "random,easy", "--games", "12",
                                      "--seed", "123"])
    assert result.exit_code == 0, result.output
    title = f"{TOY} ladder: 12 games (12 per pair), seed 123"
    assert title in [line.strip() for line in result.stdout.splitlines()], result.stdout


def test_a_stop_while_a_game_is_saved_and_counted_waits_for_both():
    """A study saves a game's line and counts it with the stops held back (``signals_held``),
    so that Ctrl-C says as many games as the save file keeps. The system may hand the signal
    to another thread of the process (a process pool has three), which did not hold it back,
    and Python then raised KeyboardInterrupt in the main thread in the middle of the block:
    "stopped after 0 of 6 games" with one game in the file."""
    import signal
    import threading
    import time

    from tycoon.study.runner import signals_held

    other = threading.Thread(target=time.sleep, args=(0.5,))
    other.start()
    steps = []
    with pytest.raises(KeyboardInterrupt), signals_held():
        signal.pthread_kill(other.ident, signal.SIGINT)
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline:  # a pending signal's handler runs in here
            steps.append("saving")
        steps.append("counted")
    other.join()
    assert steps[-1] == "counted"
