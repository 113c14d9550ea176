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

from typing import Any

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
    HOTEL_RENT,
    HOUSE_RENT,
    IS_DOUBLE,
    IS_PROPERTY,
    IS_WILD,
    KIND,
    N_CARDS,
    NAME,
    RENTS,
    VALUE,
)
from tycoon.deal.position import PENDING_KINDS, PHASES
from tycoon.deal.state import PAY_PHASE, PAYMENT_KINDS, RESPOND, is_full, set_rent
from tycoon.engine import Action, State

from .core import Layout, Path

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


def _ids(name: str) -> tuple[int, ...]:
    return tuple(c for c in range(N_CARDS) if NAME[c] == name)


class DealCodec:
    """The action space and observation layout of Monopoly Deal (see ``docs/rl.md``)."""

    game = "deal"
    #: Monopoly Deal opens no input session: the match need not look for one.
    sessions = False
    #: The adapters' default turn limit (the rules option ``turn_limit``).
    turn_limit = 300

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
        self._by_id: dict[int, int] = {}
        self._alive: list[Action] = []
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
        got = self._by_id.get(id(a))
        if got is not None:
            return got
        if len(self._by_id) > 200_000:  # only if actions were not interned: stay bounded
            self._cache.clear()
            self._by_id.clear()
            self._alive.clear()
        got = self._cache.get(a)
        if got is None:
            try:
                got = self._key[self.key(a)]
            except KeyError:
                raise ValueError(f"no index for {a!r}") from None
            self._cache[a] = got
        # The engine interns its actions (``tycoon.deal.actions.intern``): most lookups are
        # by identity. ``_alive`` keeps ``a`` alive, so its id cannot be reused by another
        # object while the entry exists.
        self._by_id[id(a)] = got
        self._alive.append(a)
        return got

    def path(self, a: Action) -> Path:
        """The one-index path of engine action ``a``."""
        return (self.index(a),)

    def paths(self, state: State, seat: int) -> dict[Path, Action]:
        """Every legal action of ``seat``, keyed by its one-index path (``ValueError`` if two
        share an index: the layout guarantees they never do, the tests check it)."""
        out: dict[Path, Action] = {}
        for k, a in zip(*self.legal_indices(state, seat), strict=True):
            if (k,) in out:
                raise ValueError(f"two legal actions share index {k}: {out[(k,)]}, {a}")
            out[(k,)] = a
        return out

    def legal_indices(self, state: State, seat: int) -> tuple[list[int], list[Action]]:
        """The index of each legal action of ``seat``, and those actions, in engine order.

        >>> import tycoon.deal as deal
        >>> st = deal.new_game(seats=2, seed=1)
        >>> keys, legal = CODEC.legal_indices(st, st.current)
        >>> [CODEC.labels[k] for k in keys][-1], str(legal[-1])
        ('end_turn', 'end_turn')
        """
        legal = state.legal_actions(seat)
        try:
            keys = list(map(self._by_id.__getitem__, map(id, legal)))
        except KeyError:
            keys = [self.index(a) for a in legal]
        return keys, legal

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

    def observe_state(self, state: State, seat: int, out: np.ndarray) -> None:
        """Fill ``out`` (zeros) with the observation of ``seat``, read straight from ``state``.

        The same vector as :meth:`observe` of ``state.view(seat)`` (a test checks it at every
        step of random games), several times faster. It reads only what that view shows:
        the seat's own hand, every bank, table and the discard pile, hand and deck *sizes*,
        the public pending action.
        """
        st: Any = state
        n = st.n
        ones = [_O_ME + seat, _O_CURRENT + st.current, _O_PHASE + _PHASE_INDEX[st.phase]]
        ones += _PRESENT[n]
        for s in st.to_move():
            ones.append(_O_TO_MOVE + s)
        if st.won is not None:
            ones.append(_O_WINNER + st.won)
        out[_O_TURN] = st.turn
        out[_O_PLAYS_LEFT] = st.plays_left
        out[_O_DECK_SIZE] = len(st.deck)
        place = bytearray(N_CARDS)  # 0: unseen, else the card_location place
        for c in st.hands[seat]:
            place[c] = 1
        for c in st.discard:
            place[c] = 2
        # seat_info of the n seats; every count, sum and rent is below 256 (checked at import),
        # so one byte each: cheap to update and to hand to numpy.
        info = bytearray(_INFO_ZEROS[n])
        hands, banks, tables = st.hands, st.banks, st.tables
        value, wild_one = VALUE, _WILD_ONE
        for s in range(n):
            base = _SEAT_SIZE * s
            info[base] = len(hands[s])
            bank = banks[s]
            p = 3 + s
            total = 0
            for c in bank:
                place[c] = p
                total += value[c]
            info[base + 1] = total
            p = 3 + SEATS + s
            full_colors = 0
            for x in tables[s]:
                col = x.color
                cards = x.cards
                for c in cards:
                    place[c] = p
                    w = wild_one[c]
                    if w:
                        ones.append(w + col)
                k = base + 3 + col
                info[k] += len(cards)
                if x.house is not None:
                    place[x.house] = p
                    info[k + 2 * N_COLORS] += 1
                if x.hotel is not None:
                    place[x.hotel] = p
                    info[k + 3 * N_COLORS] += 1
                if is_full(col, cards):  # the engine's own rules (MD-7.1, MD-6.2)
                    if not info[k + N_COLORS]:
                        full_colors += 1
                    info[k + N_COLORS] += 1
                rent = set_rent(x)
                if rent > info[k + 4 * N_COLORS]:
                    info[k + 4 * N_COLORS] = rent
            info[base + 2] = full_colors
        out[_O_INFO : _O_INFO + len(info)] = np.frombuffer(info, np.uint8)
        out[_LOC_INDEX + np.frombuffer(place, np.uint8)] = 1
        out[np.fromiter(ones, np.intp, len(ones))] = 1
        pending = st.pending
        if pending is not None:
            self._pending_state(pending, out)

    @staticmethod
    def _pending_state(p: Any, out: np.ndarray) -> None:
        """The ``pending`` field from the engine's pending action (as the view shows it)."""
        b = _O_PENDING
        out[b + PENDING_KINDS.index(p.kind)] = 1
        b += len(PENDING_KINDS)
        target = p.targets[0]
        out[b + p.by] = 1
        out[b + SEATS + target] = 1
        for t in p.targets:
            out[b + 2 * SEATS + t] = 1
        if p.stage == RESPOND:
            out[b + 3 * SEATS + p.responder] = 1
        b += 4 * SEATS
        if p.kind in PAYMENT_KINDS:
            out[b] = p.amount
            out[b + 2] = max(0, p.amount - p.paid)
        out[b + 1] = p.paid
        out[b + 3] = p.noes
        out[b + 4] = 1 if p.stage == PAY_PHASE else 0
        out[b + 5] = len(p.doubles)
        out[b + 6] = -1 if p.set is None else p.set
        b += 7
        if p.color is not None:
            out[b + p.color] = 1
        b += N_COLORS
        out[b + p.card] = 1
        b += N_CARDS
        if p.take is not None:
            out[b + p.take] = 1
        b += N_CARDS
        if p.give is not None:
            out[b + p.give] = 1

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

