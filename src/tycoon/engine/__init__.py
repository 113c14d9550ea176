"""The engine contract shared by every game: state, actions, events, RNG, records.

See ``shared/design.md``: a game exposes ``new_game(seats, seed, **options)`` returning a
:class:`State` with ``to_move``, ``legal_actions``, ``apply``, ``view``, ``to_json``/``from_json``,
``clone``, ``is_over``, ``winner`` and ``result``.
"""

from .data import Action, Datum, Event, parse_data
from .errors import IllegalAction, InvalidOption, InvalidPosition
from .record import Record, Recorder, replay
from .registry import GAMES, get_game
from .rng import Rng, check_seed, new_seed
from .state import State

__all__ = [
    "GAMES",
    "Action",
    "Datum",
    "Event",
    "IllegalAction",
    "InvalidOption",
    "InvalidPosition",
    "Record",
    "Recorder",
    "Rng",
    "State",
    "check_seed",
    "get_game",
    "new_seed",
    "parse_data",
    "replay",
]
