"""Terminal play, readable by a screen reader: plain lines, numbered choices in words.

``tycoon play GAME`` plays locally against random bots (``--bots`` chooses others; ``--position``
goes on from a position file);
``tycoon play --server URL --game ID``
(or ``--create``) sits at a server's table with people in browsers. Every word about the game
comes from the game's message catalog (``--lang``); a game's :class:`~.screen.Screen` is found
through ``GameInfo.extension("terminal")``, and any game without one is played by the generic
screen. Keys and announcements: ``docs/accessibility.md``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tycoon.engine import GameInfo, Record, State

__all__ = ["command", "plain_output", "play", "play_online", "tell"]


def plain_output() -> bool:
    """True when output should be plain text: ``NO_COLOR`` is set or stdout is no terminal.

    The command line then draws ``--help`` without Rich's boxes (``rich_markup_mode=None``).
    """
    if os.environ.get("NO_COLOR"):
        return True
    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return True


def play(
    game: str,
    seats: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    *,
    lang: str = "en",
    name: str = "",
    bots: list[str] | None = None,
    record: str | Path | None = None,
    me: int | None = None,
    position: str | Path | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any] | None:
    """Play ``game`` in the terminal as seat ``me`` (from 0; default 0) against random bots, or
    ``bots`` (one :func:`~tycoon.bots.make_bot` spec for every other seat, or one per seat);
    return the result (``Outcome.to_json()``), or None if the person left. With ``record``,
    the game so far is kept in that file as a record (the server's format) each time the
    person is asked to decide, and when the game ends or they leave; a file that holds an
    unfinished game of theirs already is played on from where it stopped (its seats, seed,
    options and bots: flags that differ are refused). With ``position``, a file of
    ``docs/positions.md``, the game goes on from that position (it sets the seats and
    options; such a game has no record)."""
    from tycoon.engine import check_seed, get_game
    from tycoon.study.records import write_json

    from .local import LocalTable
    from .screen import screen_for
    from .ui import Terminal
    from .words import Words, game_title, printing, seat_beyond

    write = printing(write)
    info = get_game(game)
    options = dict(options or {})
    with contextlib.ExitStack() as held:
        if record is not None:  # one terminal at a time plays the game of a record file
            held.enter_context(record_lock(Path(record)))
        kept = None if record is None else kept_game(info, Path(record))
        actions: list[dict[str, Any]] = []
        if kept is not None:  # played on from its record: its seed, options, seats and bots
            state, actions, seed, options, me, bots, name = resume(
                kept, seats=seats, seed=seed, options=options, me=me, bots=bots, name=name)
        me = me or 0
        preset = options.pop("preset", None)
        seed = check_seed(seed)
        if kept is None:
            if seats is None and bots is not None and len(bots) > 1:
                seats = len(bots) + 1  # one bot per other seat says how many play
            state = info.new_game(seats=seats, seed=seed, preset=preset, **options) \
                if position is None else load_position(info, Path(position))
        count = len(state.view(None)["seats"])
        if not 0 <= me < count:
            raise seat_beyond(me + 1, count)
        others = count - 1
        if bots is not None and len(bots) == 1:
            bots = bots * others
        elif bots is not None and len(bots) != others:
            raise ValueError(f"--bots: {len(bots)} bots for {others} other "
                             f"seat{'s' if others != 1 else ''} (give one bot for all, or one per "
                             "other seat)")
        table = LocalTable(info, state, seed, me=me, name=name, bots=bots, actions=actions)
        screen = screen_for(info)
        words = Words(info, lang)
        term = Terminal(table, screen, words, read=read, write=write, clock=clock)
        term.set_players(table.players)
        made_with = {**options, "preset": preset} if preset is not None else options
        written = -1  # how many actions the file holds: it is written when that changes

        def keep() -> None:
            nonlocal written
            if record is not None and written != len(table.actions):
                write_json(Path(record), table.record(made_with))
                written = len(table.actions)

        if record is not None:  # a path that cannot be written is refused before the game
            keep()
            table.on_decision = keep
        term.welcome(game_title(info, lang))
        if kept is not None:
            write(words("term.record_resumed", path=str(record), n=len(actions)))
        try:
            return term.run()
        finally:  # also when the person leaves, or stops it with Ctrl-C
            if record is not None:
                keep()
                write(words("term.record_written", path=str(record)))


def record_lock(path: Path) -> contextlib.AbstractContextManager[None]:
    """Hold the record file ``path`` for one terminal's game (a lock on ``PATH.lock``, gone
    with the game); ``ValueError`` while another ``tycoon play`` holds it, whose game this
    one's writes would overwrite."""
    from tycoon.study.runner import exclusive

    return exclusive(path, f"{path} is the record of a game another tycoon play is playing: "
                           "go on there, or choose another file for --record")


