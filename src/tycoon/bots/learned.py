"""The learned agent: a value network fitted on self-play, run with numpy alone.

A small multilayer perceptron scores each seat of a position from that seat's features
(a game's ``value_features``); the softmax of the scores over the seats is the estimated
chance of each seat to win. It is trained by ``tycoon train`` (``tycoon.learn``, with
PyTorch, an optional extra) on positions of self-play games labelled with their winner,
and shipped as a ``.npz`` file of float32 weights under ``tycoon/bots/weights/``; playing
needs numpy only.

Two uses:

- :func:`learned_evaluate` is a leaf evaluation for the search bot (``ismcts``);
- :class:`LearnedBot` plays greedily on the network: for each legal action it plays the
  action on a few determinizations of its seat's information set, lets the other seats
  answer with the game's heuristic until the seat decides again or the turn ends, and
  keeps the action whose positions the network rates best.

A game takes part through the small table :data:`MODELS` (its feature function and
shipped weights), keyed by the game's registered name.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from tycoon.engine import Action, Rng, State, get_game

WEIGHTS_DIR = Path(__file__).with_name("weights")

#: Games with a learned model: name -> (feature function "module:attr", shipped weights
#: file, the hand-made evaluation it is compared with in training reports "module:attr").
MODELS: dict[str, tuple[str, str, str]] = {
    "deal": ("tycoon.bots.deal:value_features_all", "deal-value.npz",
             "tycoon.bots.deal:evaluate"),
}

#: A game's features of every seat of a position (one row per seat).
Features = Callable[[Any], list[list[float]]]


def _load_attr(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def load_npz(path: str | Path, what: str) -> Any:
    """``np.load`` of an ``.npz`` file without pickles; ``ValueError`` naming the file when it
    cannot be read or is not an ``.npz`` file (``what``: the kind of file, for the message).

    >>> load_npz("README.md", "weights")
    Traceback (most recent call last):
    ...
    ValueError: README.md is not a weights file (.npz)
    """
    import zipfile

    try:
        with open(path, "rb") as f:
            magic = f.read(4)
    except OSError as exc:
        raise ValueError(f"cannot read the {what} file {path}: {exc.strerror}") from None
    if magic != b"PK\x03\x04":  # an .npz file is a zip archive
        raise ValueError(f"{path} is not a {what} file (.npz)")
    try:
        return np.load(path, allow_pickle=False)
    except (OSError, ValueError, zipfile.BadZipFile) as exc:
        raise ValueError(f"cannot read the {what} file {path}: {exc}") from None


class Mlp:
    """A ReLU perceptron stored as ``w0, b0, w1, b1, ...`` (``w`` of shape in x out).

    >>> m = Mlp([np.eye(2, dtype=np.float32)], [np.zeros(2, dtype=np.float32)])
    >>> m.forward(np.array([[1.0, -2.0]], dtype=np.float32)).tolist()
    [[1.0, -2.0]]
    """

    def __init__(self, weights: Sequence[np.ndarray], biases: Sequence[np.ndarray],
                 mean: np.ndarray | None = None, scale: np.ndarray | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        if len(weights) != len(biases) or not weights:
            raise ValueError("an Mlp needs as many bias vectors as weight matrices")
        for w, b in zip(weights, biases, strict=True):
            if w.ndim != 2 or b.shape != (w.shape[1],):
                raise ValueError(f"bad layer shapes {w.shape} and {b.shape}")
        self.weights = [np.asarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.asarray(b, dtype=np.float32) for b in biases]
        n_in = self.weights[0].shape[0]
        self.mean = np.zeros(n_in, np.float32) if mean is None else np.asarray(mean, np.float32)
        self.scale = np.ones(n_in, np.float32) if scale is None else np.asarray(scale, np.float32)
        self.meta = dict(meta or {})

    @property
    def inputs(self) -> int:
        """How many features the network reads."""
        return self.weights[0].shape[0]

    def forward(self, x: np.ndarray) -> np.ndarray:
        """Outputs for a batch ``x`` of shape (n, inputs): the features are standardised
        (``(x - mean) / scale``), then every layer but the last is followed by a ReLU."""
        h = (np.asarray(x, dtype=np.float32) - self.mean) / self.scale
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h

    def save(self, path: str | Path) -> None:
        """Write the network as an ``.npz`` file (``meta`` as a JSON string)."""
        import json

        arrays: dict[str, np.ndarray] = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"] = w
            arrays[f"b{i}"] = b
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        with open(path, "wb") as f:
            np.savez_compressed(f, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Mlp:
        """Read a network written by :meth:`save`; ``ValueError`` naming what is wrong."""
        import json

        with load_npz(path, "weights") as data:
            layers = sum(1 for k in data.files if k.startswith("w"))
            if layers == 0 or "mean" not in data.files:
                raise ValueError(f"{path} is not a weights file of tycoon.bots.learned")
            weights = [data[f"w{i}"] for i in range(layers)]
            biases = [data[f"b{i}"] for i in range(layers)]
            meta = json.loads(str(data["meta"])) if "meta" in data.files else {}
            return cls(weights, biases, data["mean"], data["scale"], meta)


class ValueModel:
    """A game's feature function and network: the chance of each seat to win."""

    def __init__(self, features: Features, net: Mlp) -> None:
        self.features = features
        self.net = net

    def scores(self, state: Any) -> np.ndarray:
        """One score per seat (higher is better)."""
        x = np.array(self.features(state), dtype=np.float32)
        if x.ndim != 2 or x.shape[1] != self.net.inputs:
            raise ValueError(f"the network reads {self.net.inputs} features, not {x.shape[-1]}")
        return self.net.forward(x)[:, 0]

    def rewards(self, state: Any) -> list[float]:
        """The softmax of the scores: estimated chances of winning, summing to 1."""
        z = self.scores(state).astype(np.float64)
        z = np.exp(z - z.max())
        return (z / z.sum()).tolist()


