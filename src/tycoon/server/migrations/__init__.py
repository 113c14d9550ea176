"""Alembic migrations of the server's tables (see :mod:`tycoon.server.migrate`)."""
