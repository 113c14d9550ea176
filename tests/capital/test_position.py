"""The position format (docs/positions.md): schema, round trip, and impossible positions."""

import json

import jsonschema
import pytest

import tycoon.capital as capital
from tycoon.capital.position import schema
from tycoon.engine import InvalidPosition

from .helpers import business, position


def test_position_schema_is_valid_and_matches_to_json():
    jsonschema.Draft202012Validator.check_schema(schema())
    st = capital.new_game(seats=3, seed=9)
    jsonschema.validate(st.to_json(), schema())
    built = position(seats=4, businesses=[business(5, 0, "bar", 3, 2)],
                     constructions=[{"square": 9, "type": "toll", "owner": 1}],
                     phase="action", move={"landed": 5}, seat={0: {"square": 5}})
    jsonschema.validate(built.to_json(), schema())


def test_position_round_trip_is_exact():
    st = capital.new_game(seats=4, seed=21)
    data = json.loads(json.dumps(st.to_json()))
    assert capital.from_json(data).to_json() == st.to_json()


def test_minimal_hand_written_position_defaults():
    st = capital.from_json({"seats": [{}, {}]})
    assert [p.balance for p in st.seats] == [500, 500] and [p.square for p in st.seats] == [0, 14]
    assert st.phase == "roll" and st.current == 0 and st.turn == 1


BAD = [
    ({"seats": [{"seat": 0}]}, "2 to 4 seats"),
    ({"seats": [{"seat": 1}, {"seat": 1}]}, "seat 1 appears twice"),
    ({"seats": [{}, {"seat": 4}]}, "seat"),
    ({"seats": [{}, {}], "businesses": [business(0, 0, "bar", 0)]}, "not a block"),
    ({"seats": [{}, {}], "businesses": [business(13, 0, "bar", 0)]}, "minigame square"),
    ({"seats": [{}, {}], "businesses": [business(5, 4, "bar", 0)]}, "lot 4"),
    ({"seats": [{}, {}], "businesses": [business(5, 0, "casino", 0)]}, "casino"),
    ({"seats": [{}, {}], "businesses": [business(5, 0, "bar", 2)]}, "owner"),
    ({"seats": [{}, {}], "businesses": [business(5, 0, "bar", 0), business(5, 0, "bar", 1)]},
     "two businesses"),
    ({"seats": [{}, {}], "businesses": [{**business(5, 0, "bar", 0), "income": 99}]},
     "income 99"),
    ({"seats": [{"hand": ["joker"]}, {}]}, "unknown card 'joker'"),
    ({"seats": [{}, {}], "deck": ["toll"] * 3, "discard": ["toll"] * 2}, "'toll' appears 5"),
    ({"seats": [{}, {}], "constructions": [{"square": 14, "type": "toll", "owner": 0}]},
     "start square"),
    ({"seats": [{"color": "red"}, {}]}, "colour"),
    ({"seats": [{"dice": 5}, {}]}, "dice"),
    ({"seats": [{"effects": {"luck": 1}}, {}]}, "luck"),
    ({"seats": [{"effects": {"mafia": 1}}, {}]}, "mafia_payees"),
    ({"seats": [{"mafia_payees": [0], "effects": {"mafia": 1}}, {}]}, "own target"),
    ({"seats": [{}, {}], "phase": "dance"}, "phase"),
    ({"seats": [{}, {}], "phase": "branch"}, "fork"),
    ({"seats": [{}, {}], "phase": "action"}, "landed"),
    ({"seats": [{}, {}], "phase": "over"}, "winner"),
    ({"seats": [{}, {}], "dice_queue": [7]}, "dice_queue"),
    ({"seats": [{}, {}], "options": {"level_up": "never"}}, "level_up"),
    ({"seats": [{}, {}], "rng": {"state": -1}}, "rng"),
    ({"seats": [{}, {}], "surprise": 1}, "surprise"),
    ({"seats": [{}, {}], "game": "deal"}, "capital"),
    ({"seats": [{}, {}], "phase": "waive", "move": {"landed": 5}}, "outnumber"),
    ({"seats": [{}, {}], "phase": "minigame", "move": {"landed": 13}}, "minigame"),
    ({"seats": [{}, {}], "phase": "action", "move": {"landed": 5},
      "minigame": {"game": "memory", "seeds": [1, 2], "scores": [1, 2]}}, "minigame square"),
    ({"seats": [{}, {}], "phase": "minigame", "move": {"landed": 13},
      "minigame": {"game": "chess", "seeds": [1, 2]}}, "minigame.game"),
    ({"seats": [{}, {}], "phase": "minigame", "move": {"landed": 13},
      "minigame": {"game": "memory", "seeds": [1]}}, "one seed"),
]


@pytest.mark.parametrize("data,message", BAD)
def test_from_json_rejects_impossible_positions_naming_the_problem(data, message):
    with pytest.raises(InvalidPosition, match=message):
        capital.from_json(data)


def test_from_json_rejects_non_objects():
    for data in (None, [], "x", 3):
        with pytest.raises(InvalidPosition):
            capital.from_json(data)


def test_docs_positions_example_and_schema_are_current():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "positions.md").read_text()
    text = text.split("# Monopoly Deal positions")[0]  # the Capital half of the page
    blocks = text.split("```json\n")
    example = json.loads(blocks[1].split("```")[0])
    st = capital.from_json(example)
    assert st.businesses[5, 0].level == 2 and st.dice_queue == [6, 6]
    assert json.loads(blocks[-1].split("```")[0]) == schema()
