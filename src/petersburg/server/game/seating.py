"""Tables and seats: create, sit, bots, leave, start, close, each authorised against who asks.

Who may do what: anyone may create a table (within the limits below) and take a free seat of an
open table; before the start only the table's creator puts, removes or changes bots and starts
the game; a seated player may leave (during a game a bot plays on for him); nobody else changes
anything. Every change runs through the table's queue and is written before it is shown.

Limits that protect everyone: open or playing tables in all, per person and per client address,
games of bots alone per person and per address (they use the bot workers' CPU), and a name may not
be taken twice at one table (so a chat line's name says which seat speaks). An identity costs
nothing to make, an address does: the share of an address (``live_tables_per_address``, a
twentieth of the server by default) keeps one client, however many identities it invents, from
filling the server. What address created a table is known to the process that created it (memory
only: after a restart the old tables count for nobody's address, and abandoned open ones are
closed in minutes anyway). A full server refuses new tables only; the games go on, and the
refusal says when abandoned tables will have been closed. A guest may not use an account's name (whatever its
case), at a seat or in the chat: the account's player signs in to use it.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import secrets
from typing import cast

from pydantic import JsonValue

from petersburg.bots.levels import BotLevel, bot_levels, find_level
from petersburg.engine import PetersburgError, RefusedOptions, check_options, options_from_json
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
from petersburg.server.protocol.names import name_key, shown_name
from petersburg.server.protocol.requests import TableParams
from petersburg.server.settings import Settings
from petersburg.text import names
from petersburg.text.bots import level_param
from petersburg.text.chat import level_list
from petersburg.text.notices import notice
from petersburg.text.rule_refusals import rule_refusal
from petersburg.text.wording import Message

log = logging.getLogger("petersburg.server")


HANDOVER_LEVEL = "greedy"
"""The level of the bot that takes over a person's seat during a game, whether he left it or the
game was left idle: the same, so that leaving by button, by ``/leave`` or by staying away plays on
alike. Greedy rather than Random: it plays sensibly for the others still at the table and decides
at once, so a game of bots alone ends quickly instead of running for ever."""


def clean_name(name: str | None) -> str:
    """A person's name as it is shown (``protocol.names.shown_name``: NFKC, spaces collapsed, no
    invisible character or stray mark); refused if empty or too long."""
    cleaned = shown_name(name or "")
    if not cleaned:
        raise Refusal("name_missing", most=MAX_NAME)
    if len(cleaned) > MAX_NAME:
        raise Refusal("name_too_long", most=MAX_NAME)
    return cleaned


def guest_name(name: str | None) -> str:
    """The name a socket shows: collapsed, cut to length, 'Guest' (worded for each reader) if empty
    (never refused)."""
    cleaned = " ".join((name or "").split())[:MAX_NAME]
    return cleaned or names.guest()


def bot_seat(row: TableRow, index: int, level: BotLevel) -> SeatRow:
    """A bot of ``level`` for seat ``index``, named apart from the table's other seats."""
    taken = [seat.name for i, seat in enumerate(row.seats) if i != index and seat.kind != "empty"]
    return SeatRow("bot", names.bot_seat_name(level.id, taken), None, None, level.id)


SEAT_WORD = re.compile(r"[0-9]{1,2}")
MINUTE, HOUR, DAY = 60, 3600, 86400
"""Seconds in the units an idle time is told in."""


