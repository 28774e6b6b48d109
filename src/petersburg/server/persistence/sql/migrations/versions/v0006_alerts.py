"""Turn alerts away from the page: an account's e-mail address and alert channels, and the durable
queue of alerts to deliver.

Existing accounts have no row (no address, every channel off) until their owner sets one.

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_alerts",
        sa.Column("account_id", sa.Integer, primary_key=True),
        sa.Column("email", sa.Text),
        sa.Column("email_key", sa.Text),
        sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("email_alerts", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("push_subscription", sa.JSON),
        sa.Column("webhook_url", sa.Text),
        sa.Column("webhook_format", sa.Text, nullable=False, server_default="json"),
        sa.Column("webhook_failure", sa.Text),
        sa.Column("interval", sa.Float, nullable=False, server_default="3600"),
        sa.Column("muted", sa.JSON, nullable=False, server_default="[]"),
    )
    op.create_index("account_alerts_by_email", "account_alerts", ["email_key"])
    op.create_table(
        "alert_queue",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.Text, nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("table_id", sa.Integer),
        sa.Column("channel", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("error", sa.Text),
        sqlite_autoincrement=True,
    )
    op.create_index("alert_queue_due", "alert_queue", ["status", "due"])
    op.create_index("alert_queue_by_game", "alert_queue", ["account_id", "table_id", "channel", "created"])


def downgrade() -> None:
    op.drop_table("alert_queue")
    op.drop_table("account_alerts")
