"""The engine contract for Monopoly Deal (``docs/games.md``): identity (``==``, ``key``), text
forms, the shared events, ``Outcome``, client data and the words of every action, event and
prompt in the four languages (MD-1, MD-3, MD-6, MD-8)."""

import json

import pytest

from tycoon.deal import CARDS, GAME, from_json, new_game
from tycoon.deal.actions import END_TURN
from tycoon.deal.describe import prompt
from tycoon.deal.events import (
    BuildingsLost,
    Cancelled,
    Charged,
    Drew,
    GameOver,
    PaidShort,
    Played,
    Reshuffled,
    Transferred,
    TurnStarted,
    Won,
)
from tycoon.engine import LANGUAGES, Outcome, Rng, render

from .helpers import (
    BROWN,
    DBLUE,
    DEAL_BREAKER,
    DEBT,
    GREEN,
    HOTEL,
    HOUSE,
    JSN,
    M1,
    M2,
    M5,
    RED,
    RENT_WILD,
    SLY,
    W_PINK_ORANGE,
    act,
    build,
    seat,
    words,
)


def _mid_game(seed=3, steps=120):
    s = new_game(seats=3, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        (who,) = s.to_move()
        s.apply(who, rng.choice(s.legal_actions(who)))
    return s


def test_equal_positions_have_equal_keys_and_differ_after_a_move():
    s = _mid_game()
    c = s.clone()
    back = from_json(json.loads(json.dumps(s.to_json())))
    assert c == s == back and c.key() == s.key() == back.key()
    (who,) = c.to_move()
    c.apply(who, c.legal_actions(who)[-1])
    assert c != s and c.key() != s.key()
    other = s.clone()
    other.rng.next64()  # only the generator differs
    assert other != s and other.key() != s.key()
    assert (s == "deal") is False


def test_text_forms_read_back_exactly():
    s = build([seat(hand=[RENT_WILD[0]], sets=[("green", GREEN[:2])]), seat(bank=[M1[0]])])
    for a in s.legal_actions(0):
        assert GAME.action_from_text(str(a)) == a
    rent = next(a for a in s.legal_actions(0) if a.type == "rent")
    assert str(rent) == f"rent card={RENT_WILD[0]} color=green target=1 doubles=[]"


def test_md_3_4_reshuffle_event_is_shared_with_every_game():
    s = build([seat(hand=[M1[0]]), seat(hand=[M2[0]])], deck=[], current=0)
    events = act(s, 0, type="end_turn")
    kinds = [e.to_json() for e in events]
    assert {"type": "turn_started", "seat": 1, "turn": 2} in kinds
    reshuffled = next(e for e in events if isinstance(e, Reshuffled))
    # all 104 cards not in a hand were in the discard pile; seat 2 then draws two of them
    assert reshuffled.cards == 104 and len(s.deck) == 102 and s.discard == []
    assert words(s, reshuffled, 0) == ("The discard pile is shuffled into a new draw pile of "
                                       "104 cards")


def test_md_8_1_result_is_an_outcome_with_sets_per_seat():
    s = build([seat(hand=[GREEN[2]], sets=[("red", RED), ("brown", BROWN), ("green", GREEN[:2])]),
               seat(bank=[M5[0]])])
    act(s, 0, type="property", card=GREEN[2], color="green")
    r = s.result()
    assert isinstance(r, Outcome) and r.finished and r.winner == 0 and r.reason == "three_sets"
    assert r.returns == (1.0, 0.0) and r.scores == (3, 0) and r.standings == (0, 1)
    assert r.get("table_values") == [9 + 2 + 12, 5]
    assert Outcome.from_json(json.loads(json.dumps(r.to_json()))) == r


def test_md_1_client_data_carries_every_card_and_colour():
    data = json.loads(json.dumps(GAME.client_data()))
    en = GAME.catalog("en")
    assert len(data["cards"]) == 106
    for card, entry in zip(CARDS, data["cards"], strict=True):
        assert card.to_json().items() <= entry.items()
        assert entry["name_key"] in en and entry["help_key"] in en
        if entry["action_key"] is not None:
            assert entry["action_key"].startswith("action.")
    green = next(c for c in data["colors"] if c["id"] == "green")
    assert green == {"id": "green", "name_key": "color.green", "set_size": 3,
                     "rents": [2, 4, 7], "property_value": 4, "buildings": True}
    wild = data["cards"][W_PINK_ORANGE[0]]
    assert wild["rents"] == {"pink": [1, 2, 4], "orange": [1, 3, 5]}
    assert wild["set_sizes"] == {"pink": 3, "orange": 3}
    assert data["rules"]["hand_limit"] == 7 and data["rules"]["house_rent"] == 3


def _every_kind_of_item():
    """A state and an instance of every action and event type, with the seat it is for."""
    items = []
    s = build([seat(hand=[SLY[0], DEAL_BREAKER[0], DEBT[0], HOUSE[0], HOTEL[0], M1[0],
                          W_PINK_ORANGE[0], RENT_WILD[0], JSN[0], GREEN[2]],
                    sets=[("red", RED), ("dark_blue", DBLUE, HOUSE[1])], bank=[M2[0]]),
               seat(hand=[JSN[1]], sets=[("brown", BROWN), ("green", GREEN[:1])],
                    bank=[M5[0], DEBT[1]])])
    items += [(s, a, 0) for a in s.legal_actions(0)]
    events = act(s, 0, type="sly_deal", card=SLY[0], target=1, take=GREEN[0])
    items += [(s, a, 1) for a in s.legal_actions(1)]
    events += act(s, 1, type="say_no", card=JSN[1])
    items += [(s, a, 0) for a in s.legal_actions(0)]
    items += [(s, e, v) for e in events for v in (None, 0, 1)]
    items += [(s, e, None) for e in (
        TurnStarted(1, 4), Drew(1, 0), Drew(1, 1), Reshuffled(1), Charged(0, (1,), 5),
        Cancelled(1), Transferred(1, 0, (GREEN[0], M5[0], HOUSE[1])),
        BuildingsLost(0, (HOUSE[1],), "discard"), BuildingsLost(0, (HOUSE[1], HOTEL[1]), "bank"),
        Won(0), GameOver(None, "turn_limit"), Played(0, END_TURN), PaidShort(1, 0, 0, 5),
        PaidShort(1, 0, 3, 5))]
    return items


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_and_event_type_renders_in_every_language(lang):
    catalog = GAME.catalog(lang)
    seen = set()
    for s, item, who in _every_kind_of_item():
        text = render(s.describe(item, who), catalog, lang, strict=True)
        assert text and "{" not in text and "(s)" not in text and "=" not in text, text
        assert not any(f" {c.id}" in text for c in CARDS if c.id > 19), text  # no card ids
        seen.add(item.type if item.type != "played" else f"played.{item.action.type}")
    kinds = {c.type for c in GAME.action_types} | {c.type for c in GAME.event_types}
    assert kinds - {"played", "accept", "pay", "discard", "pass_go", "move_wild", "rent",
                    "its_my_birthday", "forced_deal", "property", "bank"} <= seen
    for card in {c.card for c in CARDS}:
        assert catalog[f"card.{card}.help"].endswith(".")


def test_words_avoid_the_confusing_texts_of_the_browser():
    """Issue 12: "Bank 2M (2M)", "Play Dark blue property as Dark blue", "0 play(s) left"."""
    s = build([seat(hand=[M2[0], DBLUE[0], W_PINK_ORANGE[0], DEBT[0]]), seat(bank=[M1[0]])])
    said = {words(s, a, 0) for a in s.legal_actions(0)}
    assert {"Bank 2M", "Play Dark blue property", "Play Pink/Orange wild card as Orange",
            "Bank Debt Collector as money (3M)", "Debt Collector: Seat 2 pays you 5M",
            "End your turn"} <= said
    assert prompt(s, 0) == "Your turn: 3 plays left. Choose a card of your hand."
    s.plays_left = 1
    assert prompt(s, 0) == "Your turn: 1 play left. Choose a card of your hand."
    assert prompt(s, 0, "fr") == ("À vous : encore 1 carte à jouer. Choisissez une carte de "
                                  "votre main.")
    s.plays_left = 0
    s._legal = None
    assert s.legal_actions(0) == [END_TURN]
    assert prompt(s, 0) == "Nothing more to play: end your turn."
    s = build([seat(sets=[("pink", [W_PINK_ORANGE[0]])]), seat()], plays_left=0)
    assert prompt(s, 0) == "No plays left: move a wild card, or end your turn."
    assert prompt(s, None) == "Waiting for Seat 1."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_md_12_every_option_is_named_and_explained_in_every_language(lang):
    catalog = GAME.catalog(lang)
    for option in GAME.options:
        assert catalog[f"option.{option.name}.name"] and catalog[f"option.{option.name}.help"]
        for value in option.choices:
            if isinstance(value, str):
                assert catalog[f"option.value.{value}"]
