"""Alembic's entry point: run the migrations on the connection ``database.migrate`` hands over.

The server runs them itself at start-up (there is no ``alembic.ini``); each migration writes its
own DDL, so it stays what it was when written whatever the current schema in ``database.py``."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

connection = context.config.attributes["connection"]
assert isinstance(connection, Connection)
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
