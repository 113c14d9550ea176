"""Errors shared by every game; all of them are ``ValueError``, as in python-chess."""


class InvalidAction(ValueError):
    """A malformed action: unknown type, missing or extra field, a value of the wrong kind.

    Raised by ``GameInfo.parse_action`` and ``Action.from_text``; nothing was applied.
    """


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow now; the state is left untouched.

    The message says why, in words a player understands.
    """


class InvalidPosition(ValueError):
    """A position (``from_json`` input) that cannot happen; the message names the problem."""


class InvalidOption(ValueError):
    """An unknown game option or preset, or a bad value for one; the message names it."""
