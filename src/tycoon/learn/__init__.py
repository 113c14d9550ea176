"""Training of the learned agents (optional extra ``tycoon[learn]``: PyTorch).

``tycoon train deal --seed S --out PATH`` plays self-play games, fits the value network of
:mod:`tycoon.bots.learned` on their positions and writes its weights as an ``.npz`` file
that the bots read with numpy alone. See :mod:`tycoon.learn.value`.
"""

#: The most self-play games of one training: their positions are held in memory (about
#: 8 KB a game at the default ``every=4``, 30 KB at ``every=1``).
MAX_GAMES = 200_000
