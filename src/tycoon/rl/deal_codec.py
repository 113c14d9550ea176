"""Monopoly Deal as a fixed discrete action space and a fixed-size observation vector.

Every action of ``tycoon.deal.actions`` has exactly one index (no compound actions): the
blocks below are laid out in this order, each covering every card id / colour / seat / set
index the engine could produce (seats 0-4, set indices 0-38 since a table holds at most 39
property cards). A Sly Deal or Forced Deal index does not carry the target seat: it is the
owner of the ``take`` card, which is unique.

>>> CODEC.n_actions
6400
>>> CODEC.labels[0], CODEC.labels[1], CODEC.labels[2]
('end_turn', 'accept', 'bank card=0')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tycoon.deal.actions import (
    Accept,
    Bank,
    Birthday,
    DealBreaker,
    DebtCollector,
    Discard,
    EndTurn,
    ForcedDeal,
    Hotel,
    House,
    MoveWild,
    PassGo,
    Pay,
    PlayProperty,
    Rent,
    SayNo,
    SlyDeal,
)
from tycoon.deal.cards import (
    CARD_COLORS,
    COLOR_INDEX,
    COLORS,
    IS_DOUBLE,
    IS_PROPERTY,
    IS_WILD,
    KIND,
    N_CARDS,
    NAME,
    VALUE,
)
from tycoon.engine import Action, State

from .core import Layout, Path

if TYPE_CHECKING:
    from .core import Match

SEATS = 5
MAX_SETS = 39
N_COLORS = len(COLORS)
PROPERTIES = tuple(c for c in range(N_CARDS) if IS_PROPERTY[c])
WILDS = tuple(c for c in range(N_CARDS) if IS_WILD[c])
DOUBLES = tuple(c for c in range(N_CARDS) if IS_DOUBLE[c])
DOUBLE_CHOICES: tuple[tuple[int, ...], ...] = (
    (),
    *((d,) for d in DOUBLES),
    *((a, b) for i, a in enumerate(DOUBLES) for b in DOUBLES[i + 1 :]),
)
PHASES = ("play", "respond", "pay", "discard", "over")
PENDING_KINDS = (
    "rent", "debt_collector", "its_my_birthday", "sly_deal", "forced_deal", "deal_breaker",
)


def _ids(name: str) -> tuple[int, ...]:
    return tuple(c for c in range(N_CARDS) if NAME[c] == name)


class DealCodec:
    """The action space and observation layout of Monopoly Deal (see ``docs/rl.md``)."""

    game = "deal"

    def __init__(self) -> None:
        labels: list[str] = []
        self._key: dict[Any, int] = {}

        def add(key: Any, label: str) -> None:
            self._key[key] = len(labels)
            labels.append(label)

        add("end_turn", "end_turn")
        add("accept", "accept")
        for c in range(N_CARDS):
            add(("bank", c), f"bank card={c}")
        for c in PROPERTIES:
            for col in CARD_COLORS[c]:
                add(("property", c, col), f"property card={c} color={COLORS[col]}")
        for c in WILDS:
            for col in CARD_COLORS[c]:
                add(("move_wild", c, col), f"move_wild card={c} color={COLORS[col]}")
        for c in range(N_CARDS):
            if KIND[c] != "rent":
                continue
            wild = len(CARD_COLORS[c]) > 2
            targets: tuple[int | None, ...] = tuple(range(SEATS)) if wild else (None,)
            for col in CARD_COLORS[c]:
                for t in targets:
                    for d in DOUBLE_CHOICES:
                        add(("rent", c, col, t, d),
                            f"rent card={c} color={COLORS[col]} target={t} "
                            f"doubles={','.join(map(str, d)) or '-'}")
        for c in _ids("debt_collector"):
            for t in range(SEATS):
                add(("debt_collector", c, t), f"debt_collector card={c} target={t}")
        for c in _ids("its_my_birthday"):
            add(("its_my_birthday", c), f"its_my_birthday card={c}")
        for c in _ids("sly_deal"):
            for x in PROPERTIES:
                add(("sly_deal", c, x), f"sly_deal card={c} take={x}")
        for c in _ids("forced_deal"):
            for x in PROPERTIES:
                for g in PROPERTIES:
                    add(("forced_deal", c, x, g), f"forced_deal card={c} take={x} give={g}")
        for c in _ids("deal_breaker"):
            for t in range(SEATS):
                for i in range(MAX_SETS):
                    add(("deal_breaker", c, t, i), f"deal_breaker card={c} target={t} set={i}")
        for c in _ids("pass_go"):
            add(("pass_go", c), f"pass_go card={c}")
        for c in _ids("house"):
            for i in range(MAX_SETS):
                add(("house", c, i), f"house card={c} set={i}")
        for c in _ids("hotel"):
            for i in range(MAX_SETS):
                add(("hotel", c, i), f"hotel card={c} set={i}")
        for c in _ids("just_say_no"):
            add(("say_no", c), f"say_no card={c}")
        for c in range(N_CARDS):
            add(("pay", c), f"pay card={c}")
        for c in range(N_CARDS):
            add(("discard", c), f"discard card={c}")
        self.labels = tuple(labels)
        self.n_actions = len(labels)
        self._cache: dict[Action, int] = {}
        self._by_id: dict[int, tuple[Action, int]] = {}
        self.layout = Layout(_FIELDS)

    # ------------------------------------------------------------------ actions
    def key(self, a: Action) -> Any:
        """The layout key of an engine action (the target of a Sly/Forced Deal is dropped)."""
        if isinstance(a, EndTurn):
            return "end_turn"
        if isinstance(a, Accept):
            return "accept"
        if isinstance(a, Bank | PassGo | Birthday | SayNo | Pay | Discard):
            return (a.type, a.card)
        if isinstance(a, PlayProperty | MoveWild):
            return (a.type, a.card, COLOR_INDEX[a.color])
        if isinstance(a, Rent):
            return ("rent", a.card, COLOR_INDEX[a.color], a.target, tuple(a.doubles))
        if isinstance(a, DebtCollector):
            return ("debt_collector", a.card, a.target)
        if isinstance(a, SlyDeal):
            return ("sly_deal", a.card, a.take)
        if isinstance(a, ForcedDeal):
            return ("forced_deal", a.card, a.take, a.give)
        if isinstance(a, DealBreaker):
            return ("deal_breaker", a.card, a.target, a.set)
        if isinstance(a, House | Hotel):
            return (a.type, a.card, a.set)
        raise ValueError(f"no index for {a!r}")

    def index(self, a: Action) -> int:
        """The index of engine action ``a`` (``ValueError`` if the layout has none)."""
        hit = self._by_id.get(id(a))
        if hit is not None and hit[0] is a:
            return hit[1]
        got = self._cache.get(a)
        if got is None:
            try:
                got = self._key[self.key(a)]
            except KeyError:
                raise ValueError(f"no index for {a!r}") from None
            if len(self._cache) > 200_000:
                self._cache.clear()
                self._by_id.clear()
            self._cache[a] = got
        # The engine interns its actions: most lookups are by identity. The entry keeps
        # ``a`` alive, so its id cannot be reused by another object.
        self._by_id[id(a)] = (a, got)
        return got

    def path(self, a: Action) -> Path:
        """The one-index path of engine action ``a``."""
        return (self.index(a),)

    def paths(self, state: State, seat: int) -> dict[Path, Action]:
        """Every legal action of ``seat``, keyed by its one-index path."""
        index = self.index
        out: dict[Path, Action] = {}
        for a in state.legal_actions(seat):
            path = (index(a),)
            if path in out:
                raise ValueError(f"two legal actions share index {path[0]}: {out[path]}, {a}")
            out[path] = a
        return out

    def first_options(self, state: State, seat: int) -> dict[int, Action | None]:
        """Index -> action for every legal action (all paths have one index)."""
        legal = state.legal_actions(seat)
        get = self._by_id.get
        index = self.index
        hits = [get(id(a), _MISS) for a in legal]
        keys = [h[1] if h[0] is a else index(a) for h, a in zip(hits, legal, strict=True)]
        out: dict[int, Action | None] = dict(zip(keys, legal, strict=True))
        if len(out) != len(legal):
            raise ValueError(f"two legal actions share an index: {legal}")
        return out

    def autoplay(self, match: Match) -> None:
        """Nothing: in Monopoly Deal every decision is an agent's (one seat at a time)."""

    # ------------------------------------------------------------------ observations
    def observe(self, view: dict[str, Any], selection: Path, out: np.ndarray) -> None:
        """Fill ``out`` from the seat's view (see ``docs/rl.md`` for each field)."""
        o = self.layout.offset
        me = _me(view)
        seats = view["seats"]
        ones: list[int] = [o["me"] + me, o["current"] + view["current"],
                           o["phase"] + PHASES.index(view["phase"])]
        ones += [o["seats_present"] + s for s in range(len(seats))]
        ones += [o["to_move"] + s for s in view["to_move"]]
        out[o["turn"]] = view["turn"]
        out[o["plays_left"]] = view["plays_left"]
        out[o["deck_size"]] = view["deck_size"]
        if view["winner"] is not None:
            ones.append(o["winner"] + view["winner"])
        loc = o["card_location"]
        wild = o["wild_color"]
        per = o["seat_info"]
        seen: list[int] = []  # cards whose place is known (not "unseen")
        values: dict[int, int] = {}  # the non-zero counts of seat_info
        for d in seats:
            s = d["seat"]
            base = per + s * _SEAT_SIZE
            values[base] = d["hand_size"]
            bank = d["bank"]
            values[base + 1] = sum(VALUE[c] for c in bank)
            seen += bank
            ones += [loc + c * _LOCATIONS + 3 + s for c in bank]
            table = loc + 3 + SEATS + s
            full_colors = set()
            for x in d["sets"]:
                col = COLOR_INDEX[x["color"]]
                cards = x["cards"]
                seen += cards
                for c in cards:
                    ones.append(table + c * _LOCATIONS)
                    if IS_WILD[c]:
                        ones.append(wild + _WILD_INDEX[c] * N_COLORS + col)
                k = base + 3 + col
                values[k] = values.get(k, 0) + len(cards)
                if x["full"]:
                    values[k + N_COLORS] = values.get(k + N_COLORS, 0) + 1
                    full_colors.add(col)
                for b, j in ((x["house"], 2), (x["hotel"], 3)):
                    if b is not None:
                        seen.append(b)
                        ones.append(table + b * _LOCATIONS)
                        values[k + j * N_COLORS] = values.get(k + j * N_COLORS, 0) + 1
                r = k + 4 * N_COLORS
                if x["rent"] > values.get(r, 0):
                    values[r] = x["rent"]
            values[base + 2] = len(full_colors)
        hand = seats[me]["hand"]
        discard = view["discard"]
        seen += hand
        seen += discard
        ones += [loc + c * _LOCATIONS + 1 for c in hand]
        ones += [loc + c * _LOCATIONS + 2 for c in discard]
        out[loc : loc + N_CARDS * _LOCATIONS : _LOCATIONS] = 1  # unseen, unless seen below
        out[[loc + c * _LOCATIONS for c in seen]] = 0
        out[ones] = 1
        out[list(values)] = list(values.values())
        p = view["pending"]
        if p is not None:
            self._pending(p, o["pending"], out)

    @staticmethod
    def _pending(p: dict[str, Any], b: int, out: np.ndarray) -> None:
        out[b + PENDING_KINDS.index(p["kind"])] = 1
        b += len(PENDING_KINDS)
        out[b + p["by"]] = 1
        out[b + SEATS + p["target"]] = 1
        for t in p["targets"]:
            out[b + 2 * SEATS + t] = 1
        if p["responder"] is not None:
            out[b + 3 * SEATS + p["responder"]] = 1
        b += 4 * SEATS
        out[b] = p["amount"] or 0
        out[b + 1] = p["paid"]
        out[b + 2] = p["owed"] or 0
        out[b + 3] = p["noes"]
        out[b + 4] = 1 if p["stage"] == "pay" else 0
        out[b + 5] = len(p["doubles"])
        out[b + 6] = -1 if p["set"] is None else p["set"]
        b += 7
        if p["color"] is not None:
            out[b + COLOR_INDEX[p["color"]]] = 1
        b += N_COLORS
        out[b + p["card"]] = 1
        b += N_CARDS
        if p["take"] is not None:
            out[b + p["take"]] = 1
        b += N_CARDS
        if p["give"] is not None:
            out[b + p["give"]] = 1


