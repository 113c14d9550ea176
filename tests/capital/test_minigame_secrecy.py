"""C-9.3 Memory secrecy: a seat's view carries the layout of its boards, never a face.

The position (``to_json``) keeps only the seeds and is unchanged; the engine still scores the
whole contents; the other three games show everything on screen and keep their contents.
"""

from __future__ import annotations

import json

import pytest

from tycoon.bots.minigames import minigame_action
from tycoon.capital import from_json, landing
from tycoon.capital.actions import Minigame
from tycoon.capital.minigames import GAMES, SECRET, generate, progress, score, visible
from tycoon.capital.minigames import memory as memory_game


def minigame_state(game: str, seats: int = 3):
    data = {"seats": [{"seat": 0, "square": 13}, *({"seat": s} for s in range(1, seats))],
            "current": 0, "phase": "minigame", "move": {"landed": 13},
            "minigame": {"game": game, "seeds": [11 + s for s in range(seats)],
                         "scores": [None] * seats}}
    return from_json(data)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_c9_3_memory_view_has_the_layout_and_no_face(seat):
    """C-9.3: the view of a seat holds board sizes and counts, no list of faces at all."""
    st = minigame_state("memory")
    mg = st.view(seat)["minigame"]
    c = mg["contents"]
    level = "easy" if seat == 0 else "hard"
    assert mg["level"] == c["level"] == level
    cells = 14 if level == "easy" else 28
    assert c["cell_count"] == cells == c["rows"] * c["columns"]
    assert c["pairs"] == cells // 2 and c["board_count"] == 10 and c["faces"] == "hidden"
    # robust: no value of the layout is a list or an object (faces can only hide in those)
    assert all(isinstance(v, int | str) for v in c.values()), c
    assert "boards" not in c and "cells" not in c
    # the engine still has every face (it scores with them)
    full = landing.contents(st, seat)
    assert len(full["boards"]) == 10 and all(len(b) == cells for b in full["boards"])
    assert visible("memory", level, full) == c


def test_c9_3_memory_faces_never_in_any_view_json():
    """No view of any audience contains a board of faces (the JSON text of the first
    board's faces, or of any 4 faces in a row, never appears)."""
    st = minigame_state("memory", seats=4)
    for seat in (0, 1, 2, 3, None):
        text = json.dumps(st.view(seat))
        for s in range(4):
            for board in landing.contents(st, s)["boards"]:
                for i in range(len(board) - 3):
                    assert json.dumps(board[i:i + 4])[1:-1] not in text


def test_c9_3_position_and_spectator_view_unchanged():
    """The position keeps only seeds (it regenerates contents); spectators get no contents."""
    st = minigame_state("memory")
    pos = st.to_json()
    assert pos["minigame"] == {"game": "memory", "seeds": [11, 12, 13],
                               "scores": [None, None, None]}
    assert from_json(pos).to_json() == pos
    assert st.view(None)["minigame"]["contents"] is None


@pytest.mark.parametrize("game", [g for g in GAMES if g not in SECRET])
def test_c9_other_games_show_their_whole_contents(game):
    """C-9.1, C-9.2, C-9.4: everything is on screen anyway, so the view has all of it."""
    st = minigame_state(game)
    assert st.view(1)["minigame"]["contents"] == generate(game, "hard", 12)


def test_c9_3_memory_scored_from_hidden_faces_after_click_by_click_progress():
    """C-9.3, C-9.5: clicks revealed one by one with progress() score what score() says."""
    st = minigame_state("memory")
    faces = landing.contents(st, 0)["boards"][0]
    mate = faces.index(faces[0], 1)
    other = next(i for i, f in enumerate(faces) if f != faces[0])
    clicks = [{"t": 100, "cell": 0}, {"t": 200, "cell": other},
              {"t": 300, "cell": 0}, {"t": 400, "cell": mate}]
    full = landing.contents(st, 0)
    seen = [progress("memory", "easy", full, clicks[:k + 1])["cells"] for k in range(4)]
    assert seen[0][0] == faces[0] and seen[0].count(None) == 13  # one face turned
    assert seen[1][other] == faces[other] and seen[1].count(None) == 12
    assert seen[2].count(None) == 13  # the miss turned back, the new first card up
    assert seen[3][0] == seen[3][mate] == faces[0] and seen[3].count(None) == 12
    st.apply(0, Minigame(tuple(clicks)))
    assert st.minigame["scores"][0] == score("memory", "easy", full, clicks) == 60


def test_c9_3_memory_bot_plays_from_the_state_not_the_view():
    """The minigame bot still knows its own faces (its skill model needs them)."""
    st = minigame_state("memory")
    action = minigame_action(st, 1, 1.0, 5)
    assert action is not None and len(action.inputs) > 10
    assert score("memory", "hard", landing.contents(st, 1), list(action.inputs)) > 0


def test_c9_3_visible_refuses_contents_of_another_game():
    with pytest.raises(ValueError):
        memory_game.visible("easy", generate("find_key", "easy", 1))
