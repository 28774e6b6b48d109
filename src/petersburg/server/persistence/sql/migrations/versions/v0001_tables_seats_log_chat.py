"""The schema of the server before SQLAlchemy: tables, seats, the action log, chat.

Databases written by that server already hold these tables (with or without the ``autopass``
column and the status index, depending on their age): they are completed, never recreated.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    existing = set(inspector.get_table_names())
    if "tables" not in existing:
        op.create_table(
            "tables",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("seats", sa.Integer, nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("realtime", sa.Boolean, nullable=False),
            sa.Column("timer", sa.Integer, nullable=False),
            sa.Column("allow_undo", sa.Boolean, nullable=False),
            sa.Column("creator", sa.Text, nullable=False),
            sa.Column("seed", sa.BigInteger),
            sa.Column("status", sa.Text, nullable=False),
            sa.Column("result", sa.JSON),
            sqlite_autoincrement=True,
        )
    if "seats" not in existing:
        op.create_table(
            "seats",
            sa.Column("table_id", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.Text, nullable=False),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("user_id", sa.Text),
            sa.Column("token", sa.Text),
            sa.Column("bot", sa.Text),
            sa.Column("autopass", sa.JSON),
        )
    elif "autopass" not in {column["name"] for column in inspector.get_columns("seats")}:
        op.add_column("seats", sa.Column("autopass", sa.JSON))
    if "actions" not in existing:
        op.create_table(
            "actions",
            sa.Column("table_id", sa.Integer, primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("kind", sa.Text, nullable=False),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("action", sa.Integer, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
        )
    if "chat" not in existing:
        op.create_table(
            "chat",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("table_id", sa.Integer, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("text", sa.Text, nullable=False),
            sqlite_autoincrement=True,
        )
    inspector = sa.inspect(op.get_bind())  # afresh: the tables above may be new
    indexes = {index["name"] for name in ("tables", "chat") for index in inspector.get_indexes(name)}
    if "chat_by_table" not in indexes:
        op.create_index("chat_by_table", "chat", ["table_id", "id"])
    if "tables_by_status" not in indexes:
        op.create_index("tables_by_status", "tables", ["status", "id"])


def downgrade() -> None:
    for name in ("chat", "actions", "seats", "tables"):
        op.drop_table(name)
