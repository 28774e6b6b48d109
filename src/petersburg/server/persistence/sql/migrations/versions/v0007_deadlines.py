"""Move deadlines of turn-based tables (the time per move and the bot that plays a missed turn,
each turn's stored clock), accounts' vacations, and tables' own webhooks.

Existing tables have no deadline (0), existing accounts no vacation.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("move_deadline", sa.Integer, nullable=False, server_default="0"))
    op.add_column("tables", sa.Column("deadline_bot", sa.Text))
    op.add_column("account_alerts", sa.Column("vacation_start", sa.Float))
    op.add_column("account_alerts", sa.Column("vacation_until", sa.Float))
    op.add_column("account_alerts", sa.Column("vacation_year", sa.Integer))
    op.add_column(
        "account_alerts", sa.Column("vacation_days", sa.Integer, nullable=False, server_default="0")
    )
    op.create_table(
        "turn_clocks",
        sa.Column("table_id", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("reminded", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("expired", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("missed", sa.JSON, nullable=False, server_default="[]"),
    )
    op.create_table(
        "table_webhooks",
        sa.Column("table_id", sa.Integer, primary_key=True),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("format", sa.Text, nullable=False, server_default="json"),
        sa.Column("failure", sa.Text),
    )


def downgrade() -> None:
    op.drop_table("table_webhooks")
    op.drop_table("turn_clocks")
    with op.batch_alter_table("account_alerts") as alerts:
        for column in ("vacation_days", "vacation_year", "vacation_until", "vacation_start"):
            alerts.drop_column(column)
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("deadline_bot")
        tables.drop_column("move_deadline")
