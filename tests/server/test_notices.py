"""Change notices between server processes: two repositories (``Tables``) on one database, as two
processes would hold them. Log rows a notice carries are applied without reading the table back;
a gap in them, a change notices did not carry, or a process that heard nothing, is caught up from
the database; the log's key still refuses a second writer of a row, and nothing is applied twice."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest

from petersburg.engine import GameOptions, legal_actions, state_to_json
from petersburg.server.cluster.bus import Listener, Notice, Resubscribed, decode, encode
from petersburg.server.errors import Refusal
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.sql.store import SqlStore
from petersburg.server.persistence.store import ChatRow, LogRow, SeatRow, StorageError, TableRow, TableStatus
from petersburg.server.settings import Settings


class ListBus:
    """A bus that keeps what this repository published, for the test to deliver (or lose)."""

    def __init__(self) -> None:
        self.sent: list[Notice] = []

    def publish(self, notice: Notice) -> None:
        self.sent.append(notice)

    async def start(self, listener: Listener, resubscribed: Resubscribed) -> None:
        return None

    async def stop(self) -> None:
        return None


class CountingStore(SqlStore):
    """The real store, counting how often a process reads a table back whole."""

    read_backs = 0

    async def table_since(self, table_id: int, seq: int) -> tuple[TableRow | None, list[LogRow]]:
        self.read_backs += 1
        return await super().table_since(table_id, seq)


Scenario = Callable[[Tables, Tables, Table, Table], Awaitable[None]]
"""A test's moves: the first and second process's repositories, the table on the first and the
second's copy of it (watched there, so notices are followed at once)."""


async def repository(url: str) -> Tables:
    tables = Tables(CountingStore(url), Settings())
    tables.bus = ListBus()
    await tables.open()
    return tables


@pytest.fixture
def processes(database: str) -> Callable[[Scenario], None]:
    """Runs a scenario on two repositories of the test's database, as two processes hold it: a
    2-seat game started on the first, the second told of it (closed at the end)."""

    def run(scenario: Scenario) -> None:
        async def main() -> None:
            first, second = await repository(database), await repository(database)
            try:
                row = TableRow(0, "Notices", 0.0, 2, GameOptions().to_json(), False, 0, False, "creator")
                row.seats = [
                    SeatRow("human", name, f"uid-{name}", f"token-{name}") for name in ("Ann", "Ben")
                ]
                table = await first.create(row)
                await first.deal(table, 7)
                for notice in bus_of(first).sent:
                    await second.refresh(notice.table_id, notice.rows)  # loads it: nobody watches yet
                bus_of(first).sent.clear()
                theirs = second.cached(table.id)
                assert theirs is not None
                second.watch(theirs, +1)
                await second.get(table.id)
                await scenario(first, second, table, theirs)
            finally:
                await first.store.close()
                await second.store.close()

        asyncio.run(main())

    return run


async def act(tables: Tables, table: Table, rng: random.Random, *, check: bool = True) -> LogRow:
    """One legal action at ``table`` through its queue, as a request does: the queue first asks
    the database (``check``), or the write itself checks the table (as a player's action does)."""

    async def job() -> LogRow:
        state = table.state
        assert state is not None
        row = LogRow(table.seq, "action", state.current_player, rng.choice(legal_actions(state)))
        await tables.append(table, row, 0.0)
        return row

    return await table.queue.run(job, check=check)


def bus_of(tables: Tables) -> ListBus:
    assert isinstance(tables.bus, ListBus)
    return tables.bus


def store_of(tables: Tables) -> CountingStore:
    assert isinstance(tables.store, CountingStore)
    return tables.store


def head(table: Table) -> tuple[TableStatus, int]:
    return table.row.status, table.seq


