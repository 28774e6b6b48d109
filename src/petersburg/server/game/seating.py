"""Tables and seats: create, sit, bots, leave, start, close, each authorised against who asks.

Who may do what: anyone may create a table (within the limits below) and take a free seat of an
open table; before the start only the table's creator puts, removes or changes bots and starts
the game; a seated player may leave (during a game a bot plays on for him); nobody else changes
anything. Every change runs through the table's queue and is written before it is shown.

Limits that protect everyone: open or playing tables in all and per person, games of bots alone
per person (they use the bot workers' CPU), and a name may not be taken twice at one table (so a
chat line's name says which seat speaks). A guest may not use an account's name (whatever its
case), at a seat or in the chat: the account's player signs in to use it.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets

from petersburg.bots.levels import BotLevel, bot_levels, find_level
from petersburg.engine import PetersburgError, check_options, options_from_json
from petersburg.server.accounts.accounts import Accounts
from petersburg.server.clock import Clock, SeedSource
from petersburg.server.errors import Refusal
from petersburg.server.game.events import TableEvents
from petersburg.server.game.play import Play
from petersburg.server.game.service import TableService
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.store import SeatRow, StorageError, TableRow
from petersburg.server.protocol.fields import MAX_NAME, MAX_TIMER, MAX_TITLE
from petersburg.server.protocol.requests import TableParams
from petersburg.server.settings import Settings
from petersburg.text.bots import level_name, seat_name

log = logging.getLogger("petersburg.server")

SAVE_FAILED = "The change could not be saved; nothing changed. Try again."


def clean_name(name: str | None) -> str:
    """A person's name with spaces collapsed; refused if empty or too long."""
    cleaned = " ".join((name or "").split())
    if not cleaned:
        raise Refusal(f"Choose a name first (1 to {MAX_NAME} characters).")
    if len(cleaned) > MAX_NAME:
        raise Refusal(f"A name has at most {MAX_NAME} characters.")
    return cleaned


def guest_name(name: str | None) -> str:
    """The name a socket shows: collapsed, cut to length, 'Guest' if empty (never refused)."""
    cleaned = " ".join((name or "").split())[:MAX_NAME]
    return cleaned or "Guest"


def bot_seat(row: TableRow, index: int, level: BotLevel) -> SeatRow:
    """A bot of ``level`` for seat ``index``, named apart from the table's other seats."""
    taken = [seat.name for i, seat in enumerate(row.seats) if i != index and seat.kind != "empty"]
    return SeatRow("bot", seat_name(level.id, taken), None, None, level.id)


SEAT_WORD = re.compile(r"[0-9]{1,2}")


