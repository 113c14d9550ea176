"""The Capital game state: the whole position and the turn's progress (C-3, C-4).

>>> from tycoon.capital import new_game
>>> st = new_game(seats=3, seed=7)
>>> st.phase, st.turn, len(st.seats[0].hand), st.seats[0].balance
('roll', 1, 5, 500)
>>> st.legal_actions(st.current)
[Roll()]
"""

from __future__ import annotations

from typing import Any, Self

from tycoon.engine import (
    Action,
    Datum,
    Event,
    IllegalAction,
    InputSession,
    Message,
    Outcome,
    Rng,
    State,
    ranked,
)

from . import action_step, landing, payments
from .actions import MAX_INPUTS, Branch, Minigame, Roll, Waive
from .board import WAYS
from .businesses import PRICE, Business, incomes
from .events import GameOver, LevelUp, TurnStarted
from .move import advance, roll_dice
from .supply import refill

#: Effects stored as counts of uses (Mafia Collections are stored as a list of payees).
COUNTED_EFFECTS = ("lion", "tax_exemption", "business_exemption", "blocked_account", "hare",
                   "turtle")
#: Every effect of C-6, in the order of the view.
EFFECTS = ("lion", "mafia", "tax_exemption", "business_exemption", "blocked_account", "hare",
           "turtle")
PHASES = ("roll", "branch", "waive", "minigame", "action", "over")
_ROLL = Roll()
_BRANCHES = [Branch(w) for w in WAYS]
_EMPTY_MINIGAME = Minigame(())

Lot = tuple[int, int]


class Seat:
    """One player's public and private data (C-3.1)."""

    __slots__ = ("balance", "dice", "effects", "hand", "laps", "mafia", "square")

    def __init__(
        self,
        balance: int,
        laps: int,
        dice: int,
        square: int,
        hand: list[str],
        effects: dict[str, int],
        mafia: list[int],
    ) -> None:
        self.balance = balance
        self.laps = laps
        self.dice = dice
        self.square = square
        self.hand = hand
        self.effects = effects
        self.mafia = mafia  # payee seat of each pending Mafia Collection

    def copy(self) -> Seat:
        """An independent copy."""
        return Seat(self.balance, self.laps, self.dice, self.square, self.hand[:],
                    self.effects.copy(), self.mafia[:])

    def uses(self, effect: str) -> int:
        """Uses left of ``effect`` (C-6)."""
        return len(self.mafia) if effect == "mafia" else self.effects[effect]


