"""The JSON position (docs/positions.md): round trips, schema, impossible positions, views."""

import json

import jsonschema
import pytest

from tycoon.deal import actions as actions_module
from tycoon.deal import from_json, new_game, parse_action
from tycoon.deal.cards import N_CARDS
from tycoon.deal.position import schema
from tycoon.engine import IllegalAction, InvalidAction, InvalidPosition

from .helpers import (
    BROWN,
    DEBT,
    GREEN,
    HOTEL,
    HOUSE,
    JSN,
    M1,
    M5,
    RED,
    YELLOW,
    build,
    position,
    seat,
)


def test_position_round_trip_and_schema():
    s = new_game(seats=4, seed=9)
    data = s.to_json()
    jsonschema.validate(data, schema())
    assert json.loads(json.dumps(data)) == data
    assert from_json(data).to_json() == data
    assert len(data["deck"]) == data["deck_size"]


def test_position_pending_round_trip_and_schema():
    s = build([seat(hand=[DEBT[0]]), seat(hand=[JSN[0]], bank=[M5[0]])])
    s.apply(0, parse_action({"type": "debt_collector", "card": DEBT[0], "target": 1}))
    data = s.to_json()
    jsonschema.validate(data, schema())
    assert data["pending"]["kind"] == "debt_collector" and data["pending"]["responder"] == 1
    assert from_json(data).to_json() == data


def test_position_hand_written_minimal():
    data = position([seat(hand=[M1[0]]), seat()])
    data["rng"] = {"seed": 3}
    jsonschema.validate(data, schema())
    s = from_json(data)
    assert s.to_move() == [0]


def _mv(data, card):
    """Take ``card`` out of the deck of ``data`` (to put it elsewhere)."""
    data["deck"].remove(card)
    return card


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["seats"][1]["hand"].append(M1[0]), "twice"),
        (lambda d: d["deck"].pop(), "missing"),
        (lambda d: d["seats"][0]["sets"][0].update(hotel=_mv(d, HOTEL[0])), "without a house"),
        (lambda d: d["seats"][0]["sets"][1].update(house=_mv(d, HOUSE[0])), "house"),
        (lambda d: d["seats"][0]["sets"][0]["cards"].append(_mv(d, YELLOW[0])), "not a red card"),
        (
            lambda d: d["seats"][0]["sets"].append(
                {"color": "brown", "cards": [_mv(d, BROWN[0]), _mv(d, BROWN[1]), _mv(d, 58)]}
            ),
            "over its size",
        ),
        (lambda d: d["seats"][0]["bank"].append(_mv(d, BROWN[0])), "never go to the bank"),
        (
            lambda d: d["seats"][0]["sets"].append({"color": "green", "cards": [_mv(d, GREEN[2])]}),
            "two unfinished",
        ),
        (lambda d: d.update(phase="pay"), "pending"),
        (lambda d: d.update(winner=0, phase="over"), "does not hold three"),
        (lambda d: d.update(current=7), "current"),
        (lambda d: d.update(game="capital"), "game"),
        (lambda d: d["seats"][0]["sets"][0].update(color="purple"), "colour"),
        (lambda d: d.update(rng={"state": -1}), "rng"),
        (lambda d: d.update(options={"double_rent_stack": 5}), "double_rent_stack"),
        (lambda d: d.update(seats=d["seats"][:1]), "2 to 5 seats"),
    ],
)
def test_from_json_rejects_impossible_positions(change, message):
    data = position(
        [seat(hand=[M1[0]], sets=[("red", RED), ("green", GREEN[:2])]), seat(hand=[M1[1]])]
    )
    from_json(data)
    change(data)
    with pytest.raises(InvalidPosition, match=message):
        from_json(data)


def test_from_json_rejects_a_pending_answer_nobody_needs():
    data = position(
        [seat(), seat(bank=[M5[0]])],
        phase="respond",
        pending={"kind": "debt_collector", "by": 0, "card": DEBT[0], "targets": [1], "amount": 5},
        discard=[DEBT[0]],
    )
    with pytest.raises(InvalidPosition, match="holds no Just Say No"):
        from_json(data)


def test_md_9_views_hide_hands_and_deck():
    s = new_game(seats=3, seed=4)
    for who in (0, 1, 2, None):
        v = s.view(who)
        assert {"game", "turn", "current", "to_move", "phase", "seats", "winner"} <= set(v)
        assert "deck" not in v and "rng" not in v
        for sd in v["seats"]:
            assert ("hand" in sd) == (sd["seat"] == who)
            assert sd["hand_size"] == len(s.hands[sd["seat"]])


def test_parse_action_errors_name_the_problem():
    """A malformed action is ``InvalidAction`` (not ``IllegalAction``: nothing says whether it
    is legal now), and its message names the problem."""
    with pytest.raises(InvalidAction, match="unknown action type"):
        parse_action({"type": "fly"})
    with pytest.raises(InvalidAction, match="colour"):
        parse_action({"type": "property", "card": 20, "color": "purple"})
    with pytest.raises(InvalidAction, match="card"):
        parse_action({"type": "bank", "card": 106})
    with pytest.raises(InvalidAction, match="missing"):
        parse_action({"type": "sly_deal", "card": 77, "target": 1})
    with pytest.raises(InvalidAction, match="at most 2 cards"):
        parse_action({"type": "rent", "card": 61, "color": "red", "doubles": [98, 98, 98]})


def test_parsed_actions_share_the_engines_instances_and_keep_nothing_else():
    """A legal action read from its JSON is the engine's own instance (``apply`` finds it by
    identity); an action the engine never made is read as an equal new object, and not kept:
    a server parsing any number of distinct actions from its clients does not grow."""
    s = new_game(seed=2)
    for a in s.legal_actions(s.current):
        assert parse_action(a.to_json()) is a
    table = len(actions_module._INTERNED)
    unseen = [{"type": "forced_deal", "card": 0, "target": 4, "take": take, "give": give}
              for take in range(N_CARDS) for give in range(N_CARDS)]
    for data in unseen:
        assert parse_action(data).to_json() == data
    assert len(actions_module._INTERNED) == table


def test_apply_refuses_garbage_and_changes_nothing():
    s = new_game(seed=2)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(s.current, "end_turn")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        s.apply(1 - s.current, parse_action({"type": "end_turn"}))
    assert s.to_json() == before
