"""``tycoon play GAME --record FILE`` keeps the game on disk each time the person is asked to
decide, so a game killed at any moment (SIGKILL, a power cut) loses nothing the person saw;
the same command plays it on. A file that holds anything else is never overwritten."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from tycoon.engine import Record, replay
from tycoon.terminal import command, play

from .terminal_process import spawn_terminal


def quit_after(answers: list[str]):
    it = iter([*answers, "q"])
    return lambda _prompt: next(it)


def test_a_killed_game_is_played_on_from_its_record_MD_3_2(tmp_path: Path):
    """Killed with SIGKILL, which no handler sees, after the person's third play (MD-3.2:
    three plays a turn): the file holds every action up to the decision the person was
    asked; the same command plays on from there, and the record keeps growing."""
    saved = tmp_path / "game.json"
    term = spawn_terminal("deal", "--seed", "9", "--bots", "medium", "--record", str(saved))
    for choice in ("1", "1", "4"):  # the Utility, the Yellow, the Deal Breaker banked
        term.expect(r"Your choice \(")
        term.sendline(choice)
    term.expect(r"Your choice \(")
    term.kill(signal.SIGKILL)
    term.wait()
    kept = json.loads(saved.read_text())
    assert kept["status"] == "playing"
    mine = [a for a in kept["actions"] if a["seat"] == 0]
    assert len(mine) == 3
    state = replay(Record.from_json(kept))
    assert state.to_move() == [0] and not state.is_over
    out: list[str] = []
    play("deal", seed=9, bots=["medium"], record=saved, read=quit_after(["e"]),
         write=out.append)
    assert out[2] == f"Playing on the game kept in {saved}, after {len(kept['actions'])} actions."
    again = json.loads(saved.read_text())
    assert again["actions"][:len(kept["actions"])] == kept["actions"]
    assert again["actions"][len(kept["actions"])] == {"seat": 0, "action": {"type": "end_turn"}}
    assert again["seed"] == 9 and again["players"] == kept["players"]


def kept_game(tmp_path: Path, **flags) -> Path:
    saved = tmp_path / "game.json"
    play("deal", seed=4, bots=["easy"], record=saved, read=quit_after(["e"]),
         write=lambda _line: None, **flags)
    return saved


@pytest.mark.parametrize(("flags", "problem"), [
    ({"seed": 5}, "--seed: the game kept in the --record file is played with 4"),
    ({"bots": "hard"}, "--bots: the game kept in the --record file is played with ['easy']"),
    ({"seats": 3}, "--seats: the game kept in the --record file is played with 2"),
    ({"seat": 2}, "--seat: the game kept in the --record file is played with 1"),
    ({"options": {"turn_limit": 5}}, "--option turn_limit: the game kept"),
])
def test_flags_that_ask_for_another_game_than_the_kept_one_are_refused(tmp_path, flags,
                                                                        problem):
    saved = kept_game(tmp_path)
    before = saved.read_text()
    with pytest.raises(ValueError) as caught:
        command("deal", record=str(saved), **flags)
    assert problem in str(caught.value)
    assert saved.read_text() == before


def test_the_same_flags_play_the_kept_game_on(tmp_path):
    saved = kept_game(tmp_path)
    before = len(json.loads(saved.read_text())["actions"])
    play("deal", seed=4, bots=["easy"], record=saved, read=quit_after(["e"]),
         write=lambda _line: None)
    assert len(json.loads(saved.read_text())["actions"]) > before


def test_a_file_that_is_not_a_game_to_play_on_is_never_overwritten(tmp_path):
    """Before, --record wrote over any file at once: a finished game's record, or notes."""
    finished = tmp_path / "finished.json"
    play("deal", seed=2, record=finished, options={"turn_limit": 1}, read=lambda _p: "1",
         write=lambda _line: None)
    assert json.loads(finished.read_text())["status"] == "finished"
    notes = tmp_path / "notes.txt"
    notes.write_text("my strategy\n")
    capital = tmp_path / "capital.json"
    play("capital", seed=2, record=capital, read=quit_after([]), write=lambda _line: None)
    cases = {finished: "holds a finished game", notes: "is not a game's record",
             capital: "holds a game of capital, not of deal"}
    for path, problem in cases.items():
        before = path.read_bytes()
        with pytest.raises(ValueError) as caught:
            command("deal", record=str(path))
        assert problem in str(caught.value) and "choose another file" in str(caught.value)
        assert path.read_bytes() == before
    # a folder: refused before its lock would be made beside it ("/": "has an empty name")
    for folder in (tmp_path, Path("/")):
        with pytest.raises(ValueError, match=f"^cannot write {folder}: Is a directory$"):
            play("deal", seed=2, record=folder, read=quit_after([]), write=lambda _line: None)


def test_a_record_file_another_terminal_plays_is_refused(tmp_path):
    """Two ``tycoon play`` on one ``--record`` file would each overwrite the other's game
    (the last write won): while one plays it, another is refused and the file is untouched;
    once the first has ended, the same command plays the game on and no lock is left."""
    saved = tmp_path / "game.json"
    term = spawn_terminal("deal", "--seed", "4", "--bots", "easy", "--record", str(saved))
    term.expect(r"Your choice \(")
    before = saved.read_text()
    with pytest.raises(ValueError) as caught:
        play("deal", seed=4, bots=["easy"], record=saved, read=quit_after([]),
             write=lambda _line: None)
    assert str(caught.value) == (f"{saved} is the record of a game another tycoon play is "
                                 "playing: go on there, or choose another file for --record")
    assert saved.read_text() == before
    term.sendline("q")
    term.expect("The game's record is in")
    term.wait()
    assert not (tmp_path / "game.json.lock").exists()
    out: list[str] = []
    play("deal", seed=4, bots=["easy"], record=saved, read=quit_after([]), write=out.append)
    assert "Playing on the game kept in" in "\n".join(out)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_the_record_is_written_when_it_changes(tmp_path, monkeypatch):
    """The record was written again before the person's first decision and when they left,
    with no action between: it is written when an action was added since."""
    import tycoon.study.records as records

    writes: list[int] = []
    real = records.write_json
    monkeypatch.setattr(records, "write_json",
                        lambda path, data: (writes.append(len(data["actions"])), real(path, data)))
    saved = tmp_path / "game.json"
    play("deal", seed=4, bots=["easy"], record=saved, read=quit_after(["e"]),
         write=lambda _line: None)
    assert writes[0] == 0 and len(writes) == len(set(writes))
    assert json.loads(saved.read_text())["actions"][-1]["seat"] in (0, 1)
