"""What the parts that change tables tell the rest of the server, without knowing who listens."""

from __future__ import annotations

from typing import Protocol

from petersburg.server.game.table import Table
from petersburg.server.persistence.store import ChatRow


class TableEvents(Protocol):
    """What the parts that change tables tell the rest (implemented by the app's wiring)."""

    def table_changed(self, table: Table) -> None:
        """The table changed: tell whoever watches it, and plan its next automatic move."""
        ...

    def chat_line(self, table: Table | None, line: ChatRow) -> None:
        """A chat line was stored at a table (or in the lobby)."""
        ...