class Seating(TableService):
    """Tables and their seats."""

    def __init__(
        self,
        tables: Tables,
        events: TableEvents,
        clock: Clock,
        settings: Settings,
        seeds: SeedSource,
        play: Play,
        accounts: Accounts | None = None,
    ) -> None:
        super().__init__(tables, events, clock)
        self.settings = settings
        self.seeds = seeds
        self.play = play
        self._creating = asyncio.Lock()
        """Creating tables one at a time, so two requests cannot both pass a limit."""
        self.accounts = accounts
        """Whose names are reserved (None: no accounts, every name is free)."""

    async def check_name_owner(self, uid: str, name: str) -> None:
        """Refuse a name that belongs to an account ``uid`` is not (case and spacing aside)."""
        if self.accounts is None:
            return
        owner = await self.accounts.owner_of_name(name)
        if owner is not None and owner.uid != uid:
            raise Refusal(
                f"The name {owner.name} belongs to an account: sign in as {owner.name} to use it, or "
                "choose another name."
            )

    # Tables ------------------------------------------------------------------------------------

    async def create(self, uid: str, name: str | None, params: TableParams) -> Table:
        """A new open table; the creator takes seat 1 unless ``sit`` is false."""
        cleaned = clean_name(name)
        await self.check_name_owner(uid, cleaned)
        async with self._creating:
            row = self._new_row(uid, cleaned, params)
            self._check_table_limits(uid)
            try:
                table = await self.tables.create(row)
            except StorageError as error:
                log.error("cannot create a table: %s", error)
                raise Refusal(SAVE_FAILED) from None
        self.events.table_changed(table)
        return table

    def _check_table_limits(self, uid: str) -> None:
        settings = self.settings
        mine = len(self.tables.live_created_by(uid))
        if mine >= settings.max_live_tables_per_person:
            raise Refusal(
                f"You already have {mine} tables that are open or playing (the most one person may "
                "have); finish or leave one first.",
                status=429,
            )
        if self.tables.live_count() >= settings.max_live_tables:
            raise Refusal(
                f"The server is full: {self.tables.live_count()} tables are open or playing. Join one "
                "of them, or create yours when a game has ended.",
                status=503,
            )

    def _new_row(self, uid: str, name: str, params: TableParams) -> TableRow:
        seats = params.get("seats", 2)
        try:
            options = options_from_json(params.get("options") or {})
            # The engine decides which options and seat counts go together (the Market needs the
            # 2nd edition, 5 seats need the Market, ...): its sentence is the answer.
            check_options(options, seats)
        except (PetersburgError, ValueError) as error:
            raise Refusal(str(error)) from None
        if not options.market and options.double_marker_seat is not None and seats != 3:
            raise Refusal("The seat with two start-player markers can only be chosen at 3-seat tables (0-2).")
        realtime = params.get("realtime", True)
        timer = params.get("timer", 0) if realtime else 0
        if not 0 <= timer <= MAX_TIMER:
            raise Refusal(f"The turn timer is 0 (none) to {MAX_TIMER} seconds.")
        title = " ".join((params.get("title") or f"{name}'s table").split())
        if len(title) > MAX_TITLE:
            raise Refusal(f"A table name has at most {MAX_TITLE} characters.")
        row = TableRow(
            id=0,
            name=title,
            created=self.clock.time(),
            num_seats=seats,
            options=options.to_json(),
            realtime=realtime,
            timer=timer,
            allow_undo=params.get("allow_undo", True),
            creator=uid,
            seats=[SeatRow() for _ in range(seats)],
            rated=params.get("rated", False),
        )
        if params.get("sit", True):
            row.seats[0] = SeatRow("human", name, uid, secrets.token_urlsafe(24))
        fill = params.get("fill")
        if fill is not None:
            level = self._level(fill)
            for index, seat in enumerate(row.seats):
                if seat.kind == "empty":
                    row.seats[index] = bot_seat(row, index, level)
        return row

    @staticmethod
    def _level(level: str | None) -> BotLevel:
        found = find_level(level)
        if found is None:
            known = ", ".join(known.id for known in bot_levels())
            raise Refusal(f"Unknown bot level {level!r}. Known: {known}.")
        return found

    # Seats -------------------------------------------------------------------------------------

    async def sit(self, table: Table, uid: str, name: str | None, seat: int | None = None) -> int:
        """Take a free seat (any, or the one given) and get its secret token."""
        await self.check_name_owner(uid, clean_name(name))
        return await table.queue.run(lambda: self._sit(table, uid, name, seat))

    async def put_bot(self, table: Table, uid: str, level: str | None, seat: int | None = None) -> int:
        """The creator puts a bot of the given level in a free seat, or changes a bot's level."""
        return await table.queue.run(lambda: self._put_bot(table, uid, level, seat))

    async def clear(self, table: Table, uid: str, seat: int | None) -> None:
        """Before the start: the creator removes a bot, or a player leaves his own seat."""
        await table.queue.run(lambda: self._clear(table, uid, seat))

    async def leave(self, table: Table, uid: str) -> None:
        """Give up your seat; during a game a random bot plays on for you (the game never stalls)."""
        await table.queue.run(lambda: self._leave(table, uid))

    async def start(self, table: Table, uid: str) -> None:
        """The creator deals the game once every seat is filled."""
        await table.queue.run(lambda: self._start(table, uid))

    async def close_if_idle(self, table: Table) -> bool:
        """Close an open table nobody is connected to (it leaves the lobby and memory)."""
        return await table.queue.run(lambda: self._close_if_idle(table))

    def _require_open(self, table: Table) -> None:
        if table.row.status != "open":
            raise Refusal("The game has already started; seats can no longer change.")

    def _require_creator(self, table: Table, uid: str, what: str) -> None:
        if table.row.creator != uid:
            raise Refusal(f"Only the player who created this table can {what}.")

    def _seat_index(self, table: Table, seat: int | None) -> int:
        count = table.row.num_seats
        if seat is None or not 0 <= seat < count:
            raise Refusal(f"This table has seats 1 to {count}.")
        return seat

    def _free_seat(self, table: Table, seat: int | None) -> int:
        if seat is None:
            for index, current in enumerate(table.row.seats):
                if current.kind == "empty":
                    return index
            raise Refusal("Every seat is taken.")
        index = self._seat_index(table, seat)
        if table.row.seats[index].kind != "empty":
            raise Refusal(f"Seat {index + 1} is taken.")
        return index

    async def _change_seat(self, table: Table, index: int, seat: SeatRow, notice: str) -> None:
        try:
            await self.tables.set_seat(table, index, seat)
        except StorageError as error:
            log.error("table %s: cannot store seat %s: %s", table.id, index, error)
            raise Refusal(SAVE_FAILED) from None
        await self.announce(table, notice)
        self.events.table_changed(table)

    async def _sit(self, table: Table, uid: str, name: str | None, seat: int | None) -> int:
        self._require_open(table)
        cleaned = clean_name(name)
        if table.seat_of_uid(uid) is not None:
            raise Refusal("You already have a seat at this table.")
        index = self._free_seat(table, seat)
        for other in table.row.seats:
            if other.kind != "empty" and other.name.casefold() == cleaned.casefold():
                raise Refusal(f"Someone at this table is already called {other.name}; choose another name.")
        new = SeatRow("human", cleaned, uid, secrets.token_urlsafe(24))
        await self._change_seat(table, index, new, f"{cleaned} sits down in seat {index + 1}.")
        return index

    async def _put_bot(self, table: Table, uid: str, level: str | None, seat: int | None) -> int:
        self._require_open(table)
        self._require_creator(table, uid, "put bots in its seats")
        chosen = self._level(level)
        if seat is not None and table.row.seats[self._seat_index(table, seat)].kind == "bot":
            index = seat
            notice = f"The bot in seat {index + 1} is now a {level_name(chosen.id)} bot."
        else:
            index = self._free_seat(table, seat)
            notice = f"A {level_name(chosen.id)} bot sits down in seat {index + 1}."
        await self._change_seat(table, index, bot_seat(table.row, index, chosen), notice)
        return index

    async def _clear(self, table: Table, uid: str, seat: int | None) -> None:
        self._require_open(table)
        index = self._seat_index(table, seat)
        current = table.row.seats[index]
        if current.kind == "empty":
            raise Refusal(f"Seat {index + 1} is already free.")
        if current.kind == "human" and current.user_id != uid:
            raise Refusal("Only the player in a seat can leave it.")
        if current.kind == "bot":
            self._require_creator(table, uid, "remove its bots")
        await self._change_seat(table, index, SeatRow(), f"{current.name} leaves seat {index + 1}.")

    async def _leave(self, table: Table, uid: str) -> None:
        seat = table.seat_of_uid(uid)
        if seat is None:
            raise Refusal("You have no seat at this table.")
        if table.row.status == "open":
            await self._clear(table, uid, seat)
            return
        if table.row.status != "playing":
            raise Refusal("The game is over; there is nothing to leave.")
        old = table.row.seats[seat]
        level = "random"
        await self._change_seat(
            table,
            seat,
            SeatRow("bot", f"{old.name} (bot)", None, None, level),
            f"{old.name} leaves; a {level} bot plays seat {seat + 1} from now on.",
        )

    async def _start(self, table: Table, uid: str) -> None:
        self._require_open(table)
        self._require_creator(table, uid, "start the game")
        empty = [str(i + 1) for i, s in enumerate(table.row.seats) if s.kind == "empty"]
        if empty:
            raise Refusal(f"Seat(s) {', '.join(empty)} still empty: /join or /bot <level> to fill them.")
        if table.bot_only():
            running = [
                t for t in self.tables.live_created_by(uid) if t.row.status == "playing" and t.bot_only()
            ]
            if len(running) >= self.settings.max_bot_tables_per_person:
                raise Refusal(
                    f"You already have {len(running)} games of bots alone running (the most one person "
                    "may have); wait until one ends.",
                    status=429,
                )
        try:
            await self.tables.deal(table, self.seeds())
        except StorageError as error:
            log.error("table %s: cannot start: %s", table.id, error)
            raise Refusal(SAVE_FAILED) from None
        await self.announce(table, "The game starts.")
        await self.play.after_change(table)

    async def hand_idle_game_to_bots(self, table: Table, idle: float) -> bool:
        """A running game nobody seated has been at for ``idle`` seconds: every person's seat goes
        to a Greedy bot, which finishes the game quickly (it ends with a result and a replay,
        instead of staying "playing" for ever)."""
        return await table.queue.run(lambda: self._hand_to_bots(table, idle))

    async def _hand_to_bots(self, table: Table, idle: float) -> bool:
        if table.row.status != "playing" or table.person_here():
            return False
        greedy = self._level("greedy")
        for seat, row in enumerate(table.row.seats):
            if row.kind == "human":
                new = SeatRow("bot", f"{row.name} (bot)", None, None, greedy.id)
                try:
                    await self.tables.set_seat(table, seat, new)
                except (StorageError, Refusal) as error:  # Refusal: another process changed it first
                    log.error("table %s: cannot hand seat %s to a bot: %s", table.id, seat, error)
                    return False
        await self.announce(
            table, f"Nobody has been at this table for {_duration(idle)}: Greedy bots finish the game."
        )
        await self.play.after_change(table)
        return True

    async def _close_if_idle(self, table: Table) -> bool:
        if table.row.status != "open" or table.watchers > 0:
            return False
        await self.tables.close(table)
        self.events.table_changed(table)
        return True


def _duration(seconds: float) -> str:
    """``7 days``, ``1 hour``, ``90 seconds``: a duration as people say it."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = int(seconds // size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds:g} seconds"


def seat_argument(args: list[str]) -> int | None:
    """The seat of a chat command (``/join 2``: seat index 1), or None if not given."""
    if not args:
        return None
    if len(args) != 1 or not SEAT_WORD.fullmatch(args[0]):
        raise Refusal("Give a seat number, for example /join 2.")
    return int(args[0]) - 1
