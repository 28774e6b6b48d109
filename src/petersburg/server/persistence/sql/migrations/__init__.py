"""Alembic migrations of the server's database (run by ``database.migrate`` at start-up)."""
