"""Studying games with bots: one match loop and the commands built on it.

- :mod:`tycoon.study.match`: :func:`play_match`, the single loop that plays a game (seats,
  bots, seeds from ``derive_seed``, a decision cap, input sessions at each bot's skill);
- :mod:`tycoon.study.runner`: many matches here, on worker processes or on Ray, resumable
  from a save file, with a progress callback;
- :mod:`tycoon.study.records`: the matches of a tournament or a ladder, and the records of
  their games (``--records``);
- :mod:`tycoon.study.simulate`, :mod:`tycoon.study.tournament`, :mod:`tycoon.study.stats`,
  :mod:`tycoon.study.ladder`: the ``tycoon simulate / tournament / stats / ladder`` commands.

Nothing here names a game: what a game adds (its heuristic bot, its statistics) comes from
its ``GameInfo.extensions``. Progress is a callback, so no module here imports the CLI.
"""

from .match import MAX_DECISIONS, STUDY_TURN_LIMIT, MatchResult, Observer, play_match, study_options

__all__ = [
    "MAX_DECISIONS",
    "STUDY_TURN_LIMIT",
    "MatchResult",
    "Observer",
    "play_match",
    "study_options",
]
