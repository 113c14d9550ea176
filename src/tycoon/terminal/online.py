"""Terminal play on a server: the browser's protocol (``docs/protocol.md``), from a terminal.

``tycoon play --server URL --game ID`` joins a free seat of game ``ID`` (REST ``join``), or
``--create`` makes a game first with the lobby's settings (players, seats, preset, options),
then plays over the game's WebSocket like the browser: every action carries the seat's own
``seq`` (numbered above ``welcome.last_seq``); a lost connection is opened again with growing
pauses, and an action whose ``ack`` never came is sent again with the *same* ``seq``, which the
server applies at most once. Session inputs go as ``session_input`` and come back as
``session_progress``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.sync.client import ClientConnection, connect

from .local import Refused, Stale

if TYPE_CHECKING:
    from .words import Words

#: Close codes after which reconnecting cannot help.
FATAL_CLOSE = {4401: "invalid seat token", 4404: "unknown game", 1009: "message too big"}
#: A connection that died without a close (a laptop's sleep, a network changed) is found out by
#: a ping every ``PING_SECONDS`` unanswered for as long, then given ``CLOSE_SECONDS`` to close:
#: within about 22 s (the library's own 20 + 20 + 10 s kept a player waiting 50 s).
PING_SECONDS = 10.0
CLOSE_SECONDS = 2.0
#: The WebSocket library's own log, kept off the player's screen: it wrote a traceback there
#: when its keepalive found a connection dead, which the terminal says in words.
_QUIET = logging.getLogger("tycoon.terminal.websocket")
_QUIET.addHandler(logging.NullHandler())
_QUIET.propagate = False
#: Pauses between reconnections without a welcome between them, in seconds: RETRY_SECONDS,
#: doubling, at most RETRY_MAX_SECONDS.
RETRY_SECONDS = 0.3
RETRY_MAX_SECONDS = 3.0


def reconnect_pause(attempt: int, code: int | None,
                    chance: Callable[[], float] = random.random) -> float:
    """The pause before reconnection ``attempt`` (from 0) since the last welcome, after a
    close with ``code``: the first after 1012 (a server restart) is at once. In a cluster a
    socket reaching a process whose game's own process died is closed with 1012 at once,
    until another process takes the game over: each try waits longer, shortened by a random
    part of up to half so that a crowd dropped together does not come back in step."""
    if code == 1012 and attempt == 0:
        return 0.0
    return min(RETRY_MAX_SECONDS, RETRY_SECONDS * 2 ** attempt) * (1 - chance() / 2)


#: Error codes meaning the decision is no longer ours (the game moved on).
STALE_ERRORS = {"not_your_turn", "game_over", "stale_seq", "not_started", "stale_view"}


class ServerError(RuntimeError):
    """The server refused a request or cannot be reached, in words; ``code`` is the refusal's
    (docs/protocol.md, "Error answers"), None when there is none."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code

    def worded(self, lang: str) -> ServerError:
        """This refusal in ``lang`` when its code has words (the web client's), with the
        terminal's hint where it has one (``--watch`` for a game one cannot sit at)."""
        from .words import Words, refusal_words

        said = refusal_words(lang, self.code)
        if said is None:
            return self
        if self.code in WATCH_INSTEAD:
            said += " " + Words(None, lang)("term.online.watch_instead")
        return ServerError(said, self.code)


#: Refusals to sit at a game that one may still watch.
WATCH_INSTEAD = {"game_over", "no_free_seat", "seat_taken", "rematch_seats"}


# --------------------------------------------------------------------- REST
def _request(base: str, method: str, path: str, body: Any = None,
             timeout: float = 15.0, flags: Mapping[str, str] | None = None) -> Any:
    """The server's JSON answer; :class:`ServerError` with its reason. ``flags`` names the
    command-line flag of a body field in that reason (``body.name``: ``--title``)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base.rstrip("/") + path, data=data, method=method,
                                 headers={"Content-Type": "application/json",
                                          "Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return json.loads(resp.read().decode() or "null")
    except urllib.error.HTTPError as exc:
        try:
            answer = json.loads(exc.read().decode())
            detail, code = answer.get("detail", exc.reason), answer.get("code")
        except (ValueError, AttributeError):
            detail, code = exc.reason, None
        for field, flag in (flags or {}).items():
            detail = str(detail).replace(f"body.{field}", flag)
        raise ServerError(f"{method} {path}: {exc.code} {detail}", code) from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise ServerError(f"cannot reach {base}: {reason}") from None


def check_server(url: str) -> str:
    """The server's base URL (``http://host:port``), checked; ``ValueError`` if malformed."""
    parts = urllib.parse.urlsplit(url if "://" in url else f"http://{url}")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"--server takes http://HOST:PORT, not {url!r}")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def create_game(base: str, game: str, players: list[str], preset: str | None,
                options: dict[str, Any], title: str = "") -> dict[str, Any]:
    """``POST /api/games``: a new game with one entry of ``players`` per seat, named
    ``title`` in the lobby (none: the lobby shows its id)."""
    body: dict[str, Any] = {"game": game, "players": players, "options": options}
    if preset:
        body["preset"] = preset
    if title:
        body["name"] = title
    return _request(base, "POST", "/api/games", body,
                    flags={"name": "--title", "options": "--option", "preset": "--preset"})


