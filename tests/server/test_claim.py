"""One server alone on its database, or the processes of a cluster together
(:mod:`tycoon.server.claim`): a second single-process server on the same database would
restore and run the same games."""

from __future__ import annotations

import uuid

import pytest
import sqlalchemy as sa

from tycoon.server.claim import Claim, DatabaseInUse


def engines(url: str) -> tuple[sa.Engine, sa.Engine]:
    """Two engines on one database, as two processes would have (the claims hold across
    them as across processes: file locks by descriptor, advisory locks by connection)."""
    return sa.create_engine(url), sa.create_engine(url)


def check_claims(a: sa.Engine, b: sa.Engine, prefix: str) -> None:
    alone = Claim(a, prefix)
    with pytest.raises(DatabaseInUse, match="another Tycoon server is using the database"):
        Claim(b, prefix)
    with pytest.raises(DatabaseInUse, match="cluster mode"):
        Claim(b, prefix, shared=True)  # a cluster's process beside a server alone
    other = Claim(b, prefix + "x_")  # another prefix: other tables, another Tycoon
    alone.release()
    other.release()
    first, second = Claim(a, prefix, shared=True), Claim(b, prefix, shared=True)  # a cluster
    with pytest.raises(DatabaseInUse):
        Claim(b, prefix)  # a server alone beside a cluster
    first.release()
    second.release()
    Claim(b, prefix).release()  # released: the next server takes it


def test_a_sqlite_file_has_one_server_or_one_cluster(tmp_path):
    a, b = engines(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    check_claims(a, b, "tycoon_")


def test_a_postgresql_database_has_one_server_or_one_cluster(pg_url):
    a, b = engines(pg_url)
    try:
        check_claims(a, b, f"t{uuid.uuid4().hex[:8]}_")
    finally:
        a.dispose()
        b.dispose()
