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

from tycoon.engine import InvalidOption, InvalidPosition, Rng

from .board import BOARD, COLORS
from .businesses import KINDS, LOTS, Business
from .cards import CARDS, COPIES
from .state import COUNTED_EFFECTS, EFFECTS, PHASES, CapitalState, Seat

S = TypeVar("S", bound=CapitalState)
START_BALANCE = 500  # C-3.1
START_DICE = 2


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
def _fail(msg: str) -> InvalidPosition:
    return InvalidPosition(msg)


def _obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(f"{where} must be an object")
    return value


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{where} must be an integer, not {value!r}")
    if low is not None and value < low:
        raise _fail(f"{where} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise _fail(f"{where} must be at most {high}, not {value}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{where} must be a list")
    return value


def _keys(data: dict[str, Any], allowed: set[str], where: str) -> None:
    extra = set(data) - allowed
    if extra:
        raise _fail(f"{where}: unknown key(s) {', '.join(sorted(extra))}")


def _cards(value: Any, where: str) -> list[str]:
    cards = _list(value, where)
    for c in cards:
        if c not in CARDS:
            raise _fail(f"{where}: unknown card {c!r}")
    return list(cards)


TOP_KEYS = {"game", "options", "turn", "current", "phase", "winner", "reason", "seats",
            "businesses", "constructions", "deck", "discard", "rng", "dice_queue", "move",
            "minigame", "version"}
SEAT_KEYS = {"seat", "color", "balance", "net_worth", "laps", "dice", "square", "hand_size",
             "hand", "effects", "mafia_payees"}


def from_json(cls: type[S], data: Any) -> S:
    """Build a position from JSON; ``InvalidPosition`` naming the problem if impossible."""
    data = _obj(data, "a position")
    _keys(data, TOP_KEYS, "position")
    if data.get("game", "capital") != "capital":
        raise _fail(f"game must be 'capital', not {data.get('game')!r}")
    from .game import GAME

    raw_options = dict(_obj(data.get("options", {}), "options"))
    preset = raw_options.pop("preset", "capital")
    try:
        options = GAME.resolve_options(preset, raw_options)
    except InvalidOption as exc:
        raise _fail(f"options: {exc}") from None

    st = cls()
    st.options = options
    raw_seats = _list(data.get("seats"), "seats") if "seats" in data else None
    if raw_seats is None:
        raise _fail("seats: missing")
    if not 2 <= len(raw_seats) <= 4:
        raise _fail(f"seats: 2 to 4 seats, not {len(raw_seats)}")
    n = len(raw_seats)
    seen: set[int] = set()
    seats: list[Seat | None] = [None] * n
    for k, raw in enumerate(raw_seats):
        where = f"seats[{k}]"
        raw = _obj(raw, where)
        _keys(raw, SEAT_KEYS, where)
        seat = _int(raw.get("seat", k), f"{where}.seat", 0, n - 1)
        if seat in seen:
            raise _fail(f"seats: seat {seat} appears twice")
        seen.add(seat)
        where = f"seat {seat}"
        if "color" in raw and raw["color"] != COLORS[seat]:
            raise _fail(f"{where}: colour must be {COLORS[seat]!r}, not {raw['color']!r}")
        raw_fx = _obj(raw.get("effects", {}), f"{where}.effects")
        _keys(raw_fx, set(EFFECTS), f"{where}.effects")
        effects = {e: _int(raw_fx.get(e, 0), f"{where}.effects.{e}", 0) for e in COUNTED_EFFECTS}
        mafia = [
            _int(x, f"{where}.mafia_payees", 0, n - 1)
            for x in _list(raw.get("mafia_payees", []), f"{where}.mafia_payees")
        ]
        if seat in mafia:
            raise _fail(f"{where}: a Mafia Collection cannot be payable to its own target")
        if "mafia" in raw_fx and raw_fx["mafia"] != len(mafia):
            raise _fail(f"{where}: effects.mafia must equal the length of mafia_payees "
                            f"(one payee per pending Mafia Collection)")
        hand = _cards(raw.get("hand", []), f"{where}.hand")
        if "hand_size" in raw and raw["hand_size"] != len(hand):
            raise _fail(f"{where}: hand_size {raw['hand_size']} but the hand holds {len(hand)}")
        seats[seat] = Seat(
            balance=_int(raw.get("balance", START_BALANCE), f"{where}.balance"),
            laps=_int(raw.get("laps", 0), f"{where}.laps", 0),
            dice=_int(raw.get("dice", START_DICE), f"{where}.dice", 1, 4),
            square=_int(raw.get("square", BOARD.starts[seat]), f"{where}.square", 0,
                        BOARD.size - 1),
            hand=hand,
            effects=effects,
            mafia=mafia,
        )
    st.seats = [s for s in seats if s is not None]

    for k, raw in enumerate(_list(data.get("businesses", []), "businesses")):
        where = f"businesses[{k}]"
        raw = _obj(raw, where)
        _keys(raw, {"square", "lot", "kind", "owner", "level", "income"}, where)
        square = _int(raw.get("square"), f"{where}.square", 0, BOARD.size - 1)
        if BOARD.kind[square] != "block":
            raise _fail(f"{where}: square {square} is a {BOARD.kind[square]} square, not a block")
        lot = _int(raw.get("lot"), f"{where}.lot")
        if not 0 <= lot < LOTS:
            raise _fail(f"{where}: a block has lots 0 to {LOTS - 1}, not lot {lot}")
        kind = raw.get("kind")
        if kind not in KINDS:
            raise _fail(f"{where}: unknown business kind {kind!r}")
        owner = _int(raw.get("owner"), f"{where}.owner", 0, n - 1)
        level = _int(raw.get("level", 1), f"{where}.level", 1)
        if (square, lot) in st.businesses:
            raise _fail(f"{where}: lot {lot} of block {square} holds two businesses")
        st.businesses[square, lot] = Business(kind, owner, level)
    incomes = st.incomes()
    for k, raw in enumerate(data.get("businesses", [])):
        if "income" in raw and raw["income"] != incomes[raw["square"], raw["lot"]]:
            raise _fail(f"businesses[{k}]: income {raw['income']!r} but the rules give "
                        f"{incomes[raw['square'], raw['lot']]}")

    for k, raw in enumerate(_list(data.get("constructions", []), "constructions")):
        where = f"constructions[{k}]"
        raw = _obj(raw, where)
        _keys(raw, {"square", "type", "owner"}, where)
        square = _int(raw.get("square"), f"{where}.square", 0, BOARD.size - 1)
        if BOARD.kind[square] == "start":
            raise _fail(f"{where}: nothing can be built on start square {square}")
        if raw.get("type") not in ("obstacle", "toll"):
            raise _fail(f"{where}: type must be 'obstacle' or 'toll'")
        owner = _int(raw.get("owner"), f"{where}.owner", 0, n - 1)
        if square in st.constructions:
            raise _fail(f"{where}: square {square} holds two constructions")
        st.constructions[square] = (raw["type"], owner)

    st.deck = _cards(data.get("deck", []), "deck")[::-1]
    st.discard = _cards(data.get("discard", []), "discard")
    counts = Counter(st.deck) + Counter(st.discard)
    for p in st.seats:
        counts.update(p.hand)
    for card, count in counts.items():
        if count > COPIES:
            raise _fail(f"card {card!r} appears {count} times; the deck has {COPIES} copies")

    try:
        st.rng = Rng.from_json(data.get("rng", {"seed": 0}))
    except ValueError as exc:
        raise _fail(f"rng: {exc}") from None
    st.dice_queue = [
        _int(d, "dice_queue", 1, 6) for d in _list(data.get("dice_queue", []), "dice_queue")
    ]
    st.turn = _int(data.get("turn", 1), "turn", 1)
    st.current = _int(data.get("current", 0), "current", 0, n - 1)
    phase = data.get("phase", "roll")
    if phase not in PHASES:
        raise _fail(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    st.phase = phase
    winner = data.get("winner")
    st.winner_seat = None if winner is None else _int(winner, "winner", 0, n - 1)
    reason = data.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise _fail("reason must be a string or null")
    st.reason = reason
    if (phase == "over") != (winner is not None or reason == "turn_limit"):
        raise _fail("phase 'over' goes with a winner or the reason 'turn_limit', and only it")

    move = _obj(data.get("move", {}), "move")
    _keys(move, {"roll", "steps_left", "six", "landed", "tolls"}, "move")
    st.roll = tuple(_int(d, "move.roll", 1, 6) for d in _list(move.get("roll", []), "move.roll"))
    st.steps_left = _int(move.get("steps_left", 0), "move.steps_left", 0)
    six = move.get("six", 6 in st.roll)
    if not isinstance(six, bool):
        raise _fail("move.six must be true or false")
    st.six = six
    landed = move.get("landed")
    st.landed = None if landed is None else _int(landed, "move.landed", 0, BOARD.size - 1)
    for k, raw in enumerate(_list(move.get("tolls", []), "move.tolls")):
        raw = _obj(raw, f"move.tolls[{k}]")
        st.tolls.append((_int(raw.get("square"), f"move.tolls[{k}].square", 0, BOARD.size - 1),
                         _int(raw.get("owner"), f"move.tolls[{k}].owner", 0, n - 1)))

    raw_mg = data.get("minigame")
    if raw_mg is not None:
        raw_mg = _obj(raw_mg, "minigame")
        _keys(raw_mg, {"game", "seeds", "scores"}, "minigame")
        if not isinstance(raw_mg.get("game"), str):
            raise _fail("minigame.game must be a minigame name")
        seeds = [_int(x, "minigame.seeds", 0, (1 << 64) - 1)
                 for x in _list(raw_mg.get("seeds"), "minigame.seeds")]
        scores = [None if x is None else _int(x, "minigame.scores")
                  for x in _list(raw_mg.get("scores", [None] * n), "minigame.scores")]
        if len(seeds) != n or len(scores) != n:
            raise _fail("minigame: one seed and one score per seat")
        st.minigame = {"game": raw_mg["game"], "seeds": seeds, "scores": scores}

    _check_phase(st)
    return st


def _check_phase(st: CapitalState) -> None:
    phase = st.phase
    player = st.seats[st.current]
    if phase == "branch":
        if st.steps_left <= 0 or BOARD.next[player.square] >= 0:
            raise _fail("phase 'branch' needs move.steps_left > 0 and the current player's pawn "
                        f"on a fork (squares {', '.join(map(str, sorted(BOARD.forks)))})")
    elif st.steps_left:
        raise _fail("move.steps_left is only for phase 'branch'")
    if phase in ("waive", "action") and st.landed is None:
        raise _fail(f"phase {phase!r} needs move.landed")
    if phase == "minigame" and st.minigame is None:
        raise _fail("phase 'minigame' needs a minigame")
    if st.minigame is not None:
        from .landing import minigames

        games = tuple(minigames().GAMES)
        if st.minigame["game"] not in games:
            raise _fail(f"minigame.game must be one of {', '.join(games)}")
        if phase not in ("minigame", "action", "over"):
            raise _fail(f"a minigame cannot run in phase {phase!r}")
        if st.landed is None or BOARD.kind[st.landed] != "minigame":
            raise _fail("a minigame needs move.landed on a minigame square (13 or 41)")
        if phase == "minigame" and all(s is not None for s in st.minigame["scores"]):
            raise _fail("phase 'minigame' needs a seat that has not played yet")
        if phase != "minigame" and any(s is None for s in st.minigame["scores"]):
            raise _fail("a minigame every seat has not played must be in phase 'minigame'")
    if phase == "waive":
        from .payments import needs_choice

        if not needs_choice(st, st.current):
            raise _fail("phase 'waive' but the charges do not outnumber the exemption uses")
    if phase in ("roll", "branch") and (st.landed is not None or (st.tolls and phase == "roll")):
        raise _fail(f"phase {phase!r}: the pawn has not landed yet (move.landed must be null)")


__all__ = ["businesses_json", "canonical", "constructions_json", "fingerprint", "from_json",
           "same", "schema", "to_json"]
