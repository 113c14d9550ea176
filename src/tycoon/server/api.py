"""The REST API under ``/api``: kinds, games (create, list, show), join, record."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Query, Request, status

from tycoon.engine import games, get_game

from .lobby import BOT_STRENGTHS, Lobby, LobbyError, summary
from .models import (
    CreateGame,
    ErrorBody,
    GameKind,
    GameRecord,
    GameSummary,
    Joined,
    JoinGame,
    ReplayStep,
)

router = APIRouter(prefix="/api")

GameId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody}, 409: {"model": ErrorBody}, 422: {"model": ErrorBody},
}


def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


def _fail(exc: LobbyError) -> HTTPException:
    return HTTPException(exc.status, str(exc))


@router.get("/health")
async def health() -> dict[str, str]:
    """Liveness."""
    return {"status": "ok"}


@router.get("/kinds", response_model=list[GameKind])
async def kinds() -> list[dict[str, Any]]:
    """The games this server offers, their seat counts and options."""
    out = []
    for name in games():
        try:
            module = get_game(name)
        except ImportError:
            continue
        out.append({
            "name": name,
            "min_seats": module.min_seats,
            "max_seats": module.max_seats,
            "default_seats": module.default_seats,
            "options": module.describe_options(),
            "players": ["human", *BOT_STRENGTHS],
        })
    return out


@router.post("/games", response_model=GameSummary, status_code=status.HTTP_201_CREATED,
             responses={**ERRORS, 503: {"model": ErrorBody}})
async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
    """Create a game. It starts once every `human` seat is joined (at once with only bots)."""
    options = dict(body.options)
    if body.preset is not None:
        options["preset"] = body.preset
    try:
        room = await _lobby(request).create(
            body.game, list(body.players), options, body.decision_seconds, body.seed, body.name
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
    games = lobby.summaries(status)
    if status in (None, "finished"):
        seen = {g["id"] for g in games}
        for row, seats in await lobby.storage.list_finished(limit):
            if row.id not in seen:
                games.append(_row_summary(row, seats))
    return games[:limit]


def _row_summary(row: Any, seats: list[Any]) -> dict[str, Any]:
    return {
        "id": row.id, "game": row.game, "name": row.name, "status": row.status,
        "seats": row.seats,
        "players": [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
             "taken": s.kind == "bot" or s.token_hash is not None, "connected": False}
            for s in seats
        ],
        "free_seats": [], "options": row.options, "decision_seconds": row.decision_seconds,
        "seeded": row.seeded, "version": 0, "turn": None, "created": row.created,
        "result": row.result,
    }


@router.get("/games/{game_id}", response_model=GameSummary, responses=ERRORS)
async def show_game(game_id: GameId, request: Request) -> dict[str, Any]:
    """One game's summary."""
    lobby = _lobby(request)
    room = await lobby.room(game_id)
    if room is None:
        raise HTTPException(404, f"unknown game {game_id!r}")
    data = summary(room)
    lobby.forget_if_idle(room)
    return data


@router.post("/games/{game_id}/join", response_model=Joined, responses=ERRORS)
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
        raise HTTPException(404, f"unknown game {game_id!r}")
    data = room.record_json(full=room.status == "finished")
    lobby.forget_if_idle(room)
    return data


@router.get("/games/{game_id}/replay/{step}", response_model=ReplayStep, responses=ERRORS)
async def replay_step(
    game_id: GameId,
    step: Annotated[int, Path(ge=0, le=1_000_000)],
    request: Request,
    seat: Annotated[int | None, Query(ge=0, le=7, description="Whose view (none: a spectator's).")]
    = None,
) -> dict[str, Any]:
    """A finished game's position after `step` actions, as `seat` saw it, for the web
    client's replay viewer: `{"step", "total", "action", "actor", "events", "view", "result"}`
    (`action` and `events`: those of action number `step`). Only once the game is over (409
    before)."""
    lobby = _lobby(request)
    room = await lobby.room(game_id)
    if room is None:
        raise HTTPException(404, f"unknown game {game_id!r}")
    try:
        if room.status != "finished":
            raise HTTPException(409, "the game is not over: replays open when it ends")
        if seat is not None and seat >= room.row.seats:
            raise HTTPException(422, f"seat must be from 0 to {room.row.seats - 1}")
        record = room.recorder.record
        try:
            data = await asyncio.to_thread(
                request.app.state.replays.step, game_id, record, step, seat
            )
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        return {**data, "result": room.row.result or room.state.result()}
    finally:
        lobby.forget_if_idle(room)
