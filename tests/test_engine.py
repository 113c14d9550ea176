"""The engine foundation: seeded generator, action parsing, records (design.md contract)."""

from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tycoon.engine import Action, IllegalAction, Record, Rng, check_seed, parse_data


def test_rng_same_seed_same_sequence():
    a, b = Rng(123), Rng(123)
    assert [a.next64() for _ in range(10)] == [b.next64() for _ in range(10)]
    assert Rng(124).next64() != Rng(123).next64()


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_rng_below_in_range_and_json_round_trip(seed, n):
    r = Rng(seed)
    for _ in range(20):
        assert 0 <= r.below(n) < n
    copy = Rng.from_json(r.to_json())
    assert [copy.randint(-300, 500) for _ in range(5)] == [r.randint(-300, 500) for _ in range(5)]


def test_rng_dice_are_uniform_enough():
    r = Rng(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts)


def test_rng_shuffle_is_a_permutation_and_clone_is_independent():
    r = Rng(5)
    items = list(range(50))
    r.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    c = r.clone()
    assert c.next64() == r.next64()


@pytest.mark.parametrize("bad", [-1, 2**64, "1", 1.5, True, {"state": 1}])
def test_rng_rejects_bad_seeds(bad):
    with pytest.raises(ValueError):
        check_seed(bad)
    with pytest.raises(ValueError):
        Rng.from_json({"state": bad})


def test_rng_accepts_hand_written_seed():
    assert Rng.from_json({"seed": 9}) == Rng(9)


@dataclass(frozen=True, slots=True)
class Build(Action):
    type: ClassVar[str] = "build"
    lot: int
    kind: str = "bar"


def _lot(v):
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 3:
        raise ValueError("lot must be 0-3")
    return v


def test_parse_data_builds_and_round_trips():
    a = parse_data({"type": "build", "lot": 2, "kind": "bar"}, {"build": Build}, {"lot": _lot})
    assert a == Build(2, "bar")
    assert a.to_json() == {"type": "build", "lot": 2, "kind": "bar"}
    assert parse_data({"type": "build", "lot": 1}, {"build": Build}).kind == "bar"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"type": "fly"}, "unknown action type 'fly'"),
        ({"type": "build"}, "missing field 'lot'"),
        ({"type": "build", "lot": 1, "x": 2}, "unexpected field"),
        ({"type": "build", "lot": 9}, "bad 'lot': lot must be 0-3"),
    ],
)
def test_parse_data_errors_are_clear(data, message):
    with pytest.raises(IllegalAction, match=message):
        parse_data(data, {"build": Build}, {"lot": _lot})


def test_record_round_trip_and_validation():
    rec = Record("deal", 2, 7, {"double_rent_stack": 2}, [(0, {"type": "pass"})])
    assert Record.from_json(rec.to_json()) == rec
    with pytest.raises(ValueError, match="missing field"):
        Record.from_json({"game": "deal"})
    with pytest.raises(ValueError, match="action 0"):
        Record.from_json({"game": "deal", "seats": 2, "seed": 1, "actions": [5]})
