"""The Monopoly Deal state and its rules (MD-2 to MD-8).

Internally cards are small ints (ids of :data:`CARDS`), colours are numbers (index in
:data:`COLORS`), and the state is made of plain lists so that :meth:`DealState.clone` and the
rules are fast. The draw pile is kept with its top at the END of ``deck`` (the JSON position
lists it top first).

>>> from tycoon.deal import new_game
>>> s = new_game(seats=2, seed=1)
>>> s.turn, s.phase, len(s.hands[s.current]), len(s.deck)
(1, 'play', 7, 94)
"""

from __future__ import annotations

from typing import Any, Self

from tycoon.engine import Event, IllegalAction, Rng, State

from .actions import (
    ACCEPT,
    BANK,
    BIRTHDAY,
    DISCARD,
    END_TURN,
    MOVE,
    PASS_GO,
    PAY,
    PROPERTY,
    SAY_NO,
    Accept,
    Bank,
    Birthday,
    DealAction,
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
    make,
)
from .cards import (
    CARD_COLORS,
    COLOR_INDEX,
    COLORS,
    HOTEL_RENT,
    HOUSE_RENT,
    IS_DOUBLE,
    IS_JSN,
    IS_MULTI,
    IS_WILD,
    KIND,
    NAME,
    NO_BUILDINGS,
    RENTS,
    SET_SIZE,
    VALUE,
)
from .events import (
    BuildingsLost,
    Cancelled,
    Drew,
    Played,
    Reshuffled,
    Transferred,
    TurnStarted,
    Won,
)
from .options import OPTIONS, check_options

HAND_LIMIT = 7  # MD-3.3
PLAYS = 3  # MD-3.2

# Phases.
PLAY, RESPOND, PAY_PHASE, DISCARD_PHASE, OVER = "play", "respond", "pay", "discard", "over"

#: Action kinds that make other players pay, and what they charge.
PAYMENT_KINDS = frozenset({"rent", "debt_collector", "its_my_birthday"})
DEBT = 5  # MD-6.4
BIRTHDAY_GIFT = 2  # MD-6.4


class PSet:
    """One property set on a table: its colour number, cards, and house / hotel card or None."""

    __slots__ = ("cards", "color", "hotel", "house")

    def __init__(
        self, color: int, cards: list[int], house: int | None = None, hotel: int | None = None
    ) -> None:
        self.color = color
        self.cards = cards
        self.house = house
        self.hotel = hotel

    def copy(self) -> PSet:
        """An independent copy."""
        return PSet(self.color, self.cards[:], self.house, self.hotel)

    @property
    def full(self) -> bool:
        """MD-7.1: the colour's full-set number of cards, not all of them multicolour (MD-6.2)."""
        return is_full(self.color, self.cards)

    @property
    def rent(self) -> int:
        """MD-6.2: rent of this set (0 for a set of multicolour wild cards only)."""
        return set_rent(self)


def is_full(color: int, cards: list[int]) -> bool:
    """MD-7.1 / MD-6.2: ``cards`` make a full set of ``color``."""
    if len(cards) != SET_SIZE[color]:
        return False
    for c in cards:  # noqa: SIM110 (a loop is faster than any() here)
        if not IS_MULTI[c]:
            return True
    return False


def set_rent(s: PSet) -> int:
    """MD-6.2: rent of one set, buildings included."""
    cards = s.cards
    for c in cards:
        if not IS_MULTI[c]:
            break
    else:
        return 0
    rent = RENTS[s.color][len(cards) - 1]
    if s.house is not None:
        rent += HOUSE_RENT
    if s.hotel is not None:
        rent += HOTEL_RENT
    return rent


