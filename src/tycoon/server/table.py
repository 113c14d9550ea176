"""Around the game at a table: chat (and quick reactions), and the rematch being gathered.

Chat messages are stored with the game (they survive a restart); a ``welcome`` carries the
last :data:`HISTORY`. Text is kept as the person typed it (stripped) and always sent as
JSON text: the server never interprets it, clients show it as text, never as HTML.

>>> limit = ChatLimit(2, 10.0)
>>> [limit.allow(0.0), limit.allow(1.0), limit.allow(2.0), limit.allow(10.5)]
[True, True, False, True]
"""

from __future__ import annotations

from collections import deque
from typing import Any

#: The quick reactions a chat message may carry instead of text.
REACTIONS = ("👍", "😀", "😮", "😢", "🎉", "🤔")
#: Longest chat text, in characters (after stripping).
MAX_TEXT = 500
#: Chat messages a ``welcome`` carries.
HISTORY = 100


class ChatLimit:
    """At most ``count`` messages in any ``seconds`` window (per connection or address)."""

    def __init__(self, count: int = 5, seconds: float = 10.0) -> None:
        self.count = count
        self.seconds = seconds
        self.times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        """Count one message at ``now`` if the window has room."""
        while self.times and self.times[0] <= now - self.seconds:
            self.times.popleft()
        if len(self.times) >= self.count:
            return False
        self.times.append(now)
        return True


def chat_message(row: dict[str, Any]) -> dict[str, Any]:
    """The ``chat`` message of a stored chat row.

    >>> chat_message({"id": 3, "seat": None, "name": "Ana", "text": "hi", "reaction": None,
    ...               "at": 1.0})
    {'type': 'chat', 'id': 3, 'from': {'seat': None, 'name': 'Ana'}, 'at': 1.0, 'text': 'hi'}
    """
    out: dict[str, Any] = {"type": "chat", "id": row["id"],
                           "from": {"seat": row["seat"], "name": row["name"]}, "at": row["at"]}
    if row.get("reaction"):
        out["reaction"] = row["reaction"]
    else:
        out["text"] = row["text"]
    return out


class TableChat:
    """The latest chat messages of one table (the database keeps them all)."""

    def __init__(self) -> None:
        self.messages: deque[dict[str, Any]] = deque(maxlen=HISTORY)

    def load(self, rows: list[dict[str, Any]]) -> None:
        """Start from stored rows (oldest first)."""
        self.messages.clear()
        self.messages.extend(chat_message(r) for r in rows[-HISTORY:])

    def add(self, message: dict[str, Any]) -> None:
        """Keep one more message."""
        self.messages.append(message)

    def recent(self) -> list[dict[str, Any]]:
        """The last :data:`HISTORY` messages, oldest first."""
        return list(self.messages)


class Rematch:
    """The rematch of a finished game: the new game (made once) and who accepted it."""

    def __init__(self) -> None:
        self.game_id: str | None = None
        self.accepted: set[int] = set()
        self.timer: Any = None

    def to_json(self) -> dict[str, Any] | None:
        """``{"game_id", "accepted"}`` once somebody asked for a rematch, else None."""
        if self.game_id is None:
            return None
        return {"game_id": self.game_id, "accepted": sorted(self.accepted)}
