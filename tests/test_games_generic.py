"""One generic random-simulation test for every registered game (OpenSpiel style): Capital,
Monopoly Deal and the Toy game of ``tests/plugins`` alike.

Whatever the game, random legal play must respect the engine contract (``docs/games.md``):
some seat can always act until the end; every legal action applies, round-trips through JSON
and through its text form; illegal and malformed actions are refused (``IllegalAction`` /
``InvalidAction``) and change nothing; any JSON in an action, a position or a record is read or
refused with a ``ValueError``, never another error; ``to_json``/``from_json``, ``==``, ``key()`` and
``seed + actions`` reproduce the state exactly; views are JSON and hide other hands, the deck
and the RNG; every action and event renders in every language with every parameter filled;
input sessions are played through their own interface; ``determinize`` keeps the seat's view.
"""

from __future__ import annotations

import contextlib
import json
from functools import cache
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tycoon.engine import (
    LANGUAGES,
    Event,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidPosition,
    Outcome,
    Record,
    Reshuffled,
    Rng,
    TurnStarted,
    derive_seed,
    games,
    get_game,
    render,
    replay,
)

SECRET_KEYS = {"deck", "rng", "dice_queue"}
GAMES = games()


def test_the_three_games_are_registered():
    assert {"capital", "deal", "toy"} <= set(GAMES)


def _options(name):
    info = get_game(name)
    return {"turn_limit": 150} if any(o.name == "turn_limit" for o in info.options) else {}


def _keys(obj, found=None):
    found = set() if found is None else found
    if isinstance(obj, dict):
        for k, v in obj.items():
            found.add(k)
            _keys(v, found)
    elif isinstance(obj, list):
        for v in obj:
            _keys(v, found)
    return found


def _check_view(state, seat):
    view = state.view(seat)
    json.dumps(view)  # JSON-ready
    assert SECRET_KEYS.isdisjoint(_keys(view)), "a view shows the deck, the rng or dice_queue"
    for entry in view["seats"]:
        if entry["seat"] != seat:
            assert "hand" not in entry, f"seat {seat} sees seat {entry['seat']}'s hand"
    assert view["to_move"] == state.to_move()


def _check_words(info, state, item, seat):
    message = state.describe(item, seat)
    if message is None:  # an event with no line of its own: never an action
        assert isinstance(item, Event), item
        return
    for lang in LANGUAGES:
        text = render(message, info.catalog(lang), lang, strict=True)
        assert text and "{" not in text and "(s)" not in text, (lang, message, text)


def _choose(state, seat, rng):
    """A random legal action; in an input session, a bot's inputs at a random skill."""
    session = state.session()
    if session is not None and seat in session.seats:
        assert state.legal_actions(seat) == [session.action(seat, [])]
        return session.bot_action(seat, rng.below(11) / 10, rng.next64() >> 1)
    return rng.choice(state.legal_actions(seat))


def _play(name, seats, seed, max_decisions=400):
    info = get_game(name)
    options = _options(name)
    state = info.new_game(seats=seats, seed=seed, **options)
    record = Record(name, seats, seed, options)
    rng = Rng(seed)
    snapshots = []
    decisions = 0
    while not state.is_over and decisions < max_decisions:
        movers = state.to_move()
        assert movers, "nobody can act but the game is not over"
        seat = rng.choice(movers)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must move but has no legal action"
        assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
        action = _choose(state, seat, rng)
        assert info.parse_action(json.loads(json.dumps(action.to_json()))) == action
        assert info.action_from_text(str(action)) == action
        if decisions % 7 == 0:
            _check_words(info, state, action, seat)
        if decisions % 17 == 0:
            snapshots.append((decisions, state.to_json()))
            for s in (None, *range(seats)):
                _check_view(state, s)
            _check_refusals(info, state, seats, movers)
        events = state.apply(seat, action)
        for event in events:
            json.dumps(event.to_json())
            for viewer in (None, seat):
                if event.visible_to(viewer):
                    _check_words(info, state, event, viewer)
        record.actions.append((seat, action.to_json()))
        decisions += 1
    return info, state, record, snapshots


