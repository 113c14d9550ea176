"""Secret minigames: the server keeps Memory's faces and reveals them click by click.

A seat's view of a Capital Memory minigame (C-9.3) holds the layout of its boards but no face
(``tycoon.capital.minigames.visible``). The client sends each click as a ``minigame_input``
message; :class:`Reveals` checks it with ``minigames.progress`` against the seat's real
contents (an impossible click is refused and changes nothing), keeps the seat's clicks so far
in memory, and answers with what the player now sees (``minigame_progress``: turned faces,
pairs, points, board). The seat's final ``minigame`` action must then carry exactly those
clicks; at the minigame deadline the clicks so far are played for a seat that sent nothing.

The clicks are not game actions: they are not stored, and a server restarted mid-minigame
gives every seat a fresh 30 s with no clicks (``docs/protocol.md``).
"""

from __future__ import annotations

from typing import Any

from tycoon.engine import State

from .protocol import ProtocolError


def secret_minigame(state: State, seat: int) -> tuple[str, str, dict[str, Any]] | None:
    """``(game, level, whole contents)`` when ``seat`` must play a secret minigame now
    (Capital's Memory), else None.

    >>> from tycoon.capital import new_game
    >>> secret_minigame(new_game(seats=2, seed=1), 0) is None
    True
    """
    if getattr(state, "game", None) != "capital" or getattr(state, "phase", None) != "minigame":
        return None
    mg = getattr(state, "minigame", None)
    if not isinstance(mg, dict) or seat not in state.to_move():
        return None
    from tycoon.capital import landing

    module = landing.minigames()
    if mg.get("game") not in getattr(module, "SECRET", ()):
        return None
    return mg["game"], landing.level(state, seat), landing.contents(state, seat)


def _key(state: State) -> tuple[Any, ...]:
    """Which minigame runs: its turn, game and seeds (a new minigame drops old clicks)."""
    mg = getattr(state, "minigame", None) or {}
    return (state.turn, mg.get("game"), tuple(mg.get("seeds") or ()))


class Reveals:
    """The clicks each seat has made in the running secret minigame of one game."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._inputs: dict[int, list[dict[str, Any]]] = {}

    def _current(self, state: State) -> dict[int, list[dict[str, Any]]]:
        key = _key(state)
        if key != self._key:
            self._key = key
            self._inputs = {}
        return self._inputs

    def inputs(self, state: State, seat: int) -> list[dict[str, Any]]:
        """The clicks ``seat`` has made so far in the running minigame (a copy)."""
        return list(self._current(state).get(seat, ()))

    def reset(self) -> None:
        """Forget every click (the minigame is over)."""
        self._key = None
        self._inputs = {}

    def click(self, state: State, seat: int | None, item: Any, seq: int | None) -> dict[str, Any]:
        """Check one input of ``seat`` and keep it; return the ``minigame_progress`` message.

        Raises :class:`ProtocolError` (nothing kept) when the seat plays no secret minigame
        now, or when the input could not happen after the seat's earlier ones.
        """
        if seat is None:
            raise ProtocolError("spectators cannot play; join a seat first", "not_a_player")
        if getattr(state, "game", None) != "capital" or getattr(state, "phase", None) != (
                "minigame"):
            raise ProtocolError("no minigame is running", "not_your_turn")
        if seat not in state.to_move():
            raise ProtocolError("you have already sent your minigame inputs", "not_your_turn")
        found = secret_minigame(state, seat)
        if found is None:
            raise ProtocolError(
                "minigame_input is only for Memory; send this game's inputs in one minigame "
                "action", "illegal_action")
        game, level, contents = found
        from tycoon.capital.minigames import progress

        done = self._current(state).get(seat, [])
        try:
            shown = progress(game, level, contents, [*done, item])
        except ValueError as exc:  # InvalidInputs: an impossible click
            raise ProtocolError(f"minigame input refused: {exc}", "illegal_action") from None
        done = self._inputs[seat] = [*done, dict(item)]
        return progress_message(game, level, len(done), shown, seq)

    def snapshot(self, state: State, seat: int | None) -> dict[str, Any] | None:
        """The ``minigame_progress`` message a (re)connecting seat gets: what it sees now and
        its clicks so far (``inputs``), or None when it plays no secret minigame."""
        if seat is None:
            return None
        found = secret_minigame(state, seat)
        if found is None:
            return None
        game, level, contents = found
        from tycoon.capital.minigames import progress

        done = self.inputs(state, seat)
        message = progress_message(game, level, len(done), progress(game, level, contents, done),
                                   None)
        message["inputs"] = done
        return message

    def check_final(self, state: State, seat: int, data: dict[str, Any]) -> None:
        """A player's final ``minigame`` action in a secret minigame must carry exactly the
        clicks the server revealed; raise :class:`ProtocolError` otherwise."""
        if secret_minigame(state, seat) is None or data.get("type") != "minigame":
            return
        done = self.inputs(state, seat)
        if data.get("inputs") != done:
            raise ProtocolError(
                f"Memory inputs must be exactly the {len(done)} click(s) the server revealed "
                "(sent one by one as minigame_input messages)", "illegal_action")

    def deadline_action(self, state: State, seat: int) -> dict[str, Any]:
        """What the clock plays for a seat that sent no final action: its clicks so far."""
        return {"type": "minigame", "inputs": self.inputs(state, seat)}


def progress_message(game: str, level: str, count: int, shown: dict[str, Any],
                     seq: int | None) -> dict[str, Any]:
    """A ``minigame_progress`` message.

    >>> progress_message("memory", "easy", 1, {"points": 0}, 4)["count"]
    1
    """
    return {"type": "minigame_progress", "seq": seq, "game": game, "level": level,
            "count": count, "progress": shown}


def public_legal(state: State, seat: int) -> list[Any] | None:
    """The legal actions to show a person's ``seat`` during a minigame: only the empty
    ``minigame`` action (a template). The engine's ready-made inputs (the minigame bot's play
    at skill 0, 0.5 and 1) are for bots: in Memory they are made from the hidden faces, and in
    every game sending the skill-1 play back would score like a perfect player.
    None: show the engine's legal actions."""
    if getattr(state, "game", None) != "capital" or getattr(state, "phase", None) != "minigame":
        return None
    from tycoon.capital.actions import Minigame

    return [Minigame(())]
