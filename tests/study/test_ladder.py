"""The ladder (issue 15): every pair, duplicate seeds with seats rotated, Bradley–Terry Elo
with bootstrap intervals, a plot, a ratings file, resumable from a save file."""

import json

import pytest
from typer.testing import CliRunner

from tycoon.cli import app
from tycoon.study.ladder import (
    RATINGS_FILE,
    ladder_tasks,
    load_ratings,
    plot_ladder,
    run_ladder,
    write_ratings,
)
from tycoon.study.runner import Task

BOTS = ["random", "firstpick", "ismcts:iterations=8"]


def _comparable(ladder):
    data = ladder.to_json()
    data.pop("seconds")
    data.pop("resumed")
    for r in data["results"]:
        r.pop("think")
    return data


def test_every_pair_plays_the_same_seeds_from_both_seats():
    tasks = ladder_tasks(["a", "b", "c"], 2, 4, seed=1)
    assert len(tasks) == 3 * 4 and [t.index for t in tasks] == list(range(12))
    ab = [t for t in tasks if set(t.lineup) == {"a", "b"}]
    assert [t.lineup for t in ab] == [("a", "b"), ("b", "a")] * 2
    seeds = [t.seed for t in ab]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    for pair in ({"a", "c"}, {"b", "c"}):  # every pair plays the same seeds
        assert [t.seed for t in tasks if set(t.lineup) == pair] == seeds
    # game k of each pair before game k + 1 of any: more games per pair extend fewer
    assert ladder_tasks(["a", "b", "c"], 2, 2, seed=1) == tasks[:6]
    # at a table of four the two bots alternate and the lineup rotates
    four = ladder_tasks(["a", "b"], 4, 4, seed=1)
    assert four[0] == Task(0, ("a", "b", "a", "b"), four[0].seed)
    assert four[1].lineup == ("b", "a", "b", "a") and four[1].seed == four[0].seed


def test_ratings_come_with_intervals_and_count_every_game():
    ladder = run_ladder("toy", BOTS, games=4, seed=3, resamples=50)
    rows = ladder.table()
    assert len(ladder.results) == 12
    assert {r["bot"] for r in rows} == set(BOTS)
    assert [r["elo"] for r in rows] == sorted((r["elo"] for r in rows), reverse=True)
    assert sum(r["games"] for r in rows) == 2 * 12
    wins = sum(1 for g in ladder.results if g.winner is not None)
    assert sum(r["wins"] for r in rows) == wins
    assert abs(sum(r["elo"] for r in rows) / 3 - 1500) < 1e-6
    for r in rows:
        assert r["ci95"][0] <= r["ci95"][1]
    for p in ladder.pairs():
        assert p["games"] == 4 and p["ci95"][0] <= p["score_a"] <= p["ci95"][1]


def test_a_saved_ladder_resumes_with_the_same_results(tmp_path):
    whole = run_ladder("toy", BOTS, games=2, seed=5, resamples=10)
    save = tmp_path / "ladder.jsonl"
    with pytest.raises(KeyboardInterrupt):
        def stop_after_three(k, seen=[]):  # noqa: B006
            seen.append(k)
            if sum(seen) >= 3:
                raise KeyboardInterrupt
        run_ladder("toy", BOTS, games=2, seed=5, save=save, progress=stop_after_three)
    assert len(save.read_text().splitlines()) == 1 + 3
    done = []
    again = run_ladder("toy", BOTS, games=2, seed=5, save=save, progress=done.append,
                       resamples=10)
    assert done[0] == 3 and sum(done) == 6 and again.resumed == 3
    assert _comparable(again) == _comparable(whole)
    with pytest.raises(ValueError, match="another ladder"):
        run_ladder("toy", BOTS, games=2, seed=6, save=save)


