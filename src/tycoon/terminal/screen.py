"""A game's terminal screen: how its table is told, its choices grouped, its sessions played.

The generic :class:`Screen` plays any game from its contract alone (the view, the legal
actions' messages, input sessions through ``step``); a game may register a subclass under
``GameInfo.extensions["terminal"]`` for better words: its table in sentences, two-step choices
(Capital's building: the lot, then the kind), help on a card, and its own screens for input
sessions (Capital's minigames). Every hook works on JSON (views, actions, session views), so
the same screen serves local play and play on a server.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tycoon.engine import GameInfo

from .words import Words


@dataclass
class Choice:
    """One line of a menu: a leaf (``action``, an action's JSON) or a second step (``sub``)."""

    text: str
    action: dict[str, Any] | None = None
    sub: list[Choice] = field(default_factory=list)
    #: More words on demand (``h N``): a card's help, a building's price and income.
    help: str | None = None
    #: A fixed letter for a fixed command (``e`` ends the turn), beside its number.
    letter: str | None = None
    #: A second step of its own: ``ask(read, write)`` returns the action's JSON, or None
    #: for *back* (e.g. "which cards to exchange", typed as numbers).
    ask: Callable[[Callable[[str], str], Callable[[str], None]], dict[str, Any] | None] | None \
        = None


def distinct(choices: list[Choice]) -> list[Choice]:
    """``choices`` without the lines that read exactly as an earlier one (two 2M to bank, two
    Just Say No to bank as money): a person cannot tell them apart, so they are one choice.
    A line with a second step of its own (``ask``) is always kept."""
    out: list[Choice] = []
    seen: set[Any] = set()
    for choice in choices:
        if choice.sub:
            subs = distinct(choice.sub)
            choice = subs[0] if len(subs) == 1 else replace(choice, sub=subs)
        key = _reading(choice)
        if key is None or key not in seen:
            out.append(choice)
            if key is not None:
                seen.add(key)
    return out


def _reading(choice: Choice) -> Any:
    """What a person reads of ``choice`` (None: a line never merged)."""
    if choice.ask is not None:
        return None
    subs = tuple(_reading(c) for c in choice.sub)
    return None if None in subs else (choice.text, choice.letter, choice.help, subs)


@dataclass
class SessionIO:
    """What a session screen may use: lines out and in, the time, and ``step``."""

    write: Callable[[str], None]
    read: Callable[[str], str]
    #: Milliseconds since the session started for this seat.
    elapsed_ms: Callable[[], int]
    #: ``step(item)``: what the seat sees after one more input (``ValueError`` if impossible);
    #: the item is kept only when it returns.
    step: Callable[[Any], dict[str, Any]]
    words: Words
    #: The seat's session view (``InputSession.view``) and the session's JSON.
    view: dict[str, Any]
    session: dict[str, Any]


@dataclass(frozen=True)
class BotPlay:
    """A session screen's answer meaning: let the game's bot play my part at ``skill``."""

    skill: float


def named_as_bot(player: Mapping[str, Any]) -> bool:
    """Whether a seat of a server's (or a record's) players goes by its bot's name: a bot's
    seat (a record's seat may give only its ``bot``), unless a person left it for good
    (``left``), which keeps the person's name.

    >>> named_as_bot({"kind": "bot", "bot": "medium", "name": "medium bot"})
    True
    >>> named_as_bot({"kind": "bot", "bot": "medium", "name": "Bruno", "left": True})
    False
    """
    kind = player.get("kind")
    bot = kind == "bot" or bool(player.get("bot") and kind != "human")
    return bot and not player.get("left")


class Screen:
    """The generic terminal screen (see the module docstring)."""

    #: Action type -> fixed letter (e.g. ``{"end_turn": "e"}``).
    letters: Mapping[str, str] = {}

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    # ----------------------------------------------------------------- seats
    def colour(self, seat: int, words: Words) -> str | None:
        """The seat's colour in words, if the game gives seats colours."""
        return None

    def seat_names(self, players: list[dict[str, Any]], words: Words) -> list[str]:
        """Name the seats of a lobby's list of players as the web client does: the player's
        name, a bot's in the player's language ("Medium bot", "firstpick bot") or ``Seat N``,
        with the seat's colour, or its number where two seats share a name. A seat a person
        left (``left``: a bot plays it for good) keeps the person's name."""
        bases = [words.bot(p.get("bot")) if named_as_bot(p) else p.get("name")
                 for p in players]
        names: list[str] = []
        for p, base in zip(players, bases, strict=True):
            seat = p["seat"]
            colour = self.colour(seat, words)
            if not base:
                base = words("seat.name", number=seat + 1)
            elif not colour and bases.count(base) > 1:
                base = words("term.seat_numbered", name=base, number=seat + 1)
            names.append(words("term.seat_with_name", name=base, colour=colour) if colour
                         else base)
        return names

    # ----------------------------------------------------------------- the end
    def score(self, result: dict[str, Any], seat: int, words: Words) -> str:
        """``seat``'s score at the end in words (the generic form: the bare number of the
        result's ``scores``; a game says what it measures: net worth, full sets)."""
        scores = result.get("scores") or []
        return str(scores[seat]) if 0 <= seat < len(scores) else ""

    # ----------------------------------------------------------------- the table
    def table(self, view: dict[str, Any], me: int | None, words: Words) -> list[str]:
        """The public position (and ``me``'s own secrets) as sentences.

        The generic form tells each seat's fields (``view.<field>`` words if the catalog has
        them, else the field's name) and the other top-level numbers of the view.
        """
        lines: list[str] = []
        if "turn" in view:
            lines.append(sentence(f"{_label('turn', words)} {view['turn']}."))
        for entry in view.get("seats", []):
            if not isinstance(entry, Mapping):
                continue
            seat = entry.get("seat")
            parts = [f"{_label(k, words)} {_plain(v, words)}" for k, v in entry.items()
                     if k != "seat" and _plain(v, words) != ""]
            who = words.seat(seat) if isinstance(seat, int) else ""
            lines.append(f"{who}: {words.join(parts)}.")
        rest = [f"{_label(k, words)} {v}" for k, v in view.items()
                if isinstance(v, int) and not isinstance(v, bool)
                and k not in ("turn", "current", "winner")]
        if rest:
            lines.append(sentence(words.join(rest) + "."))
        return lines

    # ----------------------------------------------------------------- choices
    def choices(self, legal: list[dict[str, Any]], view: dict[str, Any], me: int,
                words: Words) -> list[Choice]:
        """The menu of ``legal`` (``[{"action", "message"}]``): one line per action by
        default, in the game's order, with fixed letters from :attr:`letters`."""
        return [self.choice(item, view, me, words) for item in legal]

    def choice(self, item: dict[str, Any], view: dict[str, Any], me: int,
               words: Words) -> Choice:
        """One legal action as a menu line."""
        action = item["action"]
        return Choice(text=self.action_text(item, words), action=action,
                      help=self.help(action, view, me, words),
                      letter=self.letters.get(action.get("type", "")))

    def action_text(self, item: dict[str, Any], words: Words) -> str:
        """The words of a legal action (its message; its text form if it has none)."""
        message = item.get("message")
        if message:
            return words(message)
        return str(item.get("text") or item["action"].get("type", ""))

    def help(self, action: dict[str, Any], view: dict[str, Any], me: int,
             words: Words) -> str | None:
        """More words on ``action`` for ``h N`` (None: nothing more to say)."""
        return None

    def prompt(self, view: dict[str, Any], me: int, words: Words) -> str | None:
        """What the decision is about (e.g. a payment to make), before the menu."""
        return None

    # ----------------------------------------------------------------- sessions
    def session_screen(self, kind: str) -> Callable[[SessionIO], list[Any] | BotPlay] | None:
        """The screen that plays sessions of ``kind`` (None: the generic one)."""
        return None

    def session_name(self, kind: str, words: Words) -> str:
        """The session's name in words (``session.<kind>`` of the catalog if any)."""
        key = f"session.{kind}"
        return words(key) if words.has(key) else kind.replace("_", " ")

    def progress_text(self, progress: Mapping[str, Any], words: Words) -> str:
        """What the seat sees after an input, in words (generic: its fields)."""
        return words.join([f"{_label(k, words)} {_plain(v, words)}" for k, v in progress.items()
                           if _plain(v, words) != ""])

    def play_session(self, io: SessionIO) -> list[Any] | BotPlay:
        """The generic session screen: inputs typed one a line (a number or JSON), each
        checked by ``step`` and answered with what it revealed; Enter alone ends."""
        import json

        screen = self.session_screen(io.session.get("kind", ""))
        if screen is not None:
            return screen(io)
        words = io.words
        io.write(words("term.session_generic"))
        inputs: list[Any] = []
        while True:
            raw = io.read("> ").strip()
            if not raw or raw.lower() in ("q", "quit"):
                return inputs
            try:
                item = json.loads(raw)
            except json.JSONDecodeError:
                item = raw
            try:
                progress = io.step(item)
            except ValueError as exc:
                io.write(words("term.session_not_possible", reason=str(exc)))
                continue
            inputs.append(item)
            io.write(words("term.session_progress", progress=self.progress_text(progress, words)))
            if progress.get("done"):
                io.write(words("term.session_done"))
                return inputs


def sentence(text: str) -> str:
    """``text`` with a capital first letter, as a line of the table begins ("turn 1." read
    as a sentence's end)."""
    return text[:1].upper() + text[1:]


def _label(key: str, words: Words) -> str:
    name = f"view.{key}"
    return words(name) if words.has(name) else key.replace("_", " ")


def _plain(value: Any, words: Words) -> str:
    """A JSON value in plain words (lists joined, no brackets, no quotes)."""
    if isinstance(value, bool):
        return ""
    if isinstance(value, Mapping):
        if "key" in value:
            return words(value)
        return words.join([f"{_plain(k, words)} {_plain(v, words)}" for k, v in value.items()])
    if isinstance(value, list | tuple):
        return words.join([_plain(v, words) for v in value])
    if value is None:
        return ""
    return str(value)


def screen_for(info: GameInfo) -> Screen:
    """The game's terminal screen (``extensions["terminal"]``), else the generic one.

    The extension is a :class:`Screen` subclass or instance; a module attribute that is neither
    (an older ``play`` function) is replaced by the module's ``SCREEN``.
    """
    obj = info.extension("terminal")
    if obj is None:
        return Screen(info)
    if isinstance(obj, type) and issubclass(obj, Screen):
        return obj(info)
    if isinstance(obj, Screen):
        return obj
    import sys

    module = sys.modules.get(getattr(obj, "__module__", ""), None)
    found = getattr(module, "SCREEN", None)
    if isinstance(found, type) and issubclass(found, Screen):
        return found(info)
    return Screen(info)
