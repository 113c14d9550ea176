"""What a screen reader would read: checks every terminal test applies to the lines it got."""

from __future__ import annotations

import re

#: Internal ids (snake_case words), ``kind:id`` tags, placeholders, "(s)" plurals,
#: Python/JSON lists and objects.
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+:[a-z]|\{\w*\}|\(s\)")
PYTHON = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b|'\w+':")
SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
#: The terminal's own lines, which speak to the person (allowed second person).
OWN = ("You are", "Your decision", "Your choice", "Your inputs", "You are done", "Your hand",
       "You left", "You sit", "Type ", "Keys:", "Please type", "Refused:", "Not possible:",
       "The minigame bot plays it for you", "Skill of the bot")
MENU = re.compile(r"^\s*(\d+|[a-z])\. ")
#: Decision prompts, addressed to the person about their own decision (Deal's payments and
#: answers): "Seat 2 plays Sly Deal against you: say no ..., or accept."
PROMPT = re.compile(r"^Pay .* choose a card from your bank|^Too many cards in hand|"
                    r" against you: say no | says no to your .*: answer with")


def check_lines(lines: list[str], others: list[str] | None = None) -> None:
    """No raw id, no Python list, no second-person sentence about someone else.

    ``others``: how other seats are named (a line about one of them must be in the third
    person). Menu lines (``3. Play ...``) are the person's own choices, in the imperative.
    """
    for line in lines:
        assert not RAW_ID.search(line), f"raw id in {line!r}"
        assert not PYTHON.search(line), f"Python data in {line!r}"
        if MENU.match(line) or line.lstrip().startswith(OWN) or ": you have" in line \
                or ". You are " in line or PROMPT.search(line):
            continue
        if SECOND_PERSON.search(line):
            assert not any(o in line for o in others or []), \
                f"second person about someone else: {line!r}"
            raise AssertionError(f"second person in a log line: {line!r}")
