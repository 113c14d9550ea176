"""The board as data (C-1.1, C-2): squares, regions, moves, forks, adjacency, laps.

Squares are numbered 0-55; region ``r`` (0 yellow, 1 red, 2 blue, 3 green) owns squares
``14r`` to ``14r + 13`` laid out as in the table of C-2.

>>> BOARD.kind[0], BOARD.kind[1], BOARD.kind[13], BOARD.kind[27], BOARD.kind[41]
('start', 'block', 'minigame', 'exchange', 'minigame')
>>> BOARD.forks[3]
(4, 8)
>>> BOARD.next[7], BOARD.next[55]
(11, 0)
>>> sorted(BOARD.adjacent[11])
[7, 10, 12]
"""

from __future__ import annotations

from dataclasses import dataclass

COLORS: tuple[str, ...] = ("yellow", "red", "blue", "green")
REGION_SIZE = 14

#: The two ways at a fork (C-2.1): "straight" (outer branch) and "right" (inner branch).
WAYS: tuple[str, ...] = ("straight", "right")


@dataclass(frozen=True)
class Board:
    """A board: what each square is, where a move leads, which blocks are adjacent.

    ``next[s]`` is the square after ``s``, or ``-1`` when ``s`` is a fork, whose two
    successors (straight, right) are ``forks[s]``.
    """

    kind: tuple[str, ...]
    region: tuple[int, ...]
    next: tuple[int, ...]
    forks: dict[int, tuple[int, int]]
    adjacent: tuple[frozenset[int], ...]
    starts: tuple[int, ...]

    @property
    def size(self) -> int:
        """Number of squares."""
        return len(self.kind)


def default_board() -> Board:
    """The default layout of C-2 (decision D-1)."""
    kinds: list[str] = []
    region: list[int] = []
    nxt: list[int] = []
    forks: dict[int, tuple[int, int]] = {}
    adjacent: list[set[int]] = [set() for _ in range(4 * REGION_SIZE)]
    size = 4 * REGION_SIZE
    for r in range(4):
        b = REGION_SIZE * r
        for o in range(REGION_SIZE):
            region.append(r)
            if o == 0:
                kinds.append("start")
            elif o == 13:
                kinds.append("minigame" if r % 2 == 0 else "exchange")
            else:
                kinds.append("block")
        steps = {0: 1, 1: 2, 2: 3, 4: 5, 5: 6, 6: 7, 7: 11, 8: 9, 9: 10, 10: 11, 11: 12, 12: 13}
        for o in range(REGION_SIZE):
            if o == 3:
                nxt.append(-1)
                forks[b + 3] = (b + 4, b + 8)
            elif o == 13:
                nxt.append((b + REGION_SIZE) % size)
            else:
                nxt.append(b + steps[o])
        pairs = [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 11), (3, 8), (8, 9), (9, 10),
                 (10, 11), (11, 12)]  # C-2.3
        for x, y in pairs:
            adjacent[b + x].add(b + y)
            adjacent[b + y].add(b + x)
    return Board(
        kind=tuple(kinds),
        region=tuple(region),
        next=tuple(nxt),
        forks=forks,
        adjacent=tuple(frozenset(a) for a in adjacent),
        starts=tuple(REGION_SIZE * r for r in range(4)),
    )


BOARD = default_board()

#: Blocks in square order.
BLOCKS: tuple[int, ...] = tuple(s for s in range(BOARD.size) if BOARD.kind[s] == "block")
