"""Terminal play online (issue 13): ``tycoon play --server URL --create`` against a real
``tycoon serve`` subprocess, with a WebSocket client standing in for a browser at the same
table, and a server killed and restarted under a terminal that reconnects and goes on."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import deque
from pathlib import Path
from typing import Any

import pexpect
import pytest
from websockets.sync.client import connect

from .readable import check_lines
from .terminal_process import lines_of, play_through, spawn_terminal

# the server's generic input sessions (session_input) are what the terminal speaks
pytest.importorskip("tycoon.server.sessions", reason="a server without input sessions")

#: The Python that runs ``tycoon serve`` and ``tycoon play`` (this one unless told).
PYTHON = os.environ.get("TYCOON_TEST_PYTHON", sys.executable)
SETTINGS = {"bot_delay": 0, "decision_seconds": 60, "away_seconds": 30,
            "rate_per_second": 1000, "rate_burst": 1000}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``tycoon serve`` on a free port with a temporary SQLite file."""

    def __init__(self, tmp: Path, **settings: Any) -> None:
        self.settings = {**SETTINGS, **settings}
        self.port = free_port()
        self.db = f"sqlite:///{tmp / 'tycoon.sqlite3'}"
        self.log = tmp / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "TYCOON_SERVER_SETTINGS": json.dumps(self.settings)}
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [PYTHON, "-m", "tycoon.cli", "serve", "--port", str(self.port), "--db", self.db],
                env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start: " + self.log.read_text()[-2000:])

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path: Path):
    srv = Server(tmp_path).start()
    yield srv
    srv.stop()


