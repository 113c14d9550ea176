"""Fan-out of game updates to the connections that watch a game.

A room publishes each outgoing message on its game's channel, addressed to an *audience*: a
seat number, or ``None`` for spectators. Every server process subscribes the connections it
holds. :class:`LocalBroker` does this inside one process (no copies, no serialisation);
:class:`RedisBroker` goes through Redis pub/sub so that connections held by other processes get
them too (the seam for running several server processes behind one address).

>>> import asyncio
>>> async def demo():
...     broker, got = LocalBroker(), []
...     unsubscribe = broker.subscribe("g1", got.append)
...     await broker.publish("g1", 0, {"type": "update"})
...     unsubscribe()
...     await broker.publish("g1", 0, {"type": "update"})
...     return got
>>> asyncio.run(demo())
[(0, {'type': 'update'})]
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from . import metrics

log = logging.getLogger("tycoon.server")

#: A subscriber receives ``(audience, message)``.
Handler = Callable[[tuple[int | None, dict[str, Any]]], None]


class Broker(Protocol):
    """Publish messages per game and audience; subscribe handlers per game."""

    async def start(self) -> None:
        """Connect (if needed)."""

    async def stop(self) -> None:
        """Disconnect."""

    async def publish(self, game_id: str, audience: int | None, message: dict[str, Any]) -> None:
        """Deliver ``message`` to every subscriber of ``game_id`` (they filter by audience)."""

    def subscribe(self, game_id: str, handler: Handler) -> Callable[[], None]:
        """Call ``handler((audience, message))`` for each message; returns an unsubscribe."""


class LocalBroker:
    """In-process fan-out: handlers are called synchronously, in publish order."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {}

    async def start(self) -> None:
        """Nothing to connect."""

    async def stop(self) -> None:
        """Forget every subscriber."""
        self._handlers.clear()

    async def publish(self, game_id: str, audience: int | None, message: dict[str, Any]) -> None:
        """Call the game's handlers now."""
        self.deliver(game_id, audience, message)

    def deliver(self, game_id: str, audience: int | None, message: dict[str, Any]) -> None:
        """Hand a message to this process's subscribers."""
        for handler in list(self._handlers.get(game_id, ())):
            handler((audience, message))

    def subscribe(self, game_id: str, handler: Handler) -> Callable[[], None]:
        """Add a handler; the returned function removes it."""
        self._handlers.setdefault(game_id, []).append(handler)

        def unsubscribe() -> None:
            handlers = self._handlers.get(game_id, [])
            with contextlib.suppress(ValueError):
                handlers.remove(handler)
            if not handlers:
                self._handlers.pop(game_id, None)

        return unsubscribe


class RedisBroker:
    """Fan-out through Redis pub/sub (channel ``{prefix}{game_id}``), for several processes.

    Messages are JSON; each process delivers what it receives to its local subscribers, its
    own publications included (so every process sees one order per game).
    """

    #: Rooms publish for every audience: other processes may hold any seat's connection.
    fans_out = True
    #: Seconds before listening again once Redis went away: the first wait, doubled at each
    #: failed try up to the second.
    relisten = (0.5, 5.0)

    def __init__(self, url: str = "redis://127.0.0.1:6379/0", prefix: str = "tycoon:game:") -> None:
        self.url = url
        self.prefix = prefix
        self.local = LocalBroker()
        self._redis: Any = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        #: Called once the broker listens again after Redis went away (the server sends every
        #: game's update again: those published meanwhile were lost).
        self.on_relisten: Callable[[], Coroutine[Any, Any, None]] | None = None
        self._resend: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Connect and start listening."""
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        await self._redis.ping()
        await self._subscribe()
        self._task = asyncio.create_task(self._listen())

    async def _subscribe(self) -> None:
        self._pubsub = self._redis.pubsub()
        await self._pubsub.psubscribe(f"{self.prefix}*")

    async def stop(self) -> None:
        """Stop listening and disconnect."""
        for task in (self._task, self._resend):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._pubsub is not None:
            await self._pubsub.aclose()
        if self._redis is not None:
            await self._redis.aclose()
        await self.local.stop()

    async def publish(self, game_id: str, audience: int | None, message: dict[str, Any]) -> None:
        """Publish to Redis; delivery happens when the message comes back. A message Redis
        cannot take (it is down) is logged and lost, as pub/sub loses any message nobody
        hears: what it told of is stored already, and the next update, or a reconnection's
        ``history``, brings the watchers up to date. It used to raise, after the move was
        stored: a bot seat then stood still for good."""
        payload = json.dumps({"a": audience, "m": message}, separators=(",", ":"))
        try:
            await self._redis.publish(f"{self.prefix}{game_id}", payload)
        except Exception as exc:  # redis' ConnectionError and TimeoutError, OSError
            log.warning("game %s: Redis did not take an update: %s", game_id, exc)
            metrics.failed("publish")

    def subscribe(self, game_id: str, handler: Handler) -> Callable[[], None]:
        """Subscribe a local handler."""
        return self.local.subscribe(game_id, handler)

    async def _listen(self) -> None:
        """Deliver what Redis sends, for as long as the broker runs. When Redis goes away, it
        subscribes again once Redis is back: the listener used to end, and this process then
        delivered no update to its connections until it restarted."""
        wait = self.relisten[0]
        while True:
            try:
                async for item in self._pubsub.listen():
                    wait = self.relisten[0]
                    self._deliver(item)
            except Exception as exc:  # redis' ConnectionError, OSError, ...
                log.warning("Redis went away (%s): listening again in %g s", exc, wait)
            await asyncio.sleep(wait)
            wait = min(2 * wait, self.relisten[1])
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
            try:
                await self._subscribe()
            except Exception:  # still away: the listener's loop waits and tries again
                continue
            log.warning("listening to Redis again")
            if self.on_relisten is not None:  # beside the listener, which reads the answers
                self._resend = asyncio.create_task(self.on_relisten())
                self._resend.add_done_callback(_log_failure)

    def _deliver(self, item: dict[str, Any]) -> None:
        if item.get("type") != "pmessage":
            return
        channel = item["channel"]
        if isinstance(channel, bytes):
            channel = channel.decode()
        try:
            data = json.loads(item["data"])
        except (ValueError, TypeError):
            return
        self.local.deliver(channel[len(self.prefix):], data.get("a"), data.get("m"))


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("sending the games' updates again failed", exc_info=task.exception())
