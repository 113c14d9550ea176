"""Monopoly Deal knowledge: the heuristic bot, and the search bot's playouts and evaluation.

The heuristic plays like a sensible person, from its seat's view only:

- complete sets first (a property or wild card where it brings a set closest to full, a
  wild card moved when that completes a set), Deal Breaker on the best full set, Sly Deal
  on what completes a set (else what advances one), Forced Deal only when it completes one;
- charge rent where it pays most (Double The Rent only on a big rent), Debt Collector and
  Birthday on whoever can pay, houses and hotels on full sets, Pass Go early in the turn;
- bank money, lowest value first, to pay debts from the bank rather than from the table;
  action cards are banked only when they are of no use;
- pay with the least useful cards: bank money that covers the debt with the least change,
  then properties of the sets furthest from full; never a full set while anything else is left;
- save Just Say No for big losses: a Deal Breaker, a steal that breaks a set near completion,
  or a payment of 5M or more (or half of what it owns);
- discard the least useful cards over the hand limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tycoon.engine import Action, Rng, State

from .ismcts import softmax_rewards

#: Bonus of completing a set, in the heuristic's score units.
COMPLETE = 60.0


_CARDS: Any = None


def _cards() -> Any:
    global _CARDS
    if _CARDS is None:
        from tycoon.deal import cards

        _CARDS = cards
    return _CARDS


class Table:
    """A seat's table read from a view: sets by colour, bank value, full colours.

    The heuristic builds one per seat at each decision, so what only some plays read (the
    bank's and the table's value, the set of each card) is computed on first use.

    >>> t = Table({"bank": [0], "sets": [{"color": "brown", "cards": [20], "full": False,
    ...            "house": None, "hotel": None, "rent": 1}]})
    >>> t.need("brown"), t.value, t.set_of(20)["color"], t.set_of(0)
    (1, 2, 'brown', None)
    """

    def __init__(self, seat_view: dict[str, Any]) -> None:
        self.sets = seat_view["sets"]
        self.bank = seat_view["bank"]
        self.full_colors: set[str] = set()
        #: colour -> most cards in one unfinished set of that colour
        self.progress: dict[str, int] = {}
        for s in self.sets:
            if s["full"]:
                self.full_colors.add(s["color"])
            else:
                n = len(s["cards"])
                if n > self.progress.get(s["color"], 0):
                    self.progress[s["color"]] = n
        self._bank_value: int | None = None
        self._value: int | None = None
        self._set_by_card: dict[int, dict[str, Any]] | None = None

    @property
    def bank_value(self) -> int:
        """The money in the bank."""
        if self._bank_value is None:
            value = _cards().VALUE
            self._bank_value = sum(value[x] for x in self.bank)
        return self._bank_value

    @property
    def value(self) -> int:
        """Everything on the table a debt could take: bank, properties and buildings."""
        if self._value is None:
            value = _cards().VALUE
            total = self.bank_value
            for s in self.sets:
                for x in s["cards"]:
                    total += value[x]
                for b in (s["house"], s["hotel"]):
                    if b is not None:
                        total += value[b]
            self._value = total
        return self._value

    def need(self, color: str) -> int:
        """Cards still missing from the best unfinished set of ``color``."""
        c = _cards()
        return c.SET_SIZE[c.COLOR_INDEX[color]] - self.progress.get(color, 0)

    def set_of(self, card: int) -> dict[str, Any] | None:
        """The set holding ``card``."""
        if self._set_by_card is None:
            self._set_by_card = {x: s for s in self.sets for x in s["cards"]}
        return self._set_by_card.get(card)


def card_use(table: Table, card: int) -> float:
    """How much a property on ``table`` is worth keeping (for payments and Forced Deal)."""
    c = _cards()
    s = table.set_of(card)
    if s is None:
        return 0.0
    size = c.SET_SIZE[c.COLOR_INDEX[s["color"]]]
    if s["full"]:
        return 100.0 + s["rent"]
    return 10.0 * len(s["cards"]) / size + c.VALUE[card] * 0.5 + (5.0 if len(s["cards"]) > 1 else 0)


class DealHeuristic:
    """The heuristic bot of Monopoly Deal (see the module docstring).

    >>> from tycoon.deal import new_game
    >>> s = new_game(seats=2, seed=3)
    >>> seat = s.to_move()[0]
    >>> DealHeuristic(0).choose(s, seat) in s.legal_actions(seat)
    True
    """

    def __init__(self, seed: int = 0, name: str = "heuristic", epsilon: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.name = name
        self.epsilon = epsilon

    def choose(self, state: State, seat: int) -> Action:
        """The best-scoring legal action for ``seat``."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.below(1000) < self.epsilon * 1000:
            return self.rng.choice(legal)
        return pick(state.view(seat), seat, legal)


