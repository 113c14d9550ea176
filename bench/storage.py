"""The lobby's list read from the database: ``Storage.list_games`` over finished games.

Every lobby page asks for the list of games every 5 s, and its finished games are read from
the database with their seats and their number of actions. This fills a database with
``--games`` finished Capital games of ``--actions`` actions each (a real game has about 900)
and times reading the newest 100, as ``GET /api/games`` does.

    .venv/bin/python bench/storage.py [--db URL] [--games N] [--actions N] [--times N]

Without ``--db`` a temporary SQLite file is used; with a PostgreSQL URL the tables get a
prefix of their own and are dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

from tycoon.server.storage import Storage


def fill(storage: Storage, games: int, actions: int) -> None:
    """``games`` finished games of four bots, each with ``actions`` actions."""
    with storage.engine.begin() as conn:
        for g in range(games):
            gid = f"B{g:07d}"
            conn.execute(storage.games.insert().values(
                id=gid, game="capital", seats=4, seed="1", options="{}", decision_seconds=60,
                status="finished", seeded=False, name="", created=float(g), result=None))
            conn.execute(storage.seats.insert(), [
                {"game_id": gid, "seat": s, "kind": "bot", "bot": "easy", "name": None,
                 "token_hash": None} for s in range(4)])
            conn.execute(storage.actions.insert(), [
                {"game_id": gid, "idx": i, "seat": i % 4, "action": '{"type":"roll"}',
                 "by": "bot", "reason": None, "at": 0.0} for i in range(actions)])


async def measure(url: str, prefix: str, games: int, actions: int, times: int) -> list[float]:
    storage = Storage(url, prefix=prefix)
    await storage.open()
    try:
        fill(storage, games, actions)
        await storage.list_games(("finished",), 100)  # warm the caches
        took = []
        for _ in range(times):
            start = time.perf_counter()
            rows = await storage.list_games(("finished",), 100)
            took.append((time.perf_counter() - start) * 1000)
        assert len(rows) == min(100, games) and rows[0][2] == actions
        return took
    finally:
        await storage.close()
        if not url.startswith("sqlite"):
            Storage(url, prefix=prefix).drop_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--actions", type=int, default=900)
    parser.add_argument("--times", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        prefix = f"bench{secrets.token_hex(3)}_"
        took = asyncio.run(measure(url, prefix, args.games, args.actions, args.times))
    kind = sa.engine.make_url(url).get_backend_name()
    print(f"{kind}: the newest 100 of {args.games} finished games of {args.actions} actions: "
          f"median {statistics.median(took):.1f} ms, max {max(took):.1f} ms a list "
          f"({args.times} lists)")


if __name__ == "__main__":
    main()
