"""Prometheus metrics of a server process (``GET /metrics``, text exposition format).

- ``tycoon_games{status}``: games this process holds, by status (open, playing, finished);
- ``tycoon_connections``: WebSocket connections to the games this process holds;
- ``tycoon_actions_total{by}``: actions applied (player, bot, standin, clock, ...);
- ``tycoon_ack_seconds``: histogram of the time from a player's action reaching its game to
  its commit and acknowledgement (queueing behind the game's lock included);
- ``tycoon_bot_thinking_seconds``: histogram of a bot's time to choose an action;
- ``tycoon_lease_moves_total{kind}``: games taken over by this process (``taken``) and games
  it lost (``lost``) in cluster mode;
- ``tycoon_failures_total{kind}``: what failed and was told or tried again: ``store`` (an
  action the database did not store), ``publish`` (an update Redis did not take), ``bot`` (a
  bot that raised choosing), ``request`` (an HTTP request) and ``message`` (a WebSocket
  message) the server failed on.

>>> action_applied("player", 0.004)
>>> b"tycoon_actions_total" in render(None)
True
"""

from __future__ import annotations

from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import generate_latest

#: The registry of this process's metrics (not the library's global one).
REGISTRY = CollectorRegistry(auto_describe=True)

GAMES = Gauge("tycoon_games", "Games held by this process, by status.", ["status"],
              registry=REGISTRY)
CONNECTIONS = Gauge("tycoon_connections", "WebSocket connections to this process's games.",
                    registry=REGISTRY)
ACTIONS = Counter("tycoon_actions", "Actions applied, by who chose them.", ["by"],
                  registry=REGISTRY)
ACK_SECONDS = Histogram(
    "tycoon_ack_seconds", "From a player's action reaching its game to its acknowledgement.",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY)
BOT_SECONDS = Histogram(
    "tycoon_bot_thinking_seconds", "A bot's time to choose one action.",
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0), registry=REGISTRY)
LEASE_MOVES = Counter("tycoon_lease_moves", "Games taken over by, or lost by, this process.",
                      ["kind"], registry=REGISTRY)
FAILURES = Counter("tycoon_failures", "Failures told or tried again, by kind.", ["kind"],
                   registry=REGISTRY)

#: The content type of :func:`render`'s answer.
CONTENT_TYPE = CONTENT_TYPE_LATEST


def action_applied(by: str, seconds: float) -> None:
    """Count one applied action (and its time to ack, for a player's)."""
    ACTIONS.labels(by=by).inc()
    if by == "player":
        ACK_SECONDS.observe(seconds)


def bot_thought(seconds: float) -> None:
    """Record one bot decision's time."""
    BOT_SECONDS.observe(seconds)


def lease_moved(kind: str) -> None:
    """One game ``taken`` over by this process, or ``lost`` by it."""
    LEASE_MOVES.labels(kind=kind).inc()


def failed(kind: str) -> None:
    """Count one failure of ``kind``: store, publish, bot, request or message."""
    FAILURES.labels(kind=kind).inc()


def render(lobby: Any) -> bytes:
    """The metrics, with the gauges read from ``lobby`` now."""
    if lobby is not None:
        counts = {"open": 0, "playing": 0, "finished": 0}
        connections = 0
        for room in list(lobby.rooms.values()):
            counts[room.status] = counts.get(room.status, 0) + 1
            connections += sum(room.connections.values())
        for status, n in counts.items():
            GAMES.labels(status=status).set(n)
        CONNECTIONS.set(connections)
    return generate_latest(REGISTRY)
