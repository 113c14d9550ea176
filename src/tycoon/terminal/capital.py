"""Capital's terminal screen: the table in sentences, two-step choices, card help, and the four
minigames played without the picture.

- Building is two steps: the lot first (``Build on lot 2``), then the kind, each line with its
  price and its income at level 1 (``h N`` says the same).
- A card with several targets is two steps too: the card, then its target.
- Fixed letters: ``r`` rolls the dice, ``p`` passes, whatever else is on offer.
- Minigames: Change Money announces the sum and takes the banknotes by keys 1 to 7; Memory is a
  grid of numbered cards (type a card's number, or walk with ``w a s d`` and turn with ``k``),
  each turned face announced, and only what changed; Find the Key reads the lock's cuts and
  each key's (flipped keys are read for you from the right); Catch Coins is played by the
  minigame bot at the skill you pick, and the terminal says so. In the other three, ``?``
  says the help again with where the round stands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tycoon.capital import minigames
from tycoon.capital.board import BOARD
from tycoon.capital.businesses import BASE, PRICE
from tycoon.engine import derive_seed

from .screen import BotPlay, Choice, Screen, SessionIO, sentence
from .words import Words, count


def money(words: Words, n: int) -> str:
    """``$50`` in the game's money words."""
    return words("money", n=n) if words.has("money") else f"${n}"


def square(words: Words, sq: int) -> str:
    """A square by kind and number from 1 (``block 18``)."""
    kind = BOARD.kind[sq] if 0 <= sq < BOARD.size else "block"
    key = f"square.{kind}"
    return words(key, n=sq + 1) if words.has(key) else str(sq + 1)


def place(words: Words, sq: int, lot: int) -> str:
    """A lot of a block (``block 18, lot 2``), lots counted from 1."""
    if words.has("place"):
        return words("place", square=sq + 1, lot=lot + 1)
    return f"{square(words, sq)}, {lot + 1}"


def card_name(words: Words, card: str) -> str:
    """A card's name from the catalog."""
    return words.first((f"card.{card}.name",), card.replace("_", " "))


def kind_name(words: Words, kind: str) -> str:
    """A business kind's name from the catalog."""
    return words.first((f"business.{kind}.name", f"kind.{kind}.name", f"kind.{kind}",
                         f"business.{kind}"), kind.replace("_", " "))


