"""The WebSocket endpoint ``/ws/games/{id}``: one connection, one seat (or a spectator).

See ``docs/protocol.md``. Every incoming message is checked for size, rate, JSON, shape and
legality; a bad one gets an ``error`` naming the problem and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from . import metrics
from .lobby import Lobby
from .protocol import MAX_TOKEN, ProtocolError, dumps, error, parse_client
from .room import Room
from .settings import ServerSettings
from .table import ChatLimit

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")

#: Close codes (besides 1000): see docs/protocol.md.
CLOSE_TOO_BIG = 1009
CLOSE_POLICY = 1008
CLOSE_UNAUTHORIZED = 4401
CLOSE_UNKNOWN_GAME = 4404


class RateLimit:
    """A token bucket: ``rate`` messages per second on average, bursts up to ``burst``.

    >>> bucket = RateLimit(1.0, 2)
    >>> [bucket.allow(0.0), bucket.allow(0.0), bucket.allow(0.0), bucket.allow(1.0)]
    [True, True, False, True]
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last: float | None = None

    def allow(self, now: float) -> bool:
        """Take a token if there is one."""
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Connection:
    """One client: an outgoing queue (so a slow client never blocks a room) and its seat."""

    def __init__(self, websocket: WebSocket, settings: ServerSettings) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue(
            settings.send_queue + 1
        )
        self.too_slow = False
        #: Broadcasts are kept only once ``welcome`` is queued: the welcome comes first (and
        #: the update queued with it is the current one, so nothing earlier is missed).
        self.welcomed = False
        self.limit = settings.send_queue
        self.send_timeout = settings.send_timeout
        self.buffer_limit = settings.send_buffer_bytes
        self.close_timeout = settings.close_timeout
        #: Chat messages of this connection in the last 10 s (5 at most).
        self.chat_limit = ChatLimit(settings.chat_per_10s, 10.0)
        self.writer_task: asyncio.Task[None] | None = None
        #: The task serving this connection (ended when the client is dropped as too slow).
        self.serve_task: asyncio.Task[Any] | None = None
        self._closing: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that lets its queue fill up is dropped."""
        if self.too_slow:
            return
        if self.queue.qsize() >= self.limit:
            self.drop_slow()
            return
        self.queue.put_nowait(dumps(message))

    def drop_slow(self) -> None:
        """A client that does not read: forget what is queued for it, close it (1008)."""
        if self._closing is not None:
            return
        self.too_slow = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)  # the writer stops
        if self.writer_task is not None:
            self.writer_task.cancel()
        self._closing = asyncio.get_running_loop().create_task(self._drop())

    async def _drop(self) -> None:
        await self.close(CLOSE_POLICY, "client too slow: too many unsent messages")
        if self.serve_task is not None and not self.serve_task.done():
            # the handler may wait for a closing handshake that never comes: end it now
            self.serve_task.cancel()

    def deliver(self, item: tuple[int | None, dict[str, Any]]) -> None:
        """Broker handler: keep the messages addressed to this connection's audience."""
        audience, message = item
        if (audience == self.seat or audience == "*") and self.welcomed:
            self.send(message)

    async def writer(self) -> None:
        """Send queued messages in order until told to stop (None) or to close (code, reason);
        a message the client does not take within ``send_timeout`` drops it as too slow."""
        while True:
            item = await self.queue.get()
            if item is None:
                return
            if isinstance(item, tuple):
                await self.close(*item)
                return
            try:
                await asyncio.wait_for(self.websocket.send_text(item), self.send_timeout)
                if buffered(self.websocket) > self.buffer_limit:
                    await self._drain()
            except TimeoutError:
                self.writer_task = None  # this task ends here
                self.drop_slow()
                return

    async def _drain(self) -> None:
        """Wait until the transport has sent most of what it holds (the ASGI server buffers
        without limit); ``TimeoutError`` if the client takes nothing for ``send_timeout``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + self.send_timeout
        while buffered(self.websocket) > self.buffer_limit // 2:
            if loop.time() > end:
                raise TimeoutError
            await asyncio.sleep(0.05)

    async def finish(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code`` and ``reason``."""
        self.too_slow = True  # nothing more is queued
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait((code, reason))
        if self.writer_task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(self.writer_task), 2.0)
        await self.close(code, reason)

    async def close(self, code: int, reason: str) -> None:
        """Close with a code and a reason (ignoring a connection already gone); a client that
        does not take the close frame within ``close_timeout`` is cut off."""
        if self.websocket.application_state != WebSocketState.DISCONNECTED:
            try:
                await asyncio.wait_for(self.websocket.close(code, reason), self.close_timeout)
            except TimeoutError:
                abort_transport(self.websocket)
            except Exception:
                return


