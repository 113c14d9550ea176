"""The game server: REST lobby, WebSocket play, bots in empty seats, nothing ever lost.

``create_app(db_url, **settings)`` builds the ASGI app; ``tycoon serve`` runs it (see
:mod:`tycoon.server.main`). The protocol is documented in ``docs/protocol.md``.
"""

from .app import create_app
from .settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]
