"""The position format (``docs/positions.md``): ``to_json`` and a checking ``from_json``.

A hand-written position may leave out most keys; see the defaults in the documentation.

>>> from tycoon.capital import from_json
>>> st = from_json({"seats": [{"seat": 0, "balance": 100}, {"seat": 1, "balance": 40}]})
>>> st.seats[1].square, st.phase
(14, 'roll')
>>> from_json({"seats": [{"seat": 0}, {"seat": 0}]})
Traceback (most recent call last):
...
tycoon.engine.errors.InvalidPosition: seats: seat 0 appears twice
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from importlib import resources
from typing import Any, TypeVar

from tycoon.engine import InvalidOption, Rng
from tycoon.engine.positions import (
    fail,
    int_list,
    integer,
    listing,
    obj,
    only_keys,
    optional_integer,
)

from .board import BOARD, COLORS
from .businesses import KINDS, LOTS, Business
from .cards import CARDS, COPIES
from .state import COUNTED_EFFECTS, EFFECTS, PHASES, CapitalState, Seat

S = TypeVar("S", bound=CapitalState)
START_BALANCE = 500  # C-3.1
START_DICE = 2
#: The highest business level a position file may hold. C-5.2 sets no maximum; this bounds
#: the exact income a file makes the engine compute (level 10,000: about 800 digits).
MAX_LEVEL = 10_000


def schema() -> dict[str, Any]:
    """The JSON Schema of the position format (``position.schema.json``)."""
    text = resources.files(__package__).joinpath("position.schema.json").read_text("utf-8")
    return json.loads(text)


def businesses_json(st: CapitalState) -> list[dict[str, Any]]:
    """The ``businesses`` list of a position or view: by square and lot, with incomes."""
    incomes = st.incomes()
    return [
        {"square": s, "lot": lot, "kind": b.kind, "owner": b.owner, "level": b.level,
         "income": incomes[s, lot]}
        for (s, lot), b in sorted(st.businesses.items())
    ]


def constructions_json(st: CapitalState) -> list[dict[str, Any]]:
    """The ``constructions`` list of a position or view, by square."""
    return [
        {"square": s, "type": kind, "owner": owner}
        for s, (kind, owner) in sorted(st.constructions.items())
    ]


def to_json(st: CapitalState) -> dict[str, Any]:
    """The whole position, JSON-ready."""
    seats = []
    for i, p in enumerate(st.seats):
        effects = {e: p.uses(e) for e in EFFECTS}
        seats.append({
            "seat": i,
            "color": COLORS[i],
            "balance": p.balance,
            "net_worth": st.net_worth(i),
            "laps": p.laps,
            "dice": p.dice,
            "square": p.square,
            "hand_size": len(p.hand),
            "hand": list(p.hand),
            "effects": effects,
            "mafia_payees": list(p.mafia),
        })
    mg = st.minigame
    return {
        "game": "capital",
        "options": dict(st.options),
        "turn": st.turn,
        "current": st.current,
        "phase": st.phase,
        "winner": st.winner_seat,
        "reason": st.reason,
        "seats": seats,
        "businesses": businesses_json(st),
        "constructions": constructions_json(st),
        "deck": st.deck[::-1],
        "discard": list(st.discard),
        "rng": st.rng.to_json(),
        "dice_queue": list(st.dice_queue),
        "move": {
            "roll": list(st.roll),
            "steps_left": st.steps_left,
            "six": st.six,
            "landed": st.landed,
            "tolls": [{"square": s, "owner": o} for s, o in st.tolls],
        },
        "minigame": None if mg is None else {
            "game": mg["game"], "seeds": list(mg["seeds"]), "scores": list(mg["scores"]),
        },
    }


def canonical(st: CapitalState) -> tuple[Any, ...]:
    """Everything of the position as one tuple of plain values: equal tuples, equal
    positions (what ``==`` and ``key()`` compare; caches are left out)."""
    mg = st.minigame
    return (
        tuple(sorted(st.options.items())),
        tuple((p.balance, p.laps, p.dice, p.square, tuple(p.hand),
               tuple(p.effects[e] for e in COUNTED_EFFECTS), tuple(p.mafia))
              for p in st.seats),
        tuple(sorted(st.businesses.items())),
        tuple(sorted(st.constructions.items())),
        tuple(st.deck), tuple(st.discard), st.rng.state, tuple(st.dice_queue),
        st.turn, st.current, st.phase, st.winner_seat, st.reason,
        st.roll, st.steps_left, st.six, st.landed, tuple(st.tolls),
        None if mg is None else (mg["game"], tuple(mg["seeds"]), tuple(mg["scores"])),
    )


def fingerprint(st: CapitalState) -> int:
    """A 64-bit key of the position, the same in every process (BLAKE2b of
    :func:`canonical`)."""
    text = repr(canonical(st)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def same(a: CapitalState, b: CapitalState) -> bool:
    """Whether two states hold the same position."""
    return canonical(a) == canonical(b)


# ------------------------------------------------------------------------- checking helpers
# The shared checks of ``tycoon.engine.positions`` (one JSON validator for every game), and
# the card list of this game.
def _cards(value: Any, where: str) -> list[str]:
    cards = listing(value, where)
    for c in cards:
        if c not in CARDS:
            raise fail(f"{where}: unknown card {c!r}")
    return list(cards)


TOP_KEYS = {"game", "options", "turn", "current", "phase", "winner", "reason", "seats",
            "businesses", "constructions", "deck", "discard", "rng", "dice_queue", "move",
            "minigame", "version"}
SEAT_KEYS = {"seat", "color", "balance", "net_worth", "laps", "dice", "square", "hand_size",
             "hand", "effects", "mafia_payees"}


def from_json(cls: type[S], data: Any) -> S:
    """Build a position from JSON; ``InvalidPosition`` naming the problem if impossible."""
    data = obj(data, "a position")
    only_keys(data, TOP_KEYS, "position")
    if data.get("game", "capital") != "capital":
        raise fail(f"game must be 'capital', not {data.get('game')!r}")
    from .game import GAME

    raw_options = dict(obj(data.get("options", {}), "options"))
    preset = raw_options.pop("preset", "capital")
    try:
        options = GAME.resolve_options(preset, raw_options)
    except InvalidOption as exc:
        raise fail(f"options: {exc}") from None

    st = cls()
    st.options = options
    raw_seats = listing(data.get("seats"), "seats") if "seats" in data else None
    if raw_seats is None:
        raise fail("seats: missing")
    if not 2 <= len(raw_seats) <= 4:
        raise fail(f"seats: 2 to 4 seats, not {len(raw_seats)}")
    n = len(raw_seats)
    seen: set[int] = set()
    seats: list[Seat | None] = [None] * n
    for k, raw in enumerate(raw_seats):
        where = f"seats[{k}]"
        raw = obj(raw, where)
        only_keys(raw, SEAT_KEYS, where)
        seat = integer(raw.get("seat", k), f"{where}.seat", 0, n - 1)
        if seat in seen:
            raise fail(f"seats: seat {seat} appears twice")
        seen.add(seat)
        where = f"seat {seat}"
        if "color" in raw and raw["color"] != COLORS[seat]:
            raise fail(f"{where}: colour must be {COLORS[seat]!r}, not {raw['color']!r}")
        raw_fx = obj(raw.get("effects", {}), f"{where}.effects")
        only_keys(raw_fx, set(EFFECTS), f"{where}.effects")
        effects = {e: integer(raw_fx.get(e, 0), f"{where}.effects.{e}", 0) for e in COUNTED_EFFECTS}
        mafia = int_list(raw.get("mafia_payees", []), f"{where}.mafia_payees", 0, n - 1)
        if seat in mafia:
            raise fail(f"{where}: a Mafia Collection cannot be payable to its own target")
        if "mafia" in raw_fx and raw_fx["mafia"] != len(mafia):
            raise fail(f"{where}: effects.mafia must equal the length of mafia_payees "
                            f"(one payee per pending Mafia Collection)")
        hand = _cards(raw.get("hand", []), f"{where}.hand")
        if "hand_size" in raw and raw["hand_size"] != len(hand):
            raise fail(f"{where}: hand_size {raw['hand_size']} but the hand holds {len(hand)}")
        seats[seat] = Seat(
            balance=integer(raw.get("balance", START_BALANCE), f"{where}.balance"),
            laps=integer(raw.get("laps", 0), f"{where}.laps", 0),
            dice=integer(raw.get("dice", START_DICE), f"{where}.dice", 1, 4),
            square=integer(raw.get("square", BOARD.starts[seat]), f"{where}.square", 0,
                        BOARD.size - 1),
            hand=hand,
            effects=effects,
            mafia=mafia,
        )
    st.seats = [s for s in seats if s is not None]

    for k, raw in enumerate(listing(data.get("businesses", []), "businesses")):
        where = f"businesses[{k}]"
        raw = obj(raw, where)
        only_keys(raw, {"square", "lot", "kind", "owner", "level", "income"}, where)
        square = integer(raw.get("square"), f"{where}.square", 0, BOARD.size - 1)
        if BOARD.kind[square] != "block":
            raise fail(f"{where}: square {square} is a {BOARD.kind[square]} square, not a block")
        lot = integer(raw.get("lot"), f"{where}.lot")
        if not 0 <= lot < LOTS:
            raise fail(f"{where}: a block has lots 0 to {LOTS - 1}, not lot {lot}")
        kind = raw.get("kind")
        if kind not in KINDS:
            raise fail(f"{where}: unknown business kind {kind!r}")
        owner = integer(raw.get("owner"), f"{where}.owner", 0, n - 1)
        level = integer(raw.get("level", 1), f"{where}.level", 1, MAX_LEVEL)
        if (square, lot) in st.businesses:
            raise fail(f"{where}: lot {lot} of block {square} holds two businesses")
        st.businesses[square, lot] = Business(kind, owner, level)
    incomes = st.incomes()
    for k, raw in enumerate(data.get("businesses", [])):
        if "income" in raw and raw["income"] != incomes[raw["square"], raw["lot"]]:
            raise fail(f"businesses[{k}]: income {raw['income']!r} but the rules give "
                        f"{incomes[raw['square'], raw['lot']]}")

    for k, raw in enumerate(listing(data.get("constructions", []), "constructions")):
        where = f"constructions[{k}]"
        raw = obj(raw, where)
        only_keys(raw, {"square", "type", "owner"}, where)
        square = integer(raw.get("square"), f"{where}.square", 0, BOARD.size - 1)
        if BOARD.kind[square] == "start":
            raise fail(f"{where}: nothing can be built on start square {square}")
        if raw.get("type") not in ("obstacle", "toll"):
            raise fail(f"{where}: type must be 'obstacle' or 'toll'")
        owner = integer(raw.get("owner"), f"{where}.owner", 0, n - 1)
        if square in st.constructions:
            raise fail(f"{where}: square {square} holds two constructions")
        st.constructions[square] = (raw["type"], owner)

    st.deck = _cards(data.get("deck", []), "deck")[::-1]
    st.discard = _cards(data.get("discard", []), "discard")
    counts = Counter(st.deck) + Counter(st.discard)
    for p in st.seats:
        counts.update(p.hand)
    for card, count in counts.items():
        if count > COPIES:
            raise fail(f"card {card!r} appears {count} times; the deck has {COPIES} copies")

    try:
        st.rng = Rng.from_json(data.get("rng", {"seed": 0}))
    except ValueError as exc:
        raise fail(f"rng: {exc}") from None
    st.dice_queue = int_list(data.get("dice_queue", []), "dice_queue", 1, 6)
    st.turn = integer(data.get("turn", 1), "turn", 1)
    st.current = integer(data.get("current", 0), "current", 0, n - 1)
    phase = data.get("phase", "roll")
    if phase not in PHASES:
        raise fail(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    st.phase = phase
    winner = data.get("winner")
    st.winner_seat = None if winner is None else integer(winner, "winner", 0, n - 1)
    reason = data.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise fail("reason must be a string or null")
    st.reason = reason
    if (phase == "over") != (winner is not None or reason == "turn_limit"):
        raise fail("phase 'over' goes with a winner or the reason 'turn_limit', and only it")

    move = obj(data.get("move", {}), "move")
    only_keys(move, {"roll", "steps_left", "six", "landed", "tolls"}, "move")
    st.roll = tuple(int_list(move.get("roll", []), "move.roll", 1, 6))
    st.steps_left = integer(move.get("steps_left", 0), "move.steps_left", 0)
    six = move.get("six", 6 in st.roll)
    if not isinstance(six, bool):
        raise fail("move.six must be true or false")
    st.six = six
    landed = move.get("landed")
    st.landed = None if landed is None else integer(landed, "move.landed", 0, BOARD.size - 1)
    for k, raw in enumerate(listing(move.get("tolls", []), "move.tolls")):
        raw = obj(raw, f"move.tolls[{k}]")
        st.tolls.append((integer(raw.get("square"), f"move.tolls[{k}].square", 0, BOARD.size - 1),
                         integer(raw.get("owner"), f"move.tolls[{k}].owner", 0, n - 1)))

    raw_mg = data.get("minigame")
    if raw_mg is not None:
        raw_mg = obj(raw_mg, "minigame")
        only_keys(raw_mg, {"game", "seeds", "scores"}, "minigame")
        if not isinstance(raw_mg.get("game"), str):
            raise fail("minigame.game must be a minigame name")
        seeds = int_list(raw_mg.get("seeds"), "minigame.seeds", 0, (1 << 64) - 1)
        scores = [optional_integer(x, f"minigame.scores[{i}]") for i, x in
                  enumerate(listing(raw_mg.get("scores", [None] * n), "minigame.scores"))]
        if len(seeds) != n or len(scores) != n:
            raise fail("minigame: one seed and one score per seat")
        st.minigame = {"game": raw_mg["game"], "seeds": seeds, "scores": scores}

    _check_phase(st)
    return st


def _check_phase(st: CapitalState) -> None:
    phase = st.phase
    player = st.seats[st.current]
    if phase == "branch":
        if st.steps_left <= 0 or BOARD.next[player.square] >= 0:
            raise fail("phase 'branch' needs move.steps_left > 0 and the current player's pawn "
                        f"on a fork (squares {', '.join(map(str, sorted(BOARD.forks)))})")
    elif st.steps_left:
        raise fail("move.steps_left is only for phase 'branch'")
    if phase in ("waive", "action") and st.landed is None:
        raise fail(f"phase {phase!r} needs move.landed")
    if phase == "minigame" and st.minigame is None:
        raise fail("phase 'minigame' needs a minigame")
    if st.minigame is not None:
        from .landing import minigames

        games = tuple(minigames().GAMES)
        if st.minigame["game"] not in games:
            raise fail(f"minigame.game must be one of {', '.join(games)}")
        if phase not in ("minigame", "action", "over"):
            raise fail(f"a minigame cannot run in phase {phase!r}")
        if st.landed is None or BOARD.kind[st.landed] != "minigame":
            raise fail("a minigame needs move.landed on a minigame square (13 or 41)")
        if phase == "minigame" and all(s is not None for s in st.minigame["scores"]):
            raise fail("phase 'minigame' needs a seat that has not played yet")
        if phase != "minigame" and any(s is None for s in st.minigame["scores"]):
            raise fail("a minigame every seat has not played must be in phase 'minigame'")
    if phase == "waive":
        from .payments import needs_choice

        if not needs_choice(st, st.current):
            raise fail("phase 'waive' but the charges do not outnumber the exemption uses")
    if phase in ("roll", "branch") and (st.landed is not None or (st.tolls and phase == "roll")):
        raise fail(f"phase {phase!r}: the pawn has not landed yet (move.landed must be null)")


__all__ = ["businesses_json", "canonical", "constructions_json", "fingerprint", "from_json",
           "same", "schema", "to_json"]
