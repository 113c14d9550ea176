"""Tycoon: play and study Capital (Kapital) and Monopoly Deal.

The rules live in :mod:`tycoon.capital` and :mod:`tycoon.deal`, both on the contract of
:mod:`tycoon.engine`; everything else (server, web client, bots, RL) stands around them.
"""

__version__ = "0.1.0"
