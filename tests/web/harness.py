"""A test stand for the browser client without a server process.

Playwright routes every request of the page to this module: the static files come straight from
``src/tycoon/web`` and ``src/tycoon/i18n``, ``/api/...`` answers from a small table, and the
game's WebSocket is played by a :class:`Table` holding a real engine state (Capital or Deal)
and speaking the protocol of ``docs/protocol.md`` (``welcome``, ``update``, ``ack``,
``error``, ``session_input``/``session_progress`` of the engine's input sessions, ``chat``,
``rematch``, ``resign``), with every legal action and event carrying its ``message`` (the
game's ``describe``) and REST ``/api/kinds/{game}/data`` and ``/messages/{lang}`` from the
game's ``GameInfo``. Seats without a browser are played by random legal actions (sessions by
the session's bot). So any position the engine can load (near victory, a minigame, a Just
Say No) can be put in front of the page.
"""

from __future__ import annotations

import json
import mimetypes
import os
import random
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import tycoon
from tycoon.engine import IllegalAction, get_game
from tycoon.engine.messages import LANGUAGES, Message

WEB = Path(tycoon.__file__).resolve().parent / "web"
I18N = Path(tycoon.__file__).resolve().parent / "i18n"
ORIGIN = "http://tycoon.test"
#: Debian's Chromium headless shell (the "old" headless mode, Playwright's own default for
#: headless runs): the same Blink, the same screenshots pixel for pixel, and the browser suite
#: in 185 s where the whole browser took 331 s.
CHROMIUM_SHELL = "/usr/bin/chromium-headless-shell"
#: The whole browser: driven instead when it is installed and the shell is not.
CHROMIUM_WHOLE = "/usr/bin/chromium"
#: The binary the tests drive: ``TYCOON_CHROMIUM`` when set, else the shell (or the whole browser).
CHROMIUM = os.environ.get("TYCOON_CHROMIUM") or (
    CHROMIUM_WHOLE if os.path.exists(CHROMIUM_WHOLE) and not os.path.exists(CHROMIUM_SHELL)
    else CHROMIUM_SHELL)
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def static_file(path: str) -> tuple[bytes, str] | None:
    """The bytes and content type of a client file (``/`` is ``index.html``)."""
    if path in ("", "/"):
        path = "/index.html"
    base, rel = (I18N, path[len("/i18n/"):]) if path.startswith("/i18n/") else (WEB, path[1:])
    target = (base / rel).resolve()
    if base.resolve() not in target.parents or not target.is_file():
        return None
    kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
    if target.suffix == ".js":
        kind = "text/javascript"
    return target.read_bytes(), kind


