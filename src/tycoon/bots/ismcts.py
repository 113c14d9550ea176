"""Information-Set Monte Carlo Tree Search, for any game of the engine contract.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012): each iteration draws a
determinization of the position from the searching seat's point of view —
``state.determinize(seat, seed)``, which re-deals everything the seat cannot see and
reseeds the state's own generator (so dice and shuffles, the chance of the game, differ
from one iteration to the next) — and walks one tree shared by all determinizations:

- a node's children are keyed by ``(seat, action)``; only the actions legal in the
  current determinization compete, with UCB1 using *availability* counts;
- every seat to move (opponents included) picks by UCB1 on its own reward, so the tree
  models opponents who play well; when several seats must act (a minigame, answers), they
  act one after another, the first listed by ``to_move()`` first. A game may instead give
  an ``opponent`` policy (e.g. its heuristic): the other seats then play by it, in the tree
  and in playouts, without branching, and the search spends every iteration on the
  searching seat's own choices. A game may also give an ``own`` policy for the searching
  seat's later decisions: the tree is then the root alone, and each root action is judged
  as it would be followed by that policy (a rollout that improves on it), rather than by
  later choices of the seat drawn from nodes visited a handful of times;
- after one expansion a playout runs with a cheap policy up to ``depth`` decisions, then
  the game's ``evaluate`` gives each seat a reward in ``[0, 1]`` (1 for a win);
- decisions with one legal action, and decisions the game hands to ``auto`` (e.g. the
  inputs of a Capital minigame), are played without branching;
- a game may narrow each decision to a few ``candidates`` (e.g. the heuristic's best few
  actions), which focuses the search where a sensible player would look, and may ``stop``
  a walk early at positions too costly to simulate (then ``evaluate`` judges them);
- a game may give a ``belief``: it watches the searching seat's decisions and draws the
  determinizations itself, e.g. without the cards the opponent model shows another seat
  cannot hold;
- ``paired`` root sampling (common random numbers): the root actions are tried in turn on the
  same determinization and the same playout seed, and the best mean reward wins, which
  compares them far more precisely than independent samples when chance (dice, draws) is
  loud, as in both our games. With ``z > 0`` the first root action (the game's favourite)
  is kept unless another beats it by ``z`` standard errors of the paired differences.
  With ``halving`` (and an iteration budget) the paired rounds are spent by sequential
  halving (Karnin, Koren & Somekh, 2013): ``ceil(log2(k))`` phases, each given an equal
  share of the iterations left, and after each phase only the better half of the root
  actions (by mean paired reward) goes on, so the last few contenders are compared on
  several times more rounds.

The bot reads nothing but ``determinize``, ``view`` and ``legal_actions`` of its seat at
the root, so its decision never depends on information its seat cannot see. It stops on an
iteration budget (reproducible) or a time budget (``seconds``), whichever comes first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tycoon.engine import Action, Rng, State

#: A playout policy: picks an action for ``seat`` among ``legal``.
Policy = Callable[[State, int, Sequence[Action], Rng], Action]
#: Rewards of every seat in [0, 1] for a (possibly unfinished) position.
Evaluator = Callable[[State], list[float]]
#: A forced choice (no branching), or None to search the decision.
Auto = Callable[[State, int, Sequence[Action], Rng], Action | None]
#: The actions worth searching among the legal ones (never empty).
Candidates = Callable[[State, int, Sequence[Action]], Sequence[Action]]


def random_policy(state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
    """The default playout policy: a uniform legal action."""
    return rng.choice(legal)


def softmax_rewards(scores: Sequence[float]) -> list[float]:
    """Rewards from each seat's score: their softmax (chances of winning, summing to 1), the
    leaf evaluation of a linear model fitted on who won.

    >>> [round(x, 3) for x in softmax_rewards([0.0, 1.0])]
    [0.269, 0.731]
    """
    top = max(scores)
    exps = [math.exp(x - top) for x in scores]
    total = sum(exps)
    return [x / total for x in exps]


def outcome_rewards(state: State, seats: int) -> list[float]:
    """1 for the winner, 0 for the others.

    A game that stopped without a winner gives 0.5 to the leader down to 0 for the last.

    >>> class S:
    ...     winner = 1
    ...     def result(self): return {"standings": [1, 0]}
    >>> outcome_rewards(S(), 2)
    [0.0, 1.0]
    """
    winner = state.winner
    if winner is not None:
        return [1.0 if s == winner else 0.0 for s in range(seats)]
    standings = state.result().get("standings") or []
    if len(standings) != seats or seats < 2:
        return [1.0 / seats] * seats
    out = [0.0] * seats
    for rank, s in enumerate(standings):
        out[s] = 0.5 * (seats - 1 - rank) / (seats - 1)
    return out


def seat_count(state: State) -> int:
    """How many seats a state has (from its view)."""
    return len(state.view(None)["seats"])


@dataclass
class Node:
    """A node of the shared tree: statistics of the move that led here."""

    seat: int = -1
    visits: int = 0
    avail: int = 0
    reward: float = 0.0
    children: dict[tuple[int, Action], Node] = field(default_factory=dict)


class ISMCTSBot:
    """The search bot.

    >>> ISMCTSBot(iterations=50).name
    'ismcts:iterations=50'
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        depth: int = 200,
        policy: Policy = random_policy,
        evaluate: Evaluator | None = None,
        auto: Auto | None = None,
        candidates: Candidates | None = None,
        stop: Callable[[State], bool] | None = None,
        paired: bool = False,
        z: float = 0.0,
        root_auto: Callable[[State, int], Action | None] | None = None,
        opponent: Policy | None = None,
        own: Policy | None = None,
        belief: Callable[[], Any] | None = None,
        halving: bool = False,
        label: str | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 400
        if iterations is not None and iterations < 1:
            raise ValueError("ismcts: iterations must be at least 1")
        if seconds is not None and not 0 < seconds < math.inf:
            raise ValueError("ismcts: seconds must be a positive number")
        if not 0 <= c < math.inf:
            raise ValueError("ismcts: c must be a number, 0 or more")
        if not 0 <= z < math.inf:
            raise ValueError("ismcts: z must be a number, 0 or more")
        if depth < 0:
            raise ValueError("ismcts: depth must be 0 or more")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.depth = depth
        self.policy = policy
        self.evaluate = evaluate
        self.auto = auto
        self.candidates = candidates
        self.stop = stop
        self.paired = paired
        self.z = z
        #: Paired rounds spent by sequential halving (with an iteration budget).
        self.halving = halving
        self.root_auto = root_auto
        self.opponent = opponent
        #: The searching seat's own later decisions (below the root), played by this policy
        #: instead of searched, or None to search them too.
        self.own = own
        #: The game's inference of the hidden cards from what the others did (or None): a
        #: factory of objects with ``observe(state, seat)``, ``chosen(action)`` and
        #: ``sample(state, seat, seed)``; one is kept per seat the bot plays (a bot may play
        #: several seats, as in a benchmark, and each seat infers from its own view).
        self.belief = belief
        self.beliefs: dict[int, Any] = {}
        budget = []
        if iterations is not None:
            budget.append(f"iterations={iterations}")
        if seconds is not None:
            budget.append(f"seconds={seconds:g}")
        self.name = label or "ismcts:" + ",".join(budget)
        #: Iterations run by the last search (for tests and benchmarks).
        self.last_iterations = 0
        #: Paired search without halving: each root action of the last search with its mean
        #: reward over the rounds that tried them all (for studies, e.g. fitting a policy to
        #: the search's judgement); empty otherwise.
        self.last_values: list[tuple[Action, float]] = []

    def choose(self, state: State, seat: int) -> Action:
        """Search from ``seat``'s information set and return its most visited action."""
        if self.belief is None:
            return self._choose(state, seat)
        belief = self.beliefs.get(seat)
        if belief is None:
            belief = self.beliefs[seat] = self.belief()
        belief.observe(state, seat)
        action = self._choose(state, seat)
        belief.chosen(action)
        return action

    def _determinize(self, state: State, seat: int, seed: int) -> State:
        belief = self.beliefs.get(seat)
        if belief is None:
            return state.determinize(seat, seed)
        return belief.sample(state, seat, seed)  # type: ignore[no-any-return]

    def _choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do")
        self.last_iterations = 0
        self.last_values = []
        if len(legal) == 1:
            return legal[0]
        if self.root_auto is not None:
            forced = self.root_auto(state, seat)
            if forced is not None:
                return forced
        if self.candidates is not None:
            legal = list(self.candidates(state, seat, legal))
            if len(legal) == 1:
                return legal[0]
        return self.search(state, seat, legal)

    def search(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        """Run the iterations and pick the best root child.

        Unpaired: the most visited child. Paired: every root action in turn on the same
        determinization and playout seed (common random numbers), then the best mean reward;
        ties go to the earlier action (the game's ``candidates`` list the heuristic's choice
        first).
        """
        seats = seat_count(state)
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        k = len(legal)
        if self.paired and self.halving and self.iterations is not None and k > 2:
            return legal[self._halving(state, seat, legal, seats, root, deadline)]
        det_seed = play_seed = 0
        rounds: list[list[float]] = []  # paired: the seat's reward of each root action per round
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if self.paired:
                if done % k == 0:
                    det_seed = self.rng.next64() >> 1
                    play_seed = self.rng.next64()
                    rounds.append([])
                det = self._determinize(state, seat, det_seed)
                a = legal[done % k]
                rounds[-1].append(self._iterate(det, root, seat, seats, a, Rng(play_seed)))
            else:
                det = self._determinize(state, seat, self.rng.next64() >> 1)
                self._iterate(det, root, seat, seats)
            done += 1
        self.last_iterations = done
        if self.paired:
            full = [r for r in rounds if len(r) == k]
            if full:
                self.last_values = [(a, sum(r[j] for r in full) / len(full))
                                    for j, a in enumerate(legal)]
            return legal[self._paired_choice(rounds, k)]
        best: Action | None = None
        best_key: tuple[float, float] = (-1.0, 0.0)
        for a in legal:
            child = root.children.get((seat, a))
            if child is None or child.visits == 0:
                continue
            key = (float(child.visits), child.reward)
            if key > best_key:
                best, best_key = a, key
        return best if best is not None else legal[0]

    def _halving(self, state: State, seat: int, legal: Sequence[Action], seats: int,
                 root: Node, deadline: float | None) -> int:
        """Paired rounds by sequential halving; the index of the chosen root action.

        Every action still in the running has been tried on every round so far, so their
        means are paired comparisons; the survivors of the last phase are judged as in
        :meth:`_paired_choice` (the game's favourite first when it is among them).
        """
        assert self.iterations is not None
        alive = list(range(len(legal)))
        rewards: list[list[float]] = [[] for _ in legal]
        phases = math.ceil(math.log2(len(legal)))
        done = 0
        for phase in range(phases):
            left = self.iterations - done
            # a round tries every action still in the running: never more than the budget
            # (a phase too poor for one round passes the game's first candidates on)
            rounds = min(max(1, left // (phases - phase) // len(alive)), left // len(alive))
            for _ in range(rounds):
                if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                    break
                det_seed, play_seed = self.rng.next64() >> 1, self.rng.next64()
                for i in alive:
                    det = self._determinize(state, seat, det_seed)
                    rewards[i].append(
                        self._iterate(det, root, seat, seats, legal[i], Rng(play_seed)))
                    done += 1
            if phase < phases - 1:
                ranked = sorted(alive, key=lambda i: -sum(rewards[i]))  # same rounds for all
                alive = sorted(ranked[:(len(alive) + 1) // 2])
        self.last_iterations = done
        rows = [list(r) for r in zip(*(rewards[i] for i in alive), strict=True)]
        return alive[self._paired_choice(rows, len(alive))]

    def _paired_choice(self, rounds: list[list[float]], k: int) -> int:
        """The root action with the best mean paired advantage over the first one.

        The first action (the game's favourite, e.g. the heuristic's choice) is kept unless
        another beats it by at least ``z`` standard errors of the paired differences.
        """
        full = [r for r in rounds if len(r) == k]
        if not full:
            return 0
        best, best_mean = 0, 0.0
        for j in range(1, k):
            diffs = [r[j] - r[0] for r in full]
            n = len(diffs)
            mean = sum(diffs) / n
            if mean <= best_mean:
                continue
            if self.z > 0:
                if n < 2:
                    continue
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                if mean < self.z * math.sqrt(var / n):
                    continue
            best, best_mean = j, mean
        return best

    def _iterate(
        self,
        det: State,
        root: Node,
        seat: int,
        seats: int,
        first_action: Action | None = None,
        rng: Rng | None = None,
    ) -> float:
        """One iteration; returns the reward of ``seat``."""
        if rng is None:
            rng = self.rng
        node = root
        path: list[Node] = []
        first = True
        expanded = False
        steps = 0
        if first_action is not None:
            key = (seat, first_action)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node(seat=seat)
            child.avail += 1
            det.apply(seat, first_action)
            node = child
            path.append(node)
            first = False
        # selection and expansion
        stop = self.stop
        while not det.is_over and not expanded:
            if stop is not None and not first and stop(det):
                break
            if self.own is not None and not first:  # the tree is the root alone
                break
            movers = det.to_move()
            if not movers:
                break
            actor = seat if first and seat in movers else movers[0]
            legal = det.legal_actions(actor)
            if not legal:
                break
            forced = None
            if not first:  # forced moves and the opponent model first: no candidates needed
                forced = self._unsearched(det, actor, seat, legal, rng)
            if forced is None and self.candidates is not None and len(legal) > 1:
                legal = self.candidates(det, actor, legal)
                if not first and len(legal) == 1:
                    forced = legal[0]
            if forced is not None:  # never at the first decision
                det.apply(actor, forced)
                steps += 1
                if steps > 10 * self.depth:
                    break
                continue
            first = False
            untried = []
            best = None
            best_score = -math.inf
            log_terms = {}
            for a in legal:
                key = (actor, a)
                child = node.children.get(key)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if child.visits == 0:
                    score = math.inf
                else:
                    n = log_terms.get(child.avail)
                    if n is None:
                        n = log_terms[child.avail] = math.log(child.avail)
                    score = child.reward / child.visits + self.c * math.sqrt(n / child.visits)
                if score > best_score:
                    best, best_score = a, score
            if untried:
                a = untried[rng.below(len(untried))]
                child = Node(seat=actor, avail=1)
                node.children[(actor, a)] = child
                expanded = True
            else:
                assert best is not None
                a = best
                child = node.children[(actor, a)]
            det.apply(actor, a)
            steps += 1
            node = child
            path.append(node)
        # playout
        depth = 0
        while not det.is_over and depth < self.depth:
            if stop is not None and stop(det):
                break
            movers = det.to_move()
            if not movers:
                break
            actor = movers[0]
            legal = det.legal_actions(actor)
            if not legal:
                break
            a = self._unsearched(det, actor, seat, legal, rng)
            if a is None:
                a = self.policy(det, actor, legal, rng)
            det.apply(actor, a)
            depth += 1
        if det.is_over:
            rewards = outcome_rewards(det, seats)
        elif self.evaluate is not None:
            rewards = self.evaluate(det)
        else:
            rewards = [1.0 / seats] * seats
        for n in path:
            n.visits += 1
            n.reward += rewards[n.seat]
        return rewards[seat]

    def _unsearched(
        self, det: State, actor: int, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        """The action ``actor`` plays without a choice of the search: the only legal one, the
        game's ``auto`` one, or the ``opponent`` model's for a seat other than ``seat``."""
        if len(legal) == 1:
            return legal[0]
        if self.auto is not None:
            a = self.auto(det, actor, legal, rng)
            if a is not None:
                return a
        if actor != seat and self.opponent is not None:
            return self.opponent(det, actor, legal, rng)
        if actor == seat and self.own is not None:
            return self.own(det, actor, legal, rng)
        return None

    def info(self) -> dict[str, Any]:
        """The bot's settings, for reports."""
        return {
            "iterations": self.iterations,
            "seconds": self.seconds,
            "c": self.c,
            "depth": self.depth,
            "paired": self.paired,
            "z": self.z,
            "halving": self.halving,
            "opponent": getattr(self.opponent, "__name__", None),
            "own": getattr(self.own, "__name__", None),
        }