def rest(base: str, method: str, path: str, body: Any = None) -> Any:
    req = urllib.request.Request(base + path, method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


class Browser(threading.Thread):
    """A client like the browser's: joins a seat, plays the first legal action of each of its
    decisions with its own seq, and its peek rounds cell by cell through session_input. An
    action refused (an update that was already stale: the round's time ran out, the other
    seat moved) is kept in ``refused`` and the latest update looked at again, as a person
    would after the page's error message. A session input is paired with its answer by
    ``seq``, as the page pairs them; messages that come while it waits are handled after it,
    in order."""

    def __init__(self, base: str, game_id: str, name: str) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.name = base, game_id, name
        joined = rest(base, "POST", f"/api/games/{game_id}/join", {"name": name})
        self.seat, self.token = joined["seat"], joined["token"]
        self.messages: list[dict[str, Any]] = []
        self.errors: list[BaseException] = []
        self.refused: list[dict[str, Any]] = []
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.play()
        except BaseException as exc:  # reported by the test
            self.errors.append(exc)
        finally:
            self.done.set()

    def play(self) -> None:
        ws_url = self.base.replace("http", "ws") + f"/ws/games/{self.game_id}?token={self.token}"
        seq = 0
        acted: set[int] = set()
        last: dict[str, Any] | None = None
        backlog: deque[dict[str, Any]] = deque()
        with connect(ws_url, origin=self.base, proxy=None) as ws:  # type: ignore[arg-type]
            while True:
                if backlog:
                    msg = backlog.popleft()
                else:
                    try:
                        msg = json.loads(ws.recv(timeout=60))
                    except TimeoutError as exc:
                        raise TimeoutError(
                            f"no message for 60 s after {self.messages[-4:]!r}") from exc
                    self.messages.append(msg)
                if msg["type"] == "error" and last is not None and len(self.refused) < 20:
                    self.refused.append(msg)
                    acted.discard(last["version"])
                    msg = last
                elif msg["type"] != "update":
                    continue
                last = msg
                if msg["status"] == "finished":
                    return
                legal, view = msg["legal"], msg["view"]
                if not legal or self.seat not in view["to_move"] or msg["version"] in acted:
                    continue
                acted.add(msg["version"])
                action = dict(legal[0]["action"])
                session = msg.get("session")
                if session:
                    seq += 1
                    ws.send(json.dumps({"type": "session_input", "seq": seq,
                                        "session": session["id"], "input": 0}))
                    # its answer has its seq; what comes first (the other seat's move, the
                    # refusal of an action made stale) is looked at next
                    while (answer := json.loads(ws.recv(timeout=30))).get("seq") != seq or \
                            answer["type"] not in ("session_progress", "error"):
                        self.messages.append(answer)
                        backlog.append(answer)
                    self.messages.append(answer)
                    if answer["type"] == "error":  # a stale update: the session is over
                        assert answer["code"] in ("no_session", "not_your_turn"), answer
                        continue
                    action["inputs"] = [0]
                seq += 1
                ws.send(json.dumps({"type": "action", "seq": seq, "action": action}))


def test_terminal_plays_online_with_a_browser_at_the_same_table(server):
    term = spawn_terminal("toy", "--server", server.url, "--create", "--players", "human,human",
                          "--name", "Ana", "--title", "Ana's table", "-o", "turn_limit=6")
    term.expect(r"Game (\S+) created\.")
    game_id = term.match.group(1)
    # the lobby lists it by its --title (it was once named after its creator, "Ana")
    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}") as answer:
        assert json.load(answer)["name"] == "Ana's table"
    term.expect("You sit at seat 1 of game")
    term.expect(r"You are Ana\.")  # by the name given, not "Seat 1"
    term.expect("Waiting for 1 more player to join.")
    watcher = spawn_terminal("--server", server.url, "--game", game_id, "--watch")
    watcher.expect("You are watching.")
    watcher.expect("Waiting for 1 more player to join.")
    browser = Browser(server.url, game_id, "Bea")
    browser.start()
    try:
        text = play_through(term, inputs=["1", "1", "2"])  # cell 2, again (refused), cell 3
    except pexpect.TIMEOUT as exc:  # say what the other client and the server saw
        raise AssertionError(f"browser errors: {browser.errors!r}; last messages: "
                             f"{browser.messages[-3:]!r}; server log: "
                             f"{server.log.read_text()[-3000:]}") from exc
    watched = lines_of(play_through(watcher))
    assert watched[0] == "The game starts." and watched[-1].startswith("Standings: ")
    assert any(re.fullmatch(r"Turn \d+: Ana plays", line) for line in watched), watched
    check_lines(watched, others=["Ana", "Bea"])
    assert browser.done.wait(30) and not browser.errors, browser.errors
    # refusals only of actions made stale by the other seat or the round's clock
    assert {m["code"] for m in browser.refused} <= {"not_your_turn", "no_session",
                                                     "illegal_action"}, browser.refused
    lines = lines_of(text)
    assert "The game starts." in lines
    assert any(re.fullmatch(r"Turn \d+: Bea plays", line) for line in lines)  # third person
    assert any(line.startswith("Ana plays card") or line.startswith("Ana draws card")
               for line in lines)
    assert any(line.startswith("peek: you have") for line in lines)  # the session, played
    assert any(line.startswith("So far: turned 1 ") for line in lines)  # via session_input
    assert any(line.startswith("Not possible: ") for line in lines)  # checked by the server
    check_lines(lines, others=["Bea"])
    # the browser got the same words, as keys: every event and choice carries its message
    updates = [m for m in browser.messages if m["type"] == "update"]
    assert all("message" in e for u in updates for e in u["events"])
    assert all("message" in c for u in updates for c in u["legal"])
    result = updates[-1]["result"]
    winner = "Ana" if result["winner"] == 0 else "Bea"
    assert lines[-1].startswith(f"Standings: 1. {winner}: ")
    assert term.wait() == 0


def test_terminal_reconnects_after_a_server_restart_and_goes_on(server):
    term = spawn_terminal("toy", "--server", server.url, "--create", "--players", "human,random",
                          "-o", "turn_limit=8", "-o", "round_every=0")
    term.expect(r"Game (\S+) created\.")
    term.expect(r"Your choice \(1 to \d+\): ")
    # SIGKILL while the person is deciding: the record in SQLite survives, the connection
    # does not, and the person is told at once, before answering; the answer then goes out
    # on the dead connection and is sent again, same seq
    server.kill()
    term.expect("The connection is lost; reconnecting.")
    term.sendline("1")
    server.start()
    term.expect("Connected again.")
    text = play_through(term)
    lines = lines_of(text)
    assert lines[-2].startswith("Game over after") and lines[-1].startswith("Standings: ")
    assert not any("already" in line or "Refused" in line for line in lines)
    check_lines(lines, others=["Seat 2"])
    assert term.wait() == 0


