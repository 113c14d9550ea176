"""Ownership of games by lease (several server processes on one database): one row per
game with its owner process, a fenced epoch and when the lease expires.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tycoon.server.migrate import prefix

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the ``leases`` table."""
    p = prefix()
    op.create_table(
        f"{p}leases",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index(f"ix_{p}leases_expires", f"{p}leases", ["expires"])