def pick(view: dict[str, Any], seat: int, legal: Sequence[Action]) -> Action:
    """The heuristic's choice among ``legal`` for ``seat`` seeing ``view``."""
    phase = view["phase"]
    if phase == "pay":
        return choose_payment(view, seat, legal)
    if phase == "respond":
        return choose_answer(view, seat, legal)
    if phase == "discard":
        return choose_discard(view, seat, legal)
    tables = [Table(s) for s in view["seats"]]
    best = legal[0]
    best_score = -1e9
    for a in legal:
        score = score_play(view, seat, tables, a)
        if score > best_score:
            best, best_score = a, score
    return best


#: Cards to pay with that the search compares (the heuristic's best ones).
PAYS = 3
#: Plays the search compares (the heuristic's best ones, and ending the turn).
PLAYS = 8


def candidates(state: State, seat: int, legal: Sequence[Action], k: int = 4,
               pays: int = 1) -> list[Action]:
    """The few actions worth searching: the heuristic's best ``k`` (all answers to a demand,
    the heuristic's best ``pays`` cards to pay with).

    In the play phase, ending the turn is always among them, and moving a wild card only
    when that completes a set.
    """
    if len(legal) <= 2 and all(a.type != "move_wild" for a in legal):
        return list(legal)
    view = state.view(seat)
    phase = view["phase"]
    if phase == "respond":
        return list(legal)
    if phase == "pay":
        out: list[Action] = []
        rest = list(legal)
        while rest and len(out) < max(1, pays):  # the best payment, then the best of the rest
            out.append(choose_payment(view, seat, rest))
            rest.remove(out[-1])
        return out
    if phase == "discard":
        return [choose_discard(view, seat, legal)]
    return [a for _, a in ranked_plays(view, seat, [Table(s) for s in view["seats"]], legal, k)]


def ranked_plays(view: dict[str, Any], seat: int, tables: list[Table], legal: Sequence[Action],
                 k: int = PLAYS) -> list[tuple[float, Action]]:
    """The heuristic's best ``k`` plays with their scores, best first, and ending the turn
    (scored 0) when it is not among them; moving a wild card only when that completes a set.
    """
    scored = sorted(
        ((score_play(view, seat, tables, a), i) for i, a in enumerate(legal)), reverse=True
    )
    # moving a wild card takes no play (MD-7.2): only a move that completes a set is worth
    # searching, else the search could move a card to and fro for ever on noise
    out = [(x, legal[i]) for x, i in scored if x > 0 or legal[i].type != "move_wild"][:k]
    end = next((a for a in legal if a.type == "end_turn"), None)
    if end is not None and all(a != end for _, a in out):
        out.append((0.0, end))
    return out


def search_candidates(state: State, seat: int, legal: Sequence[Action], k: int = PLAYS,
                      pays: int = PAYS) -> list[Action]:
    """The search's :func:`candidates`: the heuristic's best ``k`` plays, ``pays`` payments."""
    return candidates(state, seat, legal, k, pays)


def _gain_property(me: Table, color: str) -> float:
    """Score of adding one property of ``color`` to my table."""
    c = _cards()
    size = c.SET_SIZE[c.COLOR_INDEX[color]]
    have = me.progress.get(color, 0)
    if have + 1 == size:
        bonus = COMPLETE
        if len(me.full_colors | {color}) >= 3 and color not in me.full_colors:
            bonus += 1000.0  # wins the game
        return bonus + 10.0
    return 15.0 + 20.0 * (have + 1) / size + c.RENTS[c.COLOR_INDEX[color]][-1] * 0.5


def _others(tables: list[Table], seat: int) -> list[int]:
    return [s for s in range(len(tables)) if s != seat]


