"""Bot speed and strength.

Speed: ``.venv/bin/python bench/bots.py [--seconds 10]`` prints decisions per second of each
bot and ISMCTS iterations per second (bounded in time).

Thinking time: ``.venv/bin/python bench/bots.py --think hard --deals 4`` plays ``hard``
against ``medium`` and prints the mean and max time per searched decision (wall-clock and CPU
time of the process) with the load average.

Strength: ``.venv/bin/python bench/bots.py --match hard,medium --game deal --deals 50
--seed 1 --workers 1 [--save FILE]`` plays duplicate games — every deal once per rotation of
the lineup over the seats, so each bot gets every seat's cards, dice and turn order — and
prints the first bot's wins with a 95% Wilson interval and its mean thinking time. Bots are
``make_bot`` specs or the variants of :data:`VARIANTS` (search settings not offered by the
spec syntax, e.g. ``xsearch:iterations=100:eval=learned``). ``--save`` appends one JSON line
per game and skips the games already in the file, so a run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tycoon.bots import make_bot
from tycoon.bots.ismcts import ISMCTSBot
from tycoon.engine import derive_seed, get_game


def decisions_per_second(game: str, spec: str, seats: int, budget: float) -> float:
    """Play games with ``spec`` in every seat for about ``budget`` seconds."""
    module = get_game(game)
    options = {"turn_limit": 300} if game == "capital" else {}
    decisions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < budget:
        state = module.new_game(seats=seats, seed=seed, **options)
        bots = [make_bot(spec, game, seed * 10 + s) for s in range(seats)]
        while not state.is_over and time.perf_counter() - start < budget:
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
            decisions += 1
        seed += 1
    return decisions / (time.perf_counter() - start)


def iterations_per_second(game: str, seats: int, budget: float) -> float:
    """ISMCTS iterations per second over the searched decisions of heuristic games."""
    module = get_game(game)
    options = {"turn_limit": 300} if game == "capital" else {}
    state = module.new_game(seats=seats, seed=1, **options)
    guide = make_bot("heuristic", game, 1)
    search = make_bot("ismcts:seconds=0.25", game, 1)
    iterations = 0
    spent = 0.0
    while not state.is_over and spent < budget:
        seat = state.to_move()[0]
        t = time.perf_counter()
        search.choose(state, seat)
        spent += time.perf_counter() - t
        iterations += search.last_iterations
        state.apply(seat, guide.choose(state, seat))
    return iterations / spent if spent else 0.0


def thinking(game: str, spec: str, games: int, seed: int) -> str:
    """Time per searched decision of ``spec`` playing ``medium`` heads-up: the mean and the
    max, in wall-clock and in CPU time of the process (CPU time is what an idle core would
    take when other work shares the machine), with the load average."""
    import os

    module = get_game(game)
    wall: list[float] = []
    cpu: list[float] = []
    iters: list[int] = []
    for g in range(games):
        state = module.new_game(seats=2, seed=derive_seed(seed, "think", g))
        bots = [build(spec, game, seed + g), make_bot("medium", game, seed + g)]
        if g % 2:
            bots.reverse()
        for _ in range(100_000):
            if state.is_over:
                break
            seat = state.to_move()[0]
            bot = bots[seat]
            t, c = time.perf_counter(), time.process_time()
            action = bot.choose(state, seat)
            w, u = time.perf_counter() - t, time.process_time() - c
            n = getattr(getattr(bot, "inner", bot), "last_iterations", 0)
            if bot is bots[g % 2] and n:
                wall.append(w)
                cpu.append(u)
                iters.append(n)
            state.apply(seat, action)
    if not wall:
        return f"{spec}: no searched decision"
    load = os.getloadavg()
    return (f"{spec}: {len(wall)} searched decisions in {games} games, "
            f"{sum(iters) / len(iters):.0f} iterations each; wall {sum(wall) / len(wall):.3f} s "
            f"mean, {max(wall):.3f} s max; CPU {sum(cpu) / len(cpu):.3f} s mean, "
            f"{max(cpu):.3f} s max; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a rate ``wins / n``.

    >>> [round(x, 3) for x in wilson(39, 60)]
    [0.524, 0.758]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (mid - half, mid + half)


def _xsearch(game: str, seed: int, params: dict[str, str]) -> Any:
    """The search bot with settings the spec syntax lacks: ``eval=learned|linear``, ``iterations``,
    ``seconds``, ``depth``, ``c``, ``z``, ``k`` (candidates), ``pays`` (Deal: cards to pay
    with), ``iw`` (Capital: the searching seat's heuristic values a dollar of income at ``iw``
    dollars, see ``tycoon.bots.capital.Style``; ``leaf``: the leaf's share of strength at
    ``leaf`` dollars a dollar of income), ``skill``, ``net=FILE`` (a value network's weights
    file, from ``tycoon train``, as the leaf evaluation), ``halving=1`` (sequential halving of
    the paired root rounds), ``rand`` (Deal: one playout move in ``rand`` at random, 0 for
    none), ``tuned=1|FILE`` (Deal: the seat's own playouts by the tuned policy, with the shipped
    weights or a file from ``bench/fit_deal_playout.py``), ``belief=0`` (no inference of the
    hidden hands), ``own=1|policy|0`` (the seat's own decisions below the root played by the
    opponent model, by the playout policy, or searched in the tree),
    ``oracle=hands|all|GROUP|count-GROUP`` (Deal: a cheating search that sees the other hands,
    everything, only its cards of a group (:func:`oracle_group`), or only how many of them, to
    measure what hidden information is worth), ``turn=N|own``
    (every playout stops at the start of the ``N``-th turn after the root's, or of the searching
    seat's own next turn, rather than after ``depth`` decisions, which becomes a cap: the same
    horizon for every root candidate), ``hold=N`` with ``holdopp=M`` (Deal: the seat does not
    complete a set while it shows ``N`` full sets and the other seat ``M``, see
    :func:`_hold_filter`); in Capital ``eval=learned`` is its fitted evaluation and
    ``eval=share`` the share of strength."""
    from tycoon.bots.knowledge import search_knowledge

    kwargs = search_knowledge(game, float(params.pop("skill", 0.9)), None, None)
    if "iw" in params:  # Capital: the searching seat's heuristic values income at iw
        from tycoon.bots import capital

        # the plain rules' card values, as when the knob was measured (2 Dec 2026)
        mine = capital.Style(income_worth=float(params.pop("iw")), cards=frozenset())
        kwargs.update({k: v for k, v in capital.search_kwargs(style=mine).items()
                       if k in ("policy", "candidates")})
    if "leaf" in params:  # Capital: the leaf's share of strength values income at leaf
        from functools import partial

        from tycoon.bots import capital

        kwargs["evaluate"] = partial(capital.evaluate, income_worth=float(params.pop("leaf")))
    ev = params.pop("eval", None)
    if ev == "learned" and game == "capital":
        from tycoon.bots.capital import learned_evaluate as capital_learned

        kwargs["evaluate"] = capital_learned
    elif ev == "share" and game == "capital":
        from tycoon.bots.capital import evaluate as share

        kwargs["evaluate"] = share
    elif ev == "learned":
        from tycoon.bots.learned import learned_evaluate

        kwargs["evaluate"] = learned_evaluate
    elif ev == "linear":
        from tycoon.bots.deal import evaluate

        kwargs["evaluate"] = evaluate
    if "net" in params:  # a value network's weights file as the leaf evaluation
        from tycoon.bots.learned import model

        if ev is not None:
            raise ValueError("xsearch: give eval or net, not both")

        kwargs["evaluate"] = model(game, params.pop("net")).rewards
    if "tuned" in params and ("rand" in params or game != "deal"):
        raise ValueError("xsearch: tuned is for Deal, and not with rand")
    if "rand" in params:  # Deal: one playout move in ``rand`` at random (0: none)
        from functools import partial

        from tycoon.bots.deal import heuristic_policy

        kwargs["policy"] = partial(heuristic_policy, randomness=int(params.pop("rand")))
    if "tuned" in params:  # Deal: the seat's own playouts by the tuned policy (1: shipped)
        from functools import partial

        from tycoon.bots import deal_tuned

        tuned = params.pop("tuned")
        weights = deal_tuned.shipped() if tuned == "1" else deal_tuned.Weights.load(tuned)
        kwargs["policy"] = partial(deal_tuned.tuned_policy, weights=weights)
    if "own" in params:  # the seat's own later decisions: 1 by the opponent model, policy by
        own = params.pop("own")  # the playout policy (a pure rollout of it), 0 searched
        if own not in ("0", "1", "policy"):
            raise ValueError(f"xsearch: own is 0, 1 or policy, not {own!r}")
        kwargs["own"] = {"0": None, "1": kwargs["opponent"], "policy": kwargs["policy"]}[own]
    if "belief" in params and not int(params.pop("belief")):
        kwargs["belief"] = None
    if "oracle" in params:
        mode = params.pop("oracle")
        if game != "deal":
            raise ValueError("xsearch: oracle is for Deal only")
        if mode not in ("hands", "all"):
            oracle_group(mode.removeprefix("count-"))  # refused here, not mid-game
        kwargs["belief"] = lambda: _Oracle(mode)
    turn = params.pop("turn", None)
    if turn is not None:
        if turn != "own" and not (turn.isdigit() and int(turn) > 0):
            raise ValueError(f"xsearch: turn is own or a positive number of turns, not {turn!r}")
        params.setdefault("depth", "100")  # a cap: the turn ends the playout
    narrow = {key: int(params.pop(key)) for key in ("k", "pays") if key in params}
    if narrow:
        base = kwargs["candidates"]
        kwargs["candidates"] = lambda s, seat, legal: base(s, seat, legal, **narrow)
    if "hold" in params:  # Deal: hold back the plays that complete a set (a study)
        if game != "deal":
            raise ValueError("xsearch: hold is for Deal only")
        keep = _hold_filter(int(params.pop("hold")), int(params.pop("holdopp", "0")))
        cands, pol = kwargs["candidates"], kwargs["policy"]
        kwargs["candidates"] = lambda s, seat, legal: cands(s, seat, keep(s, seat, list(legal)))
        kwargs["policy"] = lambda s, seat, legal, rng: pol(s, seat, keep(s, seat, list(legal)), rng)
    for key, kind in (("iterations", int), ("seconds", float), ("depth", int), ("c", float),
                      ("z", float), ("halving", int)):
        if key in params:
            kwargs[key] = kind(params.pop(key))
    if params:
        raise ValueError(f"xsearch: unknown parameters {sorted(params)}")
    if turn is not None:
        return _TurnHorizon(turns=0 if turn == "own" else int(turn), seed=seed, **kwargs)
    return ISMCTSBot(seed=seed, **kwargs)


def _hold_filter(shown: int, opp: int = 0) -> Callable[[Any, int, list[Any]], list[Any]]:
    """Deal (a study, ``xsearch:hold=N:holdopp=M``): the searching seat's plays that complete a
    set (a property or a moved wild card), removed from its candidates and its playouts while
    it already shows ``shown`` full sets and another seat shows ``opp``, unless the play lets it
    reach three this turn or no Deal Breaker can still come (both in the discard pile, a bank
    or its own hand): a full set on the table is what a Deal Breaker takes (MD-6.6).

    >>> from tycoon.deal import new_game
    >>> s = new_game(seats=2, seed=3)
    >>> legal = s.legal_actions(0)
    >>> _hold_filter(0)(s, 0, legal) == legal  # no set one card from full: nothing held back
    True
    """
    from tycoon.bots.deal import Table
    from tycoon.deal import cards as c

    breakers = [i for i, n in enumerate(c.NAME) if n == "deal_breaker"]

    def keep(state: Any, seat: int, legal: list[Any]) -> list[Any]:
        if not any(a.type in ("property", "move_wild") for a in legal):
            return legal
        view = state.view(seat)
        if view["phase"] != "play":
            return legal
        me = Table(view["seats"][seat])
        others = [Table(o) for i, o in enumerate(view["seats"]) if i != seat]
        if len(me.full_colors) < shown or all(len(o.full_colors) < opp for o in others):
            return legal
        hand = view["seats"][seat]["hand"]
        seen = set(view["discard"]) | set(hand)
        for s in view["seats"]:
            seen.update(s["bank"])
        if all(b in seen for b in breakers):
            return legal

        def completes(color: str) -> bool:
            return color not in me.full_colors and me.need(color) == 1

        reachable = {col for x in hand if c.KIND[x] in ("property", "wild")
                     for col in c.CARDS[x].colors if completes(col)}
        if len(me.full_colors) + min(view["plays_left"], len(reachable)) >= 3:
            return legal  # it can win this turn
        out = [a for a in legal
               if not (a.type in ("property", "move_wild") and completes(a.color))]
        return out or legal

    return keep


class _TurnHorizon(ISMCTSBot):
    """The search whose playouts stop at a turn's start rather than after ``depth`` decisions:
    ``turns`` turns after the root's, or (``turns=0``) at the searching seat's own next turn."""

    def __init__(self, turns: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.turns = turns
        self.game_stop = self.stop  # the game's own stop (Capital: a minigame) still applies

    def _choose(self, state: Any, seat: int) -> Any:
        turn, end = state.turn, state.turn + self.turns
        game_stop = self.game_stop

        def stop(d: Any) -> bool:
            at_turn = d.turn >= end if self.turns else d.turn > turn and d.current == seat
            return at_turn or (game_stop is not None and game_stop(d))

        self.stop = stop
        return super()._choose(state, seat)


#: Diagnostic oracles (Deal): each tells the fair belief exactly which cards of one group the
#: other hands hold, by the cards' kinds (``tycoon.deal.cards.KIND``) or names; a spec's group
#: may also be a card's name, and several joined by ``+`` (``oracle=steals+charges``).
ORACLE_GROUPS = {
    "jsn": lambda kind, name: name == "just_say_no",
    "actions": lambda kind, name: kind in ("action", "rent"),
    "steals": lambda kind, name: name in ("deal_breaker", "sly_deal", "forced_deal"),
    "charges": lambda kind, name: kind == "rent" or name in ("double_the_rent", "debt_collector",
                                                             "its_my_birthday"),
    "props": lambda kind, name: kind in ("property", "wild"),
    "money": lambda kind, name: kind == "money",
}


def oracle_group(spec: str) -> frozenset[int]:
    """The cards (indices of ``tycoon.deal.cards``) of ``spec``: names of :data:`ORACLE_GROUPS`
    or of cards, joined by ``+``.

    >>> len(oracle_group("steals")), len(oracle_group("pass_go+house+hotel"))
    (8, 15)
    """
    from tycoon.deal import cards

    names = set(cards.NAME)
    keep = []
    for part in spec.split("+"):
        if part in ORACLE_GROUPS:
            keep.append(ORACLE_GROUPS[part])
        elif part in names:
            keep.append(lambda kind, name, part=part: name == part)
        else:
            raise ValueError(f"xsearch: oracle is hands, all, or groups {sorted(ORACLE_GROUPS)} "
                             f"or card names joined by '+', not {part!r}")
    return frozenset(i for i, (kind, name) in enumerate(zip(cards.KIND, cards.NAME, strict=True))
                     if any(k(kind, name) for k in keep))


#: Samples drawn at most by a ``count-GROUP`` oracle for one that holds the true count.
COUNT_TRIES = 200


class _Oracle:
    """A cheating belief for measuring what hidden information is worth (Deal only, never a
    real bot): ``hands`` samples the true hands with the draw pile reshuffled, ``all`` is
    the true state itself (the order of the draw pile too); a group (:func:`oracle_group`)
    is the fair belief (:class:`tycoon.bots.deal.DealBelief`) told only which cards of that
    group each other hand truly holds; ``count-GROUP`` the fair belief told only how many
    (its samples redrawn, up to :data:`COUNT_TRIES` times, until each other hand holds as
    many cards of the group as the truth: the belief's own constraints kept)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.fair: Any = None
        self.group: frozenset[int] = frozenset()
        self.count = mode.startswith("count-")
        if mode not in ("hands", "all"):
            from tycoon.bots.deal import DealBelief

            self.fair = DealBelief()
            self.group = oracle_group(mode.removeprefix("count-"))

    def observe(self, state: Any, seat: int) -> None:
        if self.fair is not None:
            self.fair.observe(state, seat)

    def chosen(self, action: Any) -> None:
        if self.fair is not None:
            self.fair.chosen(action)

    def sample(self, state: Any, seat: int, seed: int) -> Any:
        from tycoon.engine import Rng

        if self.fair is not None and self.count:
            want = [sum(x in self.group for x in h) for h in state.hands]
            for k in range(COUNT_TRIES):
                det = self.fair.sample(state, seat, seed + k * 0x10001)
                if all(o == seat or sum(x in self.group for x in h) == want[o]
                       for o, h in enumerate(det.hands)):
                    break
            return det
        if self.fair is not None:
            det = self.fair.sample(state, seat, seed)
            return _true_group(det, state, seat, self.group, Rng(seed ^ 0x9E3779B9))
        c = state.clone()
        if self.mode == "hands":
            Rng(seed).shuffle(c.deck)
        return c


def _true_group(det: Any, state: Any, seat: int, group: frozenset[int], rng: Any) -> Any:
    """``det`` with the cards of ``group`` in each other hand as in ``state``: the wrong ones
    swapped with random cards of the draw pile outside the group, the missing ones brought
    from the draw pile in place of random cards of the hand outside the group."""
    for o, hand in enumerate(det.hands):
        if o == seat:
            continue
        truth = [x for x in state.hands[o] if x in group]
        wrong = [i for i, x in enumerate(hand) if x in group and x not in truth]
        rest = [j for j, x in enumerate(det.deck) if x not in group]
        for i in wrong:
            j = rest.pop(rng.below(len(rest)))
            hand[i], det.deck[j] = det.deck[j], hand[i]
        outside = [i for i, x in enumerate(hand) if x not in group]
        for x in truth:
            if x in hand:
                continue
            i = outside.pop(rng.below(len(outside)))
            j = det.deck.index(x)
            hand[i], det.deck[j] = det.deck[j], hand[i]
    return det


def _learned(game: str, seed: int, params: dict[str, str]) -> Any:
    from tycoon.bots.learned import LearnedBot

    return LearnedBot(seed, game, samples=int(params.pop("samples", 4)))


#: Bots beyond ``make_bot``'s specs, by name: builder(game, seed, params).
VARIANTS = {"xsearch": _xsearch, "learned": _learned}


def build(spec: str, game: str, seed: int) -> Any:
    """A bot from a ``make_bot`` spec or a :data:`VARIANTS` name with ``:key=value`` items."""
    name, _, rest = spec.partition(":")
    if name in VARIANTS:
        params = dict(item.split("=", 1) for item in rest.split(":") if item)
        bot = VARIANTS[name](game, seed, params)
        bot.name = spec
        return bot
    return make_bot(spec, game, seed)


def play_one(job: tuple[str, list[str], int, int, int, dict[str, Any]]) -> dict[str, Any]:
    """Play one game of a duplicate match; ``lineup[(s + rot) % n]`` sits in seat ``s``."""
    game, lineup, seed, deal, rot, options = job
    n = len(lineup)
    state = get_game(game).new_game(seats=n, seed=derive_seed(seed, "deal", deal), **options)
    who = [(s + rot) % n for s in range(n)]  # lineup index of each seat
    bots = [build(lineup[who[s]], game, derive_seed(seed, "bot", deal, rot, s)) for s in range(n)]
    think = [0.0] * n
    longest = [0.0] * n
    searched = [0] * n
    searched_think = [0.0] * n
    decisions = [0] * n
    iters = [0] * n
    for _ in range(100_000):
        if state.is_over:
            break
        seat = state.to_move()[0]
        t = time.perf_counter()
        action = bots[seat].choose(state, seat)
        spent = time.perf_counter() - t
        think[who[seat]] += spent
        longest[who[seat]] = max(longest[who[seat]], spent)
        decisions[who[seat]] += 1
        done = getattr(getattr(bots[seat], "inner", bots[seat]), "last_iterations", 0)
        iters[who[seat]] += done
        searched[who[seat]] += 1 if done else 0
        searched_think[who[seat]] += spent if done else 0.0
        state.apply(seat, action)
    winner = state.winner
    return {"deal": deal, "rot": rot, "winner": None if winner is None else who[winner],
            "turns": state.turn, "think": think, "longest": longest, "decisions": decisions,
            "iterations": iters, "searched": searched, "searched_think": searched_think}


def saved_rows(save: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The header and the rows of a ``--save`` file, up to a line cut short by a stopped run."""
    lines = save.read_text().splitlines()
    rows: list[dict[str, Any]] = []
    for line in lines[1:]:
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            break
    return (json.loads(lines[0]) if lines else None), rows


def load_saved(save: Path | None, header: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows a ``--save`` file already holds for the run ``header`` (a new file gets the
    header line; a file of another run stops the program)."""
    if save is None:
        return []
    if not save.exists():
        save.write_text(json.dumps(header) + "\n")
        return []
    held, rows = saved_rows(save)
    if held is not None and held != header:
        raise SystemExit(f"{save} holds another run: {json.dumps(held)}")
    return rows


def run_saved(func: Callable[[Any], dict[str, Any]], jobs: list[Any], workers: int,
              save: Path | None, rows: list[dict[str, Any]],
              note: Callable[[list[dict[str, Any]]], str] | None = None,
              every: int = 10) -> None:
    """Run ``jobs`` on ``workers`` processes, appending each row to ``rows`` and to ``save``
    as it ends; every ``every`` rows print the progress (and ``note(rows)``)."""
    out = save.open("a") if save is not None else None
    start = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        for i, row in enumerate(pool.imap_unordered(func, jobs), 1):
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            if i % every == 0 or i == len(jobs):
                extra = f", {note(rows)}" if note is not None else ""
                print(f"  {i}/{len(jobs)} games, {time.perf_counter() - start:.0f} s{extra}",
                      flush=True)
    if out is not None:
        out.close()


def match(game: str, lineup: list[str], deals: int, seed: int, workers: int,
          save: Path | None, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Play (or resume) a duplicate match and return every game's row."""
    rows = load_saved(save, {"game": game, "lineup": lineup, "seed": seed, "options": options})
    done = {(r["deal"], r["rot"]) for r in rows}
    jobs = [(game, lineup, seed, d, r, options) for d in range(deals) for r in range(len(lineup))
            if (d, r) not in done]

    def wins(rows: list[dict[str, Any]]) -> str:
        return f"first bot {sum(1 for r in rows if r['winner'] == 0)}/{len(rows)}"

    run_saved(play_one, jobs, workers, save, rows, wins)
    return rows


def summary(lineup: list[str], rows: list[dict[str, Any]]) -> str:
    """The first bot's wins with a Wilson interval, and every bot's thinking time."""
    n = len(rows)
    wins = sum(1 for r in rows if r["winner"] == 0)
    lo, hi = wilson(wins, n)
    unfinished = sum(1 for r in rows if r["winner"] is None)
    lines = [f"{lineup[0]}: {wins}/{n} = {wins / max(n, 1):.1%} (95% Wilson {lo:.1%}-{hi:.1%})"
             f", unfinished {unfinished}, chance {1 / len(lineup):.0%}"]
    for k, spec in enumerate(lineup):
        think = sum(r["think"][k] for r in rows)
        dec = sum(r["decisions"][k] for r in rows)
        longest = max((r.get("longest", [0.0] * len(lineup))[k] for r in rows), default=0.0)
        iters = sum(r.get("iterations", [0] * len(lineup))[k] for r in rows)
        searched = sum(r.get("searched", [0] * len(lineup))[k] for r in rows)
        s_think = sum(r.get("searched_think", [0.0] * len(lineup))[k] for r in rows)
        if k == 0 or spec != lineup[0]:
            lines.append(f"  {spec}: {think / max(dec, 1):.3f} s per decision over {dec}, "
                         f"longest {longest:.3f} s")
            if searched:
                lines.append(f"    searched {searched}: {s_think / searched:.3f} s and "
                             f"{iters / searched:.0f} iterations each")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="budget per measurement")
    parser.add_argument("--match", help="comma-separated lineup (first bot is measured)")
    parser.add_argument("--game", default="deal")
    parser.add_argument("--deals", type=int, default=20, help="deals (games = deals x seats)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--option", action="append", default=[], help="rule option k=v")
    parser.add_argument("--think", help="time per searched decision of this bot vs medium")
    args = parser.parse_args()
    if args.think:
        print(thinking(args.game, args.think, args.deals, args.seed))
        return
    if args.match:
        lineup = [x.strip() for x in args.match.split(",") if x.strip()]
        options: dict[str, Any] = {}
        for item in args.option:
            key, _, raw = item.partition("=")
            options[key] = int(raw) if raw.lstrip("-").isdigit() else raw
        start = time.perf_counter()
        rows = match(args.game, lineup, args.deals, args.seed, args.workers, args.save, options)
        print(summary(lineup, rows))
        print(f"  {time.perf_counter() - start:.0f} s")
        return
    for game, seats in (("capital", 4), ("deal", 2)):
        for spec in ("random", "heuristic"):
            rate = decisions_per_second(game, spec, seats, args.seconds)
            print(f"{game} {seats} seats, {spec}: {rate:,.0f} decisions/s")
        rate = iterations_per_second(game, seats, args.seconds)
        print(f"{game} {seats} seats, ismcts: {rate:,.0f} iterations/s")


if __name__ == "__main__":
    main()