class Table:
    """One game played by the real engine behind routed WebSockets (one per seat token)."""

    def __init__(self, game: str, state: Any, humans: dict[str, int], names: list[str],
                 seed: int = 0, game_id: str = "T1") -> None:
        self.game = game
        self.module = get_game(game)
        self.state = state
        self.humans = humans  # token -> seat
        self.names = names
        self.rng = random.Random(seed)
        self.id = game_id
        self.version = 0
        self.sockets: dict[int | None, list[Any]] = {}
        self.received: list[dict[str, Any]] = []  # every message a page sent
        self.applied: list[tuple[int, dict[str, Any]]] = []  # every action applied
        self.inputs: dict[tuple[str, int], list[Any]] = {}  # (session id, seat) -> inputs checked
        self.chat: list[dict[str, Any]] = []
        self.rematch_tables: dict[str, Table] = {}
        self.sent: list[tuple[int | None, dict[str, Any]]] = []  # every message to a page
        self.seqs: dict[int, dict[int, int]] = {}  # seat -> applied action seq -> version
        #: Drop the connection instead of sending the next N acks (the action is applied),
        #: as a server whose connection breaks after the commit.
        self.drop_acks = 0
        #: Drop the connection on the next N actions instead of applying them, as a
        #: connection that breaks while an action is on its way (``lost`` keeps them).
        self.lose_actions = 0
        self.lost: list[dict[str, Any]] = []
        #: Keep actions unanswered until ``release_actions`` (a slow connection), or answer
        #: them and keep their updates until ``release_updates`` (the update comes after the ack).
        self.hold_actions = False
        self.held: list[tuple[Any, int | None, str | bytes]] = []
        self.hold_updates = False
        self.held_updates: list[list[Any]] = []
        #: Human seats nobody has taken: the game waits for them ("open"), and a page without
        #: a token is offered them.
        self.free: set[int] = set()
        #: Seats whose person resigned: a bot plays them, under the person's name (``left``).
        self.left: set[int] = set()

    # ---- REST ---------------------------------------------------------------------------
    @property
    def status(self) -> str:
        return "finished" if self.state.is_over else "open" if self.free else "playing"

    def summary(self) -> dict[str, Any]:
        over = self.state.is_over
        return {
            "id": self.id, "game": self.game, "name": "",
            "status": self.status,
            "seats": len(self.names), "players": self.players(), "free_seats": sorted(self.free),
            "options": {}, "decision_seconds": 60, "seeded": True, "version": self.version,
            "turn": self.state.turn, "created": 0.0,
            "result": result_json(self.state) if over else None,
        }

    def players(self) -> list[dict[str, Any]]:
        human_seats = set(self.humans.values()) | self.free
        return [
            {"seat": s, "kind": "human" if s in human_seats else "bot",
             "bot": None if s in human_seats else "random",
             "name": None if s in self.free else name, "taken": s not in self.free,
             "connected": s in self.sockets, "left": s in self.left}
            for s, name in enumerate(self.names)
        ]

    # ---- WebSocket ------------------------------------------------------------------------
    def attach(self, ws: Any) -> None:
        """A page connected: send the welcome and the current update."""
        token = parse_qs(urlparse(ws.url).query).get("token", [None])[0]
        seat = self.humans.get(token) if token else None
        self.sockets.setdefault(seat, []).append(ws)
        ws.on_message(lambda text: self.on_message(ws, seat, text))
        ws.send(json.dumps({
            "type": "welcome", "game_id": self.id, "game": self.game, "seat": seat,
            "status": self.status, "players": self.players(),
            "last_seq": max(self.seqs.get(seat, {}), default=None) if seat is not None else None,
            "settings": {"decision_seconds": 60, "minigame_seconds": 30, "minigame_grace": 3,
                         "max_message_bytes": 65536},
            "chat": self.chat[-100:],
        }))
        self.send(ws, seat, self.update(seat, []))
        snapshot = self.session_snapshot(seat)
        if snapshot is not None:
            self.send(ws, seat, snapshot)
        if not self.state.is_over and not set(self.state.to_move()) & set(self.humans.values()):
            events = self.play_bots()  # a new game may start with a bot's turn
            if events:
                self.broadcast(events)

    def session(self) -> Any:
        """The open input session of the state, if the game has one."""
        if self.state.is_over:
            return None
        opener = getattr(self.state, "session", None)
        return opener() if callable(opener) else None

    def session_snapshot(self, seat: int | None) -> dict[str, Any] | None:
        """On (re)connecting, a progressive session's inputs so far."""
        session = self.session()
        if session is not None and seat is not None and session.progressive:
            inputs = self.inputs.get((session.id, seat), [])
            progress = session.step(seat, inputs[:-1], inputs[-1]) if inputs else None
            if progress is not None:
                return {"type": "session_progress", "session": session.id, "seq": None,
                        "inputs": inputs, "progress": progress}
        return None

    def send(self, ws: Any, seat: int | None, message: dict[str, Any]) -> None:
        """Send a message to a page (and keep it, for tests that check what a page got)."""
        self.sent.append((seat, message))
        ws.send(json.dumps(message))

    def update(self, seat: int | None, events: list[Any]) -> dict[str, Any]:
        st = self.state
        to_move = [] if st.is_over else st.to_move()
        legal = []
        session = self.session()
        if seat is not None and seat in to_move:
            legal = [{"action": a.to_json(), "message": message(st, a, seat)}
                     for a in st.legal_actions(seat)]
        visible = [{**e.to_json(), "message": message(st, e, seat)} for e in events
                   if not getattr(e, "private", False) or getattr(e, "seat", None) == seat]
        return {
            "type": "update", "version": self.version,
            "status": self.status,
            "events": visible, "actor": None, "view": st.view(seat), "legal": legal,
            "deadlines": [{"seat": s, "at": 0, "seconds": 60, "kind": "decision"} for s in to_move],
            "players": self.players(), "result": result_json(st) if st.is_over else None,
            "session": session.to_json(seat) if session is not None else None,
        }

    def release_actions(self) -> None:
        """Answer the actions ``hold_actions`` kept, in order."""
        held, self.held, self.hold_actions = self.held, [], False
        for ws, seat, text in held:
            self.on_message(ws, seat, text)

    def on_message(self, ws: Any, seat: int | None, text: str | bytes) -> None:
        msg = json.loads(text)
        seq = msg.get("seq")
        kind = msg.get("type", "action")
        if kind == "action" and self.hold_actions:
            self.held.append((ws, seat, text))
            return
        if kind == "action" and self.lose_actions > 0:
            self.lose_actions -= 1
            self.lost.append(msg)
            self.sockets[seat].remove(ws)
            ws.close()
            return
        self.received.append(msg)
        if kind == "ping":  # as the server: the page's heartbeat
            ws.send(json.dumps({"type": "pong", "seq": seq, "time": 0}))
            return
        if kind == "session_input":
            self.session_input(ws, seat, msg)
            return
        if kind == "chat":
            self.on_chat(ws, seat, msg)
            return
        if kind in ("rematch", "resign"):
            getattr(self, f"on_{kind}")(ws, seat, msg)
            return
        if msg.get("type", "action") != "action":
            return
        if seat is None:
            ws.send(json.dumps({"type": "error", "code": "not_a_player",
                                "message": "spectators cannot act", "seq": seq}))
            return
        applied = self.seqs.setdefault(seat, {})
        if seq in applied:  # idempotent actions, as the server (docs/protocol.md)
            self.send(ws, seat, {"type": "ack", "seq": seq, "version": applied[seq],
                                 "duplicate": True})
            return
        if seq is not None and applied and seq <= max(applied):
            self.send(ws, seat, {"type": "error", "code": "stale_seq", "seq": seq,
                                 "message": f"seq {seq} is not above {max(applied)}"})
            return
        try:
            action = self.module.parse_action(msg["action"])
            events = list(self.state.apply(seat, action))
        except (IllegalAction, ValueError) as exc:
            self.send(ws, seat, {"type": "error", "code": "illegal_action",
                                 "message": str(exc), "seq": seq})
            return
        self.version += 1
        self.applied.append((seat, msg["action"]))
        if seq is not None:
            applied[seq] = self.version
        if self.drop_acks > 0:  # committed, but the connection breaks before the ack
            self.drop_acks -= 1
            self.sockets[seat].remove(ws)
            if not self.sockets[seat]:
                del self.sockets[seat]
            ws.close()
        else:
            self.send(ws, seat, {"type": "ack", "seq": seq, "version": self.version})
        events += self.play_bots()
        self.broadcast(events)

    def session_input(self, ws: Any, seat: int | None, msg: dict[str, Any]) -> None:
        """One more input of a progressive session, checked by the session's ``step``."""
        seq = msg.get("seq")
        session = self.session()
        if seat is None or session is None or msg.get("session") != session.id:
            self.send(ws, seat, {"type": "error", "code": "no_session", "seq": seq,
                                 "message": "no such input session"})
            return
        inputs = self.inputs.setdefault((session.id, seat), [])
        try:
            progress = session.step(seat, list(inputs), msg.get("input"))
        except ValueError as exc:
            self.send(ws, seat, {"type": "error", "code": "invalid_input", "seq": seq,
                                 "message": str(exc)})
            return
        inputs.append(msg.get("input"))
        self.send(ws, seat, {"type": "session_progress", "session": session.id, "seq": seq,
                             "progress": progress})

    def on_chat(self, ws: Any, seat: int | None, msg: dict[str, Any]) -> None:
        """A chat line or reaction, kept and sent to every page (as the server)."""
        text = msg.get("text")
        if seat is None or (text is not None and not (1 <= len(str(text).strip()) <= 500)):
            self.send(ws, seat, {"type": "error", "code": "bad_chat", "seq": msg.get("seq"),
                                 "message": "chat refused"})
            return
        line: dict[str, Any] = {"type": "chat", "id": len(self.chat) + 1,
                                "from": {"seat": seat, "name": self.names[seat]}, "at": 0.0}
        if text is not None:
            line["text"] = str(text).strip()
        else:
            line["reaction"] = msg.get("reaction")
        self.chat.append(line)
        for sockets in self.sockets.values():
            for other in sockets:
                other.send(json.dumps(line))

    def on_resign(self, ws: Any, seat: int | None, msg: dict[str, Any]) -> None:
        """The seat is played by a bot from now on; the page watches (as the server)."""
        self.humans = {k: v for k, v in self.humans.items() if v != seat}
        self.left.add(seat)
        self.sockets[seat].remove(ws)
        self.sockets.setdefault(None, []).append(ws)
        ws.send(json.dumps({"type": "welcome", "game_id": self.id, "game": self.game,
                            "seat": None, "status": "playing", "players": self.players(),
                            "last_seq": None, "chat": self.chat[-100:]}))
        self.broadcast(self.play_bots())

    def on_rematch(self, ws: Any, seat: int | None, msg: dict[str, Any]) -> None:
        """A new table with the same seats; the accepting seat gets its token."""
        new_id = f"{self.id}R"
        if new_id not in self.rematch_tables:
            state = self.module.new_game(len(self.names), seed=self.rng.randrange(1 << 30))
            self.rematch_tables[new_id] = Table(self.game, state, dict(self.humans), self.names,
                                                game_id=new_id)
        token = next(k for k, v in self.humans.items() if v == seat)
        for sockets in self.sockets.values():
            for other in sockets:
                other.send(json.dumps({"type": "rematch", "game_id": new_id, "accepted": [seat]}))
        self.send(ws, seat, {"type": "rematch_seat", "game_id": new_id, "seat": seat,
                             "token": token})

    def play_bots(self, limit: int = 400) -> list[Any]:
        """Let every seat without a browser act until a human seat must act."""
        events: list[Any] = []
        human = set(self.humans.values())
        for _ in range(limit):
            if self.state.is_over:
                break
            bots = [s for s in self.state.to_move() if s not in human]
            if not bots:
                break
            seat = bots[0]
            session = self.session()
            if session is not None and seat in session.seats:
                action = session.bot_action(seat, 0.5, self.rng.randrange(1 << 30))
            else:
                action = self.rng.choice(self.state.legal_actions(seat))
            events += self.state.apply(seat, action)
            self.applied.append((seat, action.to_json()))
            self.version += 1
        return events

    def release_updates(self) -> None:
        """Send the updates ``hold_updates`` kept."""
        held, self.held_updates, self.hold_updates = self.held_updates, [], False
        for events in held:
            self.broadcast(events)

    def broadcast(self, events: list[Any]) -> None:
        if self.hold_updates:
            self.held_updates.append(events)
            return
        for seat, sockets in self.sockets.items():
            for ws in sockets:
                self.send(ws, seat, self.update(seat, events))


