"""Nothing trusted, as a property: any JSON a seat sends as an action is either applied (and
stored) or refused with an error that leaves the position exactly as it was."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tycoon.engine import Record, get_game, replay
from tycoon.server.broker import LocalBroker
from tycoon.server.lobby import Lobby
from tycoon.server.protocol import ProtocolError
from tycoon.server.settings import ServerSettings
from tycoon.server.storage import Storage

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=12),
                    st.sampled_from(["straight", "right", "bar", "lion", "red", "green", "all"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8)
FIELDS = ["card", "target", "lot", "kind", "way", "charges", "cards", "inputs", "color",
          "seat", "square", "cards", "answer", "with_double", "to", "id"]


def action_payloads(types: list[str]):
    return st.builds(
        lambda kind, fields: {"type": kind, **fields},
        st.sampled_from([*types, "nope"]),
        st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=3),
    )


def action_types(game: str, seats: int) -> list[str]:
    """Action types seen in a short random game (the fuzzer's vocabulary)."""
    from tycoon.bots import RandomBot

    state = get_game(game).new_game(seats=seats, seed=1)
    bot, types = RandomBot(1), set()
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_move()[0]
        for a in state.legal_actions(seat):
            types.add(a.type)
        state.apply(seat, bot.choose(state, seat))
    return sorted(types)


@pytest.mark.parametrize(("game", "seats"), [("capital", 3), ("deal", 3), ("toy", 3)])
def test_random_actions_are_applied_or_change_nothing(game, seats):
    types = action_types(game, seats)

    # None stands for "a legal action of a seat to move": the game moves on between junk.
    items = st.tuples(st.one_of(st.none(), action_payloads(types)), st.integers(0, seats - 1))

    @given(moves=st.lists(items, min_size=1, max_size=30))
    def check(moves):
        async def main():
            storage = Storage("sqlite://")
            await storage.open()
            lobby = Lobby(storage, LocalBroker(), ServerSettings(bot_processes=0))
            try:
                room = await lobby.create(game, ["human"] * seats, {}, None, 3, "")
                room.row.status = "playing"  # as if every seat were joined
                applied = 0
                for data, seat in moves:
                    if data is None:
                        if room.state.is_over:
                            continue
                        seat = room.state.to_move()[0]
                        data = room.state.legal_actions(seat)[0].to_json()
                    before = json.dumps(room.state.to_json(), sort_keys=True)
                    version = room.version
                    try:
                        new_version = await room.submit(seat, data)
                    except ProtocolError as exc:
                        over = ("game_over",) if room.state.is_over else ()
                        assert exc.code in ("illegal_action", "not_your_turn", *over), exc.code
                        assert str(exc)
                        assert room.version == version
                        assert json.dumps(room.state.to_json(), sort_keys=True) == before
                    else:
                        applied += 1
                        assert new_version == version + 1
                        stored = await storage.load_actions(room.id)
                        assert len(stored) == new_version
                assert applied == room.version
                # the stored record replays to the room's position
                rec = Record(game, seats, 3, {}, [(a.seat, a.action)
                                                  for a in await storage.load_actions(room.id)])
                assert replay(rec).to_json() == room.state.to_json()
            finally:
                await lobby.close()
                await storage.close()

        asyncio.run(main())

    check()
