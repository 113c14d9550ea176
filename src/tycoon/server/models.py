"""Pydantic models of the REST API (they make its OpenAPI document)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    StringConstraints,
)

from .protocol import NAME_LENGTH, TITLE_LENGTH, mark_problem
from .storage import BOT_SPEC_LENGTH

OptionValue = StrictBool | StrictInt | StrictFloat | StrictStr | None


def _printable(value: str) -> str:
    """A name as people write it: no control characters, no direction controls, something
    visible (see :func:`.protocol.mark_problem`)."""
    problem = mark_problem(value)
    if problem:
        raise ValueError(problem)
    return value


#: A person's name at a table or in the lobby's chat: printable text, the spaces around it
#: dropped, 1 to 40 characters (:func:`.protocol.name_problem` says the same without pydantic).
PlayerName = Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1,
                                                    max_length=NAME_LENGTH),
                       AfterValidator(_printable)]
#: A game's title in the lobby: the same, at most 80 characters.
GameTitle = Annotated[StrictStr, StringConstraints(strip_whitespace=True, max_length=TITLE_LENGTH),
                      AfterValidator(_printable)]


def _known_games(schema: dict[str, Any]) -> None:
    """The ``enum`` of game names, read from the registry when the schema is built."""
    from tycoon.engine import games

    schema["enum"] = games()


#: A seat kind: ``human``, or a bot the server offers for the game (``GET /api/kinds``:
#: ``players``, which the lobby checks; a server's ``lobby_bots`` setting adds to the defaults).
PlayerKind = Annotated[StrictStr, StringConstraints(min_length=1, max_length=BOT_SPEC_LENGTH)]


class CreateGame(BaseModel):
    """A new game: which game, who sits where, options and time limit."""

    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(
        min_length=1, max_length=32,
        description="The game (see `GET /api/kinds`).",
        json_schema_extra=_known_games,
    )
    players: list[PlayerKind] = Field(
        min_length=1, max_length=8,
        description="One entry per seat: `human` (a free seat to join) or one of the bots "
                    "`GET /api/kinds` lists in the game's `players`.",
    )
    preset: StrictStr | None = Field(
        default=None, max_length=40, description="The game's rules preset (see `GET /api/kinds`)."
    )
    options: dict[str, OptionValue] = Field(
        default_factory=dict, max_length=32,
        description="Rules options (see `GET /api/kinds`), e.g. `{\"turn_limit\": 100}`.",
    )
    decision_seconds: float | None = Field(
        default=None, ge=1, le=3600, allow_inf_nan=False,
        description="Time limit of each decision; when it runs out a bot decides.",
    )
    seed: StrictInt | None = Field(
        default=None, ge=0, le=2**63 - 1,
        description="Seed of the game (for tests and puzzles; such a game is marked `seeded`).",
    )
    name: GameTitle = Field(default="", description="A title for the lobby.")
    spectator_chat: StrictBool = Field(
        default=False, description="Spectators may write in the table's chat (they always read).")


class JoinGame(BaseModel):
    """Take a seat: the first free one, or the one named."""

    model_config = ConfigDict(extra="forbid")

    name: PlayerName = Field(description="Display name.")
    seat: StrictInt | None = Field(default=None, ge=0, le=7, description="A free human seat.")


class Player(BaseModel):
    """A seat as the lobby shows it."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None
    taken: bool
    connected: bool
    left: bool = Field(description="A person sat here and left the game for good: a bot plays "
                                   "the seat under the person's name.")


class GameSummary(BaseModel):
    """A game in the lobby."""

    id: str
    game: str
    name: str
    status: Literal["open", "playing", "finished"]
    seats: int
    players: list[Player]
    free_seats: list[int]
    options: dict[str, Any]
    decision_seconds: float
    seeded: bool
    version: int = Field(description="Number of actions played.")
    turn: int | None
    created: float
    result: dict[str, Any] | None
    spectator_chat: bool = False
    rematch_of: str | None = Field(default=None, description="The game this one is a rematch of.")


class Joined(BaseModel):
    """A seat taken: keep the token secret, it acts for the seat."""

    game_id: str
    seat: int
    token: str
    ws: str = Field(description="Path of the game's WebSocket (add `?token=...`).")