def install(page: Any, table: Table | None = None) -> None:
    """Route the page's requests to the client files, the fake REST API and ``table``."""

    def handle(route: Any) -> None:
        url = urlparse(route.request.url)
        if url.path.startswith("/api/"):
            status, body = api(url.path, table)
            route.fulfill(status=status, content_type="application/json", body=json.dumps(body))
            return
        found = static_file(url.path)
        if found is None:
            route.fulfill(status=404, body="not found")
            return
        body, kind = found
        route.fulfill(status=200, content_type=kind, body=body)

    def socket(ws: Any) -> None:
        game_id = urlparse(ws.url).path.rsplit("/", 1)[-1]
        target = None
        if table is not None:
            target = table if game_id == table.id else table.rematch_tables.get(game_id)
        if target is None:
            ws.close(code=4404, reason="unknown game")  # as the server (docs/protocol.md)
            return
        target.attach(ws)

    page.route(f"{ORIGIN}/**", handle)
    page.route_web_socket("ws://tycoon.test/ws/games/**", socket)


def wait_held(page: Any, held: list[Any], what: str) -> None:
    """Wait until a route handler has held a request in ``held`` (handlers run as the page's
    events are handled, a moment after the request); fail with ``what`` if none comes."""
    for _ in range(200):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"not held: {what}")