class CapitalScreen(Screen):
    """Capital in the terminal (see the module docstring)."""

    letters: Mapping[str, str] = {"roll": "r", "pass": "p"}

    def score(self, result: dict[str, Any], seat: int, words: Words) -> str:
        """The seat's net worth (C-5.5), which orders the standings."""
        scores = result.get("scores") or []
        return words("term.capital.score", worth=money(words, scores[seat])) \
            if 0 <= seat < len(scores) else ""

    def colour(self, seat: int, words: Words) -> str | None:
        colours = ("yellow", "red", "blue", "green")
        if not 0 <= seat < len(colours):
            return None
        c = colours[seat]
        return words.first((f"color.{c}", f"colour.{c}", f"region.{c}"), c)

    # ----------------------------------------------------------------- choices
    def choices(self, legal: list[dict[str, Any]], view: dict[str, Any], me: int,
                words: Words) -> list[Choice]:
        """Builds grouped by lot, a card's targets grouped by card, exchanges in one group;
        the other actions one line each, in the game's order."""
        order: list[tuple[str, Any]] = []
        groups: dict[tuple[str, Any], list[Choice]] = {}
        for item in legal:
            action = item["action"]
            kind = action.get("type")
            key: tuple[str, Any] = {"build": ("build", action.get("lot")),
                                    "play": ("play", action.get("card")),
                                    "exchange": ("exchange", None)}.get(kind, ("one", len(order)))
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(self.choice(item, view, me, words))
        out: list[Choice] = []
        for key in order:
            subs = groups[key]
            if len(subs) == 1 and key[0] != "build":
                out.append(subs[0])
            elif key[0] == "build":
                out.append(Choice(words("term.capital.build_lot", lot=key[1] + 1, n=len(subs)),
                                  sub=subs, help=words.join([c.text for c in subs])))
            elif key[0] == "play":
                out.append(Choice(words("term.capital.play_card", card=card_name(words, key[1]),
                                        n=len(subs)), sub=subs,
                                  help=self._card_help(key[1], words, view.get("options"))))
            else:
                hand = next((s.get("hand") for s in view.get("seats", [])
                             if s.get("seat") == me and "hand" in s), None)
                exchange = Choice(words("term.capital.exchange", n=len(subs)), sub=subs)
                if hand:
                    exchange.ask = self._exchange(hand, [c.action for c in subs if c.action],
                                                  words)
                out.append(exchange)
        return out

    @staticmethod
    def _exchange(hand: list[str], actions: list[dict[str, Any]], words: Words) -> Callable[
            [Callable[[str], str], Callable[[str], None]], dict[str, Any] | None]:
        """Which cards to exchange: the hand numbered, the answer numbers separated by
        spaces (Enter alone: back)."""

        def ask(read: Callable[[str], str], write: Callable[[str], None]) -> dict[str, Any] | None:
            for i, card in enumerate(hand, 1):
                write(f"{i}. {card_name(words, card)}")
            while True:
                raw = read(words("term.capital.exchange_prompt", n=len(hand))).split()
                if not raw or raw == ["b"]:
                    return None
                if all(x.isdigit() and 1 <= int(x) <= len(hand) for x in raw) and \
                        len(set(raw)) == len(raw):
                    wanted = sorted(hand[int(x) - 1] for x in raw)
                    for action in actions:
                        if sorted(action.get("cards", [])) == wanted:
                            return action
                write(words("term.capital.exchange_bad", n=len(hand)))

        return ask

    def help(self, action: dict[str, Any], view: dict[str, Any], me: int,
             words: Words) -> str | None:
        kind = action.get("type")
        if kind == "play":
            return self._card_help(action["card"], words, view.get("options"))
        if kind == "build":
            k = action["kind"]
            return words("term.capital.build_help", kind=kind_name(words, k),
                         price=money(words, PRICE[k]), income=money(words, BASE[k]))
        return None

    @staticmethod
    def _card_help(card: str, words: Words, options: dict[str, Any] | None = None) -> str | None:
        return words.under((f"card.{card}.help", f"card.{card}.text"), options)

    # ----------------------------------------------------------------- the table
    def table(self, view: dict[str, Any], me: int | None, words: Words) -> list[str]:
        lines = [words("term.capital.turn", turn=view.get("turn", 1),
                       seat={"seat": view.get("current", 0)})]
        for entry in view.get("seats", []):
            seat = entry["seat"]
            effects = [f"{words.first((f'effect.{e}.name',), e.replace('_', ' '))} {n}"
                       for e, n in (entry.get("effects") or {}).items() if n]
            lines.append(words(
                "term.capital.seat", seat={"seat": seat},
                balance=money(words, entry.get("balance", 0)),
                worth=money(words, entry.get("net_worth", 0)),
                percent=entry.get("net_worth_percent", 0), laps=count("laps", entry.get("laps", 0)),
                dice=count("dice", entry.get("dice", 0)),
                square=square(words, entry.get("square", 0)),
                cards=count("cards", entry.get("hand_size", 0))))
            if effects:
                lines.append(words("term.capital.effects", list=words.join(effects)))
            if "hand" in entry:
                hand = [card_name(words, c) for c in entry["hand"]]
                lines.append(words("term.capital.hand", n=len(hand), list=words.join(hand)))
        for b in view.get("businesses", []):
            lines.append(words("term.capital.business", place=place(words, b["square"], b["lot"]),
                               kind=kind_name(words, b["kind"]), seat={"seat": b["owner"]},
                               level=b.get("level", 1), income=money(words, b.get("income", 0))))
        for c in view.get("constructions", []):
            what = words.first((f"construction.{c['type']}.name",), c["type"])
            lines.append(words("term.capital.construction", what=what, seat={"seat": c["owner"]},
                               square=square(words, c["square"])))
        lines.append(words("term.capital.deck", n=count("cards", view.get("deck_size", 0)),
                           discard=count("cards", len(view.get("discard", [])))))
        return [sentence(line) for line in lines]

    # ----------------------------------------------------------------- minigames
    def session_name(self, kind: str, words: Words) -> str:
        return words.first((f"minigame.{kind}.name", f"session.{kind}"),
                     kind.replace("_", " "))

    def session_screen(self, kind: str) -> Callable[[SessionIO], list[Any] | BotPlay] | None:
        return {"change_money": change_money, "memory": memory, "find_key": find_key,
                "catch_coins": catch_coins}.get(_game(kind))


def _game(kind: str) -> str:
    return kind.removeprefix("minigame.").removeprefix("minigame:")


def _contents(io: SessionIO) -> dict[str, Any]:
    view = io.view or {}
    if isinstance(view.get("contents"), dict):
        return view["contents"]
    return view