def test_notices_travel_as_they_were_sent() -> None:
    rows = Notice(5, rows=(LogRow(3, "action", 1, 40), LogRow(4, "undo", 0, 12)))
    chat = Notice(0, ChatRow(1.5, "Ann", "hello"))
    seat = Notice(7)
    assert decode(encode("me", [rows, chat, seat])) == ("me", [rows, chat, seat])
    assert decode(encode("you", [chat])) == ("you", [chat])


def test_rows_of_notices_are_applied_without_reading_the_table_back(
    processes: Callable[[Scenario], None],
) -> None:
    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        before = store_of(second).read_backs
        rng = random.Random(3)
        for _ in range(12):
            await act(first, table, rng)
            (notice,) = bus_of(first).sent
            bus_of(first).sent.clear()
            assert notice.rows and notice.rows[0].seq == table.seq - 1
            assert await second.refresh(notice.table_id, notice.rows) is theirs
        assert store_of(second).read_backs == before, "the rows came with the notices"
        assert theirs.seq == table.seq == 12
        assert theirs.state is not None and table.state is not None
        assert state_to_json(theirs.state) == state_to_json(table.state)
        again = await second.refresh(table.id, (LogRow(11, "action", 0, 0),))  # repeated: skipped
        assert again is None and theirs.seq == 12

    processes(scenario)


def test_a_gap_or_a_process_that_heard_nothing_reads_the_log_from_the_database(
    processes: Callable[[Scenario], None],
) -> None:
    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        rng = random.Random(5)
        rows = [await act(first, table, rng) for _ in range(3)]
        reads = store_of(second).read_backs
        await second.refresh(table.id, rows[2:])  # the notices of rows 0 and 1 were lost
        assert store_of(second).read_backs == reads + 1
        assert head(theirs) == head(table) == ("playing", 3) and not theirs.incoming

        await act(first, table, rng)  # its notice never arrives
        assert theirs.seq == 3
        # A request on the second process asks the database first, so it is checked against
        # row 4's position, not against what that process saw last.
        await act(second, theirs, rng)
        assert head(theirs) == ("playing", 5)
        # A player's action is checked by its write: found behind, nothing is written, the
        # queue catches up and runs the request again against row 6's position.
        await act(first, table, rng)  # row 5: its notice never arrives
        reads = store_of(second).read_backs
        written = await act(second, theirs, rng, check=False)
        assert written.seq == 6 and head(theirs) == ("playing", 7)
        assert store_of(second).read_backs == reads + 1
        assert [row.seq for row in await store_of(second).log(table.id)] == list(range(7))

    processes(scenario)


def test_a_process_behind_writes_nothing_and_its_request_is_stale_once_caught_up(
    processes: Callable[[Scenario], None],
) -> None:
    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        state = table.state
        assert state is not None
        mover, action = state.current_player, legal_actions(state)[0]
        await first.append(table, LogRow(0, "action", mover, action), 0.0)
        # The second process has not heard of row 0 and writes its own: the write finds the
        # table moved on and writes nothing.
        with pytest.raises(Refusal, match="changed meanwhile"):
            await second.append(theirs, LogRow(0, "action", mover, action), 0.0)
        assert theirs.seq == 0

        async def request() -> None:  # a player's action made against row 0, as ``Play`` checks it
            if theirs.seq != 0:
                raise Refusal("stale", made=0, now=theirs.seq)
            await second.append(theirs, LogRow(0, "action", mover, action), 0.0)

        with pytest.raises(Refusal, match="Stale action"):
            await theirs.queue.run(request, check=False)
        assert theirs.seq == 1
        with pytest.raises(StorageError):  # a second row 0 is refused by the log's key
            await store_of(first).append_log(table.id, LogRow(0, "action", mover, action), 0.0)
        assert len(await store_of(first).log(table.id)) == 1

    processes(scenario)