def _check_refusals(info, state, seats, movers):
    before = state.to_json()
    idle = [s for s in range(seats) if s not in movers]
    if idle:
        # an action legal for a mover is not legal for a seat that is not to move
        action = state.legal_actions(movers[0])[0]
        with pytest.raises(IllegalAction):
            state.apply(idle[0], action)
        assert state.to_json() == before
    with pytest.raises(InvalidAction):
        info.parse_action({"type": "no_such_action"})
    with pytest.raises(InvalidAction):
        info.action_from_text("no_such_action x=1")
    with pytest.raises(IllegalAction):
        state.apply(seats + 5, state.legal_actions(movers[0])[0])
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 4))
@settings(max_examples=8)
def test_random_games_keep_the_contract(name, seed, seats):
    info, state, record, snapshots = _play(name, seats, seed)
    final = state.to_json()
    # seed + actions replays exactly
    again = replay(record)
    assert again.to_json() == final and again == state and again.key() == state.key()
    # to_json/from_json round-trips, and the game continues identically from a snapshot
    for index, snap in snapshots[-2:]:
        restored = info.from_json(json.loads(json.dumps(snap)))
        assert restored.to_json() == snap
        for seat, data in record.actions[index:]:
            restored.apply(seat, info.parse_action(data))
        assert restored.to_json() == final
    # clone is independent
    copy = state.clone()
    assert copy == state
    if not state.is_over:
        seat = state.to_move()[0]
        copy.apply(seat, copy.legal_actions(seat)[0])
        assert state.to_json() == final
        assert copy != state
    res = state.result()
    assert isinstance(res, Outcome)
    json.dumps(res.to_json())
    assert res.finished == (state.winner is not None)
    assert sorted(res.standings) == list(range(seats))
    # places count down the standings, tied seats sharing the first of theirs
    places = [res.places[s] for s in res.standings]
    assert places[0] == 1 and all(p in (q, i + 1)
                                  for i, (q, p) in enumerate(pairwise(places), start=1))
    assert Outcome.from_json(res.to_json()) == res
    assert len(res.returns) == seats and sum(res.returns) == (1.0 if res.winner is not None
                                                              else 0.0)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=5,
)


@cache
def _action_samples(name):
    """One JSON form of each kind of action two random games of ``name`` met."""
    samples = {}
    for seed in (1, 2):
        _, _, record, _ = _play(name, 4, seed, max_decisions=3000)
        for _, action in record.actions:
            samples.setdefault(action["type"], action)
    return sorted(samples.values(), key=lambda a: a["type"])


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=150)
def test_any_json_is_read_as_an_action_or_refused_as_invalid(name, data):
    """A legal action's JSON with one field (or one item of a list field) replaced by any JSON
is an action or an ``InvalidAction``, never another error: what a client sends is checked."""
    action = dict(data.draw(st.sampled_from(_action_samples(name))))
    key = data.draw(st.sampled_from(sorted(action)))
    value = action[key]
    if isinstance(value, list) and value and data.draw(st.booleans()):
        value = list(value)
        value[data.draw(st.integers(0, len(value) - 1))] = data.draw(JSON)
    else:
        value = data.draw(JSON)
    action[key] = value
    with contextlib.suppress(InvalidAction):
        get_game(name).parse_action(action)


@cache
def _positions(name):
    """Positions of a random game of ``name``, as JSON."""
    _, _, _, snapshots = _play(name, 3, 5, max_decisions=600)
    return [snap for _, snap in snapshots]


def _paths(obj, path=()):
    """Every place in a JSON value: the path of each key and list item."""
    yield path
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) \
        else ()
    for key, value in items:
        yield from _paths(value, (*path, key))


def _any_json_somewhere(data, value):
    """A copy of the JSON ``value`` with one of its places (drawn) holding any JSON."""
    value = json.loads(json.dumps(value))
    path = data.draw(st.sampled_from([p for p in _paths(value) if p]))
    place = value
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = data.draw(JSON)
    return value


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=300)
def test_any_json_in_a_position_is_read_or_refused_as_invalid(name, data):
    """A position with any one value (a key's or a list item's, at any depth) replaced by any
JSON is a position or an ``InvalidPosition``, never another error: a position file is checked."""
    position = _any_json_somewhere(data, data.draw(st.sampled_from(_positions(name))))
    with contextlib.suppress(InvalidPosition):
        get_game(name).from_json(position)


