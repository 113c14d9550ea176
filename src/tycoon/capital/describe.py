"""Actions and events as messages (keys of ``tycoon/capital/messages/*.json`` and parameters).

An action is worded for the seat that chooses it, in the imperative ("Build a bar on block
17, lot 2, for $50 (income $25)"); an event is a log line in the third person ("Ana (red)
rolls 5 and 1"), seats as ``seat_ref`` parameters. People count from 1: squares, lots and
seats are shown as ``index + 1``. Every parameter comes from the action or the event itself
(and, for an action, from the position it is offered in), never from a second copy.

>>> from tycoon.capital import new_game, Roll
>>> from tycoon.engine import render
>>> st = new_game(seats=2, seed=1)
>>> cat = st.describe(Roll(), st.current)
>>> cat.key, dict(cat.params)
('action.roll', {'n': 2})
>>> from tycoon.capital.game import GAME
>>> render(cat, GAME.catalog("en"), "en")
'Roll your 2 dice'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tycoon.engine import Action, Datum, Message, seat_ref

from . import events as ev
from .actions import Branch, Build, Exchange, Minigame, Pass, Play, Roll, Waive
from .board import BOARD, WAYS
from .businesses import PRICE, income_at
from .cards import COST, TARGET

if TYPE_CHECKING:
    from .state import CapitalState


def money(n: int) -> Message:
    """An amount of dollars (``$50``; ``-$20``)."""
    return Message("money", {"n": n}) if n >= 0 else Message("money.negative", {"n": -n})


def square(sq: int) -> Message:
    """A square by kind and number from 1: ``block 18``, ``stock exchange square 28``."""
    return Message(f"square.{BOARD.kind[sq]}", {"n": sq + 1})


def place(sq: int, lot: int) -> Message:
    """A lot: ``block 18, lot 2``."""
    return Message("place", {"square": sq + 1, "lot": lot + 1})


def card(card_id: str) -> Message:
    """A card's name."""
    return Message(f"card.{card_id}.name")


def kind_a(kind: str) -> Message:
    """A business kind with its indefinite article (``a bar``, ``an office building``)."""
    return Message(f"business.{kind}.a")


def count(what: str, n: int) -> Message:
    """``n`` things, plural by the language's rules (``1 die``, ``3 dice``)."""
    return Message(f"count.{what}", {"n": n})


def charge(st: CapitalState, charge_id: str) -> Message:
    """A charge of step C-4.3 by its id (``fee:<square>:<lot>``, ``toll:<square>``, ...)."""
    parts = charge_id.split(":")
    if parts[0] == "fee" and len(parts) == 3:
        return Message("charge.fee", {"place": place(int(parts[1]), int(parts[2]))})
    if parts[0] == "toll" and len(parts) == 2:
        return Message("charge.toll", {"square": square(int(parts[1]))})
    if parts[0] in ("mafia", "lion"):
        return Message(f"charge.{parts[0]}")
    return Message("charge.other")


def victory(card_id: str, options: Mapping[str, Any] | None = None) -> Message:
    """The condition a victory card checks (C-7) under the game's ``options`` (default: the
    ``capital`` preset's), with its thresholds from ``card_rules``: Richest in Town counts
    the other players' net worths under ``richest_basis=other_players`` (C-11)."""
    from . import card_rules as r

    params: dict[str, Any] = {
        "richest_in_town": {"percent": r.RICHEST_PERCENT, "laps": r.RICHEST_LAPS},
        "successful_entrepreneur": {"worth": money(r.ENTREPRENEUR_WORTH)},
        "private_jet": {"lead": r.JET_LEAD},
        "mega_business": {"income": money(r.MEGA_INCOME)},
    }.get(card_id, {})
    key = f"victory.{card_id}"
    if card_id == "richest_in_town" and (options or {}).get("richest_basis") == "other_players":
        key += "_others"
    return Message(key, params)


