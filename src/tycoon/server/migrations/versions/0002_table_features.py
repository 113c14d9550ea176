"""Idempotent actions and table features: ``actions.client_seq``; ``games.spectator_chat``,
``creator``, ``rematch_of``; the ``chat`` table. Columns a database already has (added by the
server's former start-up step) are left alone.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tycoon.server.migrate import columns_of, has_table, prefix

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the nullable columns and the chat table that are missing."""
    p = prefix()
    have = columns_of(f"{p}actions")
    if "client_seq" not in have:
        op.add_column(f"{p}actions", sa.Column("client_seq", sa.BigInteger, nullable=True))
    have = columns_of(f"{p}games")
    for column in (
        sa.Column("spectator_chat", sa.Boolean, nullable=True),
        sa.Column("creator", sa.String(64), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
    ):
        if column.name not in have:
            op.add_column(f"{p}games", column)
    if not has_table(f"{p}chat"):
        op.create_table(
            f"{p}chat",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("game_id", sa.String(32), nullable=False),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("text", sa.Text, nullable=True),
            sa.Column("reaction", sa.String(16), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
        )
        op.create_index(f"ix_{p}chat_game_id", f"{p}chat", ["game_id"])