def pause_clock(page: Any) -> None:
    """Stop the page's installed test clock one second on from where it stands (a loaded
    machine may take a while to ask, and Playwright cannot pause in the past): from then on it
    moves only when the test moves it. Playwright's Python ``pause_at`` takes a number as Unix
    time in seconds, not the page's milliseconds."""
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)


GAMES = ("capital", "deal", "toy")


def kinds() -> list[dict[str, Any]]:
    """``GET /api/kinds`` as the server answers it, from each game's ``GameInfo``."""
    out = []
    for name in GAMES:
        info = get_game(name)
        out.append({"name": name, "title": info.title, "min_seats": info.min_seats,
                    "max_seats": info.max_seats, "default_seats": info.default_seats,
                    "options": info.describe_options(),
                    "players": ["human", "random", "easy", "medium", "hard"]})
    return out


def api(path: str, table: Table | None) -> tuple[int, Any]:
    """The REST answers the pages ask for: ``(status, body)``."""
    parts = path.strip("/").split("/")
    if path == "/api/kinds":
        return 200, kinds()
    if len(parts) >= 4 and parts[:2] == ["api", "kinds"] and parts[2] in GAMES:
        info = get_game(parts[2])
        if parts[3] == "data":
            return 200, info.client_data()
        if parts[3] == "messages" and len(parts) == 5 and parts[4] in LANGUAGES:
            try:
                return 200, info.catalog(parts[4])
            except ModuleNotFoundError:  # a game whose catalogs are not written yet
                return 200, {}
        return 404, {"detail": "not found"}
    if path == "/api/games":
        return 200, [table.summary()] if table else []
    if table and path == f"/api/games/{table.id}":
        return 200, table.summary()
    if table and path.startswith("/api/games/") and parts[2] in table.rematch_tables:
        return 200, table.rematch_tables[parts[2]].summary()
    if path == "/api/lobby/chat":
        return 200, {"messages": []}
    if path.startswith("/api/games/"):
        return 404, {"detail": f"unknown game {parts[2] if len(parts) > 2 else ''}"}
    return 200, {}


