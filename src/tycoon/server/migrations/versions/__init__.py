"""Alembic revisions, oldest first (``0001_base`` ... )."""