@cache
def _record(name):
    """The record of a short random game of ``name``, as JSON."""
    return _play(name, 3, 7, max_decisions=60)[2].to_json()


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
@settings(max_examples=150)
def test_any_json_in_a_record_is_replayed_or_refused(name, data):
    """A record with any one value replaced by any JSON replays or is refused with a
``ValueError`` (``InvalidPosition``, ``InvalidAction``, ``IllegalAction``...) naming it."""
    record = _any_json_somewhere(data, _record(name))
    with contextlib.suppress(ValueError):
        replay(Record.from_json(record))


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32), det_seed=st.integers(0, 2**32))
@settings(max_examples=6)
def test_determinize_keeps_the_seat_view(name, seed, det_seed):
    _, state, _, _ = _play(name, 3, seed, max_decisions=60)
    for seat in range(3):
        sample = state.determinize(seat, det_seed)
        assert sample.view(seat) == state.view(seat)
        assert sample.to_move() == state.to_move()


@pytest.mark.parametrize("name", GAMES)
def test_shared_events_are_the_engines_classes(name):
    """Events every game shares (turn_started, reshuffled, game_over) are defined once, in
    the engine: a game lists the engine's class, never its own of the same type."""
    shared = {cls.type: cls for cls in (TurnStarted, Reshuffled, GameOver)}
    for cls in get_game(name).event_types:
        if cls.type in shared:
            assert cls is shared[cls.type], (name, cls)
    types = [cls.type for cls in get_game(name).event_types]
    assert len(types) == len(set(types)), name


@pytest.mark.parametrize("name", GAMES)
def test_every_catalog_has_the_same_keys_and_placeholders(name):
    import re

    info = get_game(name)
    base = info.catalog("en")
    assert base, f"{name} has no English catalog"

    def holes(template):
        texts = template.values() if isinstance(template, dict) else [template]
        return {h for t in texts if isinstance(t, str) for h in re.findall(r"\{(\w+)\}", t)}

    for lang in LANGUAGES:
        catalog = info.catalog(lang)
        assert set(catalog) == set(base), (lang, set(base) ^ set(catalog))
        for key, template in base.items():
            assert holes(catalog[key]) == holes(template), (lang, key)


@pytest.mark.parametrize("name", GAMES)
def test_no_catalog_calls_a_thing_by_its_english_name_in_another_language(name):
    """Where a language names a card, business or option otherwise than English, none of
    its catalogs (the game's, the terminal's, the web client's) uses the English name: a
    terminal prompt once offered Spanish players "un Just Say No" for their "Di que No"."""
    import re

    from tycoon.terminal.words import terminal_catalog, ui_catalog

    info = get_game(name)
    english = {key: text for key, text in info.catalog("en").items()
               if key.endswith(".name") and isinstance(text, str) and len(text) > 4}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        own = info.catalog(lang)
        texts = {**ui_catalog(lang), **terminal_catalog(lang), **own}
        for key, text in english.items():
            if own.get(key) == text:
                continue  # the same name in both languages
            pattern = re.compile(rf"\b{re.escape(text)}\b")
            used = [k for k, v in texts.items() if isinstance(v, str) and pattern.search(v)]
            assert not used, (lang, text, used)


@pytest.mark.parametrize("name", GAMES)
def test_sessions_are_played_through_their_interface(name):
    """Input sessions (timed simultaneous input): each seat's stepwise inputs are checked
    without changing the state, a silent seat plays its inputs so far, and the session's
    final action applies."""
    info = get_game(name)
    found = 0
    for seed in range(40):
        state = info.new_game(seats=3, seed=seed, **_options(name))
        rng = Rng(seed)
        for _ in range(600):
            if state.is_over:
                break
            session = state.session()
            if session is not None:
                found += 1
                before = state.to_json()
                seat = state.to_move()[0]
                assert seat in session.seats and session.duration_ms > 0
                json.dumps(session.to_json(seat))
                bot = session.bot_action(seat, 1.0, derive_seed(seed, seat))
                assert state.to_json() == before
                state.apply(seat, bot)
                if session.progressive and len(state.to_move()) > 0 and state.session():
                    other = state.to_move()[0]
                    with pytest.raises(InvalidAction):
                        state.session().step(other, [], {"no": "such input"})
                    assert state.session().silent(other, []) == state.session().action(other, [])
                if found >= 3:
                    return
                continue
            seat = rng.choice(state.to_move())
            state.apply(seat, _choose(state, seat, rng))
    if name == "deal":
        assert found == 0  # Monopoly Deal has no timed input
    else:
        assert found, f"no input session was seen in {name}"