def join_game(base: str, game_id: str, name: str, seat: int | None) -> dict[str, Any]:
    """``POST /api/games/{id}/join``: a seat's token (``seat`` None: the first free one)."""
    return _request(base, "POST", f"/api/games/{urllib.parse.quote(game_id)}/join",
                    {"name": name, "seat": seat}, flags={"name": "--name"})


def created_players(default_seats: int, players: list[str] | None, seats: int | None,
                    seat: int | None, watch: bool) -> list[str]:
    """The lobby's players of a game ``--create`` makes: ``players`` as given, or the person at
    ``seat`` (from 0; the first by default) and random bots. ``ValueError`` where the flags
    disagree, before the game is made (it was made, then the join refused, and it waited in
    the lobby for a player who had gone).

    >>> created_players(2, None, 3, 1, False)
    ['random', 'human', 'random']
    >>> created_players(2, ["human", "easy"], None, 1, False)
    Traceback (most recent call last):
    ValueError: --seat 2: --players gives that seat to easy; write human there to sit in it
    """
    from .words import seat_beyond

    count = len(players) if players is not None else seats or default_seats
    if players is not None and seats is not None and seats != count:
        raise ValueError(f"--seats {seats} and --players {','.join(players)} ({count} seats) "
                         "disagree: give one of them")
    if seat is not None and seat >= count:
        raise seat_beyond(seat + 1, count)
    kinds = players or ["human" if i == (seat or 0) else "random" for i in range(count)]
    if seat is not None and kinds[seat] != "human":
        raise ValueError(f"--seat {seat + 1}: --players gives that seat to {kinds[seat]}; "
                         "write human there to sit in it")
    if seat is None and not watch and "human" not in kinds:
        raise ValueError("--players has no human seat for you: add one, or --watch the game")
    return kinds


def check_seat(summary: Mapping[str, Any], seat: int | None) -> None:
    """``ValueError`` if ``--seat`` (from 0) is not a person's seat of the game ``summary``
    (``GET /api/games/{id}``), said from 1 as the flag is (the server counts from 0)."""
    from .words import seat_beyond

    if seat is None:
        return
    if seat >= summary["seats"]:
        raise seat_beyond(seat + 1, summary["seats"])
    if summary["players"][seat]["kind"] != "human":
        free = ", ".join(str(s + 1) for s in summary.get("free_seats") or [])
        raise ValueError(f"--seat {seat + 1}: a bot plays that seat; "
                         + (f"free seats: {free}" if free else "no seat is free (--watch)"))


def game_summary(base: str, game_id: str) -> dict[str, Any]:
    """``GET /api/games/{id}``."""
    return _request(base, "GET", f"/api/games/{urllib.parse.quote(game_id)}")


#: How many games ``choose_game`` lists (the server's newest first).
LISTED = 20


def game_line(summary: Mapping[str, Any], words: Words) -> str:
    """A game of the lobby's list in words, as the web lobby shows it: its kind and name (or
    id), then who sits where ("Monopoly Deal · Friday game: Ana, free seat")."""
    from tycoon.engine import games, get_game

    from .screen import named_as_bot
    from .words import game_title

    kind = summary.get("game", "")
    title = game_title(get_game(kind), words.lang) if kind in games() else kind
    seats = [words.bot(p.get("bot")) if named_as_bot(p)
             else p.get("name") or words("lobby.free_seat")
             for p in summary.get("players") or []]
    return words("term.online.game", game=f"{title} · {summary.get('name') or summary['id']}",
                 players=words.join(seats))


