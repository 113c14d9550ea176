"""The engine contract shared by every game (see ``docs/games.md``).

A game is a :class:`GameInfo` registered under the entry-point group ``tycoon.games``; its
states implement :class:`State` (``to_move``, ``legal_actions``, ``apply``, ``view``,
``to_json``/``from_json``, ``clone``, ``key``, ``session``, ``is_over``, ``winner``,
``result`` -> :class:`Outcome`, ``determinize``, ``describe`` -> :class:`Message`); the
events every game shares (:class:`TurnStarted`, :class:`Reshuffled`, :class:`GameOver`) are
defined here once.
"""

from .data import Action, Datum, Event, parse_data, parse_text
from .errors import IllegalAction, InvalidAction, InvalidOption, InvalidPosition
from .events import GameOver, Reshuffled, TurnStarted
from .game import GameInfo
from .messages import LANGUAGES, Message, render, seat_ref
from .options import Option, resolve_options
from .outcome import Outcome, ranked
from .record import Record, Recorder, replay, replay_steps
from .registry import games, get_game, register
from .rng import Rng, check_seed, new_seed
from .seeds import derive_seed
from .session import InputSession
from .state import State

__all__ = [
    "LANGUAGES",
    "Action",
    "Datum",
    "Event",
    "GameInfo",
    "GameOver",
    "IllegalAction",
    "InputSession",
    "InvalidAction",
    "InvalidOption",
    "InvalidPosition",
    "Message",
    "Option",
    "Outcome",
    "Record",
    "Recorder",
    "Reshuffled",
    "Rng",
    "State",
    "TurnStarted",
    "check_seed",
    "derive_seed",
    "games",
    "get_game",
    "new_seed",
    "parse_data",
    "parse_text",
    "ranked",
    "register",
    "render",
    "replay",
    "replay_steps",
    "resolve_options",
    "seat_ref",
]