def test_terminal_sends_again_what_the_rate_limit_dropped(tmp_path):
    """Answers faster than the server's rate limit (a script piping its choices): a message
    dropped as ``rate_limited`` goes again by itself, same seq, and the game plays on with
    no refusal shown."""
    server = Server(tmp_path, rate_per_second=4, rate_burst=2).start()
    try:
        term = spawn_terminal("toy", "--server", server.url, "--create", "--players",
                              "human,random", "-o", "turn_limit=8")
        lines = lines_of(play_through(term, inputs=["1", "2", "3"]))
        assert lines[-1].startswith("Standings: ")
        assert not any("too many messages" in line or line.startswith("Refused")
                       for line in lines), lines
        assert term.wait() == 0
    finally:
        server.stop()


def test_after_a_lost_connection_the_terminal_tells_what_it_missed_once():
    """docs/protocol.md: the first update on a connection retells the recent changes
    (``history``); the terminal tells those it has not told yet, and on its first connection
    none (it starts from the position)."""
    from tycoon.terminal.online import OnlineTable

    table = object.__new__(OnlineTable)  # no connection: only the update handling is tested
    table.version, table.acted_version, table.updates, table.held = -1, -1, deque(), []
    table.session_id = table.template = None
    table.holding = False
    line = {"type": "played", "message": {"key": "played.end_turn", "params": {}}}
    history = [{"version": v, "events": [{**line, "n": v}], "actor": None} for v in (3, 4, 5, 6)]
    table._handle({"type": "update", "version": 4, "events": [], "history": history[:2]})
    assert table.updates.popleft()["events"] == []  # the first connection: the position only
    # the connection is lost after version 4; the next one starts at version 6
    table._handle({"type": "update", "version": 6, "events": [], "history": history})
    assert [e["n"] for e in table.updates.popleft()["events"]] == [5, 6]


def test_an_answer_lost_with_the_connection_goes_again_only_where_it_was_chosen():
    """After a reconnection, the answer whose ack never came goes again (same seq) when the
    server applied it (``welcome.last_seq``: for its duplicate ack) or when the game is still
    at the version the answer was chosen in; if the game moved on meanwhile (a stand-in
    played for the seat away), it is not sent and the person is told (a Deal "e" typed for
    one turn ended the next)."""
    from tycoon.engine import get_game
    from tycoon.terminal.online import OnlineTable
    from tycoon.terminal.words import Words

    def table_with_answer(chosen_at: int) -> tuple[OnlineTable, list[dict]]:
        table = object.__new__(OnlineTable)  # no connection: only the message handling
        table.version, table.acted_version, table.updates, table.held = chosen_at, -1, deque(), []
        table.session_id = table.template = table.me = None
        table.seq, table.generation, table.inbox = 5, 1, queue.Queue()
        table.unacked = {"type": "action", "seq": 5, "action": {"type": "end_turn"}}
        table.unacked_at, table.holding = chosen_at, False
        table.down, table._telling = False, threading.Lock()
        sent: list[dict] = []
        table._send = sent.append  # type: ignore[method-assign]
        return table, sent

    table, sent = table_with_answer(4)
    table._handle({"type": "welcome", "seat": 0, "last_seq": 5})  # applied before the loss
    assert sent == [table.unacked]
    table, sent = table_with_answer(4)
    table._handle({"type": "welcome", "seat": 0, "last_seq": 4})
    assert sent == []  # held until the first update says where the game is
    table._handle({"type": "update", "version": 4, "events": []})
    assert sent == [table.unacked]
    table, sent = table_with_answer(4)
    table._handle({"type": "welcome", "seat": 0, "last_seq": 4})
    table._handle({"type": "update", "version": 7, "events": []})  # the stand-in played
    assert sent == []
    _generation, refusal, _code = table.inbox.get_nowait()
    assert (refusal["type"], refusal["code"], refusal["seq"]) == ("error", "stale_view", 5)
    assert Words(get_game("deal"), "es").refusal(refusal) == (
        "La partida avanzó mientras la conexión estaba caída: tu elección no se envió.")


