"""The Toy game's RL codec: proof that the RL layer needs nothing of a game beyond its codec.

Indices: ``play card=1`` .. ``play card=40``, then ``draw``, then ``pass``. The peek round
(an input session) is played by the environment. The observation is built from the seat's
view only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from toygame import Draw, Pass, Play
from tycoon.engine import Action, State
from tycoon.rl.core import Layout, Path

SEATS = 4
CARDS = 40

_FIELDS: list[tuple[str, int, str]] = [
    ("me", SEATS, "one-hot: the observing seat"),
    ("seats_present", SEATS, "1 for each seat in the game"),
    ("current", SEATS, "one-hot: the seat whose turn it is"),
    ("turn", 1, "the turn number"),
    ("hand", CARDS, "my hand: 1 for each card (1-40) I hold"),
    ("hand_size", SEATS, "cards in each seat's hand"),
    ("score", SEATS, "each seat's score"),
    ("deck_size", 1, "cards left in the deck"),
    ("winner", SEATS, "one-hot: the winner, once there is one"),
]


class ToyCodec:
    """The action space and observation layout of the Toy game."""

    game = "toy"
    version = 0
    n_actions = CARDS + 2
    labels = (*(f"play card={c}" for c in range(1, CARDS + 1)), "draw", "pass")
    layout = Layout(_FIELDS)

    def path(self, action: Action) -> Path:
        """The one-index path of a Toy action."""
        if isinstance(action, Play):
            return (action.card - 1,)
        if isinstance(action, Draw):
            return (CARDS,)
        if isinstance(action, Pass):
            return (CARDS + 1,)
        raise ValueError(f"no index for {action!r} (the peek round is the environment's)")

    def paths(self, state: State, seat: int) -> dict[Path, Action]:
        """Every legal action of ``seat`` by its path."""
        return {self.path(a): a for a in state.legal_actions(seat)}

    def observe(self, view: dict[str, Any], selection: Path, out: np.ndarray) -> None:
        """Fill ``out`` from the seat's view."""
        o = self.layout.offset
        me = next(d["seat"] for d in view["seats"] if "hand" in d)
        out[o["me"] + me] = 1
        out[o["current"] + view["current"]] = 1
        out[o["turn"]] = view["turn"]
        for d in view["seats"]:
            s = d["seat"]
            out[o["seats_present"] + s] = 1
            out[o["hand_size"] + s] = d["hand_size"]
            out[o["score"] + s] = d["score"]
        for card in view["seats"][me]["hand"]:
            out[o["hand"] + card - 1] = 1
        out[o["deck_size"]] = view["deck_size"]
        if view["winner"] is not None:
            out[o["winner"] + view["winner"]] = 1


CODEC = ToyCodec()
