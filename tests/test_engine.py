"""The engine foundation: seeded generator, action parsing, records (design.md contract)."""

from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tycoon.engine import (
    Action,
    InvalidAction,
    Outcome,
    Record,
    Rng,
    check_seed,
    parse_data,
    ranked,
)


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
    with pytest.raises(InvalidAction, match=message):
        parse_data(data, {"build": Build}, {"lot": _lot})


def test_record_round_trip_and_validation():
    rec = Record("deal", 2, 7, {"double_rent_stack": 2}, [(0, {"type": "pass"})])
    assert Record.from_json(rec.to_json()) == rec
    with pytest.raises(ValueError, match="missing field"):
        Record.from_json({"game": "deal"})
    with pytest.raises(ValueError, match="action 0"):
        Record.from_json({"game": "deal", "seats": 2, "seed": 1, "actions": [5]})
    # a seat the game does not have is refused with what it has (seats count from 0 there)
    with pytest.raises(ValueError, match=r"^record: action 1 is by seat 2, not one of the "
                                         r"game's 2 seats \(0 to 1\)$"):
        Record.from_json({"game": "deal", "seats": 2, "seed": 1, "actions": [
            {"seat": 1, "action": {"type": "pass"}}, {"seat": 2, "action": {"type": "pass"}}]})
    with pytest.raises(ValueError, match=r"^record: seats must be at least 1, not 0$"):
        Record.from_json({"game": "deal", "seats": 0, "seed": 1, "actions": [
            {"seat": 0, "action": {"type": "pass"}}]})
    with pytest.raises(ValueError, match=r"^record: actions must be a list$"):
        Record.from_json({"game": "deal", "seats": 2, "seed": 1, "actions": {}})
    with pytest.raises(ValueError, match="action 0 must be"):  # a seat is no boolean
        Record.from_json({"game": "deal", "seats": 2, "seed": 1, "actions": [
            {"seat": True, "action": {"type": "pass"}}]})


# ----------------------------------------------------------------- the contract's new parts
def test_messages_render_plurals_by_each_language_rules():
    from tycoon.engine import Message, render, seat_ref

    cat = {"n": {"plural": "n", "one": "{n} carte", "other": "{n} cartes"},
           "seat.name": "P{number}"}
    assert render(Message("n", {"n": 0}), cat, "fr") == "0 carte"  # French: 0 is singular
    assert render(Message("n", {"n": 0}), cat, "en") == "0 cartes"
    assert render(Message("n", {"n": 1}), cat, "pt") == "1 carte"
    nested = Message("n", {"n": 2})
    assert render(Message("x", {"a": nested, "s": seat_ref(1)}), {**cat, "x": "{s}: {a}"},
                  "en") == "P2: 2 cartes"


def test_messages_strict_mode_refuses_missing_keys_and_placeholders():
    from tycoon.engine import Message, render
    from tycoon.engine.messages import MissingMessage

    with pytest.raises(MissingMessage):
        render(Message("absent"), {}, "en", strict=True)
    with pytest.raises(MissingMessage):
        render(Message("k"), {"k": "{x}"}, "en", strict=True)
    assert render(Message("k"), {"k": "{x}"}, "en") == "{x}"  # lenient for clients


def test_options_are_validated_by_one_validator():
    from tycoon.engine import InvalidOption, Option, resolve_options

    specs = (Option("mode", "choice", 1, (1, 2)), Option("fast", "bool", False))
    presets = {"std": {"mode": 1}, "alt": {"mode": 2}}
    assert resolve_options(specs, presets, None, {}) == {"preset": "std", "mode": 1, "fast": False}
    assert resolve_options(specs, presets, "alt", {"fast": "true"})["mode"] == 2
    assert resolve_options(specs, presets, "alt", {"mode": "1"})["mode"] == 1
    for bad in ({"mode": 3}, {"colour": 1}, {"fast": 2}):
        with pytest.raises(InvalidOption):
            resolve_options(specs, presets, None, bad)
    for preset in ("nope", {}, ["std"], 1):  # a preset from a file may be any JSON value
        with pytest.raises(InvalidOption, match="preset"):
            resolve_options(specs, presets, preset, {})
    # an integer out of range says the range in words, open ends included
    for option, value, said in (
            (Option("n", "int", 5, minimum=1, nullable=True), 0, "at least 1, or none"),
            (Option("n", "int", 5, maximum=9), 10, "at most 9"),
            (Option("n", "int", 5, minimum=1, maximum=9), 10, "from 1 to 9")):
        with pytest.raises(InvalidOption, match=f"expected an integer (of )?{said}$"):
            resolve_options((option,), {}, None, {"n": value})


def test_text_forms_round_trip_and_malformed_text_is_invalid():
    from tycoon.engine import get_game

    info = get_game("toy")
    state = info.new_game(seats=2, seed=1)
    for action in state.legal_actions(0):
        assert info.action_from_text(str(action)) == action
    for bad in ("", "fly", "play 3", "play card=x"):
        with pytest.raises(InvalidAction):
            info.action_from_text(bad)


def test_registry_finds_games_through_entry_points_and_names_unknown_ones():
    from tycoon.engine import games, get_game

    assert {"capital", "deal", "toy"} <= set(games())
    assert get_game("toy").title == "Toy"
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        get_game("chess")


def test_derive_seed_is_stable_and_spread():
    from tycoon.engine import derive_seed

    assert derive_seed(7, "bot", 1) == derive_seed(7, "bot", 1)
    seeds = {derive_seed(7, "game", i) for i in range(1000)}
    assert len(seeds) == 1000 and all(0 <= s < 2**63 for s in seeds)


def test_outcome_places_share_ties_and_default_to_the_standings():
    """``ranked`` gives equal keys one place; a result stored before places had none."""
    standings, places = ranked([(-2, -10), (-3, -1), (-2, -10), (-2, -4)])
    assert standings == (1, 0, 2, 3) and places == (2, 1, 2, 4)
    old = {"finished": False, "winner": None, "reason": "turn_limit", "turns": 9,
           "standings": [2, 0, 1], "scores": [5, 1, 9], "returns": [0.0, 0.0, 0.0]}
    assert Outcome.from_json(old).places == (2, 3, 1)
