"""The terminal's conversation: it tells what happens and asks for decisions, line by line.

:class:`Terminal` reads ``update`` messages from a table (:class:`~.local.LocalTable` in this
process, :class:`~.online.OnlineTable` on a server), prints the events as the game's catalog
words them (third person, seats by the players' names), and asks for a decision when the
update has one: a numbered menu whose numbers do not move within a decision, fixed letters
for fixed commands, and the keys of ``docs/accessibility.md`` (``h N``, ``t``, ``l``, ``?``,
``q``). Input sessions are played through the screen's session screens. Nothing here names a
game: the words come from the catalogs, the layout from the game's :class:`~.screen.Screen`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from tycoon.engine import InvalidAction

from .local import Refused
from .screen import BotPlay, Choice, Screen, SessionIO, distinct
from .words import ActorNotes, Words

COMMANDS = ("t", "l", "?", "q", "h", "b")


class Quit(Exception):
    """The person left the game (``q`` or end of input)."""


class Table(Protocol):
    """Where the updates come from and the decisions go (local or online)."""

    me: int | None

    def next(self) -> dict[str, Any] | None: ...

    def act(self, action: dict[str, Any]) -> None: ...

    def step(self, item: Any) -> dict[str, Any]: ...

    def finish_session(self, inputs: list[Any] | None, skill: float | None = None) -> None: ...

    def close(self) -> None: ...


class Terminal:
    """One person's terminal at one table (see the module docstring)."""

    def __init__(
        self,
        table: Table,
        screen: Screen,
        words: Words,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table = table
        self.screen = screen
        self.words = words
        self.read = read
        self.write = write
        self.clock = clock
        self.view: dict[str, Any] = {}
        self.log: deque[str] = deque(maxlen=60)
        self.players: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None
        self._sessions_done: set[str] = set()
        self._waiting: int | None = None
        self.first = False
        self._status = ""
        self.notes = ActorNotes(words)  # who acted for a seat, once a run

    @property
    def me(self) -> int | None:
        """The seat this terminal plays (None: watching)."""
        return self.table.me

    # ----------------------------------------------------------------- names
    def set_players(self, players: list[dict[str, Any]]) -> None:
        """Take the lobby's list of players, and name the seats by it
        (:meth:`~tycoon.terminal.screen.Screen.seat_names`)."""
        w = self.words
        names = self.screen.seat_names(players, w)
        old = self.players
        self.players = players
        w.names = names
        if old:
            for before, now in zip(old, players, strict=False):
                if before.get("connected") != now.get("connected") and now.get("kind") == "human" \
                        and now["seat"] != self.me:
                    key = "term.online.player_joined" if now.get("connected") else \
                        "term.online.player_left"
                    self.write(w(key, seat={"seat": now["seat"]}))

    # ----------------------------------------------------------------- the loop
    def run(self) -> dict[str, Any] | None:
        """Play until the game ends or the person leaves; return the result (None if left)."""
        try:
            while True:
                update = self.table.next()
                if update is None:
                    break
                self.show(update)
                if update.get("result") is not None or update.get("status") == "finished":
                    self.game_over(update.get("result") or {})
                    break
                self.maybe_decide(update)
        except (Quit, EOFError):
            self.table.close()
            self.write(self.words("term.left"))
            return None
        self.table.close()
        return self.result

    def welcome(self, title: str) -> None:
        """The first lines: the game, the players, who you are, the keys."""
        w = self.words
        n = len(self.players)
        if self.me is None:
            self.write(f"{title}, {w('term.players', n=n)}. {w('term.online.spectator')}")
        else:
            self.write(w("term.welcome", game=title, players=w("term.players", n=n),
                         seat={"seat": self.me}))
            self.write(w("term.keys_hint"))
        self.first = True

    def announce_turn(self, view: dict[str, Any]) -> None:
        """Who plays the first turn told (later turns come as the game's ``turn_started``)."""
        if self.words.has("event.turn_started") and view.get("current") is not None:
            self.write(self.words("event.turn_started", turn=view.get("turn", 1),
                                      seat={"seat": view["current"]}))

    def show(self, update: dict[str, Any]) -> None:
        """Say what the update brings: the players' news and the events in words."""
        if update.get("players"):
            self.set_players(update["players"])
        self.view = update.get("view") or self.view
        status = update.get("status", "")
        if status == "open":
            free = sum(1 for p in self.players if p.get("kind") == "human" and not p.get("taken"))
            if free != self._waiting:
                self._waiting = free
                self.write(self.words("term.online.waiting", n=free))
        elif status == "playing" and self._status == "open":
            self.write(self.words("term.online.started"))
        self._status = status or self._status
        if self.first and update.get("status") not in ("open", "finished") and self.view:
            self.first = False
            if not any(e.get("type") == "turn_started" for e in update.get("events", [])):
                self.announce_turn(self.view)
        if update.get("notice"):  # e.g. a seat left the game and a bot plays it for good
            self.write(self.words(update["notice"]))
        note = self.notes.say(update.get("actor"))
        if note is not None:
            self.write(note)
        for event in update.get("events", []):
            message = event.get("message")
            if not message:
                continue
            if event.get("type") == "turn_started":
                self.log.clear()
                self.notes.new_turn()
            line = self.words(message)
            self.log.append(line)
            self.write(line)

    def maybe_decide(self, update: dict[str, Any]) -> None:
        """Ask for the decision the update holds, if it holds one for this seat."""
        legal = update.get("legal") or []
        view = update.get("view") or {}
        if self.me is None or not legal or self.me not in view.get("to_move", [self.me]):
            return
        session = update.get("session")
        if session and self.me in session.get("seats", []):
            if session["id"] not in self._sessions_done:
                self.play_session(session)
            return
        left = [d for d in update.get("deadlines") or []
                if d.get("seat") == self.me and d.get("kind") == "decision"]
        if left:
            self.write(self.words("term.seconds_left", n=int(left[0].get("seconds", 0))))
        self.decide(view, legal)

    def game_over(self, result: dict[str, Any]) -> None:
        """The end: who won, the standings with each seat's place (tied seats share one) and
        score."""
        w = self.words
        self.result = result
        if "turns" in result:
            self.write(w("term.game_over", turns=result["turns"]))
        standings = result.get("standings") or []
        places = result.get("places") or [0] * len(standings)
        if standings:
            parts = [w("term.standing", place=places[s] or i + 1, seat={"seat": s},
                       score=self.screen.score(result, s, w)) for i, s in enumerate(standings)]
            self.write(w("term.standings", list=w("term.standing_sep").join(parts)))

    # ----------------------------------------------------------------- decisions
    def decide(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
        """Ask for one decision until the table accepts one."""
        me = self.me
        assert me is not None
        w = self.words
        choices = distinct(self.screen.choices(legal, view, me, w))
        self.write(w("term.your_turn"))
        about = self.screen.prompt(view, me, w)
        if about:
            self.write(about)
        while True:
            action = self.menu(choices, legal, top=True)
            if action is None:
                continue
            try:
                self.table.act(action)
            except Refused as exc:  # Stale too: the next update tells the position now
                self.write(w("term.refused", reason=str(exc)))
            return

    def menu(self, choices: list[Choice], legal: list[dict[str, Any]],
             top: bool) -> dict[str, Any] | None:
        """Show ``choices`` and read one; None for *back* (in a second step)."""
        w = self.words
        numbered = [c for c in choices if c.letter is None]
        lettered = [c for c in choices if c.letter is not None]
        self.print_menu(numbered, lettered, top)
        letters = [c.letter for c in lettered if c.letter] + ([] if top else ["b"])
        while True:
            if letters and not numbered:
                prompt = w("term.prompt_only_letters", letters=w.join(letters))
            elif letters:
                prompt = w("term.prompt_letters", n=len(numbered), letters=w.join(letters))
            else:
                prompt = w("term.prompt", n=len(numbered))
            raw = self.read(prompt).strip()
            low = raw.lower()
            if low == "":
                self.print_menu(numbered, lettered, top)
                continue
            if low in ("q", "quit"):
                raise Quit
            if low in ("?", "h", "help"):
                example = str(self.screen.info.parse_action(legal[-1]["action"]))
                self.write(w("term.keys", example=example))
                continue
            if low == "t":
                for line in self.screen.table(self.view, self.me, w):
                    self.write(line)
                continue
            if low == "l":
                for line in self.log or [w("term.nothing_yet")]:
                    self.write(line)
                continue
            if low == "b" and not top:
                return None
            if low.startswith("h") and low[1:].strip().isdigit():
                self.explain(numbered, int(low[1:].strip()))
                continue
            picked: Choice | None = None
            if low.isdigit() and 1 <= int(low) <= len(numbered):
                picked = numbered[int(low) - 1]
            elif low == "1" and not numbered and len(lettered) == 1:
                picked = lettered[0]  # the only choice ("r. Roll"), as the greeting says
            else:
                picked = next((c for c in lettered if c.letter == low), None)
            if picked is None:
                action = self.from_text(raw, legal)
                if action is not None:
                    return action
                self.write(w("term.bad_choice", n=len(numbered)) if numbered else
                           w("term.bad_letters", letters=w.join(letters)))
                continue
            if picked.action is not None:
                return picked.action
            if picked.ask is not None:
                asked = picked.ask(self.read, self.write)
                if asked is not None:
                    return asked
                self.print_menu(numbered, lettered, top)
                continue
            sub = self.menu(picked.sub, legal, top=False)
            if sub is not None:
                return sub
            self.print_menu(numbered, lettered, top)

    def print_menu(self, numbered: list[Choice], lettered: list[Choice], top: bool) -> None:
        """The menu lines: numbers from 1, then the fixed letters."""
        for i, choice in enumerate(numbered, 1):
            self.write(f"{i}. {choice.text}")
        for choice in lettered:
            self.write(f"{choice.letter}. {choice.text}")
        if not top:
            self.write(f"b. {self.words('term.back')}")

    def explain(self, numbered: list[Choice], n: int) -> None:
        """``h N``: the help of choice N."""
        w = self.words
        if not 1 <= n <= len(numbered):
            self.write(w("term.no_such_choice", n=n))
            return
        choice = numbered[n - 1]
        text = choice.help
        if text is None and choice.sub:
            text = w.join([c.text for c in choice.sub])
        self.write(f"{n}. {choice.text}. {text}" if text else w("term.no_help", n=n))

    def from_text(self, raw: str, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        """An action typed in its text form (``draw``), if it is one of ``legal``."""
        if not raw or not raw[0].isalpha():
            return None
        try:
            action = self.screen.info.action_from_text(raw).to_json()
        except (InvalidAction, ValueError, TypeError):
            return None
        return action if any(item["action"] == action for item in legal) else None

    # ----------------------------------------------------------------- sessions
    def play_session(self, session: dict[str, Any]) -> None:
        """Play this seat's part of an input session with the screen's session screen."""
        w = self.words
        start = self.clock()
        seconds = max(1, int(session.get("duration_ms", 0)) // 1000)
        self.write(w("term.session_start",
                     name=self.screen.session_name(session.get("kind", ""), w), seconds=seconds))
        self._sessions_done.add(session["id"])

        def step(item: Any) -> dict[str, Any]:
            try:
                return self.table.step(item)
            except Refused as exc:
                raise ValueError(str(exc)) from None

        io = SessionIO(write=self.write, read=self.read,
                       elapsed_ms=lambda: int((self.clock() - start) * 1000), step=step,
                       words=w, view=session.get("view") or {}, session=session)
        try:
            played = self.screen.play_session(io)
        except EOFError:
            played = None  # the inputs so far are played
        try:
            if isinstance(played, BotPlay):
                self.write(w("term.bot_plays", skill=round(played.skill * 10)))
                self.table.finish_session(None, skill=played.skill)
            else:
                self.table.finish_session(played)
                self.write(w("term.session_sent"))
        except Refused as exc:
            self.write(w("term.refused", reason=str(exc)))
        if played is None:
            raise EOFError