@cache
def model(game: str, path: str | None = None) -> ValueModel:
    """The value model of ``game`` (its shipped weights, or the file ``path``)."""
    if game not in MODELS:
        raise ValueError(f"no learned model for the game {game!r}; known: {', '.join(MODELS)}")
    ref, default, _ = MODELS[game]
    net = Mlp.load(path or WEIGHTS_DIR / default)
    features = _load_attr(ref)
    if net.meta.get("game", game) != game:
        raise ValueError(f"the weights file is for {net.meta['game']!r}, not {game!r}")
    return ValueModel(features, net)


def learned_evaluate(state: State) -> list[float]:
    """Leaf evaluation for the search bot: the shipped network's chances of winning."""
    return model(state.game).rewards(state)


def _view_key(state: State, seat: int) -> str:
    """What ``seat`` sees, as text (to notice a position coming back)."""
    return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))


def _settle(det: State, seat: int, guide: Callable[[State, int], Action], cap: int,
            turn: int) -> None:
    """Let the other seats act (with ``guide``) until ``seat`` must decide, the turn ``turn``
    is over, or the game ends: every action is judged at the same horizon, so ending the
    turn is compared fairly with playing on."""
    for _ in range(cap):
        if det.is_over or det.turn != turn:
            return
        movers = det.to_move()
        if not movers or seat in movers:
            return
        actor = movers[0]
        det.apply(actor, guide(det, actor))


class LearnedBot:
    """Greedy play on the learned value network (see the module docstring).

    ``samples``: determinizations per action (more is steadier and slower).

    >>> from tycoon.deal import new_game
    >>> s = new_game(seats=2, seed=3)
    >>> seat = s.to_move()[0]
    >>> LearnedBot(1).choose(s, seat) in s.legal_actions(seat)
    True
    """

    def __init__(self, seed: int = 0, game: str = "deal", samples: int = 4,
                 weights: str | None = None, name: str = "learned") -> None:
        if samples < 1:
            raise ValueError("learned: samples must be at least 1")
        self.rng = Rng(seed)
        self.game = game
        self.samples = samples
        self.model = model(game, weights)
        self.name = name
        heuristic = get_game(game).extension("heuristic")
        if heuristic is None:
            raise ValueError(f"learned: {game} has no heuristic to model the other seats with")
        self._guide = heuristic(seed)
        self._turn = -1
        self._seen: set[str] = set()

    def _guide_choose(self, state: State, seat: int) -> Action:
        return self._guide.choose(state, seat)

    def choose(self, state: State, seat: int) -> Action:
        """The legal action whose resulting positions the network rates best for ``seat``."""
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do")
        if len(legal) == 1:
            return legal[0]
        if state.turn != self._turn:
            self._turn, self._seen = state.turn, set()
        self._seen.add(_view_key(state, seat))
        seeds = [self.rng.next64() >> 1 for _ in range(self.samples)]
        best, best_value = legal[0], -math.inf
        for a in legal:
            value = self._value(state, seat, a, seeds)
            if value is not None and value > best_value:
                best, best_value = a, value
        return best

    def _value(self, state: State, seat: int, a: Action, seeds: list[int]) -> float | None:
        """The mean rating of ``a`` over the determinizations ``seeds``; None when ``a``
        leads back to a position of this turn (a free move undone: a loop)."""
        total = 0.0
        for k, sd in enumerate(seeds):
            det = state.determinize(seat, sd)
            det.apply(seat, a)
            if k == 0 and det.turn == state.turn and _view_key(det, seat) in self._seen:
                return None
            _settle(det, seat, self._guide_choose, 200, state.turn)
            if det.is_over:
                total += 1.0 if det.winner == seat else 0.0
            else:
                total += self.model.rewards(det)[seat]
        return total / len(seeds)


def make(game: str, seed: int = 0, label: str = "learned", skill: float | None = None,
         samples: int = 4, weights: str | None = None, **params: Any) -> LearnedBot:
    """The ``learned`` entry of the bot registry (``learned:samples=8``)."""
    if params:
        raise ValueError(f"learned: unknown parameters {sorted(params)}; known: samples, weights")
    if isinstance(samples, bool) or not isinstance(samples, int):
        raise ValueError(f"learned: samples must be an integer, not {samples!r}")
    return LearnedBot(seed, game, samples=samples, weights=weights, name=label)
