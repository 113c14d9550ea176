"""The driver every adapter shares: one engine game behind a fixed discrete action space.

A :class:`Match` holds an engine state, the game's :class:`Codec` and the choice in progress of
a compound action (see below). PettingZoo, Gymnasium and OpenSpiel adapters are thin layers
over it, so the three see the same actions, masks, observations and rewards. Nothing here
knows a game: the codec comes from the game's ``GameInfo`` (``extensions["rl_codec"]``).

Actions. Each engine action is a *path* of one or more indices of the game's action space.
Most paths have one index. A combinatorial action (a Capital ``Exchange`` or ``Waive``) is a
canonical sequence: its parts in increasing index order, then a "done" index. While such a
sequence is half-chosen, the same seat acts again and the mask offers only the indices that
extend it towards a legal action; nothing reaches the engine before "done".

Input sessions (timed simultaneous input, ``State.session()``) are never an agent's decision:
the match plays them itself, each seat by ``session.bot_action(seat, skill, seed)`` at its
``session_skill``, seeded by ``derive_seed(match seed, "session", session id, seat)``.

Rewards: when the engine game ends with a winner (``result().winner``), +1 for the winner and
-1 for every other seat; 0 for everybody when it ends without a winner or when the match is
truncated (``max_steps`` env steps, or the turn cap of a game without a ``turn_limit``
option).

>>> from tycoon.engine import get_game
>>> m = Match(codec_of("deal"), get_game("deal").new_game(seats=2, seed=1), seed=1)
>>> m.seat == m.state.to_move()[0], int(m.mask().sum()) == len(m.state.legal_actions(m.seat))
(True, True)
"""

from __future__ import annotations

import operator
from typing import Any, Protocol

import numpy as np

from tycoon.engine import Action, GameInfo, Outcome, State, derive_seed, games, get_game

Path = tuple[int, ...]


class Codec(Protocol):
    """What a game provides to the adapters (``docs/rl.md``; examples: the codecs of
    ``tycoon.rl`` and the Toy game's in ``tests/plugins/toygame/rl_codec.py``).

    Optional attributes: ``turn_limit`` (the adapters' default turn limit), ``version`` (of
    the Gymnasium id, default 0), ``sessions`` (False: the game never opens an input session,
    the match need not look), ``autoplay(match)`` (what else the environment plays itself),
    ``legal_indices(state, seat)`` (a game without compound actions: the fast path) and
    ``observe_state(state, seat, out)`` (the observation read from the state, equal to
    ``observe`` of the view).
    """

    game: str
    n_actions: int
    labels: tuple[str, ...]
    layout: Layout

    def path(self, action: Action) -> Path:
        """The canonical index path of an engine action."""
        ...

    def paths(self, state: State, seat: int) -> dict[Path, Action]:
        """Every legal action of ``seat``, keyed by its path."""
        ...

    def observe(self, view: dict[str, Any], selection: Path, out: np.ndarray) -> None:
        """Fill ``out`` (zeros) from ``view`` and the half-chosen compound ``selection``."""
        ...


class Layout:
    """Named slices of a flat observation vector: ``(name, size, meaning)`` in order.

    >>> lay = Layout([("a", 2, "first"), ("b", 3, "second")])
    >>> lay.size, lay.offset["b"], lay.slice("b")
    (5, 2, slice(2, 5, None))
    """

    def __init__(self, fields: list[tuple[str, int, str]]) -> None:
        self.fields = fields
        self.offset: dict[str, int] = {}
        n = 0
        for name, size, _ in fields:
            self.offset[name] = n
            n += size
        self.size = n

    def slice(self, name: str) -> slice:
        """The slice of field ``name``."""
        start = self.offset[name]
        for field, size, _ in self.fields:
            if field == name:
                return slice(start, start + size)
        raise KeyError(name)

    def markdown(self) -> str:
        """The fields as a Markdown table (used by ``docs/rl.md``)."""
        rows = ["| offset | size | field | meaning |", "|---:|---:|---|---|"]
        for name, size, doc in self.fields:
            rows.append(f"| {self.offset[name]} | {size} | `{name}` | {doc} |")
        return "\n".join(rows)