def test_a_saved_ladder_extends_with_more_games_per_pair(tmp_path):
    """``--save``'s help says a run extends with more ``--games``; a ladder's refused it (its
    save file "holds another ladder"): its header held the games per pair, and its games were
    numbered pair after pair, so game 3 of a shorter ladder was another game of a longer one.
    The longer ladder now plays only the new games, and ends where it would alone; its records
    of the shorter one's games are kept as they were."""
    save, records = tmp_path / "l.jsonl", tmp_path / "games"
    run_ladder("toy", BOTS, games=2, seed=5, save=save, records=records, resamples=10)
    shorter = {p.name: p.read_bytes() for p in records.iterdir()}
    counted: list[int] = []
    longer = run_ladder("toy", BOTS, games=4, seed=5, save=save, records=records,
                        resamples=10, progress=counted.append)
    assert longer.resumed == 6 and counted[0] == 6 and sum(counted) == 12
    assert _comparable(longer) | {"resumed": 0} == _comparable(
        run_ladder("toy", BOTS, games=4, seed=5, resamples=10)) | {"resumed": 0}
    assert len(list(records.iterdir())) == 12  # the new games beside the kept ones, untouched
    assert {n: (records / n).read_bytes() for n in shorter} == shorter


def test_the_plot_and_the_ratings_file(tmp_path):
    ladder = run_ladder("toy", ["random", "firstpick"], games=2, seed=1, resamples=10)
    assert plot_ladder(ladder, tmp_path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"format": 1, "games": {"other": {"bots": {}}}}))
    write_ratings(ladder, path, "tycoon ladder toy")
    data = load_ratings(path)
    assert set(data["games"]) == {"other", "toy"}
    entry = data["games"]["toy"]
    assert entry["command"] == "tycoon ladder toy" and entry["games_per_pair"] == 2
    assert set(entry["bots"]) == {"random", "firstpick"}
    assert set(entry["bots"]["random"]) == {"elo", "ci95", "games", "wins"}
    assert load_ratings(tmp_path / "none.json") == {"format": 1, "games": {}}
    assert RATINGS_FILE.name == "ladder.json"


@pytest.mark.parametrize("content", [b"[1, 2]", b'{"elo": 1500}', b"\xff\xfe not text",
                                     b'{"games": '])
def test_a_ratings_file_that_is_something_else_is_refused_before_the_games(tmp_path, content):
    """``--ratings FILE`` naming a JSON file of something else wrote over it (its content was
    dropped for an empty ratings file), and a file that was not UTF-8 ended the ladder,
    after its games, with a decoding error that named no file. Both are refused before the
    first game, the file kept as it was."""
    path = tmp_path / "results.json"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=r"results\.json is not a ratings file"):
        load_ratings(path)
    out = CliRunner().invoke(app, ["ladder", "toy", "--bots", "random,firstpick", "--games",
                                   "2", "--ratings", str(path)])
    assert out.exit_code == 2, out.output
    assert "results.json is not a ratings file" in " ".join(out.output.split())
    assert "ladder: 2/2" not in out.output  # no game was played
    assert path.read_bytes() == content


