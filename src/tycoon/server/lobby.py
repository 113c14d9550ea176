"""The lobby: creates games, lets players join seats, finds rooms, restores games on start-up."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Container
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from tycoon.bots import STRENGTHS, make_bot
from tycoon.engine import Record, check_seed, get_game, new_seed, replay_steps

from .broker import Broker
from .lease import StaleLease
from .protocol import RECENT, REST_ERROR_CODES, ProtocolError
from .room import Entry, Room, bot_seat_name, free_seats, public_seats
from .settings import ServerSettings
from .storage import SEAT_NAME_LENGTH, GameRow, SeatRow, Storage
from .table import chat_message
from .updates import outcome_json

log = logging.getLogger("tycoon.server")


def bot_strengths() -> list[str]:
    """The bot strengths the lobby offers (from the bots layer): ``random`` and the named
    strengths, weakest first."""
    return ["random", *STRENGTHS]


@cache
def seat_kinds(game: str, lobby_bots: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The bots a seat of ``game`` may be given: :func:`bot_strengths`, then those of
    ``lobby_bots`` (the server setting) that can play ``game``.

    >>> seat_kinds("deal", ("tuned", "learned"))
    ('random', 'easy', 'medium', 'hard', 'tuned', 'learned')
    >>> seat_kinds("capital", ("tuned", "learned"))  # both play Monopoly Deal only
    ('random', 'easy', 'medium', 'hard')
    """
    return (*bot_strengths(), *(spec for spec in lobby_bots if cannot_play(spec, game) is None))


def cannot_play(spec: str, game: str) -> str | None:
    """Why bot ``spec`` cannot play ``game`` (the error of building it for ``game``), or
    None when it can."""
    try:
        make_bot(spec, game, 0)
    except ValueError as exc:
        return str(exc)
    return None


def check_lobby_bots(specs: tuple[str, ...]) -> None:
    """Refuse a ``lobby_bots`` setting the lobby could not offer: a name taken by a seat kind
    already, one whose seat name a seat cannot store, an unknown bot, or one that plays none
    of the games (``ValueError``)."""
    from tycoon.engine import games

    for spec in specs:
        if spec.split(":")[0].strip().lower() in ("human", *bot_strengths()):
            raise ValueError(f"server setting 'lobby_bots': {spec!r} is offered already")
        if len(bot_seat_name(spec)) > SEAT_NAME_LENGTH:
            raise ValueError(f"server setting 'lobby_bots': {spec!r} is too long: its seat is "
                             f"named {bot_seat_name('SPEC')!r}, in at most {SEAT_NAME_LENGTH} "
                             f"characters")
        errors = []
        for game in games():
            why = cannot_play(spec, game)
            if why is None:
                break
            errors.append(f"{game}: {why}")
        else:
            raise ValueError(f"server setting 'lobby_bots': {spec!r} plays none of the games "
                             f"({'; '.join(errors)})")


