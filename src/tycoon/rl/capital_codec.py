"""Capital as a fixed discrete action space and a fixed-size observation vector.

Indices, in order (see ``docs/rl.md``):

- ``roll``; ``branch straight``, ``branch right``; ``pass``;
- ``build lot=L kind=K`` for the 4 lots x 7 kinds (on the block landed on);
- ``play CARD`` for each of the 23 cards, one index per possible target: no target (1),
  a seat (4), a square (56), or a business ``(square, lot)`` (224, index ``4*square+lot``);
- exchange, a compound action: ``exchange+ CARD`` adds one card (23 indices, card kinds in the
  order of C-7; the canonical sequence picks them in that order, a kind repeated as often as
  it is exchanged), then ``exchange done``;
- waive, a compound action: ``waive+ CHARGE`` adds one charge to waive (68 indices: the fee of
  lot 0-3 of the block landed on, the toll on square 0-55, Mafia Collection 0-3, Lion's Sight
  0-3; picked in that order), then ``waive done``.

Minigames are input sessions: never the agent's, the environment plays them with the
session bots (``tycoon.rl.core``).

>>> CODEC.n_actions
777
>>> CODEC.labels[0], CODEC.labels[4], CODEC.labels[CODEC.exchange_done]
('roll', 'build lot=0 kind=bar', 'exchange done')
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tycoon.capital.actions import Branch, Build, Exchange, Minigame, Pass, Play, Roll, Waive
from tycoon.capital.board import BOARD, WAYS
from tycoon.capital.businesses import KINDS, LOTS, round_half_up
from tycoon.capital.card_rules import MAX_DICE
from tycoon.capital.cards import CARDS, ORDER, TARGET
from tycoon.capital.payments import charges
from tycoon.capital.state import EFFECTS, PHASES
from tycoon.engine import Action, State

from .core import Layout, Path

SEATS = 4
SQUARES = BOARD.size
MAX_REPEAT = 4  # Mafia Collections / Lion's Sights pending on one seat: one per opponent turn
CONSTRUCTIONS = ("obstacle", "toll")
_TARGET_SIZE = {None: 1, "opponent": SEATS, "seat": SEATS, "square": SQUARES,
                "construction": SQUARES, "business": SQUARES * LOTS,
                "own_business": SQUARES * LOTS}
N_CHARGES = LOTS + SQUARES + 2 * MAX_REPEAT


def charge_slot(charge: str) -> int:
    """The waive index offset of a charge id (``fee:<square>:<lot>``, ``toll:<square>``,
    ``mafia:<i>``, ``lion:<i>``).

    >>> charge_slot("fee:17:2"), charge_slot("toll:5"), charge_slot("lion:1")
    (2, 9, 65)
    """
    kind, _, rest = charge.partition(":")
    if kind == "fee":
        return int(rest.partition(":")[2])
    if kind == "toll":
        return LOTS + int(rest)
    i = int(rest)
    if i >= MAX_REPEAT:
        raise ValueError(f"charge {charge!r}: more than {MAX_REPEAT} of a kind")
    if kind == "mafia":
        return LOTS + SQUARES + i
    if kind == "lion":
        return LOTS + SQUARES + MAX_REPEAT + i
    raise ValueError(f"unknown charge id {charge!r}")


class CapitalCodec:
    """The action space and observation layout of Capital (see ``docs/rl.md``)."""

    game = "capital"
    #: The adapters' default turn limit (the rules option ``turn_limit``, C-12).
    turn_limit = 200

    def __init__(self) -> None:
        labels: list[str] = ["roll", *(f"branch {w}" for w in WAYS), "pass"]
        self.roll, self.branch, self.pass_ = 0, 1, 3
        self.build = len(labels)
        labels += [f"build lot={lot} kind={k}" for lot in range(LOTS) for k in KINDS]
        self.play: dict[str, int] = {}
        for card in CARDS:
            self.play[card] = len(labels)
            kind = TARGET[card]
            if kind is None:
                labels.append(f"play {card}")
            elif _TARGET_SIZE[kind] == SEATS:
                labels += [f"play {card} seat={s}" for s in range(SEATS)]
            elif _TARGET_SIZE[kind] == SQUARES:
                labels += [f"play {card} square={s}" for s in range(SQUARES)]
            else:
                labels += [f"play {card} square={s} lot={lot}"
                           for s in range(SQUARES) for lot in range(LOTS)]
        self.exchange = len(labels)
        labels += [f"exchange+ {card}" for card in CARDS]
        self.exchange_done = len(labels)
        labels.append("exchange done")
        self.waive = len(labels)
        labels += [f"waive+ fee lot={lot}" for lot in range(LOTS)]
        labels += [f"waive+ toll square={s}" for s in range(SQUARES)]
        labels += [f"waive+ mafia {i}" for i in range(MAX_REPEAT)]
        labels += [f"waive+ lion {i}" for i in range(MAX_REPEAT)]
        self.waive_done = len(labels)
        labels.append("waive done")
        self.labels = tuple(labels)
        self.n_actions = len(labels)
        self._cache: dict[Action, Path] = {}
        self.layout = Layout(_FIELDS)

    # ------------------------------------------------------------------ actions
    def path(self, a: Action) -> Path:
        """The canonical index path of engine action ``a`` (``ValueError`` if none)."""
        got = self._cache.get(a)
        if got is not None:
            return got
        if isinstance(a, Roll):
            got = (self.roll,)
        elif isinstance(a, Branch):
            got = (self.branch + WAYS.index(a.way),)
        elif isinstance(a, Pass):
            got = (self.pass_,)
        elif isinstance(a, Build):
            got = (self.build + a.lot * len(KINDS) + KINDS.index(a.kind),)
        elif isinstance(a, Play):
            t = a.target
            off = 0 if t is None else (t[0] * LOTS + t[1] if isinstance(t, tuple) else t)
            if not 0 <= off < _TARGET_SIZE[TARGET[a.card]]:
                raise ValueError(f"no index for {a!r}")
            got = (self.play[a.card] + off,)
        elif isinstance(a, Exchange):
            picks = sorted(self.exchange + ORDER[c] for c in a.cards)
            got = (*picks, self.exchange_done)
        elif isinstance(a, Waive):
            picks = sorted(self.waive + charge_slot(c) for c in a.charges)
            if len(set(picks)) != len(picks):
                raise ValueError(f"two charges share a waive index in {a!r}")
            got = (*picks, self.waive_done)
        else:
            raise ValueError(f"no index for {a!r}")
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[a] = got
        return got

    def paths(self, state: State, seat: int) -> dict[Path, Action]:
        """Every legal action of ``seat``, keyed by its path."""
        path = self.path
        out: dict[Path, Action] = {}
        for a in state.legal_actions(seat):
            if isinstance(a, Minigame):
                raise ValueError("minigame actions are played by the environment")
            p = path(a)
            if p in out:
                raise ValueError(f"two legal actions share the path {p}: {out[p]}, {a}")
            out[p] = a
        return out

    # ------------------------------------------------------------------ observations
    def observe(self, view: dict[str, Any], selection: Path, out: np.ndarray) -> None:
        """Fill ``out`` from the seat's view (see ``docs/rl.md`` for each field)."""
        o = self.layout.offset
        seats = view["seats"]
        me = _me(view)
        out[o["me"] + me] = 1
        for s in range(len(seats)):
            out[o["seats_present"] + s] = 1
        out[o["current"] + view["current"]] = 1
        out[o["phase"] + PHASES.index(view["phase"])] = 1
        out[o["turn"]] = view["turn"]
        limit = view["options"].get("turn_limit")
        out[o["turn_limit"]] = limit or 0
        if view["winner"] is not None:
            out[o["winner"] + view["winner"]] = 1
        per = o["seat_info"]
        sq = o["square"]
        for d in seats:
            s = d["seat"]
            b = per + s * _SEAT_SIZE
            out[b] = d["balance"]
            out[b + 1] = d["net_worth"]
            out[b + 2] = d["net_worth_percent"]
            out[b + 3] = d["laps"]
            out[b + 4] = d["dice"]
            out[b + 5] = d["hand_size"]
            fx = d["effects"]
            for i, e in enumerate(EFFECTS):
                out[b + 6 + i] = fx[e]
            out[sq + s * SQUARES + d["square"]] = 1
        hand = o["hand"]
        for card in seats[me]["hand"]:
            out[hand + ORDER[card]] += 1
        bus = o["businesses"]
        for x in view["businesses"]:
            b = bus + (x["square"] * LOTS + x["lot"]) * _LOT_SIZE
            out[b + KINDS.index(x["kind"])] = 1
            out[b + len(KINDS) + x["owner"]] = 1
            out[b + len(KINDS) + SEATS] = x["level"]
            out[b + len(KINDS) + SEATS + 1] = x["income"]
        con = o["constructions"]
        for x in view["constructions"]:
            b = con + x["square"] * _CON_SIZE
            out[b + CONSTRUCTIONS.index(x["type"])] = 1
            out[b + 2 + x["owner"]] = 1
        out[o["deck_size"]] = view["deck_size"]
        disc = o["discard"]
        for card in view["discard"]:
            out[disc + ORDER[card]] += 1
        for i, die in enumerate(view["roll"][:MAX_DICE]):
            out[o["roll"] + i] = die
        if view["landed"] is not None:
            out[o["landed"] + view["landed"]] = 1
        charges = view.get("charges")
        if charges:
            ch = o["charges"]
            for c in charges:
                slot = charge_slot(c["id"])
                out[ch + slot] = 1
                out[ch + N_CHARGES + slot] = -1 if c["amount"] is None else c["amount"]
        self._observe_selection(selection, out)

    def observe_state(self, state: State, seat: int, out: np.ndarray,
                      selection: Path = ()) -> None:
        """Fill ``out`` (zeros) with the observation of ``seat``, read from ``state``.

        The same vector as :meth:`observe` of ``state.view(seat)`` (a test checks it at every
        step of random games), without what the view computes and the vector does not use
        (the build offers and their incomes): it reads only what that view shows.
        """
        st: Any = state
        o = self.layout.offset
        n = len(st.seats)
        worths = [st.net_worth(s) for s in range(n)]
        total = sum(worths)
        out[o["me"] + seat] = 1
        out[o["seats_present"] : o["seats_present"] + n] = 1
        out[o["current"] + st.current] = 1
        out[o["phase"] + PHASES.index(st.phase)] = 1
        out[o["turn"]] = st.turn
        out[o["turn_limit"]] = st.options.get("turn_limit") or 0
        if st.winner_seat is not None:
            out[o["winner"] + st.winner_seat] = 1
        per, sq = o["seat_info"], o["square"]
        for s, p in enumerate(st.seats):
            b = per + s * _SEAT_SIZE
            out[b] = p.balance
            out[b + 1] = worths[s]
            out[b + 2] = round_half_up(100 * worths[s], total) if total > 0 else 0
            out[b + 3] = p.laps
            out[b + 4] = p.dice
            out[b + 5] = len(p.hand)
            for i, e in enumerate(EFFECTS):
                out[b + 6 + i] = p.uses(e)
            out[sq + s * SQUARES + p.square] = 1
        hand = o["hand"]
        for card in st.seats[seat].hand:
            out[hand + ORDER[card]] += 1
        bus = o["businesses"]
        incomes = st.incomes()
        for (square, lot), x in st.businesses.items():
            b = bus + (square * LOTS + lot) * _LOT_SIZE
            out[b + _KIND_INDEX[x.kind]] = 1
            out[b + len(KINDS) + x.owner] = 1
            out[b + len(KINDS) + SEATS] = x.level
            out[b + len(KINDS) + SEATS + 1] = incomes[square, lot]
        con = o["constructions"]
        for square, (kind, owner) in st.constructions.items():
            b = con + square * _CON_SIZE
            out[b + CONSTRUCTIONS.index(kind)] = 1
            out[b + 2 + owner] = 1
        out[o["deck_size"]] = len(st.deck)
        disc = o["discard"]
        for card in st.discard:
            out[disc + ORDER[card]] += 1
        for i, die in enumerate(list(st.roll)[:MAX_DICE]):
            out[o["roll"] + i] = die
        if st.landed is not None:
            out[o["landed"] + st.landed] = 1
        if st.phase == "waive" and seat == st.current:
            ch = o["charges"]
            for c in charges(st, st.current):
                slot = charge_slot(c.id)
                out[ch + slot] = 1
                out[ch + N_CHARGES + slot] = -1 if c.amount is None else c.amount
        self._observe_selection(selection, out)

    def _observe_selection(self, selection: Path, out: np.ndarray) -> None:
        """The cards chosen so far in a choice of several steps (an exchange, a waiver)."""
        sel = self.layout.offset["selection"]
        for i in selection:
            if self.exchange <= i < self.exchange_done:
                out[sel + i - self.exchange] += 1
            elif self.waive <= i < self.waive_done:
                out[sel + len(CARDS) + i - self.waive] = 1


