"""Cards in play (C-6, C-7): who or what each card may target, its conditions, its effect.

A card is playable when it is in the hand, its cost is covered by the balance (a card of
cost 0 is always affordable, even from a negative balance), its condition holds (victory
conditions are checked before the cost is paid, C-7.2) and it has a legal target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.engine import Event

from .actions import Target, target_json
from .board import BOARD
from .cards import COST, NAME, TARGET, VICTORY
from .events import (
    BusinessDestroyed,
    ConstructionPlaced,
    ConstructionRemoved,
    DiceChanged,
    EffectChanged,
    LevelUp,
)
from .money import pay

if TYPE_CHECKING:
    from .state import CapitalState

MAX_DICE = 4
#: C-7 victory thresholds.
RICHEST_PERCENT = 40
RICHEST_LAPS = 2
ENTREPRENEUR_WORTH = 7000
JET_LEAD = 2
MEGA_INCOME = 2000

_SQUARES = tuple(s for s in range(BOARD.size) if BOARD.kind[s] != "start")


def victory_problem(st: CapitalState, seat: int, card: str) -> str | None:
    """Why the victory ``card``'s condition fails for ``seat`` now, or None if it holds."""
    worth = st.net_worth(seat)
    player = st.seats[seat]
    if card == "richest_in_town":
        others = st.options["richest_basis"] == "other_players"
        total = sum(st.net_worth(s) for s in range(len(st.seats)) if not (others and s == seat))
        if worth * 100 < RICHEST_PERCENT * total:
            whose = "the other players'" if others else "all players'"
            return f"your net worth ${worth} is below 40% of {whose} total ${total}"
        if player.laps < RICHEST_LAPS:
            return f"you need at least {RICHEST_LAPS} laps, you have {player.laps}"
    elif card == "successful_entrepreneur":
        if worth < ENTREPRENEUR_WORTH:
            return f"your net worth ${worth} is below ${ENTREPRENEUR_WORTH}"
    elif card == "private_jet":
        best = max(p.laps for s, p in enumerate(st.seats) if s != seat)
        if player.laps < best + JET_LEAD:
            return f"you need {best + JET_LEAD} laps (2 more than every opponent), you have " \
                   f"{player.laps}"
    elif card == "mega_business":
        incomes = st.incomes()
        if not any(b.owner == seat and incomes[k] >= MEGA_INCOME
                   for k, b in st.businesses.items()):
            return f"you own no business with an income of ${MEGA_INCOME} or more"
    return None


def condition_problem(st: CapitalState, seat: int, card: str) -> str | None:
    """Why ``card`` cannot be played by ``seat`` now, whatever the target, or None."""
    balance = st.seats[seat].balance
    cost = COST[card]
    if cost > 0 and cost > balance:
        return f"{NAME[card]} costs ${cost} and your balance is ${balance}"
    if card in VICTORY:
        return victory_problem(st, seat, card)
    if card == "extra_die" and st.seats[seat].dice >= MAX_DICE:
        return f"you already have {MAX_DICE} dice"
    if card == "aggressive_marketing" and not any(
        b.owner == seat for b in st.businesses.values()
    ):
        return "you own no business"
    return None


def targets(st: CapitalState, seat: int, card: str) -> list[Target]:
    """Every legal target of ``card`` for ``seat`` ([None] for a card without target)."""
    if condition_problem(st, seat, card) is not None:
        return []
    kind = TARGET[card]
    n = len(st.seats)
    if kind is None:
        return [None]
    if kind == "opponent":
        if card == "lost_die":
            return [s for s in range(n) if s != seat and st.seats[s].dice >= 2]
        return [s for s in range(n) if s != seat]
    if kind == "seat":
        return list(range(n))
    if kind == "square":
        built = st.constructions
        return [s for s in _SQUARES if s not in built]
    if kind == "construction":
        only_others = st.options["demolition"] == "opponents"
        return sorted(s for s, (_, owner) in st.constructions.items()
                      if not (only_others and owner == seat))
    if kind == "business":
        return sorted(st.businesses)
    return sorted(k for k, b in st.businesses.items() if b.owner == seat)  # own_business