#: What an adapter's ``turn_limit`` means when not given: the codec's ``turn_limit`` (the
#: default it declares for training) or else the game's own rules default.
DEFAULT = "default"


def codec_of(game: str) -> Codec:
    """The RL codec a game declares (``extensions["rl_codec"]`` of its ``GameInfo``).

    >>> codec_of("no-such-game")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'no-such-game'; expected one of: ...
    """
    info = get_game(game)
    codec = info.extension("rl_codec")
    if codec is None:
        raise ValueError(f"game {game!r} declares no RL codec (extensions['rl_codec'] of its "
                         f"GameInfo); games with one: {', '.join(rl_games()) or 'none'}")
    return codec


def rl_games() -> list[str]:
    """The names of the known games that declare an RL codec, sorted."""
    return [name for name in games() if "rl_codec" in get_game(name).extensions]


def split_turn_limit(
    info: GameInfo, turn_limit: int | str | None, rules: dict[str, Any]
) -> tuple[dict[str, Any], int | None]:
    """Where an adapter's ``turn_limit`` goes: ``(rules for new_game, Match turn_limit)``.

    A game with a ``turn_limit`` option gets it as that rules option (the game itself stops,
    unfinished or with a winner as its rules say); a game without one is truncated by the
    match once its turn counter passes the limit (a decision cap: no layer waits for a game
    that might not end). ``"default"`` takes the codec's ``turn_limit`` attribute if it has
    one, else leaves the game's rules as they are; None sets no limit.

    >>> info = get_game("deal")
    >>> rules, cap = split_turn_limit(info, 300, {})
    >>> (rules.get("turn_limit"), cap) in [(300, None), (None, 300)]
    True
    """
    if turn_limit == DEFAULT:
        turn_limit = getattr(codec_of(info.name), "turn_limit", None)
        if turn_limit is None:
            return dict(rules), None
    if turn_limit is not None and (isinstance(turn_limit, bool) or not isinstance(
            turn_limit, int) or turn_limit < 1):
        raise ValueError(f"turn_limit must be a positive integer or None, not {turn_limit!r}")
    if any(o.name == "turn_limit" for o in info.options):
        if turn_limit is None:
            return dict(rules), None
        return {**rules, "turn_limit": turn_limit}, None
    return dict(rules), turn_limit  # type: ignore[return-value]


def outcome_rewards(outcome: Outcome) -> list[float]:
    """+1 for the winner and -1 for the others; zeros without a winner.

    >>> outcome_rewards(Outcome(True, 1, "victory", 9, (1, 0), (3, 5)))
    [-1.0, 1.0]
    """
    n = len(outcome.scores)
    if outcome.winner is None:
        return [0.0] * n
    return [1.0 if s == outcome.winner else -1.0 for s in range(n)]


