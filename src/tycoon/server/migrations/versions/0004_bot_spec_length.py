"""A seat's bot spec takes up to 200 characters (it took 32, so on PostgreSQL a
``replacement_bot`` such as ``ismcts:iterations=300:seconds=0.5`` failed when it took a seat).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tycoon.server.migrate import prefix

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Widen ``seats.bot`` (SQLite, which cannot alter a column, copies the table)."""
    with op.batch_alter_table(f"{prefix()}seats") as batch:
        batch.alter_column("bot", existing_type=sa.String(32), type_=sa.String(200),
                           existing_nullable=True)
