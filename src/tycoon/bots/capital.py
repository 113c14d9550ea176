"""Capital knowledge: the heuristic bot, and the search bot's playouts and evaluation.

The heuristic scores every legal action in dollars of net worth for its seat, from its view
only (and, at a fork, from determinized look-ahead copies), and plays the best:

- a victory card as soon as it is legal (C-7.3);
- build where bonuses pay: the gain in its total income (brand, region and neighbourhood
  bonuses of C-5.4, computed exactly from the public businesses) with a cash reserve kept;
- attack cards on the leader: Lion's Sight on a rich balance, Mafia Collection on big incomes,
  Implosion on the leader's best business, Blocked Account on the leader — never on a seat
  whose exemptions would waive them;
- tolls on the squares every pawn crosses;
- Easy Money, Hare, Instant Valuation, Aggressive Marketing when they pay, Extra Die when
  nothing else does;
- Tax Exemption as the richest seat (the others' Lion's Sight and Mafia Collection come to
  it first) or under opponents' tolls, Operation Turtle and Lost Die on the leader,
  Demolition of opponents' tolls and obstacles, most where every pawn passes;
- when it must choose which charges to waive (C-4.3.1), the biggest;
- in ``hard``'s own style (:data:`CAREFUL`, its :attr:`Style.cards`), also Extra Die at once
  and an obstacle (Careful Works) on a square just after its own businesses, where the pawns
  it stops pay them;
- at a fork, the way whose landing square costs least and offers most;
- exchange cards when none can win soon (victory cards far from their condition, attack cards
  with nothing to hit);
- minigames through the minigame bot player at its skill.

How it weighs income against cash is its :class:`Style`: ``medium`` plays :data:`PLAIN`, the
search's own seat (``hard``) :data:`CAREFUL`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from tycoon.engine import Action, Rng, State

from .ismcts import softmax_rewards
from .minigames import minigame_action

WIN = 1e9
#: Cash the heuristic likes to keep after building (to pay fees and play cards).
RESERVE = 150
#: How many dollars of net worth a dollar of income is worth to the plain heuristic (and to
#: the search's leaf evaluation).
INCOME_WORTH = 2.5


#: The cards every heuristic plays by :data:`_CARD_VALUES` (neither stronger nor weaker for
#: it, measured: docs/strength.md), which the plain rules left in its hand.
QUIET_CARDS = frozenset({"tax_exemption", "operation_turtle", "lost_die", "demolition"})
#: Every card :data:`_CARD_VALUES` values: ``hard``'s own style (:data:`CAREFUL`).
EVERY_CARD = QUIET_CARDS | {"extra_die", "careful_works"}


@dataclass(frozen=True)
class Style:
    """How the heuristic weighs money: ``income_worth`` dollars of net worth for a dollar of
    income (what a build, an Implosion, an Instant Valuation or Aggressive Marketing is worth),
    and the ``reserve`` of cash it keeps after building, below which a build costs 1.5 times
    what it eats of the reserve. It values the ``cards`` (of :data:`EVERY_CARD`) as
    :data:`_CARD_VALUES` says: Tax Exemption as the richest seat, Operation Turtle and Lost
    Die on the leader, Demolition where every pawn passes (:data:`QUIET_CARDS`, every
    style's), Extra Die at once, an obstacle (Careful Works) just after its own businesses;
    the others by the plain rules of :func:`score_card`.

    >>> Style().income_worth, CAREFUL.income_worth, sorted(CAREFUL.cards - Style().cards)
    (2.5, 0.25, ['careful_works', 'extra_die'])
    """

    income_worth: float = INCOME_WORTH
    reserve: int = RESERVE
    cards: frozenset[str] = QUIET_CARDS


#: The heuristic's style (``medium``, and the search's model of the other seats).
PLAIN = Style()
#: The style of the search's own seat (``hard``): it builds only while its cash stays near
#: the reserve, and plays every card. Measured (docs/strength.md): the heuristic alone with it
#: wins about 65% of games against three plain heuristics (56% with the plain rules' card
#: values), where the plain one wins 30% (par 25%).
CAREFUL = Style(income_worth=0.25, cards=EVERY_CARD)

_M: dict[str, Any] = {}


def _mods() -> dict[str, Any]:
    if not _M:
        from tycoon.capital import board, businesses, cards, payments

        _M.update(board=board, businesses=businesses, cards=cards, payments=payments)
    return _M


def _mafia_share() -> float:
    """The share of a seat's incomes a Mafia Collection takes (C-4.3: 30%)."""
    return _mods()["payments"].MAFIA_PERCENT / 100


def _lion_share(view: dict[str, Any]) -> float:
    """The share of a seat's balance a Lion's Sight takes: the game's ``lion_percent``
    (C-4.3: half by default)."""
    return view["options"]["lion_percent"] / 100


def bot_view(state: State, seat: int | None) -> dict[str, Any]:
    """What the heuristic reads: Capital's brief view (``tycoon.capital.view.view`` without
    the prompt, the build offers and the minigame, which it works out itself), built for
    less; the view of the contract for any other state.

    >>> from tycoon.capital import new_game
    >>> s = new_game(seats=4, seed=2)
    >>> full, part = s.view(0), bot_view(s, 0)
    >>> part["seats"][0]["hand"] == full["seats"][0]["hand"] and "hand" not in part["seats"][1]
    True
    """
    from tycoon.capital.state import CapitalState
    from tycoon.capital.view import view

    if not isinstance(state, CapitalState):
        return state.view(seat)
    return view(state, seat, brief=True)


def build_gains(state: Any, square: int, seat: int) -> dict[str, int]:
    """By kind, the income ``seat`` gains by building on ``square`` (any free lot: C-5.4.3
    looks at the whole block), kept in the board's memo: the determinizations of a position
    share its businesses, and a playout scores the same board again."""
    key = ("gains", square, seat)
    gains = state.board_memo.get(key)
    if gains is None:
        rules = _mods()["businesses"]
        lot = next(lot for lot in range(rules.LOTS) if (square, lot) not in state.businesses)
        gains = state.board_memo[key] = rules.income_gains(
            state.businesses, square, lot, rules.KINDS, seat)
    return gains  # type: ignore[no-any-return]


class Situation:
    """What the heuristic derives from a view once per decision."""

    def __init__(self, view: dict[str, Any], seat: int, style: Style = PLAIN) -> None:
        self.view = view
        self.seat = seat
        self.style = style
        self.seats = view["seats"]
        self.me = self.seats[seat]
        self.n = len(self.seats)
        self.worths = [s["net_worth"] for s in self.seats]
        others = [s for s in range(self.n) if s != seat]
        self.others = others
        self.leader = max(others, key=lambda s: (self.worths[s], -s))
        #: True when no other seat is worth more (the first target of the others' attacks).
        self.richest = self.worths[seat] >= self.worths[self.leader]
        self.incomes = [0] * self.n
        self.best_income = [0] * self.n
        for b in view["businesses"]:
            self.incomes[b["owner"]] += b["income"]
            self.best_income[b["owner"]] = max(self.best_income[b["owner"]], b["income"])
        self.hand = self.me.get("hand", [])
        total = sum(self.worths) or 1
        self.share = self.worths[seat] / total

    def weight(self, target: int) -> float:
        """How much hurting ``target`` helps: the leader most, the others less."""
        if target == self.leader:
            return 0.8 if self.worths[target] >= self.worths[self.seat] else 0.5
        return 0.25

    def victory_close(self, card: str) -> bool:
        """True when a victory card may become playable soon (worth keeping)."""
        me = self.me
        if card == "successful_entrepreneur":
            return me["net_worth"] >= 4000
        if card == "richest_in_town":
            return self.share >= 0.3
        if card == "private_jet":
            best = max(self.seats[s]["laps"] for s in self.others)
            return me["laps"] >= best + 1
        if card == "swimming_in_money":
            return me["balance"] >= 1500
        if card == "mega_business":
            return self.best_income[self.seat] >= 900
        return True


class CapitalHeuristic:
    """The heuristic bot of Capital (see the module docstring).

    >>> from tycoon.capital import new_game
    >>> s = new_game(seats=4, seed=2)
    >>> seat = s.to_move()[0]
    >>> CapitalHeuristic(0).choose(s, seat) in s.legal_actions(seat)
    True
    """

    def __init__(self, seed: int = 0, skill: float = 0.7, name: str = "heuristic",
                 style: Style = PLAIN) -> None:
        self.rng = Rng(seed)
        self.skill = skill
        self.name = name
        self.style = style

    def choose(self, state: State, seat: int) -> Action:
        """The best-scoring legal action (minigame inputs from the minigame bot)."""
        legal = state.legal_actions(seat)
        if legal and legal[0].type == "minigame":
            action = minigame_action(state, seat, self.skill, self.rng.next64())
            if action is not None:
                return action
        if len(legal) == 1:
            return legal[0]
        return best_action(state, seat, legal, self.rng, self.style)


def best_action(state: State, seat: int, legal: Sequence[Action], rng: Rng,
                style: Style = PLAIN) -> Action:
    """The heuristic's choice among ``legal``."""
    return max(scored(state, seat, legal, rng, style), key=lambda x: x[0])[1]


def scored(
    state: State, seat: int, legal: Sequence[Action], rng: Rng, style: Style = PLAIN
) -> list[tuple[float, Action]]:
    """Every legal action with its heuristic score (first wins ties)."""
    view = bot_view(state, seat)
    phase = view["phase"]
    if phase == "branch":
        return [(score_branch(state, seat, a, rng), a) for a in legal]
    if phase == "waive":
        amounts = {c["id"]: charge_amount(view, seat, c) for c in view.get("charges", [])}
        return [(float(sum(amounts.get(c, 0) for c in a.charges)), a) for a in legal]  # type: ignore[attr-defined]
    if phase == "minigame":
        # the ready-made inputs come from skills 0, 0.5 and 1: take the middle one
        return [(1.0 if i == len(legal) // 2 else 0.0, a) for i, a in enumerate(legal)]
    sit = Situation(view, seat, style)
    out: list[tuple[float, Action]] = []
    gains: dict[str, int] | None = None
    card_best: dict[str, float] = {}
    exchanges = []
    for i, a in enumerate(legal):
        t = a.type
        if t == "build":
            if gains is None:
                gains = build_gains(state, view["landed"], seat)
            score = score_build(sit, gains[a.kind], a)  # type: ignore[attr-defined]
        elif t == "play":
            score = score_card(sit, a)
            card = a.card  # type: ignore[attr-defined]
            card_best[card] = max(card_best.get(card, -1e9), score)
        elif t == "exchange":
            exchanges.append(i)
            continue
        else:
            score = 0.0
        out.append((score - i * 1e-9, a))
    if exchanges:
        choice, value = _exchange_choice(sit, [legal[i] for i in exchanges], card_best)
        for i in exchanges:
            out.append((value if legal[i] == choice else -1e6, legal[i]))
    return out


def charge_amount(view: dict[str, Any], seat: int, charge: dict[str, Any]) -> float:
    """What a charge of the view's ``charges`` will cost ``seat``: its ``amount``, or for
    Mafia Collection and Lion's Sight, whose amounts the rules set at payment time (C-4.3),
    their share of its incomes and of its balance now."""
    if charge["amount"] is not None:
        return float(charge["amount"])
    if charge["id"].startswith("mafia"):
        incomes = sum(b["income"] for b in view["businesses"] if b["owner"] == seat)
        return incomes * _mods()["payments"].MAFIA_PERCENT / 100
    return max(0, view["seats"][seat]["balance"]) * _lion_share(view)


def score_build(sit: Situation, gain: int, a: Any) -> float:
    """Dollars of net worth a build is worth: the income ``gain`` it brings, minus the
    reserve it eats."""
    price = _mods()["businesses"].PRICE[a.kind]
    after = sit.me["balance"] - price
    style = sit.style
    score = gain * style.income_worth
    if after < style.reserve:
        score -= (style.reserve - after) * 1.5
    if "swimming_in_money" in sit.hand and sit.me["balance"] >= 1500:
        score -= price  # saving for the $3000 card
    # a very big business can win with Mega Business
    if "mega_business" in sit.hand and a.kind in ("shopping_center", "super_center"):
        score += 200
    return score


def _target_free(sit: Situation, target: int, effect: str) -> bool:
    """True when ``target`` has no uses of ``effect`` (which would waive our attack)."""
    return sit.seats[target]["effects"].get(effect, 0) == 0


def score_card(sit: Situation, a: Any) -> float:
    """Dollars of net worth (for us, relative to the others) that playing a card is worth."""
    mods = _mods()
    card = a.card
    target = a.target
    cost = mods["cards"].COST[card]
    me = sit.me
    balance = me["balance"]
    effects = me["effects"]
    if card in mods["cards"].VICTORY:
        return WIN
    if card in sit.style.cards:
        return _CARD_VALUES[card](sit, target) - cost
    if card == "easy_money":
        return 500.0
    if card == "business_insurance":
        return 200.0 - balance - 50
    if card == "lions_sight":
        if not _target_free(sit, target, "tax_exemption"):
            return -100.0
        bal = sit.seats[target]["balance"]
        return _lion_share(sit.view) * max(0, bal) * sit.weight(target) * 2 - cost
    if card == "mafia_collection":
        if not _target_free(sit, target, "tax_exemption"):
            return -100.0
        take = _mafia_share() * sit.incomes[target]
        return take * (1 + sit.weight(target)) - cost
    if card == "tax_exemption":
        danger = (
            effects.get("lion", 0) * _lion_share(sit.view) * max(0, balance)
            + effects.get("mafia", 0) * (_mafia_share() * sit.incomes[sit.seat])
        )
        if effects.get("tax_exemption", 0) > 0:
            danger = 0
        return danger - cost if danger else -120.0
    if card == "business_exemption":
        if effects.get("business_exemption", 0) > 0:
            return -150.0
        opp = sum(sit.incomes[s] for s in sit.others)
        return 0.12 * opp - cost
    if card == "blocked_account":
        if not _target_free(sit, target, "blocked_account"):
            return -100.0
        return sit.incomes[target] * 0.3 * sit.weight(target) * 2 - cost + 30
    if card == "toll":
        return _toll_value(sit, target) - cost
    if card == "careful_works":
        return -80.0
    if card == "demolition":
        for c in sit.view["constructions"]:
            if c["square"] == target:
                if c["owner"] == sit.seat:
                    return -300.0
                return (150.0 if c["type"] == "toll" else 40.0) - cost
        return -100.0
    if card == "operation_hare":
        return 180.0 if effects.get("hare", 0) == 0 else 60.0
    if card == "operation_turtle":
        laps = sit.seats[target]["laps"]
        best_other = max(sit.seats[s]["laps"] for s in sit.others)
        bonus = 150.0 if laps == best_other and target == sit.leader else 0.0
        return bonus + 60.0 * sit.weight(target) - cost
    if card == "extra_die":
        return {2: 260.0, 3: 160.0}.get(me["dice"], -100.0) - cost
    if card == "lost_die":
        dice = sit.seats[target]["dice"]
        return (dice - 2) * 150.0 * sit.weight(target) * 2 - cost
    if card == "new_beginning":
        e = sit.seats[target]["effects"]
        bad = (
            e.get("lion", 0) * _lion_share(sit.view) * max(0, sit.seats[target]["balance"])
            + e.get("mafia", 0) * _mafia_share() * sit.incomes[target]
            + e.get("turtle", 0) * 80
            + e.get("blocked_account", 0) * 100
        )
        good = (
            e.get("hare", 0) * 60
            + e.get("tax_exemption", 0) * 60
            + e.get("business_exemption", 0) * 60
            + (sit.seats[target]["dice"] - 2) * 150
        )
        value = (bad - good) if target == sit.seat else (good - bad) * sit.weight(target) * 2
        return value - cost
    if card == "implosion":
        b = _business_at(sit, target)
        if b is None:
            return -100.0
        if b["owner"] == sit.seat:
            return -1000.0
        price = mods["businesses"].PRICE[b["kind"]]
        value = (price + b["income"] * sit.style.income_worth) * sit.weight(b["owner"])
        if b["income"] >= 1500:
            value += 600  # stops a Mega Business
        return value - cost
    if card == "instant_valuation":
        b = _business_at(sit, target)
        if b is None:
            return -100.0
        gain = b["income"] * (1.728 - 1)
        value = gain * sit.style.income_worth
        if "mega_business" in sit.hand and b["income"] * 1.728 >= 2000 > b["income"]:
            value += 2000
        return value - cost
    if card == "aggressive_marketing":
        gain = sit.incomes[sit.seat] * 0.2
        return gain * sit.style.income_worth - cost
    return -50.0


def _tax_exemption(sit: Situation, target: Any) -> float:
    if sit.me["effects"].get("tax_exemption", 0) > 0:
        return 80.0
    # Lion's Sight and Mafia Collection come to the richest seat first, tolls to all
    threat = 1.0 if sit.richest else 0.3
    tolls = sum(1 for c in sit.view["constructions"]
                if c["type"] == "toll" and c["owner"] != sit.seat)
    balance = max(0, sit.me["balance"])
    at_risk = _lion_share(sit.view) * balance + _mafia_share() * sit.incomes[sit.seat]
    return threat * 0.6 * at_risk + 100.0 * tolls


def _demolition(sit: Situation, target: Any) -> float:
    for c in sit.view["constructions"]:
        if c["square"] == target:
            if c["owner"] == sit.seat:
                return -200.0
            # an opponent's toll or obstacle where every pawn passes costs us each lap
            return 300.0 if target % 14 in _COMMON else 120.0
    return 0.0


def _operation_turtle(sit: Situation, target: Any) -> float:
    if sit.seats[target]["effects"].get("hare", 0) > 0:
        return 100.0  # the two cancel (D-2)
    return 500.0 * sit.weight(target)


def _extra_die(sit: Situation, target: Any) -> float:
    # a faster pawn completes more laps, and every lap levels its businesses up
    return {2: 1500.0, 3: 1000.0}.get(sit.me["dice"], 100.0)


def _lost_die(sit: Situation, target: Any) -> float:
    return (sit.seats[target]["dice"] - 1) * 800.0 * sit.weight(target)


@cache
def _squares_before(square: int) -> tuple[int, ...]:
    """The squares from which a move steps onto ``square`` (two where branches meet)."""
    board = _mods()["board"].BOARD
    return tuple(s for s in range(board.size)
                 if board.next[s] == square or square in board.forks.get(s, ()))


def _careful_works(sit: Situation, target: Any) -> float:
    # a pawn without a 6 stops just before the obstacle (C-4.2.3, D-3): on our block there it
    # pays our businesses' incomes; every opponent crosses a common square once a lap: two
    # laps of stops before a Demolition
    if not isinstance(target, int):
        return -100.0
    before = _squares_before(target)
    ours = sum(b["income"] for b in sit.view["businesses"]
               if b["square"] in before and b["owner"] == sit.seat)
    traffic = 1.0 if target % 14 in _COMMON else 0.5
    return ours * 2.0 * len(sit.others) * traffic - 150.0


#: How a heuristic values the cards of its :attr:`Style.cards`, in dollars before the card's
#: cost (docs/strength.md, "Capital: every card" and "the whole deck for `medium`"); the
#: plain rules of :func:`score_card` left the first three and the last in the hand, never
#: demolished an obstacle and played Extra Die late.
_CARD_VALUES = {
    "tax_exemption": _tax_exemption,
    "operation_turtle": _operation_turtle,
    "lost_die": _lost_die,
    "demolition": _demolition,
    "extra_die": _extra_die,
    "careful_works": _careful_works,
}


def _business_at(sit: Situation, target: Any) -> dict[str, Any] | None:
    if not isinstance(target, tuple):
        return None
    for b in sit.view["businesses"]:
        if (b["square"], b["lot"]) == target:
            return b
    return None


#: Offsets (from a region's start) that every pawn crosses, whichever way it takes.
_COMMON = (1, 2, 3, 11, 12, 13)


def _toll_value(sit: Situation, square: Any) -> float:
    """A toll pays $100 a crossing: worth most on common squares just ahead of opponents."""
    if not isinstance(square, int):
        return -100.0
    if square % 14 not in _COMMON:
        return 40.0
    ahead = 0.0
    for s in sit.others:
        dist = (square - sit.seats[s]["square"]) % 56
        if 1 <= dist <= 14:
            ahead += 1.0
    # my own pawn will cross it too (no cost to me) - nothing lost
    return 220.0 + 40.0 * ahead


def _exchange_choice(
    sit: Situation, legal: Sequence[Action], card_best: dict[str, float]
) -> tuple[Action | None, float]:
    """The exchange that throws away the cards that cannot help soon, and its score.

    A victory card is kept while its condition is close; another card is kept when one of
    its plays now scores well (a leader hunting for a victory card keeps only the best).
    """
    mods = _mods()
    hunting = sit.share >= 0.38 and not any(c in mods["cards"].VICTORY for c in sit.hand)
    keep_above = 150.0 if hunting else 30.0
    useless = []
    for card in sit.hand:
        if card in mods["cards"].VICTORY:
            if not sit.victory_close(card):
                useless.append(card)
        elif card_best.get(card, -1e9) <= keep_above:
            useless.append(card)
    if not useless:
        return None, -1e6
    want = tuple(sorted(useless))
    for a in legal:
        if tuple(sorted(a.cards)) == want:  # type: ignore[attr-defined]
            return a, 40.0 * len(useless) + (100.0 if hunting else 0.0)
    return None, -1e6


def score_branch(state: State, seat: int, a: Action, rng: Rng) -> float:
    """Look ahead on a determinized copy: where this way lands, what it costs and offers."""
    before = bot_view(state, seat)["seats"][seat]
    det = state.determinize(seat, rng.next64() >> 1)
    det.apply(seat, a)
    view = bot_view(det, seat)
    me = view["seats"][seat]
    score = float(me["balance"] - before["balance"])
    square = view.get("landed")
    mods = _mods()
    if square is not None and mods["board"].BOARD.kind[square] == "block":
        taken = {b["lot"] for b in view["businesses"] if b["square"] == square}
        if len(taken) < 4 and me["balance"] >= 100:
            score += 60.0 + (30.0 if mods["board"].BOARD.region[square] == seat else 0.0)
    return score


def evaluate(state: State, income_worth: float = INCOME_WORTH) -> list[float]:
    """Rewards in [0, 1] for an unfinished position: shares of a strength built from net
    worth and ``income_worth`` times income (what wins Richest in Town, Successful
    Entrepreneur, Mega Business)."""
    view = bot_view(state, None)
    incomes = [0] * len(view["seats"])
    best = [0] * len(view["seats"])
    for b in view["businesses"]:
        incomes[b["owner"]] += b["income"]
        best[b["owner"]] = max(best[b["owner"]], b["income"])
    strengths = []
    for i, s in enumerate(view["seats"]):
        value = max(1.0, s["net_worth"] + income_worth * incomes[i] + 0.5 * best[i])
        strengths.append(value**2)
    total = sum(strengths)
    return [x / total for x in strengths]


#: Names of :func:`value_features`, in order.
FEATURES = (
    "net worth / 1000", "share of net worth", "balance / 1000", "income / 1000",
    "best income / 1000", "laps ahead of the best opponent", "laps (at most 2)",
    "richest in town", "successful entrepreneur", "private jet", "swimming in money",
    "mega business", "richest: share / 40%", "entrepreneur: net worth / $7000",
    "jet: laps ahead / 2", "swimming: balance / $3000", "mega: best income / $2000",
    "a victory card playable now", "its turn", "hand size", "dice above 2",
    "share x game progress", "net worth / 1000 x game progress",
)

#: Weights of :func:`value_features` fitted by ``bench/fit_capital_eval.py`` (conditional
#: logit of the winner among the seats); see docs/strength.md.
VALUE_WEIGHTS = (
    0.239, 0.388, 0.130, 0.088, 0.024, -0.028, -0.069, -0.116, -0.045, 0.009, -0.000,
    -0.097, 0.287, 0.120, 0.330, 0.090, 0.474, 0.455, 0.067, 0.000, -0.138, 3.320, -0.514,
)


def value_features(state: Any) -> list[list[float]]:
    """Per seat, the features of :data:`FEATURES` on a (determinized) Capital state.

    It reads every seat's hand, so it is only for copies made by ``determinize`` (a sample
    of the hidden hands), never the real state of a game.
    """
    from tycoon.capital import card_rules

    seats = state.seats
    n = len(seats)
    worths = [state.net_worth(s) for s in range(n)]
    total = sum(worths) or 1
    incomes = [0] * n
    best = [0] * n
    for key, v in state.incomes().items():
        owner = state.businesses[key].owner
        incomes[owner] += v
        best[owner] = max(best[owner], v)
    laps = [p.laps for p in seats]
    progress = min(1.0, state.turn / 200)
    out = []
    for i, p in enumerate(seats):
        hand = p.hand
        share = worths[i] / total
        lead = laps[i] - max(laps[s] for s in range(n) if s != i)
        has = [1.0 if c in hand else 0.0 for c in _VICTORY_ORDER]
        ready = 0.0
        for c in _VICTORY_ORDER:
            if c in hand and p.balance >= _mods()["cards"].COST[c] \
                    and card_rules.victory_problem(state, i, c) is None:
                ready = 1.0
                break
        out.append([
            worths[i] / 1000, share, p.balance / 1000, incomes[i] / 1000, best[i] / 1000,
            float(max(-3, min(3, lead))), min(2, laps[i]) / 2, *has,
            has[0] * min(1.0, share / 0.4), has[1] * min(1.0, max(0, worths[i]) / 7000),
            has[2] * max(0.0, min(1.0, lead / 2)), has[3] * min(1.0, max(0, p.balance) / 3000),
            has[4] * min(1.0, best[i] / 2000), ready, 1.0 if state.current == i else 0.0,
            len(hand) / 5, float(p.dice - 2), share * progress, worths[i] / 1000 * progress,
        ])
    return out


_VICTORY_ORDER = ("richest_in_town", "successful_entrepreneur", "private_jet",
                  "swimming_in_money", "mega_business")


def learned_evaluate(state: State, weights: Sequence[float] | None = None) -> list[float]:
    """Each seat's chance to win: the softmax of ``weights`` · :func:`value_features`."""
    w = VALUE_WEIGHTS if weights is None else weights
    scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in value_features(state)]
    return softmax_rewards(scores)


def stop(state: State) -> bool:
    """Search walks stop at a minigame (simulating its players costs more than it tells)."""
    return getattr(state, "phase", None) == "minigame"


def auto(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action | None:
    """Decisions the search does not branch on: minigame inputs (the middle skill)."""
    if legal[0].type == "minigame":
        return legal[len(legal) // 2]
    return None


def heuristic_policy(state: State, seat: int, legal: Sequence[Action], rng: Rng,
                     style: Style = PLAIN) -> Action:
    """Playout policy: the heuristic, with a little randomness (and no look-ahead at forks)."""
    if legal[0].type == "branch" or rng.below(10) == 0:
        return rng.choice(legal)
    return best_action(state, seat, legal, rng, style)


def candidates(state: State, seat: int, legal: Sequence[Action], k: int = 4,
               style: Style = PLAIN) -> list[Action]:
    """The heuristic's best ``k`` actions (in ``style``), plus passing."""
    if len(legal) <= k:
        return list(legal)
    view_phase = legal[0].type
    if view_phase in ("branch", "minigame"):
        return list(legal)
    ranked = sorted(scored(state, seat, legal, Rng(0), style), key=lambda x: -x[0])
    out = [a for _, a in ranked[:k]]
    if ranked[0][0] >= WIN:
        return [ranked[0][1]]
    for a in legal:
        if a.type == "pass" and a not in out:
            out.append(a)
    return out


def heuristic_opponent(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """An opponent model for the search: the heuristic (a random way at forks)."""
    if legal[0].type == "branch":
        return rng.choice(legal)
    return best_action(state, seat, legal, rng)


def search_kwargs(skill: float = 0.9, playout: str = "heuristic",
                  opponents: str | None = None, style: Style = CAREFUL) -> dict[str, Any]:
    """Settings of the search bot in Capital.

    ``opponents="heuristic"`` (the default since 1 Dec 2026, see docs/strength.md) models the
    other seats as the heuristic player, so every iteration goes to the searching seat's
    own choices; ``"search"`` lets them choose by UCB in the tree. The searching seat's
    candidates and playouts are the heuristic's in ``style`` (:data:`CAREFUL`), the other
    seats' the plain heuristic's. The default budget is 100 iterations (a spec's
    ``iterations`` or ``seconds`` replaces or adds to it) and the heuristic's move is kept
    unless beaten by ``z=1`` standard error.
    """
    from .ismcts import random_policy

    def root_auto(state: State, seat: int) -> Action | None:
        return minigame_action(state, seat, skill, state.view(None)["turn"] * 31 + seat)

    return {
        "policy": partial(heuristic_policy, style=style) if playout == "heuristic"
        else random_policy,
        "evaluate": evaluate,
        "auto": auto,
        "candidates": partial(candidates, style=style),
        "root_auto": root_auto,
        "stop": stop,
        "paired": True,
        "depth": 30,
        # measured (docs/strength.md): keeping the heuristic's move unless another beats it by
        # one standard error wins more than the plain best mean; 200 iterations won no more
        # than 100 over 400 games, and 100 take about 0.25 s a searched decision on one core
        "z": 1.0,
        "iterations": 100,
        "opponent": heuristic_opponent if opponents in (None, "heuristic") else None,
    }