def skills(value: float | tuple[float, ...] | list[float], n: int) -> tuple[float, ...]:
    """One session skill per seat from one number or one per seat (each 0 to 1).

    >>> skills(0.5, 2), skills([0, 1], 2)
    ((0.5, 0.5), (0.0, 1.0))
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = (float(value),) * n
    out = tuple(float(v) for v in value)
    if len(out) != n or not all(0.0 <= v <= 1.0 for v in out):
        raise ValueError(f"session_skill must be one number or {n} numbers from 0 to 1, "
                         f"not {value!r}")
    return out


class Match:
    """One game driven through a codec (see the module docstring).

    ``max_steps`` truncates the match after that many env steps; ``turn_limit`` (if not
    None) truncates it once the engine's turn counter exceeds it (for a game without a
    ``turn_limit`` option: see :func:`split_turn_limit`). ``session_skill`` is the skill (0
    to 1) of the bot that plays each seat's input sessions, one number or one per seat
    (``minigame_skill`` is its old name); ``seed`` seeds those bots. ``log``: when a list,
    every engine move is appended to it as ``(seat, index or None, events)`` (the
    information states of ``tycoon.rl.openspiel_game`` are built from it).
    """

    def __init__(
        self,
        codec: Codec,
        state: State,
        *,
        seed: int = 0,
        max_steps: int = 10_000,
        turn_limit: int | None = None,
        session_skill: tuple[float, ...] | float = 0.5,
        minigame_skill: tuple[float, ...] | float | None = None,
        log: list[tuple[int, int | None, list[Any]]] | None = None,
    ) -> None:
        self.codec = codec
        self.state = state
        self.seed = seed
        self.max_steps = max_steps
        self.turn_limit = turn_limit
        n = len(state.result().scores)
        self.n = n
        if minigame_skill is not None:
            session_skill = minigame_skill
        self.session_skill = skills(session_skill, n)
        self.log = log
        self.selection: Path = ()
        self.steps = 0
        self.truncated = False
        self._bind(codec)
        self._paths: dict[Path, Action] | None = None
        self._options: dict[int, Action | None] | None = None
        self._keys: list[int] | None = None
        self._legal: list[Action] | None = None
        self._sorted: list[int] | None = None
        self._seat: int | None = -1  # -1: not known yet
        self._autoplay()
        self._seat = -1
        self._check_truncation()

    @property
    def minigame_skill(self) -> tuple[float, ...]:
        """The old name of ``session_skill``."""
        return self.session_skill

    def _bind(self, codec: Codec) -> None:
        """Note what ``codec`` offers. A codec with ``legal_indices`` has no compound actions:
        each legal action is one index, and steps take a fast path (``_keys``/``_legal``: the
        indices and actions of the seat to act, in engine order, cached until the position
        changes)."""
        self._flat = hasattr(codec, "legal_indices")
        self._sessions = getattr(codec, "sessions", True)
        self._codec_autoplay = getattr(codec, "autoplay", None)
        self._autoplays = self._sessions or self._codec_autoplay is not None
        self._observe_state = getattr(codec, "observe_state", None)
        self._n_actions = codec.n_actions
        self._legal_indices = getattr(codec, "legal_indices", None)

    def _autoplay(self) -> None:
        """Play what no agent decides: every open input session (each waiting seat by the
        session's bot, seats in increasing order), then the codec's ``autoplay``."""
        st = self.state
        log = self.log
        if self._sessions:
            while not st.is_over:
                session = st.session()
                if session is None:
                    break
                waiting = sorted(set(st.to_move()) & set(session.seats))
                if not waiting:  # pragma: no cover - an open session always waits for a seat
                    break
                seat = waiting[0]
                action = session.bot_action(
                    seat, self.session_skill[seat],
                    derive_seed(self.seed, "session", session.id, seat))
                events = st.apply(seat, action)
                if log is not None:
                    log.append((seat, None, events))
        if self._codec_autoplay is not None:
            self._codec_autoplay(self)

    # ------------------------------------------------------------------ status
    @property
    def over(self) -> bool:
        """True once the game ended or the match was truncated."""
        return self.truncated or self.state.is_over

    @property
    def seat(self) -> int | None:
        """The seat to act now, or None when the match is over."""
        seat = self._seat
        if seat == -1:
            if self.over:
                seat = None
            else:
                movers = self.state.to_move()
                seat = movers[0] if movers else None
            self._seat = seat
        return seat

    def rewards(self) -> list[float]:
        """Final rewards per seat (zeros while the game runs or when truncated)."""
        if not self.state.is_over:
            return [0.0] * self.n
        return outcome_rewards(self.result())

    def result(self) -> Outcome:
        """The engine's ``Outcome`` of the game (unfinished while it runs or if truncated)."""
        return self.state.result()

    # ------------------------------------------------------------------ actions
    def paths(self) -> dict[Path, Action]:
        """Legal actions of the seat to act, keyed by path (cached until the state changes)."""
        if self._paths is None:
            seat = self.seat
            self._paths = {} if seat is None else self.codec.paths(self.state, seat)
        return self._paths

    def _load(self) -> list[int]:
        """Fill ``_keys`` and ``_legal`` (flat codecs) and return ``_keys``."""
        seat = self.seat
        if seat is None:
            self._keys, self._legal = [], []
        else:
            self._keys, self._legal = self._legal_indices(self.state, seat)  # type: ignore[misc]
        return self._keys

    def options(self) -> dict[int, Action | None]:
        """Legal indices now: index -> the engine action it completes, or None if it only
        extends the compound selection."""
        if self._options is None:
            self._options = self.options_after(self.selection)
        return self._options

    def indices(self) -> list[int]:
        """The legal indices now, in no particular order (the keys of :meth:`options`)."""
        if self._flat:
            keys = self._keys
            return list(self._load() if keys is None else keys)
        return list(self.options())

    def sorted_indices(self) -> list[int]:
        """The legal indices now, in increasing order (OpenSpiel asks for them twice a step:
        cached until the position changes; do not modify the list)."""
        got = self._sorted
        if got is None:
            got = self._sorted = sorted(self.indices())
        return got

    def options_after(self, selection: Path) -> dict[int, Action | None]:
        """The legal indices once ``selection`` is chosen (see :meth:`options`)."""
        k = len(selection)
        out: dict[int, Action | None] = {}
        if k == 0 and self._flat:
            keys = self._keys
            if keys is None:
                keys = self._load()
            return dict(zip(keys, self._legal, strict=True))  # type: ignore[arg-type]
        if k == 0:
            for path, action in self.paths().items():
                out[path[0]] = action if len(path) == 1 else None
        else:
            for path, action in self.paths().items():
                if len(path) > k and path[:k] == selection:
                    out[path[k]] = action if len(path) == k + 1 else None
        return out

    def encode(self, action: Action) -> Path:
        """The index path that plays engine ``action`` (one index unless compound)."""
        return self.codec.path(action)

    def decode(self, path: Path) -> Action:
        """The engine action that the index ``path`` plays now (``ValueError`` if none)."""
        for k, index in enumerate(path):
            action = self.options_after(path[:k]).get(index, "illegal")
            if action == "illegal" or (action is None) != (k < len(path) - 1):
                raise ValueError(f"{path} is not a legal action path now")
        assert isinstance(action, Action)
        return action

    def mask(self) -> np.ndarray:
        """The action mask (int8, 1 for each legal index; a new array each call)."""
        if self._flat:
            keys = self._keys
            if keys is None:
                keys = self._load()
            buf = bytearray(self._n_actions)  # zeros; cheaper than np.zeros + fancy index
            for k in keys:
                buf[k] = 1
            return np.frombuffer(buf, np.int8)
        mask = np.zeros(self._n_actions, dtype=np.int8)
        if not self.over:
            opts = self.options()
            mask[np.fromiter(opts, np.intp, len(opts))] = 1
        return mask

    def _illegal(self, index: int) -> ValueError:
        label = self.codec.labels[index] if 0 <= index < self._n_actions else index
        return ValueError(f"action {index} ({label}) is not legal now")

    def index_of(self, action: Any) -> int:
        """``action`` as an index: an integer (Python's or NumPy's), else ``ValueError``."""
        try:
            return operator.index(action)
        except TypeError:  # 1.5 or "3" were taken as 1 and 3
            raise ValueError(f"an action is an integer index from 0 to {self._n_actions - 1}, "
                             f"not {action!r}") from None

    def step(self, index: int) -> None:
        """Play action ``index`` for the seat to act; ``ValueError`` if it is not legal."""
        index = self.index_of(index)
        if self._flat:
            keys = self._keys
            if keys is None:
                keys = self._load()
            try:
                action = self._legal[keys.index(index)]  # type: ignore[index]
            except ValueError:
                if self.over:
                    raise ValueError("the match is over") from None
                raise self._illegal(index) from None
            # ``apply`` inlined (a flat codec has no selection): this is the hot path.
            self.steps += 1
            state = self.state
            events = state.apply(self._seat, action)  # type: ignore[arg-type]
            if self.log is not None:
                self.log.append((self._seat, index, events))  # type: ignore[arg-type]
            self._paths = self._options = self._keys = self._legal = self._sorted = None
            self._seat = -1
            if self._autoplays:
                self._autoplay()
                self._seat = -1
            if state.is_over:
                self._seat = None
            elif self.steps >= self.max_steps or (
                self.turn_limit is not None and state.turn > self.turn_limit
            ):
                self.truncated = True
                self._seat = None
            return
        if self.over:
            raise ValueError("the match is over")
        opts = self.options()
        if index not in opts:
            raise self._illegal(index)
        action = opts[index]
        self.steps += 1
        seat = self.seat
        assert seat is not None
        if action is None:
            self.selection = (*self.selection, index)
            self._options = self._sorted = None
            if self.log is not None:
                self.log.append((seat, index, []))
        else:
            self.apply(seat, action, index)
            return
        self._check_truncation()

    def apply(self, seat: int, action: Action, index: int | None = None) -> None:
        """Play an engine ``action`` directly (bots do this), then resolve what the env plays.

        ``index`` is the env index that completed it, if any (for ``log``)."""
        events = self.state.apply(seat, action)
        if self.log is not None:
            self.log.append((seat, index, events))
        self.selection = ()
        self._forget()
        if self._autoplays:
            self._autoplay()
            self._seat = -1
        self._check_truncation()

    def _forget(self) -> None:
        """Drop what was cached about the position (call after changing ``state``)."""
        self._paths = None
        self._options = None
        self._keys = None
        self._legal = None
        self._sorted = None
        self._seat = -1

    def _check_truncation(self) -> None:
        state = self.state
        if state.is_over:
            return
        if self.steps >= self.max_steps or (
            self.turn_limit is not None and state.turn > self.turn_limit
        ):
            self.truncated = True
            self._forget()

    # ------------------------------------------------------------------ observations
    def observe(self, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` (float32): what ``state.view(seat)`` shows.

        Built from the view, or by the codec's ``observe_state`` (Capital, Monopoly Deal),
        which reads the same facts from the state directly and is tested to give the same
        vector (a codec with compound actions takes the selection as a fourth argument)."""
        out = np.zeros(self.codec.layout.size, dtype=np.float32)
        fast = self._observe_state
        if fast is not None and self._flat:  # no compound selection: the hot path
            fast(self.state, seat, out)
            return out
        selection = self.selection if seat == self.seat else ()
        if fast is not None:  # the same vector, read from the state
            fast(self.state, seat, out, selection)
            return out
        self.codec.observe(self.state.view(seat), selection, out)
        return out

    # ------------------------------------------------------------------ copies
    def clone(self) -> Match:
        """An independent copy (engine ``clone()``, not JSON)."""
        new = Match.__new__(Match)
        new.__dict__.update(self.__dict__)
        new.state = self.state.clone()
        if self.log is not None:
            new.log = list(self.log)
        new._forget()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items()
                if k not in ("state", "codec", "_flat", "_autoplays", "_observe_state",
                             "_legal_indices", "_sessions", "_codec_autoplay")}
        for key in ("_paths", "_options", "_keys", "_legal", "_sorted"):
            data[key] = None
        data["_seat"] = -1
        data["state"] = self.state.to_json()
        data["game"] = self.codec.game
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        data = dict(data)
        game = data.pop("game")
        data["state"] = get_game(game).from_json(data["state"])
        data["codec"] = codec_of(game)
        self.__dict__.update(data)
        self._bind(data["codec"])


