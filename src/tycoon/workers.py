"""Worker processes for the server's thinking bots and for studies.

They know what this process knows (the games and bots registered at run time, not only by
entry points) and end with it: a worker whose parent dies — killed, crashed — exits at once
rather than waiting for work for ever.

They are spawned, never forked from the calling process, which may run threads (a server's,
Ray's): a fork copies the locks those threads hold, their signal handlers (Ray's dump a
stack at a pool's SIGTERM) and the pipes (a pytest-xdist worker's channel).

>>> from concurrent.futures import ProcessPoolExecutor
>>> with ProcessPoolExecutor(1, mp_context=context(), initializer=start_worker,
...                          initargs=known_here()) as pool:
...     pool.submit(abs, -3).result()
3
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import threading
from multiprocessing.connection import wait
from multiprocessing.context import BaseContext
from typing import Any


def context() -> BaseContext:
    """Spawn: each worker is a fresh interpreter with this process's environment and path."""
    return multiprocessing.get_context("spawn")


def known_here() -> tuple[list[Any], dict[str, Any]]:
    """``start_worker``'s arguments: the games and bots registered at run time in this process
    (bots only when their factory pickles, i.e. is a module-level name)."""
    from tycoon.bots.base import _REGISTERED as bots
    from tycoon.engine.registry import _REGISTERED as games

    sendable = {}
    for name, factory in bots.items():
        try:
            pickle.dumps(factory)
        except (pickle.PicklingError, AttributeError, TypeError):
            continue
        sendable[name] = factory
    return list(games.values()), sendable


def start_worker(games: list[Any], bots: dict[str, Any]) -> None:
    """A pool's initializer: register ``games`` and ``bots`` and end with the parent.

    Ctrl-C reaches every process of the terminal's group; a worker leaves it to its parent,
    which stops the pool (a worker's own traceback would only interrupt the parent's words).
    """
    from tycoon.bots.base import register_bot
    from tycoon.engine.registry import register

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    for info in games:
        register(info)
    for name, factory in bots.items():
        register_bot(name, factory)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()


def _end_with(sentinel: int) -> None:
    wait([sentinel])
    os._exit(0)
