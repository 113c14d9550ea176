"""A local table: one person against bots in this process, speaking the server's updates.

:class:`LocalTable` turns a game state and its bots into the same ``update`` messages a server
sends (``docs/protocol.md``: ``view``, ``events`` each with its ``message``, ``legal`` as
``{"action", "message"}``, ``session``, ``result``), so the terminal plays a local game and an
online one with the same code.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from tycoon.bots import RandomBot, make_bot
from tycoon.engine import (
    Event,
    GameInfo,
    IllegalAction,
    InvalidAction,
    Message,
    State,
    derive_seed,
)

#: The skill of the bots' inputs in a session (0 hopeless .. 1 near perfect).
BOT_SKILL = 0.5


def _words(message: Message | None) -> dict[str, Any] | None:
    """An event's message as JSON; None for one with no log line of its own."""
    return None if message is None else message.to_json()


class Refused(ValueError):
    """An action or input the table refused, with the reason in words."""


class Stale(Refused):
    """An action that came too late: the position it was chosen for has passed (online)."""


class LocalTable:
    """``me`` plays ``state``; every other seat is a bot: random ones, or ``bots``, one spec
    of :func:`~tycoon.bots.make_bot` per other seat in seat order (``ValueError`` names a bad
    one)."""

    def __init__(self, info: GameInfo, state: State, seed: int, me: int = 0,
                 name: str = "", bots: list[str] | None = None,
                 actions: list[dict[str, Any]] | None = None) -> None:
        self.info = info
        self.state = state
        self.seed = seed
        self.me = me
        self.version = 0
        n = len(state.view(None)["seats"])
        others = [s for s in range(n) if s != me]
        if bots is not None and len(bots) != len(others):
            raise ValueError(f"{len(bots)} bots for {len(others)} other seats")
        #: True: the bots play input sessions at their own skill; False: random bots, whose
        #: sessions are played at BOT_SKILL
        self.own_sessions = bots is not None
        specs = bots if bots is not None else ["random"] * len(others)
        self.bots: dict[int, Any] = {}
        for s, spec in zip(others, specs, strict=True):
            bot_seed = derive_seed(seed, "terminal", s)
            self.bots[s] = make_bot(spec, info.name, bot_seed) if self.own_sessions \
                else RandomBot(bot_seed, streak=3)
        bot_of = dict(zip(others, specs, strict=True))
        self.players = [
            {"seat": s, "kind": "human" if s == me else "bot",
             "bot": bot_of.get(s), "name": name if s == me else None,
             "taken": True, "connected": True}
            for s in range(n)
        ]
        self.pending: deque[dict[str, Any]] = deque([self.update(state.opening(), None)])
        self._inputs: list[Any] = []
        self._done = False
        #: Every action applied, ``{"seat", "action"}``: with the seed and options, the record
        #: (``actions``: those that made ``state``, for a game played on from its record).
        self.actions: list[dict[str, Any]] = list(actions or [])
        #: Called before ``me`` is asked to decide (to keep the record on disk).
        self.on_decision: Callable[[], None] | None = None

    # ----------------------------------------------------------------- updates
    def update(self, events: list[Event], actor: int | None) -> dict[str, Any]:
        """The ``update`` message ``me`` receives now, after ``events``."""
        st = self.state
        me = self.me
        legal: list[dict[str, Any]] = []
        if me in st.to_move():
            legal = [{"action": a.to_json(), "message": st.describe(a, me).to_json()}
                     for a in st.legal_actions(me)]
        session = st.session()
        return {
            "type": "update",
            "version": self.version,
            "status": "finished" if st.is_over else "playing",
            "events": [{**e.to_json(), "message": _words(st.describe(e, me))}
                       for e in events if e.visible_to(me)],
            "actor": None if actor is None else {
                "seat": actor, "by": "player" if actor == me else "bot", "reason": None},
            "view": st.view(me),
            "legal": legal,
            "session": session.to_json(me) if session is not None else None,
            "deadlines": [],
            "players": self.players,
            "result": st.result().to_json() if st.is_over else None,
        }

    def next(self) -> dict[str, Any] | None:
        """The next update (bots play until ``me`` must decide); None once the game is over
        and its last update was given."""
        update = self._next()
        if (update is not None and self.on_decision is not None and not self.state.is_over
                and self.me in self.state.to_move()):
            self.on_decision()
        return update

    def _next(self) -> dict[str, Any] | None:
        if self.pending:
            return self.pending.popleft()
        st = self.state
        if st.is_over or self._done:
            return None
        movers = st.to_move()
        session = st.session()
        bots = [s for s in movers if s != self.me]
        if session is not None and bots:
            events: list[Event] = []
            for seat in bots:
                if self.own_sessions:  # a bot of make_bot plays sessions at its own skill
                    action = self.bots[seat].choose(st, seat)
                else:
                    action = session.bot_action(
                        seat, BOT_SKILL, derive_seed(self.seed, "session", session.id, seat))
                events.extend(self._apply(seat, action))
            return self._applied(events, None)
        if bots and self.me not in movers:
            seat = bots[0]
            action = self.bots[seat].choose(st, seat)
            return self._applied(self._apply(seat, action), seat)
        return self.update([], None)  # the decision again (after a refusal)

    def _apply(self, seat: int, action: Any) -> list[Event]:
        events = self.state.apply(seat, action)
        self.actions.append({"seat": seat, "action": action.to_json()})
        return events

    def record(self, options: dict[str, Any]) -> dict[str, Any]:
        """The game so far as a record (the server's format: ``tycoon replay`` reads it);
        ``options`` are those the game was made with."""
        st = self.state
        return {"game": self.info.name, "seats": len(self.players), "seed": self.seed,
                "options": options, "status": "finished" if st.is_over else "playing",
                "complete": True, "players": self.players, "actions": list(self.actions),
                "result": st.result().to_json() if st.is_over else None}

    def _applied(self, events: list[Event], actor: int | None) -> dict[str, Any]:
        self.version += 1
        return self.update(events, actor)

    # ----------------------------------------------------------------- acting
    def act(self, action: dict[str, Any]) -> None:
        """Play ``action`` (its JSON) for ``me``; :class:`Refused` says why it cannot be."""
        try:
            parsed = self.info.parse_action(action)
            events = self._apply(self.me, parsed)
        except (InvalidAction, IllegalAction) as exc:
            raise Refused(str(exc)) from None
        self._inputs = []
        self.pending.append(self._applied(events, self.me))

    def step(self, item: Any) -> dict[str, Any]:
        """One more input of ``me`` in the open session: what it shows now."""
        session = self.state.session()
        if session is None:
            raise Refused("no input session is open")
        try:
            progress = session.step(self.me, list(self._inputs), item)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        self._inputs.append(item)
        return progress

    def finish_session(self, inputs: list[Any] | None, skill: float | None = None) -> None:
        """End ``me``'s part of the session with ``inputs`` (checked by :meth:`step`), or let
        the game's bot play it at ``skill``."""
        session = self.state.session()
        if session is None:
            raise Refused("no input session is open")
        if skill is not None:
            action = session.bot_action(self.me, skill,
                                        derive_seed(self.seed, "session", session.id, self.me))
        else:
            action = session.action(self.me, list(self._inputs if inputs is None else inputs))
        self.act(action.to_json())

    def close(self) -> None:
        """Stop (the person left)."""
        self._done = True
        self.pending.clear()
