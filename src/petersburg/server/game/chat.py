"""Chat lines and chat commands, with a flood limit per person and per address and names tied to
seats.

A line at a table is shown under the speaker's seat name; someone without a seat there speaks as
"<name> (spectator)", so nobody can speak as a seat he does not hold. Each person (identity) may
send at most ``chat_lines`` lines or commands in ``chat_window`` seconds, however many sockets he
opens, and each client address at most ``chat_lines_per_address``, however many identities it
uses (a fresh identity costs nothing; an address does). Commands (``/join``, ``/leave``, ``/bot``,
``/start``, ``/help``) are the same requests as the buttons, with the same authority checks
(``seating.py``).
"""

from __future__ import annotations

import re
from collections import deque

from petersburg.server.clock import Clock
from petersburg.server.errors import Refusal
from petersburg.server.game.events import TableEvents
from petersburg.server.game.seating import Seating, clean_name, level_ids, seat_argument
from petersburg.server.game.service import TableService
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.store import ChatRow
from petersburg.server.protocol.fields import MAX_CHAT
from petersburg.server.protocol.messages import GotoMessage, NoticeMessage
from petersburg.server.settings import Settings
from petersburg.text.chat import help_text, level_list
from petersburg.text.languages import SOURCE

TABLE_NUMBER = re.compile(r"[0-9]{1,9}")


class FloodLimit:
    """At most ``lines`` per key (an identity, an address) in ``window`` seconds."""

    def __init__(self, lines: int, window: float, clock: Clock) -> None:
        self.lines = lines
        self.window = window
        self.clock = clock
        self._recent: dict[str, deque[float]] = {}

    def full(self, key: str) -> bool:
        """Whether ``key`` has said enough for now (counts nothing: ``count``)."""
        recent = self._recent.get(key)
        if recent is None:
            return False
        now = self.clock.time()
        while recent and now - recent[0] >= self.window:
            recent.popleft()
        return len(recent) >= self.lines

    def count(self, key: str) -> None:
        """Count one line of ``key`` (after every limit let it through)."""
        now = self.clock.time()
        self._recent.setdefault(key, deque()).append(now)
        if len(self._recent) > 10_000:  # forget who has been quiet for a window
            for quiet in [
                u for u, times in self._recent.items() if not times or now - times[-1] >= self.window
            ]:
                del self._recent[quiet]


class Chat(TableService):
    """Chat lines and commands, at tables and in the lobby."""

    def __init__(
        self,
        tables: Tables,
        events: TableEvents,
        clock: Clock,
        settings: Settings,
        seating: Seating,
    ) -> None:
        super().__init__(tables, events, clock)
        self.seating = seating
        self.flood = FloodLimit(settings.chat_lines, settings.chat_window, clock)
        self.flood_from_address = FloodLimit(settings.chat_lines_per_address, settings.chat_window, clock)

    async def say(
        self, table: Table | None, uid: str, address: str, name: str, text: str
    ) -> NoticeMessage | GotoMessage | None:
        """A chat line, or a command, of ``uid`` from client ``address``; returns a reply for the
        sender only, if any."""
        text = text.strip()[:MAX_CHAT]
        if not text:
            raise Refusal("chat_empty")
        window = self.flood.window
        if self.flood.full(uid):
            raise Refusal("chat_flood", lines=self.flood.lines, seconds=window)
        if self.flood_from_address.full(address):
            raise Refusal("chat_flood_from_address", lines=self.flood_from_address.lines, seconds=window)
        self.flood.count(uid)
        self.flood_from_address.count(address)
        if not text.startswith("/"):
            seated = table is not None and table.seat_of_uid(uid) is not None
            if not seated:  # a seat's name was checked when it was taken
                await self.seating.check_name_owner(uid, clean_name(name))
            line = ChatRow(self.clock.time(), self._speaker(table, uid, name), text)
            await self.tables.add_chat(table, line)
            self.events.chat_line(table, line)
            return None
        words = text[1:].split()
        command = words[0].lower() if words else ""
        args = words[1:]
        if command == "help":
            return {"type": "notice", "text": commands_help()}
        if table is None:
            return await self._lobby_command(uid, name, command, args)
        if command == "join":
            await self.seating.sit(table, uid, name, seat_argument(args))
        elif command == "leave":
            await self.seating.leave(table, uid)
        elif command == "start":
            await self.seating.start(table, uid, address)
        elif command == "bot":
            if not args:
                raise Refusal("bot_usage", levels=level_list(level_ids()))
            await self.seating.put_bot(table, uid, args[0], seat_argument(args[1:]))
        else:
            raise Refusal("unknown_command", command=_shown(command))
        return None

    async def _lobby_command(self, uid: str, name: str, command: str, args: list[str]) -> GotoMessage:
        if command == "join":
            if len(args) != 1 or not TABLE_NUMBER.fullmatch(args[0]):
                raise Refusal("lobby_join_usage")
            target = await self.tables.get(int(args[0]))
            if target.row.status == "open" and target.seat_of_uid(uid) is None:
                await self.seating.sit(target, uid, name)
            return {"type": "goto", "table": target.id}
        if command in ("leave", "start", "bot"):
            raise Refusal("command_needs_table", command=command)
        raise Refusal("unknown_command", command=_shown(command))

    @staticmethod
    def _speaker(table: Table | None, uid: str, name: str) -> str:
        """The name a line is shown under: the seat's name at a table, else the marked name."""
        if table is None:
            return clean_name(name)
        seat = table.seat_of_uid(uid)
        if seat is not None:
            return table.row.seats[seat].name
        return f"{clean_name(name)} (spectator)"


def commands_help(language: str = SOURCE) -> str:
    """What ``/help`` answers (and the lobby and the rules page show): the commands and the levels,
    in ``language``."""
    return help_text(level_ids()).in_language(language)


def _shown(word: str) -> str:
    return word if len(word) <= 30 else word[:30] + "…"