def _transport(websocket: WebSocket) -> Any:
    """The connection's transport: the ASGI server's protocol object (uvicorn's, bound to the
    ``send`` callable) holds it; None if it cannot be found."""
    protocol = getattr(getattr(websocket, "_send", None), "__self__", None)
    return getattr(protocol, "transport", None)


def buffered(websocket: WebSocket) -> int:
    """Bytes written to the connection that the client has not taken yet (0 if unknown)."""
    transport = _transport(websocket)
    try:
        return int(transport.get_write_buffer_size()) if transport is not None else 0
    except Exception:
        return 0


def abort_transport(websocket: WebSocket) -> None:
    """Cut a connection whose peer takes nothing (its buffers are full): the ASGI server's
    protocol object (uvicorn's, bound to the ``send`` callable) holds the transport."""
    transport = _transport(websocket)
    if transport is not None:
        with contextlib.suppress(Exception):
            transport.abort()


def origin_allowed(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Whether the handshake's ``Origin`` may open a game socket: none (not a browser), the
    page's own origin (same host), or one of ``allowed`` (``*``: any)."""
    origin = websocket.headers.get("origin")
    if origin is None or "*" in allowed or origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


async def game_socket(websocket: WebSocket, game_id: str) -> None:
    """Serve one WebSocket connection to a game."""
    lobby: Lobby = websocket.app.state.lobby
    settings: ServerSettings = lobby.settings
    if not origin_allowed(websocket, settings.allowed_origins):
        await websocket.close(CLOSE_POLICY, "origin not allowed")  # a 403 at the handshake
        return
    await websocket.accept()
    conn = Connection(websocket, settings)
    token = websocket.query_params.get("token")
    if token is not None and not 1 <= len(token) <= MAX_TOKEN:
        await websocket.send_text(dumps(error("unauthorized", f"a seat token has 1 to "
                                                              f"{MAX_TOKEN} characters")))
        await conn.close(CLOSE_UNAUTHORIZED, "invalid seat token")
        return
    room = await lobby.room(game_id) if GAME_ID.match(game_id) else None
    if room is None:
        await websocket.send_text(dumps(error("unknown_game", f"unknown game {game_id!r}")))
        await conn.close(CLOSE_UNKNOWN_GAME, "unknown game")
        return
    if token is not None:
        seat = room.seat_for_token(token)
        if seat is None:
            await websocket.send_text(dumps(error("unauthorized", "invalid seat token")))
            await conn.close(CLOSE_UNAUTHORIZED, "invalid seat token")
            return
        conn.seat = seat
    writer = conn.writer_task = asyncio.create_task(conn.writer())
    unsubscribe = lobby.broker.subscribe(room.id, conn.deliver)
    conn.serve_task = asyncio.current_task()
    await _enter(room, conn, conn.seat)
    try:
        await _serve(websocket, lobby, room, conn, settings)
    except asyncio.CancelledError:
        if not conn.too_slow:
            raise
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
    finally:
        unsubscribe()
        room.disconnect(conn.seat)
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(writer, 1.0)
        writer.cancel()
        if not room.closed:
            with contextlib.suppress(Exception):
                await room.presence_changed()
        lobby.forget_if_idle(room)


async def _enter(room: Room, conn: Connection, seat: int | None) -> None:
    async with room.lock:
        room.connect(seat)
        conn.send(room.welcome(seat))
        conn.welcomed = True
        conn.send(room.update_for(seat, [], None, history=True))
        snapshot = room.session_snapshot(seat)  # the session inputs this seat sent so far
        if snapshot is not None:
            conn.send(snapshot)
    await room.presence_changed()


async def _serve(websocket: WebSocket, lobby: Lobby, room: Room, conn: Connection,
                 settings: ServerSettings) -> None:
    limit = RateLimit(settings.rate_per_second, settings.rate_burst)
    refused = 0
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "replace"))
        if size > settings.max_message_bytes:
            conn.send(error("too_big", f"message of {size} bytes is over the limit of "
                                       f"{settings.max_message_bytes} bytes"))
            await conn.finish(CLOSE_TOO_BIG, "message too big")
            return
        if limit.allow(time.monotonic()):
            refused = 0  # only a flood that goes on (refusals in a row) closes
        else:
            refused += 1
            if refused >= settings.flood_close_after:
                conn.send(error("rate_limited", "too many messages: closing"))
                await conn.finish(CLOSE_POLICY, "flooding")
                return
            conn.send(error("rate_limited", f"too many messages (at most "
                                            f"{settings.rate_per_second:g}/s); this one was "
                                            "dropped", _peek_seq(raw)))
            continue
        try:
            msg = parse_client(raw)
        except ProtocolError as exc:
            conn.send(error(exc.code, str(exc)))
            continue
        kind = msg["type"]
        try:
            if kind == "ping":
                conn.send({"type": "pong", "seq": msg["seq"], "time": time.time()})
            elif kind == "auth":
                if conn.seat is not None:
                    conn.send(error("bad_message", f"already playing seat {conn.seat}"))
                    continue
                seat = room.seat_for_token(msg["token"])
                if seat is None:
                    conn.send(error("unauthorized", "invalid seat token"))
                    await conn.finish(CLOSE_UNAUTHORIZED, "invalid seat token")
                    return
                room.disconnect(None)
                conn.welcomed = False  # the seat's welcome comes before its updates
                conn.seat = seat
                await _enter(room, conn, seat)
            elif kind == "session_input":
                progress = await room.session_input(conn.seat, msg["session"], msg["input"])
                conn.send({**progress, "seq": msg["seq"]})
            elif kind == "chat":
                sent = await _chat(lobby, room, conn, msg)
                if msg["seq"] is not None:  # the sender's own copy answers its seq
                    conn.send({**sent, "seq": msg["seq"]})
            elif kind == "resign":
                await _resign(lobby, room, conn)
                if msg["seq"] is not None:
                    conn.send({"type": "ack", "seq": msg["seq"], "version": room.version})
            elif kind == "rematch":
                if conn.seat is None:
                    raise ProtocolError("only a seat of the game can ask for a rematch",
                                        "not_a_player")
                seat_msg = await lobby.rematch(room, conn.seat)
                if msg["seq"] is not None:
                    seat_msg["seq"] = msg["seq"]
                conn.send(seat_msg)
            else:
                seq = msg["seq"]
                if conn.seat is None:
                    conn.send(error("not_a_player", "spectators cannot act; join a seat first",
                                    seq))
                    continue
                try:
                    await room.submit(
                        conn.seat, msg["action"], client_seq=seq,
                        on_commit=lambda version, seq=seq: conn.send(
                            {"type": "ack", "seq": seq, "version": version}),
                        on_duplicate=lambda version, seq=seq: conn.send(
                            {"type": "ack", "seq": seq, "version": version, "duplicate": True}),
                    )
                except ProtocolError as exc:
                    conn.send(error(exc.code, str(exc), seq))
        except ProtocolError as exc:
            conn.send(error(exc.code, str(exc), msg.get("seq")))
        except Exception as exc:  # the database refused (its disk full, down), or a bug
            lobby.storage.failed(exc, "game %s: %s message failed", room.id, kind)
            metrics.failed("message")
            conn.send(error("server_error", f"the server could not do that "
                                            f"({type(exc).__name__}); nothing changed, try "
                                            "again", msg.get("seq")))


