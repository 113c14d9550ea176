"""The examples run: masked-random evaluation, and MCTS against a Tycoon bot."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_masked_random_example_counts_every_episode():
    """Each Deal episode against random bots ends won or lost (MD-8.1), none unfinished."""
    got = _load("masked_random").evaluate("deal", 3, "random", 2, seed=0)
    assert got["won"] + got["lost"] == 3 and got["unfinished"] == 0
    assert got["mean_steps"] > 10


def test_openspiel_mcts_example_plays_a_game():
    """MCTS (on determinized states) plays a short Capital game against the heuristic bot."""
    pyspiel = pytest.importorskip("pyspiel")
    module = _load("openspiel_mcts")
    module.register_openspiel()
    spiel = pyspiel.load_game("tycoon_capital", {"players": 2, "turn_limit": 6})
    returns = module.play("capital", spiel, mcts_seat=1, simulations=3, seed=1)
    assert len(returns) == 2 and all(r in (-1.0, 0.0, 1.0) for r in returns)


@pytest.mark.parametrize("example,args,words", [
    ("masked_random", ["--seats", "9"], "deal is played by 2 to 5 seats, not 9"),
    ("masked_random", ["--opponents", "wizard"], "unknown bot 'wizard'"),
    ("masked_random", ["--episodes", "0"], "--episodes must be at least 1, not 0"),
    ("openspiel_mcts", ["--simulations", "0"], "--simulations must be at least 1, not 0"),
])
def test_an_example_refuses_a_bad_flag_in_one_line(example, args, words):
    """A bad flag ended the examples with a traceback (OpenSpiel's max() of an empty
    sequence for --simulations 0); it is now argparse's usage line and status 2."""
    import subprocess
    import sys

    if example == "openspiel_mcts":
        pytest.importorskip("pyspiel")
    done = subprocess.run([sys.executable, str(EXAMPLES / f"{example}.py"), *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(f"{example}.py: error: {words}")
