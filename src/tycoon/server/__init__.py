"""The game server: REST lobby, WebSocket play, bots in empty seats, nothing ever lost.

``create_app(db_url, **settings)`` builds the ASGI app; ``tycoon serve`` runs it (see
:mod:`tycoon.server.main`). The protocol is documented in ``docs/protocol.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]


def __getattr__(name: str) -> Any:
    # The app (FastAPI, SQLAlchemy) loads on first use, so a command that only reads the
    # server's settings, like ``tycoon --help``, does not pay for it.
    if name == "create_app":
        from .app import create_app
        return create_app
    if name == "ServerSettings":
        from .settings import ServerSettings
        return ServerSettings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
