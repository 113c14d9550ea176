"""Bots as plugins (issue 15): a bot registered by a test package's ``tycoon.bots`` entry
point (``tests/plugins/toybots-0.1.dist-info``) plays tournaments and the ladder."""

import pytest

from tycoon.bots import Alias, known_bots, make_bot, register_bot
from tycoon.bots.base import bot_factory
from tycoon.engine import games, get_game
from tycoon.study.ladder import ladder_bots, run_ladder
from tycoon.study.tournament import run_tournament


def test_the_entry_point_bot_is_known_and_built_by_name_with_parameters():
    assert {"random", "heuristic", "ismcts", "easy", "medium", "hard", "firstpick"} <= set(
        known_bots())
    bot = make_bot("firstpick:pick=1", "toy", 3)
    assert type(bot).__name__ == "FirstPick" and bot.pick == 1
    assert bot.name == "firstpick:pick=1"


def test_a_plugin_bot_with_a_bad_parameter_is_refused_with_its_known_ones():
    with pytest.raises(ValueError, match="known parameters: pick"):
        make_bot("firstpick:depth=3", "toy")
    with pytest.raises(ValueError, match="pick must be at least 0"):
        make_bot("firstpick:pick=-1", "toy")


def test_the_entry_point_bot_plays_a_tournament_and_its_sessions():
    t = run_tournament("toy", ["firstpick", "random"], 4, seed=2)
    rows = {r["bot"]: r for r in t.table()}
    assert rows["firstpick"]["seat_games"] == 4
    assert sum(r["wins"] for r in rows.values()) == 4
    assert all(r.finished for r in t.results)


def test_the_entry_point_bot_is_on_the_ladder_by_default():
    assert "firstpick" in ladder_bots("toy")
    assert "heuristic" not in ladder_bots("toy")  # Toy has no heuristic extension
    ladder = run_ladder("toy", ["firstpick", "random"], games=2, seed=1, resamples=20)
    assert {r["bot"] for r in ladder.table()} == {"firstpick", "random"}


@pytest.fixture
def scratch(monkeypatch):
    """Run-time registrations that end with the test."""
    from tycoon.bots import base

    monkeypatch.setattr(base, "_REGISTERED", {})


def test_a_bot_registered_at_run_time_and_an_alias(scratch):
    register_bot("careful", Alias("firstpick:pick=2"))
    assert "careful" in known_bots()
    assert make_bot("careful", "toy").pick == 2
    assert isinstance(bot_factory("easy"), Alias)
    with pytest.raises(ValueError, match="bot name"):
        register_bot("bad name!", Alias("random"))


def test_run_time_games_and_bots_play_on_worker_processes_as_here(scratch, monkeypatch):
    """Workers are spawned, not forked from this process: what was registered
    here at run time is handed to them (a bot whose factory does not pickle stays here)."""
    from dataclasses import replace

    from tycoon.engine import registry

    monkeypatch.setattr(registry, "_REGISTERED", {})
    registry.register(replace(get_game("toy"), name="toy-copy"))
    register_bot("careful", Alias("firstpick:pick=2"))
    register_bot("nochoose", lambda seed=0: object())
    here = run_tournament("toy-copy", ["careful", "random"], 4, seed=3)
    there = run_tournament("toy-copy", ["careful", "random"], 4, seed=3, workers=2)
    assert [(r.lineup, r.winner, r.decisions) for r in there.results] == [
        (r.lineup, r.winner, r.decisions) for r in here.results]


@pytest.mark.parametrize("game", games())
def test_every_ladder_bot_of_every_registered_game_can_be_built_and_choose(game):
    info = get_game(game)
    state = info.new_game(seats=info.min_seats, seed=2)
    seat = state.to_move()[0]
    for name in ladder_bots(game):
        if name in ("hard", "ismcts"):
            name += ":iterations=5"
        bot = make_bot(name, game, 1)
        assert bot.choose(state, seat) in state.legal_actions(seat)


def test_a_plugin_that_cannot_play_a_game_is_a_clear_error_and_stays_off_its_ladder(scratch):
    class OnlyChess:
        def __init__(self, game, seed=0):
            if game != "chess":
                raise RuntimeError(f"no model for {game}")
            self.name = "onlychess"

        def choose(self, state, seat):  # pragma: no cover - never built here
            return state.legal_actions(seat)[0]

    register_bot("onlychess", OnlyChess)
    with pytest.raises(ValueError, match="bot onlychess: no model for toy"):
        make_bot("onlychess", "toy")
    assert "onlychess" not in ladder_bots("toy")
    register_bot("nochoose", lambda seed=0: object())
    with pytest.raises(ValueError, match="did not make a bot"):
        make_bot("nochoose", "toy")