def score_play(view: dict[str, Any], seat: int, tables: list[Table], a: Action) -> float:
    """The heuristic score of one action in the play phase (higher is better)."""
    c = _cards()
    me = tables[seat]
    t = a.type
    if t == "end_turn":
        return 0.0
    if t == "property":
        return _gain_property(me, a.color)  # type: ignore[attr-defined]
    if t == "move_wild":
        card = a.card  # type: ignore[attr-defined]
        s = me.set_of(card)
        if s is not None and s["full"]:
            return -5.0
        have = me.progress.get(a.color, 0)  # type: ignore[attr-defined]
        if have + 1 == c.SET_SIZE[c.COLOR_INDEX[a.color]]:  # type: ignore[attr-defined]
            return COMPLETE + 5.0
        return -1.0
    if t == "bank":
        card = a.card  # type: ignore[attr-defined]
        kind = c.KIND[card]
        value = c.VALUE[card]
        if kind == "money":
            return 8.0 - value * 0.3 + (4.0 if me.bank_value < 5 else 0.0)
        name = c.NAME[card]
        # an action card is banked when it is of little use now
        if name in ("just_say_no", "deal_breaker"):
            return -20.0
        hand = view["seats"][seat].get("hand", [])
        # over the hand limit: bank rather than discard
        if len(hand) > 7 and view["plays_left"] == 1:
            return 3.0 + value * 0.5
        return 1.0 + value * 0.3 if name in ("double_the_rent", "house", "hotel") else 0.5
    if t == "rent":
        color = a.color  # type: ignore[attr-defined]
        rent = 0
        for s in view["seats"][seat]["sets"]:
            if s["color"] == color:
                rent = max(rent, s["rent"])
        rent <<= len(a.doubles)  # type: ignore[attr-defined]
        target = a.target  # type: ignore[attr-defined]
        payers = [target] if target is not None else _others(tables, seat)
        got = sum(min(rent, tables[p].value) for p in payers)
        extra_cards = len(a.doubles)  # type: ignore[attr-defined]
        base = 4.0 + 3.0 * got - 6.0 * extra_cards
        if got < 2:
            base -= 5.0
        return base
    if t == "debt_collector":
        return 4.0 + 3.0 * min(5, tables[a.target].value) - 2.0  # type: ignore[attr-defined]
    if t == "its_my_birthday":
        return 3.0 + 3.0 * sum(min(2, tables[p].value) for p in _others(tables, seat)) - 2.0
    if t == "pass_go":
        return 30.0 if view["plays_left"] > 1 else 9.0
    if t in ("house", "hotel"):
        return 25.0
    if t == "deal_breaker":
        victim = tables[a.target]  # type: ignore[attr-defined]
        s = view["seats"][a.target]["sets"][a.set]  # type: ignore[attr-defined]
        score = 70.0 + s["rent"]
        if s["color"] not in me.full_colors and len(me.full_colors) >= 2:
            score += 1000.0
        if len(victim.full_colors) >= 2:
            score += 20.0
        return score
    if t == "sly_deal":
        take = a.take  # type: ignore[attr-defined]
        victim = tables[a.target]  # type: ignore[attr-defined]
        s = victim.set_of(take)
        if s is None:
            return -1.0
        color = s["color"]
        gain = _gain_property(me, color) if c.NAME[take] != "wild_multicolor" else 10.0
        # it also hurts the victim's progress
        gain += 5.0 * len(s["cards"]) + (10.0 if len(victim.full_colors) >= 2 else 0.0)
        return gain - 10.0
    if t == "forced_deal":
        take, give = a.take, a.give  # type: ignore[attr-defined]
        victim = tables[a.target]  # type: ignore[attr-defined]
        s = victim.set_of(take)
        if s is None:
            return -1.0
        color = s["color"]
        have = me.progress.get(color, 0)
        mine = me.set_of(give)
        if mine is not None and mine["color"] == color:
            return -5.0
        completes = have + 1 == c.SET_SIZE[c.COLOR_INDEX[color]]
        if not completes:
            return -2.0
        return COMPLETE - card_use(me, give) + (1000.0 if len(me.full_colors) >= 2 else 0.0)
    return -3.0


def choose_payment(view: dict[str, Any], seat: int, legal: Sequence[Action]) -> Action:
    """Pay with the least useful card: bank money covering the debt with least change first."""
    c = _cards()
    owed = (view.get("pending") or {}).get("owed") or 0
    me = Table(view["seats"][seat])
    bank = set(view["seats"][seat]["bank"])
    in_bank = [a for a in legal if a.card in bank]  # type: ignore[attr-defined]
    if in_bank:
        covering = [a for a in in_bank if c.VALUE[a.card] >= owed]  # type: ignore[attr-defined]
        if covering:
            return min(covering, key=lambda a: c.VALUE[a.card])  # type: ignore[attr-defined]
        return max(in_bank, key=lambda a: c.VALUE[a.card])  # type: ignore[attr-defined]
    buildings = {
        b for s in view["seats"][seat]["sets"] for b in (s["house"], s["hotel"]) if b is not None
    }

    def cost(a: Action) -> tuple[float, int]:
        card = a.card  # type: ignore[attr-defined]
        value = c.VALUE[card]
        use = 30.0 if card in buildings else card_use(me, card)
        over = max(0, value - owed)
        return (use + over * 1.5, -value)

    return min(legal, key=cost)