def test_a_ratings_file_is_merged_whole_or_not_at_all_and_one_merge_at_a_time(tmp_path,
                                                                              monkeypatch):
    """The ratings file (the lobby reads ``src/tycoon/bots/ladder.json``) was written over in
    place: a disk that filled during the write left it cut, every game's ratings lost. It is
    now written through ``FILE.part`` and a rename. And two ladders ending together (Deal's
    and Capital's, run in two terminals into one file) could each read the file before the
    other wrote it, the one writing last dropping the other's game: a merge now waits for the
    one going on."""
    import errno
    import threading
    import time
    from pathlib import Path

    from tycoon.study.runner import exclusive

    ladder = run_ladder("toy", ["random", "firstpick"], games=2, seed=1, resamples=10)
    path = tmp_path / "ladder.json"
    before = json.dumps({"format": 1, "games": {"other": {"bots": {}}}})
    path.write_text(before)
    real = Path.write_text

    def full_disk(self, text, *args, **kwargs):
        real(self, text[: len(text) // 2], *args, **kwargs)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full_disk)
    with pytest.raises(ValueError, match=r"cannot write .*ladder\.json: No space left on device"):
        write_ratings(ladder, path, "tycoon ladder toy")
    monkeypatch.undo()
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ladder.json"]

    merged = threading.Thread(target=write_ratings, args=(ladder, path, "tycoon ladder toy"))
    with exclusive(path):  # another ladder's merge, going on
        merged.start()
        time.sleep(0.3)
        assert merged.is_alive() and path.read_text() == before  # it waits
        data = load_ratings(path)
        data["games"]["deal"] = {"bots": {}}
        path.write_text(json.dumps(data))
    merged.join(timeout=10)
    assert set(load_ratings(path)["games"]) == {"other", "deal", "toy"}


def test_the_ratings_file_records_the_command_without_output_flags():
    """What a ratings file says made it reproduces the figures on any machine: the flags that
    only say where the output goes (a save file on this machine, records, JSON) are left out."""
    from tycoon.cli import reproducing

    args = ["ladder", "deal", "--bots", "random,easy", "--save", "/work/x.jsonl", "--json",
            "--records=/tmp/r", "--games", "40", "--ratings", "src/tycoon/bots/ladder.json"]
    assert reproducing(args) == ("tycoon ladder deal --bots random,easy --games 40 --ratings "
                                 "src/tycoon/bots/ladder.json")


def test_bad_ladders_are_refused():
    with pytest.raises(ValueError, match="at least 2 bots"):
        run_ladder("toy", ["random"])
    with pytest.raises(ValueError, match="each bot once"):
        run_ladder("toy", ["random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        run_ladder("toy", ["random", "wizard"])
    with pytest.raises(ValueError, match="from 1 to 1,000,000"):
        run_ladder("toy", ["random", "firstpick"], games=0)
    with pytest.raises(ValueError, match="seats"):
        run_ladder("toy", ["random", "firstpick"], seats=9)
    # the third deal would have been played from one side only
    with pytest.raises(ValueError, match=r"games per pair must be a multiple of 2 .*not 3"):
        run_ladder("toy", ["random", "firstpick"], games=3)


def test_a_ladder_at_a_bigger_table_alternates_the_two_bots():
    ladder = run_ladder("toy", ["random", "firstpick"], games=4, seed=2, seats=4, resamples=5)
    assert [r.lineup for r in ladder.results[:2]] == [
        ["random", "firstpick", "random", "firstpick"],
        ["firstpick", "random", "firstpick", "random"],
    ]
    assert ladder.to_json()["seats"] == 4


def test_ladder_command_prints_the_table_and_writes_files(tmp_path):
    runner = CliRunner()
    args = ["ladder", "toy", "--bots", "random,firstpick", "--games", "2", "--seed", "1",
            "--plot", str(tmp_path), "--ratings", str(tmp_path / "r.json")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Elo" in result.stdout and "95% CI" in result.stdout and "firstpick" in result.stdout
    assert "toy ladder: 2/2" in result.stderr
    assert (tmp_path / "ladder.png").exists() and (tmp_path / "r.json").exists()
    js = runner.invoke(app, [*args[:8], "--json"])
    assert js.exit_code == 0, js.output
    assert json.loads(js.stdout)["games"] == 2
    bad = runner.invoke(app, ["ladder", "toy", "--bots", "random,wizard"])
    assert bad.exit_code == 2 and "unknown bot 'wizard'" in bad.output


def test_a_clean_sweep_is_said_under_the_table():
    """A bot that won all its games has nothing to resample: its interval measured nothing
    ("medium 2009, 2009–2016" over 80 wins of 80) and the table alone did not say so."""
    result = CliRunner().invoke(app, ["ladder", "deal", "--bots", "random,medium",
                                      "--games", "8", "--seed", "1"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "medium won all of its 8 games" in text and "interval measures nothing" in text
    assert "random won none of its 8 games" in text