def level_ids() -> list[str]:
    """The bot levels a seat can be given, as a person types them: the measured ladder weakest first,
    then Random (research), then registered bots."""
    return [level.id for level in bot_levels()]


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
        self._created_from: dict[int, str] = {}
        """The client address each table created here was created from (``identity.py``)."""
        self._rematches: dict[int, int] = {}
        """The table "Play again" created after each finished one (memory only: after a restart,
        the next player to ask opens another)."""

    async def check_name_owner(self, uid: str, name: str) -> None:
        """Refuse a name that belongs to an account ``uid`` is not (case and spacing aside)."""
        if self.accounts is None:
            return
        owner = await self.accounts.owner_of_name(name)
        if owner is not None and owner.uid != uid:
            raise Refusal("name_of_account", name=owner.name)

    # Tables ------------------------------------------------------------------------------------

    async def create(self, uid: str, name: str | None, params: TableParams, *, address: str) -> Table:
        """A new open table, created by ``uid`` from client ``address``; the creator takes seat 1
        unless ``sit`` is false. With ``start`` the game is dealt at once (the lobby's "Play now"),
        which needs every seat taken and, for a game of bots alone, room under its limits: every
        limit is checked before anything is created, so a refusal leaves no open table behind.
        Such a game is dealt within the creation lock, so that two requests at once cannot both
        pass the limit on games of bots alone (it counts running games)."""
        cleaned = clean_name(name)
        await self.check_name_owner(uid, cleaned)
        start = params.get("start", False)
        async with self._creating:
            row = self._new_row(uid, cleaned, params)
            empty = [str(i + 1) for i, s in enumerate(row.seats) if s.kind == "empty"]
            if start and empty:
                raise Refusal("seats_empty", seats=", ".join(empty))
            if start and all(seat.kind == "bot" for seat in row.seats):
                self._check_bot_games(uid, address)
            table = await self._store_new(row, uid, address)
            self.events.table_changed(table)
            if start:
                await self.start(table, uid, address)
        return table

    async def again(self, finished: Table, uid: str, *, address: str) -> Table:
        """ "Play again" after ``finished``: the same players with the same options at a new table.

        The first of its players to ask creates it: he sits in his old seat under his old name,
        every seat a bot held at the end gets a bot of the same level, the table has the same
        name, options, pace, timer, undo and rating; the other people's seats stay free for
        them. Each of them who asks next is seated in his old seat there. With no other person,
        the game starts at once. Only a person seated at the end may ask, once the game is over.
        """
        old = finished.row
        if old.status != "over":
            raise Refusal("again_unfinished", status=409)
        seat = next((i for i, s in enumerate(old.seats) if s.kind == "human" and s.user_id == uid), None)
        if seat is None:
            raise Refusal("again_not_a_player", status=403)
        name = old.seats[seat].name
        rematch = await self._rematch_of(old.id)
        if rematch is not None and rematch.seat_of_uid(uid) is not None:
            return rematch
        if rematch is not None and rematch.row.status == "open" and rematch.row.seats[seat].kind == "empty":
            await self.sit(rematch, uid, name, seat)
            return rematch
        await self.check_name_owner(uid, name)
        params: TableParams = {
            "seats": old.num_seats,
            "title": old.name,
            "realtime": old.realtime,
            "timer": old.timer,
            "allow_undo": old.allow_undo,
            "rated": old.rated,
            "sit": False,
            # The stored options are the engine's JSON of them (docs/state-format.md), as sent.
            "options": cast("dict[str, JsonValue]", old.options),
        }
        async with self._creating:
            row = self._new_row(uid, name, params)
            row.seats[seat] = SeatRow("human", name, uid, secrets.token_urlsafe(24))
            for index, held in enumerate(old.seats):
                if held.kind == "bot":
                    row.seats[index] = bot_seat(row, index, self._level(held.bot))
            table = await self._store_new(row, uid, address)
            self._rematches[old.id] = table.id
        self.events.table_changed(table)
        if all(s.kind != "empty" for s in table.row.seats):
            await self.start(table, uid, address)
        return table

    async def _rematch_of(self, table_id: int) -> Table | None:
        """The table "Play again" opened after ``table_id``, while it is still there."""
        known = self._rematches.get(table_id)
        if known is None:
            return None
        try:
            return await self.tables.get(known)
        except Refusal:
            return None

    async def _store_new(self, row: TableRow, uid: str, address: str) -> Table:
        """Store a new table's row (within the creation lock), after the limits on tables."""
        self._check_table_limits(uid, address)
        try:
            table = await self.tables.create(row)
        except StorageError as error:
            log.error("cannot create a table: %s", error)
            raise Refusal("save_failed") from None
        self._created_from[table.id] = address
        return table

    def _check_table_limits(self, uid: str, address: str) -> None:
        settings = self.settings
        mine = len(self.tables.live_created_by(uid))
        if mine >= settings.max_live_tables_per_person:
            raise Refusal("too_many_tables", status=429, count=mine)
        if self.tables.live_count() >= settings.max_live_tables:
            # An open table nobody watches is closed within ``open_table_ttl`` and the minute
            # between two idle sweeps (``automation.SWEEP_SECONDS``): then there is room again.
            minutes = math.ceil(settings.open_table_ttl / MINUTE) + 1
            raise Refusal("server_full", status=503, count=self.tables.live_count(), minutes=minutes)
        from_address = len(self.live_created_from(address))
        if from_address >= settings.live_tables_per_address:
            raise Refusal("too_many_tables_from_address", status=429, count=from_address)

    def live_created_from(self, address: str) -> list[Table]:
        """The live tables this process created from client ``address`` (finished ones are
        forgotten here)."""
        found: list[Table] = []
        for table_id, created_from in list(self._created_from.items()):
            table = self.tables.cached(table_id)
            if table is None or not table.live:
                del self._created_from[table_id]
            elif created_from == address:
                found.append(table)
        return found

    def _new_row(self, uid: str, name: str, params: TableParams) -> TableRow:
        seats = params.get("seats", 2)
        try:
            options = options_from_json(params.get("options") or {})
            # The engine decides which options and seat counts go together (the Market needs the
            # 2nd edition, 5 seats need the Market, ...): its sentence is the answer.
            check_options(options, seats)
        except RefusedOptions as refused:
            raise Refusal(rule_refusal(refused.reason)) from None
        except (PetersburgError, ValueError) as error:
            raise Refusal("engine_refusal", reason=str(error)) from None
        if not options.market and options.double_marker_seat is not None and seats != 3:
            raise Refusal("double_marker_seats")
        realtime = params.get("realtime", True)
        timer = params.get("timer", 0) if realtime else 0
        if not 0 <= timer <= MAX_TIMER:
            raise Refusal("timer_range", most=MAX_TIMER)
        move_deadline = 0 if realtime else params.get("move_deadline", 0)
        deadline_bot = self._level(params.get("deadline_bot") or "greedy").id if move_deadline else None
        title = params.get("title") or ""
        if not names.is_stored_name(title):  # a rematch keeps its table's stored name as it is
            title = " ".join(title.split())
            if len(title) > MAX_TITLE:
                raise Refusal("title_too_long", most=MAX_TITLE)
        title = title or names.default_table_name(name)
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
            hints=params.get("hints", True),
            move_deadline=move_deadline,
            deadline_bot=deadline_bot,
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
            raise Refusal("unknown_level", level=level or "", known=level_list(level_ids()))
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
        """Give up your seat; during a game a bot of ``HANDOVER_LEVEL`` plays on for you (the game
        never stalls)."""
        await table.queue.run(lambda: self._leave(table, uid))

    async def start(self, table: Table, uid: str, address: str) -> None:
        """The creator (from client ``address``) deals the game once every seat is filled."""
        await table.queue.run(lambda: self._start(table, uid, address))

    async def close_if_idle(self, table: Table) -> bool:
        """Close an open table nobody is connected to (it leaves the lobby and memory)."""
        return await table.queue.run(lambda: self._close_if_idle(table))

    def _require_open(self, table: Table) -> None:
        if table.row.status != "open":
            raise Refusal("seats_fixed")

    @staticmethod
    def _require_creator(table: Table, uid: str, refusal: Refusal) -> None:
        """``refusal`` (which says what only the creator may do) unless ``uid`` created ``table``."""
        if table.row.creator != uid:
            raise refusal

    def _seat_index(self, table: Table, seat: int | None) -> int:
        count = table.row.num_seats
        if seat is None or not 0 <= seat < count:
            raise Refusal("seat_range", count=count)
        return seat

    def _free_seat(self, table: Table, seat: int | None) -> int:
        if seat is None:
            for index, current in enumerate(table.row.seats):
                if current.kind == "empty":
                    return index
            raise Refusal("seats_full")
        index = self._seat_index(table, seat)
        if table.row.seats[index].kind != "empty":
            raise Refusal("seat_taken", seat=index + 1)
        return index

    async def _change_seat(self, table: Table, index: int, seat: SeatRow, announced: Message) -> None:
        try:
            await self.tables.set_seat(table, index, seat)
        except StorageError as error:
            log.error("table %s: cannot store seat %s: %s", table.id, index, error)
            raise Refusal("save_failed") from None
        await self.announce(table, announced)
        self.events.table_changed(table)

    async def _sit(self, table: Table, uid: str, name: str | None, seat: int | None) -> int:
        self._require_open(table)
        cleaned = clean_name(name)
        if table.seat_of_uid(uid) is not None:
            raise Refusal("already_seated")
        index = self._free_seat(table, seat)
        for other in table.row.seats:
            if other.kind != "empty" and name_key(other.name) == name_key(cleaned):
                raise Refusal("name_at_table", name=other.name)
        new = SeatRow("human", cleaned, uid, secrets.token_urlsafe(24))
        await self._change_seat(table, index, new, notice("sits_down", name=cleaned, seat=index + 1))
        return index

    async def _put_bot(self, table: Table, uid: str, level: str | None, seat: int | None) -> int:
        self._require_open(table)
        self._require_creator(table, uid, Refusal("creator_puts_bots"))
        chosen = self._level(level)
        if seat is not None and table.row.seats[self._seat_index(table, seat)].kind == "bot":
            index = seat
            new = bot_seat(table.row, index, chosen)
            old = table.row.seats[index].name
            announced = notice("bot_replaced", old=old, seat=index + 1, name=new.name)
        else:
            index = self._free_seat(table, seat)
            new = bot_seat(table.row, index, chosen)
            announced = notice("sits_down", name=new.name, seat=index + 1)
        await self._change_seat(table, index, new, announced)
        return index

    async def _clear(self, table: Table, uid: str, seat: int | None) -> None:
        self._require_open(table)
        index = self._seat_index(table, seat)
        current = table.row.seats[index]
        if current.kind == "empty":
            raise Refusal("seat_free", seat=index + 1)
        if current.kind == "human" and current.user_id != uid:
            raise Refusal("not_your_seat")
        if current.kind == "bot":
            self._require_creator(table, uid, Refusal("creator_removes_bots"))
        await self._change_seat(
            table, index, SeatRow(), notice("leaves_seat", name=current.name, seat=index + 1)
        )

    async def _leave(self, table: Table, uid: str) -> None:
        seat = table.seat_of_uid(uid)
        if seat is None:
            raise Refusal("no_seat")
        if table.row.status == "open":
            await self._clear(table, uid, seat)
            return
        if table.row.status != "playing":
            raise Refusal("nothing_to_leave")
        old = table.row.seats[seat]
        handover = self._level(HANDOVER_LEVEL)
        await self._change_seat(
            table,
            seat,
            SeatRow("bot", names.handed_to_bot(old.name), None, None, handover.id),
            notice("leaves_to_bot", name=old.name, seat=seat + 1, level=level_param(handover.id)),
        )

    async def _start(self, table: Table, uid: str, address: str) -> None:
        self._require_open(table)
        self._require_creator(table, uid, Refusal("creator_starts"))
        empty = [str(i + 1) for i, s in enumerate(table.row.seats) if s.kind == "empty"]
        if empty:
            raise Refusal("seats_empty", seats=", ".join(empty))
        if table.bot_only():
            self._check_bot_games(uid, address)
        try:
            await self.tables.deal(table, self.seeds())
        except StorageError as error:
            log.error("table %s: cannot start: %s", table.id, error)
            raise Refusal("save_failed") from None
        await self.announce(table, notice("game_starts"))
        await self.play.after_change(table)

    def _check_bot_games(self, uid: str, address: str) -> None:
        """Refuse one more game of bots alone to a person, or to an address, that runs enough."""
        mine = _bot_games(self.tables.live_created_by(uid))
        if mine >= self.settings.max_bot_tables_per_person:
            raise Refusal("too_many_bot_games", status=429, count=mine)
        from_address = _bot_games(self.live_created_from(address))
        if from_address >= self.settings.max_bot_tables_per_address:
            raise Refusal("too_many_bot_games_from_address", status=429, count=from_address)

    async def hand_idle_game_to_bots(self, table: Table, idle: float) -> bool:
        """A running game nobody seated has been at for ``idle`` seconds: every person's seat goes
        to the Easy bot (the greedy heuristic), which finishes the game quickly (it ends with a
        result and a replay, instead of staying "playing" for ever)."""
        return await table.queue.run(lambda: self._hand_to_bots(table, idle))

    async def _hand_to_bots(self, table: Table, idle: float) -> bool:
        if table.row.status != "playing" or table.person_here():
            return False
        handover = self._level(HANDOVER_LEVEL)
        for seat, row in enumerate(table.row.seats):
            if row.kind == "human":
                new = SeatRow("bot", names.handed_to_bot(row.name), None, None, handover.id)
                try:
                    await self.tables.set_seat(table, seat, new)
                except (StorageError, Refusal) as error:  # Refusal: another process changed it first
                    log.error("table %s: cannot hand seat %s to a bot: %s", table.id, seat, error)
                    return False
        await self.announce(table, _idle_notice(idle, handover.id))
        await self.play.after_change(table)
        return True

    async def hand_seat_to_bot(self, table: Table, seat: int, level: BotLevel, missed: int) -> bool:
        """The player of ``seat`` let ``missed`` turns in a row run out (``deadlines.py``): a bot
        of ``level`` plays the seat to the end of the game. The seat keeps its account
        (``SeatRow.user_id``), so a rated game counts the result as the player's
        (``accounts/ratings.py``); the player can no longer act there."""
        return await table.queue.run(lambda: self._hand_seat_to_bot(table, seat, level, missed))

    async def _hand_seat_to_bot(self, table: Table, seat: int, level: BotLevel, missed: int) -> bool:
        old = table.row.seats[seat]
        if table.row.status != "playing" or old.kind != "human":
            return False
        new = bot_seat(table.row, seat, level)
        try:
            await self.tables.set_seat(table, seat, SeatRow("bot", new.name, old.user_id, None, level.id))
        except (StorageError, Refusal) as error:  # Refusal: another process changed it first
            log.error("table %s: cannot hand seat %s to a bot: %s", table.id, seat, error)
            return False
        await self.announce(
            table, notice("deadline_handed", name=old.name, count=missed, bot=new.name, seat=seat + 1)
        )
        await self.play.after_change(table)
        return True

    async def _close_if_idle(self, table: Table) -> bool:
        if table.row.status != "open" or table.watchers > 0:
            return False
        await self.tables.close(table)
        self.events.table_changed(table)
        return True


def _bot_games(tables: list[Table]) -> int:
    """How many of ``tables`` are games of bots alone running."""
    return sum(1 for table in tables if table.row.status == "playing" and table.bot_only())


def _idle_notice(seconds: float, level_id: str) -> Message:
    """That nobody has been at a table for ``seconds`` and bots of ``level_id`` finish its game, the
    time in its largest whole unit (``7 days``, ``1 hour``, ``90 seconds``), as people say it."""
    level = level_param(level_id)
    if seconds >= DAY and seconds % DAY == 0:
        return notice("idle_days", count=int(seconds // DAY), level=level)
    if seconds >= HOUR and seconds % HOUR == 0:
        return notice("idle_hours", count=int(seconds // HOUR), level=level)
    if seconds >= MINUTE and seconds % MINUTE == 0:
        return notice("idle_minutes", count=int(seconds // MINUTE), level=level)
    return notice("idle_seconds", count=seconds, level=level)


def seat_argument(args: list[str]) -> int | None:
    """The seat of a chat command (``/join 2``: seat index 1), or None if not given."""
    if not args:
        return None
    if len(args) != 1 or not SEAT_WORD.fullmatch(args[0]):
        raise Refusal("seat_number_usage")
    return int(args[0]) - 1
