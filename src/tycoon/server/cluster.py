"""Several server processes behind one load balancer: leases, routing, failover, drain.

Cluster mode is on when the ``advertise_url`` setting is given (this process's own base URL
as the other processes reach it, e.g. ``http://10.0.0.2:8000``), with PostgreSQL as the
database and ``redis_url`` set. Then:

- **One owner per game.** The process that creates a game leases it (:mod:`.lease`); only the
  owner holds the game's room: its clocks, bots and input sessions run there, and every
  append it makes is fenced by its lease epoch. Leases are renewed every
  ``lease_renew_seconds`` and expire after ``lease_seconds``.
- **Any process answers.** A WebSocket opened on a process that does not own the game is
  relayed to the owner (a second WebSocket, message for message, both ways); REST calls about
  one game (``/api/games/{id}...``) are forwarded to the owner over HTTP. The client never
  needs sticky sessions: actions, acks, refusals and updates all flow through its own
  connection. The lobby list is read from the database (the source of truth) on every
  process, with presence (who is connected) kept in Redis with a TTL by each owner.
- **Failover.** Every second each process looks for unfinished games whose lease expired (an
  owner killed) and takes them: it replays the record, restarts clocks and bots. With the
  default 3 s lease a killed owner's games move within about 4 s. Relayed sockets whose owner
  vanished are closed with 1012 so that clients reconnect at once (through the balancer, to a
  live process).
- **Drain (SIGTERM).** The process answers 503 on ``/health/ready`` (the balancer stops sending
  it clients), uvicorn closes every WebSocket with **1012 "service restart"** (clients
  reconnect at once), rooms stop, and the leases are released so that another process takes
  the games without waiting for them to expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketState

from . import metrics
from .api import error_response
from .lease import Leases, owner_address
from .lobby import LIST_ORDER, stored_summary

if TYPE_CHECKING:
    from .lobby import Lobby
    from .room import Room

log = logging.getLogger("tycoon.server.cluster")

#: WebSocket close code sent when a game moves to another process or this one stops:
#: "service restart", reconnect at once.
CLOSE_RESTART = 1012

_GAME_PATH = re.compile(r"^/api/games/([A-Za-z0-9_-]{1,32})(/.*)?$")
#: A request forwarded by another process carries this header (it is never forwarded again).
FORWARDED = "x-tycoon-forwarded"


class Cluster:
    """This process's part in a cluster: its leases, the rooms it owns, routing."""

    def __init__(self, lobby: Lobby, redis: Any = None) -> None:
        self.lobby = lobby
        self.settings = lobby.settings
        self.address = self.settings.advertise_url.rstrip("/")
        self.owner = f"{self.address}#{secrets.token_hex(6)}"
        self.leases = Leases(lobby.storage, self.owner)
        self.redis = redis
        self.draining = False
        #: WebSockets served here per owned game (closed with 1012 if the lease is lost).
        self.sockets: dict[str, set[WebSocket]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._taking: dict[str, asyncio.Future[bool]] = {}
        self._http: Any = None

    # -- life cycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Start renewing leases and taking over orphaned games."""
        import httpx

        self._http = httpx.AsyncClient(timeout=10.0)
        self._tasks = [asyncio.create_task(self._renew_loop()),
                       asyncio.create_task(self._takeover_loop())]

    async def stop(self) -> None:
        """Drain: stop the loops and the rooms, then release every lease at once."""
        self.draining = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        for room in list(self.lobby.rooms.values()):
            await room.close()
        with contextlib.suppress(Exception):
            await self.leases.release()
        if self._http is not None:
            await self._http.aclose()

    # -- ownership --------------------------------------------------------------------------
    async def claim_new(self, room: Room) -> None:
        """A game just created here: lease it (epoch 1) before its bots or clocks start."""
        epoch = await self.leases.acquire(room.id, self.settings.lease_seconds)
        if epoch is None:  # cannot happen for a fresh id; refuse rather than write unfenced
            raise RuntimeError(f"game {room.id}: could not lease a new game")
        self._own(room, epoch)

    def _own(self, room: Room, epoch: int) -> None:
        room.fence = (self.owner, epoch)
        room.on_stale = self._on_stale

    def _on_stale(self, room: Room) -> None:
        asyncio.get_running_loop().create_task(self.drop(room.id))

    async def drop(self, game_id: str) -> None:
        """This process lost the game's lease: stop its room, close its sockets (1012)."""
        room = self.lobby.release(game_id)
        if room is not None:
            metrics.lease_moved("lost")
            await room.close()
            log.info("game %s: lease lost, room dropped", game_id)
        for ws in list(self.sockets.pop(game_id, ())):
            await _close(ws, CLOSE_RESTART, "the game moved to another server process")

    async def take(self, game_id: str) -> bool:
        """Lease an orphaned game and load its room here (replay, clocks, bots); False if
        another process holds it."""
        pending = self._taking.get(game_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._taking[game_id] = future
        try:
            ok = await self._take(game_id)
            future.set_result(ok)
            return ok
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may wait
            raise
        finally:
            del self._taking[game_id]

    async def _take(self, game_id: str) -> bool:
        if self.draining:
            return False
        room = self.lobby.rooms.get(game_id)
        if room is not None and room.fence is not None:
            return True
        epoch = await self.leases.acquire(game_id, self.settings.lease_seconds,
                                          predecessor=f"{self.address}#")
        if epoch is None:
            return False
        found = await self.lobby.storage.load_game(game_id)
        if found is None:
            await self.leases.release([game_id])
            return False
        room = await self.lobby._load(*found, fence=(self.owner, epoch))
        self._own(room, epoch)
        old = self.lobby.release(game_id)
        if old is not None:
            await old.close()
        self.lobby.rooms[game_id] = room
        if room.status == "open" and not room.free_seats():
            # the last join was stored but its owner died before marking the game started
            async with room.lock:
                await room._start_if_full()
        room.start()
        metrics.lease_moved("taken")
        log.info("game %s: taken over at epoch %d (%d actions replayed)", game_id, epoch,
                 room.version)
        return True

    async def route(self, game_id: str) -> str | None:
        """Where requests about a game go: None (this process: it owns the game, took it
        over just now, or the game is finished or unknown) or the owner's base URL."""
        for _ in range(3):
            lease = await self.leases.get(game_id)
            room = self.lobby.rooms.get(game_id)
            if room is not None and room.fence is not None:
                if lease is not None and (lease.owner, lease.epoch) == room.fence:
                    return None
                await self.drop(game_id)  # the lease moved on: this room is stale
            if (lease is not None and lease.live() and lease.owner != self.owner
                    and owner_address(lease.owner) != self.address):
                return owner_address(lease.owner)
            found = await self.lobby.storage.load_game(game_id)
            if found is None or found[0].status == "finished":
                return None
            if await self.take(game_id):
                return None
        return None

    # -- loops ------------------------------------------------------------------------------
    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.lease_renew_seconds)
            try:
                await self._renew()
            except Exception:
                log.exception("renewing leases failed")

    async def _renew(self) -> None:
        owned = {gid for gid, r in self.lobby.rooms.items() if r.fence is not None}
        finished = [gid for gid in owned if self.lobby.rooms[gid].status == "finished"
                    and not self.lobby.rooms[gid].connections]
        if finished:
            await self.leases.release(finished)
            for gid in finished:
                room = self.lobby.release(gid)
                if room is not None:
                    await room.close()
        held = await self.leases.renew(self.settings.lease_seconds)
        for gid in owned - set(finished) - held:
            await self.drop(gid)
        await self._publish_presence()

    async def _takeover_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.lease_renew_seconds)
            try:
                for gid in await self.leases.orphans():
                    if self.draining:
                        return
                    with contextlib.suppress(Exception):
                        await self.take(gid)
            except Exception:
                log.exception("taking over games failed")

    # -- presence and the lobby list -------------------------------------------------------
    def _presence_key(self, game_id: str) -> str:
        return f"tycoon:{self.settings.table_prefix}presence:{game_id}"

    async def _publish_presence(self) -> None:
        if self.redis is None:
            return
        pipe = self.redis.pipeline(transaction=False)
        ttl = max(1, int(self.settings.lease_seconds + 1))
        for gid, room in self.lobby.rooms.items():
            if room.fence is None:
                continue
            seats = sorted(room.connected_seats())
            pipe.set(self._presence_key(gid), json.dumps(seats), ex=ttl)
        await pipe.execute()

    async def summaries(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """The lobby list of unfinished games from the database (the same on every process),
        with presence from Redis, in the lobby's order (open games first, the newest first)."""
        statuses = ("open", "playing") if status in (None, "finished") else (status,)
        if status == "finished":
            return []
        rows = await self.lobby.storage.list_games(statuses, limit, LIST_ORDER)
        presence: list[Any] = [None] * len(rows)
        if self.redis is not None and rows:
            with contextlib.suppress(Exception):
                presence = await self.redis.mget([self._presence_key(r.id) for r, _, _ in rows])
        return [stored_summary(r, seats, version, set(json.loads(here)) if here else ())
                for (r, seats, version), here in zip(rows, presence, strict=True)]

    # -- forwarding -------------------------------------------------------------------------
    async def forward_http(self, target: str, scope: Any, receive: Any, send: Any,
                           client: str) -> None:
        """Send one HTTP request on to the owner and its answer back."""
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]
                   if k.lower() not in (b"host", b"content-length", b"connection")]
        headers += [(FORWARDED, "1"), ("x-forwarded-for", client)]
        url = target + scope["path"] + (
            "?" + scope["query_string"].decode() if scope.get("query_string") else "")
        try:
            res = await self._http.request(scope["method"], url, content=body, headers=headers)
        except Exception:
            await _retry_later(scope, receive, send)
            return
        keep = [(k.encode(), v.encode()) for k, v in res.headers.items()
                if k.lower() in ("content-type", "retry-after", "cache-control", "etag", "allow")]
        keep.append((b"content-length", str(len(res.content)).encode()))
        await send({"type": "http.response.start", "status": res.status_code, "headers": keep})
        await send({"type": "http.response.body", "body": res.content})

    async def relay(self, websocket: WebSocket, target: str) -> None:
        """Relay an accepted client WebSocket to the owner's, message for message. When the
        owner goes away the client is closed with 1012 (reconnect at once)."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        ws_url = "ws" + target[len("http"):] + websocket.url.path
        if websocket.url.query:
            ws_url += "?" + websocket.url.query
        try:
            upstream = await connect(ws_url, origin=target,  # type: ignore[arg-type]
                                     additional_headers={FORWARDED: "1"},
                                     max_size=self.settings.max_message_bytes * 4,
                                     open_timeout=5, compression=None)
        except Exception:
            await _close(websocket, CLOSE_RESTART, "the game's server process is moving")
            return
        code, reason = CLOSE_RESTART, "the game's server process went away"

        async def down() -> None:
            nonlocal code, reason
            try:
                async for message in upstream:
                    if isinstance(message, bytes):
                        await websocket.send_bytes(message)
                    else:
                        await websocket.send_text(message)
            except ConnectionClosed:
                pass
            rcvd = upstream.close_code
            if rcvd is not None and rcvd not in (1006, 1011, 1001):
                code, reason = rcvd, upstream.close_reason or ""

        async def up() -> None:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if message.get("text") is not None:
                    await upstream.send(message["text"])
                elif message.get("bytes") is not None:
                    await upstream.send(message["bytes"])

        tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
        try:
            done, _pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                await upstream.close()
        if tasks[0] in done:
            await _close(websocket, code, reason)


async def _retry_later(scope: Any, receive: Any, send: Any) -> None:
    response = error_response(503, "the game is moving between server processes; try again",
                              "try_again", {"Retry-After": "1"})
    await response(scope, receive, send)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        if ws.application_state != WebSocketState.DISCONNECTED:
            await asyncio.wait_for(ws.close(code, reason), 2.0)


class ForwardRequests:
    """ASGI middleware: a REST request about one game goes to the game's owner process."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        cluster: Cluster | None = None
        if scope["type"] == "http":
            state = scope["app"].state if "app" in scope else None
            lobby = getattr(state, "lobby", None) if state is not None else None
            cluster = getattr(lobby, "cluster", None)
        match = _GAME_PATH.match(scope.get("path", "")) if cluster is not None else None
        headers = dict(scope.get("headers", ())) if match else {}
        if cluster is not None and match:
            target = await cluster.route(match.group(1))
            if target is not None and FORWARDED.encode() in headers:
                # sent here by a process that thought this one the owner: it is not (any
                # more); the client tries again (through the balancer)
                await _retry_later(scope, receive, send)
                return
            if target is not None:
                client = scope.get("client") or ("", 0)
                forwarded = headers.get(b"x-forwarded-for", b"").decode("latin-1")
                address = forwarded or client[0]
                await cluster.forward_http(target, scope, receive, send, address)
                return
        await self.app(scope, receive, send)



async def game_socket_anywhere(websocket: WebSocket, game_id: str) -> None:
    """The ``/ws/games/{id}`` endpoint: served here when this process owns the game (or it
    is finished), else relayed to the owner."""
    from .ws import GAME_ID, game_socket, origin_allowed

    lobby = websocket.app.state.lobby
    cluster: Cluster | None = lobby.cluster
    if cluster is None or not GAME_ID.match(game_id):
        await game_socket(websocket, game_id)
        return
    target = await cluster.route(game_id)
    if target is None:
        sockets = cluster.sockets.setdefault(game_id, set())
        sockets.add(websocket)
        try:
            await game_socket(websocket, game_id)
        finally:
            sockets.discard(websocket)
        return
    if not origin_allowed(websocket, lobby.settings.allowed_origins):
        await websocket.close(1008, "origin not allowed")
        return
    await websocket.accept()
    if FORWARDED in websocket.headers:  # relayed here by mistake: never relay twice
        await _close(websocket, CLOSE_RESTART, "the game is moving between server processes")
        return
    await cluster.relay(websocket, target)