_MISS: tuple[Any, int] = (None, -1)


def _me(view: dict[str, Any]) -> int:
    for d in view["seats"]:
        if "hand" in d:
            return d["seat"]
    raise ValueError("the view has no hand: observations are built from a seat's view")


_LOCATIONS = 3 + 2 * SEATS
_WILD_INDEX = {c: i for i, c in enumerate(WILDS)}
_SEAT_SIZE = 3 + 5 * N_COLORS
_PENDING_SIZE = len(PENDING_KINDS) + 4 * SEATS + 7 + N_COLORS + 2 * N_CARDS + N_CARDS

_FIELDS: list[tuple[str, int, str]] = [
    ("me", SEATS, "one-hot: the observing seat"),
    ("seats_present", SEATS, "1 for each seat in the game"),
    ("current", SEATS, "one-hot: the seat whose turn it is"),
    ("to_move", SEATS, "1 for the seat that must act now (the current player, a target "
     "answering or paying, or the current player answering a Just Say No)"),
    ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
    ("turn", 1, "turns started so far"),
    ("plays_left", 1, "plays left to the current player this turn (MD-3.2)"),
    ("deck_size", 1, "cards in the draw pile"),
    ("winner", SEATS, "one-hot: the winner, once there is one"),
    ("card_location", N_CARDS * _LOCATIONS,
     f"for each card id 0-105, {_LOCATIONS} one-hot places: [0] unseen (draw pile or another "
     "hand), [1] my hand, [2] discard pile, [3+s] bank of seat s, [8+s] table of seat s "
     "(properties and buildings); index = 13*card + place"),
    ("wild_color", len(WILDS) * N_COLORS,
     "for each wild card on a table (ids 48-58, in order), one-hot: the colour it stands for"),
    ("seat_info", SEATS * _SEAT_SIZE,
     f"per seat s (block of {_SEAT_SIZE} at 53*s): hand size, bank value (M), full-set colours, "
     "then per colour (10 each, in COLORS order): property cards, full sets, houses, hotels, "
     "best set rent"),
    ("pending", _PENDING_SIZE,
     "the action card being resolved (all zero if none): kind one-hot (rent, debt_collector, "
     "its_my_birthday, sly_deal, forced_deal, deal_breaker); by one-hot (5); current target "
     "one-hot (5); all remaining targets (5); responder one-hot (5); amount, paid, owed, Just "
     "Say No count, paying stage (1/0), doubles played, set index (-1 none); colour one-hot (10); "
     "card one-hot (106); take card one-hot (106); give card one-hot (106)"),
]

CODEC = DealCodec()
