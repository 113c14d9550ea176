"""Alembic environment: runs on the connection and table prefix that
:func:`tycoon.server.migrate.upgrade` puts in ``config.attributes`` (no ``alembic.ini``)."""

from __future__ import annotations

from alembic import context

config = context.config
connection = config.attributes["connection"]
prefix = config.attributes["prefix"]

context.configure(
    connection=connection,
    version_table=f"{prefix}alembic_version",
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
