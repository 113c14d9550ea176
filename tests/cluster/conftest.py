"""Cluster test harness: PostgreSQL and Redis fixtures (skip without the services unless
CI=true), unique table prefixes, server processes started as subprocesses."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

PG_URL = os.environ.get("TYCOON_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TYCOON_TEST_REDIS", "redis://127.0.0.1:6379/0")


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Every test of this folder carries the ``cluster`` marker."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.cluster)


def _unavailable(what: str, exc: Exception) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but {what} is not available: {exc}")
    pytest.skip(f"{what} is not available: {exc}")


@pytest.fixture
def pg_url() -> str:
    """The test PostgreSQL database."""
    import sqlalchemy as sa

    try:
        engine = sa.create_engine(PG_URL)
        with engine.connect() as conn:
            conn.execute(sa.text("select 1"))
        engine.dispose()
    except Exception as exc:
        _unavailable("PostgreSQL", exc)
    return PG_URL


@pytest.fixture
def redis_url() -> str:
    """The test Redis."""
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        _unavailable("Redis", exc)
    return REDIS_URL


def unique_prefix() -> str:
    """A table prefix no other run uses."""
    return f"t{uuid.uuid4().hex[:10]}_"


def free_port() -> int:
    """A free loopback TCP port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``tycoon serve`` in a subprocess (so that it can be killed)."""

    def __init__(self, db: str, settings: dict[str, Any], port: int | None = None) -> None:
        self.db = db
        self.settings = settings
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        args = [sys.executable, "-m", "tycoon.cli", "serve", "--host", "127.0.0.1",
                "--port", str(self.port), "--db", self.db]
        for key, value in self.settings.items():
            args += ["--set", f"{key}={value}"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return self

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise AssertionError(f"server exited with {self.proc.returncode}: {err[-3000:]}")
            try:
                if httpx.get(f"{self.http}/health/ready", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError("server not ready in time")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
