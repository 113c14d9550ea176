"""The first schema: games, seats and actions (a database made before migrations may
already have them: they are kept as they are).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tycoon.server.migrate import has_table, prefix

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables of the first server that are missing."""
    p = prefix()
    if not has_table(f"{p}games"):
        op.create_table(
            f"{p}games",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("seats", sa.Integer, nullable=False),
            sa.Column("seed", sa.String(24), nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("decision_seconds", sa.Float, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("seeded", sa.Boolean, nullable=False),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("result", sa.Text, nullable=True),
        )
        op.create_index(f"ix_{p}games_status", f"{p}games", ["status"])
    if not has_table(f"{p}seats"):
        op.create_table(
            f"{p}seats",
            sa.Column("game_id", sa.String(32), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("bot", sa.String(32), nullable=True),
            sa.Column("name", sa.String(80), nullable=True),
            sa.Column("token_hash", sa.String(64), nullable=True),
        )
        op.create_index(f"ix_{p}seats_token_hash", f"{p}seats", ["token_hash"])
    if not has_table(f"{p}actions"):
        op.create_table(
            f"{p}actions",
            sa.Column("game_id", sa.String(32), primary_key=True),
            sa.Column("idx", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("action", sa.Text, nullable=False),
            sa.Column("by", sa.String(16), nullable=False),
            sa.Column("reason", sa.String(32), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
        )
