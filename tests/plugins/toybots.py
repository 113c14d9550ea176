"""A researcher's bot, as a package outside Tycoon registers it: through the entry point
``firstpick = toybots:FirstPick`` of the ``tycoon.bots`` group (see
``toybots-0.1.dist-info``). It names no game and plays any of them. ``Forever``, a bug a
plugin can have, is registered by the tests that need it (it has no entry point)."""

from __future__ import annotations

import threading

from tycoon.engine import Action, State


class FirstPick:
    """Plays the first legal action, or the ``pick``-th when there are enough."""

    def __init__(self, seed: int = 0, pick: int = 0) -> None:
        if pick < 0:
            raise ValueError("pick must be at least 0")
        self.pick = pick
        self.name = "firstpick" if pick == 0 else f"firstpick:pick={pick}"

    def choose(self, state: State, seat: int) -> Action:
        """The ``pick``-th legal action (the last one when there are fewer)."""
        legal = state.legal_actions(seat)
        return legal[min(self.pick, len(legal) - 1)]


#: Set by a test to let a ``Forever`` thinking in one of its threads end (a thread cannot be
#: stopped, and an interpreter waits for its pool's threads at exit).
RELEASE = threading.Event()


class Forever:
    """Thinks about every decision without end (until :data:`RELEASE`)."""

    name = "forever"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int) -> Action:
        """The first legal action, once :data:`RELEASE` is set."""
        RELEASE.wait()
        return state.legal_actions(seat)[0]
