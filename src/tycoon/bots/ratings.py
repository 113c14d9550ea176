"""Statistics of tournaments: Wilson confidence intervals and Elo ratings.

Win rates get a 95% Wilson score interval (good for small samples and rates near 0 or
1). Elo ratings come from a Bradley–Terry fit of pairwise results: in a game, the winner
beats each other seat's bot, and every other pair of bots draws (an unfinished game is a
draw for all). Ratings are on the Elo scale (400 points = odds of 10 to 1), averaged to 1500.

>>> lo, hi = wilson(5, 10)
>>> round(lo, 4), round(hi, 4)
(0.2366, 0.7634)
>>> r = elo_ratings({("a", "b"): 3.0, ("b", "a"): 1.0}, prior=0.0)
>>> round(r["a"] - r["b"], 1)
190.8
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``trials`` (``(0, 1)`` for none).

    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within 0..{trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairwise_scores(
    lineup: Sequence[str], winner: int | None, scores: dict[tuple[str, str], float]
) -> None:
    """Add one game's pairwise results to ``scores[(a, b)]`` (points a took from b).

    ``lineup[seat]`` is the bot of each seat; ``winner`` the winning seat or None.
    The winner takes 1 point from each other bot; other pairs share 0.5 each. Two seats
    with the same bot are not compared.

    >>> s = {}
    >>> pairwise_scores(["x", "y", "z"], 0, s)
    >>> sorted(s.items())
    [(('x', 'y'), 1.0), (('x', 'z'), 1.0), (('y', 'x'), 0.0), (('y', 'z'), 0.5), \
(('z', 'x'), 0.0), (('z', 'y'), 0.5)]
    """
    n = len(lineup)
    for i in range(n):
        for j in range(n):
            a, b = lineup[i], lineup[j]
            if i == j or a == b:
                continue
            # the winner takes a point; with no winner, or two losers, it is a draw
            pts = (1.0 if winner == i else 0.0) if winner in (i, j) else 0.5
            scores[(a, b)] = scores.get((a, b), 0.0) + pts


def elo_ratings(
    scores: Mapping[tuple[str, str], float],
    names: Iterable[str] | None = None,
    prior: float = 1.0,
    iterations: int = 2000,
    mean: float = 1500.0,
) -> dict[str, float]:
    """Elo ratings from a Bradley–Terry fit (minorisation–maximisation) of pairwise points.

    ``scores[(a, b)]`` is the points ``a`` took from ``b`` (a draw gives each 0.5).
    ``prior`` adds that many virtual draws between every pair that met, so a bot that won
    everything still gets a finite rating. The ratings average to ``mean``.

    With two bots and no prior the difference is ``400 * log10(wins_a / wins_b)``:

    >>> r = elo_ratings({("a", "b"): 1.0, ("b", "a"): 1.0})
    >>> r["a"] == r["b"] == 1500.0
    True
    """
    players = sorted(set(names or ()) | {p for pair in scores for p in pair})
    if not players:
        return {}
    w: dict[tuple[str, str], float] = {}
    for (a, b), pts in scores.items():
        if a != b:
            w[(a, b)] = w.get((a, b), 0.0) + pts
    met = {frozenset(pair) for pair in w}
    for pair in met:
        if len(pair) == 2:
            a, b = sorted(pair)
            w[(a, b)] = w.get((a, b), 0.0) + prior / 2
            w[(b, a)] = w.get((b, a), 0.0) + prior / 2
    games: dict[tuple[str, str], float] = {}
    for (a, b), pts in w.items():
        games[(a, b)] = games.get((a, b), 0.0) + pts
        games[(b, a)] = games.get((b, a), 0.0) + pts
    strength = dict.fromkeys(players, 1.0)
    for _ in range(iterations):
        new = {}
        for i in players:
            won = sum(pts for (a, _b), pts in w.items() if a == i)
            denom = sum(
                n / (strength[i] + strength[j]) for (a, j), n in games.items() if a == i and n > 0
            )
            new[i] = won / denom if denom > 0 and won > 0 else (1e-9 if denom > 0 else 1.0)
        # normalise (geometric mean 1) to keep the scale fixed
        logmean = sum(math.log(v) for v in new.values()) / len(new)
        new = {k: v / math.exp(logmean) for k, v in new.items()}
        delta = max(abs(math.log(new[k]) - math.log(strength[k])) for k in players)
        strength = new
        if delta < 1e-10:
            break
    elo = {k: 400.0 * math.log10(v) for k, v in strength.items()}
    shift = mean - sum(elo.values()) / len(elo)
    return {k: v + shift for k, v in elo.items()}
