"""Operations (issue 14): Prometheus metrics at /metrics, JSON logs on request, settings by
flag and environment variable in ``tycoon serve --help``, the single-process default."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import time

import httpx
import pytest
from clusterlib import ServerProcess
from fastapi.testclient import TestClient

from tycoon.server import create_app
from tycoon.server.logs import JsonFormatter, configure
from tycoon.server.migrate import head
from tycoon.server.settings import ServerSettings

pytestmark = pytest.mark.cluster

def metric(text: str, name: str) -> float:
    """The sum of every sample of ``name`` (any labels)."""
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name) and line[len(name)] in " {":
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_metrics_count_games_actions_bots() -> None:
    """/metrics reports games by status, connections, actions, ack latency, bot time."""
    app = create_app("sqlite://", bot_delay=0.0, bot_processes=0, gc_freeze=False)
    with TestClient(app) as client:
        r = client.post("/api/games", json={"game": "toy", "players": ["human", "random"],
                                            "options": {"round_every": 0}})
        assert r.status_code == 201
        game = r.json()
        token = client.post(f"/api/games/{game['id']}/join", json={"name": "ana"}).json()["token"]
        with client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as ws:
            for _ in range(40):
                msg = ws.receive_json()
                if msg["type"] == "update" and msg["legal"]:
                    ws.send_json({"seq": 1, "action": msg["legal"][0]["action"]})
                    while msg["type"] != "ack":
                        msg = ws.receive_json()
                    break
            text = client.get("/metrics").text
            assert metric(text, "tycoon_connections") == 1
        assert 'tycoon_games{status="playing"} 1.0' in text
        assert metric(text, "tycoon_actions_total") >= 1
        assert metric(text, "tycoon_ack_seconds_count") >= 1
        assert "tycoon_bot_thinking_seconds_bucket" in text
        assert "tycoon_lease_moves_total" in text or "tycoon_lease_moves" in text


def test_json_log_lines() -> None:
    """--log-format json: one JSON object per line, with level, logger, message."""
    record = logging.LogRecord("tycoon.server", logging.WARNING, "", 0, "game %s: %d", ("g", 3),
                               None)
    record.game_id = "g"
    line = json.loads(JsonFormatter().format(record))
    assert line["level"] == "warning" and line["message"] == "game g: 3"
    assert line["game_id"] == "g" and line["time"].endswith("Z")


def test_a_forwarded_request_is_not_logged_again_by_the_http_client() -> None:
    """In cluster mode each REST call about a game that one process forwards to the game's
    owner was logged three times: the access lines of both processes, and httpx's own
    "HTTP Request: GET http://10.0.0.3:8000/api/games/G" between them. The server's logs
    keep the first two."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        configure("text")
        heard: list[str] = []
        root.handlers[0].emit = lambda record: heard.append(record.getMessage())  # type: ignore[method-assign]
        logging.getLogger("httpx").info("HTTP Request: GET http://10.0.0.3:8000/api/games/G")
        logging.getLogger("tycoon.server.cluster").info("game G: taken over at epoch 2")
        assert heard == ["game G: taken over at epoch 2"]
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        logging.getLogger("httpx").setLevel(logging.NOTSET)


def test_serve_logs_json_and_settings_from_environment(tmp_path) -> None:
    """A real ``tycoon serve --log-format json`` writes JSON lines; settings come from
    TYCOON_* variables; --help lists every setting with its variable."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'x.sqlite3'}", {"bot_processes": 0})
    server.start()
    try:
        server.wait_ready(30)
        assert httpx.get(f"{server.http}/metrics", timeout=5).status_code == 200
    finally:
        server.stop()
    args = [sys.executable, "-m", "tycoon.cli", "serve", "--help"]
    out = subprocess.run(args, capture_output=True, text=True, timeout=60,
                         env={"NO_COLOR": "1", "COLUMNS": "200", "PATH": "/usr/bin:/bin",
                              "PYTHONPATH": ":".join(sys.path)}).stdout
    for name in ("advertise_url", "lease_seconds", "log_format", "redis_url"):
        assert name in out
    assert "$TYCOON_ADVERTISE_URL" in out and "--log-format" in out
    env_settings = ServerSettings.from_env({"TYCOON_LEASE_SECONDS": "4",
                                            "TYCOON_LOG_FORMAT": "json"})
    assert env_settings.lease_seconds == 4.0 and env_settings.log_format == "json"
    port = ServerProcess("", {}).port
    proc = subprocess.Popen(
        [sys.executable, "-m", "tycoon.cli", "serve", "--port", str(port), "--log-format",
         "json", "--db", f"sqlite:///{tmp_path / 'y.sqlite3'}", "--set", "bot_processes=0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health/live", timeout=1).is_success:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        for path in ("/health/ready", "/metrics", "/api/kinds"):
            assert httpx.get(f"http://127.0.0.1:{port}{path}", timeout=5).is_success
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    assert lines and all("level" in x and "message" in x for x in lines)
    # a balancer's checks every second and the metric scrapes: not a line each (log_checks)
    access = [x["message"] for x in lines if x["logger"] == "uvicorn.access"]
    assert any("GET /api/kinds" in m for m in access), access
    assert not [m for m in access if "/health/" in m or "/metrics" in m], access
    assert not [line for line in err.splitlines() if line.strip() and not line.startswith("{")]
    # the migration is said in one line (a fresh file), not alembic's own lines for it
    assert [x["message"] for x in lines if "tables created" in x["message"]] == [
        f"database sqlite:///{tmp_path / 'y.sqlite3'}: tables created (schema {head()})"]
    assert not [x for x in lines if x["logger"].startswith("alembic")]