def reason(why: str) -> Message:
    """Why money moved (a ``Transfer``'s or ``Diverted``'s reason)."""
    if why.startswith("card:"):
        return Message("reason.card_cost", {"card": card(why[5:])})
    if why in COST:
        return card(why)
    return Message(f"reason.{why}")


def describe(st: CapitalState, item: Action | Datum, seat: int | None) -> Message | None:
    """``item`` as a message for ``seat`` (see the module docstring); None for an event told by
    another line of the same change (the stock exchange's payment)."""
    if isinstance(item, Action):
        return _action(st, item, -1 if seat is None else seat)
    handler = _EVENTS.get(type(item))
    if handler is None:
        raise TypeError(f"capital cannot describe {item!r}")
    return handler(st, item)


def prompt(st: CapitalState, seat: int | None) -> Message:
    """What ``seat`` is asked now (``phase.<phase>``), or whom it waits for.

    >>> from tycoon.capital import new_game
    >>> st = new_game(seats=2, seed=1)
    >>> prompt(st, st.current).key, prompt(st, 1 - st.current).key
    ('phase.roll', 'prompt.waiting')
    """
    phase = st.phase
    if phase == "over":
        return Message("phase.over")
    movers = st.to_move()
    if seat is not None and seat in movers:
        return Message(f"phase.{phase}")
    if phase == "minigame":
        return Message("prompt.minigame_waiting")
    return Message("prompt.waiting", {"seat": seat_ref(st.current)})


# ----------------------------------------------------------------- actions
def _action(st: CapitalState, action: Action, seat: int) -> Message:
    if isinstance(action, Roll):
        return Message("action.roll", {"n": st.seats[seat].dice if 0 <= seat < len(st.seats)
                                       else 2})
    if isinstance(action, Branch):
        here = st.seats[seat].square if 0 <= seat < len(st.seats) else 0
        way = action.way if action.way in WAYS else WAYS[0]
        to = BOARD.forks.get(here, (here, here))[WAYS.index(way)]
        return Message(f"action.branch_{way}", {"square": square(to)})
    if isinstance(action, Waive):
        if not action.charges:
            return Message("action.waive_none")
        return Message("action.waive", {"charges": [charge(st, c) for c in action.charges]})
    if isinstance(action, Build):
        sq = st.landed if st.landed is not None else 0
        params: dict[str, Any] = {"kind": kind_a(action.kind), "place": place(sq, action.lot),
                                  "price": money(PRICE.get(action.kind, 0))}
        owner = seat if 0 <= seat < len(st.seats) else 0
        params["income"] = money(income_at(st.businesses, sq, action.lot, action.kind, owner))
        return Message("action.build", params)
    if isinstance(action, Play):
        return _play(st, action, seat)
    if isinstance(action, Exchange):
        return Message("action.exchange", {"n": len(action.cards),
                                           "cards": [card(c) for c in action.cards]})
    if isinstance(action, Pass):
        return Message("action.pass")
    if isinstance(action, Minigame):
        return Message("action.minigame", {"n": len(action.inputs)})
    raise TypeError(f"capital cannot describe {action!r}")


def _target(st: CapitalState, play: Play, seat: int) -> Message | dict[str, Any] | None:
    target = play.target
    if target is None:
        return None
    if isinstance(target, tuple):
        b = st.businesses.get(target)
        where = place(*target)
        if b is None:
            return Message("target.lot", {"place": where})
        if b.owner == seat:
            return Message("target.own_business", {"kind": Message(f"business.{b.kind}.name"),
                                                   "place": where})
        return Message("target.business", {"kind": Message(f"business.{b.kind}.name"),
                                            "owner": seat_ref(b.owner), "place": where})
    if TARGET.get(play.card) in ("square", "construction"):
        return square(target)
    if target == seat:
        return Message("target.yourself")
    return seat_ref(target)