def test_a_seat_changed_elsewhere_is_taken_from_the_head_of_the_table(
    processes: Callable[[Scenario], None],
) -> None:
    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        reads = store_of(second).read_backs
        await first.set_seat(table, 1, SeatRow("human", "Bea", "uid-Bea", "token-Bea"))
        (notice,) = bus_of(first).sent
        assert not notice.rows
        assert await second.refresh(notice.table_id, notice.rows) is theirs
        assert theirs.row.seats[1].name == "Bea"
        assert theirs.game is not None and theirs.game.names == ["Ann", "Bea"]
        assert store_of(second).read_backs == reads, "a seat is taken over from the head read"
        await first.set_seat(table, 0, SeatRow("bot", "Greedy", bot="greedy"))  # never announced
        await second.get(table.id)  # a job on the second process asks the database first
        assert theirs.row.seats == table.row.seats and theirs.row.seats[0].kind == "bot"
        # The seats came with their revision: the second process's own change of a seat is made
        # against what is stored, not refused as if it had lost a race.
        assert theirs.row.revision == table.row.revision
        await second.set_seat(theirs, 1, SeatRow("human", "Cas", "uid-Cas", "token-Cas"))
        assert store_of(second).read_backs == reads, "no race lost, nothing read back"

    processes(scenario)


def test_a_table_nobody_watches_follows_while_someone_is_in_the_lobby(
    processes: Callable[[Scenario], None],
) -> None:
    """The lobby lists every live table's state (whose turn it is): a table nobody on the second
    process watches is left behind while its lobby is empty, caught up once someone opens the
    lobby, and then follows the announced rows without reading the table back."""

    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        second.watch(theirs, -1)
        rng = random.Random(9)
        for _ in range(3):  # the lobby is empty: the second process only notes it is behind
            await act(first, table, rng)
            (notice,) = bus_of(first).sent
            bus_of(first).sent.clear()
            assert await second.refresh(notice.table_id, notice.rows) is None
        assert theirs.seq == 0 and second.has_behind()
        assert await second.catch_up_behind()  # someone opened the lobby
        assert head(theirs) == head(table) == ("playing", 3) and not second.has_behind()
        reads = store_of(second).read_backs
        for _ in range(4):  # someone is in the lobby: the rows are applied as they come
            await act(first, table, rng)
            (notice,) = bus_of(first).sent
            bus_of(first).sent.clear()
            assert await second.refresh(notice.table_id, notice.rows, listed=True) is theirs
        assert head(theirs) == head(table) == ("playing", 7)
        assert theirs.state is not None and table.state is not None
        assert theirs.state.current_player == table.state.current_player
        assert store_of(second).read_backs == reads and not second.has_behind()

    processes(scenario)


def test_a_change_taken_in_by_a_refused_request_is_still_shown_when_its_notice_comes(
    processes: Callable[[Scenario], None],
) -> None:
    """Two people take the same seat through two processes. The second process's request takes in
    the first one's change and is refused; the notice of that change comes after and brings
    nothing new, yet whoever watches there has not been shown the change: it is handed on."""

    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        # Refused by the write (the revision moved on), which then reads the table back.
        await first.set_seat(table, 1, SeatRow("human", "Bea", "uid-Bea", "token-Bea"))
        (notice,) = bus_of(first).sent
        bus_of(first).sent.clear()
        with pytest.raises(Refusal, match="changed this table a moment ago"):
            await second.set_seat(theirs, 1, SeatRow("human", "Cas", "uid-Cas", "token-Cas"))
        assert theirs.row.seats[1].name == "Bea"
        assert await second.refresh(notice.table_id, notice.rows) is theirs
        assert await second.refresh(notice.table_id, notice.rows) is None, "shown once"

        # Refused by the request itself, after the queue's head check took the seat over.
        await first.set_seat(table, 0, SeatRow("human", "Dan", "uid-Dan", "token-Dan"))
        (notice,) = bus_of(first).sent

        async def sit() -> None:
            if theirs.row.seats[0].name != "Ann":
                raise Refusal("seat_taken", seat=1)

        with pytest.raises(Refusal, match="taken"):
            await theirs.queue.run(sit)
        assert await second.refresh(notice.table_id, notice.rows) is theirs

    processes(scenario)


