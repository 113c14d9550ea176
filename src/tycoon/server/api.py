"""The REST API under ``/api``: kinds (with each game's data and words), games (create,
list, show), join, record, replay, the lobby's chat; and the health checks."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from functools import cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Query, Request, Response, status
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

from tycoon.engine import LANGUAGES, games, get_game

from .lobby import Lobby, LobbyError, seat_kinds, stored_summary, summary
from .models import (
    ChatMessage,
    ChatPost,
    CreateGame,
    ErrorBody,
    GameKind,
    GameRecord,
    GameSummary,
    Joined,
    JoinGame,
    RecordFile,
    ReplayStep,
)
from .protocol import REST_ERROR_CODES
from .updates import outcome_json

log = logging.getLogger("tycoon.server")


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for error answers (``ErrorBody``) of these statuses."""
    return {status: {"model": ErrorBody} for status in statuses}


#: Every API call may be refused as a bad request (422) or over a rate limit (429), and fail
#: with ``server_error``: 503 when the database could not do it (down, or its disk full), 500
#: for anything else.
router = APIRouter(prefix="/api", responses=_errors(422, 429, 500, 503))
health_router = APIRouter(prefix="/health")

GameId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
ERRORS = _errors(404, 409)
#: A call with a body: one that is not text (400), comes without a length (411), is too big
#: (413).
BODY_ERRORS = _errors(400, 411, 413)


def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


class ApiError(HTTPException):
    """An error answer that also carries a ``code`` (``{"detail", "code"}``): ``detail`` says
    what is wrong in English, for people reading logs and scripts; ``code`` names the case, so
    a client can say it in its user's language (docs/protocol.md, "Error answers")."""

    def __init__(self, status_code: int, detail: str, code: str = "bad_request",
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(status_code, detail, headers)
        self.code = code


def error_response(status: int, detail: str, code: str, headers: dict[str, str] | None = None,
                   **more: Any) -> JSONResponse:
    """Every error answer of the API: ``{"detail", "code", ...}`` (docs/protocol.md, "Error
    answers")."""
    assert code in REST_ERROR_CODES, code
    return JSONResponse({"detail": detail, "code": code, **more}, status, headers=headers)


def _fail(exc: LobbyError) -> ApiError:
    return ApiError(exc.status, str(exc), exc.code)


@router.get("/health")
async def health() -> dict[str, str]:
    """Liveness (kept for older clients: see `/health/live`)."""
    return {"status": "ok"}


@health_router.get("/live")
async def live() -> dict[str, str]:
    """The process answers."""
    return {"status": "ok"}


@health_router.get("/ready", responses=_errors(503))
async def ready(request: Request) -> dict[str, Any]:
    """Ready to serve: games restored and the database answers (503 otherwise)."""
    lobby: Lobby | None = getattr(request.app.state, "lobby", None)
    if lobby is None:
        raise ApiError(503, "starting: games are being restored", "not_ready")
    if lobby.cluster is not None and lobby.cluster.draining:
        raise ApiError(503, "stopping: games are being handed over", "not_ready")
    try:
        await lobby.storage.ping()
    except Exception as exc:
        raise ApiError(503, f"the database does not answer: {type(exc).__name__}",
                       "not_ready") from None
    return {"status": "ok", "games": len(lobby.rooms)}


#: The kinds of games, their data and catalogs change only with the server: asked again on
#: each load and answered 304 by their ETag (kept 5 minutes, a page just after an upgrade
#: drew the new client's words from the old catalogs).
CACHE = "no-cache"


def _cached(data: Any, request: Request, response: Response) -> Any:
    """``data`` with an ETag (304 when the client has it) and a cache lifetime."""
    tag = '"' + hashlib.blake2b(json.dumps(data, sort_keys=True).encode(),
                                digest_size=12).hexdigest() + '"'
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers={"ETag": tag, "Cache-Control": CACHE})
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = CACHE
    return data


