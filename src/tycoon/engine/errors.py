"""Errors shared by every game."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left untouched.

    The message says why, in words a player understands.
    """


class InvalidPosition(ValueError):
    """A position (``from_json`` input) that cannot happen; the message names the problem."""


class InvalidOption(ValueError):
    """An unknown game option or preset, or a bad value for one; the message names it."""
