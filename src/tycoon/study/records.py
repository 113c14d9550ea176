"""The matches of a tournament or a ladder, and their records (``--records DIR``).

:func:`run_matches` plays a study's tasks through :func:`~tycoon.study.match.play_match` (here,
on worker processes or on Ray, resumable from a save file: :func:`~tycoon.study.runner.run_study`).
With a ``records`` folder, each game played also brings back its actions and is written there
as ``game-NNNNN.json`` (its index): a record in the server's format (game, seed, options, every
action, who sat where, a summary of the result) that ``tycoon replay`` replays and tells in
words, and the web client's *Replay a record file* shows. Games reused from a save file are not
played again, so they get none.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from tycoon.bots import STRENGTHS

from .match import ActionLog, MatchResult, play_match
from .runner import Run, Task, cannot_write, run_study


def _play(item: tuple[str, Task, dict[str, Any], bool]
          ) -> MatchResult | tuple[MatchResult, list[list[Any]]]:
    game, task, options, keep_actions = item
    if not keep_actions:
        return play_match(game, task.lineup, task.seed, options, task.index)
    log = ActionLog()
    result = play_match(game, task.lineup, task.seed, options, task.index, observer=log)
    return result, log.actions


def write_record(folder: Path, game: str, options: dict[str, Any], result: MatchResult,
                 actions: list[list[Any]]) -> Path:
    """Write one game's record as ``folder/game-NNNNN.json`` (whole or not at all)."""
    data = {
        "game": game, "index": result.index, "seats": len(result.lineup), "seed": result.seed,
        "options": options, "complete": True,
        # the lobby's bots are named as in the lobby ("Medium bot"), any other by its spec
        "players": [{"seat": s, "kind": "bot", "bot": spec,
                     "name": None if spec in ("random", *STRENGTHS) else spec}
                    for s, spec in enumerate(result.lineup)],
        "result": {"finished": result.finished, "winner": result.winner,
                   "reason": result.reason, "turns": result.turns, "scores": result.scores},
        "actions": [{"seat": seat, "action": action} for seat, action in actions],
    }
    path = folder / f"game-{result.index:05d}.json"
    write_json(path, data)
    return path


def check_records(folder: Path, game: str, options: dict[str, Any],
                  tasks: Sequence[Task]) -> None:
    """``ValueError`` if ``folder`` holds a record this study would write over that is not
    one of its own games (another study's, or a file that is no record): the records of
    one study are written again as they were, another study's were silently replaced."""
    for task in tasks:
        path = folder / f"game-{task.index:05d}.json"
        if not path.is_file():
            continue
        try:
            data = json.loads(path.read_bytes())
            ours = (data["game"], data["seed"], data["options"],
                    [p["bot"] for p in data["players"]]) == (
                game, task.seed, options, list(task.lineup))
        except (OSError, ValueError, TypeError, KeyError):
            ours = False
        if not ours:
            raise ValueError(f"{path} is not a record of this study's games (another study's, "
                             "with other bots, seed or options): choose another folder for "
                             "--records, or empty that one")


def output_folder(folder: Path) -> Path:
    """Make ``folder`` (and its parents) for a study's files (records, plots): ``ValueError``
    naming it if it cannot be made or written into, so a study refuses it before it plays."""
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"cannot write into {folder}: it is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise cannot_write(folder, exc) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write {folder}: permission denied")
    return folder


def save_figure(fig: Any, path: Path, dpi: int) -> Path:
    """Write a Matplotlib figure as PNG at ``path`` and close it; ``ValueError`` naming the
    path if it cannot be written (a full disk), as :func:`write_json`."""
    import matplotlib.pyplot as plt

    try:
        fig.savefig(path, dpi=dpi)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    finally:
        plt.close(fig)
    return path


def write_json(path: Path, data: dict[str, Any], pretty: bool = False) -> None:
    """Write ``data`` to ``path`` whole or not at all (through ``PATH.part`` and a rename),
    ``pretty`` for a file people read and diff (indented, keys sorted); ``ValueError`` naming
    the path if it cannot be written."""
    part = path.with_name(path.name + ".part")
    text = json.dumps(data, indent=2, sort_keys=True) if pretty else json.dumps(data)
    try:
        part.write_text(text + "\n", encoding="utf-8")
        os.replace(part, path)
    except OSError as exc:
        with suppress(OSError):
            part.unlink()
        raise cannot_write(path, exc) from None


def run_matches(game: str, tasks: Sequence[Task], options: dict[str, Any],
                header: dict[str, Any], save: Path | None = None, workers: int = 1,
                ray: str | None = None, progress: Callable[[int], None] | None = None,
                records: Path | None = None) -> Run:
    """Play ``tasks`` (see the module docstring): the results sorted by index, which came
    from ``save`` and how long it took (:class:`~tycoon.study.runner.Run`)."""
    keep, found = None, None
    if records is not None:
        output_folder(records)

        def found(saved: set[int]) -> None:
            # before any game is played; the games taken from the save file write no record
            check_records(records, game, options, [t for t in tasks if t.index not in saved])

        def keep(played: tuple[MatchResult, list[list[Any]]]) -> MatchResult:
            result, actions = played
            write_record(records, game, options, result, actions)
            return result

    return run_study(_play, tasks, lambda t: (game, t, options, records is not None), header,
                     save, workers, ray, progress, on_result=keep, on_saved=found)
