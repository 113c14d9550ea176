"""Words for the terminal: the game's catalog for the game, the terminal's own for its keys.

Every line the terminal prints about the game (actions, events, the table) is a message of the
game's catalog (``GameInfo.catalog(lang)``) rendered with :func:`tycoon.engine.render`; the
words of the terminal itself (prompts, key help, connection news) are the ``term.*`` keys of
``tycoon/terminal/messages/{lang}.json``; the server's own messages (``server.*``: who chose
an action, notices about the table) and refusals (``error.*``, by their code) are the web
client's words for them (``tycoon/i18n``), so a browser and a terminal say them alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any

from tycoon.engine import LANGUAGES, GameInfo, Message, render
from tycoon.engine.messages import join
from tycoon.server.updates import actor_message

#: What a terminal obeys rather than shows: the control characters (ESC opens the sequences that
#: recolour, retitle or clear a terminal; a carriage return writes over a line) but tab and
#: newline, and Unicode's direction controls, which turn the rest of a line around.
UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` as a terminal may be sent it: names, titles and messages come from record
    files and servers, which a terminal must not obey (:data:`UNSHOWN`).

    >>> printable("Ana\x1b[2J\x1b]0;pwned\x07 \u202eplays")
    'Ana[2J]0;pwned plays'
    """
    return UNSHOWN.sub("", text)


def printing(write: Callable[[str], None]) -> Callable[[str], None]:
    """``write`` sending only :func:`printable` text."""
    return lambda text: write(printable(text))


@cache
def terminal_catalog(lang: str) -> dict[str, Any]:
    """The terminal's own catalog of ``lang`` (English for an unknown language)."""
    root = resources.files("tycoon.terminal.messages")
    path = root / f"{lang if lang in LANGUAGES else 'en'}.json"
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def ui_catalog(lang: str) -> dict[str, Any]:
    """The web client's catalog of ``lang`` (``tycoon/i18n``; English for an unknown one)."""
    path = resources.files("tycoon") / "i18n" / f"{lang if lang in LANGUAGES else 'en'}.json"
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@cache
def server_catalog(lang: str) -> dict[str, Any]:
    """The server's messages (``server.*`` keys) and its refusals by code (``error.*``) as the
    web client words them in ``lang``."""
    return {key: text for key, text in ui_catalog(lang).items()
            if key.startswith(("server.", "error."))}


def refusal_words(lang: str, code: str | None) -> str | None:
    """A server's refusal ``code`` as the web client words it in ``lang`` (``error.CODE``);
    None when it has no words for it (``bad_request``: only the server's message says it)."""
    key = f"error.{code}"
    catalog = server_catalog(lang)
    return render(Message(key, {}), catalog, lang) if key in catalog else None


def game_title(info: GameInfo, lang: str) -> str:
    """The game's name in ``lang``: its catalog's ``game.title``, else ``GameInfo.title``."""
    return str(info.catalog(lang).get("game.title", info.title))


