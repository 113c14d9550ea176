"""Run the runnable examples in the docstrings of the public packages."""

import doctest
import importlib
import pkgutil

import pytest

import tycoon

PACKAGES = ("tycoon.engine", "tycoon.capital", "tycoon.deal", "tycoon.bots", "tycoon.study",
            "tycoon.workers", "tycoon.terminal", "tycoon.cli")


def _modules():
    for name in PACKAGES:
        try:
            pkg = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # that package is not built yet
                continue
            raise
        yield name
        for info in pkgutil.walk_packages(getattr(pkg, "__path__", []), name + "."):
            yield info.name


assert tycoon.__version__


@pytest.mark.parametrize("name", sorted(set(_modules())))
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
