"""The ASGI application: REST API, WebSocket endpoint, and the web client as static files."""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from . import metrics
from .api import (
    ApiError,
    client_address,
    error_response,
    health_router,
    no_such_call,
    router,
)
from .broker import Broker, LocalBroker, RedisBroker
from .claim import Claim
from .cluster import ForwardRequests, game_socket_anywhere
from .limiter import Limiter
from .lobby import Lobby
from .replays import Replays
from .settings import ServerSettings
from .storage import Storage

log = logging.getLogger("tycoon.server")

#: The browser client, served at ``/``.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: Swagger UI, as the ``fastapi-offline`` package ships it, for the page of the REST API's
#: documentation (``web/docs/``).
API_DOCS_ASSETS = Path(str(resources.files("fastapi_offline") / "static"))


class HttpMiddleware:
    """An ASGI middleware of HTTP requests (:meth:`http`); WebSockets and lifespan pass."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Any, receive: Any, send: Any) -> None:
        """Handle one HTTP request."""
        raise NotImplementedError


class BodyLimit(HttpMiddleware):
    """Refuse HTTP requests whose declared body is over ``limit`` bytes (413), or whose body
    comes chunked without a length (411)."""

    def __init__(self, app: Any, limit: int, larger: dict[str, int] | None = None) -> None:
        super().__init__(app)
        self.limit = limit
        #: Path prefixes that take a larger body, and their limit.
        self.larger = larger or {}

    async def http(self, scope: Any, receive: Any, send: Any) -> None:
        """Refuse the request, or pass it on."""
        headers = dict(scope.get("headers", ()))
        length = headers.get(b"content-length")
        path = scope.get("path", "")
        limit = next((n for prefix, n in self.larger.items() if path.startswith(prefix)),
                     self.limit)
        if length is None and b"chunked" in headers.get(b"transfer-encoding", b""):
            response = error_response(411, "send a Content-Length", "bad_request")
        elif length is not None and (not length.isdigit() or int(length) > limit):
            response = error_response(
                413, f"request body over {limit} bytes or bad Content-Length", "too_big")
        else:
            await self.app(scope, receive, send)
            return
        await response(scope, receive, send)


#: Headers on every HTTP answer (pages, API, static files).
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
     b"img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; "
     b"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders(HttpMiddleware):
    """Add :data:`SECURITY_HEADERS` to every HTTP response."""

    async def http(self, scope: Any, receive: Any, send: Any) -> None:
        """Pass the request on; its answer gets the headers."""

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", [])
                           if h[0].lower() not in {k for k, _ in SECURITY_HEADERS}]
                message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)


class Failures(HttpMiddleware):
    """A request that fails is answered in the API's form, under the security headers,
    rather than by Starlette's plain-text "Internal Server Error": a 503 ``server_error`` to
    try again when the database could not do it (down, or its disk full: nothing was
    stored), a 500 ``server_error`` for anything else. The failure is logged."""

    async def http(self, scope: Any, receive: Any, send: Any) -> None:
        """Pass the request on; answer for it if it fails before its answer started."""
        started = False

        async def watch(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            if started:  # too late for another answer
                raise
            lobby = getattr(scope["app"].state, "lobby", None)
            if lobby is not None:
                lobby.storage.failed(exc, "%s %s failed", scope["method"], scope["path"])
            else:
                log.exception("%s %s failed", scope["method"], scope["path"])
            metrics.failed("request")
            if isinstance(exc, OperationalError):
                response = error_response(
                    503, "the database could not do this now; nothing changed, try again "
                    "later", "server_error", {"Retry-After": "10"})
            else:
                response = error_response(
                    500, f"the server failed ({type(exc).__name__}); nothing changed",
                    "server_error")
            await response(scope, receive, send)


class HeadAsGet:
    """Answer ``HEAD`` on the API, the health checks and the metrics as ``GET`` without the body
    (HTTP servers must take ``HEAD`` wherever they take ``GET``; FastAPI's routes take only the
    methods they name, and monitors check health with ``HEAD``)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD" or not (
                scope["path"].startswith(("/api/", "/health/")) or scope["path"] == "/metrics"):
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Any) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


class WebFiles(StaticFiles):
    """The web client's files (and its texts), asked again on every load (``Cache-Control:
    no-cache``: the answer is a 304 by their ETag while they are unchanged). Without it a
    browser reused its copies for days by its own reckoning (a tenth of the files' age), and
    after an upgrade mixed modules of the old client with the new."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        """The file's response, with its cache rule."""
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def web_files(directory: Path, html: bool = False) -> Any:
    """The ASGI app of a folder of the client: :class:`WebFiles`, gzipped for a browser that
    takes it (the client's modules and texts shrink to about a quarter)."""
    return GZipMiddleware(WebFiles(directory=directory, html=html), minimum_size=1000)


def rate_category(method: str, path: str) -> str | None:
    """Which rate limit an API request counts against, besides ``rest``.

    >>> rate_category("POST", "/api/games"), rate_category("POST", "/api/games/x/join")
    ('create', 'join')
    >>> rate_category("GET", "/api/games") is None
    True
    """
    if method == "POST" and path.rstrip("/") == "/api/games":
        return "create"
    if method == "POST" and path.startswith("/api/games/") and path.endswith("/join"):
        return "join"
    return None


async def _redis(url: str) -> Any:
    """A Redis client for presence (None without a URL)."""
    if not url:
        return None
    import redis.asyncio as aioredis

    client = aioredis.from_url(url)
    await client.ping()
    return client