def _play(st: CapitalState, play: Play, seat: int) -> Message:
    cost = COST.get(play.card, 0)
    target = _target(st, play, seat)
    params: dict[str, Any] = {"card": card(play.card), "price": money(cost)}
    key = "action.play" if target is None else "action.play_on"
    if target is not None:
        params["target"] = target
    return Message(key if cost else key + "_free", params)


# ----------------------------------------------------------------- events
def _seat(s: int | None) -> dict[str, Any] | Message:
    return Message("bank") if s is None else seat_ref(s)  # type: ignore[return-value]


def _transfer(st: CapitalState, e: ev.Transfer) -> Message | None:
    if e.reason == "stock_exchange":  # the stock_exchange event's line says it (C-4.4.1)
        return None
    params = {"amount": money(e.amount), "reason": reason(e.reason)}
    if e.payer is None:
        return Message("event.received", {"seat": _seat(e.payee), **params})
    if e.payee is None:
        return Message("event.paid_bank", {"seat": seat_ref(e.payer), **params})
    return Message("event.transfer", {"payer": seat_ref(e.payer), "payee": seat_ref(e.payee),
                                      **params})


def _rolled(st: CapitalState, e: ev.Rolled) -> Message:
    dice = list(e.dice)
    if len(dice) == 1:
        words = Message("dice.one", {"a": dice[0]})
    else:
        words = Message("dice.many", {"dice": dice[:-1], "last": dice[-1]})
    if e.effect is None:
        return Message("event.rolled", {"seat": seat_ref(e.seat), "dice": words})
    return Message("event.rolled_effect", {"seat": seat_ref(e.seat), "dice": words,
                                           "effect": Message(f"roll_effect.{e.effect}")})


def _moved(st: CapitalState, e: ev.Moved) -> Message:
    who = seat_ref(e.seat)
    if e.blocked_by is None:
        if not e.path:
            return Message("event.moved_none", {"seat": who})
        return Message("event.moved", {"seat": who, "square": square(e.path[-1])})
    params = {"seat": who, "obstacle": square(e.blocked_by),
              "owner": _seat(e.owner) if e.owner is not None else Message("someone")}
    if not e.path:
        return Message("event.blocked_still", params)
    return Message("event.blocked", {**params, "square": square(e.path[-1])})


def _level_up(st: CapitalState, e: ev.LevelUp) -> Message:
    why = e.reason
    cause = card(why) if why in COST else Message(f"levelup.{why}")
    return Message("event.level_up", {"n": len(e.lots), "levels": count("levels", e.levels),
                                      "reason": cause})


def _stock(st: CapitalState, e: ev.StockExchange) -> Message:
    who = seat_ref(e.seat)
    if e.amount > 0:
        return Message("event.stock_gain", {"seat": who, "amount": money(e.amount)})
    if e.amount < 0:
        return Message("event.stock_loss", {"seat": who, "amount": money(-e.amount)})
    return Message("event.stock_even", {"seat": who})


def _minigame_started(st: CapitalState, e: ev.MinigameStarted) -> Message:
    easy = e.levels.index("easy") if "easy" in e.levels else None
    return Message("event.minigame_started", {"minigame": Message(f"minigame.{e.game}.name"),
                                              "n": e.seconds, "seat": _seat(easy)})


def _minigame_scored(st: CapitalState, e: ev.MinigameScored) -> Message:
    return Message("event.minigame_scored", {
        "minigame": Message(f"minigame.{e.game}.name"),
        "scores": [Message("score.seat", {"seat": seat_ref(s), "points": count("points", p)})
                   for s, p in enumerate(e.scores)],
    })


def _card_played(st: CapitalState, e: ev.CardPlayed) -> Message:
    target = e.target
    params: dict[str, Any] = {"seat": seat_ref(e.seat), "card": card(e.card)}
    if target is None:
        return Message("event.card_played", params)
    if isinstance(target, dict):
        params["target"] = place(target["square"], target["lot"])
    elif TARGET.get(e.card) in ("square", "construction"):
        params["target"] = square(target)
    elif target == e.seat:
        params["target"] = Message("target.themselves")
    else:
        params["target"] = seat_ref(target)
    return Message("event.card_played_on", params)