def test_a_log_write_after_an_unheard_seat_change_takes_the_seat_in_first(
    processes: Callable[[Scenario], None],
) -> None:
    """A player's action is checked by its write alone (status, next row and revision). A seat
    another process changed, unannounced, moved the revision on: the write stores nothing, the
    queue takes the seat in, and the action is written once, against the table as it is."""

    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        await first.set_seat(table, 1, SeatRow("human", "Bea", "uid-Bea", "token-Bea"))  # never announced
        written = await act(second, theirs, random.Random(4), check=False)
        assert written.seq == 0
        assert theirs.row.seats[1].name == "Bea" and theirs.row.revision == table.row.revision
        assert [row.seq for row in await store_of(second).log(table.id)] == [0]
        assert theirs.seq == 1

    processes(scenario)


def test_a_lost_notice_is_made_up_by_the_head_check_of_a_quiet_watched_table(
    processes: Callable[[Scenario], None],
) -> None:
    """A watched table is checked against the database once nothing was heard of it for a whole
    interval (one head read), so the last notice of a burst, lost, holds it back two intervals at
    most; a table nobody here watches is not checked."""

    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        rng = random.Random(12)
        await act(first, table, rng)  # its notice is lost
        bus_of(first).sent.clear()
        assert await second.check_watched() == [], "heard of a moment ago: not checked yet"
        assert theirs.seq == 0
        assert await second.check_watched() == [theirs], "quiet for an interval: checked, told"
        assert head(theirs) == head(table) == ("playing", 1)
        theirs.told = theirs.version  # its watchers were told
        assert await second.check_watched() == [], "checked again, nothing new"
        second.watch(theirs, -1)
        await act(first, table, rng)
        assert await second.check_watched() == [] and await second.check_watched() == []
        assert theirs.seq == 1, "nobody watches it here: left to be read before its next use"

    processes(scenario)


def test_notices_back_after_an_interruption_catch_every_table_up(
    processes: Callable[[Scenario], None],
) -> None:
    """Every notice sent while Redis was away is lost. When they come again, the tables watched
    here are caught up at once, the others before their next use; with someone in the lobby
    every live table is, and a table another process created meanwhile is loaded."""

    async def scenario(first: Tables, second: Tables, table: Table, theirs: Table) -> None:
        rng = random.Random(13)
        row = TableRow(0, "Unwatched", 0.0, 2, GameOptions().to_json(), False, 0, False, "creator")
        row.seats = [SeatRow("human", name, f"uid-{name}", f"token-{name}") for name in ("Cy", "Di")]
        other = await first.create(row)
        await first.deal(other, 8)
        for notice in bus_of(first).sent:
            await second.refresh(notice.table_id, notice.rows)
        unwatched = second.cached(other.id)
        assert unwatched is not None and unwatched.watchers == 0
        bus_of(first).sent.clear()
        for _ in range(3):  # Redis is away: every notice is lost
            await act(first, table, rng)
            await act(first, other, rng)
        bus_of(first).sent.clear()
        told = await second.catch_up_all(listed=False)
        assert told == [theirs] and head(theirs) == head(table) == ("playing", 3)
        assert unwatched.seq == 0 and unwatched.behind, "read before its next use"
        assert (await second.get(other.id)).seq == 3
        unwatched.told = unwatched.version  # as the request that opened it tells

        created = await first.create(
            TableRow(0, "New", 0.0, 2, GameOptions().to_json(), False, 0, False, "creator")
        )
        bus_of(first).sent.clear()  # its notice is lost too
        await act(first, table, rng)
        assert second.cached(created.id) is None
        told = await second.catch_up_all(listed=True)  # someone is in the lobby here
        loaded = second.cached(created.id)
        assert loaded is not None and set(told) == {theirs, loaded}
        assert head(theirs) == head(table) == ("playing", 4)

    processes(scenario)
