"""Every game with an RL codec as an OpenSpiel (pyspiel) Python game.

``register_openspiel()`` registers ``tycoon_<game>`` for each (``tycoon_capital``,
``tycoon_deal``, ...); then ``pyspiel.load_game("tycoon_deal(players=3)")`` works like for any
OpenSpiel game.

- Sequential, imperfect information, terminal rewards (+1 winner, -1 others; 0 each when the
  game ends without a winner or is truncated), general sum.
- Chance is *sampled stochastic*: there are no chance nodes. Every random event (shuffles,
  dice, session contents) comes from the engine state's own seeded generator, so a
  ``Clone()`` replays the same future; the ``seed`` parameter fixes the game (-1: a fresh
  random seed for each initial state, which is how sampling algorithms such as
  outcome-sampling MCCFR see the deal as chance). A search that must not peek should plan on
  ``determinized(state, player, seed)``, which re-draws what ``player`` cannot see.
- Actions, observation tensors and strings are those of ``docs/rl.md`` (the same as the
  PettingZoo environments).
- Information states (perfect recall): ``information_state_string(p)`` is the seat's first
  view, then, move by move, the index it chose at each of its own env steps and the events of
  every move that it may know (``Event.visible_to``; an event private to another seat shows
  only its type), then its view now. ``information_state_tensor(p)`` is its observation now,
  then ``history`` rows, one per env step of the match (the first ``history`` steps): the
  seat that acted (one-hot) and, for the seat's own steps, the index it chose (one-hot). The
  string is exact; the tensor is perfect recall when the observation shows what the others
  did (see ``docs/rl.md``) and the match is at most ``history`` steps long.
- Parameters: ``players``, ``seed``, ``turn_limit`` (the rules option of a game that has
  one; otherwise truncation after that turn; 0: none), ``max_steps`` (truncation, also the
  declared maximum game length), ``session_skill`` of the bots that play input sessions,
  ``history`` (rows of the information-state tensor) and every rules option of the game whose
  default is a number, a bool or a string (``preset`` too when the game has presets); an
  option left at its default is not passed to the game, so the preset's value applies.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import numpy as np
import pyspiel

from tycoon.engine import GameInfo, get_game

from .core import Codec, Match, codec_of, rl_games, split_turn_limit

_TERMINAL = pyspiel.PlayerId.TERMINAL
#: The parameters every game has; the game's own options come after.
_COMMON = ("players", "seed", "turn_limit", "max_steps", "session_skill", "history")


def parameters(info: GameInfo) -> dict[str, Any]:
    """The pyspiel parameter specification of a game (names and defaults)."""
    codec = codec_of(info.name)
    turn_limit = getattr(codec, "turn_limit", None)
    if turn_limit is None:
        turn_limit = next((o.default for o in info.options if o.name == "turn_limit"), None)
    out: dict[str, Any] = {"players": info.default_seats, "seed": -1,
                           "turn_limit": turn_limit or 0, "max_steps": 10_000,
                           "session_skill": 0.5, "history": 16}
    if info.presets:
        out["preset"] = next(iter(info.presets))
    for option in info.options:
        value = option.default
        if option.name not in out and isinstance(value, bool | int | float | str):
            out[option.name] = value
    return out


def game_type(game: str) -> pyspiel.GameType:
    """The pyspiel ``GameType`` of ``tycoon_<game>``."""
    info = get_game(game)
    return pyspiel.GameType(
        short_name=f"tycoon_{game}",
        long_name=f"Tycoon {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats,
        min_num_players=info.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(info),
    )


class TycoonGame(pyspiel.Game):
    """A Tycoon game for OpenSpiel (see the module docstring). One subclass per game, made
    by :func:`register_openspiel`, sets ``tycoon_game``."""

    tycoon_game = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.tycoon_game
        info = get_game(game)
        defaults = parameters(info)
        params = {**defaults, **(params or {})}
        players = int(params["players"])
        if not info.min_seats <= players <= info.max_seats:
            raise ValueError(f"{game} is played by {info.min_seats} to {info.max_seats} "
                             f"players, not {players}")
        self.info = info
        self.codec: Codec = codec_of(game)
        self.players = players
        self.seed = int(params["seed"])
        self.max_steps = int(params["max_steps"])
        self.session_skill = float(params["session_skill"])
        self.history = int(params["history"])
        if self.history < 0:
            raise ValueError(f"history must be 0 or more, not {self.history}")
        # pyspiel fills in every default: a rules option left at its default is not passed,
        # so the game's preset decides it
        rules = {k: v for k, v in params.items()
                 if k not in _COMMON and (k == "preset" or v != defaults[k])}
        turn_limit = int(params["turn_limit"]) or None
        self.rules, self.truncate_after = split_turn_limit(info, turn_limit, rules)
        info.new_game(seats=players, seed=0, **self.rules)  # bad options fail now
        self.max_seats = info.max_seats
        super().__init__(
            _TYPES[game],
            pyspiel.GameInfo(
                num_distinct_actions=self.codec.n_actions,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=self.max_steps,
            ),
            params,
        )

    def new_match(self, seed: int | None = None) -> Match:
        """A fresh match (``seed`` None: the game's ``seed`` parameter, or a random one),
        logging its moves for the information states."""
        if seed is None:
            seed = self.seed if self.seed >= 0 else secrets.randbits(62)
        state = self.info.new_game(seats=self.players, seed=seed, **self.rules)
        return Match(
            self.codec, state, seed=seed, max_steps=self.max_steps,
            turn_limit=self.truncate_after, session_skill=self.session_skill, log=[],
        )

    def new_initial_state(self, match: Match | None = None) -> TycoonState:
        """A new game (or a state around ``match``)."""
        return TycoonState(self, match)

    def information_state_tensor_size(self) -> int:
        """The length of ``information_state_tensor``."""
        return self.codec.layout.size + self.history * (self.max_seats + self.codec.n_actions)

    def information_state_tensor_shape(self) -> list[int]:
        """``[information_state_tensor_size()]``."""
        return [self.information_state_tensor_size()]

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TycoonObserver | InformationStateObserver:
        """The observer of ``docs/rl.md``: the seat's own view, or with ``perfect_recall``
        the information state (see the module docstring)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InformationStateObserver(self)
        return TycoonObserver(self.codec)


class TycoonState(pyspiel.State):
    """A position: a :class:`tycoon.rl.core.Match` (engine state + compound selection) and
    its log of moves."""

    def __init__(self, game: TycoonGame, match: Match | None = None) -> None:
        super().__init__(game)
        self.match = game.new_match() if match is None else match
        if self.match.log is None:
            self.match.log = []
        m = self.match
        self._first = [_text(m.state.view(p)) for p in range(game.players)] if not m.log else (
            None)
        self._cache = _LineCache()

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.TERMINAL``."""
        seat = self.match._seat  # pyspiel asks several times a step: the cached seat first
        if seat == -1:
            seat = self.match.seat
        return _TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        m = self.match
        return m.sorted_indices() if player == m.seat else []

    def _apply_action(self, action: int) -> None:
        self.match.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.match.codec.labels[action]

    def is_terminal(self) -> bool:
        """True once the game ended or was truncated."""
        m = self.match
        seat = m._seat  # a known seat to act (cached until the position changes): not over
        if seat is not None and seat >= 0:
            return False
        return m.over

    def returns(self) -> list[float]:
        """+1 winner, -1 others; zeros while running, without winner, or truncated."""
        return self.match.rewards()

    def tycoon_state(self) -> Any:
        """The engine state (``tycoon.engine.State``)."""
        return self.match.state

    # ------------------------------------------------------------------ information states
    def information_state_history(self, player: int) -> list[str]:
        """What ``player`` has known, move by move (see the module docstring): its first
        view, then ``"a<index>"`` for each index it chose and the events it may know."""
        if self._first is None:
            raise ValueError("this state was built around a match already under way: its "
                             "first views are not known")
        out = [self._first[player]]
        cache = self._cache.lines
        for entry in self.match.log or ():
            key = (id(entry), player)
            got = cache.get(key)
            if got is None:
                seat, index, events = entry
                got = [f"a{index}"] if seat == player and index is not None else []
                for event in events:
                    got.append(_text(event.to_json()) if event.visible_to(player)
                               else _text({"type": event.type}))
                cache[key] = got
                self._cache.alive.append(entry)
            out += got
        return out

    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s perfect-recall information state as text (default: the player to
        act)."""
        if player is None:
            player = self.current_player()
        m = self.match
        selection = list(m.selection) if player == m.seat else []
        now = _text({"view": m.state.view(player), "selection": selection})
        return "\n".join([*self.information_state_history(player), now])

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information-state tensor (see the module docstring)."""
        if player is None:
            player = self.current_player()
        out = np.zeros(self.get_game().information_state_tensor_size(), np.float32)
        _info_tensor(self, player, out)
        return out.tolist()

    def __str__(self) -> str:
        m = self.match
        return json.dumps({"position": m.state.to_json(), "selection": list(m.selection),
                           "steps": m.steps, "truncated": m.truncated}, sort_keys=True)


class _LineCache:
    """``(id(log entry), player) -> its lines`` of the information-state string, shared by a
    state and its clones (pyspiel deep-copies a state's attributes to clone it; their logs
    share the entries, so this is not copied). ``alive`` keeps the entries, so no id is
    reused while its lines are cached."""

    def __init__(self) -> None:
        self.lines: dict[tuple[int, int], list[str]] = {}
        self.alive: list[Any] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _LineCache:
        return self

    def __getstate__(self) -> dict[str, Any]:
        return {"cache": "rebuilt on use"}  # not empty: pickle then calls __setstate__

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__init__()  # type: ignore[misc]


def _text(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _info_tensor(state: TycoonState, player: int, out: np.ndarray) -> None:
    """Fill ``out`` (any contents) with ``player``'s information-state tensor."""
    game: Any = state.get_game()
    m = state.match
    size = m.codec.layout.size
    row = game.max_seats + m.codec.n_actions
    out[size:] = 0
    out[:size] = m.observe(player)
    k = 0
    for seat, index, _events in m.log or ():
        if index is None:  # played by the environment (an input session)
            continue
        if k >= game.history:
            break
        base = size + k * row
        out[base + seat] = 1
        if seat == player:
            out[base + game.max_seats + index] = 1
        k += 1


class TycoonObserver:
    """Observation tensor and string of one seat (PyObserver interface)."""

    def __init__(self, codec: Codec) -> None:
        self.tensor = np.zeros(codec.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TycoonState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into ``tensor``."""
        self.tensor[:] = state.match.observe(player)

    def string_from(self, state: TycoonState, player: int) -> str:
        """``player``'s view as JSON text, with the compound selection it is making."""
        m = state.match
        selection = list(m.selection) if player == m.seat else []
        return json.dumps({"view": m.state.view(player), "selection": selection},
                          sort_keys=True)


class InformationStateObserver:
    """The perfect-recall observer (information-state tensor and string)."""

    def __init__(self, game: TycoonGame) -> None:
        self.tensor = np.zeros(game.information_state_tensor_size(), np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: TycoonState, player: int) -> None:
        """Write ``player``'s information-state tensor into ``tensor``."""
        _info_tensor(state, player, self.tensor)

    def string_from(self, state: TycoonState, player: int) -> str:
        """``player``'s information-state string."""
        return state.information_state_string(player)


def determinized(state: TycoonState, player: int, seed: int) -> TycoonState:
    """A copy of ``state`` where all ``player`` cannot see is re-drawn (engine
    ``determinize``): what a fair search plans on."""
    m = state.match.clone()
    m.state = m.state.determinize(player, seed)
    m._forget()
    new = TycoonState(state.get_game(), m)  # type: ignore[arg-type]
    new._first = state._first
    new._cache = state._cache
    return new


#: ``game -> GameType`` and ``game -> TycoonGame subclass`` of every registered game. The
#: creators registered are classes kept here for the life of the process, not closures:
#: pyspiel's registry outlives the interpreter, and releasing a closure after it (at exit)
#: crashes the process.
_TYPES: dict[str, pyspiel.GameType] = {}
_CLASSES: dict[str, type[TycoonGame]] = {}


def register_openspiel(games: list[str] | None = None) -> list[str]:
    """Register ``tycoon_<game>`` with pyspiel for each of ``games`` (default: every game
    with an RL codec), each once; return the short names."""
    names = []
    for game in rl_games() if games is None else games:
        if game not in _CLASSES:
            codec_of(game)  # a game without a codec fails here, naming those with one
            _TYPES[game] = game_type(game)
            cls = type(f"Tycoon{game.capitalize()}Game", (TycoonGame,),
                       {"tycoon_game": game, "__module__": __name__,
                        "__doc__": f"``tycoon_{game}``: {get_game(game).title} for OpenSpiel."})
            _CLASSES[game] = cls
            pyspiel.register_game(_TYPES[game], cls)
        names.append(f"tycoon_{game}")
    return names


register_openspiel()
