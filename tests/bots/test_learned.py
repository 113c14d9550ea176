"""The learned agent of Monopoly Deal: numpy inference, shipped weights, training (issue 15)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tycoon.bots.deal import VALUE_FEATURES, value_features_all
from tycoon.bots.learned import MODELS, WEIGHTS_DIR, LearnedBot, Mlp, learned_evaluate, model
from tycoon.cli import app
from tycoon.deal import new_game

HAS_TORCH = importlib.util.find_spec("torch") is not None
runner = CliRunner()


def play(state, bots, max_decisions):
    for _ in range(max_decisions):
        if state.is_over:
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state, seat)
        assert action in legal, (action, legal[:5])
        state.apply(seat, action)
    return state


def test_shipped_weights_load_with_numpy_alone():
    """The weights file is plain numpy (no torch, no pickle) and a few kB, not MBs."""
    path = WEIGHTS_DIR / MODELS["deal"][1]
    assert path.stat().st_size < 3_000_000
    code = (
        "import sys; sys.modules['torch'] = None\n"
        "from tycoon.bots.learned import Mlp, WEIGHTS_DIR\n"
        f"m = Mlp.load(WEIGHTS_DIR / {MODELS['deal'][1]!r})\n"
        "print(m.inputs, m.meta['game'], m.meta['seed'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [str(len(VALUE_FEATURES)), "deal", "1"]


def test_learned_evaluation_gives_chances_that_sum_to_one_MD_7_1():
    """Leaf evaluation: a seat one full set (MD-7.1) up is rated above the other."""
    state = new_game(seats=2, seed=5)
    r = learned_evaluate(state)
    assert len(r) == 2 and abs(sum(r) - 1) < 1e-9 and all(0 < x < 1 for x in r)
    from tycoon.deal import cards
    from tycoon.deal.state import PSet

    brown = [i for i, c in enumerate(cards.CARDS) if c.card == "property_brown"]
    blue = [i for i, c in enumerate(cards.CARDS) if c.card == "property_dark_blue"]
    for x in brown + blue:
        for pile in (*state.hands, state.deck):
            if x in pile:
                pile.remove(x)
    state.tables[0] = [PSet(cards.COLOR_INDEX["brown"], brown),
                       PSet(cards.COLOR_INDEX["dark_blue"], blue)]
    assert learned_evaluate(state)[0] > 0.7


def test_learned_bot_plays_only_legal_actions_MD_3():
    state = play(new_game(seats=2, seed=12), [LearnedBot(1, samples=1), LearnedBot(2)], 150)
    assert state.turn > 3


def test_bad_weights_file_is_refused_with_its_name(tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match=r"bad\.npz is not a weights file \(\.npz\)"):
        Mlp.load(bad)
    with pytest.raises(ValueError, match=r"cannot read the weights file .*: No such file"):
        Mlp.load(tmp_path / "missing.npz")
    with pytest.raises(ValueError, match=r"not a weights file of tycoon\.bots\.learned"):
        Mlp.load(WEIGHTS_DIR / "deal-playout.npz")  # the tuned policy's file
    with pytest.raises(ValueError, match="no learned model"):
        model("chess")
    with pytest.raises(ValueError, match="samples"):
        LearnedBot(1, samples=0)


def test_mlp_round_trips_through_its_file(tmp_path):
    rng = np.random.default_rng(3)
    m = Mlp([rng.standard_normal((4, 3)).astype(np.float32),
             rng.standard_normal((3, 1)).astype(np.float32)],
            [np.zeros(3, np.float32), np.ones(1, np.float32)],
            mean=np.full(4, 0.5, np.float32), meta={"game": "deal"})
    m.save(tmp_path / "m.npz")
    back = Mlp.load(tmp_path / "m.npz")
    x = rng.standard_normal((5, 4)).astype(np.float32)
    assert np.array_equal(m.forward(x), back.forward(x)) and back.meta == {"game": "deal"}


@pytest.mark.skipif(not HAS_TORCH, reason="the learn extra (torch) is not installed")
def test_training_for_seconds_gives_a_legal_agent_whose_numpy_inference_matches_torch(tmp_path):
    import torch

    from tycoon.learn.value import fit, selfplay

    data = selfplay("deal", 40, seed=3, every=4)
    mlp, report = fit(data, seed=3, epochs=2, seconds=5.0)
    assert report.max_abs_diff < 1e-4
    # the same observations through a torch module built from the exported weights
    layers = []
    for i, (w, b) in enumerate(zip(mlp.weights, mlp.biases, strict=True)):
        lin = torch.nn.Linear(w.shape[0], w.shape[1])
        with torch.no_grad():
            lin.weight.copy_(torch.from_numpy(w.T))
            lin.bias.copy_(torch.from_numpy(b))
        layers.append(lin)
        if i < len(mlp.weights) - 1:
            layers.append(torch.nn.ReLU())
    net = torch.nn.Sequential(*layers)
    x = np.array(value_features_all(new_game(seats=2, seed=9)), np.float32)
    with torch.no_grad():
        expected = net(torch.from_numpy((x - mlp.mean) / mlp.scale)).numpy()
    assert np.allclose(mlp.forward(x), expected, atol=1e-5)
    mlp.meta = {"game": "deal"}
    path = tmp_path / "w.npz"
    mlp.save(path)
    bot = LearnedBot(4, samples=1, weights=str(path))
    play(new_game(seats=2, seed=13), [bot, LearnedBot(5, samples=1, weights=str(path))], 80)


@pytest.mark.skipif(not HAS_TORCH, reason="the learn extra (torch) is not installed")
def test_training_is_reproducible_from_its_seed():
    from tycoon.learn.value import fit, selfplay

    a = fit(selfplay("deal", 20, seed=7, every=6), seed=7, epochs=1)[0]
    b = fit(selfplay("deal", 20, seed=7, every=6), seed=7, epochs=1)[0]
    assert all(np.array_equal(x, y) for x, y in zip(a.weights, b.weights, strict=True))


def test_deal_search_uses_the_learned_evaluation_unless_told_otherwise():
    from tycoon.bots import make_bot
    from tycoon.bots.deal import evaluate, search_kwargs

    assert make_bot("hard", "deal", 1).evaluate is learned_evaluate
    assert search_kwargs(evaluation="linear")["evaluate"] is evaluate
    with pytest.raises(ValueError, match="evaluation must be learned or linear"):
        search_kwargs(evaluation="oracle")


def test_learned_bot_is_registered_by_name():
    from tycoon.bots import make_bot

    bot = make_bot("learned:samples=2", "deal", 3)
    assert isinstance(bot, LearnedBot) and bot.samples == 2
    with pytest.raises(ValueError, match="samples"):
        make_bot("learned:samples=lots", "deal", 3)


@pytest.mark.skipif(not HAS_TORCH, reason="the learn extra (torch) is not installed")
def test_train_command_writes_weights_whose_meta_replays_the_command(tmp_path):
    """``tycoon train`` records every setting it used, so the command in the file reproduces it."""
    out = tmp_path / "w.npz"
    args = ["train", "deal", "--seed", "5", "--games", "20", "--epochs", "1", "--hidden", "8",
            "--every", "6", "--batch", "64", "--cosine", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    # the progress of every long command: a line at each tenth when stderr is not a terminal
    assert "self-play games: 2/20" in result.output and "self-play games: 20/20" in result.output
    meta = Mlp.load(out).meta
    assert (meta["every"], meta["batch"], meta["hidden"], meta["games"]) == (6, 64, 8, 20)
    assert meta["cosine"] is True
    assert meta["command"] == ("tycoon train deal --seed 5 --games 20 --epochs 1 --hidden 8 "
                               "--every 6 --batch 64 --cosine")


def test_train_command_rejects_a_bad_setting_and_writes_nothing(tmp_path):
    out = tmp_path / "w.npz"
    result = runner.invoke(app, ["train", "deal", "--every", "0", "--out", str(out)])
    assert result.exit_code == 2 and "--every" in result.output
    result = runner.invoke(app, ["train", "deal", "--hidden", "100000", "--out", str(out)])
    assert result.exit_code == 2 and "--hidden" in result.output  # not a failed allocation
    # the positions of every game are held in memory: 10**20 games played on without end
    result = runner.invoke(app, ["train", "deal", "--games", str(10**20), "--out", str(out)])
    assert result.exit_code == 2 and "--games" in result.output and "200000" in result.output
    assert not out.exists()
    from tycoon.learn.value import train

    with pytest.raises(ValueError, match="from 10 to 200,000, not 5"):
        train("deal", 1, games=5)


@pytest.mark.skipif(not HAS_TORCH, reason="the learn extra (torch) is not installed")
def test_train_command_stopped_says_nothing_is_written(tmp_path, monkeypatch):
    """Ctrl-C (or SIGTERM, SIGHUP) during the games or the training ended with status 130 and
    not a word; it now says the file is not written and a run keeps nothing."""
    import tycoon.learn.value

    def stopped(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(tycoon.learn.value, "train", stopped)
    out = tmp_path / "w.npz"
    result = runner.invoke(app, ["train", "deal", "--out", str(out)])
    assert result.exit_code == 130
    assert result.output.splitlines()[-1] == (f"stopped; {out} is not written (a run keeps "
                                              "nothing: the same command starts again)")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not HAS_TORCH, reason="the learn extra (torch) is not installed")
def test_train_command_refuses_an_unwritable_out_before_it_plays(tmp_path):
    """--out where nothing can be written (a file in the way of its folder, a folder) is
    refused at once, not after 20,000 games and the training."""
    (tmp_path / "taken").write_text("a file")
    cases = [(tmp_path / "taken" / "w.npz", "it is a file, not a folder"),
             (tmp_path, "it is a folder")]
    if Path("/proc/self").is_dir():  # a folder that takes no new file, even for root
        cases.append((Path("/proc/w.npz"), "cannot write /proc/w.npz"))
    for out, words in cases:
        result = runner.invoke(app, ["train", "deal", "--out", str(out)])
        assert result.exit_code == 2 and words in result.output, result.output
        assert "self-play" not in result.output
    result = runner.invoke(app, ["train", "deal", "--seed", "-1", "--out", str(tmp_path / "w")])
    assert result.exit_code == 2 and "seed must be an integer from 0" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


@pytest.mark.skipif(not HAS_TORCH, reason="the learn extra (torch) is not installed")
def test_train_command_refuses_an_out_another_run_is_writing(tmp_path):
    """Two ``tycoon train --out`` on one file (the same command in two terminals) both played
    their games and wrote one ``FILE.part``, which the second could write while the first
    renamed it. The second is refused before it plays; the file is the first run's."""
    from tycoon.study.runner import exclusive

    out = tmp_path / "w.npz"
    with exclusive(out, "held by the test"):
        result = runner.invoke(app, ["train", "deal", "--games", "10", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"another tycoon train is writing {out}: wait for it to end, or give another " \
           "--out" in result.output
    assert "self-play" not in result.output and list(tmp_path.iterdir()) == []