class CapitalState(State):
    """A Capital position. Build one with ``new_game`` or ``CapitalState.from_json``."""

    game = "capital"

    def __init__(self) -> None:
        self.options: dict[str, Any] = {}
        self.seats: list[Seat] = []
        self.businesses: dict[Lot, Business] = {}
        self.constructions: dict[int, tuple[str, int]] = {}
        self.deck: list[str] = []  # top card last
        self.discard: list[str] = []
        self.rng = Rng(0)
        self.dice_queue: list[int] = []
        self.turn = 1
        self.current = 0
        self.phase = "roll"
        self.winner_seat: int | None = None
        self.reason: str | None = None
        # progress of the current turn
        self.roll: tuple[int, ...] = ()
        self.steps_left = 0
        self.six = False
        self.landed: int | None = None
        self.tolls: list[tuple[int, int]] = []
        self.minigame: dict[str, Any] | None = None
        #: The set-up's events on a new game's position (see ``opening``), else empty.
        self._opening: tuple[Event, ...] = ()
        # caches (not part of the position)
        self.mg_cache: dict[int, dict[str, Any]] = {}
        #: Data derived from the current businesses (their incomes; bots keep their own
        #: figures here too): shared by copies, replaced by a new one when businesses change.
        self.board_memo: dict[Any, Any] = {}

    # ----------------------------------------------------------------- derived data
    def incomes(self) -> dict[Lot, int]:
        """Income of every business (C-5.4), cached until businesses change."""
        out = self.board_memo.get("incomes")
        if out is None:
            out = self.board_memo["incomes"] = incomes(self.businesses)
        return out  # type: ignore[no-any-return]

    def net_worth(self, seat: int) -> int:
        """C-5.5, D-10: balance plus the prices of the seat's businesses."""
        return self.seats[seat].balance + sum(
            PRICE[b.kind] for b in self.businesses.values() if b.owner == seat
        )

    def add_business(self, lot: Lot, business: Business) -> None:
        """Put ``business`` on ``lot``."""
        self.businesses[lot] = business
        self.board_memo = {}

    def remove_business(self, lot: Lot) -> None:
        """Destroy the business on ``lot``."""
        del self.businesses[lot]
        self.board_memo = {}

    def raise_levels(self, lots: list[Lot], levels: int) -> None:
        """C-5.3: the businesses on ``lots`` gain ``levels``."""
        for lot in lots:
            b = self.businesses[lot]
            self.businesses[lot] = b._replace(level=b.level + levels)
        self.board_memo = {}

    # ----------------------------------------------------------------- contract
    @property
    def is_over(self) -> bool:
        """True once a victory card was played or the turn limit reached."""
        return self.phase == "over"

    @property
    def winner(self) -> int | None:
        """The seat that played a victory card, or None."""
        return self.winner_seat

    @winner.setter
    def winner(self, seat: int | None) -> None:
        self.winner_seat = seat

    def to_move(self) -> list[int]:
        """The current player, or every seat that has not played the running minigame."""
        if self.phase == "over":
            return []
        if self.phase == "minigame":
            assert self.minigame is not None
            return [s for s, score in enumerate(self.minigame["scores"]) if score is None]
        return [self.current]

    def opening(self) -> list[Event]:
        """C-3.2: on a new game's position, the first player's turn."""
        return list(self._opening)

    def session(self) -> InputSession | None:
        """The running minigame as an input session (C-4.4.2, C-9), or None."""
        if self.phase != "minigame":
            return None
        from .session import MinigameSession

        return MinigameSession(self)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty when it need not act): the candidates
        that :meth:`why_illegal`'s predicates allow. During a minigame, the empty template
        ``Minigame(())``; the inputs themselves come from ``session()``."""
        phase = self.phase
        if phase == "minigame":
            if seat in self.to_move():
                return [_EMPTY_MINIGAME]
            return []
        if seat != self.current or phase == "over":
            return []
        if phase == "roll":
            return [_ROLL]
        if phase == "action":
            return action_step.legal(self, seat)
        if phase == "branch":
            return list(_BRANCHES)
        return list(payments.waive_options(self, seat))

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not play ``action`` now, in words, or None when it may: the one
        legality check that ``apply`` enforces and ``legal_actions`` enumerates."""
        if not isinstance(action, Action):
            return f"not an action: {action!r}"
        phase = self.phase
        if phase == "over":
            return "the game is over"
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return f"there is no seat {seat!r} in this game"
        if phase == "minigame":
            if seat not in self.to_move():
                return f"seat {seat + 1} has already played this minigame"
            if not isinstance(action, Minigame):
                return f"play the minigame, not {action.type}"
            inputs = action.inputs
            if not isinstance(inputs, tuple | list) or len(inputs) > MAX_INPUTS:
                return f"minigame inputs must be a list of at most {MAX_INPUTS}"
            points = landing.score(self, seat, action)
            return points if isinstance(points, str) else None
        if seat != self.current:
            return f"seat {seat + 1} is not to move now (waiting for seat {self.current + 1})"
        if phase == "roll":
            return None if isinstance(action, Roll) else f"roll the dice first, not {action.type}"
        if phase == "branch":
            if isinstance(action, Branch) and action.way in WAYS:
                return None
            return f"choose a way at the fork (straight or right), not {action}"
        if phase == "waive":
            if not isinstance(action, Waive):
                return f"choose the charges to waive, not {action.type}"
            return payments.waive_problem(self, seat, action)
        return action_step.problem(self, seat, action)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat``; ``IllegalAction`` (state unchanged) if illegal."""
        problem = self.why_illegal(seat, action)
        if problem is not None:
            raise IllegalAction(problem)
        self._opening = ()
        events: list[Event] = []
        phase = self.phase
        if phase == "roll":
            self.roll = dice = roll_dice(self, seat, events)
            self.six = 6 in dice
            if advance(self, seat, sum(dice), None, events):
                self._after_move(seat, events)
        elif phase == "branch":
            if advance(self, seat, self.steps_left, action.way, events):  # type: ignore[attr-defined]
                self._after_move(seat, events)
        elif phase == "waive":
            self._settle(seat, action.charges, events)  # type: ignore[attr-defined]
        elif phase == "minigame":
            points = landing.score(self, seat, action)  # type: ignore[arg-type]
            assert isinstance(points, int)
            landing.submit(self, seat, points, events)
        else:
            action_step.apply(self, seat, action, events)
            if self.phase != "over":
                self._end_turn(events)
        return events

    # ----------------------------------------------------------------- turn sequence
    def _after_move(self, seat: int, events: list[Event]) -> None:
        fx = self.seats[seat].effects
        if (fx["tax_exemption"] or fx["business_exemption"]) and payments.needs_choice(self, seat):
            self.phase = "waive"
            return
        self._settle(seat, (), events)

    def _settle(self, seat: int, chosen: tuple[str, ...], events: list[Event]) -> None:
        payments.settle(self, seat, chosen, events)
        square = self.landed
        if self.options["level_up"] == "landing" and square is not None:
            lots = [(square, lot) for lot in range(4) if (square, lot) in self.businesses]
            if lots:  # C-11: every business on the block gains a level, after the fees
                self.raise_levels(lots, 1)
                events.append(LevelUp(tuple(lots), 1, "landing"))
        landing.start(self, seat, events)

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.current
        if self.options["card_supply"] == "refill":
            refill(self, seat, events)
        limit = self.options["turn_limit"]
        if limit is not None and self.turn >= limit:
            self.phase = "over"
            self.reason = "turn_limit"
            events.append(GameOver(None, "turn_limit"))
            return
        self.current = (seat + 1) % len(self.seats)
        self.turn += 1
        self.phase = "roll"
        self.roll = ()
        self.steps_left = 0
        self.six = False
        self.landed = None
        self.tolls = []
        self.minigame = None
        self.mg_cache = {}
        events.append(TurnStarted(self.current, self.turn))

    # ----------------------------------------------------------------- copies
    def clone(self) -> Self:
        """An independent copy (fast, not via JSON)."""
        new = type(self).__new__(type(self))
        new.options = self.options
        new.seats = [s.copy() for s in self.seats]
        new.businesses = self.businesses.copy()
        new.constructions = self.constructions.copy()
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.rng = Rng(self.rng.state)
        new.dice_queue = self.dice_queue[:]
        new.turn = self.turn
        new.current = self.current
        new.phase = self.phase
        new.winner_seat = self.winner_seat
        new.reason = self.reason
        new.roll = self.roll
        new.steps_left = self.steps_left
        new.six = self.six
        new.landed = self.landed
        new.tolls = self.tolls[:]
        mg = self.minigame
        new.minigame = (
            None if mg is None
            else {"game": mg["game"], "seeds": mg["seeds"][:], "scores": mg["scores"][:]}
        )
        new.board_memo = self.board_memo
        new.mg_cache = dict(self.mg_cache)
        new._opening = self._opening
        return new

    def determinize(self, seat: int, seed: int) -> Self:
        """A copy where the other hands and the deck are reshuffled together (sizes kept),
        the other seats' minigame contents are re-drawn, the dice queue is dropped and the
        generator reseeded with ``seed``."""
        new = self.clone()
        rng = Rng(seed)
        pool = list(new.deck)
        for s, p in enumerate(new.seats):
            if s != seat:
                pool.extend(p.hand)
        pool.sort()  # the result must not depend on where the hidden cards truly are
        rng.shuffle(pool)
        for s, p in enumerate(new.seats):
            if s != seat:
                n = len(p.hand)
                p.hand = pool[:n]
                del pool[:n]
        new.deck = pool
        new.dice_queue = []
        mg = new.minigame
        if mg is not None:  # the other seats' minigame contents are theirs alone
            mg["seeds"] = [x if s == seat else rng.next64() for s, x in enumerate(mg["seeds"])]
            new.mg_cache = {s: e for s, e in new.mg_cache.items() if s == seat}
        new.rng = Rng(rng.next64())
        return new

    # ----------------------------------------------------------------- output
    def result(self) -> Outcome:
        """The outcome: the winner first, then by net worth (C-5.5); ``reason`` is the
        victory card played (C-7.3) or ``turn_limit``; details: the winning ``card``."""
        worths = tuple(self.net_worth(s) for s in range(len(self.seats)))
        winner = self.winner_seat
        standings, places = ranked([(s != winner, -worths[s]) for s in range(len(self.seats))])
        return Outcome(
            finished=winner is not None,
            winner=winner,
            reason=self.reason,
            turns=self.turn,
            standings=standings,
            scores=worths,
            details=(("card", self.reason if winner is not None else None),),
            places=places,
        )

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (C-8); ``None`` for a spectator."""
        from .view import view

        return view(self, seat)

    def to_json(self) -> dict[str, Any]:
        """The whole position (``docs/positions.md``)."""
        from .position import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Rebuild a position; ``InvalidPosition`` naming the problem if impossible."""
        from .position import from_json

        return from_json(cls, data)

    def describe(self, item: Action | Event | Datum, seat: int | None) -> Message | None:
        """An action (the choice ``seat`` is offered: "Build a bar on block 17, lot 2, for
        $50") or an event (a log line ``seat`` reads: "Ana (red) rolls 5 and 1") as a message
        of ``tycoon/capital/messages``; None for the stock exchange's payment, which its
        ``stock_exchange`` line tells."""
        from .describe import describe

        return describe(self, item, seat)

    def key(self) -> int:
        """A 64-bit fingerprint of the whole position (equal positions, equal keys)."""
        from .position import fingerprint

        return fingerprint(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CapitalState):
            return NotImplemented
        from .position import same

        return same(self, other)

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __repr__(self) -> str:
        return (f"<CapitalState turn {self.turn} seat {self.current} phase {self.phase} "
                f"seats {len(self.seats)}>")
