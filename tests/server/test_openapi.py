"""Schemathesis against the OpenAPI document: no request the schema allows makes the server
fail (5xx) or answer outside its documented responses. Bounded: a few examples per operation.

(Schemathesis' own pytest plugin does not run under this pytest version, so the operations'
Hypothesis strategies are driven directly.)
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from conftest import LiveServer, unique_prefix
from tycoon.server.storage import Storage

#: Schemathesis' refusals of data outside the schema, and 413: a body over the server's 4 MiB
#: is refused before it is read (a negative example once drew one of 48 MB).
CONFIG = SchemathesisConfig.from_dict({"checks": {"negative_data_rejection": {
    "expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422",
                          "428", "429", "5xx"]}}})


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
@pytest.mark.parametrize("mode", list(GenerationMode))
def test_api_conforms_to_its_schema(tmp_path, mode, database, request):
    """Every operation, with data the schema allows (positive) and data it does not (negative),
on each kind of database (a value the schema allows must fit its columns): no 5xx; status
codes, content types and bodies as documented (a refusal's too); data outside the schema is
refused."""
    if database == "sqlite":
        live = LiveServer(f"sqlite:///{tmp_path / 'api.sqlite3'}").start()
    else:
        prefix = unique_prefix()
        live = LiveServer(request.getfixturevalue("pg_url"), table_prefix=prefix).start()
    try:
        game = live.create(game="deal", players=["human", "random"])
        schema = schemathesis.openapi.from_url(f"{live.http}/openapi.json", config=CONFIG)
        operations = [result.ok() for result in schema.get_all_operations()]
        assert {op.label for op in operations} >= {
            "GET /api/games", "POST /api/games", "GET /api/games/{game_id}",
            "POST /api/games/{game_id}/join", "GET /api/games/{game_id}/record",
            "GET /api/kinds"}
        for operation in operations:
            inputs = (operation.path_parameters, operation.query, operation.body)
            if mode is GenerationMode.NEGATIVE and not any(len(part) for part in inputs):
                continue  # nothing to send wrong

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck),
                      database=None)
            def check(case):
                # Semantic refusals (an option the game does not know, a seat count the game
                # does not allow, a bot not installed) are documented 422s, not schema errors.
                case.call_and_validate(base_url=live.http, timeout=20,
                                       excluded_checks=[positive_data_acceptance])

            check()
        # the game made before is still sound
        assert live.get(f"/api/games/{game['id']}").status_code == 200
    finally:
        live.stop()
        if database != "sqlite":
            Storage(request.getfixturevalue("pg_url"),
                    prefix=prefix).drop_all()
