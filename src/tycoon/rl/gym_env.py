"""Gymnasium single-agent environments: one seat is the agent, the others are Tycoon bots.

``make_gym(game, **options)`` builds one for any game that declares an RL codec
(``tycoon.rl.deal_gym`` and the like bind the name). The observation is the agent seat's
float32 vector (``docs/rl.md``); the legal actions are in ``info["action_mask"]`` and
``env.action_masks()`` (the name MaskablePPO of sb3-contrib uses). An illegal index changes
nothing and gives ``illegal_reward`` (default -1); the episode is truncated after
``max_steps`` agent steps (legal or not). The bots act between the agent's steps; each is
built by ``tycoon.bots.make_bot(spec, game, seed)``. At the end ``info["result"]`` is the
game's ``Outcome``.

Versioned ids ``tycoon/<Game>-v<version>`` (``tycoon/Capital-v0``, ``tycoon/Deal-v0``, one per
game with a codec) are registered by ``tycoon.rl.registration.register_envs``, which runs when
this module is imported, or ``tycoon.rl`` with Gymnasium loaded; so with Gymnasium 1.x either
form works::

    gymnasium.make("tycoon.rl:tycoon/Deal-v0")       # "module:id" imports tycoon.rl first
    import tycoon.rl; gymnasium.make("tycoon/Deal-v0")

The package also declares the ``gymnasium.envs`` entry point, which Gym 0.23+ and Gymnasium
0.26-0.29 load on ``import gymnasium``; Gymnasium 1.0 removed that plugin loading (see
``docs/rl.md``). The environments work under ``gymnasium.vector`` (``make_vec`` with
``vectorization_mode="sync"`` or ``"async"``).

>>> env = make_gym("deal", seats=2, opponents="random")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, bool(info["action_mask"].sum() > 0)
(True, True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tycoon.bots import make_bot
from tycoon.engine import derive_seed, get_game

from .core import DEFAULT, Match, codec_of, split_turn_limit
from .pettingzoo_env import OBS_BOUND, check_seats, summary
from .registration import register_envs


class TycoonGymEnv(gym.Env):
    """One seat of a Tycoon game against bots (``make_gym(game, **options)``).

    ``seat``: the agent's seat (default 0). ``opponents``: one bot spec for every other seat
    or a list with one spec per other seat, in seat order ("random", "heuristic", "easy",
    "medium", "hard", "ismcts:iterations=200", ...). Other options as in
    ``tycoon.rl.pettingzoo_env.TycoonAECEnv``.
    """

    # render_fps as Gymnasium's own text games declare it (check_env warns without one)
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        seats: int | None = None,
        *,
        seat: int = 0,
        opponents: str | list[str] = "random",
        turn_limit: int | str | None = DEFAULT,
        max_steps: int = 10_000,
        session_skill: float | tuple[float, ...] = 0.5,
        minigame_skill: float | tuple[float, ...] | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **rules: Any,
    ) -> None:
        self.game = game
        self.info = get_game(game)
        self.codec = codec_of(game)
        self.seats = check_seats(self.info, seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"seat must be 0 to {self.seats - 1}, not {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.seat = seat
        others = [s for s in range(self.seats) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"give one bot spec per other seat ({len(others)}), not "
                             f"{len(specs)}")
        self.specs = dict(zip(others, specs, strict=True))
        for spec in specs:
            make_bot(spec, game, 0)  # a bad spec fails now, naming the known bots
        self.turn_limit = turn_limit
        self.max_steps = max_steps
        self.session_skill = session_skill if minigame_skill is None else minigame_skill
        self.illegal_reward = float(illegal_reward)
        self.rules, self._truncate_after = split_turn_limit(self.info, turn_limit, rules)
        probe = self.info.new_game(seats=self.seats, seed=0, **self.rules)
        Match(self.codec, probe, session_skill=self.session_skill)
        self.observation_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.codec.layout.size,),
                                            np.float32)
        self.action_space = spaces.Discrete(self.codec.n_actions)
        self.match: Match | None = None
        self.bots: dict[int, Any] = {}
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a game (seeded from ``seed``, else from the env's generator); the bots play
        until the agent must act."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 1 << 62))
        state = self.info.new_game(seats=self.seats, seed=game_seed, **self.rules)
        self.match = Match(
            self.codec, state, seed=game_seed, max_steps=1 << 62,
            turn_limit=self._truncate_after, session_skill=self.session_skill,
        )
        self.bots = {s: make_bot(spec, self.game, derive_seed(game_seed, "gym bot", s))
                     for s, spec in self.specs.items()}
        self.steps = 0
        self._bots_play()
        return self._obs(), self._info()

    def _bots_play(self) -> None:
        m = self.match
        assert m is not None
        while not m.over and m.seat != self.seat:
            seat = m.seat
            assert seat is not None
            m.apply(seat, self.bots[seat].choose(m.state, seat))

    def _obs(self) -> np.ndarray:
        assert self.match is not None
        return self.match.observe(self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        assert self.match is not None
        info: dict[str, Any] = {"action_mask": self.action_masks(), **extra}
        if self.match.over:
            info["result"] = self.match.result()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal indices of the agent now (int8; all zero once the episode is over)."""
        m = self.match
        assert m is not None
        if m.over or m.seat != self.seat:
            return np.zeros(self.codec.n_actions, dtype=np.int8)
        return m.mask()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then let the bots play until the agent's turn."""
        m = self.match
        if m is None:
            raise RuntimeError("call reset() before step()")
        if m.over:
            raise RuntimeError("the episode is over: call reset()")
        index = m.index_of(action)
        self.steps += 1
        if index not in m.options():
            truncated = self.steps >= self.max_steps
            return self._obs(), self.illegal_reward, False, truncated, self._info(illegal=True)
        m.step(index)
        self._bots_play()
        terminated = m.state.is_over
        truncated = not terminated and (m.truncated or self.steps >= self.max_steps)
        reward = m.rewards()[self.seat] if terminated else 0.0
        return self._obs(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The match in text as the agent's seat sees it, its hand included ("ansi", see
        :func:`~tycoon.rl.pettingzoo_env.summary`), or None."""
        if self.render_mode != "ansi":
            return None
        return summary(self.match, self.game, self.seat)


def make_gym(game: str, **options: Any) -> TycoonGymEnv:
    """``game`` for one agent against bots (options: see :class:`TycoonGymEnv`)."""
    return TycoonGymEnv(game, **options)


register_envs()