def choose_game(base: str, words: Words, game: str | None, watch: bool,
                read: Callable[[str], str], write: Callable[[str], None]) -> str | None:
    """With no ``--game``: the server's games with a free seat (``watch``: its games in play),
    of ``game``'s kind if given, newest first and numbered, and the id of the one the person
    types; None when there is none or the person leaves (``q``, or the end of input)."""
    status = "playing" if watch else "open"
    listed = [g for g in _request(base, "GET", f"/api/games?status={status}&limit=100")
              if game is None or g.get("game") == game][:LISTED]
    if not listed:
        write(words(f"term.online.none_{status}"))
        return None
    write(words(f"term.online.games_{status}"))
    for n, summary in enumerate(listed, start=1):
        write(f"{n}. {game_line(summary, words)}")
    while True:
        try:
            answer = read(words("term.online.pick", n=len(listed))).strip().lower()
        except EOFError:
            write("")  # the prompt's line ends
            return None
        if answer == "q":
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(listed):
            return str(listed[int(answer) - 1]["id"])
        write(words("term.online.bad_pick", n=len(listed)))


# --------------------------------------------------------------------- the table
class OnlineTable:
    """One seat (or a spectator) at a server's table, speaking ``docs/protocol.md``."""

    def __init__(self, base: str, game_id: str, token: str | None, seat: int | None,
                 write: Callable[[str], None], words: Callable[..., str],
                 retry_seconds: float = 60.0) -> None:
        self.base = base
        self.game_id = game_id
        self.token = token
        self.me = seat
        self.write = write
        self.words = words
        self.retry_seconds = retry_seconds
        self.seq = 0
        self.version = -1
        self.acted_version = -1
        #: The set-up's events, read while the game waits for players, told once it starts.
        self.held: list[dict[str, Any]] = []
        self.unacked: dict[str, Any] | None = None
        #: The version of the position the unacked action was chosen in (None: any will do),
        #: and whether a new connection holds it until its first update says where the game is.
        self.unacked_at: int | None = None
        self.holding = False
        self.template: dict[str, Any] | None = None
        self.session_id: str | None = None
        self.last: dict[str, Any] | None = None
        self.redo: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.updates: deque[dict[str, Any]] = deque()
        self.inbox: queue.Queue[tuple[int, dict[str, Any] | None, int | None]] = queue.Queue()
        self.generation = 0
        #: Connection lost and not welcomed again since (told once, however many tries),
        #: the reconnections tried meanwhile, and since when it is lost.
        self.down = False
        self.retries = 0
        self.lost_at = 0.0
        self._telling = threading.Lock()
        self.ws: ClientConnection | None = None
        self.closed = False
        self._connect(first=True)

    # ----------------------------------------------------------------- connection
    @property
    def ws_url(self) -> str:
        """The game's WebSocket URL (the token is added when connecting)."""
        parts = urllib.parse.urlsplit(self.base)
        scheme = "wss" if parts.scheme == "https" else "ws"
        path = f"{parts.path}/ws/games/{urllib.parse.quote(self.game_id)}"
        return urllib.parse.urlunsplit((scheme, parts.netloc, path, "", ""))

    @property
    def origin(self) -> str:
        """The ``Origin`` sent, the server's own (as its web page would send)."""
        parts = urllib.parse.urlsplit(self.base)
        return f"{parts.scheme}://{parts.netloc}"

    def _connect(self, first: bool = False) -> None:
        url = self.ws_url
        if self.token:
            url += "?" + urllib.parse.urlencode({"token": self.token})
        deadline = time.monotonic() + self.retry_seconds
        pause = 0.2
        while True:
            try:
                # a connection kept across prompts and closed by this class, not a with-block
                ws = connect(url, origin=self.origin,  # type: ignore[arg-type]
                             open_timeout=10, max_size=2**24, proxy=None, legacy=True,
                             ping_interval=PING_SECONDS, ping_timeout=PING_SECONDS,
                             close_timeout=CLOSE_SECONDS, logger=_QUIET)
                break
            except (OSError, WebSocketException, TimeoutError) as exc:  # e.g. still starting
                if first and isinstance(exc, InvalidURI):
                    raise ServerError(str(exc)) from None
                if time.monotonic() > deadline:
                    raise ServerError(self.words("term.online.gave_up")) from None
                time.sleep(pause)
                pause = min(pause * 2, 3.0)
        self.generation += 1
        self.ws = ws
        threading.Thread(target=self._reader, args=(ws, self.generation), daemon=True).start()

    def _reader(self, ws: ClientConnection, generation: int) -> None:
        try:
            for raw in ws:
                try:
                    message = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(message, dict):
                    self.inbox.put((generation, message, None))
        except (ConnectionClosed, OSError):
            pass
        finally:  # whatever ended the connection, the player's thread hears of it
            code = ws.close_code if ws.close_code is not None else 1006
            if not self.closed and generation == self.generation and code not in FATAL_CLOSE:
                # told at once, even while the person is still thinking at a prompt (the
                # reconnection itself waits for the player's thread, which sends the answer)
                self._tell_lost()
            self.inbox.put((generation, None, code))

    def _tell_lost(self) -> None:
        with self._telling:
            if not self.down:
                self.down, self.retries, self.lost_at = True, 0, time.monotonic()
                self.write(self.words("term.online.lost"))

    def _reconnect(self, code: int | None) -> None:
        """Open the connection again after a close with ``code``; "Connected again." is
        said by the welcome, so a connection closed again before it is not told as back."""
        if code in FATAL_CLOSE:
            raise ServerError(f"{FATAL_CLOSE[code]} (close code {code})")
        self._tell_lost()
        with contextlib.suppress(Exception):
            if self.ws is not None:
                self.ws.close()
        if time.monotonic() - self.lost_at > self.retry_seconds:
            raise ServerError(self.words("term.online.gave_up"))
        time.sleep(reconnect_pause(self.retries, code))
        self.retries += 1
        self._connect()

    def _send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        # a close is reported by the reader; an action is then re-sent with its seq
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(json.dumps(message))

    def _receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message of the live connection (reconnecting as needed); None on
        ``timeout``."""
        while True:
            try:
                generation, message, code = self.inbox.get(timeout=timeout)
            except queue.Empty:
                return None
            if generation != self.generation:
                continue
            if message is None:
                if self.closed:
                    return None
                self._reconnect(code)
                continue
            self._handle(message)
            return message

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.welcome = message
            with self._telling:
                if self.down:
                    self.down = False
                    self.write(self.words("term.online.back"))
            if message.get("seat") is not None:
                self.me = message["seat"]
            last = message.get("last_seq")
            if isinstance(last, int):
                self.seq = max(self.seq, last)
            if self.unacked is not None:  # lost with the connection
                if isinstance(last, int) and self.unacked["seq"] <= last:
                    self._send(self.unacked)  # applied: again, for its duplicate ack
                else:
                    self.holding = True  # never applied: the first update decides
        elif kind == "update":
            version = message.get("version", 0)
            if self.holding:
                self._release(version)
            if version < self.version:
                return
            known, self.version = self.version, version
            # back after a lost connection: first what happened meanwhile; on the first
            # connection only the set-up (version 0), when nothing else has happened yet
            if known >= 0 or version == 0:
                missed = [e for h in message.get("history") or [] if h.get("version", 0) > known
                          for e in h.get("events", [])]
                if message.get("status") == "open":
                    self.held, missed = self.held + missed, []
                else:
                    missed, self.held = self.held + missed, []
                if missed:
                    message = {**message, "events": [*missed, *message.get("events", [])]}
            legal = message.get("legal") or []
            if version <= self.acted_version:
                message = {**message, "legal": []}
            session = message.get("session")
            if session:
                self.session_id = session.get("id")
                if legal:
                    self.template = legal[0]["action"]
            self.updates.append(message)

    def _release(self, version: int) -> None:
        """The first update after a reconnection: the action the server never applied goes
        if the game is still at the version it was chosen in; else it is answered here with a
        ``stale_view`` refusal and never sent (an end of turn must not land in a later turn)."""
        self.holding = False
        if self.unacked is None:
            return
        if self.unacked_at is None or self.unacked_at == version:
            self._send(self.unacked)
        else:
            self.inbox.put((self.generation, {
                "type": "error", "code": "stale_view", "seq": self.unacked["seq"],
                "message": "the game moved on while the connection was down: not sent"}, None))

    # ----------------------------------------------------------------- the Table protocol
    def next(self) -> dict[str, Any] | None:
        """The next update to tell (the newest first decides; older ones lose their
        decision); None once the connection is closed for good."""
        if not self.updates and self.redo is not None:
            update, self.redo = self.redo, None  # refused: the same decision again
            return update
        while not self.updates:
            if self.closed:
                return None
            self._receive()
        update = self.updates.popleft()
        version = update.get("version", 0)
        if version <= self.acted_version or any(u.get("version", 0) > version
                                                for u in self.updates):
            update = {**update, "legal": []}  # decided already, or a newer position waits
        self.last = update
        return update

    def _await(self, match: Callable[[dict[str, Any]], bool],
               timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Refused("the server did not answer in time")
            message = self._receive(timeout=left)
            if message is not None and match(message):
                return message

    def _exchange(self, message: dict[str, Any], reply: str) -> dict[str, Any]:
        """Send ``message`` and return its answer, the ``reply`` or ``error`` with its
        ``seq``. A message the server dropped for coming too fast (``rate_limited``: nothing
        done) goes again, after growing pauses, with the same ``seq``."""
        seq = message["seq"]
        pause = 0.25
        while True:
            self._send(message)
            answer = self._await(lambda m: m.get("type") in (reply, "error")
                                 and m.get("seq") == seq)
            if answer.get("code") != "rate_limited":
                return answer
            time.sleep(pause)
            pause = min(pause * 2, 2.0)

    def act(self, action: dict[str, Any], any_position: bool = False) -> None:
        """Send ``action`` with a new ``seq`` and wait for its ``ack`` (after a reconnection
        sent again with the same ``seq``, if the server applied it or the game is still where
        it was, or with ``any_position``); :class:`Refused` (or :class:`Stale`) on an error."""
        if self.me is None:
            raise Refused(self.words("term.online.spectator"))
        self.seq += 1
        self.unacked = {"type": "action", "seq": self.seq, "action": action}
        self.unacked_at = None if any_position else (self.last or {}).get("version", self.version)
        answer = self._exchange(self.unacked, "ack")
        self.unacked = None
        if answer["type"] == "error":
            if answer.get("code") in STALE_ERRORS:
                raise Stale(self.words.refusal(answer))
            self.redo = self.last
            raise Refused(self.words.refusal(answer))
        self.acted_version = max(self.acted_version, answer.get("version", 0) - 1)

    def step(self, item: Any) -> dict[str, Any]:
        """One session input: ``session_input``, answered by ``session_progress`` (or an
        ``error``) with the same ``seq``; any other message meanwhile is handled as usual."""
        self.seq += 1
        answer = self._exchange({"type": "session_input", "seq": self.seq,
                                 "session": self.session_id, "input": item},
                                "session_progress")
        if answer["type"] == "error":
            raise Refused(self.words.refusal(answer))
        return answer.get("progress") or {}

    def finish_session(self, inputs: list[Any] | None, skill: float | None = None) -> None:
        """End this seat's part: the session's action template with the inputs checked so
        far (a bot cannot play for a seat from the client: ``skill`` plays those inputs)."""
        if self.template is None:
            raise Refused("the session's action is not known yet")
        template = {**self.template, "inputs": list(inputs or [])}
        with contextlib.suppress(Stale):
            self.act(template, any_position=True)  # other seats' parts change nothing of it

    def close(self) -> None:
        """Leave the table (the seat is played by the server's stand-in while away)."""
        self.closed = True
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()


def play_online(
    server: str,
    game_id: str | None = None,
    *,
    create: str | None = None,
    kind: str | None = None,
    players: list[str] | None = None,
    seats: int | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    seat: int | None = None,
    name: str = "",
    title: str = "",
    lang: str = "en",
    watch: bool = False,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any] | None:
    """Sit at game ``game_id`` of ``server`` (or ``create`` a game of that kind first; with
    neither, at the one the person picks from the server's list, of ``kind`` if given) and
    play it in the terminal, as ``name``; a created game is named ``title`` in the lobby;
    return the result (None if the person left)."""
    from tycoon.engine import get_game

    from .screen import screen_for
    from .ui import Terminal
    from .words import Words, game_title, printing

    write = printing(write)  # names, titles and refusals come from the server
    base = check_server(server)
    lobby = Words(None, lang)  # the words before the game is known
    write(lobby("term.online.connecting", url=base))
    try:
        if not create and not game_id:
            game_id = choose_game(base, lobby, kind, watch, read, write)
            if game_id is None:
                return None
        if create:
            kinds = created_players(get_game(create).default_seats, players, seats, seat, watch)
            summary = create_game(base, create, kinds, preset, options or {}, title)
            game_id = summary["id"] if "id" in summary else summary["game_id"]
            write(lobby("term.online.created", game_id=game_id))
        summary = game_summary(base, game_id)
        info = get_game(summary["game"])
        token: str | None = None
        if not watch:
            check_seat(summary, seat)
            # no --name: a guest, as the web lobby names one, in the player's language
            joined = join_game(base, game_id, name or lobby("lobby.anonymous"),
                               None if seat is None else seat)
            token, seat = joined["token"], joined["seat"]
            write(lobby("term.online.joined", number=seat + 1, game_id=game_id))
    except ServerError as exc:  # the lobby's refusal in the player's words
        raise exc.worded(lang) from None
    words = Words(info, lang)
    table = OnlineTable(base, game_id, token, seat, write, words)
    term = Terminal(table, screen_for(info), words, read=read, write=write, clock=clock)
    if token is not None:  # the seat now has our name
        summary = game_summary(base, game_id)
    term.set_players(summary.get("players") or [])
    term.welcome(game_title(info, lang))
    return term.run()
