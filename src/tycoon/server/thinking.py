"""Bots that think in worker processes, so a slow search never holds the server's event loop
(nor, through the GIL, its other games).

The room sends the position as JSON; the worker rebuilds it and asks the bot.

>>> from tycoon.engine import get_game
>>> state = get_game("toy").new_game(seats=2, seed=1)
>>> seat = state.to_move()[0]
>>> action = think("toy", state.to_json(), seat, "random", 7)
>>> get_game("toy").parse_action(action) in state.legal_actions(seat)
True
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tycoon.bots import make_bot
from tycoon.engine import get_game
from tycoon.workers import context, known_here, start_worker

_BOTS: dict[tuple[str, str, int], Any] = {}


def think(game: str, position: dict[str, Any], seat: int, spec: str, seed: int) -> dict[str, Any]:
    """The action (JSON) bot ``spec`` chooses for ``seat`` in ``position``."""
    module = get_game(game)
    state = module.from_json(position)
    key = (spec, game, seed)
    bot = _BOTS.get(key)
    if bot is None:
        if len(_BOTS) > 1000:
            _BOTS.clear()
        bot = _BOTS[key] = make_bot(spec, game, seed)
    return bot.choose(state, seat).to_json()


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes knowing the same games and bots as this one, which end
    with it (:mod:`tycoon.workers`)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=context(),
                               initializer=start_worker, initargs=known_here())
