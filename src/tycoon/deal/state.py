"""The Monopoly Deal state: the position and the contract of ``tycoon.engine.State``.

The rules live by concept in their own modules — :mod:`~tycoon.deal.turns` (MD-3, MD-4),
:mod:`~tycoon.deal.sets` (MD-6.2, MD-7, MD-8), :mod:`~tycoon.deal.action_cards` (MD-6),
:mod:`~tycoon.deal.answers` (MD-5, MD-6.9, MD-6.10), :mod:`~tycoon.deal.legality` — and this
class holds the position and dispatches each action to its rule.

Internally cards are small ints (ids of :data:`~tycoon.deal.cards.CARDS`), colours are numbers
(index in :data:`~tycoon.deal.cards.COLORS`), and the state is made of plain lists so that
:meth:`DealState.clone` and the rules are fast. The draw pile is kept with its top at the END
of ``deck`` (the JSON position lists it top first).

>>> from tycoon.deal import new_game
>>> s = new_game(seats=2, seed=1)
>>> s.turn, s.phase, len(s.hands[s.current]), len(s.deck)
(1, 'play', 7, 94)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from tycoon.engine import (
    Event,
    IllegalAction,
    Message,
    Outcome,
    Rng,
    State,
    ranked,
    resolve_options,
)

from . import action_cards, answers, turns
from .actions import DealAction
from .answers import PAYMENT_KINDS, PENDING_KINDS, Pending, may_say_no
from .cards import COLOR_INDEX, IS_JSN, N_CARDS
from .events import Played
from .legality import legal, why_illegal
from .sets import PSet, full_colors, is_full, rents, set_rent, table_value
from .turns import (
    DISCARD_PHASE,
    HAND_LIMIT,
    OVER,
    PAY_PHASE,
    PHASES,
    PLAY,
    PLAYS,
    RESPOND,
    start_turn,
)

_MASK = (1 << 64) - 1

# Names the layers around the rules (bots, RL codec) import from here.
__all__ = [
    "DISCARD_PHASE",
    "HAND_LIMIT",
    "OVER",
    "PAYMENT_KINDS",
    "PAY_PHASE",
    "PENDING_KINDS",
    "PHASES",
    "PLAY",
    "PLAYS",
    "RESPOND",
    "DealState",
    "PSet",
    "Pending",
    "is_full",
    "set_rent",
]


class DealState(State):
    """A Monopoly Deal position (see ``docs/positions.md`` for its JSON form)."""

    game = "deal"

    __slots__ = (
        "_bank_buildings",
        "_jsn_play",
        "_legal",
        "_legal_seat",
        "_opening",
        "_opt_key",
        "_stack",
        "_to_bottom",
        "banks",
        "current",
        "deck",
        "discard",
        "hands",
        "n",
        "options",
        "pending",
        "phase",
        "plays_left",
        "reason",
        "rng",
        "tables",
        "turn",
        "turn_limit",
        "won",
    )

    def __init__(self, seats: int, options: dict[str, Any], rng: Rng) -> None:
        self.n = seats
        self.set_options(options)
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.banks: list[list[int]] = [[] for _ in range(seats)]
        self.tables: list[list[PSet]] = [[] for _ in range(seats)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.turn = 0
        self.current = 0
        self.plays_left = 0
        self.phase = PLAY
        self.pending: Pending | None = None
        self.won: int | None = None
        self.reason: str | None = None
        self._legal: list[DealAction] | None = None
        self._legal_seat = -1
        self._opening: tuple[Event, ...] = ()

    def set_options(self, options: dict[str, Any]) -> None:
        """Validate (``InvalidOption``) and install the options of MD-12 and ``turn_limit``."""
        from .game import OPTIONS

        self.options = resolve_options(OPTIONS, {}, None, options)
        self._stack = self.options["double_rent_stack"]
        self._jsn_play = self.options["jsn_counts_as_play"]
        self._to_bottom = self.options["discard_to"] == "deck_bottom"
        self._bank_buildings = self.options["buildings_when_broken"] == "bank"
        self.turn_limit = self.options["turn_limit"]
        self._opt_key = (self._stack, self._jsn_play, self._to_bottom, self._bank_buildings,
                         -1 if self.turn_limit is None else self.turn_limit)

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, seats: int, seed: int, options: dict[str, Any]) -> DealState:
        """MD-2: shuffle, deal 5 each, draw the first player, start turn 1."""
        state = cls(seats, options, Rng(seed))
        deck = list(range(N_CARDS))
        state.rng.shuffle(deck)
        state.deck = deck
        for _ in range(5):
            for s in range(seats):
                state.hands[s].append(deck.pop())
        opening: list[Event] = []
        start_turn(state, state.rng.below(seats), opening)
        state._opening = tuple(opening)
        return state

    def clone(self) -> Self:
        """An independent copy (fast, not via JSON)."""
        c = object.__new__(type(self))
        c.n = self.n
        c.options = self.options
        c._stack = self._stack
        c._jsn_play = self._jsn_play
        c._to_bottom = self._to_bottom
        c._bank_buildings = self._bank_buildings
        c.turn_limit = self.turn_limit
        c._opt_key = self._opt_key
        c.rng = Rng(self.rng.state)
        c.hands = [h[:] for h in self.hands]
        c.banks = [b[:] for b in self.banks]
        c.tables = [[s.copy() for s in t] for t in self.tables]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.turn = self.turn
        c.current = self.current
        c.plays_left = self.plays_left
        c.phase = self.phase
        c.pending = self.pending.copy() if self.pending is not None else None
        c.won = self.won
        c.reason = self.reason
        c._legal = None
        c._legal_seat = -1
        c._opening = self._opening
        return c

    # ------------------------------------------------------------------ contract
    @property
    def is_over(self) -> bool:
        """True once a player holds three full sets (MD-8.1) or the turn limit stopped it."""
        return self.phase == OVER

    @property
    def winner(self) -> int | None:
        """The winning seat, or None."""
        return self.won

    def to_move(self) -> list[int]:
        """The seat that must act now: the active player, a target answering or paying, or the
        active player answering a Just Say No."""
        phase = self.phase
        if phase in (PLAY, DISCARD_PHASE):
            return [self.current]
        if phase == OVER:
            return []
        p = self.pending
        assert p is not None
        if phase == PAY_PHASE:
            return [p.targets[0]]
        return [p.responder]

    def responder(self) -> int | None:
        """The seat answering now in the ``respond`` phase, else None."""
        if self.phase != RESPOND:
            return None
        p = self.pending
        assert p is not None
        return p.responder

    def legal_actions(self, seat: int) -> list[DealAction]:  # type: ignore[override]
        """Every legal action of ``seat`` now; empty when it need not act."""
        if self._legal is None or self._legal_seat != seat:
            self._legal = legal(self, seat)
            self._legal_seat = seat
        return list(self._legal)

    def apply(self, seat: int, action: DealAction) -> list[Event]:  # type: ignore[override]
        """Play ``action`` for ``seat``; ``IllegalAction`` and no change if it is not legal."""
        found = self._legal
        if found is None or self._legal_seat != seat:
            found = self._legal = legal(self, seat)
            self._legal_seat = seat
        for a in found:
            if a is action:
                break
        else:
            if action not in found:
                raise IllegalAction(why_illegal(self, seat, action))
        self._legal = None
        self._opening = ()
        events: list[Event] = [Played(seat, action)]
        _DISPATCH[action.type](self, seat, action, events)
        return events

    # ------------------------------------------------------------------ table helpers
    def table_value(self, seat: int) -> int:
        """MD-5.2: what ``seat`` could pay: bank, valued properties, buildings."""
        return table_value(self, seat)

    def full_colors(self, seat: int) -> set[str]:
        """The colours in which ``seat`` holds a full set (MD-7.1: two of one colour count once)."""
        return full_colors(self, seat)

    def rent_of(self, seat: int, color: str) -> int:
        """MD-6.2: the rent ``seat`` charges for ``color`` now.

        >>> from tycoon.deal import new_game
        >>> new_game(seed=3).rent_of(0, "red")
        0
        """
        return rents(self, seat)[COLOR_INDEX[color]]

    def may_say_no(self, seat: int) -> bool:
        """MD-6.9 / D-7: whether ``seat`` could answer with a Just Say No now."""
        return may_say_no(self, seat)

    # ------------------------------------------------------------------ identity
    def _essence(self) -> tuple[Any, ...]:
        p = self.pending
        return (
            self.n, self._opt_key, self.turn, self.current, self.plays_left,
            PHASES.index(self.phase), -1 if self.won is None else self.won, self.rng.state,
            tuple(self.deck), tuple(self.discard),
            tuple(tuple(h) for h in self.hands), tuple(tuple(b) for b in self.banks),
            tuple(tuple(s.key() for s in t) for t in self.tables),
            () if p is None else p.key(),
        )

    def key(self) -> int:
        """A 64-bit fingerprint of the whole position (equal positions, equal keys); built from
        integers only, so it is the same in every process."""
        return hash(self._essence()) & _MASK

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealState):
            return NotImplemented
        return self._essence() == other._essence()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # ------------------------------------------------------------------ JSON, views, words
    def opening(self) -> list[Event]:
        """MD-3.1: on a new game's position, the first player's turn and first draw."""
        return list(self._opening)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator); see ``docs/positions.md``."""
        from .view import dump

        return dump(self, seat, secret=False)

    def to_json(self) -> dict[str, Any]:
        """The whole position: the view's keys plus every hand, the deck order, the RNG."""
        from .view import dump

        return dump(self, None, secret=True)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Rebuild a position; ``InvalidPosition`` naming the problem if impossible."""
        from .position import load

        return load(cls, data)  # type: ignore[no-any-return]

    def determinize(self, seat: int, seed: int) -> Self:
        """A copy where the other hands and the deck are reshuffled together (sizes kept)."""
        c = self.clone()
        rng = Rng(seed)
        pool = list(c.deck)
        for s in range(c.n):
            if s != seat:
                pool.extend(c.hands[s])
        pool.sort()  # the result must not depend on where the hidden cards truly are
        rng.shuffle(pool)
        i = 0
        for s in range(c.n):
            if s != seat:
                k = len(c.hands[s])
                c.hands[s] = pool[i : i + k]
                i += k
        c.deck = pool[i:]
        # The game only waits for a seat that holds a Just Say No (MD-6.10): that is public,
        # so a waiting responder keeps one in every sample.
        responder = c.responder()
        if responder is not None and responder != seat:
            hand = c.hands[responder]
            if not any(IS_JSN[x] for x in hand):
                for other in [*range(c.n), -1]:
                    src = c.deck if other == -1 else c.hands[other]
                    if other in (seat, responder) or src is hand:
                        continue
                    jsn = [k for k, x in enumerate(src) if IS_JSN[x]]
                    if jsn:
                        k = jsn[rng.below(len(jsn))]
                        j = rng.below(len(hand))
                        src[k], hand[j] = hand[j], src[k]
                        break
        c.rng = rng
        return c

    def describe(self, item: Any, seat: int | None) -> Message | None:
        """An action (the choice ``seat`` is offered) or an event (a log line ``seat`` reads)
        as a message of the catalogs ``tycoon/deal/messages``; None for a payment's
        ``played``, which the cards' ``transferred`` tells."""
        from .describe import describe

        return describe(self, item, seat)

    def result(self) -> Outcome:
        """Who won (``three_sets``) or why it stopped (``turn_limit``), the standings (the
        winner, then by full sets and table value), a score per seat (its full-set colours),
        and details: ``full_sets`` (the colours per seat) and ``table_values``."""
        colors = [sorted(full_colors(self, s)) for s in range(self.n)]
        values = [table_value(self, s) for s in range(self.n)]
        order, places = ranked([(s != self.won, -len(colors[s]), -values[s])
                                for s in range(self.n)])
        return Outcome(
            finished=self.won is not None,
            winner=self.won,
            reason=self.reason,
            turns=self.turn,
            standings=order,
            scores=tuple(len(c) for c in colors),
            details=(("full_sets", colors), ("table_values", values)),
            places=places,
        )


_DISPATCH: dict[str, Callable[[DealState, int, Any, list[Event]], None]] = {
    "bank": turns.do_bank,
    "property": turns.do_property,
    "move_wild": turns.do_move,
    "rent": action_cards.do_rent,
    "debt_collector": action_cards.do_debt,
    "its_my_birthday": action_cards.do_birthday,
    "sly_deal": action_cards.do_sly,
    "forced_deal": action_cards.do_forced,
    "deal_breaker": action_cards.do_breaker,
    "pass_go": action_cards.do_pass_go,
    "house": action_cards.do_house,
    "hotel": action_cards.do_hotel,
    "say_no": answers.do_say_no,
    "accept": answers.do_accept,
    "pay": answers.do_pay,
    "discard": turns.do_discard,
    "end_turn": turns.do_end_turn,
}
