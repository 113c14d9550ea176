"""A test stand for the browser client without a server process.

Playwright routes every request of the page to this module: the static files come straight from
``src/tycoon/web`` and ``src/tycoon/i18n``, ``/api/...`` answers from a small table, and the
game's WebSocket is played by a :class:`Table` holding a real engine state (Capital or Deal)
and speaking the protocol of ``docs/protocol.md`` (``welcome``, ``update``, ``ack``,
``error``, and Memory's ``minigame_input``/``minigame_progress``, with the server's own
:class:`tycoon.server.reveal.Reveals`). Seats without a browser are played by random legal
actions. So any position the engine can load (near victory, a minigame, a Just Say No) can be
put in front of the page.
"""

from __future__ import annotations

import json
import mimetypes
import random
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import tycoon
from tycoon.engine import IllegalAction, get_game
from tycoon.server.protocol import ProtocolError
from tycoon.server.reveal import Reveals, public_legal

WEB = Path(tycoon.__file__).resolve().parent / "web"
I18N = Path(tycoon.__file__).resolve().parent / "i18n"
ORIGIN = "http://tycoon.test"
CHROMIUM = "/usr/bin/chromium"
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
        self.reveals = Reveals()  # Memory clicks, as the server keeps them
        self.sent: list[tuple[int | None, dict[str, Any]]] = []  # every message to a page
        self.seqs: dict[int, dict[int, int]] = {}  # seat -> applied action seq -> version
        #: Drop the connection instead of sending the next N acks (the action is applied),
        #: as a server whose connection breaks after the commit.
        self.drop_acks = 0

    # ---- REST ---------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        over = self.state.is_over
        return {
            "id": self.id, "game": self.game, "name": "",
            "status": "finished" if over else "playing",
            "seats": len(self.names), "players": self.players(), "free_seats": [],
            "options": {}, "decision_seconds": 60, "seeded": True, "version": self.version,
            "turn": self.state.turn, "created": 0.0,
            "result": self.state.result() if over else None,
        }

    def players(self) -> list[dict[str, Any]]:
        human_seats = set(self.humans.values())
        return [
            {"seat": s, "kind": "human" if s in human_seats else "bot",
             "bot": None if s in human_seats else "random", "name": name, "taken": True,
             "connected": s in self.sockets}
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
            "status": "playing", "players": self.players(),
            "last_seq": max(self.seqs.get(seat, {}), default=None) if seat is not None else None,
            "settings": {"decision_seconds": 60, "minigame_seconds": 30, "minigame_grace": 3,
                         "max_message_bytes": 65536},
        }))
        self.send(ws, seat, self.update(seat, []))
        snapshot = None if self.state.is_over else self.reveals.snapshot(self.state, seat)
        if snapshot is not None:
            self.send(ws, seat, snapshot)

    def send(self, ws: Any, seat: int | None, message: dict[str, Any]) -> None:
        """Send a message to a page (and keep it, for tests that check what a page got)."""
        self.sent.append((seat, message))
        ws.send(json.dumps(message))

    def update(self, seat: int | None, events: list[Any]) -> dict[str, Any]:
        st = self.state
        to_move = [] if st.is_over else st.to_move()
        legal = []
        if seat is not None and seat in to_move:
            hidden = public_legal(st, seat)  # Memory: no ready-made clicks, as the server
            legal = [{"action": a.to_json(), "text": st.describe(a, seat)}
                     for a in (st.legal_actions(seat) if hidden is None else hidden)]
        visible = [e.to_json() for e in events
                   if not getattr(e, "private", False) or getattr(e, "seat", None) == seat]
        return {
            "type": "update", "version": self.version,
            "status": "finished" if st.is_over else "playing",
            "events": visible, "actor": None, "view": st.view(seat), "legal": legal,
            "deadlines": [{"seat": s, "at": 0, "seconds": 60, "kind": "decision"} for s in to_move],
            "players": self.players(), "result": st.result() if st.is_over else None,
        }

    def on_message(self, ws: Any, seat: int | None, text: str | bytes) -> None:
        msg = json.loads(text)
        self.received.append(msg)
        seq = msg.get("seq")
        if msg.get("type") == "minigame_input":
            try:
                self.send(ws, seat, self.reveals.click(self.state, seat, msg.get("input"), seq))
            except ProtocolError as exc:
                self.send(ws, seat, {"type": "error", "code": exc.code, "message": str(exc),
                                     "seq": seq})
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
            self.reveals.check_final(self.state, seat, msg["action"])
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
            action = self.rng.choice(self.state.legal_actions(seat))
            events += self.state.apply(seat, action)
            self.applied.append((seat, action.to_json()))
            self.version += 1
        return events

    def broadcast(self, events: list[Any]) -> None:
        for seat, sockets in self.sockets.items():
            for ws in sockets:
                self.send(ws, seat, self.update(seat, events))


def install(page: Any, table: Table | None = None) -> None:
    """Route the page's requests to the client files, the fake REST API and ``table``."""

    def handle(route: Any) -> None:
        url = urlparse(route.request.url)
        if url.path.startswith("/api/"):
            route.fulfill(status=200, content_type="application/json",
                          body=json.dumps(api(url.path, table)))
            return
        found = static_file(url.path)
        if found is None:
            route.fulfill(status=404, body="not found")
            return
        body, kind = found
        route.fulfill(status=200, content_type=kind, body=body)

    page.route(f"{ORIGIN}/**", handle)
    if table is not None:
        page.route_web_socket("ws://tycoon.test/ws/games/**", table.attach)


def api(path: str, table: Table | None) -> Any:
    """The few REST answers the pages ask for."""
    if path == "/api/kinds":
        out = []
        for name in ("capital", "deal"):
            m = get_game(name)
            out.append({"name": name, "min_seats": m.MIN_SEATS, "max_seats": m.MAX_SEATS,
                        "default_seats": m.DEFAULT_SEATS, "options": m.OPTIONS,
                        "players": ["human", "random", "easy", "medium", "hard"]})
        return out
    if path == "/api/games":
        return [table.summary()] if table else []
    if table and path == f"/api/games/{table.id}":
        return table.summary()
    return {}


def seat_token_script(game_id: str, token: str, seat: int, lang: str = "en") -> str:
    """An init script giving the page a seat token (as joining would) and a language."""
    value = json.dumps({"token": token, "seat": seat})
    return (f"localStorage.setItem('tycoon.seat.{game_id}', {json.dumps(value)});"
            f"localStorage.setItem('tycoon.lang', {json.dumps(lang)});")