class Pending:
    """An action card being resolved against its targets (MD-6.10), one target at a time.

    ``targets[0]`` is the target being handled; ``noes`` counts the Just Say No cards played
    for it so far (odd: the action is cancelled for it unless answered); ``stage`` is
    ``respond`` (answering) or ``pay`` (paying ``amount``, ``paid`` so far).
    """

    __slots__ = (
        "amount",
        "by",
        "card",
        "color",
        "doubles",
        "give",
        "kind",
        "noes",
        "paid",
        "set",
        "stage",
        "take",
        "targets",
    )

    def __init__(
        self,
        kind: str,
        by: int,
        card: int,
        targets: list[int],
        amount: int = 0,
        color: int | None = None,
        doubles: tuple[int, ...] = (),
        take: int | None = None,
        give: int | None = None,
        set: int | None = None,
        noes: int = 0,
        stage: str = RESPOND,
        paid: int = 0,
    ) -> None:
        self.kind = kind
        self.by = by
        self.card = card
        self.targets = targets
        self.amount = amount
        self.color = color
        self.doubles = doubles
        self.take = take
        self.give = give
        self.set = set
        self.noes = noes
        self.stage = stage
        self.paid = paid

    @property
    def responder(self) -> int:
        """MD-6.10: who answers now: the target, or the player after a Just Say No of it."""
        return self.targets[0] if self.noes % 2 == 0 else self.by

    def copy(self) -> Pending:
        """An independent copy."""
        p = Pending.__new__(Pending)
        for name in Pending.__slots__:
            setattr(p, name, getattr(self, name))
        p.targets = self.targets[:]
        return p


