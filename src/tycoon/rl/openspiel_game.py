"""Capital and Monopoly Deal as OpenSpiel (pyspiel) Python games.

``register_openspiel()`` registers ``tycoon_capital`` and ``tycoon_deal``; then
``pyspiel.load_game("tycoon_deal(players=3)")`` works like for any OpenSpiel game.

- Sequential, imperfect information, terminal rewards (+1 winner, -1 others; 0 each when the
  game ends without a winner or is truncated), general sum.
- Chance is *sampled stochastic*: there are no chance nodes. Every random event (shuffles,
  dice, minigame contents) comes from the engine state's own seeded generator, so a
  ``Clone()`` replays the same future; the ``seed`` parameter fixes the game (-1: a fresh
  random seed for each initial state). A search that must not peek should plan on
  ``determinized(state, player, seed)``, which re-draws what ``player`` cannot see.
- Actions, observation tensors and strings are those of ``docs/rl.md`` (the same as the
  PettingZoo environments); there is no perfect-recall information state.
- Parameters: ``players``, ``seed``, ``turn_limit`` (Capital: the rules option; Deal:
  truncation after that turn), ``max_steps`` (truncation, also the declared maximum game
  length) and, for Capital, ``minigame_skill`` of the minigame bots the game plays itself.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import numpy as np
import pyspiel

from tycoon.engine import get_game

from .core import Codec, Match, codec_of, split_turn_limit

_DEFAULTS: dict[str, dict[str, Any]] = {
    "capital": {"players": 4, "seed": -1, "turn_limit": 200, "max_steps": 10_000,
                "minigame_skill": 0.5},
    "deal": {"players": 2, "seed": -1, "turn_limit": 300, "max_steps": 10_000},
}
_TERMINAL = pyspiel.PlayerId.TERMINAL
_LONG = {"capital": "Tycoon Capital (Kapital)", "deal": "Tycoon Monopoly Deal"}


def _game_type(game: str) -> pyspiel.GameType:
    module = get_game(game)
    return pyspiel.GameType(
        short_name=f"tycoon_{game}",
        long_name=_LONG[game],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=module.MAX_SEATS,
        min_num_players=module.MIN_SEATS,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS[game],
    )


class TycoonGame(pyspiel.Game):
    """A Tycoon game for OpenSpiel (see the module docstring)."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS[game], **(params or {})}
        module = get_game(game)
        players = int(params["players"])
        if not module.MIN_SEATS <= players <= module.MAX_SEATS:
            raise ValueError(f"{game} is played by {module.MIN_SEATS} to {module.MAX_SEATS} "
                             f"players, not {players}")
        self.tycoon_game = game
        self.module = module
        self.codec: Codec = codec_of(game)
        self.players = players
        self.seed = int(params["seed"])
        self.turn_limit = int(params["turn_limit"])
        self.max_steps = int(params["max_steps"])
        self.minigame_skill = float(params.get("minigame_skill", 0.5))
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
        """A fresh match (``seed`` None: the game's ``seed`` parameter, or a random one)."""
        if seed is None:
            seed = self.seed if self.seed >= 0 else secrets.randbits(62)
        rules, truncate_after = split_turn_limit(self.tycoon_game, self.turn_limit, {})
        state = self.module.new_game(seats=self.players, seed=seed, **rules)
        return Match(
            self.codec, state, seed=seed, max_steps=self.max_steps, turn_limit=truncate_after,
            minigame_skill=self.minigame_skill,
        )

    def new_initial_state(self, match: Match | None = None) -> TycoonState:
        """A new game (or a state around ``match``)."""
        return TycoonState(self, match)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TycoonObserver:
        """The observer of ``docs/rl.md`` (the seat's own view, no perfect recall)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("tycoon games provide observations, not perfect-recall "
                             "information states")
        return TycoonObserver(self.codec)


class TycoonState(pyspiel.State):
    """A position: a :class:`tycoon.rl.core.Match` (engine state + compound selection)."""

    def __init__(self, game: TycoonGame, match: Match | None = None) -> None:
        super().__init__(game)
        self.match = game.new_match() if match is None else match

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

    def __str__(self) -> str:
        m = self.match
        return json.dumps({"position": m.state.to_json(), "selection": list(m.selection),
                           "steps": m.steps, "truncated": m.truncated}, sort_keys=True)


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


def determinized(state: TycoonState, player: int, seed: int) -> TycoonState:
    """A copy of ``state`` where all ``player`` cannot see is re-drawn (engine
    ``determinize``): what a fair search plans on."""
    m = state.match.clone()
    m.state = m.state.determinize(player, seed)
    m._forget()
    game = state.get_game()
    return TycoonState(game, m)  # type: ignore[arg-type]


class CapitalGame(TycoonGame):
    """``tycoon_capital``: Capital for OpenSpiel."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("capital", params)


class DealGame(TycoonGame):
    """``tycoon_deal``: Monopoly Deal for OpenSpiel."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("deal", params)


_TYPES = {game: _game_type(game) for game in _DEFAULTS}
_registered = False


def register_openspiel() -> None:
    """Register ``tycoon_capital`` and ``tycoon_deal`` with pyspiel (once).

    The creators registered are classes, not closures: pyspiel's registry outlives the
    interpreter, and releasing a closure after it (at exit) crashes the process.
    """
    global _registered
    if _registered:
        return
    pyspiel.register_game(_TYPES["capital"], CapitalGame)
    pyspiel.register_game(_TYPES["deal"], DealGame)
    _registered = True


register_openspiel()
