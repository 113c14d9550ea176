"""PettingZoo environments of any game that declares an RL codec.

``env(game, **options)`` builds the AEC environment (``tycoon.rl.env``; ``tycoon.rl.deal_env``
and the like are the same with the game's name bound). Agents are ``player_0`` ...
``player_{n-1}`` (agent ``player_s`` is seat ``s``). Only the seat that must act is selected;
input sessions (several seats at once against a clock: Capital's minigames, the Toy game's
peek round) are played inside the environment by the session bots, so no decision is ever
simultaneous. A Just Say No answer in Monopoly Deal is an ordinary turn of the answering seat.

The games are turn-based, so the native API is AEC. ``parallel_env(game, **options)`` offers
PettingZoo's parallel API through ``turn_based_aec_to_parallel``: one seat moves per parallel
step. PettingZoo's ``aec_to_parallel`` (every seat acts once per cycle) is not valid for any
of them: a seat's legal actions depend on the moves before it in the cycle (Capital and
Monopoly Deal also have turns of several decisions and answers out of turn).

Each observation is ``{"observation": float32 vector, "action_mask": int8 vector}``;
``infos[agent]["action_mask"]`` holds the same mask for the selected agent (so masked play
works with ``env.last(observe=False)``); at the end ``infos[agent]["result"]`` is the game's
``Outcome``. Rewards: see ``tycoon.rl.core``.

>>> e = env("deal", seats=2)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) == int(info["action_mask"].sum()) > 0
True
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tycoon.engine import get_game

from .core import DEFAULT, Match, codec_of, split_turn_limit

#: Bounds of the observation boxes (money, counts and turns stay far inside).
OBS_BOUND = 1e9


def check_seats(info: Any, seats: int | None) -> int:
    """``seats`` (default: the game's default), checked against the game's range."""
    seats = info.default_seats if seats is None else seats
    if isinstance(seats, bool) or not isinstance(seats, int) or not (
            info.min_seats <= seats <= info.max_seats):
        raise ValueError(f"{info.name} is played by {info.min_seats} to {info.max_seats} "
                         f"seats, not {seats!r}")
    return seats


def summary(match: Match | None, game: str, seat: int | None = None) -> str:
    """The "ansi" rendering of a match: a status line, then the table in English sentences as
    ``tycoon play`` tells it (seats counted from 1: ``player_0`` is Seat 1), as ``seat`` sees
    it (None: a spectator, who sees no hand)."""
    if match is None:
        return f"{game}: not started"
    from tycoon.terminal.screen import screen_for
    from tycoon.terminal.words import Words

    st = match.state
    info = get_game(game)
    table = screen_for(info).table(st.view(seat), seat, Words(info))
    return "\n".join([f"{game} turn {st.turn} phase {st.phase} to move {st.to_move()} "
                      f"winner {st.winner}", *table])


class TycoonAECEnv(AECEnv):
    """One Tycoon game as a PettingZoo AEC environment (``env(game, **options)``).

    Options: ``seats``; ``turn_limit`` (a game with a ``turn_limit`` rules option gets it, the
    game ends as its rules say; a game without one is truncated once its turn counter passes
    it, rewards 0; default: the codec's ``turn_limit``; None: no limit); ``max_steps``
    (truncate after that many env steps); ``session_skill`` (skill 0-1 of the bots that play
    the input sessions, one number or one per seat; ``minigame_skill`` is accepted as its old
    name); ``render_mode`` ("ansi" or None); any other keyword is a rules option of the game
    (e.g. ``preset="kapital"``), checked now.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        seats: int | None = None,
        *,
        turn_limit: int | str | None = DEFAULT,
        max_steps: int = 10_000,
        session_skill: float | tuple[float, ...] = 0.5,
        minigame_skill: float | tuple[float, ...] | None = None,
        render_mode: str | None = None,
        **rules: Any,
    ) -> None:
        super().__init__()
        self.game = game
        self.info = get_game(game)
        self.codec = codec_of(game)
        self.seats = check_seats(self.info, seats)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.turn_limit = turn_limit
        self.max_steps = max_steps
        self.session_skill = session_skill if minigame_skill is None else minigame_skill
        self.rules, self._truncate_after = split_turn_limit(self.info, turn_limit, rules)
        probe = self.info.new_game(seats=self.seats, seed=0, **self.rules)  # check options now
        Match(self.codec, probe, session_skill=self.session_skill)  # and the skills
        self.metadata = {**self.metadata, "name": f"tycoon_{game}_v{self.version}"}
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

    @property
    def version(self) -> int:
        """The environment's version (the codec's ``version``, default 0)."""
        return int(getattr(self.codec, "version", 0))

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
        state = self.info.new_game(seats=self.seats, seed=seed, **self.rules)
        self.match = Match(
            self.codec, state, seed=seed, max_steps=self.max_steps,
            turn_limit=self._truncate_after, session_skill=self.session_skill,
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
            result = m.result()
            for a in self.agents:
                self.rewards[a] = rewards[self._seat_of[a]]
                self.terminations[a] = m.state.is_over
                self.truncations[a] = m.truncated and not m.state.is_over
                self.infos[a] = {"result": result}
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
        """The match in text as a spectator sees it ("ansi", see :func:`summary`), or None."""
        if self.render_mode != "ansi":
            return None
        return summary(self.match, self.game)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return f"tycoon_{self.game}"


def env(game: str, **options: Any) -> TycoonAECEnv:
    """``game`` as a PettingZoo AEC environment (options: see :class:`TycoonAECEnv`).

    >>> e = env("capital", seats=2, turn_limit=50)
    >>> e.reset(seed=1)
    >>> e.agent_selection in e.agents
    True
    """
    return TycoonAECEnv(game, **options)


def parallel_env(game: str, **options: Any) -> ParallelEnv:
    """``game`` under PettingZoo's parallel API (options: see :class:`TycoonAECEnv`).

    The games are turn-based: this is PettingZoo's ``turn_based_aec_to_parallel`` over the AEC
    environment. Each parallel step takes an action per live agent but plays only the
    selected seat's (``infos[agent]["active_agent"]``; the others' masks are all zero and
    their entries are ignored, send any index). ``aec_to_parallel`` is not valid for them: it
    plays every agent once per cycle on masks read before the cycle starts.
    """
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    return turn_based_aec_to_parallel(TycoonAECEnv(game, **options))