def play_problem(st: CapitalState, seat: int, card: str, target: Target) -> str | None:
    """Why ``seat`` may not play ``card`` on ``target`` now, or None (C-7, D-12, D-13)."""
    if card not in NAME:
        return f"unknown card {card!r}"
    if card not in st.seats[seat].hand:
        return f"you have no {NAME[card]} card"
    problem = condition_problem(st, seat, card)
    if problem:
        return f"cannot play {NAME[card]}: {problem}"
    if target in targets(st, seat, card):
        return None
    kind = TARGET[card]
    need = {
        None: "takes no target",
        "opponent": "needs an opponent's seat"
        + (" with at least 2 dice" if card == "lost_die" else ""),
        "seat": "needs a seat",
        "square": "needs a square that is not a start square and holds no obstacle or toll",
        "construction": "needs a square holding "
        + ("an opponent's" if st.options["demolition"] == "opponents" else "an")
        + " obstacle or toll",
        "business": 'needs a business {"square", "lot"}',
        "own_business": 'needs one of your businesses {"square", "lot"}',
    }[kind]
    return f"{NAME[card]} {need}; {target_json(target)!r} is not one"


def _gain(st: CapitalState, seat: int, effect: str, uses: int, events: list[Event]) -> None:
    fx = st.seats[seat].effects
    fx[effect] += uses
    events.append(EffectChanged(seat, effect, fx[effect]))


def resolve(st: CapitalState, seat: int, card: str, target: Any, events: list[Event]) -> None:
    """The effect of a (legal, already paid) non-victory card."""
    player = st.seats[seat]
    if card == "easy_money":
        pay(st, None, seat, 500, card, events)
    elif card == "business_insurance":  # D-11: the balance becomes $200
        delta = 200 - player.balance
        if delta > 0:
            pay(st, None, seat, delta, card, events)
        elif delta < 0:
            pay(st, seat, None, -delta, card, events)
    elif card == "lions_sight":
        _gain(st, target, "lion", 1, events)
    elif card == "mafia_collection":
        st.seats[target].mafia.append(seat)
        events.append(EffectChanged(target, "mafia", len(st.seats[target].mafia)))
    elif card in ("tax_exemption", "business_exemption"):
        _gain(st, seat, card, 3, events)
    elif card == "blocked_account":
        _gain(st, target, "blocked_account", 1, events)
    elif card in ("careful_works", "toll"):
        kind = "obstacle" if card == "careful_works" else "toll"
        st.constructions[target] = (kind, seat)
        events.append(ConstructionPlaced(target, kind, seat))
    elif card == "demolition":
        kind, owner = st.constructions.pop(target)
        events.append(ConstructionRemoved(target, kind, owner))
    elif card == "operation_hare":
        _gain(st, seat, "hare", 3, events)
    elif card == "operation_turtle":
        _gain(st, target, "turtle", 3, events)
    elif card == "extra_die":
        player.dice += 1
        events.append(DiceChanged(seat, player.dice))
    elif card == "lost_die":
        st.seats[target].dice -= 1
        events.append(DiceChanged(target, st.seats[target].dice))
    elif card == "new_beginning":  # C-6.2
        victim = st.seats[target]
        for effect in victim.effects:
            if victim.effects[effect]:
                victim.effects[effect] = 0
                events.append(EffectChanged(target, effect, 0))
        if victim.mafia:
            victim.mafia = []
            events.append(EffectChanged(target, "mafia", 0))
        if victim.dice != 2:
            victim.dice = 2
            events.append(DiceChanged(target, 2))
    elif card == "implosion":
        b = st.businesses[target]
        st.remove_business(target)
        events.append(BusinessDestroyed(target[0], target[1], b.kind, b.owner))
    elif card == "instant_valuation":
        st.raise_levels([target], 3)
        events.append(LevelUp((target,), 3, card))
    elif card == "aggressive_marketing":
        lots = sorted(k for k, b in st.businesses.items() if b.owner == seat)
        st.raise_levels(lots, 1)
        events.append(LevelUp(tuple(lots), 1, card))
    else:  # pragma: no cover - every card is handled above
        raise AssertionError(card)


