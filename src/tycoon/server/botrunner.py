"""The bot runner of one room: bot seats, stand-ins for absent people, and the clock's moves.

Every move not made by a person goes through here, off the event loop: quick bots think in a
thread (on a copy of the position), thinking bots in a worker process (from the position's
JSON, see :mod:`tycoon.server.thinking`). What plays for a seat:

- a bot seat: its own bot (the bots layer plays input sessions with ``session.bot_action``);
- a person whose decision clock ran out, or who is away: the stand-in bot
  (``standin_bot``, ``medium`` by default, never stronger), so leaving never pays;
- a person in an input session at its deadline, or away: ``session.silent`` of the inputs
  the seat had checked (what a silent seat scores), never a bot's ready-made inputs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from concurrent.futures import BrokenExecutor
from functools import cache
from typing import TYPE_CHECKING, Any

from tycoon.bots import make_bot, parse_spec
from tycoon.bots.base import without_sessions
from tycoon.engine import derive_seed

from . import metrics
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("tycoon.server")

#: ``submit`` data meaning "the session's silent input of the seat, taken under the lock".
SILENT: dict[str, Any] = {}
#: Seconds before a move the database could not store (down, its disk full) is tried again:
#: the first wait, doubled at each failure up to the second.
STORE_RETRY = (1.0, 30.0)


@cache
def in_thread(spec: str) -> bool:
    """Bot ``spec`` thinks in a thread, never in a worker process: the random bots are quick,
    and keep their streak between decisions (``random:streak``), which a process's new bot
    for each decision would forget."""
    return parse_spec(spec)[0] == "random"


class Hung(Exception):
    """A bot thought longer than ``bot_think_seconds`` about one decision."""


def bot_seed(game_seed: int, seat: int, role: str = "bot") -> int:
    """The seed of a seat's bot (stable across restarts)."""
    return derive_seed(game_seed, "server", role, seat)