class RecordAction(BaseModel):
    """One action of a record (redacted records keep only its type)."""

    seat: int
    action: dict[str, Any]
    by: str
    reason: str | None


class RecordFileAction(BaseModel):
    """One action of a record sent to be replayed, and who chose it when the file says so."""

    seat: StrictInt = Field(ge=0, le=7)
    action: dict[str, Any]
    by: Literal["player", "bot", "standin", "deadline"] | None = Field(
        default=None, description="Who chose the action (a server's record says it).")
    reason: Literal["timeout", "away", "session_deadline"] | None = Field(
        default=None, description="Why a stand-in or the clock chose it.")


class GameRecord(BaseModel):
    """A game's record: complete once the game is over, redacted before."""

    id: str
    game: str
    seats: int
    seed: int | None
    options: dict[str, Any]
    status: str
    complete: bool
    players: list[Player] = Field(description="Who sat where, as the lobby shows them.")
    actions: list[RecordAction]
    result: dict[str, Any] | None


class RecordFile(BaseModel):
    """A game's record sent to be replayed: the fields of ``GET /api/games/{id}/record``,
    ``tycoon tournament --records`` and ``tycoon play --record`` (others are ignored)."""

    game: StrictStr = Field(max_length=64)
    seats: StrictInt = Field(ge=1, le=8)
    seed: StrictInt = Field(ge=0, le=2**64 - 1)
    options: dict[str, Any] = Field(default_factory=dict)
    actions: list[RecordFileAction] = Field(default_factory=list, max_length=20_000)
    players: list[dict[str, Any]] | None = Field(
        default=None, max_length=8, description="Who sat where, to name the seats.")


class BotRating(BaseModel):
    """A bot's rating on the ladder (``tycoon ladder``): Elo, mean 1500, with its 95%
    bootstrap interval."""

    elo: int
    ci95: list[int]


class GameKind(BaseModel):
    """A game the server offers, with what its creation form needs."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    default_seats: int
    options: dict[str, Any]
    players: list[str]
    ratings: dict[str, BotRating] = Field(
        default_factory=dict,
        description="The ladder's rating of the bots among ``players`` that it has rated.")


class ErrorBody(BaseModel):
    """An error answer: ``detail`` says what is wrong in words (English); ``code`` names the
    case for a client that words it itself; ``errors`` lists each field problem of a request
    that does not match the schema."""

    detail: str
    code: str | None = None
    errors: list[dict[str, Any]] | None = None


class ReplayStep(BaseModel):
    """The position after ``step`` actions of a finished game, as one seat (or a spectator)
    saw it, with the events of that step."""

    step: int
    total: int
    view: dict[str, Any]
    events: list[dict[str, Any]]
    history: list[dict[str, Any]] = Field(
        default_factory=list,
        description="`[{\"step\", \"events\", \"actor\"}]`: the events and actor of each step "
                    "after `since` and before `step`, oldest first.")
    actor: dict[str, Any] | None = Field(
        description="Who chose the step's action: `{\"seat\"}`, with `by`, `reason` and the "
                    "table's `message` about it when the record says who chose it.")
    action: dict[str, Any] | None = Field(
        description="The step's action: `{\"seat\", \"action\"}` (null at step 0)."
    )
    result: dict[str, Any] | None = Field(description="The game's result.")


class ChatPost(BaseModel):
    """A message of the lobby's chat."""

    model_config = ConfigDict(extra="forbid")

    name: PlayerName = Field(description="Display name.")
    text: StrictStr = Field(min_length=1, max_length=500,
                            description="The message (1 to 500 characters once stripped).")


class ChatFrom(BaseModel):
    """Who wrote a chat message (no ``seat``: a spectator, or the lobby)."""

    seat: int | None = None
    name: str


class ChatMessage(BaseModel):
    """A chat message as stored and sent: text, shown as text (never HTML)."""

    type: Literal["chat"] = "chat"
    id: int
    from_: ChatFrom = Field(alias="from")
    text: str | None = None
    reaction: str | None = None
    at: float

    model_config = ConfigDict(populate_by_name=True)
