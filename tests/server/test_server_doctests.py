"""The ``>>>`` examples of tycoon.server's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["app", "botrunner", "broker", "clocks", "limiter", "lobby", "main", "protocol",
           "room", "sessions", "settings", "storage", "table", "thinking", "updates", "ws"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"tycoon.server.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