#: Effects a player lays on another, against them (C-6): "has 1 use of Lion's Sight" read as
#: a gift.
AGAINST = frozenset({"lion", "mafia", "blocked_account", "turtle"})


def _effect_changed(st: CapitalState, e: ev.EffectChanged) -> Message:
    effect = Message(f"effect.{e.effect}.name")
    if e.uses == 0:
        return Message("event.effect_ended", {"seat": seat_ref(e.seat), "effect": effect})
    key = "event.effect_against" if e.effect in AGAINST else "event.effect_changed"
    return Message(key, {"seat": seat_ref(e.seat), "effect": effect,
                         "uses": count("uses", e.uses)})


def _game_over(st: CapitalState, e: ev.GameOver) -> Message:
    if e.winner is None:
        return Message("event.game_over_none", {"reason": Message(f"reason.{e.reason}")})
    return Message("event.game_over", {"seat": seat_ref(e.winner), "card": card(e.reason),
                                       "condition": victory(e.reason, st.options)})


_EVENTS: dict[type, Any] = {
    ev.Transfer: _transfer,
    ev.Diverted: lambda st, e: Message("event.diverted", {
        "seat": seat_ref(e.seat), "amount": money(e.amount), "reason": reason(e.reason)}),
    ev.TurnStarted: lambda st, e: Message("event.turn_started",
                                          {"seat": seat_ref(e.seat), "turn": e.turn}),
    ev.Rolled: _rolled,
    ev.Moved: _moved,
    ev.Branched: lambda st, e: Message(f"event.branched_{e.way}",
                                       {"seat": seat_ref(e.seat), "square": square(e.toward)}),
    ev.Lap: lambda st, e: Message("event.lap", {"seat": seat_ref(e.seat), "n": e.laps}),
    ev.LevelUp: _level_up,
    ev.Waived: lambda st, e: Message("event.waived", {
        "seat": seat_ref(e.seat), "charge": charge(st, e.charge),
        "effect": Message(f"effect.{e.effect}.name")}),
    ev.StockExchange: _stock,
    ev.MinigameStarted: _minigame_started,
    ev.MinigameSubmitted: lambda st, e: Message("event.minigame_submitted",
                                                {"seat": seat_ref(e.seat)}),
    ev.MinigameScored: _minigame_scored,
    ev.Built: lambda st, e: Message("event.built", {
        "seat": seat_ref(e.seat), "kind": kind_a(e.kind), "place": place(e.square, e.lot)}),
    ev.CardPlayed: _card_played,
    ev.EffectChanged: _effect_changed,
    ev.DiceChanged: lambda st, e: Message("event.dice_changed", {
        "seat": seat_ref(e.seat), "dice": count("dice", e.dice)}),
    ev.ConstructionPlaced: lambda st, e: Message(f"event.{e.construction}_placed", {
        "seat": seat_ref(e.owner), "square": square(e.square)}),
    ev.ConstructionRemoved: lambda st, e: Message(f"event.{e.construction}_removed", {
        "seat": seat_ref(e.owner), "square": square(e.square)}),
    ev.BusinessDestroyed: lambda st, e: Message("event.business_destroyed", {
        "seat": seat_ref(e.owner), "kind": kind_a(e.kind), "place": place(e.square, e.lot)}),
    ev.Discarded: lambda st, e: Message("event.discarded", {
        "seat": seat_ref(e.seat), "n": len(e.cards), "cards": [card(c) for c in e.cards]}),
    ev.Drew: lambda st, e: Message("event.drew", {"seat": seat_ref(e.seat), "n": e.count}),
    ev.Reshuffled: lambda st, e: Message("event.reshuffled", {"n": e.cards}),
    ev.GameOver: _game_over,
}
