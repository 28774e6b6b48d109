"""The ``Store`` on SQLAlchemy Core, for SQLite or PostgreSQL: the schema, the statements and
the Alembic migrations. Nothing outside ``persistence`` issues SQL.
"""