def choose_answer(view: dict[str, Any], seat: int, legal: Sequence[Action]) -> Action:
    """Say no only to big losses (or to defend a big gain of ours against a Just Say No)."""
    says = [a for a in legal if a.type == "say_no"]
    accept = next((a for a in legal if a.type == "accept"), legal[0])
    if not says:
        return accept
    p = view.get("pending") or {}
    kind = p.get("kind")
    me = Table(view["seats"][seat])
    if p.get("by") == seat:
        # we are the actor answering their Just Say No: insist only when it matters
        big = kind == "deal_breaker" or (p.get("amount") or 0) >= 5
        if kind in ("sly_deal", "forced_deal"):
            big = True
        return says[0] if big else accept
    if kind == "deal_breaker":
        return says[0]
    if kind in ("sly_deal", "forced_deal"):
        take = p.get("take")
        s = me.set_of(take) if take is not None else None
        if s is not None and len(s["cards"]) >= 2:
            return says[0]
        return accept
    owed = p.get("owed") or p.get("amount") or 0
    loss = min(owed, me.value)
    if loss >= 5 or (me.value > 0 and loss * 2 >= me.value and loss >= 3):
        return says[0]
    return accept


def choose_discard(view: dict[str, Any], seat: int, legal: Sequence[Action]) -> Action:
    """Discard the least useful card."""
    c = _cards()
    me = Table(view["seats"][seat])

    def keep(a: Action) -> float:
        card = a.card  # type: ignore[attr-defined]
        kind = c.KIND[card]
        name = c.NAME[card]
        if kind in ("property", "wild"):
            return 50.0 + max((me.progress.get(col, 0) for col in c.CARDS[card].colors), default=0)
        if name in ("just_say_no", "deal_breaker", "sly_deal"):
            return 60.0
        if kind == "rent":
            useful = any(
                me.progress.get(col) or col in me.full_colors for col in c.CARDS[card].colors
            )
            return 20.0 if useful else 2.0
        return c.VALUE[card] * 3.0

    return min(legal, key=keep)


#: Weights of the evaluation's features (:func:`features`), fitted by logistic regression
#: on the outcome of 3000 games between heuristic bots (10% random moves), positions of the
#: play phase (64,000 positions; hold-out log-loss 0.549 against 0.715 for the former
#: share-of-strength evaluation, 70% of winners called right against 67%).
WEIGHTS: tuple[float, ...] = (
    0.864,  # distinct full colours (at most 3)
    0.281,  # unfinished colours one card from full (at most 3)
    0.119,  # unfinished colours two cards from full (at most 3)
    0.227,  # bank money / 10 (counted up to 20M)
    0.243,  # property value on the table / 10
    0.486,  # Just Say No in hand (at most 2)
    1.207,  # Deal Breaker in hand (at most 2)
    0.196,  # Sly Deal / Forced Deal in hand (at most 3)
    0.041,  # hand size / 7
    -0.058,  # the seat is the current player
    0.331,  # a threat: two full colours and one set a card from full
    0.237,  # best rent of a set / 10
)


def features(state: Any, seat: int) -> list[float]:
    """The evaluation's features of ``seat`` (see :data:`WEIGHTS`) on a Deal state.

    Reads the state's tables, banks and hands: the search calls it on determinized copies,
    whose hidden cards are a sample, never the truth.

    >>> from tycoon.deal import new_game
    >>> len(features(new_game(seats=2, seed=1), 0))
    12
    """
    c = _cards()
    from tycoon.deal.state import is_full, set_rent

    size, value, name, is_jsn = c.SET_SIZE, c.VALUE, c.NAME, c.IS_JSN
    seen = 0
    full = near1 = near2 = props = rentmax = 0
    need: dict[int, int] = {}
    for p in state.tables[seat]:
        for x in p.cards:
            props += value[x]
        r = set_rent(p)
        if r > rentmax:
            rentmax = r
        if is_full(p.color, p.cards):
            if not seen & (1 << p.color):
                seen |= 1 << p.color
                full += 1
        else:
            k = size[p.color] - len(p.cards)
            if k < need.get(p.color, 99):
                need[p.color] = k
    for col, k in need.items():
        if seen & (1 << col):
            continue
        if k == 1:
            near1 += 1
        elif k == 2:
            near2 += 1
    bank = 0
    for x in state.banks[seat]:
        bank += value[x]
    jsn = breaker = steal = 0
    hand = state.hands[seat]
    for x in hand:
        if is_jsn[x]:
            jsn += 1
        else:
            n = name[x]
            if n == "deal_breaker":
                breaker += 1
            elif n == "sly_deal" or n == "forced_deal":
                steal += 1
    full = min(full, 3)
    return [
        float(full),
        float(min(near1, 3)),
        float(min(near2, 3)),
        min(bank, 20) / 10,
        props / 10,
        float(min(jsn, 2)),
        float(min(breaker, 2)),
        float(min(steal, 3)),
        len(hand) / 7,
        1.0 if state.current == seat else 0.0,
        1.0 if full >= 2 and near1 >= 1 else 0.0,
        rentmax / 10,
    ]