def test_the_set_up_is_told_once_the_game_starts():
    """On a first connection before any action, the set-up (history version 0) is told, and
    only once the game has started when the game was waiting for players."""
    from tycoon.terminal.online import OnlineTable

    table = object.__new__(OnlineTable)
    table.version, table.acted_version, table.updates, table.held = -1, -1, deque(), []
    table.session_id = table.template = None
    table.holding = False
    setup = [{"type": "turn_started", "n": 0}, {"type": "drew", "n": 0}]
    opened = {"type": "update", "version": 0, "events": [], "status": "open",
              "history": [{"version": 0, "events": setup, "actor": None}]}
    table._handle(opened)
    assert table.updates.popleft()["events"] == []  # still waiting for a player
    table._handle({"type": "update", "version": 0, "events": [], "status": "playing"})
    assert table.updates.popleft()["events"] == setup
    table._handle({"type": "update", "version": 1, "events": [], "status": "playing"})
    assert table.updates.popleft()["events"] == []


def test_the_server_s_notices_and_stand_ins_are_said_in_the_table_s_words():
    """docs/protocol.md: an update's ``notice`` (seats that left the game and are played by
    bots for good) is said, as the table says it, in the player's language; so is who chose
    an action for a seat away (``server.actor.*``, the web client's words for them)."""
    from tycoon.engine import get_game
    from tycoon.terminal.screen import screen_for
    from tycoon.terminal.ui import Terminal
    from tycoon.terminal.words import Words

    info = get_game("deal")
    said: list[str] = []
    term = Terminal(None, screen_for(info), Words(info, "pt", ["Ana", "Bruno"]),  # type: ignore[arg-type]
                    write=said.append)
    notice = {"key": "server.notice.resigned", "params": {"seats": [{"seat": 1}]}}
    term.show({"type": "update", "status": "playing", "events": [], "notice": notice,
               "actor": {"seat": 1, "by": "standin", "reason": "away"}})
    assert said == ["Bruno saiu do jogo: robôs jogam nos seus lugares.",
                    "Bruno está ausente: um robô joga por ele."], said


def test_a_refusal_of_the_server_is_said_in_the_players_language():
    """docs/protocol.md, "Error answers": the terminal says a refused action by its ``code``,
    in the web client's words, not in the server's English ``message``; a code with no words
    (``bad_request``) keeps the server's message."""
    from tycoon.engine import get_game
    from tycoon.terminal.words import Words

    words = Words(get_game("deal"), "es")
    assert words.refusal({"code": "not_your_turn", "message": "it is not your turn"}) == (
        "No es tu turno.")
    assert words.refusal({"code": "rate_limited", "message": "too many messages"}) == (
        "Demasiados a la vez: espera unos segundos y vuelve a intentarlo.")
    assert words.refusal({"code": "bad_request", "message": "seat: must be 1 to 2"}) == (
        "seat: must be 1 to 2")


def test_a_seat_the_lobby_refuses_is_said_in_the_players_language(server):
    """docs/protocol.md, "Error answers": a full game, and one that does not exist, are said
    in the terminal's language with what to do instead, not as the server's English (it said
    "error: POST /api/games/ID/join: 409 no free seat in this game")."""
    from tycoon.terminal.online import ServerError, play_online

    game = rest(server.url, "POST", "/api/games", {"game": "toy", "players": ["human", "random"]})
    rest(server.url, "POST", f"/api/games/{game['id']}/join", {"name": "Ana"})
    said: list[str] = []
    with pytest.raises(ServerError, match=r"^Ya no queda ningún asiento libre en esta partida\. "
                                          r"Añade --watch para mirarla\.$"):
        play_online(server.url, game_id=game["id"], lang="es", write=said.append)
    with pytest.raises(ServerError, match=r"^Cette partie n'existe pas sur ce serveur"):
        play_online(server.url, game_id="NOPE", lang="fr", write=said.append)


def test_without_a_name_the_terminal_sits_as_a_guest_in_the_players_language(server):
    """No --name: the seat is named as the web lobby names a guest, in the player's language
    ("Convidado"), not the English "Player" every other seat saw."""
    from tycoon.terminal.online import play_online

    game = rest(server.url, "POST", "/api/games", {"game": "toy", "players": ["human", "random"]})
    play_online(server.url, game_id=game["id"], lang="pt", read=lambda _prompt: "q",
                write=lambda _line: None)
    players = rest(server.url, "GET", f"/api/games/{game['id']}")["players"]
    assert players[0]["name"] == "Convidado"


