"""The lobby: creates games, lets players join seats, finds rooms, restores games on start-up."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from tycoon.bots import make_bot
from tycoon.engine import Record, Recorder, check_seed, get_game, new_seed, replay

from .broker import Broker
from .room import Room
from .settings import ServerSettings
from .storage import GameRow, SeatRow, Storage

log = logging.getLogger("tycoon.server")

#: Bot strengths the API offers, and the ``make_bot`` name each maps to.
BOT_STRENGTHS = {"random": "random", "easy": "easy", "medium": "medium", "hard": "hard"}


class LobbyError(ValueError):
    """A request the lobby refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Joined:
    """A seat given to a player: the secret token acts for it."""

    game_id: str
    seat: int
    token: str


class Lobby:
    """Every room of this server process, and the storage and broker they share."""

    def __init__(self, storage: Storage, broker: Broker, settings: ServerSettings) -> None:
        self.storage = storage
        self.broker = broker
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self.executor = ThreadPoolExecutor(settings.bot_threads, thread_name_prefix="tycoon-bot")
        self._processes: Executor | None = None
        self._loading: dict[str, asyncio.Future[Room | None]] = {}

    def processes(self) -> Executor | None:
        """The worker processes of thinking bots (started on first use), or None."""
        if self.settings.bot_processes <= 0:
            return None
        if self._processes is None:
            from .thinking import process_pool

            self._processes = process_pool(self.settings.bot_processes)
        return self._processes

    def _drop_processes(self) -> None:
        """Forget a broken process pool (a new one starts on next use)."""
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
            self._processes = None

    def _room(self, row: GameRow, seats: list[SeatRow], recorder: Recorder,
              meta: list[tuple[str, str | None]],
              client_seqs: list[int | None] | None = None) -> Room:
        return Room(row, seats, recorder, meta, storage=self.storage, broker=self.broker,
                    settings=self.settings, executor=self.executor, processes=self.processes,
                    on_finished=self.forget_if_idle, on_broken_pool=self._drop_processes,
                    client_seqs=client_seqs)

    async def restore(self) -> int:
        """Load every unfinished game by replaying its record; return how many."""
        count = 0
        for row, seats in await self.storage.load_games(("open", "playing")):
            try:
                room = await self._load(row, seats)
            except Exception as exc:
                # e.g. a record made by an older version of the rules: the game cannot go on
                log.exception("game %s could not be restored", row.id)
                await self.storage.set_status(row.id, "finished", {
                    "game": row.game, "finished": False, "winner": None,
                    "reason": f"not restorable: {exc}"[:200],
                })
                continue
            self.rooms[row.id] = room
            if room.state.is_over and room.status != "finished":
                room.row.status = "finished"
                room.row.result = room.state.result()
                await self.storage.set_status(row.id, "finished", room.row.result)
            room.start()
            count += 1
        return count

    async def _load(self, row: GameRow, seats: list[SeatRow]) -> Room:
        actions = await self.storage.load_actions(row.id)
        record = Record(row.game, row.seats, row.seed, dict(row.options),
                        [(a.seat, a.action) for a in actions])
        state = await asyncio.to_thread(replay, record)
        return self._room(row, seats, Recorder(record, state), [(a.by, a.reason) for a in actions],
                          [a.client_seq for a in actions])

    async def close(self) -> None:
        """Stop every room's clocks and bots."""
        for room in list(self.rooms.values()):
            await room.close()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)

    # -- games ------------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        players: list[str],
        options: dict[str, Any],
        decision_seconds: float | None,
        seed: int | None,
        name: str,
    ) -> Room:
        """Create a game; every problem (game, seats, options, bots) is a ``LobbyError``."""
        try:
            module = get_game(game)
        except (ValueError, ImportError) as exc:
            raise LobbyError(str(exc)) from None
        live = sum(1 for r in self.rooms.values() if r.status != "finished")
        if live >= self.settings.max_games:
            raise LobbyError("the server is full: try again later", 503)
        n = len(players)
        if not module.MIN_SEATS <= n <= module.MAX_SEATS:
            raise LobbyError(
                f"{game} is played by {module.MIN_SEATS} to {module.MAX_SEATS} seats, not {n}"
            )
        seeded = seed is not None
        try:
            seed = check_seed(seed) if seeded else new_seed()
        except ValueError as exc:
            raise LobbyError(str(exc)) from None
        try:
            state = module.new_game(seats=n, seed=seed, **options)
        except (ValueError, TypeError) as exc:
            raise LobbyError(f"bad options: {exc}") from None
        seats = []
        for i, kind in enumerate(players):
            if kind == "human":
                seats.append(SeatRow(i, "human"))
                continue
            spec = BOT_STRENGTHS.get(kind)
            if spec is None:
                raise LobbyError(f"seat {i}: unknown player {kind!r}; expected human or one of "
                                 f"{', '.join(BOT_STRENGTHS)}")
            try:
                make_bot(spec, game, 0)
            except ValueError as exc:
                raise LobbyError(f"seat {i}: bot {kind!r} is not available: {exc}") from None
            seats.append(SeatRow(i, "bot", spec, f"{kind} bot"))
        status = "playing" if all(s.kind == "bot" for s in seats) else "open"
        row = GameRow(
            id=secrets.token_urlsafe(9), game=game, seats=n, seed=seed, options=dict(options),
            decision_seconds=float(decision_seconds or self.settings.decision_seconds),
            status=status, seeded=seeded, name=name, created=time.time(),
        )
        await self.storage.create_game(row, seats)
        record = Record(game, n, seed, dict(options))
        room = self._room(row, seats, Recorder(record, state), [])
        self.rooms[row.id] = room
        room.start()
        return room

    async def join(self, game_id: str, name: str, seat: int | None) -> Joined:
        """Take a free human seat (the first one if ``seat`` is None)."""
        room = self.rooms.get(game_id)
        if room is None:
            if await self.storage.load_game(game_id) is None:
                raise LobbyError(f"unknown game {game_id!r}", 404)
            raise LobbyError("this game has ended", 409)
        if room.status == "finished":
            raise LobbyError("this game has ended", 409)
        free = room.free_seats()
        if seat is None:
            if not free:
                raise LobbyError("no free seat in this game", 409)
            seat = free[0]
        elif not 0 <= seat < room.row.seats:
            raise LobbyError(f"seat must be from 0 to {room.row.seats - 1}", 422)
        elif seat not in free:
            raise LobbyError(f"seat {seat} is not free", 409)
        token = secrets.token_urlsafe(24)
        if not await room.claim(seat, name, token):
            raise LobbyError(f"seat {seat} is not free", 409)
        return Joined(game_id, seat, token)

    async def room(self, game_id: str) -> Room | None:
        """A game's room, loading a finished game from the database if needed."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        pending = self._loading.get(game_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            found = await self.storage.load_game(game_id)
            loaded = None
            if found is not None:
                try:
                    loaded = await self._load(*found)
                except ValueError:
                    log.exception("game %s does not replay", game_id)
            if loaded is not None:
                self.rooms.setdefault(game_id, loaded)
                loaded = self.rooms[game_id]
            future.set_result(loaded)
            return loaded
        except Exception as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[game_id]

    def forget_if_idle(self, room: Room) -> None:
        """Drop a finished game nobody watches from memory (the database keeps it)."""
        if room.status == "finished" and not room.connections:
            self.rooms.pop(room.id, None)

    def summaries(self, status: str | None) -> list[dict[str, Any]]:
        """Summaries of the games in memory (open and playing ones, and recent finished ones)."""
        return [
            summary(r)
            for r in sorted(self.rooms.values(), key=lambda r: r.row.created)
            if status is None or r.status == status
        ]


def summary(room: Room) -> dict[str, Any]:
    """What the lobby shows of a game."""
    state = room.state
    return {
        "id": room.id,
        "game": room.row.game,
        "name": room.row.name,
        "status": room.status,
        "seats": room.row.seats,
        "players": room.players(),
        "free_seats": room.free_seats(),
        "options": dict(room.row.options),
        "decision_seconds": room.row.decision_seconds,
        "seeded": room.row.seeded,
        "version": room.version,
        "turn": getattr(state, "turn", None) if isinstance(getattr(state, "turn", None), int)
        else None,
        "created": room.row.created,
        "result": room.row.result,
    }
