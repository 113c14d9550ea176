"""Monopoly Deal: the heuristic's plays re-ranked by what the search found (the *tuned* policy).

The search bot judges each of the heuristic's best plays by paired playouts; over thousands
of its decisions, how much better or worse it found each kind of play than the others (in
chance to win) is fitted by a linear model, and the tuned policy plays the heuristic's best
plays (:func:`tycoon.bots.deal.ranked_plays`) in the order of that model. One round of
expert iteration (Anthony, Tian & Barber 2017) with a linear apprentice: it plays like the
heuristic, about as fast, and beats it (55.3% of 10,000 duplicate games); as the search's
own playout policy it won no more than the heuristic (``docs/strength.md``, "Deal: the tuned
playouts"), so `hard` keeps the heuristic's; it plays as the bot ``tuned`` and in studies
(``bench/bots.py`` ``xsearch:tuned=1``).

The model reads a play's kind (:data:`KINDS`) and, per kind, the position's
:data:`CONTEXT` (plays left, bank, full sets, the other seat's value…), the heuristic's
score of the play (clipped) and the card's value; it is fitted by ridge regression of each
candidate's reward minus the mean of its decision's candidates (fixed effects: only
differences between the plays of one decision are learnt). ``bench/fit_deal_playout.py``
generates the data and writes ``tycoon/bots/weights/deal-playout.npz``; other phases
(payments, answers, discards) are the heuristic's.

>>> from tycoon.deal import new_game
>>> s = new_game(seats=2, seed=3)
>>> seat = s.to_move()[0]
>>> tuned_pick(s.view(seat), seat, s.legal_actions(seat)) in s.legal_actions(seat)
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from tycoon.engine import Action, Rng, State

from .deal import COMPLETE, Table, _cards, pick, ranked_plays

#: Kinds of play the model tells apart.
KINDS: tuple[str, ...] = (
    "end_turn", "property_completes", "property", "move_wild", "bank_money", "bank_keeper",
    "bank_other", "rent", "rent_doubled", "debt_collector", "its_my_birthday", "pass_go",
    "house", "hotel", "deal_breaker", "sly_deal", "forced_deal",
)
_KIND = {k: i for i, k in enumerate(KINDS)}
#: What the model reads of the position (per kind of play), see :func:`context`.
CONTEXT: tuple[str, ...] = (
    "one", "last_play", "two_plays_left", "bank", "bank_under_3", "bank_under_6",
    "full_sets", "their_full_sets", "their_value", "their_bank", "hand_size", "table_value",
)
#: Per kind: the context, then the heuristic's score of the play / 50 (clipped to -1..2) and
#: the card's value / 5.
BLOCK = len(CONTEXT) + 2
#: Length of a feature vector: a block per kind, and "the play wins or is decisive" (a
#: heuristic score over 500).
SIZE = len(KINDS) * BLOCK + 1
#: The file the weights ship in.
WEIGHTS = Path(__file__).with_name("weights") / "deal-playout.npz"
#: The cards a heuristic banks only when it must (:func:`kind`: ``bank_keeper``).
_KEEPERS = ("just_say_no", "deal_breaker", "sly_deal", "forced_deal")


def context(view: dict[str, Any], seat: int, tables: Sequence[Table]) -> list[float]:
    """:data:`CONTEXT` of ``seat``'s position, heads-up (the other seat is the richest)."""
    me = tables[seat]
    other = max((t for s, t in enumerate(tables) if s != seat), key=lambda t: t.value)
    left = view["plays_left"]
    return [1.0, float(left == 1), float(left == 2), min(me.bank_value, 20) / 10,
            float(me.bank_value < 3), float(me.bank_value < 6), len(me.full_colors) / 2,
            len(other.full_colors) / 2, min(other.value, 30) / 10,
            min(other.bank_value, 20) / 10, view["seats"][seat]["hand_size"] / 7,
            min(me.value - me.bank_value, 30) / 10]


def kind(a: Action, score: float) -> int:
    """The index in :data:`KINDS` of play ``a``, whose heuristic score is ``score``."""
    t = a.type
    if t == "property":
        return _KIND["property_completes" if score >= COMPLETE else "property"]
    if t == "bank":
        c = _cards()
        card = a.card  # type: ignore[attr-defined]
        if c.KIND[card] == "money":
            return _KIND["bank_money"]
        return _KIND["bank_keeper" if c.NAME[card] in _KEEPERS else "bank_other"]
    if t == "rent":
        return _KIND["rent_doubled" if a.doubles else "rent"]  # type: ignore[attr-defined]
    return _KIND[t]


def _play_terms(a: Action, score: float) -> tuple[float, float, float]:
    """The features of the play itself: its heuristic score / 50 (clipped), its card's
    value / 5, and whether it is decisive (a score over 500)."""
    card = getattr(a, "card", None)
    return (max(-50.0, min(score, 100.0)) / 50,
            _cards().VALUE[card] / 5 if card is not None else 0.0, float(score > 500))


def features(a: Action, score: float, ctx: Sequence[float]) -> list[float]:
    """The feature vector (length :data:`SIZE`) of play ``a`` in a position of context
    ``ctx``."""
    x = [0.0] * SIZE
    base = kind(a, score) * BLOCK
    n = len(CONTEXT)
    x[base:base + n] = ctx
    x[base + n], x[base + n + 1], x[-1] = _play_terms(a, score)
    return x


