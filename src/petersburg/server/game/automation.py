"""What the server does by itself: bot moves, auto-pass, the turn timer, closing idle tables.

Each live table has at most one plan at a time (the bot's move, an auto-pass, or the timer of the
seat to act); a change of the table replaces it. A planned move is chosen for a given ``seq`` and
goes through the table's queue like any request (``Play.play_for``), which drops it if the game
has moved on meanwhile. Time is read from the injected ``Clock``.

Bots decide in worker processes (``BotRunner``), from a copy of their own seat's view: a strong
bot's search never holds the event loop's interpreter lock, and at most ``bot_workers`` moves are
computed at once, those of tables with people first, so games of bots alone cannot slow theirs.
A bot that fails or answers an illegal action is logged and the server passes for it; a move the
server's stop cuts short is dropped instead (the next start plans it again), never written.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from petersburg.bots import import_bot_modules, make_bot
from petersburg.bots.levels import find_level, spec_of
from petersburg.engine import (
    NUM_ALL_ACTIONS,
    STAGE_ACTIONS,
    GameState,
    View,
    default_action,
    is_legal,
    reveals_hidden,
    view,
)
from petersburg.server.clock import Clock
from petersburg.server.cluster.leases import Leases
from petersburg.server.errors import Refusal
from petersburg.server.game.deadlines import MoveDeadlines
from petersburg.server.game.play import Play
from petersburg.server.game.seating import Seating
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.deadlines import TurnClock
from petersburg.server.persistence.store import LogKind
from petersburg.server.settings import Settings
from petersburg.text import names
from petersburg.text.notices import notice
from petersburg.text.wording import Message

log = logging.getLogger("petersburg.server")

Move = Callable[[], Coroutine[object, object, None]]
Decide = Callable[[str, int, View], int]
"""(bot level, bot seed, the bot's view) -> the action it chooses."""

RETRY_SECONDS = 1.0
"""Wait before planning a move again after it could not be stored."""
T = TypeVar("T")

FINISH_RETRY_MAX = 60.0
"""Longest wait between two attempts to store a finished game's result."""
SWEEP_SECONDS = 60.0
"""How often idle open tables are looked for."""


def decide(level: str, seed: int, seen: View) -> int:
    """Run in a bot worker: the bot of ``level`` with ``seed`` chooses from ``seen``. Bots decide
    from (seed, view) alone, so a fresh bot per move chooses what a long-lived one would."""
    return make_bot(level, seed).choose(seen)


def leave_with_parent(parent: int) -> None:
    """Run in a bot worker at its start: exit as soon as the server process is gone (killed with
    SIGKILL, it cannot stop its workers itself), so no worker outlives its server."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def start_bot_worker(parent: int, modules: tuple[str, ...]) -> None:
    """Run in a bot worker at its start: leave with the server, and import the modules that
    register its custom bots (a spawned process knows only the built-in ones until then).

    A worker ignores SIGINT and SIGTERM: a stop signal sent to the whole process group (Ctrl-C in
    a terminal, a service manager stopping the group) would otherwise kill it mid-move while the
    server still runs, and the server would pass for the bot. The server stops its workers itself
    (``BotRunner.shutdown``), and a worker leaves as soon as its server is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    leave_with_parent(parent)
    import_bot_modules(modules)


def bot_seed(game_seed: int, seat: int) -> int:
    return (game_seed * 10 + seat) % 2**31


class BotRunner:
    """Computes bot moves on an executor (worker processes by default), at most ``workers`` at
    once, moves at tables with people before moves at tables of bots alone. Each worker imports
    ``modules`` first, for the bots registered there."""

    def __init__(
        self,
        workers: int,
        *,
        executor: Executor | None = None,
        choose: Decide = decide,
        modules: tuple[str, ...] = (),
    ) -> None:
        self.workers = max(1, workers)
        self.modules = modules
        self._executor = executor
        self._own_executor = executor is None
        self._choose = choose
        self._busy = 0
        self._urgent: deque[asyncio.Future[None]] = deque()
        self._background: deque[asyncio.Future[None]] = deque()

    def _executor_now(self) -> Executor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_bot_worker,
                initargs=(os.getpid(), self.modules),
            )
        return self._executor

    async def choose(self, level: str, seed: int, seen: View, *, urgent: bool) -> int:
        """The bot's action; ``urgent``: a table where people wait for it."""
        return await self.compute(self._choose, level, seed, seen, urgent=urgent)

    async def compute(self, work: Callable[..., T], *args: object, urgent: bool) -> T:
        """``work(*args)`` in a bot worker, in the same line as the bots' moves (hints and game
        analyses: searches as heavy as a bot's, which must not hold up the server's own process)."""
        await self._acquire(urgent)
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor_now(), work, *args)
        except BrokenProcessPool:
            if self._own_executor:  # a worker died: the next job gets a fresh pool
                self._executor = None
            raise
        finally:
            self._release()

    async def _acquire(self, urgent: bool) -> None:
        if self._busy < self.workers and not self._urgent and not self._background:
            self._busy += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = self._urgent if urgent else self._background
        waiting.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # our turn had come: hand it on
            elif turn in waiting:
                # Still queued. (When a server stops, every waiting move is cancelled at once,
                # and a release may have dropped this cancelled turn from the queue already.)
                waiting.remove(turn)
            raise

    def _release(self) -> None:
        for waiting in (self._urgent, self._background):
            while waiting:
                turn = waiting.popleft()
                if not turn.done():
                    turn.set_result(None)  # the slot passes to it
                    return
        self._busy -= 1

    def shutdown(self) -> None:
        if self._executor is not None and self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class Automation:
    """Plans and makes the server's own moves."""

    def __init__(
        self,
        tables: Tables,
        play: Play,
        seating: Seating,
        bots: BotRunner,
        clock: Clock,
        settings: Settings,
        leases: Leases | None = None,
        deadlines: MoveDeadlines | None = None,
    ) -> None:
        self.tables = tables
        self.play = play
        self.seating = seating
        self.bots = bots
        self.clock = clock
        self.settings = settings
        self._plans: dict[int, tuple[tuple[object, ...], asyncio.Task[None]]] = {}
        self._idle_since: dict[int, float] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._keeper: asyncio.Task[None] | None = None
        self.leases = leases
        """Several processes on one database: only the holder of a table's lease makes its moves
        (None: this process alone makes every move)."""
        self._held: set[int] = set()
        self.deadlines = deadlines
        """The stored move deadlines of turn-based tables (None: turn-based turns never run out)."""
        self.running = False

    async def start(self) -> None:
        """Resume every live table's bot, auto-pass and timer (after a restart too)."""
        self.running = True
        for table in list(self.tables.live()):
            self.schedule(table)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if self.leases is not None:
            self._keeper = asyncio.get_running_loop().create_task(self._keep_leases())

    async def stop(self) -> None:
        """Stop planning and cancel every plan: a move cut short here (waiting for a bot worker,
        being computed, waiting out its delay) is dropped, not written; a move already queued on
        its table runs to its end (a table's jobs are never abandoned halfway)."""
        self.running = False
        tasks = [task for _key, task in self._plans.values()]
        for task in (self._sweeper, self._keeper):
            if task is not None:
                tasks.append(task)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._plans.clear()
        self.bots.shutdown()

    def schedule(self, table: Table) -> None:
        """Plan ``table``'s next automatic move, if any, replacing an older plan. A plan that is
        still the same (same seq, seat and kind) keeps running, so its timer is not reset."""
        if not self.running:
            return
        key, make = self._plan(table)
        current = self._plans.get(table.id)
        same_turn = current is not None and current[0] == key
        if current is not None:
            if same_turn and not current[1].done():
                return
            if current[1] is not asyncio.current_task():
                current[1].cancel()
            del self._plans[table.id]
        if not (same_turn and key and key[0] in ("timer", "deadline")):
            # A timer or move deadline planned again for the same turn (looking again for its
            # lease) keeps the deadline it shows; any other plan starts afresh.
            table.deadline = None
        if key and make is not None:
            if key[0] == "timer" and table.deadline is None:
                table.deadline = self.clock.time() + table.row.timer
            self._plans[table.id] = (key, asyncio.get_running_loop().create_task(make()))

    async def _timer(self, table: Table, seat: int, seq: int, deadline: float) -> None:
        """Pass for ``seat`` at ``deadline``, or at the deadline an earlier holder of the table's
        lease stored for this turn (``Leases.deadline``): a timer runs on when its lease moves to
        this process, it does not start again. A process without the lease shows the deadline
        its holder stored."""
        leased = await self._leased(table)
        if self.leases is not None:
            try:
                if leased:
                    stored = await self.leases.deadline(table.id, seq, deadline)
                else:
                    held = await self.leases.stored_deadline(table.id, seq)
                    stored = deadline if held is None else held
            except Exception:
                log.exception("table %s: cannot read or store the turn timer's deadline", table.id)
                stored = deadline
            deadline = stored
            if table.deadline != stored and self._current(table, seat, seq):
                table.deadline = stored
                self.play.events.table_changed(table)  # the seats see the deadline that holds
        if not leased:
            return
        await self.clock.sleep(deadline - self.clock.time())
        state = table.state
        if state is None or not self._current(table, seat, seq):
            return
        await self._play(table, seat, default_action(state), seq, notice("time_up", name=table.names()[seat]))

    def _plan(self, table: Table) -> tuple[tuple[object, ...], Move | None]:
        state = table.state
        if state is None or table.row.status != "playing":
            return (), None
        if state.is_over:  # its end is not stored yet: the write failed, or its process died
            return ("finish", table.seq), lambda: self._finish(table)
        seat = state.current_player
        seat_row = table.row.seats[seat]
        seq = table.seq
        if seat_row.kind == "bot":
            level = spec_of(seat_row.bot)
            return ("bot", seq, seat, level), lambda: self._bot_move(table, seat, seq, level)
        if seat_row.autopass is not None and state.stage == STAGE_ACTIONS:
            return ("autopass", seq, seat), lambda: self._autopass(table, seat, seq)
        if table.row.realtime and table.row.timer > 0:
            deadline = self.clock.time() + table.row.timer
            return ("timer", seq, seat), lambda: self._timer(table, seat, seq, deadline)
        if not table.row.realtime and table.row.move_deadline > 0 and self.deadlines is not None:
            return ("deadline", seq, seat), lambda: self._move_deadline(table, seat, seq)
        return (), None

    async def _move_deadline(self, table: Table, seat: int, seq: int) -> None:
        """Run the stored clock of ``seat``'s turn at a turn-based table with a time per move
        (``deadlines.py``): the reminder at half time, then, when it runs out, a bot of the
        table's ``deadline_bot`` level plays the turn, or takes the seat for good after
        ``missed_turns_to_bot`` turns in a row ran out. Only the lease's holder starts, stores and
        enforces the clock; another process shows the stored deadline."""
        deadlines = self.deadlines
        assert deadlines is not None
        leased = await self._leased(table)
        half = table.row.move_deadline / 2
        try:
            turn = await deadlines.turn(table, seat, seq, start=leased)
            while turn is not None and leased:
                turn = await deadlines.recheck(table, turn)
                self._show_deadline(table, seat, seq, turn.due)
                now = self.clock.time()
                if not turn.reminded and turn.due - half <= now < turn.due:
                    turn = await deadlines.remind(table, turn)
                if now >= turn.due:
                    break
                await self.clock.sleep((turn.due if turn.reminded else turn.due - half) - now)
                if not self._current(table, seat, seq):
                    return
        except Exception:
            log.exception("table %s: cannot read or store the move deadline of seat %s", table.id, seat)
            return
        if turn is None:
            return
        self._show_deadline(table, seat, seq, turn.due)
        if leased and self._current(table, seat, seq) and not turn.expired:
            await self._deadline_ran_out(table, turn)

    async def vacation_changed(self, uid: str) -> None:
        """The account ``uid`` began or ended a vacation: the stored clock of each of its turns at
        a table here moves now, the table shows it, and the turn's plan is made again, so that its
        reminder and its end come at the new times (not when the old plan next wakes)."""
        deadlines = self.deadlines
        if deadlines is None:
            return
        for table in list(self.tables.live()):
            state = table.state
            if (
                state is None
                or table.row.status != "playing"
                or table.row.realtime
                or not table.row.move_deadline
            ):
                continue
            seat, seq = state.current_player, table.seq
            if table.row.seats[seat].kind != "human" or table.row.seats[seat].user_id != uid:
                continue
            try:
                turn = await deadlines.turn(table, seat, seq, start=False)
                if turn is None or turn.expired:
                    continue
                turn = await deadlines.recheck(table, turn)
            except Exception:
                log.exception("table %s: cannot move the deadline of seat %s for a vacation", table.id, seat)
                continue
            current = self._plans.pop(table.id, None)
            if current is not None:
                current[1].cancel()
            self.schedule(table)
            self._show_deadline(table, seat, seq, turn.due)

    def _show_deadline(self, table: Table, seat: int, seq: int, due: float) -> None:
        if table.deadline != due and self._current(table, seat, seq):
            table.deadline = due
            self.play.events.table_changed(table)

    async def _deadline_ran_out(self, table: Table, turn: TurnClock) -> None:
        assert self.deadlines is not None
        seat, seq = turn.seat, turn.seq
        level = find_level(table.row.deadline_bot or "greedy") or find_level("greedy")
        assert level is not None
        try:
            missed = await self.deadlines.ran_out(turn)
        except Exception:
            log.exception("table %s: cannot store that seat %s's time ran out", table.id, seat)
            return
        name, bot = table.names()[seat], names.bot_seat_name(level.id, [])
        # The player is told first: the change below plans the table's next move, which cancels
        # this plan (``schedule``), so nothing after it would run.
        if missed >= self.settings.missed_turns_to_bot:
            self.deadlines.tell(table, seat, "handed", count=missed, bot=bot)
            await self.seating.hand_seat_to_bot(table, seat, level, missed)
            return
        action = await self._bot_action(table, seat, level.spec, urgent=True)
        if action is None or not self._current(table, seat, seq):
            return
        left = self.settings.missed_turns_to_bot - missed
        self.deadlines.tell(table, seat, "bot_moved", count=left, bot=bot)
        await self._play(table, seat, action, seq, notice("deadline_bot_move", name=name, bot=bot), "ran_out")

    async def _leased(self, table: Table) -> bool:
        """Whether this process makes ``table``'s automatic moves (it holds, or took, the lease)."""
        if self.leases is None:
            return True
        if table.id in self._held:
            return True
        try:
            held = await self.leases.hold([table.id])
        except Exception:
            log.exception("table %s: cannot take the lease of its automatic moves", table.id)
            return False
        self._held |= held
        return table.id in held

    async def _keep_leases(self) -> None:
        """Renew the leases of tables this process plans moves for; give up the others; look
        again at tables whose plan stopped for want of a lease (their holder may have died)."""
        assert self.leases is not None
        while True:
            await self.clock.sleep(self.leases.seconds / 3)
            planned = [table_id for table_id, (_key, task) in self._plans.items() if not task.done()]
            try:
                self._held = await self.leases.hold([t for t in planned if t in self._held])
            except Exception:
                log.exception("cannot renew the leases of automatic moves")
                self._held = set()
            for table in list(self.tables.live()):
                current = self._plans.get(table.id)
                if current is not None and current[1].done():
                    del self._plans[table.id]
                    self.schedule(table)

    def _current(self, table: Table, seat: int, seq: int) -> bool:
        state = table.state
        return state is not None and table.seq == seq and state.current_player == seat

    async def _finish(self, table: Table) -> None:
        """Store the end of a game whose last action is stored but not its result (and ratings):
        again and again, waiting longer each time, until it is stored (or another process did)."""
        if not await self._leased(table):
            return
        delay = RETRY_SECONDS
        while table.row.status == "playing":
            await self.clock.sleep(delay)
            await table.queue.run(lambda: self.play.after_change(table))
            delay = min(2 * delay, FINISH_RETRY_MAX)

    async def _autopass(self, table: Table, seat: int, seq: int) -> None:
        if not await self._leased(table):
            return
        state = table.state
        if state is None or not self._current(table, seat, seq):
            return
        await self._play(table, seat, default_action(state), seq, None)

    async def _bot_move(self, table: Table, seat: int, seq: int, level: str) -> None:
        if not await self._leased(table):
            return
        if self.settings.bot_delay > 0:
            await self.clock.sleep(self.settings.bot_delay)
        state = table.state
        if state is None or not self._current(table, seat, seq):
            return
        action = await self._bot_action(table, seat, level, urgent=not table.bot_only())
        state = table.state
        if action is None or state is None or not self._current(table, seat, seq):
            return
        wait = self._undo_wait(table, state, action)
        if wait > 0:
            await self.clock.sleep(wait)
            if not self._current(table, seat, seq):
                return
        # A bot seat that keeps its player's account was handed to the bot after his turns ran out.
        handed = table.row.seats[seat].user_id is not None
        await self._play(table, seat, action, seq, None, "handed" if handed else "action")

    async def _bot_action(self, table: Table, seat: int, level: str, *, urgent: bool) -> int | None:
        """The action the bot of ``level`` chooses for ``seat`` now (a pass if it fails or
        answers an illegal one); None if the server's stop cut it short or the game moved on."""
        state = table.state
        if state is None:
            return None
        seq = table.seq
        seen = view(state, seat)
        try:
            action: object = await self.bots.choose(level, bot_seed(state.seed, seat), seen, urgent=urgent)
        except asyncio.CancelledError:
            raise
        except Exception:
            if not self.running:
                log.info("table %s: the bot move in seat %s was cut by the server's stop", table.id, seat)
                return None  # dropped, never written: the next start plans it again
            log.exception(
                "table %s: the %s bot in seat %s failed; the server passes for it", table.id, level, seat
            )
            action = None
        state = table.state
        if state is None or not self._current(table, seat, seq):
            return None
        if not (isinstance(action, int) and 0 <= action < NUM_ALL_ACTIONS and is_legal(state, action)):
            if action is not None:
                log.error(
                    "table %s: the %s bot in seat %s chose illegal action %r", table.id, level, seat, action
                )
            return default_action(state)
        return action

    def _undo_wait(self, table: Table, state: GameState, action: int) -> float:
        """How long a bot holds back ``action`` so that a person can still take back his last
        action: until ``undo_grace`` seconds after it, if this move would show hidden cards (which
        nobody can take back) while some person's action could still be undone."""
        game = table.game
        grace = self.settings.undo_grace
        if game is None or grace <= 0 or not table.row.allow_undo:
            return 0.0
        people = table.people()
        if all(game.undo_refusal(seat, people) is not None for seat in people):
            return 0.0
        left = table.person_acted_at + grace - self.clock.time()
        return left if left > 0 and reveals_hidden(state, action) else 0.0

    async def _play(
        self,
        table: Table,
        seat: int,
        action: int,
        seq: int,
        announced: Message | None,
        kind: LogKind = "action",
    ) -> None:
        if not self.running:
            return  # the server is stopping: the next start plans the move again
        try:
            await self.play.play_for(table, seat, action, seq, announced, kind)
        except Refusal as refusal:  # logged by the write path; plan the move again shortly
            log.warning("table %s: the server's move for seat %s was not stored: %s", table.id, seat, refusal)
            await self.clock.sleep(RETRY_SECONDS)
            self._plans.pop(table.id, None)
            self.schedule(table)

    async def _sweep(self) -> None:
        """Every ``SWEEP_SECONDS``: close open tables nobody has been connected to for
        ``open_table_ttl`` seconds; hand running games no seated person has been connected to for
        ``idle_realtime`` / ``idle_turn_based`` seconds to bots, which finish them."""
        while True:
            await self.clock.sleep(SWEEP_SECONDS)
            now = self.clock.time()
            for table in list(self.tables.live()):
                limit = self._idle_limit(table)
                if limit is None:
                    self._idle_since.pop(table.id, None)
                    continue
                since = self._idle_since.setdefault(table.id, now)
                if now - since < limit:
                    continue
                self._idle_since.pop(table.id, None)
                try:
                    if table.row.status == "open":
                        await self.seating.close_if_idle(table)
                    else:
                        await self.seating.hand_idle_game_to_bots(table, limit)
                except Refusal:
                    pass  # another process changed the table meanwhile: it is not idle
                except Exception:
                    log.exception("table %s: cannot close the idle table", table.id)

    def _idle_limit(self, table: Table) -> float | None:
        """How long ``table`` may stay as it is with nobody there; None while someone is (or while
        nobody needs to be: a game of bots alone)."""
        settings = self.settings
        if table.row.status == "open":
            return settings.open_table_ttl if table.watchers == 0 else None
        if table.person_here() or table.bot_only():
            return None
        return settings.idle_realtime if table.row.realtime else settings.idle_turn_based
