"""``tycoon replay``: a record file (as the server and the replay viewer give it) replayed, shown
as JSON or told in words, and bad records and flags refused with a clear message."""

import json
import random

import pytest
from typer.testing import CliRunner

from tycoon.cli import app
from tycoon.engine import Recorder, replay

runner = CliRunner()


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished 2-seat Monopoly Deal game (turn limit 6), saved as the server saves one."""
    rec = Recorder.new("deal", 2, 41, turn_limit=6)
    pick = random.Random(41)
    while not rec.state.is_over:
        seat = rec.state.to_move()[0]
        rec.apply(seat, pick.choice(rec.state.legal_actions(seat)))
    data = {"id": "G1", "status": "finished", "complete": True, **rec.record.to_json()}
    path = tmp_path_factory.mktemp("rec") / "game.json"
    path.write_text(json.dumps(data))
    return path, rec


def test_the_end_of_a_finished_game_as_json(finished):
    path, rec = finished
    out = runner.invoke(app, ["replay", str(path), "--seat", "2"])
    assert out.exit_code == 0, out.output
    shown = json.loads(out.stdout)
    assert shown["result"] == rec.state.result().to_json()
    assert shown["result"]["reason"] == "turn_limit"
    assert shown["view"] == json.loads(json.dumps(rec.state.view(1)))  # seat 2 counts from 1
    early = json.loads(runner.invoke(app, ["replay", str(path), "--upto", "3"]).stdout)
    assert early["view"] == json.loads(json.dumps(replay(rec.record, 3).view(None)))
    assert early["result"]["finished"] is False


def test_log_tells_the_game_turn_by_turn_in_the_chosen_language(finished):
    path, rec = finished
    first = rec.record.new_state().current + 1
    lines = runner.invoke(app, ["replay", str(path), "--log"]).stdout.splitlines()
    assert lines[:2] == [f"Turn 1: Seat {first} plays", f"Seat {first} draws 2 cards"]
    assert [line for line in lines if line.startswith("Turn ")][-1].startswith("Turn 6: ")
    assert lines[-1].startswith("The turn limit is reached after 6 turns")
    # every event of Deal is public (a draw is told as a count): a seat's log is everyone's
    mine = runner.invoke(app, ["replay", str(path), "--log", "--seat", "1"]).stdout.splitlines()
    assert mine == lines
    fr = runner.invoke(app, ["replay", str(path), "--log", "--lang", "fr"]).stdout.splitlines()
    assert fr[0] == f"Tour 1 : Joueur {first} joue"


def test_log_names_the_seats_by_the_records_players(finished, tmp_path):
    path, rec = finished
    players = [{"seat": 0, "kind": "human", "bot": None, "name": "Ana"},
               {"seat": 1, "kind": "bot", "bot": "medium", "name": None}]
    named = tmp_path / "named.json"
    named.write_text(json.dumps({**json.loads(path.read_text()), "players": players}))
    lines = runner.invoke(app, ["replay", str(named), "--log"]).stdout.splitlines()
    first = ["Ana", "Medium bot"][rec.record.new_state().current]
    assert lines[:2] == [f"Turn 1: {first} plays", f"{first} draws 2 cards"]
    assert not any("Seat " in line for line in lines)


def test_log_says_where_a_stand_in_chose_as_the_table_did(finished, tmp_path):
    """A server's record says who chose each action (``by``, ``reason``): the log says "is
    away: a bot plays for them" before what the stand-in did, once for a run of its actions
    in a turn; an action a person chose, or a record without ``by``, adds no line."""
    path, _ = finished
    data = json.loads(path.read_text())
    for action in data["actions"]:
        away = action["seat"] == 1
        action.update(by="standin" if away else "player", reason="away" if away else None)
    marked = tmp_path / "marked.json"
    marked.write_text(json.dumps(data))
    plain = runner.invoke(app, ["replay", str(path), "--log"]).stdout.splitlines()
    lines = runner.invoke(app, ["replay", str(marked), "--log"]).stdout.splitlines()
    # a chooser the terminal does not know says nothing (not its key)
    odd = json.loads(path.read_text())
    odd["actions"][0].update(by="ghost", reason=None)
    odd["actions"][1].update(by="standin", reason="ghost")
    strange = tmp_path / "strange.json"
    strange.write_text(json.dumps(odd))
    assert runner.invoke(app, ["replay", str(strange), "--log"]).stdout.splitlines() == plain
    note = "Seat 2 is away: a bot plays for them."
    assert [line for line in lines if line != note] == plain
    turns_of_2 = sum(line.startswith("Turn ") and line.endswith("Seat 2 plays") for line in lines)
    assert lines.count(note) >= max(1, turns_of_2)
    for i, line in enumerate(lines):
        if line == note:
            assert lines[i + 1].startswith("Seat 2 ") and lines[i - 1] != note
    # seat 2's turn opens with its note once: not after each of its plays
    for i, line in enumerate(lines):
        if line.startswith("Turn ") and line.endswith("Seat 2 plays"):
            rest = lines[i + 1:]
            end = next((k for k, x in enumerate(rest) if x.startswith("Turn ")), len(rest))
            assert rest[:end].count(note) <= 1 + sum("Seat 1" in x for x in rest[:end])


@pytest.mark.parametrize(("change", "flags", "words"), [
    ({}, ["--seat", "3"], "--seat 3: the game has 2 seats (1 to 2)"),
    ({}, ["--upto", "100000"], "--upto 100000: the record has"),
    ({}, ["--lang", "xx"], "--lang takes one of en, pt, es, fr"),
    ({"seed": None, "complete": False}, [], "no seed, as the server gives an unfinished"),
    ({"seats": "2"}, [], "record: seats must be an integer"),
    ({"players": [{"seat": 1}]}, ["--log"], "record: players must list the seats in order"),
    ({"game": "chess"}, [], "unknown game 'chess'"),
    ({"actions": [{"seat": 0, "action": {"type": "fly"}}]}, [], "unknown action type 'fly'"),
])
def test_bad_records_and_flags_are_refused_clearly(finished, tmp_path, change, flags, words):
    path, _ = finished
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**json.loads(path.read_text()), **change}))
    out = runner.invoke(app, ["replay", str(bad), *flags])
    assert out.exit_code == 2
    assert words in " ".join(out.output.split()), out.output
    assert out.stdout == ""  # nothing half-printed


def test_a_file_that_is_not_a_record(tmp_path):
    (tmp_path / "x.json").write_text("{oops")
    out = runner.invoke(app, ["replay", str(tmp_path / "x.json")])
    assert out.exit_code == 2 and "is not JSON" in " ".join(out.output.split())
    out = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert out.exit_code == 2 and "cannot read" in out.output
    # bytes that are not UTF-8 (a binary file given by mistake) ended in a traceback
    (tmp_path / "x.bin").write_bytes(b'{"game": "\xd4\xff"}')
    out = runner.invoke(app, ["replay", str(tmp_path / "x.bin")])
    assert out.exit_code == 2 and "x.bin is not JSON" in " ".join(out.output.split())


def test_a_tournament_writes_each_games_record_and_replay_tells_it(tmp_path):
    """``tycoon tournament --records DIR``: one record a game played, which replays to the
    game the tournament counted (its winner, reason and length) and names the bots."""
    from tycoon.engine import Record
    from tycoon.study.tournament import run_tournament

    folder = tmp_path / "games"
    save = tmp_path / "t.jsonl"
    args = ["tournament", "deal", "--bots", "heuristic,random", "--games", "3", "--seed", "5",
            "--save", str(save), "--records", str(folder), "--json"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    t = run_tournament("deal", ["heuristic", "random"], 3, seed=5)
    assert sorted(p.name for p in folder.iterdir()) == [
        "game-00000.json", "game-00001.json", "game-00002.json"]
    for r in t.results:
        data = json.loads((folder / f"game-{r.index:05d}.json").read_text())
        end = replay(Record.from_json(data)).result()
        assert (end.winner, end.reason, end.turns) == (r.winner, r.reason, r.turns)
        assert [p["bot"] for p in data["players"]] == r.lineup
    told = runner.invoke(app, ["replay", str(folder / "game-00001.json"), "--log"]).stdout
    winner = t.results[1].lineup[t.results[1].winner]
    named = {"heuristic": "heuristic bot", "random": "Random bot"}[winner]  # as in the lobby
    assert told.splitlines()[-1].startswith(f"{named} wins with three full sets")
    # games reused from the save file are not played again: no records for them
    again = tmp_path / "again"
    out = runner.invoke(app, [*args[:-2], str(again), "--json"])
    assert out.exit_code == 0, out.output
    assert list(again.iterdir()) == []


def test_a_records_folder_that_cannot_be_written_is_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("")
    out = runner.invoke(app, ["tournament", "deal", "--bots", "random,random", "--games", "1",
                              "--records", str(tmp_path / "file" / "sub")])
    assert out.exit_code == 2 and "cannot write" in out.output


def test_a_records_folder_of_another_study_is_refused_and_kept(tmp_path):
    """``--records DIR`` named for a second study (another seed, bots or options) wrote its
    games over the first study's records of the same numbers, without a word: the folder then
    mixed the two. It is refused before any game, the records kept; the same study again (or
    extended with more games) writes its own games as they were."""
    folder = tmp_path / "games"
    first = ["tournament", "deal", "--bots", "medium,easy", "--games", "2", "--seed", "1",
             "--records", str(folder)]
    assert runner.invoke(app, first).exit_code == 0
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    for change in (["--seed", "2"], ["--bots", "easy,medium"], ["--option", "turn_limit=50"]):
        out = runner.invoke(app, [*first, *change])
        assert out.exit_code == 2, out.output
        assert f"{folder / 'game-00000.json'} is not a record of this study's games" in " ".join(
            out.output.split())
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "game-00001.json").write_text("my notes")
    out = runner.invoke(app, [*first[:-1], str(tmp_path / "notes")])
    assert out.exit_code == 2 and "is not a record of this study's games" in out.output
    assert runner.invoke(app, [*first[:5], "4", *first[6:]]).exit_code == 0
    after = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert len(after) == 4 and {name: after[name] for name in before} == before


def test_a_ladder_writes_its_games_records_too(tmp_path):
    from tycoon.engine import Record
    from tycoon.study.ladder import run_ladder

    ladder = run_ladder("deal", ["random", "medium"], 2, seed=3, records=tmp_path, resamples=10)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-00000.json", "game-00001.json"]
    for r in ladder.results:
        data = json.loads((tmp_path / f"game-{r.index:05d}.json").read_text())
        assert replay(Record.from_json(data)).result().winner == r.winner