def test_with_no_game_the_terminal_lists_the_servers_games_to_pick_from(server):
    """`tycoon play --server URL` with no --game: the games with a free seat, the newest first,
    of the game named if one is (`tycoon play deal --server URL`), as the web lobby words
    them, in the player's language; a number sits at that game, q leaves; with --watch the
    games in play; none to list is said with what to do (it was an error asking for --game)."""
    from tycoon.terminal.online import play_online

    make = lambda game, players, **name: rest(  # noqa: E731
        server.url, "POST", "/api/games", {"game": game, "players": players, **name})
    older = make("toy", ["human", "random"], name="Friday game")
    make("deal", ["human", "human"])
    newest = make("toy", ["human", "human"])
    said: list[str] = []
    answers = iter(["9", "2", "q"])
    play_online(server.url, kind="toy", lang="pt", read=lambda prompt: said.append(prompt)
                or next(answers), write=said.append)
    assert said[1:5] == [
        "Partidas com um lugar livre, as mais novas primeiro:",
        f"1. Brinquedo · {newest['id']}: lugar livre, lugar livre",
        "2. Brinquedo · Friday game: lugar livre, Robô aleatório",
        "Sua partida (1 a 2, ou q para sair): ",
    ]
    assert said[5] == "Digite um número de 1 a 2, ou q."
    assert f"Você está no lugar 1 do jogo {older['id']}." in said
    players = rest(server.url, "GET", f"/api/games/{older['id']}")["players"]
    assert players[0]["name"] == "Convidado"

    said.clear()
    assert play_online(server.url, kind="capital", lang="en", read=lambda _p: "q",
                       write=said.append) is None
    assert said[1].startswith("No game on this server has a free seat: --create starts one")
    said.clear()
    assert play_online(server.url, watch=True, lang="en", read=lambda _p: "q",
                       write=said.append) is None
    assert said[1:3] == ["Games in play, the newest first:",
                         "1. Toy · Friday game: Convidado, Random bot"]
    said.clear()

    def eof(_prompt: str) -> str:
        raise EOFError

    assert play_online(server.url, lang="en", read=eof, write=said.append) is None
    assert said[-1] == ""  # the prompt's line ends


def test_a_game_of_the_servers_list_is_named_as_its_table_names_it():
    """The list names each game by its title in the player's language, the one the table's
    welcome says (Capital's catalog has no ``game.title``: the list said "capital")."""
    from tycoon.terminal.online import game_line
    from tycoon.terminal.words import Words

    def line(game: str, lang: str) -> str:
        return game_line({"id": "G1", "game": game, "name": "", "players": []},
                         Words(None, lang))

    assert line("capital", "en").startswith("Capital · G1")
    assert line("deal", "fr").startswith("Monopoly Deal · G1")
    assert line("toy", "pt").startswith("Brinquedo · G1")
    assert line("chess", "en").startswith("chess · G1")  # a game this terminal does not know


def seat_through(url: str, server: Server) -> tuple[Any, list[str]]:
    """Ana at seat 1 of a new Deal game of ``server``, reached through ``url`` (a relay),
    and the lines the terminal says."""
    from tycoon.engine import get_game
    from tycoon.terminal.online import OnlineTable
    from tycoon.terminal.words import Words

    game = rest(server.url, "POST", "/api/games", {"game": "deal", "players": ["human", "random"]})
    joined = rest(server.url, "POST", f"/api/games/{game['id']}/join", {"name": "Ana", "seat": 0})
    said: list[str] = []
    table = OnlineTable(url, game["id"], joined["token"], 0, said.append,
                        Words(get_game("deal"), "en"), retry_seconds=10)
    return table, said


def until_welcome(table: Any) -> None:
    """Read ``table``'s messages up to the next ``welcome`` (a new connection's)."""
    while (message := table._receive(timeout=10)) is not None:
        if message["type"] == "welcome":
            return