def message(state: Any, item: Any, seat: int | None) -> dict[str, Any] | None:
    """The message of an action or event, as the server sends it (None: an event with no log
    line of its own). A game whose ``describe`` still returns a sentence is shown that
    sentence (as a key without a catalog entry)."""
    try:
        said = state.describe(item, seat)
    except Exception:  # an event the game cannot describe yet
        return {"key": f"event.{getattr(item, 'type', 'unknown')}", "params": {}}
    if said is None:
        return None
    if isinstance(said, Message):
        return said.to_json()
    return {"key": str(said), "params": {}}


def result_json(state: Any) -> Any:
    """``state.result()`` as JSON (an ``Outcome``, or the dict of the last round)."""
    result = state.result()
    return result.to_json() if hasattr(result, "to_json") else result


def seat_token_script(game_id: str, token: str, seat: int, lang: str = "en") -> str:
    """An init script giving the page a seat token (as joining would) and a language."""
    value = json.dumps({"token": token, "seat": seat})
    return (f"localStorage.setItem('tycoon.seat.{game_id}', {json.dumps(value)});"
            f"localStorage.setItem('tycoon.lang', {json.dumps(lang)});")


def words(table: Table, item: Any, seat: int | None, lang: str = "en") -> str:
    """An action or event of ``table`` in words, as the page renders its message."""
    from tycoon.engine.messages import render

    names = [f"{n} ({'ABCDE'[i]})" for i, n in enumerate(table.names)]
    return render(message(table.state, item, seat), get_game(table.game).catalog(lang), lang,
                  names=names)
