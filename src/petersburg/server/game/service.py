"""What every part that changes tables (play, seating, chat) is made of."""

from __future__ import annotations

from petersburg.server.clock import Clock
from petersburg.server.game.events import TableEvents
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.store import ChatRow
from petersburg.text.wording import Message, stored_form


class TableService:
    """A part that changes tables: the repository, the events it raises, the clock it reads."""

    def __init__(self, tables: Tables, events: TableEvents, clock: Clock) -> None:
        self.tables = tables
        self.events = events
        self.clock = clock

    async def announce(self, table: Table | None, notice: Message) -> None:
        """A notice of the table itself (a chat line without a name): the chat keeps its message id
        and parameters (``text.wording.stored_form``), worded for each reader in her language."""
        line = ChatRow(self.clock.time(), "", stored_form(notice))
        await self.tables.add_chat(table, line)
        self.events.chat_line(table, line)