class Weights:
    """The fitted model: a row of :data:`BLOCK` weights per kind, and the decisive weight."""

    def __init__(self, w: Sequence[float], meta: dict[str, Any] | None = None) -> None:
        if len(w) != SIZE:
            raise ValueError(f"deal-playout weights: {len(w)} numbers, expected {SIZE}")
        flat = [float(x) for x in w]
        self.rows = [flat[i * BLOCK:(i + 1) * BLOCK] for i in range(len(KINDS))]
        self.decisive = flat[-1]
        self.meta = meta or {}

    def value(self, a: Action, score: float, ctx: Sequence[float],
              cache: dict[int, float]) -> float:
        """The model's value of play ``a`` (``cache`` keeps each kind's context term)."""
        k = kind(a, score)
        row = self.rows[k]
        n = len(CONTEXT)
        base = cache.get(k)
        if base is None:
            base = cache[k] = sum(w * x for w, x in zip(row[:n], ctx, strict=True))
        clipped, value, decisive = _play_terms(a, score)
        return base + row[n] * clipped + row[n + 1] * value + self.decisive * decisive

    def save(self, path: str | Path) -> None:
        """Write the weights (float64) and ``meta`` (JSON) to an ``.npz`` file."""
        flat = [x for row in self.rows for x in row] + [self.decisive]
        np.savez(path, w=np.array(flat), meta=np.array(json.dumps(self.meta, sort_keys=True)))

    @classmethod
    def load(cls, path: str | Path) -> Weights:
        """Read a file written by :meth:`save` (no pickles); ``ValueError`` naming what is
        wrong."""
        from .learned import load_npz

        with load_npz(path, "deal-playout weights") as data:
            if "w" not in data.files:
                raise ValueError(f"{path} is not a weights file of tycoon.bots.deal_tuned")
            meta = json.loads(str(data["meta"])) if "meta" in data.files else {}
            return cls(data["w"].tolist(), meta)


@cache
def shipped() -> Weights:
    """The weights shipped with Tycoon (:data:`WEIGHTS`)."""
    return Weights.load(WEIGHTS)


def tuned_pick(view: dict[str, Any], seat: int, legal: Sequence[Action],
               weights: Weights | None = None) -> Action:
    """The tuned policy's choice: in the play phase, the heuristic's best plays (and ending
    the turn) ranked by the model; in other phases, the heuristic's choice."""
    if view["phase"] != "play" or len(legal) == 1:
        return pick(view, seat, legal)
    w = weights or shipped()
    tables = [Table(s) for s in view["seats"]]
    ctx = context(view, seat, tables)
    terms: dict[int, float] = {}
    best, best_value = legal[0], -1e18
    for score, a in ranked_plays(view, seat, tables, legal):
        v = w.value(a, score, ctx, terms)
        if v > best_value:
            best, best_value = a, v
    return best


def tuned_policy(state: State, seat: int, legal: Sequence[Action], rng: Rng,
                 weights: Weights | None = None) -> Action:
    """:func:`tuned_pick` as a playout policy (the search's own playouts); other ``weights``
    through ``functools.partial``."""
    return tuned_pick(state.view(seat), seat, legal, weights)


def fit(x: np.ndarray, y: np.ndarray, groups: np.ndarray, ridge: float = 10.0) -> np.ndarray:
    """Ridge regression of rewards ``y`` on features ``x`` with one fixed effect per decision
    (``groups``): both are centred within each decision, so only the differences between
    the plays of a decision are fitted.

    >>> x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]])
    >>> y = np.array([0.6, 0.4, 0.3, 0.1])  # the first kind is worth 0.2 more, both times
    >>> w = fit(x, y, np.array([0, 0, 1, 1]), ridge=0.0)
    >>> round(float(w[0] - w[1]), 3)
    0.2
    """
    xc, yc = x.astype(float), y.astype(float)
    _, inverse, counts = np.unique(groups, return_inverse=True, return_counts=True)
    for arr in (xc, yc):
        sums = np.zeros((len(counts), *arr.shape[1:]))
        np.add.at(sums, inverse, arr)
        arr -= (sums / counts.reshape((-1,) + (1,) * (arr.ndim - 1)))[inverse]
    a = xc.T @ xc + ridge * np.eye(x.shape[1])
    return np.linalg.lstsq(a, xc.T @ yc, rcond=None)[0]


class TunedBot:
    """The tuned policy as a bot (``make_bot("tuned", "deal")``): the heuristic, with its
    plays re-ranked by the model; instant, and stronger than ``medium``.

    >>> from tycoon.deal import new_game
    >>> s = new_game(seats=2, seed=3)
    >>> seat = s.to_move()[0]
    >>> TunedBot().choose(s, seat) in s.legal_actions(seat)
    True
    """

    def __init__(self, name: str = "tuned", weights: Weights | None = None) -> None:
        self.name = name
        self.weights = weights

    def choose(self, state: State, seat: int) -> Action:
        """The tuned choice among ``seat``'s legal actions."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return tuned_pick(state.view(seat), seat, legal, self.weights)


def make(game: str, seed: int = 0, label: str = "tuned", weights: str | None = None) -> TunedBot:
    """The ``tuned`` entry of the bot registry (Monopoly Deal only; ``tuned:weights=FILE``
    plays other weights from ``bench/fit_deal_playout.py``)."""
    if game != "deal":
        raise ValueError(f"tuned: Monopoly Deal only, not {game}")
    return TunedBot(label, Weights.load(weights) if weights is not None else None)
