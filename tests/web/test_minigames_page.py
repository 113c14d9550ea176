"""The four minigame screens (C-9) against the engine's contents, inputs and scorer.

The page plays with the contents of the seat's view, records the inputs with their times and
sends them after 30 s (the test moves the page's clock forward). The engine scores what the
page sent (docs/minigames.md); the screen must have shown exactly that score.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tycoon.capital import from_json
from tycoon.capital.minigames import score

from .harness import ORIGIN, Table, install, seat_token_script

NAMES = ["Ana", "Bruno", "Carla", "Davi"]


def minigame_table(game: str) -> Table:
    data = {"seats": [{"seat": 0, "square": 13}, {"seat": 1}, {"seat": 2}, {"seat": 3}],
            "current": 0, "phase": "minigame", "move": {"landed": 13},
            "minigame": {"game": game, "seeds": [11, 12, 13, 14],
                         "scores": [None, None, None, None]}}
    return Table("capital", from_json(data), {"tok0": 0}, NAMES, seed=3)


def open_minigame(new_page, table: Table):
    page = new_page(init=seat_token_script(table.id, "tok0", 0))
    page.clock.install()
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".minigame .mg-area")
    return page


def finish(page, table: Table) -> tuple[list[dict], int]:
    """Let the 30 s run out; return the inputs the page sent and the points it showed."""
    page.clock.fast_forward(31_000)
    expect(page.locator(".mg-results")).to_be_visible()
    sent = [m["action"] for m in table.received if m.get("action", {}).get("type") == "minigame"]
    assert len(sent) == 1, "the page sends its inputs once"
    shown = int(re.search(r"-?\d+", page.locator(".mg-results li[data-seat='0']").inner_text()
                          .split("—")[1]).group())
    return sent[0]["inputs"], shown


def contents(table: Table) -> dict:
    return table.state.view(0)["minigame"]["contents"]


@pytest.mark.parametrize("game", ["change_money", "memory", "find_key", "catch_coins"])
def test_minigame_screen_C_9(new_page, shot, game):
    """C-9.1-C-9.4 at the easy level of the player whose turn it is (C-4.4.2)."""
    table = minigame_table(game)
    c = contents(table)
    assert c["level"] == "easy"
    page = open_minigame(new_page, table)
    shot(page, f"minigame_{game}_1")
    expected = None
    if game == "change_money":
        for k in range(3):  # three sums solved with their one banknote: +25 each
            s = c["sums"][k]
            page.click(f"button.note[data-note='{s['c'] - s['a']}']")
        gap = c["sums"][3]["c"] - c["sums"][3]["a"]
        too_much = min(n for n in c["notes"] if n > gap) if gap < 100 else None
        if too_much:
            page.click(f"button.note[data-note='{too_much}']")  # an error: -50
        expected = 75 - (50 if too_much else 0)
    elif game == "memory":
        faces = c["boards"][0]
        first = [i for i, f in enumerate(faces) if f == faces[0]]
        other = next(i for i, f in enumerate(faces) if f != faces[0])
        page.click(f"button.mem-cell[data-cell='{first[0]}']")
        page.click(f"button.mem-cell[data-cell='{other}']")  # a miss
        page.click(f"button.mem-cell[data-cell='{first[0]}']")
        page.click(f"button.mem-cell[data-cell='{first[1]}']")  # a pair: +60
        expect(page.locator("button.mem-cell.matched")).to_have_count(2)
        expected = c["points"]
    elif game == "find_key":
        for k in range(3):
            page.click(f"button.fk-key[data-index='{c['rounds'][k]['answer']}']")
        expected = 3 * c["points"]
    else:
        canvas = page.locator("canvas.cc-canvas")
        box = canvas.bounding_box()
        for k in range(12):
            x = box["x"] + box["width"] * (0.1 + 0.07 * k)
            page.mouse.move(x, box["y"] + box["height"] / 2)
            page.clock.run_for(700)
        page.keyboard.down("ArrowLeft")
        page.clock.run_for(500)
        page.keyboard.up("ArrowLeft")
    expect(page.locator(".mg-score")).not_to_have_text("")
    shot(page, f"minigame_{game}_2")
    inputs, shown = finish(page, table)
    engine = score(game, "easy", c, inputs)
    assert shown == engine, "the screen shows the score the engine computes from its inputs"
    if expected is not None:
        assert engine == expected
    assert table.state.phase != "minigame"  # every seat has played: the game goes on
    shot(page, f"minigame_{game}_3_scores")


@pytest.mark.parametrize("game", ["find_key", "memory"])
def test_hard_level_for_the_other_players_C_4_4_2(new_page, shot, game):
    """C-4.4.2: a player whose turn it is not plays the hard level (9 small, flipped keys;
    14 pairs)."""
    table = minigame_table(game)
    table.humans = {"tok1": 1}
    c = table.state.view(1)["minigame"]["contents"]
    assert c["level"] == "hard"
    page = new_page(init=seat_token_script(table.id, "tok1", 1))
    install(page, table)
    page.goto(f"{ORIGIN}/#/game/{table.id}")
    page.wait_for_selector(".minigame .mg-area")
    expect(page.locator(".mg-head .badge")).to_have_text("hard")
    if game == "find_key":
        expect(page.locator("button.fk-key")).to_have_count(9)
    else:
        expect(page.locator("button.mem-cell")).to_have_count(28)
    shot(page, f"minigame_{game}_hard")