def _duration(io: SessionIO) -> int:
    return int(io.session.get("duration_ms") or 30_000)


def _read(io: SessionIO, again: Callable[[], None], prompt: str = "> ") -> str | None:
    """One line, or None when time is up or the person stops (``q`` or Enter alone); ``?``
    calls ``again`` (the minigame's help and where it stands, said again) and reads on."""
    while True:
        raw = io.read(prompt).strip().lower()
        if io.elapsed_ms() > _duration(io):
            io.write(io.words("term.session_time_up"))
            return None
        if raw in ("", "q", "quit"):
            return None
        if raw != "?":
            return raw
        again()


def _try(io: SessionIO, inputs: list[Any], item: dict[str, Any]) -> dict[str, Any] | None:
    try:
        progress = io.step(item)
    except ValueError as exc:
        io.write(io.words("term.session_not_possible", reason=str(exc)))
        return None
    inputs.append(item)
    return progress


def change_money(io: SessionIO) -> list[Any]:
    """The sum is announced (``3 + ? = 8``); keys 1 to 7 pay the banknotes in order."""
    w = io.words
    contents = _contents(io)
    notes = list(contents.get("notes") or [1, 2, 5, 10, 20, 50, 100])
    keys = w.join([w("term.cm.key", key=i, note=money(w, n)) for i, n in enumerate(notes, 1)])
    sums = contents.get("sums") or []
    state = {"a": sums[0]["a"], "c": sums[0]["c"], "paid": 0, "points": 0} if sums else {}

    def tell() -> None:
        io.write(w("term.cm.help", keys=keys) + " " + w("term.session_again"))
        if state:
            io.write(w("term.cm.sum", a=state["a"], c=state["c"]))
            if state.get("paid"):
                io.write(w("term.cm.paid", paid=money(w, state["paid"]),
                           left=money(w, state["c"] - state["a"] - state["paid"])))

    tell()
    inputs: list[Any] = []
    while True:
        raw = _read(io, tell)
        if raw is None:
            return inputs
        if not raw.isdigit() or not 1 <= int(raw) <= len(notes):
            io.write(w("term.cm.bad", n=len(notes)))
            continue
        progress = _try(io, inputs, {"t": io.elapsed_ms(), "note": notes[int(raw) - 1]})
        if progress is None:
            continue
        if progress.get("a") != state.get("a") or progress.get("c") != state.get("c") or \
                progress.get("solved", 0) > state.get("solved", 0):
            io.write(w("term.cm.solved", points=progress["points"]))
            io.write(w("term.cm.sum", a=progress["a"], c=progress["c"]))
        elif progress.get("errors", 0) > state.get("errors", 0):
            io.write(w("term.cm.too_much", points=progress["points"],
                       left=money(w, progress["c"] - progress["a"] - progress["paid"])))
        else:
            io.write(w("term.cm.paid", paid=money(w, progress["paid"]),
                       left=money(w, progress["c"] - progress["a"] - progress["paid"])))
        state = progress


