"""``tycoon play GAME --position FILE`` plays on from a position of docs/positions.md (a puzzle,
a bug report, or ``tycoon replay RECORD --upto N --position``), as seat ``--seat``; bad files
and flags are refused with a message that names them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tycoon.cli import app
from tycoon.engine import Recorder, get_game, replay
from tycoon.terminal import command, play

runner = CliRunner()


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> tuple[Path, Recorder]:
    """Ten random actions of a 2-seat Deal game, saved as a record."""
    rec = Recorder.new("deal", 2, 5)
    pick = random.Random(5)
    for _ in range(10):
        seat = rec.state.to_move()[0]
        rec.apply(seat, pick.choice(rec.state.legal_actions(seat)))
    path = tmp_path_factory.mktemp("rec") / "game.json"
    path.write_text(json.dumps(rec.record.to_json()))
    return path, rec


def test_replay_writes_the_whole_position_after_n_actions(record, tmp_path):
    path, rec = record
    out = runner.invoke(app, ["replay", str(path), "--upto", "7", "--position"])
    assert out.exit_code == 0, out.output
    position = json.loads(out.stdout)
    assert position == json.loads(json.dumps(replay(rec.record, 7).to_json()))
    assert get_game("deal").from_json(position).to_json() == replay(rec.record, 7).to_json()
    refused = runner.invoke(app, ["replay", str(path), "--position", "--seat", "1"])
    assert refused.exit_code == 2 and "leave out --log and --seat" in refused.output


@pytest.mark.parametrize("seat", [1, 2])
def test_play_goes_on_from_the_position_as_the_chosen_seat_MD_3_1(record, tmp_path, seat):
    """The game goes on where the position stands: its turn, the seat's hand, and the bots
    play the other seat (MD-3.1: the player to move draws at the start of their turn)."""
    _path, rec = record
    position = tmp_path / "pos.json"
    position.write_text(json.dumps(rec.state.to_json()))
    out: list[str] = []
    answers = iter(["q"])
    assert play("deal", position=position, me=seat - 1, bots=["medium"],
                read=lambda _prompt: next(answers), write=out.append) is None
    text = "\n".join(out)
    assert f"You are Seat {seat}." in text
    turns = [line for line in out if line.startswith("Turn ")]
    assert not turns or int(turns[0].split()[1].rstrip(":")) >= rec.state.turn
    assert "Turn 1:" not in text  # not a new game
    assert "Your decision:" in text


def test_a_puzzle_made_by_hand_is_played_to_its_win_MD_8_1(tmp_path):
    """docs/positions.md's format is meant for puzzles: seat 1 holds full Brown and Dark blue
    sets, two Greens and the third; playing it wins at once (MD-8.1: three full sets of
    different colours)."""
    placed = [45, 5, 20, 21, 46, 47, 43, 44, 74]
    sets = [{"color": c, "cards": cards, "house": None, "hotel": None}
            for c, cards in (("brown", [20, 21]), ("dark_blue", [46, 47]), ("green", [43, 44]))]
    position = tmp_path / "puzzle.json"
    position.write_text(json.dumps({
        "game": "deal", "turn": 5, "current": 0, "phase": "play", "plays_left": 3,
        "seats": [{"seat": 0, "hand": [45, 5], "bank": [], "sets": sets},
                  {"seat": 1, "hand": [74], "bank": [], "sets": []}],
        "deck": [c for c in range(106) if c not in placed], "discard": [], "pending": None,
        "winner": None, "rng": {"seed": 1}}))
    out: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        menu = [line for line in out if line.startswith(("1. ", "2. ", "3. "))]
        green = next(line for line in reversed(menu) if "Green property" in line)
        return green.split(".")[0]

    result = play("deal", position=position, bots=["medium"], read=read, write=out.append)
    assert result is not None and result["winner"] == 0, out
    assert len(prompts) == 1
    assert any("wins with three full sets" in line for line in out), out


@pytest.mark.parametrize(("flags", "problem"), [
    (["--seat", "3"], "--seat 3: the game has 2 seats (1 to 2)"),
    (["--seats", "3"], "--position sets the seats and the rules options"),
    (["--option", "turn_limit=9"], "--position sets the seats and the rules options"),
    (["--record", "r.json"], "a game played on from --position has none"),
    (["--server", "http://127.0.0.1:1"], "--position is for local play"),
    (["--position", " "], "--position needs a file name"),
    (["--record", ""], "--record needs a file name"),
])
def test_flags_that_do_not_go_with_a_position_are_refused(record, tmp_path, flags, problem):
    _path, rec = record
    position = tmp_path / "pos.json"
    position.write_text(json.dumps(rec.state.to_json()))
    out = runner.invoke(app, ["play", "deal", "--position", str(position), *flags])
    assert out.exit_code == 2 and problem in out.output, out.output


def test_files_that_are_not_a_position_of_the_game_are_refused(record, tmp_path):
    path, rec = record
    over = Recorder.new("deal", 2, 3, turn_limit=1)
    while not over.state.is_over:
        seat = over.state.to_move()[0]
        over.apply(seat, over.state.legal_actions(seat)[-1])
    cases = {
        "over.json": (json.dumps(over.state.to_json()), "the game is over in this position"),
        "missing.json": (None, "cannot read"),
        "broken.json": ('{"seats": [', "is not JSON"),
        "list.json": ("[1, 2]", "not a position of deal: a deal position must be an object"),
        "view.json": (runner.invoke(app, ["replay", str(path)]).stdout,
                      "holds a view, which hides the other hands"),
        "deal.json": (json.dumps(rec.state.to_json()), "holds a position of deal, not of capital"),
        "big.json": (" " * (2 << 20), "a position file is at most 1048576 bytes"),
    }
    for name, (text, problem) in cases.items():
        file = tmp_path / name
        if text is not None:
            file.write_text(text)
        game = "capital" if name == "deal.json" else "deal"
        with pytest.raises(ValueError) as caught:
            command(game, position=str(file))
        assert problem in str(caught.value), (name, str(caught.value))
