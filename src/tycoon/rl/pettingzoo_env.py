"""PettingZoo AEC environments of Capital and Monopoly Deal.

Agents are ``player_0`` ... ``player_{n-1}`` (agent ``player_s`` is seat ``s``). Only the seat
that must act is selected; Capital's minigames are played inside the environment by the
minigame bots, so when several seats would act at once (a minigame) none of them is an agent
decision. A Just Say No answer in Monopoly Deal is an ordinary turn of the answering seat.

Each observation is ``{"observation": float32 vector, "action_mask": int8 vector}``;
``infos[agent]["action_mask"]`` holds the same mask for the selected agent (so masked play
works with ``env.last(observe=False)``). Rewards: see ``tycoon.rl.core``.

>>> from tycoon.rl import deal_env
>>> env = deal_env(seats=2)
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) == int(info["action_mask"].sum()) > 0
True
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tycoon.engine import get_game

from .core import Match, codec_of, split_turn_limit

#: Bounds of the observation boxes (money, counts and turns stay far inside).
OBS_BOUND = 1e9


class TycoonAECEnv(AECEnv):
    """One Tycoon game as a PettingZoo AEC environment (build with ``capital_env`` or
    ``deal_env``).

    Options: ``seats``; ``turn_limit`` (Capital: the rules option, the game ends without
    winner, rewards 0; Deal: the match is truncated once the turn counter passes it);
    ``max_steps`` (truncate after that many env steps); ``minigame_skill`` (Capital: skill 0-1
    of the minigame bots, one number or one per seat); ``render_mode`` ("ansi" or None);
    any other keyword is a rules option of the game (e.g. ``preset="kapital"``).
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        seats: int | None = None,
        *,
        turn_limit: int | None = None,
        max_steps: int = 10_000,
        minigame_skill: float | tuple[float, ...] = 0.5,
        render_mode: str | None = None,
        **rules: Any,
    ) -> None:
        super().__init__()
        self.game = game
        self.module = get_game(game)
        self.codec = codec_of(game)
        self.seats = self.module.DEFAULT_SEATS if seats is None else seats
        if not self.module.MIN_SEATS <= self.seats <= self.module.MAX_SEATS:
            raise ValueError(f"{game} is played by {self.module.MIN_SEATS} to "
                             f"{self.module.MAX_SEATS} seats, not {self.seats}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.turn_limit = turn_limit
        self.max_steps = max_steps
        self.minigame_skill = minigame_skill
        self.rules, self._truncate_after = split_turn_limit(game, turn_limit, rules)
        self.module.new_game(seats=self.seats, seed=0, **self.rules)  # check options now
        self.metadata = {**self.metadata, "name": f"tycoon_{game}_v0"}
        self.possible_agents = [f"player_{s}" for s in range(self.seats)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        box = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.codec.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (self.codec.n_actions,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.codec.n_actions)
                              for a in self.possible_agents}
        self.match: Match | None = None
        self._next_seed = 0

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same object each call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes it (None: the next of a fixed sequence)."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = (seed + 1) % (1 << 62)
        seed %= 1 << 62
        state = self.module.new_game(seats=self.seats, seed=seed, **self.rules)
        self.match = Match(
            self.codec, state, seed=seed, max_steps=self.max_steps,
            turn_limit=self._truncate_after,
            minigame_skill=self.minigame_skill,
        )
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._after_move()

    def _after_move(self) -> None:
        m = self.match
        assert m is not None
        if m.over:
            rewards = m.rewards()
            for a in self.agents:
                self.rewards[a] = rewards[self._seat_of[a]]
                self.terminations[a] = m.state.is_over
                self.truncations[a] = m.truncated and not m.state.is_over
                self.infos[a] = {"result": m.state.result()}
            current = m.state.view(None)["current"]
            self.agent_selection = self.possible_agents[current]
            return
        seat = m.seat
        assert seat is not None
        agent = self.possible_agents[seat]
        previous = self.agent_selection
        if previous != agent and previous in self.infos:
            self.infos[previous] = {}
        self.agent_selection = agent
        self.infos[agent] = {"action_mask": m.mask()}

    def step(self, action: Any) -> None:
        """Play ``action`` (an index) for the selected agent; None for a finished agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        m = self.match
        assert m is not None
        self._cumulative_rewards[agent] = 0.0
        m.step(action)
        seat = m.seat
        if seat is None:  # the match is over
            self._clear_rewards()
            self._after_move()
            self._accumulate_rewards()
            return
        # While the match runs every reward is 0 (rewards come only at the end), so clearing
        # and accumulating them would change nothing: skip that bookkeeping.
        agent = self.possible_agents[seat]
        previous = self.agent_selection
        infos = self.infos
        if previous != agent and previous in infos:
            infos[previous] = {}
        self.agent_selection = agent
        infos[agent] = {"action_mask": m.mask()}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation", "action_mask"}`` of ``agent`` (mask all zeros unless it acts)."""
        m = self.match
        assert m is not None
        seat = self._seat_of[agent]
        mask = (m.mask() if seat == m.seat
                else np.zeros(self.codec.n_actions, dtype=np.int8))
        return {"observation": m.observe(seat), "action_mask": mask}

    def render(self) -> str | None:
        """A one-line text summary ("ansi"), or None."""
        if self.render_mode != "ansi" or self.match is None:
            return None
        st = self.match.state
        view = st.view(None)
        return (f"{self.game} turn {view['turn']} phase {view['phase']} to move "
                f"{view['to_move']} winner {view['winner']}")

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return f"tycoon_{self.game}"


def capital_env(**options: Any) -> TycoonAECEnv:
    """Capital as a PettingZoo AEC environment (4 seats, ``turn_limit=200`` by default).

    >>> env = capital_env(seats=2, turn_limit=50)
    >>> env.reset(seed=1)
    >>> env.agent_selection in env.agents
    True
    """
    options.setdefault("turn_limit", 200)
    return TycoonAECEnv("capital", **options)


def deal_env(**options: Any) -> TycoonAECEnv:
    """Monopoly Deal as a PettingZoo AEC environment (2 seats, truncated after turn 300)."""
    options.setdefault("turn_limit", 300)
    return TycoonAECEnv("deal", **options)
