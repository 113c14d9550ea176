"""Tournaments: seat rotation, reproducibility whatever the workers, tables and plots."""

import pytest

from tycoon.bots.tournament import (
    default_options,
    game_seed,
    plot_tournament,
    run_tournament,
    split_bots,
)

TOY = "bots.toygame"


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
    a = run_tournament(TOY, bots, 12, seed=5, workers=1).to_json()
    b = run_tournament(TOY, bots, 12, seed=5, workers=2).to_json()
    c = run_tournament(TOY, bots, 12, seed=6, workers=1).to_json()
    for data in (a, b, c):
        data.pop("seconds")
        for r in data["results"]:
            r.pop("think")  # wall-clock thinking time: the only thing that may differ
        for row in data["table"]:
            row.pop("seconds_per_decision")
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
        run_tournament(TOY, ["random", "random", "random"], 2)
    with pytest.raises(ValueError, match="parameter"):
        run_tournament(TOY, ["random", "ismcts:budget=3"], 2)


def test_split_bots_keeps_parameters_with_their_bot():
    assert split_bots("heuristic, random,ismcts:seconds=1.0,c=0.5") == [
        "heuristic",
        "random",
        "ismcts:seconds=1.0:c=0.5",
    ]


def test_capital_tournaments_are_bounded_by_default():
    assert default_options("capital", {"card_supply": "lap"}) == {
        "card_supply": "lap",
        "turn_limit": 300,
    }
    assert default_options("deal", {}) == {}


def test_plots_are_png_files(tmp_path):
    t = run_tournament(TOY, ["random", "random"], 4, seed=0)
    paths = plot_tournament(t, tmp_path / "plots")
    assert [p.name for p in paths] == ["winrates.png", "lengths.png"]
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