class Freezer(threading.Thread):
    """A TCP relay to ``port`` whose connections can be frozen: nothing goes through any
    more and nothing is closed, as when a laptop sleeps or a phone changes networks."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.target = ("127.0.0.1", port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.frozen: set[int] = set()
        self.accepted = 0

    def run(self) -> None:
        while True:
            client, _ = self.listener.accept()
            upstream = socket.create_connection(self.target)
            n, self.accepted = self.accepted, self.accepted + 1
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pipe, args=(a, b, n), daemon=True).start()

    def pipe(self, a: socket.socket, b: socket.socket, n: int) -> None:
        with contextlib.suppress(OSError):
            while data := a.recv(65536):
                while n in self.frozen:
                    time.sleep(0.05)
                b.sendall(data)


def test_a_connection_that_died_without_a_close_is_found_out_and_replaced(server, monkeypatch):
    """Nothing comes through any more and nothing closes: the terminal's pings go unanswered,
    so it tells the player, connects again and goes on, with no traceback of the WebSocket
    library on the screen (its keepalive logged one there). The test shortens the pings
    (10 s, and 2 s to close, in play)."""
    from tycoon.terminal import online

    monkeypatch.setattr(online, "PING_SECONDS", 0.3)
    monkeypatch.setattr(online, "CLOSE_SECONDS", 0.3)
    logged: list[logging.LogRecord] = []
    keep = logging.Handler()
    keep.emit = logged.append  # type: ignore[method-assign]
    monkeypatch.setattr(online._QUIET, "handlers", [keep])
    relay = Freezer(server.port)
    relay.start()
    table, said = seat_through(relay.url, server)
    try:
        assert table._receive(timeout=10)["type"] == "welcome"
        assert table._receive(timeout=10)["type"] == "update"
        relay.frozen.add(0)
        until_welcome(table)  # on the new connection
        assert said == ["The connection is lost; reconnecting.", "Connected again."]
        assert table._receive(timeout=10)["type"] == "update"
        assert relay.accepted == 2
    finally:
        table.closed = True
        relay.frozen.clear()
    # the library's own words on it went to a logger of ours that keeps them off the screen
    # (with logging not set up, Python prints a warning and its traceback on standard error)
    assert "keepalive ping failed" in [r.getMessage() for r in logged]
    assert not online._QUIET.propagate


class Mover(threading.Thread):
    """A WebSocket relay to ``port`` standing for a cluster's process: ``move(n)`` closes the
    live connection with 1012 and the next ``n`` at once, as a process does while the game's
    own process has died and no other has taken the game over yet (docs/deploy.md)."""

    def __init__(self, port: int) -> None:
        from websockets.sync.server import serve

        super().__init__(daemon=True)
        self.origin = f"http://127.0.0.1:{port}"
        self.target = f"ws://127.0.0.1:{port}"
        self.server = serve(self.handle, "127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.server.socket.getsockname()[1]}"
        self.bounce = 0
        self.accepted = 0
        self.live: Any = None

    def run(self) -> None:
        self.server.serve_forever()

    def move(self, bounces: int) -> None:
        self.bounce = bounces
        self.live.close(1012, "the game's server process went away")

    def handle(self, conn: Any) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        self.accepted += 1
        if self.bounce:
            self.bounce -= 1
            conn.close(1012, "the game's server process is moving")
            return
        self.live = conn
        with connect(self.target + conn.request.path,
                     origin=self.origin) as upstream:  # type: ignore[arg-type]
            def down() -> None:
                with contextlib.suppress(ConnectionClosed):
                    for message in upstream:
                        conn.send(message)

            threading.Thread(target=down, daemon=True).start()
            with contextlib.suppress(ConnectionClosed):
                for message in conn:
                    upstream.send(message)


def test_a_game_moving_between_processes_is_told_once_and_asked_less_and_less(
        server, monkeypatch):
    """docs/deploy.md, failover: until another process has taken over the game of a process
    that died, the process the terminal reaches closes its socket with 1012 at once. The
    terminal said "The connection is lost; reconnecting." and "Connected again." for each
    of those sockets, 624 lines in a four-second takeover, and asked again at once each
    time. Now it says each once ("Connected again." when the game welcomes it) and waits
    longer before each try but the first."""
    from tycoon.terminal import online

    pauses: list[float] = []
    planned = online.reconnect_pause

    def pause(attempt: int, code: int | None) -> float:
        pauses.append(planned(attempt, code, lambda: 0.0))
        return pauses[-1] / 20  # the test's own pace

    monkeypatch.setattr(online, "reconnect_pause", pause)
    mover = Mover(server.port)
    mover.start()
    table, said = seat_through(mover.url, server)
    try:
        assert table._receive(timeout=10)["type"] == "welcome"
        mover.move(4)
        until_welcome(table)  # on the sixth connection
        assert said == ["The connection is lost; reconnecting.", "Connected again."]
        assert mover.accepted == 6
        assert pauses == [0.0, 0.6, 1.2, 2.4, 3.0]
        mover.move(0)  # welcomed since: the next 1012 is answered at once again
        until_welcome(table)
        assert pauses[5:] == [0.0]
    finally:
        table.closed = True
        mover.server.shutdown()


def test_what_a_server_sends_reaches_the_terminal_without_its_control_characters():
    """A server's names and titles are printed, not obeyed: a game named with ESC sequences
    (clear the screen, retitle the window) and a direction override went to the terminal as
    they were. Any server may be given to --server, so its words are not trusted."""
    import http.server

    from tycoon.terminal.online import play_online

    hostile = [{"id": "G1", "game": "toy", "name": "Fri\x1b[2J\x1b]0;pwned\x07day",
                "status": "open", "free_seats": [1],
                "players": [{"seat": 0, "kind": "human", "bot": None, "taken": True,
                             "connected": True, "name": "\u202eAna\r"},
                            {"seat": 1, "kind": "human", "bot": None, "taken": False,
                             "connected": False, "name": None}]}]

    class Hostile(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps(hostile).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hostile)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    said: list[str] = []
    try:
        play_online(f"http://127.0.0.1:{httpd.server_address[1]}", lang="en",
                    read=lambda _p: "q", write=said.append)
    finally:
        httpd.shutdown()
    assert said[2] == "1. Toy · Fri[2J]0;pwnedday: Ana, free seat", said


def test_a_seat_asked_for_is_checked_before_a_game_is_made_or_joined(server):
    """``--create --seat 2`` made a game (the person at seat 1, a bot at seat 2), then asked
    for seat 2 and said "Someone has just taken that seat": the game waited in the lobby for a
    player who had gone. The person now sits where asked, and a seat that cannot be theirs is
    refused, counted from 1 as the flag is, before anything is made or taken."""
    from tycoon.terminal.online import play_online

    def games() -> list[str]:
        return [g["id"] for g in rest(server.url, "GET", "/api/games")]

    said: list[str] = []
    play_online(server.url, create="toy", seats=3, seat=1, name="Ana", read=lambda _p: "q",
                write=said.append)
    made = rest(server.url, "GET", f"/api/games/{games()[0]}")
    assert [(p["kind"], p["name"]) for p in made["players"]] == [
        ("bot", "random bot"), ("human", "Ana"), ("bot", "random bot")]
    assert any(line.startswith("You sit at seat 2 of game") for line in said)

    before = games()
    refused = [
        ({"create": "toy", "players": ["human", "easy"], "seat": 1},
         "--seat 2: --players gives that seat to easy; write human there to sit in it"),
        ({"create": "toy", "players": ["human", "easy"], "seat": 2},
         r"--seat 3: the game has 2 seats \(1 to 2\)"),
        ({"create": "toy", "players": ["human", "easy"], "seats": 3},
         r"--seats 3 and --players human,easy \(2 seats\) disagree"),
        ({"create": "toy", "players": ["easy", "medium"]}, "--players has no human seat"),
        ({"game_id": made["id"], "seat": 3}, r"--seat 4: the game has 3 seats \(1 to 3\)"),
        ({"game_id": made["id"], "seat": 0}, "--seat 1: a bot plays that seat; no seat is free"),
    ]
    for flags, message in refused:
        with pytest.raises(ValueError, match=f"^{message}"):
            play_online(server.url, write=said.append, **flags)
    assert games() == before
    assert rest(server.url, "GET", f"/api/games/{made['id']}")["players"] == made["players"]


def test_flags_that_set_up_a_game_need_create():
    """At a server, ``--seats``, ``--players``, ``--preset`` and ``--option`` were dropped
    without a word when joining a game (its own set-up plays), and ``--seat`` when watching."""
    from tycoon.terminal import command

    url = "http://127.0.0.1:9"
    for flags, named in (({"seats": 3}, "--seats"), ({"players": "human,easy"}, "--players"),
                         ({"options": {"preset": "kapital"}}, "--preset"),
                         ({"options": {"turn_limit": 9}}, "--option")):
        with pytest.raises(ValueError, match=f"^{named}: set up a game you --create"):
            command("toy", server=url, game_id="abc", **flags)
    with pytest.raises(ValueError, match=r"^--watch takes no seat"):
        command("toy", server=url, game_id="abc", watch=True, seat=2)
