"""A room: one live game, its seats, clocks and bots, and the updates it sends.

The room is the only place where a game's state changes. An action (from a player, a bot or a
clock) goes through :meth:`Room.submit`: checked (turn, parse, rules), applied, appended to the
database and committed, then acknowledged and broadcast: every audience (each seat, and the
spectators) gets its own ``view``, the events it may see and its legal actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor, Executor
from typing import TYPE_CHECKING, Any

from tycoon.bots import make_bot
from tycoon.engine import Event, Recorder, State, get_game, replay

from .protocol import ProtocolError
from .reveal import Reveals, public_legal, secret_minigame
from .storage import GameRow, SeatRow

if TYPE_CHECKING:
    from .broker import Broker
    from .settings import ServerSettings
    from .storage import Storage

log = logging.getLogger("tycoon.server")

#: ``{"type": "minigame", "inputs": []}``: what a seat that sent nothing plays (it scores 0).
EMPTY_MINIGAME = {"type": "minigame", "inputs": []}


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex).

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


def derive_seed(seed: int, salt: int) -> int:
    """A bot's seed from the game's seed and the seat (stable across restarts)."""
    return (seed * 1_000_003 + salt * 7919 + 1) % (1 << 63)


class Room:
    """One game in play (or waiting for players, or just finished)."""

    def __init__(
        self,
        row: GameRow,
        seats: list[SeatRow],
        recorder: Recorder,
        meta: list[tuple[str, str | None]],
        *,
        storage: Storage,
        broker: Broker,
        settings: ServerSettings,
        executor: Executor,
        processes: Callable[[], Executor | None] | None = None,
        on_finished: Callable[[Room], None] | None = None,
        on_broken_pool: Callable[[], None] | None = None,
        client_seqs: Sequence[int | None] | None = None,
    ) -> None:
        self.row = row
        self.id = row.id
        self.seat_rows = seats
        self.recorder = recorder
        self.meta = meta  # (by, reason) of each action of the record
        self.storage = storage
        self.broker = broker
        self.settings = settings
        self.executor = executor
        self.processes = processes
        self.on_finished = on_finished
        self.on_broken_pool = on_broken_pool
        self.module = get_game(row.game)
        self.lock = asyncio.Lock()
        self.bots = {
            s.seat: make_bot(s.bot or "random", row.game, derive_seed(row.seed, s.seat))
            for s in seats
            if s.kind == "bot"
        }
        self.bot_specs = {s.seat: s.bot or "random" for s in seats if s.kind == "bot"}
        self._standins: dict[int, Any] = {}
        self.connections: dict[int | None, int] = {}
        self.away_since: dict[int, float] = {}
        self.deadlines: dict[int, tuple[float, float, str]] = {}  # seat -> (start, end, kind)
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self._stuck: dict[int, int] = {}
        self._was_minigame = False
        self._timer: asyncio.TimerHandle | None = None
        self.closed = False
        self.reveals = Reveals()  # Memory clicks so far (in memory only: not game actions)
        #: Per seat, the client ``seq`` of each applied player action -> its version (restored
        #: from the stored actions' ``client_seq``), and the highest such seq.
        self.applied_seqs: dict[int, dict[int, int]] = {}
        self.last_seq: dict[int, int] = {}
        if client_seqs is not None:
            for version, ((seat, _action), client_seq) in enumerate(
                zip(recorder.record.actions, client_seqs, strict=True), 1
            ):
                if client_seq is not None:
                    self._note_seq(seat, client_seq, version)
        now = self._now()
        for s in seats:
            if s.kind == "human":
                self.away_since[s.seat] = now

    # -- basic facts ------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current position."""
        return self.recorder.state

    @property
    def status(self) -> str:
        """``open`` (waiting for players), ``playing`` or ``finished``."""
        return self.row.status

    @property
    def version(self) -> int:
        """How many actions have been applied (and committed)."""
        return len(self.recorder.record.actions)

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def seat_for_token(self, token: str) -> int | None:
        """The seat a token belongs to, or None."""
        digest = hash_token(token)
        for s in self.seat_rows:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def free_seats(self) -> list[int]:
        """Human seats nobody has joined yet."""
        return [s.seat for s in self.seat_rows if s.kind == "human" and s.token_hash is None]

    def players(self) -> list[dict[str, Any]]:
        """The public list of seats: kind, bot, name, taken, connected."""
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "taken": s.kind == "bot" or s.token_hash is not None,
                "connected": s.kind == "bot" or self.connections.get(s.seat, 0) > 0,
            }
            for s in self.seat_rows
        ]

    def phase(self) -> str | None:
        """The state's phase (``minigame`` while a Capital minigame runs)."""
        phase = getattr(self.state, "phase", None)
        if isinstance(phase, str):
            return phase
        return self.state.view(None).get("phase")

    # -- life cycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Start (or resume after a restart) the clocks and the bots of a game in play."""
        if self.status != "playing":
            return
        if self.state.is_over:
            return
        self.deadlines.clear()
        self._was_minigame = False
        now = self._now()
        for seat in self.away_since:  # the grace of an absent player starts with the game
            self.away_since[seat] = now
        self._update_deadlines(actor=None)
        self._schedule()

    async def close(self) -> None:
        """Stop clocks and bots (server shutdown)."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

    async def claim(self, seat: int, name: str, token: str) -> bool:
        """Give a free human seat to a player; start the game once every seat is taken."""
        async with self.lock:
            row = self.seat_rows[seat]
            if row.kind != "human" or row.token_hash is not None:
                return False
            digest = hash_token(token)
            if not await self.storage.claim_seat(self.id, seat, name, digest):
                return False
            row.name, row.token_hash = name, digest
            if self.status == "open" and not self.free_seats():
                await self.storage.set_status(self.id, "playing")
                self.row.status = "playing"
                self.start()
            await self._broadcast([], None)
        return True

    # -- connections ------------------------------------------------------------------------
    def connect(self, seat: int | None) -> None:
        """A connection for ``seat`` (None: a spectator) opened."""
        self.connections[seat] = self.connections.get(seat, 0) + 1
        if seat is not None:
            self.away_since.pop(seat, None)
            self._arm_timer()

    def disconnect(self, seat: int | None) -> None:
        """A connection for ``seat`` closed; with none left the seat is away."""
        n = self.connections.get(seat, 0) - 1
        if n > 0:
            self.connections[seat] = n
            return
        self.connections.pop(seat, None)
        if seat is not None and not self.closed:
            self.away_since[seat] = self._now()
            self._arm_timer()

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
            stored = self.recorder.record.actions[version - 1][1]
            if data != stored:
                try:
                    same = self.module.parse_action(data).to_json() == stored
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
            if seat not in self.state.to_move():
                raise ProtocolError(
                    f"it is not your turn: waiting for seat(s) {self.state.to_move()}",
                    "not_your_turn",
                )
            if secret_minigame(self.state, seat) is not None:
                if by == "deadline":  # the clicks so far, taken under the lock
                    data = self.reveals.deadline_action(self.state, seat)
                elif by == "player":
                    self.reveals.check_final(self.state, seat, data)
            try:
                action = self.module.parse_action(data)
            except ValueError as exc:
                raise ProtocolError(str(exc), "illegal_action") from None
            except Exception as exc:  # a parser bug; parsing changes nothing
                log.exception("game %s: parse_action failed on %r", self.id, data)
                raise ProtocolError(
                    f"the action could not be read ({type(exc).__name__})", "illegal_action"
                ) from None
            try:
                events = self.state.apply(seat, action)
            except ValueError as exc:
                raise ProtocolError(str(exc), "illegal_action") from None
            except Exception as exc:  # an engine bug: make sure nothing changed
                log.exception("game %s: engine failed on %r", self.id, data)
                self.recorder.state = replay(self.recorder.record)
                raise ProtocolError(
                    f"the action could not be applied ({type(exc).__name__})", "illegal_action"
                ) from None
            action_json = action.to_json()
            idx = self.version
            self.recorder.record.actions.append((seat, action_json))
            try:
                await self.storage.append(self.id, idx, seat, action_json, by, reason,
                                          client_seq)
            except Exception:
                log.exception("game %s: could not store action %d", self.id, idx)
                self.recorder.record.actions.pop()
                self.recorder.state = replay(self.recorder.record)
                raise ProtocolError(
                    "the action could not be stored; nothing changed, try again", "server_error"
                ) from None
            self.meta.append((by, reason))
            if client_seq is not None:
                self._note_seq(seat, client_seq, idx + 1)
            if on_commit is not None:
                on_commit(idx + 1)
            finished = self.state.is_over
            if finished:
                self.row.status = "finished"
                self.row.result = self.state.result()
                self.deadlines.clear()
                if self._timer is not None:
                    self._timer.cancel()
            else:
                self._update_deadlines(actor=seat)
            if self.phase() != "minigame":
                self.reveals.reset()
            actor = {"seat": seat, "by": by, "reason": reason}
            await self._broadcast(events, actor)
        if finished:
            await self.storage.set_status(self.id, "finished", self.row.result)
            if self.on_finished is not None:
                self.on_finished(self)
        else:
            self._schedule()
        return idx + 1

    async def minigame_input(self, seat: int | None, item: Any, seq: int | None) -> dict[str, Any]:
        """One click of a secret minigame (Memory): checked, kept, and answered with the
        ``minigame_progress`` message; :class:`ProtocolError` (nothing kept) if refused."""
        async with self.lock:
            if self.status != "playing" or self.state.is_over:
                raise ProtocolError("no minigame is running", "not_your_turn")
            try:
                return self.reveals.click(self.state, seat, item, seq)
            except ProtocolError:
                raise
            except Exception as exc:  # a bug in the minigame code: nothing was kept
                log.exception("game %s: minigame input %r failed", self.id, item)
                raise ProtocolError(
                    f"the input could not be checked ({type(exc).__name__})", "server_error"
                ) from None

    def minigame_snapshot(self, seat: int | None) -> dict[str, Any] | None:
        """What a (re)connecting seat sees of its running secret minigame, or None."""
        if self.status != "playing" or self.state.is_over:
            return None
        return self.reveals.snapshot(self.state, seat)

    # -- updates ----------------------------------------------------------------------------
    def update_for(
        self,
        audience: int | None,
        events: list[Event],
        actor: dict[str, Any] | None,
        shared: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The ``update`` message of one audience (a seat, or None for spectators).

        ``shared`` holds the parts that are the same for every audience (computed once per
        broadcast).
        """
        state = self.state
        if shared is None:
            shared = self._shared()
        shown = []
        for ev in events:
            if getattr(type(ev), "private", False) and (
                audience is None or getattr(ev, "seat", None) != audience
            ):
                continue  # a private event goes to its own seat only
            shown.append(ev.to_json())
        legal: list[dict[str, Any]] = []
        if audience is not None and self.status == "playing" and audience in state.to_move():
            hidden = public_legal(state, audience)  # Memory: no ready-made clicks
            legal = [
                {"action": a.to_json(), "text": state.describe(a, audience)}
                for a in (state.legal_actions(audience) if hidden is None else hidden)
            ]
        return {
            "type": "update",
            "version": self.version,
            "status": self.status,
            "events": shown,
            "actor": actor,
            "view": state.view(audience),
            "legal": legal,
            "deadlines": shared["deadlines"],
            "players": shared["players"],
            "result": shared["result"],
        }

    def _shared(self) -> dict[str, Any]:
        state = self.state
        return {
            "deadlines": self.deadline_list(),
            "players": self.players(),
            "result": state.result() if state.is_over else None,
        }

    def deadline_list(self) -> list[dict[str, Any]]:
        """The running clocks, as wall-clock times for clients."""
        if not self.deadlines:
            return []
        now = self._now()
        wall = time.time()
        return [
            {
                "seat": seat,
                "at": round(wall + max(0.0, end - now), 3),
                "seconds": round(max(0.0, end - now), 3),
                "kind": kind,
            }
            for seat, (_start, end, kind) in sorted(self.deadlines.items())
        ]

    def welcome(self, seat: int | None) -> dict[str, Any]:
        """The ``welcome`` message for a new connection."""
        return {
            "type": "welcome",
            "game_id": self.id,
            "game": self.row.game,
            "seat": seat,
            "status": self.status,
            "last_seq": None if seat is None else self.last_seq.get(seat),
            "players": self.players(),
            "settings": {
                "decision_seconds": self.row.decision_seconds,
                "minigame_seconds": self.settings.minigame_seconds,
                "minigame_grace": self.settings.minigame_grace,
                "max_message_bytes": self.settings.max_message_bytes,
            },
        }

    async def _broadcast(self, events: list[Event], actor: dict[str, Any] | None) -> None:
        audiences = self.audiences()
        if not audiences:
            return
        shared = self._shared()
        for audience in audiences:
            try:
                message = self.update_for(audience, events, actor, shared)
            except Exception:  # an engine bug in a view must not stop the others' updates
                log.exception("game %s: no update for audience %s", self.id, audience)
                continue
            await self.broker.publish(self.id, audience, message)

    async def presence_changed(self) -> None:
        """Tell everybody who is connected now."""
        async with self.lock:
            await self._broadcast([], None)

    # -- clocks -----------------------------------------------------------------------------
    def _human(self, seat: int) -> bool:
        return self.seat_rows[seat].kind == "human"

    def _update_deadlines(self, actor: int | None) -> None:
        movers = set(self.state.to_move())
        minigame = self.phase() == "minigame"
        now = self._now()
        for seat in list(self.deadlines):
            if seat not in movers:
                del self.deadlines[seat]
        for seat in movers:
            if not self._human(seat):
                continue
            current = self.deadlines.get(seat)
            if minigame:
                if current is None or current[2] != "minigame" or not self._was_minigame:
                    end = now + self.settings.minigame_seconds + self.settings.minigame_grace
                    self.deadlines[seat] = (now, end, "minigame")
            elif seat == actor or current is None or current[2] != "decision":
                self.deadlines[seat] = (now, now + self.row.decision_seconds, "decision")
        self._was_minigame = minigame

    def _due(self, seat: int) -> tuple[float, str, str | None]:
        """When the clock decides for ``seat``: (time, by, reason)."""
        start, end, kind = self.deadlines[seat]
        by, reason = ("deadline", "minigame_deadline") if kind == "minigame" else (
            "standin", "timeout")
        away = self.away_since.get(seat)
        if away is not None:
            when = max(start, away + self.settings.away_seconds)
            if when < end:
                return when, "standin", "away"
        return end, by, reason

    def _arm_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.closed or self.status != "playing":
            return
        pending = [
            self._due(seat)[0] for seat in self.deadlines
            if seat not in self.tasks and self._stuck.get(seat) != self.version
        ]
        if pending:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_at(min(pending), self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        if self.closed or self.status != "playing":
            return
        now = self._now()
        for seat in list(self.deadlines):
            if seat in self.tasks or self._stuck.get(seat) == self.version:
                continue
            when, by, reason = self._due(seat)
            if when <= now:
                self._start_task(seat, by, reason)
        self._arm_timer()

    # -- bots -------------------------------------------------------------------------------
    def _schedule(self) -> None:
        """Start the bots that must act, and arm the clock."""
        if self.closed or self.status != "playing" or self.state.is_over:
            return
        for seat in self.state.to_move():
            idle = seat not in self.tasks and self._stuck.get(seat) != self.version
            if seat in self.bots and idle:
                self._start_task(seat, "bot", None)
        self._arm_timer()

    def _start_task(self, seat: int, by: str, reason: str | None) -> None:
        task = asyncio.create_task(self._decide(seat, by, reason))
        self.tasks[seat] = task
        task.add_done_callback(lambda _t, seat=seat: self._task_done(seat, _t))

    def _task_done(self, seat: int, task: asyncio.Task[None]) -> None:
        if self.tasks.get(seat) is task:
            del self.tasks[seat]
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: bot task of seat %d failed", self.id, seat,
                      exc_info=task.exception())
            self._stuck[seat] = self.version
        self._schedule()

    def _bot_for(self, seat: int) -> Any:
        if seat in self.bots:
            return self.bots[seat]
        if seat not in self._standins:
            self._standins[seat] = make_bot(
                self.settings.standin_bot, self.row.game, derive_seed(self.row.seed, 100 + seat)
            )
        return self._standins[seat]

    async def _choose(self, seat: int) -> dict[str, Any]:
        """A bot's choice, made off the event loop: quick bots in a thread (on a copy of the
        position), thinking bots in a worker process (from the position's JSON)."""
        loop = asyncio.get_running_loop()
        spec = self.bot_specs.get(seat, self.settings.standin_bot)
        pool = self.processes() if self.processes is not None and spec != "random" else None
        if pool is not None:
            from .thinking import think

            seed = derive_seed(self.row.seed, seat) + self.version
            try:
                return await loop.run_in_executor(
                    pool, think, self.row.game, self.state.to_json(), seat, spec, seed
                )
            except BrokenExecutor:
                # a worker died (killed, out of memory): a new pool next time, a thread now
                log.error("game %s: bot worker process died; thinking in a thread", self.id)
                if self.on_broken_pool is not None:
                    self.on_broken_pool()
        snapshot = self.state.clone()
        bot = self._bot_for(seat)
        action = await loop.run_in_executor(self.executor, bot.choose, snapshot, seat)
        return action.to_json()

    async def _decide(self, seat: int, by: str, reason: str | None) -> None:
        """A bot (or the clock) acts for ``seat`` until it need not act any more."""
        if by == "bot" and self.settings.bot_delay > 0:
            await asyncio.sleep(self.settings.bot_delay)
        for _attempt in range(3):
            if self.status != "playing" or seat not in self.state.to_move():
                return
            version = self.version
            data = EMPTY_MINIGAME if by == "deadline" else await self._choose(seat)
            try:
                await self.submit(seat, data, by=by, reason=reason)
                return
            except ProtocolError as exc:
                if self.version != version:
                    continue  # the game moved on while the bot thought: think again
                if by == "deadline":
                    by = "standin"
                    continue
                log.warning("game %s: bot for seat %d chose a refused action: %s",
                            self.id, seat, exc)
        if self.status == "playing" and seat in self.state.to_move():
            legal = self.state.legal_actions(seat)
            if legal:
                with contextlib.suppress(ProtocolError):
                    await self.submit(seat, legal[0].to_json(), by="standin", reason=reason)
                    return
            log.error("game %s: seat %d cannot act; the game waits", self.id, seat)
            self._stuck[seat] = self.version

    # -- records ----------------------------------------------------------------------------
    def record_json(self, full: bool) -> dict[str, Any]:
        """The record: everything once the game is over, or a redacted one before.

        The redacted record has no seed and only the type of each action, so it reveals
        nothing a spectator could not see.
        """
        rec = self.recorder.record
        base = {
            "game": rec.game,
            "seats": rec.seats,
            "options": dict(rec.options),
            "id": self.id,
            "status": self.status,
            "complete": full,
        }
        if full:
            base["seed"] = rec.seed
            base["actions"] = [
                {"seat": s, "action": a, "by": m[0], "reason": m[1]}
                for (s, a), m in zip(rec.actions, self.meta, strict=True)
            ]
            base["result"] = self.state.result()
        else:
            base["seed"] = None
            base["actions"] = [
                {"seat": s, "action": {"type": a.get("type")}, "by": m[0], "reason": m[1]}
                for (s, a), m in zip(rec.actions, self.meta, strict=True)
            ]
            base["result"] = None
        return base