class DealState(State):
    """A Monopoly Deal position (see ``docs/positions.md`` for its JSON form)."""

    game = "deal"
    #: The MD-12 rules options (see :data:`tycoon.deal.options.OPTIONS`).
    OPTIONS = OPTIONS

    __slots__ = (
        "_bank_buildings",
        "_jsn_play",
        "_legal",
        "_legal_seat",
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
        "rng",
        "tables",
        "turn",
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
        self._legal: list[DealAction] | None = None
        self._legal_seat = -1

    def set_options(self, options: dict[str, Any]) -> None:
        """Validate and install the MD-12 options."""
        self.options = check_options(options)
        self._stack = self.options["double_rent_stack"]
        self._jsn_play = self.options["jsn_counts_as_play"]
        self._to_bottom = self.options["discard_to"] == "deck_bottom"
        self._bank_buildings = self.options["buildings_when_broken"] == "bank"

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, seats: int, seed: int, options: dict[str, Any]) -> DealState:
        """MD-2: shuffle, deal 5 each, draw the first player, start turn 1."""
        state = cls(seats, options, Rng(seed))
        deck = list(range(106))
        state.rng.shuffle(deck)
        state.deck = deck
        for _ in range(5):
            for s in range(seats):
                state.hands[s].append(deck.pop())
        state._start_turn(state.rng.below(seats), [])
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
        c._legal = None
        c._legal_seat = -1
        return c

    # ------------------------------------------------------------------ contract
    @property
    def is_over(self) -> bool:
        """True once a player holds three full sets (MD-8.1)."""
        return self.won is not None

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
            self._legal = self._compute_legal(seat)
            self._legal_seat = seat
        return list(self._legal)

    def apply(self, seat: int, action: DealAction) -> list[Event]:  # type: ignore[override]
        """Play ``action`` for ``seat``; ``IllegalAction`` and no change if it is not legal."""
        legal = self._legal
        if legal is None or self._legal_seat != seat:
            legal = self._legal = self._compute_legal(seat)
            self._legal_seat = seat
        for a in legal:
            if a is action:
                break
        else:
            if action not in legal:
                raise IllegalAction(self._why_illegal(seat, action))
        self._legal = None
        events: list[Event] = [Played(seat, action)]
        _DISPATCH[action.type](self, seat, action, events)
        return events

    # ------------------------------------------------------------------ legality
    def _compute_legal(self, seat: int) -> list[DealAction]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == PLAY:
            if seat != self.current:
                return []
            return self._legal_play(seat)
        if phase == DISCARD_PHASE:
            if seat != self.current:
                return []
            return [DISCARD[c] for c in self.hands[seat]]
        p = self.pending
        assert p is not None
        if phase == PAY_PHASE:
            if seat != p.targets[0]:
                return []
            out: list[DealAction] = [PAY[c] for c in self.banks[seat]]
            # MD-5.2: a payer worth no more than what is still owed gives everything of value.
            # When a broken set's buildings are discarded (D-4), breaking a built set would
            # destroy them instead, so such a payer pays a set's buildings before its cards.
            short = not self._bank_buildings and self.table_value(seat) <= p.amount - p.paid
            for s in self.tables[seat]:
                if not (short and s.house is not None):
                    for c in s.cards:
                        if VALUE[c]:
                            out.append(PAY[c])
                if s.hotel is not None:
                    out.append(PAY[s.hotel])
                elif s.house is not None:
                    out.append(PAY[s.house])
            return out
        # respond
        if seat != p.responder:
            return []
        out = [ACCEPT]
        if self._may_say_no(seat):
            for c in self.hands[seat]:
                if IS_JSN[c]:
                    out.append(SAY_NO[c])
        return out

    def _may_say_no(self, seat: int) -> bool:
        """MD-6.9: holds a Just Say No (and, in its own turn, has a play left if it counts)."""
        if seat == self.current and self._jsn_play and self.plays_left <= 0:
            return False
        for c in self.hands[seat]:  # noqa: SIM110
            if IS_JSN[c]:
                return True
        return False

    def _others(self, seat: int) -> list[int]:
        """The other seats in order from ``seat``'s left (MD-6.10)."""
        n = self.n
        return [(seat + i) % n for i in range(1, n)]

    def _legal_play(self, seat: int) -> list[DealAction]:
        hand = self.hands[seat]
        table = self.tables[seat]
        out: list[DealAction] = []
        plays = self.plays_left
        if plays > 0:
            rents: list[int] | None = None
            doubles: list[tuple[int, ...]] | None = None
            others: list[int] | None = None
            for c in hand:
                kind = KIND[c]
                if kind == "money":
                    out.append(BANK[c])
                    continue
                if kind == "property":
                    out.append(PROPERTY[c][CARD_COLORS[c][0]])
                    continue
                if kind == "wild":
                    props = PROPERTY[c]
                    for col in CARD_COLORS[c]:
                        out.append(props[col])
                    continue
                out.append(BANK[c])
                name = NAME[c]
                if kind == "rent":
                    if rents is None:
                        rents = self._rents(seat)
                        doubles = self._double_choices(seat)
                    wild = len(CARD_COLORS[c]) > 2
                    if wild and others is None:
                        others = self._others(seat)
                    for col in CARD_COLORS[c]:
                        if not rents[col]:
                            continue
                        colname = COLORS[col]
                        for d in doubles:  # type: ignore[union-attr]
                            if wild:
                                for t in others:  # type: ignore[union-attr]
                                    out.append(make(Rent, c, colname, t, d))
                            else:
                                out.append(make(Rent, c, colname, None, d))
                    continue
                if name == "pass_go":
                    out.append(PASS_GO[c])
                elif name == "its_my_birthday":
                    out.append(BIRTHDAY[c])
                elif name == "debt_collector":
                    for t in self._others(seat):
                        out.append(make(DebtCollector, c, t))
                elif name == "sly_deal":
                    for t in self._others(seat):
                        for s in self.tables[t]:
                            if not is_full(s.color, s.cards):
                                for x in s.cards:
                                    out.append(make(SlyDeal, c, t, x))
                elif name == "forced_deal":
                    mine = [x for s in table if not is_full(s.color, s.cards) for x in s.cards]
                    if mine:
                        for t in self._others(seat):
                            for s in self.tables[t]:
                                if not is_full(s.color, s.cards):
                                    for x in s.cards:
                                        for g in mine:
                                            out.append(make(ForcedDeal, c, t, x, g))
                elif name == "deal_breaker":
                    for t in self._others(seat):
                        for i, s in enumerate(self.tables[t]):
                            if is_full(s.color, s.cards):
                                out.append(make(DealBreaker, c, t, i))
                elif name == "house":
                    for i, s in enumerate(table):
                        if (
                            s.house is None
                            and s.color not in NO_BUILDINGS
                            and is_full(s.color, s.cards)
                        ):
                            out.append(make(House, c, i))
                elif name == "hotel":
                    for i, s in enumerate(table):
                        if s.house is not None and s.hotel is None:
                            out.append(make(Hotel, c, i))
        for s in table:
            for c in s.cards:
                if IS_WILD[c]:
                    moves = MOVE[c]
                    here = s.color
                    for col in CARD_COLORS[c]:
                        if col != here:
                            out.append(moves[col])
        out.append(END_TURN)
        return out

    def _double_choices(self, seat: int) -> list[tuple[int, ...]]:
        """MD-6.3 / MD-12: the sets of Double The Rent cards that may go with a rent now."""
        ds = sorted(c for c in self.hands[seat] if IS_DOUBLE[c])
        most = min(self._stack, self.plays_left - 1, len(ds))
        out: list[tuple[int, ...]] = [()]
        if most >= 1:
            out.extend((d,) for d in ds)
        if most >= 2:
            out.extend((a, b) for i, a in enumerate(ds) for b in ds[i + 1 :])
        return out

    def _rents(self, seat: int) -> list[int]:
        """MD-6.2: the rent ``seat`` may charge in each colour (its best set's rent)."""
        rents = [0] * 10
        for s in self.tables[seat]:
            r = set_rent(s)
            if r > rents[s.color]:
                rents[s.color] = r
        return rents

    def rent_of(self, seat: int, color: str) -> int:
        """MD-6.2: the rent ``seat`` charges for ``color`` now.

        >>> from tycoon.deal import new_game
        >>> new_game(seed=3).rent_of(0, "red")
        0
        """
        return self._rents(seat)[COLOR_INDEX[color]]

    def _why_illegal(self, seat: int, action: object) -> str:
        if not isinstance(action, DealAction):
            return f"not a Monopoly Deal action: {action!r}"
        if self.phase == OVER:
            return "the game is over"
        if seat not in self.to_move():
            return f"seat {seat} is not to move (waiting for seat {self.to_move()[0]})"
        legal_types = sorted({a.type for a in self._compute_legal(seat)})
        return (
            f"{action} is not legal now (phase {self.phase}); legal kinds of action: "
            + ", ".join(legal_types)
        )

    # ------------------------------------------------------------------ table helpers
    def table_value(self, seat: int) -> int:
        """MD-5.2: what ``seat`` could pay: bank, valued properties, buildings."""
        total = 0
        for c in self.banks[seat]:
            total += VALUE[c]
        for s in self.tables[seat]:
            for c in s.cards:
                total += VALUE[c]
            if s.house is not None:
                total += VALUE[s.house]
            if s.hotel is not None:
                total += VALUE[s.hotel]
        return total

    def full_colors(self, seat: int) -> set[str]:
        """The colours in which ``seat`` holds a full set (MD-7.1: two of one colour count once)."""
        return {COLORS[s.color] for s in self.tables[seat] if is_full(s.color, s.cards)}

    def _has_won(self, seat: int) -> bool:
        if len(self.tables[seat]) < 3:
            return False
        seen = 0
        count = 0
        for s in self.tables[seat]:
            bit = 1 << s.color
            if not seen & bit and is_full(s.color, s.cards):
                seen |= bit
                count += 1
                if count >= 3:
                    return True
        return False

    def _check_win(self, events: list[Event], *changed: int) -> bool:
        """MD-8.1: the first seat from the active player holding three full sets wins.

        ``changed``: the only seats whose tables changed (default: every seat).
        """
        n = self.n
        cur = self.current
        order = (
            sorted(changed, key=lambda x: (x - cur) % n)
            if changed
            else [(cur + i) % n for i in range(n)]
        )
        for s in order:
            if self._has_won(s):
                self.won = s
                self.phase = OVER
                self.pending = None
                events.append(Won(s))
                return True
        return False

    def _place(self, seat: int, card: int, color: int) -> None:
        """Put a property into ``seat``'s unfinished set of ``color``, or start a new set."""
        size = SET_SIZE[color]
        table = self.tables[seat]
        for s in table:
            if s.color == color and len(s.cards) < size:  # short of its size: not full
                s.cards.append(card)
                return
        table.append(PSet(color, [card]))
        if size == 2:  # a multicolour-only pair may leave two unfinished sets
            self._normalize(seat, color)

    def _find(self, seat: int, card: int) -> tuple[int, PSet] | None:
        for i, s in enumerate(self.tables[seat]):
            if card in s.cards:
                return i, s
        return None

    def _take_from_set(self, seat: int, s: PSet, card: int, events: list[Event]) -> None:
        """Remove ``card`` from set ``s``; a set that stops being full loses its buildings."""
        had_full = s.house is not None
        s.cards.remove(card)
        if had_full and not is_full(s.color, s.cards):
            self._lose_buildings(seat, s, events)
        if not s.cards:
            self.tables[seat].remove(s)
        else:
            self._normalize(seat, s.color)

    def _lose_buildings(self, seat: int, s: PSet, events: list[Event]) -> None:
        """MD-7.3 / D-4 / MD-12 buildings_when_broken."""
        lost = tuple(c for c in (s.house, s.hotel) if c is not None)
        s.house = s.hotel = None
        if self._bank_buildings:
            self.banks[seat].extend(lost)
            events.append(BuildingsLost(seat, lost, "bank"))
        else:
            self.discard.extend(lost)
            events.append(BuildingsLost(seat, lost, "discard"))

    def _normalize(self, seat: int, color: int) -> None:
        """Keep at most one unfinished set per colour (MD-7.1: extra cards start a new set).

        Unfinished sets of one colour (which carry no buildings) are merged: their cards are
        regrouped, non-multicolour cards first, into full sets and one remainder.
        """
        table = self.tables[seat]
        open_sets = [s for s in table if s.color == color and not is_full(color, s.cards)]
        if len(open_sets) <= 1:
            return
        cards = [c for s in open_sets for c in s.cards]
        cards.sort(key=IS_MULTI.__getitem__)
        first = table.index(open_sets[0])
        for s in open_sets:
            table.remove(s)
        size = SET_SIZE[color]
        chunks = [PSet(color, cards[i : i + size]) for i in range(0, len(cards), size)]
        table[first:first] = chunks

    # ------------------------------------------------------------------ drawing & turns
    def _draw(self, seat: int, count: int, events: list[Event]) -> None:
        """Draw ``count`` cards; reshuffle the discard pile when the pile is empty (MD-3.4)."""
        deck = self.deck
        hand = self.hands[seat]
        drawn = 0
        for _ in range(count):
            if not deck:
                if not self.discard:
                    break
                deck.extend(self.discard)
                self.discard.clear()
                self.rng.shuffle(deck)
                events.append(Reshuffled(len(deck)))
            hand.append(deck.pop())
            drawn += 1
        events.append(Drew(seat, drawn))

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        """MD-3.1: draw 2, or 5 with an empty hand."""
        self.current = seat
        self.turn += 1
        self.plays_left = PLAYS
        self.phase = PLAY
        events.append(TurnStarted(seat, self.turn))
        self._draw(seat, 5 if not self.hands[seat] else 2, events)

    def _end_turn(self, events: list[Event]) -> None:
        self._start_turn((self.current + 1) % self.n, events)

    # ------------------------------------------------------------------ pending resolution
    def _begin(self, p: Pending, events: list[Event]) -> None:
        self.pending = p
        self.phase = RESPOND
        self._advance(events)

    def _advance(self, events: list[Event]) -> None:
        """Resolve what needs no decision; stop at the next seat that must choose."""
        while True:
            p = self.pending
            if p is None:
                return
            t = p.targets[0]
            if p.stage == RESPOND:
                if p.kind in PAYMENT_KINDS and self.table_value(t) == 0:
                    # MD-5.2 / MD-6.10: a target with nothing of value pays nothing, so no
                    # answer of it (nor a Just Say No to it) is needed.
                    self._next_target()
                    continue
                if self._may_say_no(p.responder):
                    self.phase = RESPOND
                    return
                self._answered(events)
                if self.won is not None:
                    return
            else:
                if p.paid < p.amount and self.table_value(t) > 0:
                    self.phase = PAY_PHASE
                    return
                self._next_target()

    def _answered(self, events: list[Event]) -> None:
        """The answers for the current target are over: cancel, or apply the action."""
        p = self.pending
        assert p is not None
        t = p.targets[0]
        if p.noes % 2:
            events.append(Cancelled(t))
            self._next_target()
            return
        if p.kind in PAYMENT_KINDS:
            p.stage = PAY_PHASE
            p.paid = 0
            return
        by = p.by
        if p.kind == "sly_deal":
            assert p.take is not None
            found = self._find(t, p.take)
            assert found is not None
            col = found[1].color
            self._take_from_set(t, found[1], p.take, events)
            self._place(by, p.take, col)
            events.append(Transferred(t, by, (p.take,)))
        elif p.kind == "forced_deal":
            assert p.take is not None and p.give is not None
            theirs = self._find(t, p.take)
            mine = self._find(by, p.give)
            assert theirs is not None and mine is not None
            tcol, mcol = theirs[1].color, mine[1].color
            self._take_from_set(t, theirs[1], p.take, events)
            self._take_from_set(by, mine[1], p.give, events)
            self._place(by, p.take, tcol)
            self._place(t, p.give, mcol)
            events.append(Transferred(t, by, (p.take,)))
            events.append(Transferred(by, t, (p.give,)))
        else:  # deal_breaker
            assert p.set is not None
            s = self.tables[t].pop(p.set)
            self.tables[by].append(s)
            moved = tuple(s.cards) + tuple(c for c in (s.house, s.hotel) if c is not None)
            events.append(Transferred(t, by, moved))
        if self._check_win(events, by, t):
            return
        self._next_target()

    def _next_target(self) -> None:
        p = self.pending
        assert p is not None
        p.targets.pop(0)
        p.noes = 0
        p.stage = RESPOND
        p.paid = 0
        if not p.targets:
            self.pending = None
            self.phase = PLAY

    # ------------------------------------------------------------------ action handlers
    def _do_bank(self, seat: int, a: Bank, events: list[Event]) -> None:
        self.hands[seat].remove(a.card)
        self.banks[seat].append(a.card)
        self.plays_left -= 1

    def _do_property(self, seat: int, a: PlayProperty, events: list[Event]) -> None:
        self.hands[seat].remove(a.card)
        self._place(seat, a.card, COLOR_INDEX[a.color])
        self.plays_left -= 1
        self._check_win(events, seat)

    def _do_move(self, seat: int, a: MoveWild, events: list[Event]) -> None:
        found = self._find(seat, a.card)
        assert found is not None
        self._take_from_set(seat, found[1], a.card, events)
        self._place(seat, a.card, COLOR_INDEX[a.color])
        self._check_win(events, seat)

    def _play_card(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.plays_left -= 1

    def _do_rent(self, seat: int, a: Rent, events: list[Event]) -> None:
        self._play_card(seat, a.card)
        for d in a.doubles:
            self._play_card(seat, d)
        col = COLOR_INDEX[a.color]
        amount = self._rents(seat)[col] << len(a.doubles)
        targets = [a.target] if a.target is not None else self._others(seat)
        self._begin(Pending("rent", seat, a.card, targets, amount, col, a.doubles), events)

    def _do_debt(self, seat: int, a: DebtCollector, events: list[Event]) -> None:
        self._play_card(seat, a.card)
        self._begin(Pending("debt_collector", seat, a.card, [a.target], DEBT), events)

    def _do_birthday(self, seat: int, a: Birthday, events: list[Event]) -> None:
        self._play_card(seat, a.card)
        p = Pending("its_my_birthday", seat, a.card, self._others(seat), BIRTHDAY_GIFT)
        self._begin(p, events)

    def _do_sly(self, seat: int, a: SlyDeal, events: list[Event]) -> None:
        self._play_card(seat, a.card)
        self._begin(Pending("sly_deal", seat, a.card, [a.target], take=a.take), events)

    def _do_forced(self, seat: int, a: ForcedDeal, events: list[Event]) -> None:
        self._play_card(seat, a.card)
        p = Pending("forced_deal", seat, a.card, [a.target], take=a.take, give=a.give)
        self._begin(p, events)

    def _do_breaker(self, seat: int, a: DealBreaker, events: list[Event]) -> None:
        self._play_card(seat, a.card)
        self._begin(Pending("deal_breaker", seat, a.card, [a.target], set=a.set), events)

    def _do_pass_go(self, seat: int, a: PassGo, events: list[Event]) -> None:
        self.hands[seat].remove(a.card)
        self.plays_left -= 1
        self._draw(seat, 2, events)
        self.discard.append(a.card)

    def _do_house(self, seat: int, a: House, events: list[Event]) -> None:
        self.hands[seat].remove(a.card)
        self.tables[seat][a.set].house = a.card
        self.plays_left -= 1

    def _do_hotel(self, seat: int, a: Hotel, events: list[Event]) -> None:
        self.hands[seat].remove(a.card)
        self.tables[seat][a.set].hotel = a.card
        self.plays_left -= 1

    def _do_say_no(self, seat: int, a: SayNo, events: list[Event]) -> None:
        self.hands[seat].remove(a.card)
        self.discard.append(a.card)
        if seat == self.current and self._jsn_play:
            self.plays_left -= 1
        p = self.pending
        assert p is not None
        p.noes += 1
        self._advance(events)

    def _do_accept(self, seat: int, a: Accept, events: list[Event]) -> None:
        self._answered(events)
        if self.won is None:
            self._advance(events)

    def _do_pay(self, seat: int, a: Pay, events: list[Event]) -> None:
        p = self.pending
        assert p is not None
        card = a.card
        to = p.by
        bank = self.banks[seat]
        if card in bank:
            bank.remove(card)
            self.banks[to].append(card)
        else:
            for s in self.tables[seat]:
                if s.hotel == card:
                    s.hotel = None
                    self.banks[to].append(card)
                    break
                if s.house == card:
                    s.house = None
                    self.banks[to].append(card)
                    break
                if card in s.cards:
                    col = s.color
                    self._take_from_set(seat, s, card, events)
                    self._place(to, card, col)
                    break
        p.paid += VALUE[card]
        events.append(Transferred(seat, to, (card,)))
        if self._check_win(events, to):
            return
        self._advance(events)

    def _do_discard(self, seat: int, a: Discard, events: list[Event]) -> None:
        hand = self.hands[seat]
        hand.remove(a.card)
        if self._to_bottom:
            self.deck.insert(0, a.card)
        else:
            self.discard.append(a.card)
        if len(hand) <= HAND_LIMIT:
            self._end_turn(events)

    def _do_end_turn(self, seat: int, a: EndTurn, events: list[Event]) -> None:
        if len(self.hands[seat]) > HAND_LIMIT:
            self.phase = DISCARD_PHASE
        else:
            self._end_turn(events)

    # ------------------------------------------------------------------ JSON, views, words
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator); see ``docs/positions.md``."""
        from .position import dump

        return dump(self, seat, secret=False)

    def to_json(self) -> dict[str, Any]:
        """The whole position: the view's keys plus every hand, the deck order, the RNG."""
        from .position import dump

        return dump(self, None, secret=True)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Rebuild a position; ``InvalidPosition`` naming the problem if impossible."""
        from .position import load

        return load(cls, data)  # type: ignore[return-value]

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

    def describe(self, action: DealAction, seat: int) -> str:  # type: ignore[override]
        """The action in words for ``seat``."""
        from .describe import describe

        return describe(self, action, seat)

    def result(self) -> dict[str, Any]:
        """``{"game", "finished", "winner", "reason", "turns", "standings", "scores"}``;
        a score is ``[full-set colours, table value]``."""
        scores = [[len(self.full_colors(s)), self.table_value(s)] for s in range(self.n)]
        order = sorted(
            range(self.n),
            key=lambda s: (s != self.won, -scores[s][0], -scores[s][1], s),
        )
        return {
            "game": "deal",
            "finished": self.won is not None,
            "winner": self.won,
            "reason": "three_sets" if self.won is not None else None,
            "turns": self.turn,
            "standings": order,
            "scores": scores,
        }


_DISPATCH = {
    "bank": DealState._do_bank,
    "property": DealState._do_property,
    "move_wild": DealState._do_move,
    "rent": DealState._do_rent,
    "debt_collector": DealState._do_debt,
    "its_my_birthday": DealState._do_birthday,
    "sly_deal": DealState._do_sly,
    "forced_deal": DealState._do_forced,
    "deal_breaker": DealState._do_breaker,
    "pass_go": DealState._do_pass_go,
    "house": DealState._do_house,
    "hotel": DealState._do_hotel,
    "say_no": DealState._do_say_no,
    "accept": DealState._do_accept,
    "pay": DealState._do_pay,
    "discard": DealState._do_discard,
    "end_turn": DealState._do_end_turn,
}
