"""The Docker image of ``deploy/``: its build context is what the Dockerfile copies and nothing
else of a checkout (``.dockerignore``, read as Docker reads it, by docker-py's matcher)."""

from __future__ import annotations

import shlex
from pathlib import Path

from docker.utils.build import exclude_paths

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = "deploy/Dockerfile"


def copied() -> set[str]:
    """The sources of the Dockerfile's ``COPY`` lines, relative to the context."""
    out = set()
    for line in (ROOT / DOCKERFILE).read_text(encoding="utf-8").splitlines():
        words = [] if line.lstrip().startswith("#") else shlex.split(line)
        if words and words[0].upper() == "COPY":
            out |= {w.rstrip("/") for w in words[1:-1] if not w.startswith("--")}
    return out


def context() -> set[str]:
    """The files ``docker build -f deploy/Dockerfile .`` sends from this checkout."""
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    patterns = [line for line in lines if line.strip() and not line.startswith("#")]
    paths = exclude_paths(str(ROOT), patterns, dockerfile=DOCKERFILE)
    return {p for p in paths if (ROOT / p).is_file()}


def test_the_image_is_built_from_what_the_dockerfile_copies_and_nothing_else():
    """A checkout holds ``.venv/`` (about 2 GB after ``./dev test``), ``.git/``, artifacts and
    game databases: without ``.dockerignore`` every ``docker compose up --build`` sent them all."""
    sources = copied()
    assert sources == {"pyproject.toml", "README.md", "src"}
    sent = context()
    for source in sources:
        assert any(p == source or p.startswith(source + "/") for p in sent), source
    assert "src/tycoon/web/index.html" in sent
    outside = {p for p in sent if not any(p == s or p.startswith(s + "/") for s in sources)}
    assert outside <= {DOCKERFILE, ".dockerignore"}
    assert not [p for p in sent if "__pycache__" in p or ".egg-info" in p]
