"""A minigame round (C-4.4.2, C-9) as the engine's input session (timed simultaneous input).

While a minigame runs, ``CapitalState.session()`` returns a :class:`MinigameSession`: every
seat that has not sent its inputs plays at once, for the table's ``minigame_seconds``; each
ends its part with the action ``Minigame(inputs)``. Memory is *progressive*: its faces never
leave the server, each click is checked and revealed with :meth:`MinigameSession.step`.

>>> from tycoon.capital import from_json
>>> st = from_json({"seats": [{"seat": 0}, {"seat": 1}], "phase": "minigame",
...                 "move": {"landed": 13},
...                 "minigame": {"game": "memory", "seeds": [1, 2], "scores": [None, None]}})
>>> s = st.session()
>>> s.kind, s.progressive, s.seats, s.duration_ms
('memory', True, (0, 1), 30000)
>>> "boards" in s.view(1)["contents"]
False
>>> s.step(1, [], {"t": 100, "cell": 0})["open"]
[0]
>>> st.legal_actions(1) == [s.action(1, [])]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.engine import Action, InputSession, InvalidAction

from . import landing
from .actions import Minigame
from .minigames.common import DURATION_MS

if TYPE_CHECKING:
    from .state import CapitalState

EMPTY = Minigame(())
"""The empty template: what ``legal_actions`` lists for a seat during a minigame."""


class MinigameSession(InputSession):
    """The running minigame of ``st`` (see the module docstring)."""

    def __init__(self, st: CapitalState) -> None:
        mg = st.minigame
        assert mg is not None
        self._st = st
        self._game: str = mg["game"]
        self.kind = self._game
        self.progressive = self._game in landing.minigames().SECRET

    @property
    def id(self) -> str:
        """``minigame-<turn>``: one minigame at most per turn."""
        return f"minigame-{self._st.turn}"

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat plays (C-4.4.2)."""
        return tuple(range(len(self._st.seats)))

    @property
    def duration_ms(self) -> int:
        """The table's ``minigame_seconds``, in ms."""
        return landing.duration_ms(self._st)

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.seats:
            raise InvalidAction(f"no seat {seat!r} plays this minigame")

    def view(self, seat: int) -> dict[str, Any]:
        """``{"game", "level", "duration_ms", "game_ms", "contents"}``: the contents the seat
        may hold (Memory: the layout, no faces). ``game_ms`` is the length of the game's own
        clock (Catch Coins runs in slow motion on a longer table clock, see
        ``docs/minigames.md``)."""
        self._check_seat(seat)
        st = self._st
        level = landing.level(st, seat)
        duration = self.duration_ms
        return {
            "game": self._game,
            "level": level,
            "duration_ms": duration,
            "game_ms": DURATION_MS if self._game == "catch_coins" else duration,
            "contents": landing.minigames().visible(self._game, level,
                                                    landing.contents(st, seat)),
        }

    def step(self, seat: int, inputs: list[Any], item: Any) -> dict[str, Any]:
        """``minigames.progress`` after ``inputs + [item]`` (``InvalidAction`` if impossible)."""
        self._check_seat(seat)
        st = self._st
        if not isinstance(inputs, list):
            raise InvalidAction("inputs must be a list")
        try:
            return landing.minigames().progress(self._game, landing.level(st, seat),
                                                landing.contents(st, seat), [*inputs, item],
                                                self.duration_ms)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None

    def action(self, seat: int, inputs: list[Any]) -> Action:
        """``Minigame(inputs)``."""
        return Minigame(tuple(inputs)) if inputs else EMPTY

    def bot_action(self, seat: int, skill: float, seed: int) -> Action:
        """The minigame bot's inputs at ``skill`` (``minigames.plays``), scored once."""
        self._check_seat(seat)
        return landing.bot_action(self._st, seat, skill, seed)
