"""The WebSocket transport the server runs on: uvicorn's ``websockets-sansio`` protocol, with
a handshake that cannot be parsed (a request line over the parser's 8 KiB, e.g. a huge
``?token=``) refused at once (the parser's ``414`` or ``400``, then the connection closes)
instead of left hanging: uvicorn never sends the refusal the parser prepares."""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """``websockets-sansio`` with a clean refusal of an unreadable handshake."""

    def data_received(self, data: bytes) -> None:
        """As uvicorn's, but a handshake the parser refused is answered and closed."""
        if self.handshake_initiated or self.handshake_complete:
            super().data_received(data)
            return
        self.conn.receive_data(data)
        if self.conn.handshake_exc is not None and self.conn.parser_exc is None:
            self.handshake_complete = True
            self.close_sent = True
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()
            return
        if self.conn.parser_exc is not None:
            self.handle_parser_exception()
            return
        self.handle_events()


def ws_protocol(impl: str) -> Any:
    """What to give uvicorn as ``ws`` for the ``ws_impl`` setting (``auto``: ours)."""
    if impl in ("auto", "websockets-sansio"):
        return WebSocketProtocol
    return impl
