"""Helpers of the cluster tests (no conftest here: ``tests/server`` imports its own
``conftest`` by name): service fixtures, unique table prefixes, server processes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from typing import Any

import httpx
import pytest

PG_URL = os.environ.get("TYCOON_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TYCOON_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _unavailable(what: str, exc: Exception) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but {what} is not available: {exc}")
    pytest.skip(f"{what} is not available: {exc}")


@pytest.fixture(name="pg_url")
def pg_url_fixture() -> str:
    """The test PostgreSQL database (a fixture: import it into a test module)."""
    return pg_url()


@pytest.fixture(name="redis_url")
def redis_url_fixture() -> str:
    """The test Redis (a fixture: import it into a test module)."""
    return redis_url()


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
        # stderr goes to a file: an unread pipe fills up with the log of a long run and then
        # blocks the server on its next log line (seen: "not ready in time" after 10 kills)
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        args = [sys.executable, "-m", "tycoon.cli", "serve", "--host", "127.0.0.1",
                "--port", str(self.port), "--db", self.db]
        for key, value in self.settings.items():
            args += ["--set", f"{key}={value}"]
        self.log.seek(0)
        self.log.truncate()
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=self.log)
        return self

    def log_tail(self, size: int = 3000) -> str:
        """The end of what the process wrote on stderr."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-size:]

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"server exited with {self.proc.returncode}: {self.log_tail()}")
            try:
                if httpx.get(f"{self.http}/health/ready", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"server not ready in {timeout:g} s; its log: {self.log_tail()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