@cache
def _kinds(lobby_bots: tuple[str, ...]) -> list[dict[str, Any]]:
    ladder = _ladder()
    out = []
    for name in games():
        try:
            info = get_game(name)
        except (ImportError, TypeError, ValueError):
            continue
        offered = seat_kinds(name, lobby_bots)
        out.append({
            "name": name,
            "title": info.title,
            "min_seats": info.min_seats,
            "max_seats": info.max_seats,
            "default_seats": info.default_seats,
            "options": info.describe_options(),
            "players": ["human", *offered],
            "ratings": bot_ratings(ladder.get(name, {}), offered),
        })
    return out


def _ladder() -> dict[str, Any]:
    """The ladder's entries by game (``ladder.json``, made by ``tycoon ladder --ratings``)."""
    from tycoon.study.ladder import load_ratings

    try:
        return load_ratings()["games"]
    except ValueError:
        log.exception("the ladder's ratings file cannot be read")
        return {}


def bot_ratings(entry: dict[str, Any],
                offered: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Elo and its 95% interval of each bot the lobby offers (``offered``), from a game's
    ladder ``entry``; bots not on the ladder are left out."""
    return {bot: {"elo": round(r["elo"]), "ci95": [round(x) for x in r["ci95"]]}
            for bot, r in entry.get("bots", {}).items() if bot in offered}


@router.get("/kinds", response_model=list[GameKind])
async def kinds(request: Request, response: Response) -> Any:
    """The games this server offers: title, seat counts, options, seat kinds."""
    return _cached(_kinds(_lobby(request).settings.lobby_bots), request, response)


def _game_or_404(game: str) -> Any:
    if game not in games():
        raise ApiError(404, f"unknown game {game!r}; this server offers: "
                            f"{', '.join(games())}")
    return get_game(game)


@cache
def _client_data(game: str) -> dict[str, Any]:
    return _game_or_404(game).client_data()


@router.get("/kinds/{game}/data", responses=ERRORS)
async def kind_data(game: Annotated[str, Path(max_length=32)], request: Request,
                    response: Response) -> Any:
    """What clients draw the game from (board, cards, prices, ...), made by the game package."""
    return _cached(_client_data(game), request, response)


@router.get("/kinds/{game}/messages/{lang}", responses=ERRORS)
async def kind_messages(game: Annotated[str, Path(max_length=32)],
                        lang: Annotated[str, Path(max_length=8)], request: Request,
                        response: Response) -> Any:
    """The game's message catalog in ``lang`` (one of en, pt, es, fr): the words of its
    actions, events, cards and options, rendered by clients (see docs/protocol.md)."""
    info = _game_or_404(game)
    if lang not in LANGUAGES:
        raise ApiError(404, f"no {lang!r} catalog; languages: {', '.join(LANGUAGES)}")
    if lang not in info._catalogs:
        raise ApiError(404, f"{game} has no {lang!r} catalog")
    return _cached(info.catalog(lang), request, response)


def client_address(request: Request) -> str:
    """The client's address (the first ``X-Forwarded-For`` hop when ``trust_forwarded``)."""
    if request.app.state.settings.trust_forwarded:
        forwarded = request.headers.get("x-forwarded-for", "")
        if forwarded.strip():
            return forwarded.split(",")[0].strip()[:64]
    return request.client.host if request.client else ""


@router.post("/games", response_model=GameSummary, status_code=status.HTTP_201_CREATED,
             responses={**ERRORS, **BODY_ERRORS, **_errors(503)})
async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
    """Create a game. It starts once every `human` seat is joined (at once with only bots)."""
    options = dict(body.options)
    if body.preset is not None:
        options["preset"] = body.preset
    try:
        room = await _lobby(request).create(
            body.game, list(body.players), options, body.decision_seconds, body.seed, body.name,
            spectator_chat=body.spectator_chat, creator=client_address(request),
        )
    except LobbyError as exc:
        raise _fail(exc) from None
    return summary(room)


@router.get("/games", response_model=list[GameSummary], responses=ERRORS)
async def list_games(
    request: Request,
    status: Annotated[
        Literal["open", "playing", "finished"] | None,
        Query(description="Only games with this status (open: seats free to join)."),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    """Games to join (`open`), to watch (`playing`) or to replay (`finished`)."""
    lobby = _lobby(request)
    if lobby.cluster is not None:  # several processes: the database's list
        games = await lobby.cluster.summaries(status, limit)
    else:
        games = lobby.summaries(status)
    if status in (None, "finished"):
        seen = {g["id"] for g in games}
        for row, seats, version in await lobby.storage.list_games(("finished",), limit):
            if row.id not in seen:
                games.append(stored_summary(row, seats, version))
    return games[:limit]


@router.get("/games/{game_id}", response_model=GameSummary, responses=ERRORS)
async def show_game(game_id: GameId, request: Request) -> dict[str, Any]:
    """One game's summary."""
    lobby = _lobby(request)
    room = await lobby.room(game_id)
    if room is None:
        raise ApiError(404, f"unknown game {game_id!r}", "unknown_game")
    data = summary(room)
    lobby.forget_if_idle(room)
    return data


@router.post("/games/{game_id}/join", response_model=Joined,
             responses={**ERRORS, **BODY_ERRORS, **_errors(503)})
async def join_game(game_id: GameId, body: JoinGame, request: Request) -> dict[str, Any]:
    """Take a free seat with a display name; the answer holds the seat's secret token."""
    try:
        joined = await _lobby(request).join(game_id, body.name, body.seat)
    except LobbyError as exc:
        raise _fail(exc) from None
    return {"game_id": game_id, "seat": joined.seat, "token": joined.token,
            "ws": f"/ws/games/{game_id}"}


@router.get("/games/{game_id}/record", response_model=GameRecord, responses=ERRORS)
async def game_record(game_id: GameId, request: Request) -> dict[str, Any]:
    """The game's record: seed and every action once it is over; before, a redacted one
    (no seed, action types only) that reveals nothing hidden."""
    lobby = _lobby(request)
    room = await lobby.room(game_id)
    if room is None:
        raise ApiError(404, f"unknown game {game_id!r}", "unknown_game")
    data = room.record_json(full=room.status == "finished")
    lobby.forget_if_idle(room)
    return data


#: The replay endpoints' query: whose view, and from which step the history starts.
ReplaySeat = Annotated[int | None, Query(ge=0, le=7, description="Whose view (none: a "
                                         "spectator's).")]
ReplaySince = Annotated[int | None, Query(ge=0, le=1_000_000, description=(
    "Also the events of each step after this one and before `step` (at most 200 steps back), "
    "in `history`."))]


@router.get("/games/{game_id}/replay/{step}", response_model=ReplayStep, responses=ERRORS)
async def replay_step(
    game_id: GameId,
    step: Annotated[int, Path(ge=0, le=1_000_000)],
    request: Request,
    seat: ReplaySeat = None,
    since: ReplaySince = None,
) -> dict[str, Any]:
    """A finished game's position after `step` actions, as `seat` saw it, for the web
    client's replay viewer: `{"step", "total", "action", "actor", "events", "history", "view",
    "result"}` (`action`, `actor` and `events`: those of action number `step`, `actor` saying
    who chose it as an update does; `history`: the events and actor of the steps after
    `since`, `[{"step", "events", "actor"}]`). Only once the game is over (409 before)."""
    lobby = _lobby(request)
    room = await lobby.room(game_id)
    if room is None:
        raise ApiError(404, f"unknown game {game_id!r}", "unknown_game")
    try:
        if room.status != "finished":
            raise ApiError(409, "the game is not over: replays open when it ends", "not_over")
        if seat is not None and seat >= room.row.seats:
            raise ApiError(422, f"seat must be from 0 to {room.row.seats - 1}")
        record = room.record()
        chosen = [(e.by, e.reason) for e in room.log]
        try:
            data = await asyncio.to_thread(
                request.app.state.replays.step, game_id, record, step, seat, since, chosen
            )
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        return {**data, "result": room.row.result or outcome_json(room.state)}
    finally:
        lobby.forget_if_idle(room)


@router.post("/replay/{step}", response_model=ReplayStep,
             responses={**ERRORS, **BODY_ERRORS})
async def replay_record_step(
    step: Annotated[int, Path(ge=0, le=1_000_000)],
    body: RecordFile,
    request: Request,
    seat: ReplaySeat = None,
    since: ReplaySince = None,
) -> dict[str, Any]:
    """The position after `step` actions of a record sent in the body (a record file: the
    replay viewer's download, `tycoon tournament --records`, `tycoon play --record`), as
    `GET /games/{id}/replay/{step}` gives a finished game's (with who chose each action when
    the file says it); `result` once that position is over. Nothing is stored: each request
    replays the record (a `422` says which action of it does not replay)."""
    if body.game not in games():
        raise ApiError(422, f"unknown game {body.game!r}; expected one of: "
                            f"{', '.join(games())}")
    if seat is not None and seat >= body.seats:
        raise ApiError(422, f"seat must be from 0 to {body.seats - 1}")
    from tycoon.engine import Record

    try:  # an action by a seat the game does not have is refused by the record itself
        record = Record(body.game, body.seats, body.seed, dict(body.options),
                        [(a.seat, a.action) for a in body.actions])
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None
    key = "record:" + hashlib.sha256(
        json.dumps(record.to_json(), sort_keys=True).encode()).hexdigest()
    replays = request.app.state.replays
    if not replays.knows(key) and not await request.app.state.limiter.hit(
            "record", client_address(request)):
        raise ApiError(429, "too many new record files from your address (at most "
                            f"{request.app.state.settings.record_limit}); try again later",
                       "rate_limited", headers={"Retry-After": "60"})
    try:
        chosen = [None if a.by is None else (a.by, a.reason) for a in body.actions]
        return await asyncio.to_thread(replays.step, key, record, step, seat, since, chosen)
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None


@router.get("/lobby/chat", response_model=list[ChatMessage], response_model_exclude_none=True,
            response_model_by_alias=True)
async def lobby_chat(
    request: Request,
    # chat ids are the database's 32-bit integers (PostgreSQL refuses a larger one)
    after: Annotated[int, Query(ge=0, le=2**31 - 1,
                                description="Only messages after this id.")] = 0,
) -> list[dict[str, Any]]:
    """The lobby's chat: the latest 100 messages after `after`, oldest first."""
    from .table import chat_message

    rows = await _lobby(request).storage.load_chat("", after, 100)
    return [chat_message(r) for r in rows]


@router.post("/lobby/chat", response_model=ChatMessage, status_code=status.HTTP_201_CREATED,
             response_model_exclude_none=True, response_model_by_alias=True,
             responses={**ERRORS, **BODY_ERRORS})
async def post_lobby_chat(body: ChatPost, request: Request) -> dict[str, Any]:
    """Write in the lobby's chat (at most 5 messages in 10 s per address); shown as text."""
    from .protocol import ProtocolError, parse_chat

    try:
        text = parse_chat({"text": body.text}, "chat")["text"]
    except ProtocolError as exc:
        raise ApiError(422, str(exc)) from None
    limiter = request.app.state.limiter
    if not await limiter.hit("lobby_chat", client_address(request)):
        raise ApiError(429, "too many chat messages: at most "
                            f"{request.app.state.settings.lobby_chat_limit}", "rate_limited")
    return await _lobby(request).lobby_chat(body.name, text)


def allowed_methods(path: str) -> set[str]:
    """The methods the API takes at ``path``, over all of its routes (``HEAD`` with ``GET``:
    the app's ``HeadAsGet`` answers it)."""
    methods = {method for route in router.routes
               if isinstance(route, APIRoute) and route.path_regex.match(path)
               for method in route.methods}
    return methods | {"HEAD"} if "GET" in methods else methods


def no_such_call(request: Request) -> JSONResponse:
    """The answer to a request under ``/api`` that no route takes, whatever its method: a
    405 naming the methods the path takes, else a 404 (the app's error handler gives it in
    place of the static files' answer)."""
    if methods := allowed_methods(request.url.path):
        return error_response(405, f"{request.method} is not a method of {request.url.path}",
                              "bad_request", {"Allow": ", ".join(sorted(methods))})
    return error_response(404, f"the API has no {request.url.path}", "bad_request")
