"""Fixtures of the browser tests: Debian's Chromium driven by Playwright for Python.

The browser is installed by ``.ci/setup-browser`` (called here when it is missing). Screenshots
go to ``artifacts/screenshots/`` (git-ignored), one per screen, to look at.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that open pages drive a browser: mark them ``browser``, and ``slow`` (half of
    the whole suite's time: a ``pytest`` naming no tests leaves them out, ``./dev test``
    runs them)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """One headless Chromium for the browser tests, closed once they are done: Playwright's
    event loop runs in the thread while it is open, and the ``asyncio.run`` of other tests
    run after them in the same process would fail ("cannot be called from a running event
    loop")."""
    if not os.path.exists(CHROMIUM):
        subprocess.run([str(ROOT / ".ci" / "setup-browser")], check=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """Open pages in fresh contexts (own storage); errors in the page fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800, init: str | None = None) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        if init:
            ctx.add_init_script(init)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(10_000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def shot() -> Callable[[Any, str], Path]:
    """Save a screenshot of a page as artifacts/screenshots/NAME.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def save(page: Any, name: str, full_page: bool = False) -> Path:
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save