_LAYOUT = Layout(_FIELDS)
_O_ME, _O_PRESENT, _O_CURRENT, _O_TO_MOVE, _O_PHASE = (
    _LAYOUT.offset[k] for k in ("me", "seats_present", "current", "to_move", "phase"))
_O_TURN, _O_PLAYS_LEFT, _O_DECK_SIZE, _O_WINNER = (
    _LAYOUT.offset[k] for k in ("turn", "plays_left", "deck_size", "winner"))
_O_LOC, _O_WILD, _O_INFO, _O_PENDING = (
    _LAYOUT.offset[k] for k in ("card_location", "wild_color", "seat_info", "pending"))
#: ``_WILD_ONE[c] + colour`` is the wild_color entry of wild card ``c`` (0: not a wild card).
_WILD_ONE = tuple(_O_WILD + _WILD_INDEX[c] * N_COLORS if c in _WILD_INDEX else 0
                  for c in range(N_CARDS))
_INFO_ZEROS = [bytes(_SEAT_SIZE * n) for n in range(SEATS + 1)]
# seat_info in bytes: the most a bank can hold (all non-property cards), the most cards of a
# colour or in a hand (every card) and the best rent must stay below 256.
assert sum(VALUE[c] for c in range(N_CARDS) if not IS_PROPERTY[c]) < 256 and N_CARDS < 256
assert max(r[-1] for r in RENTS) + HOUSE_RENT + HOTEL_RENT < 256
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
_PRESENT = [[_O_PRESENT + s for s in range(n)] for n in range(SEATS + 1)]
#: ``_LOC_INDEX[c] + place`` is the card_location entry of card ``c`` at ``place``.
_LOC_INDEX = _O_LOC + _LOCATIONS * np.arange(N_CARDS, dtype=np.intp)

CODEC = DealCodec()