#: An unfinished game kept in a record file: its record, its players (the file's list) and
#: the position its actions lead to.
Kept = tuple["Record", list[dict[str, Any]], "State"]


def kept_game(info: GameInfo, path: Path) -> Kept | None:
    """The unfinished game of ``info`` kept in the record file ``path``, to play on; None
    when there is no such file. ``ValueError`` for a file that holds anything
    else, which a new game's record would overwrite."""
    from tycoon.engine import Record, replay

    if not path.exists():
        return None
    keep = "choose another file for --record (this one is kept as it is)"
    try:
        data = json.loads(path.read_bytes())
        rec = Record.from_json(data)
        state = replay(rec)
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:  # JSON, record or replay
        raise ValueError(f"{path} is there already and is not a game's record ({exc}): "
                         f"{keep}") from None
    players = data.get("players")
    humans = [p for p in players or [] if isinstance(p, dict) and p.get("kind") == "human"]
    if rec.game != info.name:
        raise ValueError(f"{path} holds a game of {rec.game}, not of {info.name}: {keep}")
    if state.is_over:
        raise ValueError(f"{path} holds a finished game (tycoon replay {path} --log tells "
                         f"it): {keep}")
    if not isinstance(players, list) or len(players) != rec.seats or len(humans) != 1:
        raise ValueError(f"{path} holds an unfinished game, but not one of tycoon play (one "
                         f"person and bots): {keep}")
    return rec, players, state


def resume(kept: Kept, *, seats: int | None, seed: int | None,
           options: dict[str, Any], me: int | None, bots: list[str] | None, name: str
           ) -> tuple[State, list[dict[str, Any]], int, dict[str, Any], int, list[str] | None,
                      str]:
    """A kept game played on: its position, actions, seed, options, the person's seat,
    the bots and name; ``ValueError`` names a flag that asks for another game."""
    rec, players, state = kept
    person = next(p for p in players if p.get("kind") == "human")
    mine = person["seat"]
    others = [str(p.get("bot")) for p in players if p is not person]
    if bots is not None and len(bots) == 1:
        bots = bots * len(others)
    asked = {"--seats": (seats, rec.seats), "--seed": (seed, rec.seed),
             "--seat": (None if me is None else me + 1, mine + 1), "--bots": (bots, others)}
    asked |= {"--preset" if k == "preset" else f"--option {k}": (v, rec.options.get(k))
              for k, v in options.items()}
    for flag, (given, kept_value) in asked.items():
        if given is not None and given != kept_value:
            raise ValueError(f"{flag}: the game kept in the --record file is played with "
                             f"{kept_value}; leave it out to play that game on, or choose "
                             "another --record file for a new game")
    actions = [{"seat": s, "action": a} for s, a in rec.actions]
    # the default bots (random, never more than three of a kind in a row) are kept as random
    kind = None if all(b == "random" for b in others) else others
    return (state, actions, rec.seed, dict(rec.options), mine, kind,
            name or person.get("name") or "")


