"""Training of the learned agents (optional extra ``tycoon[learn]``: PyTorch).

``tycoon train deal --seed S --out PATH`` plays self-play games, fits the value network of
:mod:`tycoon.bots.learned` on their positions and writes its weights as an ``.npz`` file
that the bots read with numpy alone. See :mod:`tycoon.learn.value`.
"""
