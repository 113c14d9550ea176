"""Positions of a finished game step by step, for the replay viewer (``/api/games/{id}/replay``).

Rebuilding step ``n`` replays the record from the nearest kept checkpoint (one every
:data:`EVERY` actions), so stepping through a long game stays cheap.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from tycoon.engine import Record, State, get_game
from tycoon.engine.record import apply_recorded

from .updates import outcome_json, shown_events, told_actor

#: A checkpoint (a copy of the position) is kept every this many actions.
EVERY = 64
#: Games whose checkpoints are kept.
GAMES_KEPT = 16
#: The most earlier steps whose events one request returns (``since``).
HISTORY = 200


class Replays:
    """Checkpoints of recently replayed games, and the step builder."""

    def __init__(self) -> None:
        self._checkpoints: OrderedDict[str, dict[int, State]] = OrderedDict()

    def knows(self, game_id: str) -> bool:
        """Whether ``game_id`` was replayed lately (its checkpoints are kept)."""
        return game_id in self._checkpoints

    def step(self, game_id: str, record: Record, step: int, seat: int | None,
             since: int | None = None,
             chosen: Sequence[tuple[str, str | None] | None] | None = None) -> dict[str, Any]:
        """``{"step", "total", "view", "events", "history", "actor", "action", "result"}``
        after ``step`` actions (``result`` once that position is over).

        ``events`` are those of action ``step`` (at step 0 the set-up's), private ones only
        for their seat, each with its ``message`` as that seat reads it (as the table said it
        then); ``history`` the same for each earlier step after ``since`` (``[{"step",
        "events", "actor"}]``, oldest first, from the set-up's, step 0, when ``since`` is 0;
        empty without ``since``); ``view`` is ``seat``'s view (None: a spectator's).
        ``chosen[i]`` is ``(by, reason)`` of action ``i`` when known (the table's log, a
        record file's; None where not): each step's ``actor`` then says it, with the table's
        line about it.
        """
        total = len(record.actions)
        if not 0 <= step <= total:
            raise ValueError(f"step must be from 0 to {total}")
        from_setup = since == 0  # asked from the set-up: the history opens with its lines
        if since is None:
            since = max(0, step - 1)
        if not max(0, step - HISTORY) <= since <= step:
            raise ValueError(f"since must be from {max(0, step - HISTORY)} to {step}")
        module = get_game(record.game)
        points = self._checkpoints.setdefault(game_id, {})
        self._checkpoints.move_to_end(game_id)
        while len(self._checkpoints) > GAMES_KEPT:
            self._checkpoints.popitem(last=False)
        if 0 not in points:
            points[0] = record.new_state()
        first = min(since, step - 1)  # the first action told: after since, and step's own
        start = max(k for k in points if k <= first) if first > 0 else 0
        state = points[start].clone()
        opening = shown_events(state, state.opening(), seat) if since == 0 else []
        told = ([{"step": 0, "events": opening, "actor": None}] if from_setup and step and opening
                else [])
        for i in range(start, step):
            who, data = record.actions[i]
            events = apply_recorded(state, module, i, who, data)
            if i >= first:  # step i + 1, said with the position it left, as the table did
                told.append({"step": i + 1, "events": shown_events(state, events, seat),
                             "actor": self._actor(who, i, chosen)})
            if (i + 1) % EVERY == 0 and i + 1 not in points:
                points[i + 1] = state.clone()
        own = told.pop() if step else {"events": opening, "actor": None}  # the last is step's
        shown, actor = own["events"], own["actor"]
        action = None
        if step:
            who, data = record.actions[step - 1]
            action = {"seat": who, "action": data}
        return {"step": step, "total": total, "view": state.view(seat), "events": shown,
                "history": told, "actor": actor, "action": action,
                "result": outcome_json(state) if state.is_over else None}

    @staticmethod
    def _actor(seat: int, i: int, chosen: Sequence[tuple[str, str | None] | None] | None
               ) -> dict[str, Any]:
        """Who made action ``i``: ``{"seat"}``, with ``by``, ``reason`` and the table's
        ``message`` when ``chosen`` knows them."""
        if chosen is None or i >= len(chosen) or chosen[i] is None:
            return {"seat": seat}
        by, reason = chosen[i]
        return told_actor({"seat": seat, "by": by, "reason": reason})
