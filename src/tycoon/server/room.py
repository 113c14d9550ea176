"""A room: one live game, its seats and its log; the only place where a game's state changes.

An action (from a person, a bot or a clock) goes through :meth:`Room.submit`: checked (turn,
parse, input session), applied to a *copy* of the position, appended to the database and
committed, and only then swapped in with its log row, acknowledged and broadcast. A refused
or failed action leaves the position untouched (no undo, no replay). The parts around it have
their own modules: the clocks (:mod:`.clocks`), the bot runner (:mod:`.botrunner`), what each
audience is sent (:mod:`.updates`), input sessions (:mod:`.sessions`), the table's chat and
rematch (:mod:`.table`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import time
import weakref
from collections import deque
from collections.abc import Awaitable, Callable, Container, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from tycoon.engine import Action, Event, Message, Record, State, get_game, seat_ref

from . import metrics, updates
from .botrunner import SILENT, BotRunner
from .clocks import Clocks
from .lease import StaleLease
from .protocol import RECENT, ProtocolError
from .sessions import SessionInputs
from .storage import GameRow, SeatRow
from .table import Rematch, TableChat

if TYPE_CHECKING:
    from .broker import Broker
    from .settings import ServerSettings
    from .storage import Storage

log = logging.getLogger("tycoon.server")
T = TypeVar("T")


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex).

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


def free_seats(seats: Iterable[SeatRow]) -> list[int]:
    """Human seats nobody has joined yet."""
    return [s.seat for s in seats if s.kind == "human" and s.token_hash is None]


def bot_seat_name(spec: str) -> str:
    """The name of a seat the lobby gives to bot ``spec`` ("medium bot")."""
    return f"{spec} bot"


def public_seats(seats: Iterable[SeatRow], connected: Container[int]) -> list[dict[str, Any]]:
    """The public list of seats: kind, bot, name, whether taken, whether connected (a bot
    always is; a person when their seat is in ``connected``), and whether a person left it
    (``left``: a bot plays it for good, under the person's name, which the clients keep)."""
    return [
        {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
         "taken": s.kind == "bot" or s.token_hash is not None,
         "connected": s.kind == "bot" or s.seat in connected,
         "left": s.kind == "bot" and bool(s.name) and s.name != bot_seat_name(s.bot or "")}
        for s in seats
    ]


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a room's log: an applied action, who chose it, why, and the client's seq."""

    seat: int
    action: dict[str, Any]
    by: str = "player"
    reason: str | None = None
    client_seq: int | None = None

    def actor(self) -> dict[str, Any]:
        """Who made the change, as an update's ``actor`` says it."""
        return {"seat": self.seat, "by": self.by, "reason": self.reason}


def _weak(method: Callable[[int], bool]) -> Callable[[int], bool]:
    """``method`` of an object, called without keeping the object alive (False once it is
    gone): the room's clocks ask the room, and a strong reference back made a cycle."""
    ref = weakref.WeakMethod(method)

    def call(seat: int) -> bool:
        bound = ref()
        return bound is not None and bound(seat)

    return call


class Room:
    """One game in play (or waiting for players, or just finished)."""

    def __init__(
        self,
        row: GameRow,
        seats: list[SeatRow],
        state: State,
        entries: list[Entry],
        *,
        storage: Storage,
        broker: Broker,
        settings: ServerSettings,
        executor: Executor,
        processes: Callable[[], Executor | None] | None = None,
        on_finished: Callable[[Room], None] | None = None,
        on_broken_pool: Callable[..., None] | None = None,  # (pool, kill=False)
    ) -> None:
        self.row = row
        self.id = row.id
        self.seat_rows = seats
        self.state = state
        #: Every applied action, in order: ``log[i]`` made version ``i + 1``.
        self.log: list[Entry] = list(entries)
        self.storage = storage
        self.broker = broker
        self.settings = settings
        self.executor = executor
        self.processes = processes
        self.on_finished = on_finished
        self.on_broken_pool = on_broken_pool
        self.info = get_game(row.game)
        self.lock = asyncio.Lock()
        #: The last changes, ``(version, position after it, its events, actor)``, retold to a
        #: connection as its ``update``'s ``history`` (a restored room's, by :meth:`retell`).
        self.recent: deque[tuple[int, State, list[Event], dict[str, Any] | None]] = \
            deque(maxlen=RECENT)
        #: Whether the database refused this game's last action: the first action stored
        #: after a refusal says so in the log.
        self.store_failing = False
        self.runner = BotRunner(self)
        for s in seats:
            if s.kind == "bot":
                self.runner.set_bot(s.seat, s.bot or "random")
        self.clocks = Clocks(settings, row.decision_seconds, _weak(self.is_person),
                             self.runner.idle, self.runner.start)
        self.inputs = SessionInputs()
        self.chat = TableChat()
        self.rematch = Rematch()
        self.connections: dict[int | None, int] = {}
        self.closed = False
        self.last_join = row.created
        #: Several processes: the ``(owner, epoch)`` of this process's lease on the game;
        #: every append is fenced by it (:mod:`.lease`). ``on_stale`` is called when the
        #: database refused an append because the lease moved on (the room must be dropped).
        self.fence: tuple[str, int] | None = None
        self.on_stale: Callable[[Room], None] | None = None
        #: Per seat, the client ``seq`` of each applied action -> its version, and the highest.
        self.applied_seqs: dict[int, dict[int, int]] = {}
        self.last_seq: dict[int, int] = {}
        for version, entry in enumerate(self.log, 1):
            if entry.client_seq is not None:
                self._note_seq(entry.seat, entry.client_seq, version)
        try:
            t = asyncio.get_running_loop().time()
        except RuntimeError:  # built outside the event loop (tests)
            t = 0.0
        for s in seats:
            if s.kind == "human":
                self.clocks.away_since[s.seat] = t

    def retell(self, steps: list[tuple[int, State, list[Event]]]) -> None:
        """Keep ``steps`` as the room's recent changes: a new game's set-up, or the last
        changes of the replay that restored the room (``replay_steps``), so a page opened
        after a restart or a failover reads them too."""
        for version, state, events in steps:
            if events:
                actor = self.log[version - 1].actor() if version else None
                self.recent.append((version, state, events, actor))

    # -- basic facts ------------------------------------------------------------------------
    @property
    def status(self) -> str:
        """``open`` (waiting for players), ``playing`` or ``finished``."""
        return self.row.status

    @property
    def version(self) -> int:
        """How many actions have been applied (and committed)."""
        return len(self.log)

    def record(self) -> Record:
        """The game's record (seed, options and every applied action)."""
        return Record(self.row.game, self.row.seats, self.row.seed, dict(self.row.options),
                      [(e.seat, e.action) for e in self.log])

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (not a bot)."""
        return self.seat_rows[seat].kind == "human"

    def seat_for_token(self, token: str) -> int | None:
        """The seat a token belongs to, or None."""
        digest = hash_token(token)
        for s in self.seat_rows:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def free_seats(self) -> list[int]:
        """Human seats nobody has joined yet."""
        return free_seats(self.seat_rows)

    def connected_seats(self) -> set[int]:
        """The seats with a person connected to this process."""
        return {s for s, n in self.connections.items() if s is not None and n > 0}

    def players(self) -> list[dict[str, Any]]:
        """The public list of seats: kind, bot, name, taken, connected."""
        return public_seats(self.seat_rows, self.connected_seats())

    # -- life cycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Start (or resume after a restart) the clocks and the bots of a game in play."""
        if self.status != "playing" or self.state.is_over:
            return
        self.clocks.deadlines.clear()
        self.clocks.restart_grace()
        self.clocks.update(self.state, actor=None)
        self._schedule()

    def let_go(self) -> None:
        """The lobby drops the room from memory: its clocks and bots start nothing more, and
        its bots let go of their session players, so that nothing keeps the room alive once
        the tasks and connections using it end."""
        self.closed = True
        self.clocks.stopped = True
        self.clocks.cancel()
        self.runner.release()

    async def close(self) -> None:
        """Stop clocks and bots for good (server shutdown, or the room dropped), and wait for
        the bots' tasks to end."""
        self.let_go()
        await self.runner.close()

    async def claim(self, seat: int, name: str, token: str) -> bool:
        """Give a free human seat to a player; start the game once every seat is taken."""
        async with self.lock:
            row = self.seat_rows[seat]
            if row.kind != "human" or row.token_hash is not None or self.status != "open":
                return False
            digest = hash_token(token)
            claimed = await self._fenced(self.storage.claim_seat(self.id, seat, name, digest,
                                                                 fence=self.fence))
            if not claimed:
                return False
            row.name, row.token_hash = name, digest
            self.last_join = time.time()
            await self._start_if_full()
            await self._broadcast([], None)
        return True

    async def _fenced(self, write: Awaitable[T]) -> T:
        """A write of this game under its lease (:attr:`fence`): when the database refuses it
        as stale, the room is given up (``on_stale``) and :class:`StaleLease` raised."""
        try:
            return await write
        except StaleLease:
            if self.on_stale is not None:
                self.on_stale(self)
            raise

    async def _start_if_full(self) -> None:
        if self.status == "open" and not self.free_seats():
            await self._fenced(self.storage.set_status(self.id, "playing", fence=self.fence))
            self.row.status = "playing"
            self.start()

    async def seat_bots(self, seats: list[int], spec: str, *, for_good: bool,
                        notice: str | None = None) -> None:
        """Bot ``spec`` plays ``seats`` from now on (stored); with ``for_good`` the people's
        tokens stop acting for them (they watch as spectators)."""
        async with self.lock:
            for seat in seats:
                row = self.seat_rows[seat]
                if row.kind == "bot":
                    continue
                name = row.name or ""
                await self._fenced(self.storage.set_seat_bot(self.id, seat, spec, name,
                                                             fence=self.fence))
                row.kind, row.bot, row.token_hash = "bot", spec, None
                self.runner.set_bot(seat, spec)
                self.clocks.deadlines.pop(seat, None)
                self.clocks.away_since.pop(seat, None)
            await self._start_if_full()
            message = None
            if notice is not None and seats:
                message = Message(notice, {"seats": [seat_ref(s) for s in seats]}).to_json()
            await self._broadcast([], None, notice=message)
        self._schedule()

    # -- connections ------------------------------------------------------------------------
    def connect(self, seat: int | None) -> None:
        """A connection for ``seat`` (None: a spectator) opened."""
        self.connections[seat] = self.connections.get(seat, 0) + 1
        if seat is not None:
            self.clocks.back(seat)

    def disconnect(self, seat: int | None) -> None:
        """A connection for ``seat`` closed; with none left the seat is away."""
        n = self.connections.get(seat, 0) - 1
        if n > 0:
            self.connections[seat] = n
            return
        self.connections.pop(seat, None)
        if seat is not None and not self.closed and self.is_person(seat):
            self.clocks.away(seat)

    def audiences(self) -> list[int | None]:
        """Who needs updates: every audience with a local connection (LocalBroker) or all."""
        if getattr(self.broker, "fans_out", False):
            return [*range(self.row.seats), None]
        return list(self.connections)

    # -- actions ----------------------------------------------------------------------------
    def _note_seq(self, seat: int, client_seq: int, version: int) -> None:
        self.applied_seqs.setdefault(seat, {})[client_seq] = version
        if client_seq > self.last_seq.get(seat, -1):
            self.last_seq[seat] = client_seq

    def _already_applied(self, seat: int, client_seq: int, data: dict[str, Any]) -> int | None:
        """The version of the action a seat's client already sent with ``client_seq``, or
        None if the seq is new (above the seat's last applied seq).

        Raises :class:`ProtocolError` ``seq_reused`` if that seq was applied with another
        action, ``stale_seq`` if the seq is not above the last applied one but was never
        applied (e.g. an action refused earlier, re-sent after later ones went through).
        """
        version = self.applied_seqs.get(seat, {}).get(client_seq)
        last = self.last_seq.get(seat)
        if version is not None:
            stored = self.log[version - 1].action
            if data != stored:
                try:
                    same = self.info.parse_action(data).to_json() == stored
                except Exception:
                    same = False
                if not same:
                    raise ProtocolError(
                        f"seq {client_seq} was already applied for this seat with another "
                        f"action ({stored.get('type')!r}): nothing done; number a new action "
                        f"above {last}", "seq_reused")
            return version
        if last is not None and client_seq <= last:
            raise ProtocolError(
                f"seq {client_seq} is not above {last}, the last seq applied for this seat, "
                f"and was never applied: nothing done; number a new action above {last}",
                "stale_seq")
        return None

    def _parse(self, seat: int, data: dict[str, Any], by: str) -> Action:
        """The action to apply: parsed from ``data``, or the session's silent input."""
        session = self.state.session()
        if data is SILENT:
            if session is None or seat not in session.seats:
                raise ProtocolError("no input session is open for this seat", "no_session")
            return self.inputs.silent(session, seat)
        try:
            action = self.info.parse_action(data)
        except ValueError as exc:
            raise ProtocolError(str(exc), "illegal_action") from None
        except Exception as exc:  # a parser bug; parsing changes nothing
            log.exception("game %s: parse_action failed on %r", self.id, data)
            raise ProtocolError(
                f"the action could not be read ({type(exc).__name__})", "illegal_action"
            ) from None
        if session is not None and by == "player":
            self.inputs.check_final(session, seat, action)
        return action

    async def submit(
        self,
        seat: int,
        data: dict[str, Any],
        *,
        by: str = "player",
        reason: str | None = None,
        on_commit: Callable[[int], None] | None = None,
        client_seq: int | None = None,
        on_duplicate: Callable[[int], None] | None = None,
    ) -> int:
        """Check, apply, store and broadcast one action of ``seat``; return the new version.

        ``client_seq`` (a player's message ``seq``; None for bots and the clock) makes the
        action idempotent: a seq this seat already applied applies nothing and calls
        ``on_duplicate(version it was applied at)`` instead of ``on_commit``.
        Raises :class:`ProtocolError` (nothing changed) if it is refused.
        """
        started = time.perf_counter()
        async with self.lock:
            if client_seq is not None:
                done = self._already_applied(seat, client_seq, data)
                if done is not None:
                    if on_duplicate is not None:
                        on_duplicate(done)
                    return done
            if self.status == "open":
                raise ProtocolError("the game has not started: it waits for players", "not_started")
            if self.status == "finished" or self.state.is_over:
                raise ProtocolError("the game is over", "game_over")
            movers = self.state.to_move()
            if seat not in movers:
                waiting = ", ".join(str(s + 1) for s in movers)
                raise ProtocolError(f"it is not your turn: waiting for seat {waiting}",
                                    "not_your_turn")
            action = self._parse(seat, data, by)
            new = self.state.clone()
            try:
                events = new.apply(seat, action)
            except ValueError as exc:
                raise ProtocolError(str(exc), "illegal_action") from None
            except Exception as exc:  # an engine bug: the position in play is untouched
                log.exception("game %s: engine failed on %r", self.id, data)
                raise ProtocolError(
                    f"the action could not be applied ({type(exc).__name__})", "illegal_action"
                ) from None
            entry = Entry(seat, action.to_json(), by, reason, client_seq)
            idx = self.version
            try:
                await self._fenced(self.storage.append(self.id, idx, seat, entry.action, by,
                                                       reason, client_seq, fence=self.fence))
            except StaleLease:
                log.warning("game %s: lease lost, action %d refused by the database",
                            self.id, idx)
                raise ProtocolError("this game moved to another server process: reconnect",
                                    "server_error") from None
            except Exception as exc:
                self.store_failing = True
                self.storage.refused(exc, "game %s: could not store action %d", self.id, idx)
                metrics.failed("store")
                raise ProtocolError(
                    "the action could not be stored; nothing changed, try again", "server_error"
                ) from None
            if self.store_failing:
                self.store_failing = False
                log.warning("game %s: action %d stored; the database stores again", self.id,
                            idx)
            # committed: swap the new position in, with its log row, in one step
            self.state = new
            self.log.append(entry)
            if client_seq is not None:
                self._note_seq(seat, client_seq, idx + 1)
            if on_commit is not None:
                on_commit(idx + 1)
            metrics.action_applied(by, time.perf_counter() - started)
            finished = new.is_over
            if finished:
                self.row.status = "finished"
                self.row.result = updates.outcome_json(new)
                self.clocks.clear()
            else:
                self.clocks.update(new, actor=seat)
            await self._broadcast(events, entry.actor())
        if finished:
            # lost meanwhile: the new owner's replay sees the game over and marks it finished
            with contextlib.suppress(StaleLease):
                await self._fenced(self.storage.set_status(self.id, "finished", self.row.result,
                                                           fence=self.fence))
            if self.on_finished is not None:
                self.on_finished(self)
        else:
            self._schedule()
        return idx + 1

    async def session_input(self, seat: int | None, session_id: Any, item: Any) -> dict[str, Any]:
        """One input of the open input session: checked, kept, answered ``session_progress``;
        :class:`ProtocolError` (nothing kept) if refused."""
        async with self.lock:
            if self.status != "playing" or self.state.is_over:
                raise ProtocolError("no input session is open now", "no_session")
            try:
                return self.inputs.step(self.state.session(), seat, session_id, item,
                                        self.state.to_move())
            except ProtocolError:
                raise
            except Exception as exc:  # a bug in the game's session: nothing was kept
                log.exception("game %s: session input %r failed", self.id, item)
                raise ProtocolError(
                    f"the input could not be checked ({type(exc).__name__})", "server_error"
                ) from None

    def session_snapshot(self, seat: int | None) -> dict[str, Any] | None:
        """What a (re)connecting seat sees of the open session's inputs so far, or None."""
        if self.status != "playing" or self.state.is_over:
            return None
        return self.inputs.snapshot(self.state.session(), seat)

    # -- updates ----------------------------------------------------------------------------
    def update_for(self, audience: int | None, events: list[Event],
                   actor: dict[str, Any] | None,
                   shared: dict[str, Any] | None = None,
                   history: bool = False) -> dict[str, Any]:
        """The ``update`` message of one audience (see :mod:`.updates`)."""
        return updates.update_for(self, audience, events, actor, shared, history=history)

    def welcome(self, seat: int | None) -> dict[str, Any]:
        """The ``welcome`` message for a new connection."""
        return updates.welcome(self, seat)

    async def _broadcast(self, events: list[Event], actor: dict[str, Any] | None,
                         notice: dict[str, Any] | None = None) -> None:
        if events:
            self.recent.append((self.version, self.state, events, actor))
        audiences = self.audiences()
        if not audiences:
            return
        shared = updates.shared_parts(self)
        for audience in audiences:
            try:
                message = updates.update_for(self, audience, events, actor, shared, notice)
            except Exception:  # an engine bug in a view must not stop the others' updates
                log.exception("game %s: no update for audience %s", self.id, audience)
                continue
            await self.broker.publish(self.id, audience, message)

    async def publish_all(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every watcher of the game (seats and spectators)."""
        await self.broker.publish(self.id, "*", message)

    async def presence_changed(self) -> None:
        """Tell everybody who is connected now."""
        async with self.lock:
            await self._broadcast([], None)

    def _schedule(self) -> None:
        if self.closed or self.status != "playing" or self.state.is_over:
            return
        self.runner.schedule()
        self.clocks.arm()

    # -- records ----------------------------------------------------------------------------
    def record_json(self, full: bool) -> dict[str, Any]:
        """The record: everything once the game is over, or a redacted one before.

        The redacted record has no seed and only the type of each action, so it reveals
        nothing a spectator could not see. It reads the one log, so it is always whole;
        ``players`` (who sat where, as the lobby shows them) lets a replay name the seats.
        """
        log_ = list(self.log)
        base: dict[str, Any] = {
            "game": self.row.game,
            "seats": self.row.seats,
            "options": dict(self.row.options),
            "id": self.id,
            "status": self.status,
            "complete": full,
            "seed": self.row.seed if full else None,
            "players": self.players(),
            "result": updates.outcome_json(self.state) if full and self.state.is_over
            else (self.row.result if full else None),
        }
        base["actions"] = [
            {"seat": e.seat, "action": e.action if full else {"type": e.action.get("type")},
             "by": e.by, "reason": e.reason}
            for e in log_
        ]
        return base

