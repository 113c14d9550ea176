"""The one match loop: seats, bots, seeds from ``derive_seed``, a decision cap, sessions."""

import ast
from pathlib import Path

import pytest

import tycoon
from tycoon.bots import make_bot
from tycoon.engine import derive_seed, games, get_game
from tycoon.study.match import MAX_DECISIONS, Observer, bot_seed, play_match, study_options
from tycoon.study.tournament import game_seed


class Peeks(Observer):
    """Records every session action and the faces the seat had."""

    def __init__(self):
        self.seen = []

    def decision(self, state, seat, action):
        if state.session() is not None:
            self.seen.append((list(state.d["faces"][seat]), action))


def test_the_match_loop_plays_the_toy_game_to_its_end_with_random_and_search_bots():
    r = play_match("toy", ["random", "ismcts:iterations=20"], seed=4)
    assert r.finished and r.winner in (0, 1) and r.turns == 8
    assert r.decisions == sum(r.moves) and r.lineup == ["random", "ismcts:iterations=20"]
    assert r.scores and max(r.scores) == r.scores[r.winner]
    again = play_match("toy", ["random", "ismcts:iterations=20"], seed=4)
    assert (again.winner, again.scores, again.moves) == (r.winner, r.scores, r.moves)


def test_input_sessions_are_played_through_the_session_at_each_bots_skill():
    """A bot of skill 1 turns the best faces (the Toy session's bot player); the empty
    template that legal_actions offers during a session is never what a bot plays."""
    seen = Peeks()
    play_match("toy", ["random:skill=1.0", "random:skill=1.0"], seed=2, observer=seen)
    assert seen.seen
    for faces, action in seen.seen:
        assert len(action.inputs) == 2
        assert sorted(faces[c] for c in action.inputs) == sorted(faces)[-2:]


def test_the_random_bot_draws_a_skill_per_session_and_stays_reproducible():
    a, b = Peeks(), Peeks()
    play_match("toy", ["random", "random"], seed=9, observer=a)
    play_match("toy", ["random", "random"], seed=9, observer=b)
    assert [x[1] for x in a.seen] == [x[1] for x in b.seen]
    assert all(len(action.inputs) == 2 for _, action in a.seen)


def test_every_seed_comes_from_derive_seed():
    assert bot_seed(7, 1) == derive_seed(7, "bot", 1)
    assert game_seed(7, 3) == derive_seed(7, "game", 3)
    bot = make_bot("random", "toy", bot_seed(5, 0))
    state = get_game("toy").new_game(seats=2, seed=5)
    assert bot.choose(state, 0) == make_bot("random", "toy", derive_seed(5, "bot", 0)).choose(
        state, 0)


def test_a_match_stops_unfinished_at_the_decision_cap():
    r = play_match("toy", ["random", "random"], seed=1, max_decisions=3)
    assert not r.finished and r.winner is None and r.decisions == 3
    assert MAX_DECISIONS >= 10_000


@pytest.mark.parametrize("game", games())
def test_every_registered_game_plays_a_bounded_match_with_random_bots(game):
    info = get_game(game)
    options = study_options(info, {})
    if any(o.name == "turn_limit" for o in info.options):
        options["turn_limit"] = 12
    r = play_match(game, ["random"] * info.min_seats, seed=3, options=options)
    assert r.decisions > 0 and r.turns >= 1
    assert r.finished == (r.winner is not None)


def test_no_library_module_imports_the_cli():
    """Progress is a callback: only the CLI imports the CLI (issue 11); its commands written
    beside their part (``tycoon/learn/cli.py``, ``tycoon train``) share its progress bar."""
    root = Path(tycoon.__file__).parent
    offenders = []
    for path in root.rglob("*.py"):
        if path.name == "cli.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "tycoon.cli" or n.startswith("tycoon.cli.") for n in names):
                offenders.append(str(path.relative_to(root)))
    assert offenders == []


def test_the_study_and_generic_bot_modules_name_no_game():
    """Issue 11: what a game adds comes from its extensions, never from its name."""
    import re

    root = Path(tycoon.__file__).parent
    files = [*sorted((root / "study").rglob("*.py"))] + [
        root / "bots" / f"{n}.py"
        for n in ("__init__", "base", "knowledge", "minigames", "random", "ratings")
    ]
    pattern = re.compile(r"\b(capital|deal)\b", re.IGNORECASE)
    for path in files:
        code = _code_without_docstrings(path.read_text(encoding="utf-8"))
        assert not pattern.search(code), f"{path.name} names a game"


def _code_without_docstrings(text):
    tree = ast.parse(text)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                getattr(body[0], "value", None), ast.Constant) and isinstance(
                body[0].value.value, str):
            body[0].value.value = ""
    return ast.unparse(tree)
