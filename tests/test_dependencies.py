"""What each part of Tycoon imports is installed by what a user installs for it: the default
install for the rules, bots, terminal and command line; ``tycoon[scale]`` for the server (the
Docker image's install); ``tycoon[ray]``, ``[learn]`` and ``[rl]`` for theirs. The dev extra
installs everything, so the suite alone would not notice a missing one (cluster mode once
imported httpx, which only the dev extra brought: the Docker image failed at start-up)."""

from __future__ import annotations

import ast
import sys
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

SRC = Path(__file__).resolve().parents[1] / "src" / "tycoon"
#: The extra a part's users install beside the default (a part not listed: the default alone).
EXTRAS = {"server": {"scale"}, "study": {"ray"}, "learn": {"learn"}, "rl": {"rl"}}


def imported(part: str) -> set[str]:
    """The top-level modules that ``src/tycoon/PART`` imports, anywhere in its code."""
    paths = [SRC / f"{part}.py"] if (SRC / f"{part}.py").exists() else (SRC / part).rglob("*.py")
    out = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                out |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                out.add(node.module.split(".")[0])
    return {m for m in out if m not in sys.stdlib_module_names and m not in ("tycoon",
                                                                          "__future__")}


def installed_by(extras: set[str]) -> set[str]:
    """Every distribution ``pip install tycoon[EXTRAS]`` brings, its dependencies' included."""
    seen: set[str] = set()

    def walk(req: Requirement, wanted: set[str]) -> None:
        if req.marker is not None and not any(req.marker.evaluate({"extra": e})
                                              for e in wanted | {""}):
            return
        name = canonicalize_name(req.name)
        if name in seen:
            return
        seen.add(name)
        try:
            below = requires(req.name) or []
        except PackageNotFoundError:
            return
        for line in below:
            walk(Requirement(line), set(req.extras))

    for line in requires("tycoon") or []:
        walk(Requirement(line), extras)
    return seen


def parts() -> list[str]:
    return sorted(p.stem if p.is_file() else p.name for p in SRC.iterdir()
                  if (p.is_dir() and any(p.rglob("*.py"))) or (p.suffix == ".py"
                                                               and p.stem != "__init__"))


@pytest.mark.parametrize("part", parts())
def test_what_a_part_imports_its_install_brings(part):
    owners = packages_distributions()
    have = installed_by(EXTRAS.get(part, set()))
    missing = {module: owners.get(module) for module in imported(part)
               if not {canonicalize_name(d) for d in owners.get(module, [])} & have}
    assert not missing, (f"src/tycoon/{part} imports {sorted(missing)}, which "
                         f"pip install tycoon{sorted(EXTRAS.get(part, set())) or ''} "
                         f"does not install (from {missing})")


def test_the_command_line_loads_the_server_only_when_a_command_needs_it():
    """``tycoon --help``, ``tycoon play`` or ``tycoon stats`` do not pay for FastAPI and
    SQLAlchemy (about half a second, once on every command, when ``tycoon.server`` loaded its
    app on import)."""
    import subprocess

    heavy = ("fastapi", "sqlalchemy", "uvicorn", "starlette", "alembic")
    out = subprocess.run(
        [sys.executable, "-c", "import sys, tycoon.cli; "
         f"print(','.join(m for m in {heavy!r} if m in sys.modules))"],
        capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
