"""Positions of a finished game step by step, for the replay viewer (``/api/games/{id}/replay``).

Rebuilding step ``n`` replays the record from the nearest kept checkpoint (one every
:data:`EVERY` actions), so stepping through a long game stays cheap.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from tycoon.engine import Record, State, get_game

#: A checkpoint (a copy of the position) is kept every this many actions.
EVERY = 64
#: Games whose checkpoints are kept.
GAMES_KEPT = 16


class Replays:
    """Checkpoints of recently replayed games, and the step builder."""

    def __init__(self) -> None:
        self._checkpoints: OrderedDict[str, dict[int, State]] = OrderedDict()

    def step(self, game_id: str, record: Record, step: int, seat: int | None) -> dict[str, Any]:
        """``{"step", "total", "view", "events", "actor", "action"}`` after ``step`` actions.

        ``events`` are those of action ``step`` (none at step 0), private ones only for their
        seat, each with its ``message`` as that seat reads it; ``view`` is ``seat``'s view
        (None: a spectator's).
        """
        total = len(record.actions)
        if not 0 <= step <= total:
            raise ValueError(f"step must be from 0 to {total}")
        module = get_game(record.game)
        points = self._checkpoints.setdefault(game_id, {})
        self._checkpoints.move_to_end(game_id)
        while len(self._checkpoints) > GAMES_KEPT:
            self._checkpoints.popitem(last=False)
        if 0 not in points:
            points[0] = record.new_state()
        start = max(k for k in points if k < max(step, 1)) if step else 0
        state = points[start].clone()
        events: list[Any] = []
        for i in range(start, step):
            who, data = record.actions[i]
            events = state.apply(who, module.parse_action(data))
            if (i + 1) % EVERY == 0 and i + 1 not in points:
                points[i + 1] = state.clone()
        from .updates import describe

        shown = [{**e.to_json(), "message": describe(state, e, seat)}
                 for e in events if e.visible_to(seat)]
        actor = action = None
        if step:
            who, data = record.actions[step - 1]
            actor = {"seat": who}
            action = {"seat": who, "action": data}
        return {"step": step, "total": total, "view": state.view(seat), "events": shown,
                "actor": actor, "action": action}