def memory(io: SessionIO) -> list[Any]:
    """A grid of numbered cards: type a number to turn it, or walk with w a s d and turn the
    card under the cursor with k. Only what changed is said."""
    w = io.words
    contents = _contents(io)
    columns = int(contents.get("columns") or 7)
    count = int(contents.get("cell_count") or columns * int(contents.get("rows") or 2))
    rows = max(1, count // columns)

    def tell(start: bool = False) -> None:
        io.write(w("term.memory.help", n=count, rows=rows, columns=columns) + " "
                 + w("term.session_again"))
        if start:
            return
        up = [w("term.memory.card", cell=c + 1, face=money(w, v))
              for c, v in enumerate(cells) if v is not None]
        if up:
            io.write(w("term.memory.face_up", list=w.join(up)))
        io.write(w("term.memory.cursor", where=where(cursor)))

    cells: list[int | None] = [None] * count
    board = 0
    points = 0
    cursor = 0
    opened: list[int] = []
    inputs: list[Any] = []

    def where(cell: int) -> str:
        return w("term.memory.where", cell=cell + 1, row=cell // columns + 1,
                 column=cell % columns + 1)

    def face(cell: int) -> str:
        value = cells[cell]
        return w("term.memory.down", where=where(cell)) if value is None else \
            w("term.memory.up", where=where(cell), face=money(w, value))

    tell(start=True)
    while True:
        raw = _read(io, tell)
        if raw is None:
            return inputs
        moves = {"a": -1, "d": 1, "w": -columns, "s": columns}
        if raw in moves:
            cursor = (cursor + moves[raw]) % count
            io.write(face(cursor))
            continue
        if raw == "k":
            cell = cursor
        elif raw.isdigit() and 1 <= int(raw) <= count:
            cell = cursor = int(raw) - 1
        else:
            io.write(w("term.memory.bad", n=count))
            continue
        if cells[cell] is not None and not (len(opened) == 2 and cell in opened):
            io.write(w("term.memory.already", where=where(cell)))
            continue
        progress = _try(io, inputs, {"t": io.elapsed_ms(), "cell": cell})
        if progress is None:
            continue
        new = list(progress.get("cells") or [None] * count)
        said: list[str] = []
        if progress.get("board", board) != board:
            said.append(w("term.memory.pair", points=progress["points"]))
            said.append(w("term.memory.new_board", n=count))
        else:
            for c in range(count):
                if new[c] is not None and cells[c] is None:
                    said.append(w("term.memory.up", where=where(c), face=money(w, new[c])))
            if progress.get("points", 0) > points:
                said.append(w("term.memory.pair", points=progress["points"]))
            hidden = [c + 1 for c in range(count) if cells[c] is not None and new[c] is None]
            if hidden:
                said.append(w("term.memory.hidden", list=w.join([str(c) for c in hidden])))
        for line in said:
            io.write(line)
        opened = list(progress.get("open") or [])
        if len(opened) == 2:
            io.write(w("term.memory.no_pair"))
        cells, board, points = new, progress.get("board", board), progress.get("points", points)


def _cuts(cuts: list[int], words: Words) -> str:
    return words.join([str(c) for c in cuts])


def find_key(io: SessionIO) -> list[Any]:
    """The lock's cuts and every key's, in words (a flipped key is read for you from the
    right and said to be flipped); type the number of the key that fits."""
    w = io.words
    rounds = _contents(io).get("rounds") or []
    inputs: list[Any] = []
    index = 0
    successes = 0

    def tell(i: int) -> int:
        rnd = rounds[i % len(rounds)]
        io.write(w("term.fk.lock", cuts=_cuts(rnd["lock"], w)))
        for n, key in enumerate(rnd["keys"], 1):
            # a key's bitting goes from its bow: a flipped key, drawn bow on the right,
            # read from there says the same cuts
            io.write(w("term.fk.key_flipped" if key.get("flip") else "term.fk.key", n=n,
                       cuts=_cuts(key["bitting"], w)))
        return len(rnd["keys"])

    if not rounds:
        return inputs
    def again() -> int:
        io.write(w("term.fk.help") + " " + w("term.session_again"))
        return tell(index)

    keys = again()

    while True:
        raw = _read(io, again)
        if raw is None:
            return inputs
        if not raw.isdigit() or not 1 <= int(raw) <= keys:
            io.write(w("term.fk.bad", n=keys))
            continue
        progress = _try(io, inputs, {"t": io.elapsed_ms(), "key": int(raw) - 1})
        if progress is None:
            continue
        if progress.get("successes", 0) > successes:
            successes = progress["successes"]
            index = progress.get("round", index + 1)
            io.write(w("term.fk.right", points=progress["points"]))
            keys = tell(index)
        else:
            io.write(w("term.fk.wrong"))


def catch_coins(io: SessionIO) -> list[Any] | BotPlay:
    """Catch Coins needs a pointer: the minigame bot plays it at the skill the person picks."""
    w = io.words
    while True:
        raw = io.read(w("term.bot_skill_prompt")).strip()
        if raw == "":
            skill = 5
            break
        if raw.isdigit() and 0 <= int(raw) <= 10:
            skill = int(raw)
            break
        io.write(w("term.bot_skill_bad"))
    contents = _contents(io)
    if contents.get("objects") is None:
        return BotPlay(skill / 10)
    level = contents.get("level", "easy")
    seed = derive_seed(0, "terminal", "catch_coins", str(io.session.get("id")))
    inputs = minigames.bot_inputs("catch_coins", level, contents, skill / 10, seed)
    io.write(w("term.bot_plays", skill=skill))
    return inputs


SCREEN = CapitalScreen


def play(seats: int | None = None, seed: int | None = None,
         options: dict[str, Any] | None = None, **kwargs: Any) -> dict[str, Any] | None:
    """Play Capital in the terminal against random bots (see :func:`tycoon.terminal.play`)."""
    from . import play as run

    return run("capital", seats, seed, options, **kwargs)
