"""Step C-4.5: build, play a card, exchange cards or pass — legal actions and their effect.

:func:`problem` says why an action is illegal; :func:`legal` lists the candidates the same
predicates allow (``free_lots``, ``affordable``, ``card_rules.targets``, ``exchange_options``).

Action objects are interned (built once and reused) so listing legal actions stays cheap.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING

from tycoon.engine import Action, Event

from . import card_rules
from .actions import Build, Exchange, Pass, Play, Target, sort_cards, target_json
from .board import BOARD
from .businesses import KINDS, LOTS, NAME, PRICE, Business
from .cards import COST, VICTORY
from .cards import NAME as CARD_NAME
from .events import Built, CardPlayed, Discarded, GameOver
from .money import pay
from .supply import draw

if TYPE_CHECKING:
    from .state import CapitalState

MAX_EXCHANGE = 5  # D-8: 1 to 5 cards
PASS = Pass()
_BUILD = {(lot, kind): Build(lot, kind) for lot in range(LOTS) for kind in KINDS}
_KINDS_BY_PRICE = sorted(KINDS, key=PRICE.__getitem__)
_PLAY: dict[tuple[str, Target], Play] = {}
_EXCHANGES: dict[tuple[str, ...], list[Exchange]] = {}
_EXCHANGE: dict[tuple[str, ...], Exchange] = {}
_CACHE_HANDS = 4096  # hands whose exchange options are kept
_CACHE_OPTIONS = 64  # only for hands with at most this many options (6 distinct cards: 62)


def play_action(card: str, target: Target) -> Play:
    """The interned ``Play(card, target)``."""
    key = (card, target)
    action = _PLAY.get(key)
    if action is None:
        action = _PLAY[key] = Play(card, target)
    return action


def exchange_options(hand: list[str]) -> list[Exchange]:
    """Every distinct choice of 1 to 5 cards of ``hand`` to exchange."""
    key = sort_cards(hand)
    options = _EXCHANGES.get(key)
    if options is None:
        choices = [c for size in range(1, min(MAX_EXCHANGE, len(key)) + 1)
                   for c in combinations(key, size)]
        if len(set(key)) < len(key):  # equal cards: keep the first of equal choices
            choices = list(dict.fromkeys(choices))
        get = _EXCHANGE.get
        options = [get(cards) or _EXCHANGE.setdefault(cards, Exchange(cards))
                   for cards in choices]
        if len(_EXCHANGE) > 100_000:
            _EXCHANGE.clear()
        if len(options) <= _CACHE_OPTIONS:  # keep the caches small: big hands are rare
            if len(_EXCHANGES) >= _CACHE_HANDS:
                _EXCHANGES.clear()
                _EXCHANGE.clear()
            _EXCHANGES[key] = options
    return options


def free_lots(st: CapitalState) -> list[int]:
    """The lots one may build on now: the free lots of the block landed on (C-4.5)."""
    square = st.landed
    if square is None or BOARD.kind[square] != "block":
        return []
    businesses = st.businesses
    return [lot for lot in range(LOTS) if (square, lot) not in businesses]


def affordable(kind: str, balance: int) -> bool:
    """C-4.5: the balance covers the price of ``kind``."""
    return PRICE[kind] <= balance


def legal(st: CapitalState, seat: int) -> list[Action]:
    """Every legal action of the current player in step C-4.5: the candidates that
    :func:`problem`'s predicates allow (the two are checked against each other in tests)."""
    out: list[Action] = []
    player = st.seats[seat]
    balance = player.balance
    for lot in free_lots(st):
        for kind in _KINDS_BY_PRICE:
            if not affordable(kind, balance):
                break
            out.append(_BUILD[lot, kind])
    seen: set[str] = set()
    for card in player.hand:
        if card in seen:
            continue
        seen.add(card)
        for target in card_rules.targets(st, seat, card):
            out.append(play_action(card, target))
    if player.hand:
        out.extend(exchange_options(player.hand))
    out.append(PASS)
    return out


def problem(st: CapitalState, seat: int, action: Action) -> str | None:
    """Why ``action`` is not legal for the current player in step C-4.5, or None."""
    player = st.seats[seat]
    if isinstance(action, Build):
        if action.kind not in PRICE or action.lot not in range(LOTS):
            return f"no such business or lot: {action}"
        square = st.landed
        if square is None or BOARD.kind[square] != "block":
            return "you can only build on the block you landed on this turn"
        if action.lot not in free_lots(st):
            return f"lot {action.lot + 1} of block {square + 1} is taken"
        if not affordable(action.kind, player.balance):
            return (f"a {NAME[action.kind]} costs ${PRICE[action.kind]} and your balance is "
                    f"${player.balance}")
        return None
    if isinstance(action, Play):
        return card_rules.play_problem(st, seat, action.card, action.target)
    if isinstance(action, Exchange):
        unknown = [c for c in action.cards if c not in CARD_NAME]
        if unknown:
            return f"unknown card {unknown[0]!r}"
        if not 1 <= len(action.cards) <= MAX_EXCHANGE:
            return f"exchange 1 to {MAX_EXCHANGE} cards"
        have = Counter(player.hand)
        for card, n in Counter(action.cards).items():
            if have[card] < n:
                held = have[card]
                return (f"you hold {held} {CARD_NAME[card]} card{'' if held == 1 else 's'}, "
                        f"not {n}")
        return None
    if isinstance(action, Pass):
        return None
    return f"now is the time to build, play a card, exchange or pass, not {action.type}"


def apply(st: CapitalState, seat: int, action: Action, events: list[Event]) -> None:
    """Carry out a checked action; the turn then ends unless a victory card ended the game."""
    player = st.seats[seat]
    if isinstance(action, Build):
        square = st.landed
        assert square is not None
        pay(st, seat, None, PRICE[action.kind], "build", events)
        st.add_business((square, action.lot), Business(action.kind, seat, 1))
        events.append(Built(seat, square, action.lot, action.kind))
    elif isinstance(action, Play):
        card = action.card
        player.hand.remove(card)
        st.discard.append(card)
        events.append(CardPlayed(seat, card, target_json(action.target)))
        pay(st, seat, None, COST[card], f"card:{card}", events)
        if card in VICTORY:  # C-7.3
            st.winner = seat
            st.reason = card
            st.phase = "over"
            events.append(GameOver(seat, card))
            return
        card_rules.resolve(st, seat, card, action.target, events)
    elif isinstance(action, Exchange):
        for card in action.cards:
            player.hand.remove(card)
            st.discard.append(card)
        events.append(Discarded(seat, action.cards))
        draw(st, seat, len(action.cards), events)
