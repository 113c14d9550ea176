"""Whole local games in a real pseudo-terminal, read as a screen reader would read them
(issue 13): ``tycoon play`` for the Toy plugin, Capital (with its minigames, C-9) and Deal;
plain ``--help``; end of input leaves cleanly."""

from __future__ import annotations

import os
import subprocess

import pytest

from .readable import check_lines
from .terminal_process import PYTHON, lines_of, play_through, spawn_terminal

BOXES = set("╭╮╰╯│─┌┐└┘")


@pytest.mark.parametrize("game,args,others", [
    ("toy", ["--seed", "3"], ["Seat 2"]),
    ("capital", ["--seed", "5", "-o", "turn_limit=24"],
     ["Seat 2 (red)", "Seat 3 (blue)", "Seat 4 (green)"]),
    ("deal", ["--seed", "3", "--seats", "3", "-o", "turn_limit=30"], ["Seat 2", "Seat 3"]),
])
def test_a_whole_local_game_reads_well(game, args, others):
    term = spawn_terminal(game, *args)
    lines = lines_of(play_through(term, limit=3000))
    assert lines[0].endswith("You are Seat 1." if game != "capital"
                             else "You are Seat 1 (yellow).")
    assert lines[-2].startswith("Game over after ") and lines[-1].startswith("Standings: ")
    assert any(line.startswith("Your decision:") for line in lines)
    if game == "capital":  # a minigame was played without the picture (C-9)
        assert any(": you have 30 seconds." in line for line in lines)
    check_lines(lines, others=others)
    assert term.wait() == 0


def test_end_of_input_leaves_the_game_cleanly():
    term = spawn_terminal("deal", "--seed", "3")
    term.expect(r"Your choice \(")
    term.sendeof()
    term.expect("You left the game.")
    term.expect(pexpect_eof())
    assert term.wait() == 0


@pytest.mark.parametrize("signal", ["SIGHUP", "SIGTERM"])
def test_a_closed_terminal_window_still_writes_the_record(tmp_path, signal):
    """The window closed (SIGHUP) or the process told to stop (SIGTERM) mid-game: the record
    keeps the game as far as it went, as when the person leaves (Python's own handling ended
    the process at once, and the file kept the empty game it was started with)."""
    import json
    import signal as signals

    saved = tmp_path / "game.json"
    term = spawn_terminal("deal", "--seed", "3", "--record", str(saved))
    term.expect(r"Your choice \(")
    term.sendline("1")
    term.expect(r"Your choice \(")
    term.kill(getattr(signals, signal))
    term.expect(pexpect_eof())
    term.wait()
    record = json.loads(saved.read_text())
    assert len(record["actions"]) >= 1
    out = subprocess.run([PYTHON, "-m", "tycoon.cli", "replay", str(saved), "--log"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert out.startswith("Turn 1: ")


def pexpect_eof():
    import pexpect

    return pexpect.EOF


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {}])
def test_help_is_plain_text_without_a_terminal_or_with_no_color(env):
    out = subprocess.run([PYTHON, "-m", "tycoon.cli", "play", "--help"], capture_output=True,
                         text=True, env={**os.environ, **env}, timeout=60, check=True).stdout
    assert "--server" in out and "--lang" in out
    assert not BOXES & set(out), out


def test_help_in_a_terminal_with_no_color_is_plain():
    term = spawn_terminal("--help")  # NO_COLOR is set by spawn_terminal
    term.expect(pexpect_eof())
    assert "--create" in term.before and not BOXES & set(term.before)