def _me(view: dict[str, Any]) -> int:
    for d in view["seats"]:
        if "hand" in d:
            return d["seat"]
    raise ValueError("the view has no hand: observations are built from a seat's view")


_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_SEAT_SIZE = 6 + len(EFFECTS)
_LOT_SIZE = len(KINDS) + SEATS + 2
_CON_SIZE = len(CONSTRUCTIONS) + SEATS

_FIELDS: list[tuple[str, int, str]] = [
    ("me", SEATS, "one-hot: the observing seat"),
    ("seats_present", SEATS, "1 for each seat in the game"),
    ("current", SEATS, "one-hot: the seat whose turn it is"),
    ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES) + " (the agent never sees minigame)"),
    ("turn", 1, "turns started so far"),
    ("turn_limit", 1, "the game's turn limit (0: none)"),
    ("winner", SEATS, "one-hot: the winner, once there is one"),
    ("seat_info", SEATS * _SEAT_SIZE,
     f"per seat s (block of {_SEAT_SIZE} at {_SEAT_SIZE}*s): balance, net worth, net worth "
     "percent, laps, dice, hand size, then uses left of each effect: " + ", ".join(EFFECTS)),
    ("square", SEATS * SQUARES, "per seat s, one-hot over the 56 squares (at 56*s): its pawn"),
    ("hand", len(CARDS), "my hand: count of each card kind (C-7 order)"),
    ("businesses", SQUARES * LOTS * _LOT_SIZE,
     f"per lot (square*4+lot, block of {_LOT_SIZE}): kind one-hot (7, in KINDS order), owner "
     "one-hot (4), level, income; all zero for an empty lot"),
    ("constructions", SQUARES * _CON_SIZE,
     f"per square (block of {_CON_SIZE}): obstacle, toll, owner one-hot (4)"),
    ("deck_size", 1, "cards in the draw pile"),
    ("discard", len(CARDS), "discard pile: count of each card kind"),
    ("roll", MAX_DICE, "dice of this turn's roll (0: none)"),
    ("landed", SQUARES, "one-hot: the square the current player landed on this turn"),
    ("charges", 2 * N_CHARGES,
     "only for the current player in the waive phase: 1 per owed charge at its waive slot "
     "(68), then its amount at the same slot (-1: computed when paid)"),
    ("selection", len(CARDS) + N_CHARGES,
     "the compound action being chosen by this seat: cards picked for an exchange (count per "
     "kind), then charges picked to waive (1 per slot)"),
]

CODEC = CapitalCodec()
