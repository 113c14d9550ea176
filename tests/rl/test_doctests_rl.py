"""Run the docstring examples of ``tycoon.rl`` (its modules need the ``rl`` extra)."""

from __future__ import annotations

import doctest
import importlib

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

MODULES = ["tycoon.rl", "tycoon.rl.core", "tycoon.rl.capital_codec", "tycoon.rl.deal_codec",
           "tycoon.rl.registration", "tycoon.rl.openspiel_game",
           "tycoon.rl.pettingzoo_env", "tycoon.rl.gym_env"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    """Every ``>>>`` example of the module runs as written."""
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