def default_db_url() -> str:
    """A SQLite file in the user's data directory (created if needed)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("tycoon", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tycoon.sqlite3'}"


def create_app(
    db_url: str | None = None,
    *,
    settings: ServerSettings | None = None,
    broker: Broker | None = None,
    **overrides: Any,
) -> FastAPI:
    """Build the server application.

    ``db_url``: a SQLAlchemy URL (default: :func:`default_db_url`); ``settings`` and keyword
    ``overrides`` (e.g. ``decision_seconds=2``, ``bot_delay=0``) tune it; ``broker`` fans
    updates out (default: through Redis if the ``redis_url`` setting is given, else in this
    process only).
    """
    settings = (settings or ServerSettings()).replace(**overrides)
    url = db_url or default_db_url()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(url, prefix=settings.table_prefix)
        # one server alone on its database, or the processes of a cluster together
        claim = Claim(storage.engine, settings.table_prefix, shared=bool(settings.advertise_url))
        await storage.open()
        # cluster mode: every watcher's socket reaches the game's owner (relayed), so updates
        # fan out inside the owner; Redis pub/sub is for processes that share games otherwise
        fanout = broker or (RedisBroker(settings.redis_url)
                            if settings.redis_url and not settings.advertise_url
                            else LocalBroker())
        await fanout.start()
        lobby = Lobby(storage, fanout, settings)
        if isinstance(fanout, RedisBroker):
            fanout.on_relisten = lobby.resend
        app.state.limiter = Limiter(settings)
        cluster = None
        if settings.advertise_url:
            # several processes: games are taken by lease (the loop takes orphans), not all
            # restored here (docs/deploy.md)
            from .cluster import Cluster

            cluster = lobby.cluster = Cluster(lobby, await _redis(settings.redis_url))
            cluster.start()
            log.info("tycoon server: cluster mode as %s", cluster.owner)
        else:
            restored = await lobby.restore()
            log.info("tycoon server: %d unfinished game(s) restored", restored)
        lobby.start()
        app.state.lobby = lobby
        if settings.gc_freeze:
            # Long-lived objects (modules, restored games) leave the collector's scans, and
            # collections come less often: shorter and rarer pauses under load.
            gc.collect()
            gc.freeze()
            gc.set_threshold(50_000, 20, 20)
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.stop()
                if cluster.redis is not None:
                    await cluster.redis.aclose()
            await lobby.close()
            await fanout.stop()
            await storage.close()
            claim.release()

    app = FastAPI(
        title="Tycoon",
        summary="Play board and card games online: lobby, games, records.",
        description="REST API of the Tycoon server; the WebSocket protocol of "
        "`/ws/games/{id}` is documented in docs/protocol.md.",
        version="1",
        lifespan=lifespan,
        # The API's documentation is the client's page /docs/ (over the same /openapi.json):
        # FastAPI's /docs and /redoc load another site's scripts, which the
        # Content-Security-Policy refuses (their pages were blank), and need the internet.
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.replays = Replays()
    app.state.limiter = Limiter(settings)

    @app.middleware("http")
    async def rate_limits(request: Request, call_next: Any) -> Any:
        path = request.url.path
        if path.startswith("/api/"):
            limiter: Limiter = request.app.state.limiter
            address = client_address(request)
            category = rate_category(request.method, path)
            for name in ("rest", category):
                if name is not None and not await limiter.hit(name, address):
                    limit = getattr(settings, f"{name}_limit")
                    return error_response(
                        429, f"too many requests from your address ({name}: at most {limit}); "
                             "try again later", "rate_limited", headers={"Retry-After": "60"})
        return await call_next(request)

    app.add_middleware(ForwardRequests)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes,
                       larger={"/api/replay/": settings.max_record_bytes})
    app.add_middleware(Failures)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(HeadAsGet)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status_code, exc.detail, exc.code, exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (a body it cannot read, a file not found) in the API's form;
        # a request under /api that no route took reached the static files: the API answers
        if exc.status_code in (404, 405) and request.url.path.startswith("/api/"):
            return no_such_call(request)
        return error_response(exc.status_code, exc.detail, "bad_request", exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # a validator's own words, without pydantic's "Value error, " before them
        errors = [
            {"loc": [str(x) for x in e.get("loc", ())],
             "msg": str(e.get("msg", "")).removeprefix("Value error, ")}
            for e in exc.errors()
        ]
        detail = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors)
        return error_response(422, detail or "invalid request", "bad_request", errors=errors)

    app.include_router(router)
    app.include_router(health_router)

    @app.get("/metrics", include_in_schema=False)
    async def metrics_endpoint(request: Request) -> Response:
        """Prometheus metrics of this process (docs/deploy.md)."""
        return Response(metrics.render(getattr(request.app.state, "lobby", None)),
                        media_type=metrics.CONTENT_TYPE)
    app.add_api_websocket_route("/ws/games/{game_id}", game_socket_anywhere)
    i18n_dir = WEB_DIR.parent / "i18n"  # the client's texts (en, pt, es, fr), see docs/web.md
    if i18n_dir.is_dir():
        app.mount("/i18n", web_files(i18n_dir), name="i18n")
    app.mount("/docs/assets", web_files(API_DOCS_ASSETS), name="api-docs")
    if WEB_DIR.is_dir():
        app.mount("/", web_files(WEB_DIR, html=True), name="web")
    return app