class LobbyError(ValueError):
    """A request the lobby refuses; ``status`` is the HTTP status to answer with and ``code``
    names the case for clients that word it themselves (``bad_request``: the message is the
    only words there are)."""

    def __init__(self, message: str, status: int = 422, code: str = "bad_request") -> None:
        super().__init__(message)
        assert code in REST_ERROR_CODES, code
        self.status = status
        self.code = code


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
        #: Several processes: this process's :class:`~.cluster.Cluster` (None: on its own).
        self.cluster: Any = None

    def seat_kinds(self, game: str) -> tuple[str, ...]:
        """The bots a seat of ``game`` may be given here (:func:`seat_kinds`)."""
        return seat_kinds(game, self.settings.lobby_bots)

    def processes(self) -> Executor | None:
        """The worker processes of thinking bots (started on first use), or None."""
        if self.settings.bot_processes <= 0:
            return None
        if self._processes is None:
            from .thinking import process_pool

            self._processes = process_pool(self.settings.bot_processes)
        return self._processes

    def _drop_processes(self, pool: Executor, kill: bool = False) -> None:
        """Shut ``pool`` down, broken; with ``kill``, end its workers first (one thinks
        without end). If it is still the lobby's pool, a new one starts on next use."""
        if self._processes is pool:
            self._processes = None
        if kill:  # ProcessPoolExecutor.kill_workers() from Python 3.14
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def _room(self, row: GameRow, seats: list[SeatRow], state: Any,
              entries: list[Entry]) -> Room:
        return Room(row, seats, state, entries, storage=self.storage, broker=self.broker,
                    settings=self.settings, executor=self.executor, processes=self.processes,
                    on_finished=self.forget_if_idle, on_broken_pool=self._drop_processes)

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
            room.start()
            count += 1
        return count

    async def _load(self, row: GameRow, seats: list[SeatRow],
                    fence: tuple[str, int] | None = None) -> Room:
        """A game's room from its record; ``fence``: the lease under which it may write the
        status of a game found over (the caller then gives the room that fence)."""
        actions = await self.storage.load_actions(row.id)
        record = Record(row.game, row.seats, row.seed, dict(row.options),
                        [(a.seat, a.action) for a in actions])
        state, steps = await asyncio.to_thread(replay_steps, record, RECENT)
        room = self._room(row, seats, state, [
            Entry(a.seat, a.action, a.by, a.reason, a.client_seq) for a in actions])
        room.retell(steps)
        room.chat.load(await self.storage.load_chat(row.id))
        if room.state.is_over and room.status != "finished":
            # its last action was stored but its process died before marking it finished
            room.row.status = "finished"
            room.row.result = outcome_json(room.state)
            await self.storage.set_status(row.id, "finished", room.row.result, fence=fence)
        return room

    def start(self) -> None:
        """Start the background work: the expiry of open games nobody joins."""
        self._expiry = asyncio.create_task(self._expire_loop())

    async def _expire_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.expiry_check_seconds)
            try:
                await self.expire()
            except Exception:
                log.exception("expiring open games failed")

    def release(self, game_id: str) -> Room | None:
        """Drop a game's room from memory (the database keeps the game); the room, or None.

        Nothing in a room refers back to it, and its bots let go of their session players
        here, so the room is freed as soon as the last task or connection using it ends. With
        ``gc_freeze`` (thresholds raised for short pauses under load) the collector's full
        pass almost never comes, and rooms in cycles made a server grow by each game it had
        finished; a full pass at each release cost 0.2 s with 500 games in play.
        """
        room = self.rooms.pop(game_id, None)
        if room is not None:
            room.let_go()
        return room

    async def expire(self) -> list[str]:
        """Remove the open games nobody joined for ``open_game_seconds``; return their ids.

        Watchers get a last update (``notice`` ``server.notice.expired``), then the game is
        gone (its id is unknown from then on).
        """
        limit = time.time() - self.settings.open_game_seconds
        gone = []
        for room in list(self.rooms.values()):
            if room.status != "open" or room.last_join > limit:
                continue
            async with room.lock:
                if room.status != "open":
                    continue
                try:
                    await room._fenced(self.storage.delete_game(room.id, fence=room.fence))
                except StaleLease:  # another process owns it now: its expiry is theirs
                    continue
                room.row.status = "finished"
                room.row.result = {"finished": False, "winner": None, "reason": "expired"}
                await room._broadcast([], None, notice={"key": "server.notice.expired",
                                                        "params": {}})
            await room.close()
            self.release(room.id)
            gone.append(room.id)
        if gone:
            log.info("%d open game(s) nobody joined expired", len(gone))
        return gone

    async def resend(self) -> None:
        """Send every game in play its current update again, to every audience: after the
        broker lost messages (Redis went away and came back), so that a watcher who missed a
        change, the one saying it is their turn among them, sees the game as it is."""
        for room in list(self.rooms.values()):
            if room.status != "finished" and not room.closed:
                await room.presence_changed()

    async def close(self) -> None:
        """Stop every room's clocks and bots."""
        expiry = getattr(self, "_expiry", None)
        if expiry is not None:
            expiry.cancel()
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
        *,
        spectator_chat: bool = False,
        creator: str = "",
        rematch_of: str | None = None,
    ) -> Room:
        """Create a game; every problem (game, seats, options, bots) is a ``LobbyError``."""
        try:
            info = get_game(game)
        except (ValueError, ImportError) as exc:
            raise LobbyError(str(exc)) from None
        live = sum(1 for r in self.rooms.values() if r.status != "finished")
        if live >= self.settings.max_games:
            raise LobbyError("the server is full: try again later", 503, "server_full")
        n = len(players)
        if not info.min_seats <= n <= info.max_seats:
            raise LobbyError(
                f"{game} is played by {info.min_seats} to {info.max_seats} seats, not {n}"
            )
        seeded = seed is not None
        try:
            seed = check_seed(seed) if seeded else new_seed()
        except ValueError as exc:
            raise LobbyError(str(exc)) from None
        options = dict(options)
        preset = options.pop("preset", None)
        try:
            resolved = info.resolve_options(preset, options)
            state = info.make(n, seed, resolved)
        except (ValueError, TypeError) as exc:
            raise LobbyError(f"bad options: {exc}") from None
        seats = []
        offered = self.seat_kinds(game)
        for i, kind in enumerate(players):
            if kind == "human":
                seats.append(SeatRow(i, "human"))
                continue
            # A rematch keeps the bots of the game before, offered or not (a resigned
            # seat's replacement_bot, a lobby bot since taken off the menu).
            if kind not in offered and rematch_of is None:
                raise LobbyError(f"seat {i + 1}: unknown player {kind!r}; expected human or one "
                                 f"of {', '.join(offered)}")
            why = cannot_play(kind, game)
            if why is not None:
                raise LobbyError(f"seat {i + 1}: bot {kind!r} is not available: {why}")
            seats.append(SeatRow(i, "bot", kind, bot_seat_name(kind)))
        status = "playing" if all(s.kind == "bot" for s in seats) else "open"
        if status == "open" and creator and rematch_of is None:
            mine = sum(1 for r in self.rooms.values()
                       if r.status == "open" and r.row.creator == creator)
            if mine >= self.settings.max_open_per_address:
                raise LobbyError(
                    f"you already have {mine} open games waiting for players (at most "
                    f"{self.settings.max_open_per_address}): start or finish one first",
                    429, "too_many_open")
        row = GameRow(
            id=secrets.token_urlsafe(9), game=game, seats=n, seed=seed, options=resolved,
            decision_seconds=float(decision_seconds or self.settings.decision_seconds),
            status=status, seeded=seeded, name=name, created=time.time(),
            spectator_chat=spectator_chat, creator=creator, rematch_of=rematch_of,
        )
        await self.storage.create_game(row, seats)
        room = self._room(row, seats, state, [])
        room.retell([(0, state, state.opening())])
        if self.cluster is not None:
            await self.cluster.claim_new(room)
        self.rooms[row.id] = room
        room.start()
        return room

    async def join(self, game_id: str, name: str, seat: int | None) -> Joined:
        """Take a free human seat (the first one if ``seat`` is None)."""
        room = self.rooms.get(game_id)
        if room is None:
            if await self.storage.load_game(game_id) is None:
                raise LobbyError(f"unknown game {game_id!r}", 404, "unknown_game")
            raise LobbyError("this game has ended", 409, "game_over")
        if room.status == "finished":
            raise LobbyError("this game has ended", 409, "game_over")
        free = room.free_seats()
        if seat is None:
            if not free:
                raise LobbyError("no free seat in this game", 409, "no_free_seat")
            seat = free[0]
        elif not 0 <= seat < room.row.seats:
            raise LobbyError(f"seat must be from 0 to {room.row.seats - 1}", 422)
        elif seat not in free:
            raise LobbyError(f"seat {seat} is not free", 409, "seat_taken")
        if room.row.rematch_of is not None:
            raise LobbyError("this game is a rematch: its seats are for the players of the "
                             "game before", 409, "rematch_seats")
        token = secrets.token_urlsafe(24)
        try:
            claimed = await room.claim(seat, name, token)
        except StaleLease:
            raise LobbyError("the game is moving between server processes; try again",
                             503, "try_again") from None
        if not claimed:
            raise LobbyError(f"seat {seat} is not free", 409, "seat_taken")
        return Joined(game_id, seat, token)

    # -- between games ----------------------------------------------------------------------
    def resign_bot(self, game: str) -> str:
        """The bot that takes a seat for good (``replacement_bot``; random for a game without
        it)."""
        spec = self.settings.replacement_bot
        return spec if cannot_play(spec, game) is None else "random"

    async def rematch(self, room: Room, seat: int) -> dict[str, Any]:
        """``seat`` of a finished game accepts the rematch: the new game is made once (same
        seats and options, a new seed); the seat gets its place in it (``rematch_seat``) and
        every watcher hears who accepted (``rematch``). When every person has accepted, or
        ``rematch_seconds`` after the first acceptance, bots take the other people's seats and
        the game starts."""
        if room.status != "finished":
            raise ProtocolError("a rematch can be asked once the game is over", "not_over")
        if not room.is_person(seat):
            raise ProtocolError("only a person's seat can accept a rematch", "not_a_player")
        rematch = room.rematch
        async with room.lock:
            if rematch.game_id is None:
                game = room.row.game
                kinds = ["human" if s.kind == "human" else
                         s.bot if s.bot and cannot_play(s.bot, game) is None else
                         self.resign_bot(game)
                         for s in room.seat_rows]
                try:
                    new = await self.create(
                        game, kinds, dict(room.row.options), room.row.decision_seconds,
                        None, room.row.name, spectator_chat=room.row.spectator_chat,
                        creator=room.row.creator, rematch_of=room.id)
                except LobbyError as exc:
                    raise ProtocolError(f"no rematch: {exc}", "server_error") from None
                rematch.game_id = new.id
                loop = asyncio.get_running_loop()
                rematch.timer = loop.call_later(
                    self.settings.rematch_seconds,
                    lambda: asyncio.ensure_future(self._rematch_deadline(room)))
            new_room = await self.room(rematch.game_id)
            if new_room is None or new_room.status == "finished":
                raise ProtocolError("the rematch is over", "game_over")
            token = secrets.token_urlsafe(24)
            name = room.seat_rows[seat].name or f"seat {seat + 1}"
            if seat not in rematch.accepted:
                if not new_room.is_person(seat) or not await new_room.claim(seat, name, token):
                    raise ProtocolError("this seat has already accepted the rematch, from "
                                        "another connection", "bad_message")
                rematch.accepted.add(seat)
            else:
                raise ProtocolError("this seat has already accepted the rematch",
                                    "bad_message")
        announce = {"type": "rematch", "game_id": rematch.game_id,
                    "accepted": sorted(rematch.accepted), "started": new_room.status != "open"}
        await room.publish_all(announce)
        if not new_room.free_seats():
            self._end_rematch(room)
        return {"type": "rematch_seat", "game_id": rematch.game_id, "seat": seat,
                "token": token}

    def _end_rematch(self, room: Room) -> None:
        if room.rematch.timer is not None:
            room.rematch.timer.cancel()
            room.rematch.timer = None

    async def _rematch_deadline(self, room: Room) -> None:
        """The people who did not accept the rematch in time: bots take their seats."""
        room.rematch.timer = None
        new_room = await self.room(room.rematch.game_id or "")
        if new_room is None or new_room.status != "open":
            return
        await new_room.seat_bots(new_room.free_seats(), self.resign_bot(new_room.row.game),
                                 for_good=True, notice="server.notice.rematch_bots")
        await room.publish_all({"type": "rematch", "game_id": new_room.id,
                                "accepted": sorted(room.rematch.accepted), "started": True})

    # -- chat -------------------------------------------------------------------------------
    async def table_chat(self, room: Room, seat: int | None, name: str, text: str | None,
                         reaction: str | None) -> dict[str, Any]:
        """Store one chat message of a table and send it to every watcher."""
        row = await self.storage.add_chat(room.id, seat, name, text, reaction, time.time())
        message = chat_message(row)
        room.chat.add(message)
        await room.publish_all(message)
        return message

    async def lobby_chat(self, name: str, text: str) -> dict[str, Any]:
        """Store one message of the lobby's chat."""
        row = await self.storage.add_chat("", None, name, text, None, time.time())
        return chat_message(row)

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
            self.release(room.id)

    def summaries(self, status: str | None) -> list[dict[str, Any]]:
        """Summaries of the games in memory (open and playing ones, and recent finished ones),
        in the lobby's order: games to join first, then games to watch, then ended ones, the
        newest first within each (so a list cut short keeps the new games)."""
        rooms = sorted(self.rooms.values(), key=lambda r: (LIST_ORDER[r.status], -r.row.created))
        return [summary(r) for r in rooms if status is None or r.status == status]


#: Where each status stands in the lobby's list.
LIST_ORDER = {"open": 0, "playing": 1, "finished": 2}


def summary(room: Room) -> dict[str, Any]:
    """What the lobby shows of a game this process holds."""
    turn = getattr(room.state, "turn", None)
    return stored_summary(room.row, room.seat_rows, room.version, room.connected_seats(),
                          turn if isinstance(turn, int) else None)


def stored_summary(row: GameRow, seats: list[SeatRow], version: int,
                   connected: Container[int] = (), turn: int | None = None) -> dict[str, Any]:
    """What the lobby shows of a game from its rows: ``version`` actions played, the people
    of ``connected`` seats here (none when only the database was read)."""
    return {
        "spectator_chat": row.spectator_chat,
        "rematch_of": row.rematch_of,
        "id": row.id,
        "game": row.game,
        "name": row.name,
        "status": row.status,
        "seats": row.seats,
        "players": public_seats(seats, connected),
        "free_seats": free_seats(seats) if row.status == "open" else [],
        "options": dict(row.options),
        "decision_seconds": row.decision_seconds,
        "seeded": row.seeded,
        "version": version,
        "turn": turn,
        "created": row.created,
        "result": row.result,
    }