async def _chat(lobby: Lobby, room: Room, conn: Connection,
                msg: dict[str, Any]) -> dict[str, Any]:
    """One chat message or reaction at the table: stored, then sent to every watcher."""
    if conn.seat is None and not room.row.spectator_chat:
        raise ProtocolError("spectators read this table's chat but may not write in it",
                            "not_allowed")
    if not conn.chat_limit.allow(time.monotonic()):
        raise ProtocolError(f"at most {conn.chat_limit.count} chat messages in 10 s",
                            "rate_limited")
    if conn.seat is None:
        name = "spectator"
    else:
        name = room.seat_rows[conn.seat].name or f"seat {conn.seat + 1}"
    return await lobby.table_chat(room, conn.seat, name, msg["text"], msg["reaction"])


async def _resign(lobby: Lobby, room: Room, conn: Connection) -> None:
    """The seat leaves for good: a bot takes it; the connection watches as a spectator."""
    if conn.seat is None:
        raise ProtocolError("spectators have no seat to resign", "not_a_player")
    if room.status == "finished":
        raise ProtocolError("the game is over", "game_over")
    seat = conn.seat
    conn.welcomed = False  # the spectator's welcome comes before its updates
    room.disconnect(seat)
    conn.seat = None
    room.connect(None)
    await room.seat_bots([seat], lobby.resign_bot(room.row.game), for_good=True,
                         notice="server.notice.resigned")
    async with room.lock:
        conn.send(room.welcome(None))
        conn.welcomed = True
        conn.send(room.update_for(None, [], None))


def _peek_seq(raw: str | bytes) -> int | None:
    """The ``seq`` of a message if it has a valid one (to name it in an error)."""
    try:
        msg = parse_client(raw)
    except ProtocolError:
        return None
    return msg.get("seq")
