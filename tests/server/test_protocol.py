"""docs/protocol.md and tycoon.server.protocol agree; the client-message parser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from tycoon.server.protocol import SCHEMAS, ProtocolError, parse_client

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def doc_schemas() -> dict[str, dict]:
    out = {}
    for section in DOC.read_text().split("\n### ")[1:]:
        name = re.match(r"`([a-z]+\.[a-z_]+)`", section)
        block = re.search(r"```json\n(.*?)\n```", section, re.S)
        if name and block:
            out[name.group(1)] = json.loads(block.group(1))
    return out


def test_every_message_schema_is_documented_exactly():
    """Each schema of SCHEMAS appears, identical, in docs/protocol.md (and no other)."""
    assert doc_schemas() == SCHEMAS


def test_every_server_setting_is_in_the_table_with_its_variable_and_default():
    """docs/protocol.md's table of settings lists each field of ServerSettings, in order, with
    its environment variable and default (five of the cluster's and the logs' were missing)."""
    import dataclasses

    from tycoon.server.settings import ServerSettings

    rows = re.findall(r"^\| `(\w+)` \| `(TYCOON_\w+)` \| `(.*)` \|$", DOC.read_text(), re.M)
    fields = dataclasses.fields(ServerSettings)
    assert rows == [(f.name, f"TYCOON_{f.name.upper()}",
                     repr(f.default if f.default is not dataclasses.MISSING
                          else f.default_factory()))  # type: ignore[misc]
                    for f in fields]


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schemas_are_valid_json_schemas(name):
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"seq": 0, "action": {"type": "pass"}}', {"type": "action", "seq": 0,
                                                    "action": {"type": "pass"}}),
        ('{"type": "action", "seq": 9, "action": {"type": "x"}}',
         {"type": "action", "seq": 9, "action": {"type": "x"}}),
        ('{"type": "ping"}', {"type": "ping", "seq": None}),
        ('{"type": "auth", "token": "abc"}', {"type": "auth", "token": "abc"}),
        ('{"type": "session_input", "session": "s1", "input": {"t": 5, "cell": 1}}',
         {"type": "session_input", "session": "s1", "input": {"t": 5, "cell": 1}, "seq": None}),
        ('{"type": "session_input", "session": "s1", "input": 2, "seq": 4}',
         {"type": "session_input", "session": "s1", "input": 2, "seq": 4}),
        ('{"type": "chat", "text": " <b>hi</b> "}',
         {"type": "chat", "text": "<b>hi</b>", "reaction": None, "seq": None}),
        ('{"type": "chat", "reaction": "👍"}',
         {"type": "chat", "text": None, "reaction": "👍", "seq": None}),
        ('{"type": "chat", "text": "a", "seq": 7}',
         {"type": "chat", "text": "a", "reaction": None, "seq": 7}),
        ('{"type": "resign"}', {"type": "resign", "seq": None}),
        ('{"type": "rematch", "seq": 3}', {"type": "rematch", "seq": 3}),
    ],
)
def test_parse_client_accepts_protocol_messages(text, expected):
    assert parse_client(text) == expected
    kind = expected["type"]
    jsonschema.validate(json.loads(text), SCHEMAS[f"client.{kind}"])


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        (b"\xff\xfe", "bad_json", "UTF-8"),
        ("nope", "bad_json", "JSON"),
        ("3", "bad_json", "object"),
        ('{"seq": 1}', "bad_message", "'action'"),
        ('{"action": {}}', "bad_message", "'seq'"),
        ('{"seq": 1.5, "action": {}}', "bad_message", "'seq'"),
        ('{"seq": 9007199254740992, "action": {}}', "bad_message", "'seq'"),
        ('{"type": "auth", "token": ""}', "bad_message", "'token'"),
        ('{"type": "auth", "token": "a", "seat": 1}', "bad_message", "seat"),
        ('{"type": "hello"}', "bad_message", "hello"),
        ('{"type": "session_input", "input": 1}', "bad_message", "'session'"),
        ('{"type": "session_input", "session": "s"}', "bad_message", "'input'"),
        ('{"type": "session_input", "session": "s", "input": null}', "bad_message", "'input'"),
        ('{"type": "session_input", "session": "s", "input": true}', "bad_message", "'input'"),
        ('{"type": "session_input", "session": "s", "input": "' + "x" * 3000 + '"}',
         "bad_message", "'input'"),
        ('{"type": "session_input", "session": "s", "input": 1, "x": 1}', "bad_message", "x"),
        ('{"type": "chat", "text": "' + "x" * 501 + '"}', "bad_message", "500"),
        ('{"type": "chat", "text": "   "}', "bad_message", "blank"),
        ('{"type": "chat", "text": "a\\u0000b"}', "bad_message", "control"),
        ('{"type": "chat", "text": 5}', "bad_message", "string"),
        ('{"type": "chat", "reaction": "💩"}', "bad_message", "reaction"),
        ('{"type": "chat", "text": "a", "reaction": "🎉"}', "bad_message", "either"),
        ('{"type": "chat", "text": "a", "seat": 1}', "bad_message", "seat"),
        ('{"type": "resign", "seat": 1}', "bad_message", "seat"),
        ('{"type": "auth", "token": "' + "t" * 201 + '"}', "bad_message", "'token'"),
    ],
)
def test_parse_client_names_the_problem(text, code, words):
    with pytest.raises(ProtocolError) as info:
        parse_client(text)
    assert info.value.code == code and words in str(info.value)
