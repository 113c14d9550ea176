"""``bench/bots.py``'s study specs: the diagnostic oracle groups and their validation."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bots.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_oracle_groups_join_names_and_cards() -> None:
    """``oracle=A+B`` is the union of groups and card names: the action group is its parts."""
    bots = _bench()
    parts = bots.oracle_group("steals+charges") | bots.oracle_group("pass_go+house+hotel")
    assert parts | bots.oracle_group("jsn") == bots.oracle_group("actions")
    assert len(bots.oracle_group("steals")) == 8  # 2 Deal Breakers, 3 Sly and 3 Forced Deals
    assert doctest.testmod(bots).failed == 0


@pytest.mark.parametrize("spec", ["xsearch:oracle=steals+nothing", "xsearch:oracle="])
def test_unknown_oracle_group_is_refused_before_play(spec: str) -> None:
    bots = _bench()
    with pytest.raises(ValueError, match="card names joined by"):
        bots.build(spec, "deal", 1)


def test_oracle_is_for_deal_only() -> None:
    with pytest.raises(ValueError, match="Deal only"):
        _bench().build("xsearch:oracle=hands", "capital", 1)
