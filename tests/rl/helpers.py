"""Shared checks of the RL action encodings: the mask is exactly the engine's legal actions."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

from tycoon.rl.core import Match


def enumerate_paths(match: Match, prefix: tuple[int, ...] = ()) -> dict[tuple[int, ...], object]:
    """Every complete index path reachable from ``prefix`` through the masks, with its action."""
    out: dict[tuple[int, ...], object] = {}
    for index, action in match.options_after(prefix).items():
        path = (*prefix, index)
        if action is None:
            sub = enumerate_paths(match, path)
            assert sub, f"selection {path} leads to no legal action"
            out.update(sub)
        else:
            out[path] = action
    return out


def check_step(match: Match) -> None:
    """At the current position: the mask equals the first indices of the engine's legal
    actions, the paths enumerated through the masks are exactly those actions (each once),
    and ``decode(encode(a)) == a`` for each."""
    seat = match.seat
    assert seat is not None
    assert match.state.session() is None, "input sessions are the env's"
    legal = match.state.legal_actions(seat)
    assert len(set(legal)) == len(legal), "the engine lists an action twice"
    encoded = {a: p for p, a in match.codec.paths(match.state, seat).items()}
    assert set(encoded) == set(legal)
    mask = match.mask()
    assert set(mask.nonzero()[0].tolist()) == {p[0] for p in encoded.values()}
    reached = enumerate_paths(match)
    assert sorted(reached.values(), key=str) == sorted(legal, key=str)
    for action, path in encoded.items():
        assert all(0 <= i < match.codec.n_actions for i in path)
        assert match.decode(path) == action
        assert reached[path] == action


def play_checked(match: Match, seed: int, max_steps: int = 100_000) -> int:
    """Random masked play to the end, checking every step; returns the number of steps."""
    rng = random.Random(seed)
    steps = 0
    while not match.over and steps < max_steps:
        if not match.selection:
            check_step(match)
        match.step(rng.choice(sorted(match.options())))
        steps += 1
    return steps
