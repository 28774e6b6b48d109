"""The storage protocols on SQLAlchemy Core, for SQLite or PostgreSQL: ``store.py`` (``Store``,
and the database thread every statement runs on), ``accounts.py``, ``ratings.py``, ``leases.py``,
the schema (``database.py``) and the Alembic migrations. Nothing outside ``persistence`` issues SQL.
"""