#: The largest position file read (a whole Capital or Deal position is a few KB).
MAX_POSITION_BYTES = 1 << 20


def load_position(info: GameInfo, path: Path) -> State:
    """The position of ``info``'s game in the file ``path`` (``docs/positions.md``), to
    play on from; ``ValueError`` names the file and what is wrong with it."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_POSITION_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    if len(raw) > MAX_POSITION_BYTES:
        raise ValueError(f"{path}: a position file is at most {MAX_POSITION_BYTES} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path} is not JSON: {exc}") from None
    if isinstance(data, dict) and set(data) == {"view", "result"}:
        raise ValueError(f"{path} holds a view, which hides the other hands and the deck: "
                         "tycoon replay RECORD --upto N --position writes the whole position")
    named = data.get("game") if isinstance(data, dict) else None
    if isinstance(named, str) and named != info.name:
        raise ValueError(f"{path} holds a position of {named}, not of {info.name}")
    try:
        state = info.from_json(data)
    except ValueError as exc:
        raise ValueError(f"{path}: not a position of {info.name}: {exc}") from None
    if state.is_over:
        raise ValueError(f"{path}: the game is over in this position")
    return state


def tell(record: Record, players: object = None, seat: int | None = None, lang: str = "en",
         upto: int | None = None,
         chosen: Sequence[tuple[Any, Any] | None] | None = None) -> Iterator[str]:
    """The lines of a recorded game (its first ``upto`` actions) as ``seat`` saw it (None: a
    spectator), in ``lang``, the seats named by ``players`` (a lobby's list, as a record
    carries it) when given; ``ValueError`` for a list that does not name the seats in order.
    ``chosen[i]``, ``(by, reason)`` of action ``i`` as a server's record says it, adds the
    table's line before an action a stand-in or a clock chose ("Bo is away: a bot plays for
    them."), once for a run of them in a turn.

    >>> from tycoon.engine import Record
    >>> next(tell(Record("deal", 2, 7), [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Bo"}]))
    'Turn 1: Ana plays'
    """
    from tycoon.engine import get_game, replay_steps

    from .screen import screen_for
    from .words import ActorNotes, Words, printable

    info = get_game(record.game)
    words = Words(info, lang)
    if players is not None:
        if not isinstance(players, list) or len(players) != record.seats or any(
                not isinstance(p, dict) or p.get("seat") != i for i, p in enumerate(players)):
            raise ValueError('record: players must list the seats in order, '
                             '[{"seat": 0, "name": ...}, ...]')
        words.names = screen_for(info).seat_names(players, words)
    _, steps = replay_steps(record, len(record.actions) + 1, upto)
    notes = ActorNotes(words)
    for version, position, events in steps:
        pick = chosen[version - 1] if chosen is not None and 0 < version <= len(chosen) else None
        if pick is not None:
            note = notes.say({"seat": record.actions[version - 1][0], "by": pick[0],
                              "reason": pick[1]})
            if note is not None:
                yield printable(note)
        for event in events:
            if event.type == "turn_started":
                notes.new_turn()
            if event.visible_to(seat):
                message = position.describe(event, seat)
                if message is not None:
                    yield printable(words(message))  # the names are the record file's


def play_online(*args: Any, **kwargs: Any) -> dict[str, Any] | None:
    """Sit at a server's table (see :func:`tycoon.terminal.online.play_online`)."""
    from .online import play_online as run

    return run(*args, **kwargs)


def _check_names(name: str, title: str) -> None:
    """``--name`` and ``--title`` as the server takes them, checked before anything is sent
    (a game is not created for a join the server would then refuse), in local play too."""
    from tycoon.server.protocol import NAME_LENGTH, TITLE_LENGTH, name_problem

    for flag, value, most in (("--name", name, NAME_LENGTH), ("--title", title, TITLE_LENGTH)):
        problem = name_problem(value, most) if value else None
        if problem:
            raise ValueError(f"{flag}: {problem}")


def command(
    game: str | None,
    *,
    seats: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    lang: str = "en",
    name: str = "",
    title: str = "",
    server: str | None = None,
    game_id: str | None = None,
    create: bool = False,
    players: str | None = None,
    seat: int | None = None,
    watch: bool = False,
    bots: str | None = None,
    record: str | None = None,
    position: str | None = None,
) -> dict[str, Any] | None:
    """``tycoon play``: local play, or with ``server`` a seat at a server's table (``game_id``
    to join; ``create`` to make a game of ``game`` first, ``players`` as the lobby's comma list
    of ``human``/bot strengths, one per seat); ``seat`` counts from 1; ``bots`` (local play) a
    comma list of the other seats' bots, or one bot for all; ``record`` (local play) a file
    for the game's record; ``position`` (local play) a position file to play on from;
    ``title`` (with ``create``) the new game's name in the lobby.
    ``ValueError`` names a bad flag."""
    from tycoon.engine import LANGUAGES, games

    if lang not in LANGUAGES:
        raise ValueError(f"--lang takes one of {', '.join(LANGUAGES)}, not {lang!r}")
    if seat is not None and seat < 1:
        raise ValueError("--seat counts from 1")
    _check_names(name, title)
    for flag, path in (("--record", record), ("--position", position)):
        if path is not None and not path.strip():
            raise ValueError(f"{flag} needs a file name")
    if server is None:
        if game_id or create or players or watch or title:
            raise ValueError("--game, --create, --players, --title and --watch need --server")
        if position is not None and (seats is not None or options):
            raise ValueError("--position sets the seats and the rules options: leave out "
                             "--seats, --preset and --option")
        if position is not None and record is not None:
            raise ValueError("--record keeps a game as its seed and actions from the start; a "
                             "game played on from --position has none")
        if game is None:
            raise ValueError(f"which game? one of: {', '.join(games())}")
        kinds = [b.strip() for b in bots.split(",")] if bots else None
        if kinds is not None and not all(kinds):
            raise ValueError("--bots takes bot names separated by commas, e.g. hard or "
                             "medium,hard,easy")
        return play(game, seats, seed, options, lang=lang, name=name, bots=kinds, record=record,
                    me=None if seat is None else seat - 1, position=position)
    if position is not None:
        raise ValueError("--position is for local play; a server's games start from the "
                         "beginning")
    if bots:
        raise ValueError("--bots is for local play; at a server, --create --players chooses "
                         "the bots")
    if record:
        raise ValueError("--record is for local play; a server gives a finished game's record "
                         "at /api/games/ID/record and in its replay viewer")
    if create and game is None:
        raise ValueError(f"--create needs the game (one of: {', '.join(games())}), e.g. "
                         "tycoon play GAME --server URL --create")
    if create and game_id:
        raise ValueError("--create makes a new game: leave out --game")
    if title and not create:
        raise ValueError("--title names a game you --create")
    if game is not None and game not in games():
        raise ValueError(f"unknown game {game!r}; expected one of: {', '.join(games())}")
    options = dict(options or {})
    preset = options.pop("preset", None)
    if not create:
        set_up = [flag for flag, value in (("--seats", seats), ("--players", players),
                                           ("--preset", preset), ("--option", options))
                  if value is not None and value != {}]
        if set_up:
            raise ValueError(f"{', '.join(set_up)}: set up a game you --create; a game you "
                             "join or watch has its own")
    if watch and seat is not None:
        raise ValueError("--watch takes no seat: leave out --seat")
    kinds = [p.strip() for p in players.split(",")] if players else None
    return play_online(server, game_id, create=game if create else None, kind=game,
                       players=kinds, seats=seats, preset=preset, options=options,
                       seat=None if seat is None else seat - 1, name=name, title=title,
                       lang=lang, watch=watch)