class Words:
    """Renders messages of one game in one language, seats by the players' names; with no
    game (``info`` None), the lobby's words: the web client's and the terminal's own."""

    def __init__(self, info: GameInfo | None, lang: str = "en",
                 names: Sequence[str | None] | None = None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; expected one of: "
                             f"{', '.join(LANGUAGES)}")
        self.info = info
        self.lang = lang
        self.catalog: dict[str, Any] = (
            {**ui_catalog(lang), **terminal_catalog(lang)} if info is None
            else {**server_catalog(lang), **terminal_catalog(lang), **info.catalog(lang)})
        self.names: list[str] = [str(n) if n else "" for n in names or []]

    def __call__(self, message: Message | Mapping[str, Any] | str, **params: Any) -> str:
        """``message`` (a Message, its JSON, or a key with ``params``) in words."""
        if isinstance(message, str):
            message = Message(message, params)
        return render(message, self.catalog, self.lang, self.names)

    def has(self, key: str) -> bool:
        """Whether the catalog has ``key``."""
        return key in self.catalog

    def variant(self, key: str, options: Mapping[str, Any] | None) -> str:
        """``key``, or its wording for the game's rules ``options`` when the catalog has one,
        as the web client reads it too: ``KEY@A=X@B=Y`` for the values of two options (named
        in alphabetical order), else ``KEY@OPTION=VALUE`` for one value, else ``KEY@OPTION``
        for any value (a wording with the placeholder ``{OPTION}``, which :meth:`under`
        fills).

        >>> from tycoon.engine import get_game
        >>> words = Words(get_game("capital"), "en")
        >>> words.variant("card.demolition.help", {"demolition": "opponents"})
        'card.demolition.help@demolition=opponents'
        >>> words.variant("card.demolition.help", {"demolition": "any"})
        'card.demolition.help'
        >>> words.variant("card.lions_sight.help", {"lion_percent": 30})
        'card.lions_sight.help@lion_percent'
        >>> words.variant("square_kind.start.help", {"level_up": "landing", "card_supply": "lap"})
        'square_kind.start.help@card_supply=lap@level_up=landing'
        """
        options = options or {}
        for a, b in combinations(sorted(options), 2):
            both = f"{key}@{a}={options[a]}@{b}={options[b]}"
            if both in self.catalog:
                return both
        for name, value in options.items():
            if f"{key}@{name}={value}" in self.catalog:
                return f"{key}@{name}={value}"
        for name in options:
            if f"{key}@{name}" in self.catalog:
                return f"{key}@{name}"
        return key

    def under(self, keys: Sequence[str], options: Mapping[str, Any] | None) -> str | None:
        """The first of ``keys`` the catalog has, worded as the game's rules ``options``
        word it (:meth:`variant`); None when it has none of them.

        >>> from tycoon.engine import get_game
        >>> Words(get_game("capital"), "en").under(["effect.lion.help"], {"lion_percent": 30})
        'At the next payments, 30% of the balance goes to the bank.'
        """
        for key in keys:
            if key in self.catalog:
                return self(self.variant(key, options), **dict(options or {}))
        return None

    def refusal(self, error: Mapping[str, Any]) -> str:
        """A server's ``error`` in words: its ``code`` as the web client says it, else the
        server's own (English) ``message``."""
        return refusal_words(self.lang, error.get("code")) or str(error.get("message", ""))

    def first(self, keys: Sequence[str], default: str) -> str:
        """The first of ``keys`` the catalog has, rendered; else ``default``."""
        for key in keys:
            if key in self.catalog:
                return self(key)
        return default

    def seat(self, seat: int | None) -> str:
        """The words naming ``seat`` (the player's name and colour)."""
        if seat is None:
            return ""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self("seat.name", number=seat + 1)

    def bot(self, spec: str | None) -> str:
        """A bot's name as the web client gives it (``botName`` of ``web/js/lobby.js``), from
        its catalog, so a seat reads the same in a browser and here: a lobby strength's
        (``medium``: "Medium bot"), any other spec in the same words ("firstpick bot")."""
        ui = ui_catalog(self.lang)
        spec = spec or "random"
        strength = ui.get(f"lobby.strength.{spec}", spec)
        return render(Message("lobby.bot_name", {"strength": strength}), ui, self.lang)

    def join(self, items: Sequence[str]) -> str:
        """``items`` joined by the catalog's list separators (engine.messages.join)."""
        return join(items, self.catalog)


def count(what: str, n: int) -> dict[str, Any]:
    """A counted noun (``3 cards``: ``term.count.<what>``) as a nested message parameter."""
    return {"key": f"term.count.{what}", "params": {"n": n}}


class ActorNotes:
    """The line saying who chose an action when the seat did not (a stand-in for a seat away
    or out of time, an input session's clock) in the table's words (``server.actor.*``), as
    the table says it: once for a run of such actions by the same seat in a turn.

    >>> from tycoon.engine import get_game
    >>> notes = ActorNotes(Words(get_game("deal")))
    >>> notes.say({"seat": 1, "by": "standin", "reason": "away"})
    'Seat 2 is away: a bot plays for them.'
    >>> notes.say({"seat": 1, "by": "standin", "reason": "away"}) is None  # the same run
    True
    >>> notes.say({"seat": 0, "by": "player", "reason": None}) is None  # a seat's own choice
    True
    """

    def __init__(self, words: Words) -> None:
        self.words = words
        self._last: tuple[str | None, Any] | None = None

    def say(self, actor: Mapping[str, Any] | None) -> str | None:
        """The line for ``actor`` (an update's, or a record action's ``seat``, ``by`` and
        ``reason``), or None: a person's or a bot's own choice, a chooser the catalog does not
        know, or the same chooser as the action before in this turn."""
        if not actor:
            return None
        message = actor_message(actor)  # the server's message for it, as the table says it
        if message is not None and not self.words.has(message["key"]):
            message = None
        who = (message and message["key"], actor.get("seat"))
        said = message is not None and who != self._last
        self._last = who
        return self.words(message) if said else None

    def new_turn(self) -> None:
        """A turn starts: the next such action is said again."""
        self._last = None


def seat_beyond(number: int, count: int) -> ValueError:
    """The refusal of ``--seat NUMBER`` (counted from 1) at a game of ``count`` seats.

    >>> seat_beyond(3, 2)
    ValueError('--seat 3: the game has 2 seats (1 to 2)')
    """
    return ValueError(f"--seat {number}: the game has {count} seats (1 to {count})")