def evaluate(state: State) -> list[float]:
    """Rewards in [0, 1] for an unfinished position: estimated chances of winning.

    Each seat gets a score ``sum(WEIGHTS * features)``; the rewards are the softmax of the
    scores (with two seats: the logistic of the difference, as fitted), summing to 1.

    >>> from tycoon.deal import new_game
    >>> r = evaluate(new_game(seats=2, seed=1))
    >>> round(sum(r), 6), all(0 < x < 1 for x in r)
    (1.0, True)
    """
    n = len(state.tables)  # type: ignore[attr-defined]
    scores = [
        sum(w * f for w, f in zip(WEIGHTS, features(state, s), strict=True)) for s in range(n)
    ]
    return softmax_rewards(scores)


def heuristic_policy(state: State, seat: int, legal: Sequence[Action], rng: Rng,
                     randomness: int = 10) -> Action:
    """The heuristic, with one move in ``randomness`` at random (0: none): the search's
    playout policy until 2 Dec 2026 (then :func:`heuristic_opponent`), kept for studies
    (``bench/bots.py`` variant ``xsearch:rand=10``)."""
    if randomness and rng.below(randomness) == 0:
        return rng.choice(legal)
    return pick(state.view(seat), seat, legal)


def heuristic_opponent(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The heuristic without randomness: how the search expects the other seats to play,
    and its playout policy."""
    return pick(state.view(seat), seat, legal)


def search_kwargs(playout: str = "heuristic", opponents: str | None = None,
                  evaluation: str = "learned") -> dict[str, Any]:
    """Settings of the search bot in Monopoly Deal.

    ``opponents="heuristic"`` (the default) models the other seats as the heuristic player;
    ``"search"`` lets them choose by UCB in the tree, like the searching seat. Heuristic
    playouts (the default) have no random moves, the root's paired rounds are spent by
    sequential halving and the tree below the root explores little (``c=0.3``): together
    they compare the root candidates on the same futures, played the same way.
    ``evaluation``: ``learned`` (the default: the value network of
    :mod:`tycoon.bots.learned`) or ``linear`` (the hand-fitted :func:`evaluate`). With the
    heuristic as opponent model, the determinizations come from :class:`DealBelief`. The
    budget is 300 iterations a decision, each a playout of 10 decisions (about one turn)
    before the evaluation.
    """
    from .ismcts import random_policy

    if evaluation not in ("learned", "linear"):
        raise ValueError(f"ismcts: evaluation must be learned or linear, not {evaluation!r}")
    leaf = evaluate
    if evaluation == "learned":
        from .learned import learned_evaluate

        leaf = learned_evaluate
    modelled = opponents in (None, "heuristic")
    return {
        # measured together (docs/strength.md, "Deal: the three together"): no random playout moves,
        # sequential halving, little exploration below the root (the seat's own playout moves by
        # the tuned policy of :mod:`.deal_tuned` won no more: docs/strength.md, "Deal: the tuned
        # playouts")
        "policy": heuristic_opponent if playout == "heuristic" else random_policy,
        "halving": True,
        "c": 0.3,
        "evaluate": leaf,
        "candidates": search_candidates,
        "paired": True,
        # measured (docs/strength.md, "Deal: shorter playouts and a faster heuristic"): 10
        # decisions win as much as 20 at 300 iterations in 40% less time; 40 win less
        "depth": 10,
        "opponent": heuristic_opponent if modelled else None,
        # what the heuristic did not play tells what it lacks (:class:`DealBelief`)
        "belief": DealBelief if modelled else None,
        # about 0.2 s on one core; a spec's ``iterations`` or ``seconds`` replaces or caps it
        "iterations": 300,
    }


#: Names of :func:`value_features`, in order (the learned evaluation's inputs).
VALUE_FEATURES: tuple[str, ...] = (
    *(f"progress_{i}" for i in range(10)),
    "full_sets", "two_full", "near1", "near2", "houses", "hotels", "bank", "property_value",
    "best_rent", "full_rent", "threat",
    "hand_jsn", "hand_deal_breaker", "hand_sly", "hand_forced", "hand_debt", "hand_birthday",
    "hand_pass_go", "hand_double", "hand_house", "hand_hotel", "hand_rent_useful",
    "hand_rent_useless", "hand_money", "hand_prop_adds", "hand_prop_completes",
    "hand_prop_other", "hand_size",
    "current", "plays_left", "deck", "turn",
    "others_full", "others_threat", "others_value",
)


def _full(color: int, cards: list[int]) -> bool:
    """MD-7.1 / MD-6.2: ``cards`` make a full set of ``color`` (not all multicolour wilds)."""
    c = _cards()
    return len(cards) == c.SET_SIZE[color] and not all(c.IS_MULTI[x] for x in cards)


def _rent(p: Any) -> int:
    """MD-6.2: the rent of one set, buildings included."""
    c = _cards()
    if not p.cards or all(c.IS_MULTI[x] for x in p.cards):
        return 0
    rent = c.RENTS[p.color][min(len(p.cards), c.SET_SIZE[p.color]) - 1]
    return rent + (c.HOUSE_RENT if p.house is not None else 0) + (
        c.HOTEL_RENT if p.hotel is not None else 0)


def _table_summary(state: Any, seat: int) -> tuple[list[float], int, int, int]:
    """Per-colour progress and table features of ``seat``; also (full sets, threat, value)."""
    c = _cards()
    size, value = c.SET_SIZE, c.VALUE
    progress = [0.0] * 10
    seen = 0
    full = houses = hotels = props = best = full_rent = 0
    for p in state.tables[seat]:
        n = len(p.cards)
        for x in p.cards:
            props += value[x]
        if p.house is not None:
            houses += 1
            props += value[p.house]
        if p.hotel is not None:
            hotels += 1
            props += value[p.hotel]
        r = _rent(p)
        best = max(best, r)
        frac = min(n, size[p.color]) / size[p.color]
        if frac > progress[p.color]:
            progress[p.color] = frac
        if _full(p.color, p.cards) and not seen & (1 << p.color):
            seen |= 1 << p.color
            full += 1
            full_rent += r
    near1 = near2 = 0
    for col in range(10):
        if seen & (1 << col) or progress[col] == 0:
            continue
        k = size[col] - round(progress[col] * size[col])
        if k == 1:
            near1 += 1
        elif k == 2:
            near2 += 1
    bank = sum(value[x] for x in state.banks[seat])
    threat = 1 if full >= 2 and near1 >= 1 else 0
    feats = [
        *progress,
        min(full, 3) / 3, 1.0 if full >= 2 else 0.0, min(near1, 3) / 3, min(near2, 3) / 3,
        houses / 2, hotels / 2, min(bank, 20) / 10, props / 10, best / 10, full_rent / 10,
        float(threat),
    ]
    return feats, full, threat, bank + props


def value_features(state: Any, seat: int) -> list[float]:
    """The learned evaluation's inputs for ``seat`` (names in :data:`VALUE_FEATURES`).

    Reads the state's tables, banks and hands: the search calls it on determinized copies,
    whose hidden cards are a sample, never the truth.

    >>> from tycoon.deal import new_game
    >>> len(value_features(new_game(seats=2, seed=1), 0)) == len(VALUE_FEATURES)
    True
    """
    c = _cards()
    n = len(state.tables)
    mine, _, _, _ = _table_summary(state, seat)
    others = [_table_summary(state, s) for s in range(n) if s != seat]
    progress = mine[:10]
    counts = dict.fromkeys(
        ("just_say_no", "deal_breaker", "sly_deal", "forced_deal", "debt_collector",
         "its_my_birthday", "pass_go", "double_the_rent", "house", "hotel"), 0)
    rent_useful = rent_useless = money = adds = completes = other = 0
    size = c.SET_SIZE
    for x in state.hands[seat]:
        kind = c.KIND[x]
        if kind == "money":
            money += c.VALUE[x]
        elif kind == "rent":
            if any(progress[c.COLOR_INDEX[col]] > 0 for col in c.CARDS[x].colors):
                rent_useful += 1
            else:
                rent_useless += 1
        elif kind in ("property", "wild"):
            cols = [c.COLOR_INDEX[col] for col in c.CARDS[x].colors]
            if any(0 < progress[i] < 1 and round(progress[i] * size[i]) + 1 == size[i]
                   for i in cols):
                completes += 1
            elif any(0 < progress[i] < 1 for i in cols):
                adds += 1
            else:
                other += 1
        else:
            name = c.NAME[x]
            if name in counts:
                counts[name] += 1
    current = state.current == seat
    return [
        *mine,
        *(min(v, 2) / 2 for v in counts.values()),
        min(rent_useful, 3) / 3, min(rent_useless, 3) / 3, min(money, 20) / 10,
        min(adds, 3) / 3, min(completes, 2) / 2, min(other, 3) / 3, len(state.hands[seat]) / 7,
        1.0 if current else 0.0, state.plays_left / 3 if current else 0.0,
        len(state.deck) / 106, min(state.turn, 100) / 100,
        max((o[1] for o in others), default=0) / 3,
        float(max((o[2] for o in others), default=0)),
        sum(o[3] for o in others) / 20,
    ]


def value_features_all(state: Any) -> list[list[float]]:
    """:func:`value_features` of every seat, in seat order."""
    return [value_features(state, s) for s in range(len(state.tables))]


@cache
def _ids(*names: str) -> frozenset[int]:
    """Ids of every card named ``names`` (computed once: the belief's samples ask often)."""
    c = _cards()
    return frozenset(x for x, name in enumerate(c.NAME) if name in names)


def _visible(view: dict[str, Any], seat: int) -> set[int]:
    """Every card ``seat`` sees in ``view``: banks, tables, buildings, discard pile, own hand."""
    out = set(view["discard"])
    for s in view["seats"]:
        out.update(s["bank"])
        for p in s["sets"]:
            out.update(p["cards"])
            out.update(b for b in (p["house"], p["hotel"]) if b is not None)
    out.update(view["seats"][seat].get("hand", ()))
    return out


def _plain_properties(seat_view: dict[str, Any]) -> set[int]:
    """Cards of a seat's unfinished sets that a Sly Deal could take (not multicolour wilds)."""
    c = _cards()
    return {x for p in seat_view["sets"] if not p["full"] for x in p["cards"] if not c.IS_MULTI[x]}


def _full_colors(seat_view: dict[str, Any], buildable: bool = False) -> set[str]:
    """Colours of a seat's full sets (``buildable``: only those that could take a house)."""
    return {
        p["color"] for p in seat_view["sets"]
        if p["full"] and (not buildable or (p["house"] is None
                                            and p["color"] not in ("railroad", "utility")))
    }


class DealBelief:
    """What a seat infers of the other hands from what they did and did not play.

    The search models the others as the heuristic player, a deterministic function of its view,
    so what it did not do tells what it does not hold (until it draws again):

    - it banked a card this turn (no Pass Go after): it held no property or wild card (they
      always score more), no Deal Breaker while we had a full set, no Sly Deal while we had
      a property in an unfinished set, no Debt Collector while we owned 4M or more, no House
      while it had a full set without one; banking twice: no Pass Go either;
    - it ended its turn with plays left: it held only Just Say No and Deal Breaker cards;
    - it let a big loss of ours through (a Deal Breaker, a steal from a set of two, a charge
      of 5M or half of what it owns) without a Just Say No: it holds none.

    Each such fact is a rule "at most k of these cards", k starting at 0 and growing by the
    cards the seat draws afterwards, so a fact keeps telling until the hand is renewed.
    ``observe`` reads the seat's view at each of its decisions and ``chosen`` the action it
    played; ``sample`` is ``determinize`` with each hand brought within its rules (cards over
    a rule's count swapped for cards of the draw pile that no rule names). Only views are
    read, so the samples never depend on where the hidden cards truly are.
    """

    def __init__(self) -> None:
        self.prev: dict[str, Any] | None = None
        self.action: Action | None = None
        #: seat -> rules [cards, k]: the seat holds at most k of those cards (k counts what it
        #: drew since the rule was learnt)
        self.rules: dict[int, list[list[Any]]] = {}
        #: (seat, turn) -> plays counted in that turn of that seat
        self.plays: dict[tuple[int, int], int] = {}

    def chosen(self, action: Action) -> None:
        """The seat played ``action`` at its last observed decision."""
        self.action = action

    def observe(self, state: State, seat: int) -> None:
        """Update the beliefs from the view at a new decision of ``seat``."""
        self._observe(state.view(seat), seat)
        for rules in self.rules.values():
            rules[:] = [r for r in rules if r[0]]

    def _observe(self, view: dict[str, Any], seat: int) -> None:
        prev = self.prev
        self.prev = view
        if prev is None or view["turn"] < prev["turn"] or len(view["seats"]) != len(prev["seats"]):
            self.rules, self.plays, self.action = {}, {}, None
            if view["turn"] != 2 or view["current"] != seat:
                return
            # second to play: all the first player did came from its hand
            prev = {"turn": 0, "current": seat, "discard": [],
                    "seats": [{"bank": [], "sets": [], "hand_size": 0} for _ in view["seats"]]}
        c = _cards()
        n = len(view["seats"])
        others = [s for s in range(n) if s != seat]
        new = _visible(view, seat) - _visible(prev, seat) - set(view["seats"][seat]["hand"])
        discarded = new & set(view["discard"])
        same_turn = view["turn"] == prev["turn"]
        if n != 2:
            self.rules = {}
            return  # which hand a discarded card left is only sure heads-up
        o = others[0]
        drawn = 2 * sum(1 for x in discarded if c.NAME[x] == "pass_go")
        if view["turn"] > prev["turn"] + (1 if prev["current"] == o else 0):
            drawn += 5 if prev["seats"][o]["hand_size"] == 0 else 2  # its turn began
        size = view["seats"][o]["hand_size"]
        rules = self.rules.setdefault(o, [])
        for rule in rules:
            rule[1] += drawn  # what it drew may be any card
        rules[:] = [r for r in rules if r[0] and r[1] < size]
        banned: set[int] = set()
        rules.append([banned, 0])
        me_now, me_prev = view["seats"][seat], prev["seats"][seat]
        if same_turn and view["current"] == seat:
            if self._big_loss(prev, seat, o) and not any(c.IS_JSN[x] for x in discarded):
                banned.update(_ids("just_say_no"))
            return
        # the segment holds (part of) the opponent's turn
        ov = view["seats"][o]
        banked = new & set(ov["bank"])
        tabled = new & {x for p in ov["sets"]
                        for x in (*p["cards"], p["house"], p["hotel"]) if x is not None}
        played = banked | tabled | discarded  # a Just Say No of the player's own counts too
        o_turn = view["turn"] if view["current"] == o else prev["turn"] + (
            1 if prev["current"] == seat else 0)
        key = (o, o_turn)
        self.plays[key] = self.plays.get(key, 0) + len(played)
        pass_go = any(c.NAME[x] == "pass_go" for x in discarded)
        if banked and not pass_go:
            banned.update(range(20, 59))  # properties and wild cards
            if _full_colors(me_now) & _full_colors(me_prev):
                banned.update(_ids("deal_breaker"))
            if _plain_properties(me_now) & _plain_properties(me_prev):
                banned.update(_ids("sly_deal"))
            if Table(me_now).value >= 4:
                banned.update(_ids("debt_collector"))
            if _full_colors(ov, True) & _full_colors(prev["seats"][o], True):
                banned.update(_ids("house"))
            if len(banked) >= 2:
                banned.update(_ids("pass_go"))
        ended = view["current"] == seat and view["turn"] == o_turn + 1
        if ended and self.plays.get(key, 0) < 3 and not pass_go and ov["hand_size"] > 0:
            banned.update(set(range(len(c.NAME))) - _ids("just_say_no", "deal_breaker"))

    def _big_loss(self, prev: dict[str, Any], seat: int, o: int) -> bool:
        """Our last action, played in ``prev``, was a loss the heuristic ``o`` would refuse."""
        a = self.action
        if a is None:
            return False
        t = a.type
        target = getattr(a, "target", None)
        if t not in ("rent", "debt_collector", "its_my_birthday", "sly_deal", "forced_deal",
                     "deal_breaker") or target not in (None, o):
            return False
        if t == "deal_breaker":
            return True
        victim = Table(prev["seats"][o])
        if t in ("sly_deal", "forced_deal"):
            s = victim.set_of(a.take)  # type: ignore[attr-defined]
            return s is not None and len(s["cards"]) >= 2
        if t == "rent":
            rent = max((s["rent"] for s in prev["seats"][seat]["sets"]
                        if s["color"] == a.color), default=0)  # type: ignore[attr-defined]
            owed = rent << len(a.doubles)  # type: ignore[attr-defined]
        else:
            owed = 5 if t == "debt_collector" else 2
        loss = min(owed, victim.value)
        return loss >= 5 or (victim.value > 0 and loss * 2 >= victim.value and loss >= 3)

    def excluded(self, seat: int) -> set[int]:
        """The cards ``seat`` cannot hold at all (the rules with nothing drawn since)."""
        return {x for cards, k in self.rules.get(seat, ()) if k == 0 for x in cards}

    def sample(self, state: State, seat: int, seed: int) -> State:
        """``state.determinize(seat, seed)`` with every hand brought within its rules: cards
        over a rule's count swapped for cards of the draw pile that no rule names."""
        det: Any = state.determinize(seat, seed)
        responder = det.responder()
        rng: Rng | None = None
        for o, rules in self.rules.items():
            named = {x for cards, _ in rules for x in cards}
            if not named:
                continue
            hand, deck = det.hands[o], det.deck
            free: list[int] | None = None
            for cards, k in rules:
                if o == responder:
                    cards = cards - _ids("just_say_no")
                bad = [i for i, x in enumerate(hand) if x in cards]
                if len(bad) <= k:
                    continue
                if rng is None:
                    rng = Rng(seed ^ 0x5BD1E995)
                if free is None:
                    free = [j for j, x in enumerate(deck) if x not in named]
                for _ in range(len(bad) - k):
                    if not free:
                        break
                    i = bad.pop(rng.below(len(bad)))
                    j = free.pop(rng.below(len(free)))
                    hand[i], deck[j] = deck[j], hand[i]
        return det  # type: ignore[no-any-return]