class BotRunner:
    """The tasks acting for seats of one room, one at a time per seat."""

    def __init__(self, room: Room) -> None:
        # weak: the room holds its runner, so a strong reference back made a cycle that only
        # the collector's full pass freed (see Lobby.release)
        self.room: Room = weakref.proxy(room)
        self.game_id = room.id
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.stuck: dict[int, int] = {}  # seat -> version at which it could not act
        self.bots: dict[int, Any] = {}
        self.specs: dict[int, str] = {}
        self._standins: dict[int, Any] = {}
        #: Bot seats whose runaway streak the log has told (see :meth:`_runaway`).
        self.warned: set[int] = set()
        #: Bot seats whose bot thought past ``bot_think_seconds``: the stand-in plays them.
        self.hung: set[int] = set()
        self.closed = False

    def release(self) -> None:
        """The room leaves memory: nothing more is started, and its bots let go of their
        session players (a bot and its player refer to each other, a cycle only the
        collector's full pass frees)."""
        self.closed = True
        for bot in [*self.bots.values(), *(bot for _, bot in self._standins.values())]:
            without_sessions(bot)

    def set_bot(self, seat: int, spec: str) -> None:
        """Seat ``seat`` is played by bot ``spec`` from now on."""
        self.specs[seat] = spec
        self.hung.discard(seat)
        self.bots[seat] = make_bot(spec, self.room.row.game, bot_seed(self.room.row.seed, seat))

    def idle(self, seat: int) -> bool:
        """Nothing acts for ``seat`` now, and it is not stuck at this version."""
        return seat not in self.tasks and self.stuck.get(seat) != self.room.version

    async def close(self) -> None:
        """Cancel every task (server shutdown)."""
        self.closed = True
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

    def schedule(self) -> None:
        """Start the bots of the bot seats that must act."""
        room = self.room
        if self.closed or room.status != "playing" or room.state.is_over:
            return
        for seat in room.state.to_move():
            if seat in self.bots and self.idle(seat):
                self.start(seat, "bot", None)

    def start(self, seat: int, by: str, reason: str | None) -> None:
        """Act for ``seat`` (``by``: bot, standin or deadline) in a task."""
        task = asyncio.create_task(self._decide(seat, by, reason))
        self.tasks[seat] = task
        task.add_done_callback(lambda t, seat=seat: self._done(seat, t))

    def _done(self, seat: int, task: asyncio.Task[None]) -> None:
        if self.tasks.get(seat) is task:
            del self.tasks[seat]
        failed = not task.cancelled() and task.exception() is not None
        if failed:
            log.error("game %s: the task acting for seat %d failed", self.game_id, seat,
                      exc_info=task.exception())
        if self.closed:  # the room is let go of, or the server stops
            return
        if failed:
            self.stuck[seat] = self.room.version
        self.schedule()
        self.room.clocks.arm()

    def _standin(self, seat: int) -> tuple[str, Any]:
        if seat not in self._standins:
            spec = self.room.settings.standin_bot
            seed = bot_seed(self.room.row.seed, seat, "standin")
            try:
                bot = make_bot(spec, self.room.row.game, seed)
            except ValueError:  # a game without that bot: the random bot stands in
                spec, bot = "random", make_bot("random", self.room.row.game, seed)
            self._standins[seat] = (spec, bot)
        return self._standins[seat]

    def _streak(self, seat: int) -> int:
        """How many of the last actions ``seat`` made in a row (counted up to the limit)."""
        limit = self.room.settings.bot_streak_limit
        n = 0
        for entry in reversed(self.room.log):
            if entry.seat != seat or n >= limit:
                break
            n += 1
        return n

    def delay(self, seat: int) -> float:
        """The pause before bot seat ``seat`` acts: ``bot_delay``, a quarter of it once the
        seat has acted ``bot_hurry_after`` times in a row."""
        settings = self.room.settings
        hurry = self._streak(seat) >= settings.bot_hurry_after
        return settings.bot_delay / 4 if hurry else settings.bot_delay

    def _runaway(self, seat: int) -> bool:
        """Bot seat ``seat`` has acted ``bot_streak_limit`` times in a row: the stand-in
        decides for it until another seat acts (said once in the log)."""
        limit = self.room.settings.bot_streak_limit
        if seat not in self.bots or self._streak(seat) < limit:
            self.warned.discard(seat)
            return False
        if seat not in self.warned:
            self.warned.add(seat)
            log.warning("game %s: bot %s of seat %d acted %d times in a row; the stand-in "
                        "decides for it until another seat acts", self.room.id,
                        self.specs[seat], seat, limit)
        return True

    async def _choose(self, seat: int, standin: bool = False) -> dict[str, Any]:
        """A bot's choice for ``seat`` (the stand-in's with ``standin``), off the event loop."""
        room = self.room
        loop = asyncio.get_running_loop()
        if seat in self.bots and not standin:
            spec, bot = self.specs[seat], self.bots[seat]
        else:
            spec, bot = self._standin(seat)
        limit = room.settings.bot_think_seconds or None
        pool = room.processes() if room.processes is not None and not in_thread(spec) else None
        if pool is not None:
            from .thinking import think

            seed = derive_seed(room.row.seed, "server", "think", seat, room.version)
            try:
                return await asyncio.wait_for(loop.run_in_executor(
                    pool, think, room.row.game, room.state.to_json(), seat, spec, seed), limit)
            except BrokenExecutor:
                # a worker died (killed, out of memory): a new pool next time, a thread now
                log.error("game %s: bot worker process died; thinking in a thread", room.id)
                if room.on_broken_pool is not None:
                    room.on_broken_pool(pool)
            except TimeoutError:
                if room.on_broken_pool is not None:  # only its end frees that worker
                    room.on_broken_pool(pool, kill=True)
                raise Hung(spec) from None
        snapshot = room.state.clone()
        try:
            action = await asyncio.wait_for(
                loop.run_in_executor(room.executor, bot.choose, snapshot, seat), limit)
        except TimeoutError:  # a thread cannot be stopped: it thinks on, unheard
            raise Hung(spec) from None
        return action.to_json()

    def _silent_here(self, seat: int, by: str) -> bool:
        """A person's seat in an input session plays its silent input (deadline or away)."""
        session = self.room.state.session()
        return (by != "bot" and session is not None and seat in session.seats
                and self.room.is_person(seat))

    async def _decide(self, seat: int, by: str, reason: str | None) -> None:
        """Act for ``seat`` until it need not act any more (or its room is let go of). A move
        the database could not store is tried again later, for as long as the room lives:
        before, the seat gave up and the game waited for good."""
        wait = STORE_RETRY[0]
        with contextlib.suppress(ReferenceError):  # the room was freed while this waited
            while not await self._act(seat, by, reason) and not self.closed:
                await asyncio.sleep(wait)
                wait = min(2 * wait, STORE_RETRY[1])

    async def _act(self, seat: int, by: str, reason: str | None) -> bool:
        """One try at acting for ``seat``; False when the move could not be stored."""
        room = self.room
        if by == "bot" and room.settings.bot_delay > 0:
            await asyncio.sleep(self.delay(seat))
        for _attempt in range(3):
            if room.status != "playing" or seat not in room.state.to_move():
                return True
            version = room.version
            if self._silent_here(seat, by):
                data = SILENT
            else:
                if by == "bot" and (seat in self.hung or self._runaway(seat)):
                    by = "standin"
                started = time.perf_counter()
                try:
                    data = await self._choose(seat, standin=by == "standin")
                except Hung as exc:
                    log.error("game %s: the %s of seat %d thought more than %g s about one "
                              "decision; %s", room.id,
                              f"bot {exc}" if by == "bot" else "stand-in", seat,
                              room.settings.bot_think_seconds,
                              "the stand-in plays the seat from now on" if by == "bot"
                              else "its first legal move is played")
                    metrics.failed("bot")
                    if by == "standin":
                        break
                    self.hung.add(seat)
                    by = "standin"
                    continue
                except Exception:  # a bot's bug (a plugin's, say) must not stop the game
                    log.exception("game %s: the %s of seat %d failed to choose", room.id,
                                  f"bot {self.specs[seat]}" if by == "bot" else "stand-in",
                                  seat)
                    metrics.failed("bot")
                    if by == "standin":
                        break
                    by = "standin"
                    continue
                metrics.bot_thought(time.perf_counter() - started)
            try:
                await room.submit(seat, data, by=by, reason=reason)
                return True
            except ProtocolError as exc:
                if room.version != version:
                    continue  # the game moved on while the bot thought: think again
                if exc.code == "server_error":
                    return False  # not stored, nothing changed (the room logged why)
                log.warning("game %s: the move chosen for seat %d was refused: %s",
                            room.id, seat, exc)
        if room.status == "playing" and seat in room.state.to_move():
            legal = room.state.legal_actions(seat)
            if legal:
                with contextlib.suppress(ProtocolError):
                    await room.submit(seat, legal[0].to_json(), by="standin", reason=reason)
                    return True
            log.error("game %s: seat %d cannot act; the game waits", room.id, seat)
            self.stuck[seat] = room.version
        return True
