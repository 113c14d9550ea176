"""One way to derive every seed from a base seed and a path of labels.

Server bots, tournaments, the ladder, RL environments and minigame bots all need seeds that
differ per game, seat and decision yet replay exactly; they all call :func:`derive_seed`.

>>> derive_seed(1, "tournament", 3) == derive_seed(1, "tournament", 3)
True
>>> derive_seed(1, "tournament", 3) != derive_seed(1, "tournament", 4)
True
>>> 0 <= derive_seed(2**64 - 1, "x") < 2**63
True
"""

from __future__ import annotations

import hashlib


def derive_seed(base: int, *path: object) -> int:
    """A seed in ``[0, 2**63)`` from ``base`` and the labels of ``path`` (ints or strings).

    Stable across processes and Python versions (BLAKE2b of the text form, not ``hash``).
    """
    text = "/".join([str(int(base)), *(str(p) for p in path)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
