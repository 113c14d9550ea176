"""Shared test settings: Hypothesis profiles (``ci`` is used when CI=true), the test plugins
of ``tests/plugins`` (the Toy game, registered through its ``tycoon.games`` entry point) on
the path of this process and of every subprocess it starts, and the default suite (a
``pytest`` that names no tests leaves out those marked ``slow``; ``--slow`` keeps them)."""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

PLUGINS = str(Path(__file__).parent / "plugins")
if PLUGINS not in sys.path:
    sys.path.insert(0, PLUGINS)
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (PLUGINS, os.environ.get("PYTHONPATH", "")) if p)

from tycoon.engine import registry  # noqa: E402

registry.refresh()

settings.register_profile(
    "dev", deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true",
                     help="run the tests marked slow too (./dev test does, as CI)")


@pytest.hookimpl(trylast=True)  # after tests/web/conftest.py has marked its tests slow
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The default suite: a ``pytest`` given no path, ``-m`` or ``-k`` leaves the slow tests
    out. Naming tests (a file, a marker, a keyword) runs what is named, slow or not."""
    named = (config.option.markexpr or config.option.keyword
             or config.args_source != pytest.Config.ArgsSource.TESTPATHS)
    if config.getoption("--slow") or named:
        return
    kept: list[pytest.Item] = []
    slow: list[pytest.Item] = []
    for item in items:
        (slow if item.get_closest_marker("slow") else kept).append(item)
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = kept
