"""Rate limits per client address, with the ``limits`` library.

Each category (``create``, ``join``, ``rest``, ``lobby_chat``, ``record``) has its limits from
the settings (``create_limit`` = "20/minute;200/hour", ...), counted in a moving window per
address. The counts live in this process's memory, or in Redis when ``redis_url`` is set, so
that every server process shares them.

>>> import asyncio
>>> from tycoon.server.settings import ServerSettings
>>> limiter = Limiter(ServerSettings().replace(create_limit="2/minute"))
>>> async def three():
...     return [await limiter.hit("create", "10.0.0.1") for _ in range(3)]
>>> asyncio.run(three())
[True, True, False]
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter

if TYPE_CHECKING:
    from .settings import ServerSettings

log = logging.getLogger("tycoon.server")

CATEGORIES = ("create", "join", "rest", "lobby_chat", "record")


class Limiter:
    """``await hit(category, address)``: True while ``address`` is within its limits."""

    def __init__(self, settings: ServerSettings) -> None:
        storage: Storage
        if settings.redis_url:
            uri = "async+" + settings.redis_url if not settings.redis_url.startswith(
                "async+") else settings.redis_url
            storage = RedisStorage(uri, implementation="redispy", key_prefix="tycoon:limits")
        else:
            storage = MemoryStorage()
        self.storage = storage
        self.strategy = MovingWindowRateLimiter(storage)
        self.items: dict[str, list[RateLimitItem]] = {
            c: parse_many(getattr(settings, f"{c}_limit")) for c in CATEGORIES
        }

    async def hit(self, category: str, address: str) -> bool:
        """Count one request of ``address`` in ``category``; False if over a limit (then
        nothing is counted). A storage that does not answer lets the request through."""
        items = self.items[category]
        try:
            for item in items:
                if not await self.strategy.test(item, category, address):
                    return False
            for item in items:
                await self.strategy.hit(item, category, address)
        except Exception as exc:  # Redis gone: serve rather than refuse everybody
            log.warning("rate limit storage failed: %s", exc)
        return True
