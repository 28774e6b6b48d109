"""Tables, seats, bots and the game protocol: everything the server does, independent of HTTP.

The hub owns every table in memory and the store that makes it durable. All mutations run on the
event loop, with no ``await`` between checking a request, writing it to the log and applying it,
so two requests can never interleave. The order for an action is always: validate with the engine
(on the real state, so the result is the server's), append to the durable log, apply, broadcast.
Clients only ever receive ``view(state, seat)`` of the seat they hold (spectators: the public view).
Bots run in a thread pool on a copy of their own seat's view, so a slow bot never blocks the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import re
import secrets
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from petersburg.bots import Bot, bot_specs, make_bot
from petersburg.cards import CARD_ID, STACK_NAMES
from petersburg.engine import (
    PASS_ID,
    STAGE_ACTIONS,
    STAGE_OBSERVED,
    STAGE_PUB,
    GameState,
    PetersburgError,
    View,
    final_scores,
    is_legal,
    legal_action_infos,
    legal_actions,
    new_game,
    options_from_json,
    view,
    view_to_json,
    winners,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_SOURCE,
    KIND_NAMES,
    KIND_OBSERVE,
    KIND_PLAY,
    NUM_ACTIONS,
    ROW_SLOTS,
    target_kind,
)
from petersburg.server.present import public_action_text, seat_summary, transition_texts
from petersburg.server.store import LOBBY, LogRow, SeatRow, Store, TableRow

log = logging.getLogger("petersburg.server")

UID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
MAX_NAME = 24
MAX_CHAT = 500
MAX_TIMER = 600
HELP_TEXT = (
    "Commands: /join [seat] takes a seat (in the lobby: /join <table number>), /leave gives it up "
    "(during a game a bot takes over), /bot <level> [seat] puts a bot in a free seat "
    "(levels: {levels}), /start starts the game when every seat is filled, /help shows this."
)


class ProtocolError(Exception):
    """A request that cannot be carried out; the message goes to the requesting client only."""


@dataclass(eq=False)
class Client:
    """One websocket connection: who it is and its outgoing queue (sent in order by one task)."""

    uid: str
    name: str
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    log_sent: int = 0
    """How many entries of the table's game log this client already has."""

    overflowed: bool = False
    chat_times: list[float] = field(default_factory=list)
    """When this client's recent chat lines were sent (for the flood limit)."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; never blocks the caller. A client too slow to keep up is disconnected
        (it reconnects and gets the whole state again) rather than silently missing updates."""
        if self.overflowed:
            return
        if self.queue.qsize() > 2000:
            self.overflowed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)


@dataclass(eq=False)
class Table:
    """A table in memory: its stored row, the game rebuilt from the log, and who is watching."""

    row: TableRow
    state: GameState | None = None
    rows: list[LogRow] = field(default_factory=list)
    """The durable log as stored (actions and undos), in order."""
    effective: list[LogRow] = field(default_factory=list)
    """The actions that make the current state (the log with undone actions removed)."""
    log: list[dict[str, Any]] = field(default_factory=list)
    """The game log in words, for everybody."""
    clients: set[Client] = field(default_factory=set)
    chat: list[dict[str, Any]] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    committing: bool = False
    """An action is being written to the log: nothing else may change this table meanwhile."""
    lobby_key: tuple[str, int] = ("", 0)
    """(status, round) last announced to the lobby."""
    undo_blocked: set[int] = field(default_factory=set)
    """Sequence numbers of actions that dealt new cards (they cannot be undone)."""
    deadline: float | None = None
    task: asyncio.Task[None] | None = None
    """The pending bot move, auto-pass or timer of this table (at most one)."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def seq(self) -> int:
        """The sequence number a new action must carry: the number of rows in the durable log."""
        return len(self.rows)

    def names(self) -> list[str]:
        return [seat.name or f"Seat {i + 1}" for i, seat in enumerate(self.row.seats)]

    def seat_of_uid(self, uid: str) -> int | None:
        for i, seat in enumerate(self.row.seats):
            if seat.kind == "human" and seat.user_id == uid:
                return i
        return None

    def seat_of_token(self, token: object) -> int | None:
        if not isinstance(token, str) or not token:
            return None
        found = None
        for i, seat in enumerate(self.row.seats):
            if seat.token is not None and hmac.compare_digest(seat.token.encode(), token.encode()):
                found = i
        return found


@dataclass
class HubConfig:
    """Server-wide settings (see ``petersburg serve --help``)."""

    bot_delay: float = 0.6
    """Seconds a bot waits before acting, so that people can follow the game (0 in tests)."""
    bot_threads: int = 2
    max_tables: int = 10_000


def _clean_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ProtocolError("Choose a name first (1 to 24 characters).")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise ProtocolError(f"A name has at most {MAX_NAME} characters.")
    return name


def check_uid(uid: object) -> str:
    if not isinstance(uid, str) or not UID_PATTERN.match(uid):
        raise ProtocolError("Missing or malformed identity (uid): 8 to 64 letters, digits, '-' or '_'.")
    return uid


def action_fields(state: GameState, action: int) -> dict[str, Any]:
    """Structured fields of a legal action so the browser can attach it to the card it concerns."""
    kind = ACTION_KIND[action]
    arg = ACTION_ARG[action]
    target = ACTION_TARGET[action]
    fields: dict[str, Any] = {"kind": KIND_NAMES[kind]}
    if KIND_NAMES[kind] in ("hand", "buy"):
        if arg == DRAWN_SOURCE:
            fields["source"] = "drawn"
        elif arg < ROW_SLOTS:
            fields["source"], fields["index"] = "upper", arg
        else:
            fields["source"], fields["index"] = "lower", arg - ROW_SLOTS
    elif kind == KIND_PLAY:
        fields["source"], fields["index"] = "hand", arg
    elif kind == KIND_OBSERVE:
        fields["stack"] = STACK_NAMES[arg]
    elif KIND_NAMES[kind] == "pub":
        fields["vp"] = arg
    if target:
        fields["over"] = CARD_ID[target_kind(target)]
    return fields


def fallback_action(state: GameState) -> int:
    """What the server does for a seat that does not act (timer, crashed bot): pass, decline the
    Pub, discard the drawn card."""
    legal = legal_actions(state)
    if PASS_ID in legal:
        return PASS_ID
    if state.stage == STAGE_PUB:
        return legal[0]
    return legal[-1] if state.stage == STAGE_OBSERVED else legal[0]


class Hub:
    """Every table and lobby connection; the only place that changes games."""

    def __init__(self, store: Store, config: HubConfig | None = None) -> None:
        self.store = store
        self.config = config or HubConfig()
        self.tables: dict[int, Table] = {}
        self.lobby: set[Client] = set()
        self.lobby_chat: list[dict[str, Any]] = []
        self.executor = ThreadPoolExecutor(max_workers=self.config.bot_threads, thread_name_prefix="bot")
        self.loop: asyncio.AbstractEventLoop | None = None

    # Start-up ------------------------------------------------------------------------------

    def load(self) -> None:
        """Rebuild every table from the database (after a restart, even after kill -9)."""
        for row in self.store.load_tables():
            table = Table(row)
            table.rows = self.store.load_log(row.id)
            table.chat = [{"t": t, "name": n, "text": x} for t, n, x in self.store.load_chat(row.id, 100)]
            if row.status != "open":
                self._rebuild(table)
                self._finish_if_over(table)  # killed between the last action and its bookkeeping
            self.tables[row.id] = table
        self.lobby_chat = [{"t": t, "name": n, "text": x} for t, n, x in self.store.load_chat(LOBBY, 100)]

    async def start(self) -> None:
        """Called on the event loop once it runs: resume bots, auto-passes and timers."""
        self.loop = asyncio.get_running_loop()
        for table in self.tables.values():
            self._schedule(table)

    async def stop(self) -> None:
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def _rebuild(self, table: Table) -> None:
        """State and words from (players, seed, options, log): the log is the truth."""
        effective: list[LogRow] = []
        for entry in table.rows:
            if entry.kind == "undo":
                if effective:
                    effective.pop()
            else:
                effective.append(entry)
        row = table.row
        assert row.seed is not None
        state = new_game(row.num_seats, row.seed, options_from_json(row.options))
        table.log = [{"seq": -1, "seat": None, "text": self._opening_text(table, state)}]
        table.effective = []
        table.undo_blocked = set()
        names = table.names()
        for entry in effective:
            try:
                self._apply(table, state, entry, names)
            except PetersburgError as error:  # a log written by this server always replays
                log.error("table %s: log entry %s does not replay: %s", row.id, entry.seq, error)
                break
        table.state = state

    def _opening_text(self, table: Table, state: GameState) -> str:
        names = table.names()
        return f"The game begins: {', '.join(names)}. Worker phase: {names[state.markers[0]]} starts."

    def _apply(self, table: Table, state: GameState, entry: LogRow, names: list[str]) -> None:
        """Apply one logged action to ``state`` and write its words (validated by the engine)."""
        before = state.copy()
        if not is_legal(state, entry.action):
            raise PetersburgError(f"action {entry.action} is not legal at step {state.step}")
        text = public_action_text(state, entry.action, names[entry.seat])
        state_apply(state, entry.action)
        table.effective.append(entry)
        if sum(map(len, state.stacks)) != sum(map(len, before.stacks)):
            table.undo_blocked.add(entry.seq)
        table.log.append({"seq": entry.seq, "seat": entry.seat, "text": text})
        for extra in transition_texts(before, state, names):
            table.log.append({"seq": entry.seq, "seat": None, "text": extra})

    # Lobby -----------------------------------------------------------------------------------

    def table_summary(self, table: Table, uid: str | None = None) -> dict[str, Any]:
        """What the lobby shows of a table (nothing secret)."""
        row = table.row
        state = table.state
        return {
            "id": row.id,
            "name": row.name,
            "status": row.status,
            "seats": [
                {"kind": s.kind, "name": s.name, "bot": s.bot, "you": uid is not None and s.user_id == uid}
                for s in row.seats
            ],
            "options": row.options,
            "realtime": row.realtime,
            "timer": row.timer,
            "allow_undo": row.allow_undo,
            "round": state.round if state is not None else None,
            "created": row.created,
        }

    def lobby_tables(self) -> list[dict[str, Any]]:
        """Open and running tables, newest first, then a few finished ones."""
        tables = sorted(self.tables.values(), key=lambda t: -t.row.id)
        live = [t for t in tables if t.row.status != "over"]
        over = [t for t in tables if t.row.status == "over"][:20]
        return [self.table_summary(t) for t in live[:200] + over]

    def highscores(self, limit: int = 10) -> list[dict[str, Any]]:
        """The best finished solo games (one human seat) by total VP, then rubles."""
        lines = []
        for table in self.tables.values():
            row = table.row
            if row.num_seats != 1 or row.status != "over" or not row.result or row.seats[0].kind != "human":
                continue
            score = row.result["scores"][0]
            lines.append(
                {
                    "table": row.id,
                    "name": row.seats[0].name,
                    "total": score["total"],
                    "rubles": score["rubles"],
                    "rounds": row.result.get("rounds"),
                }
            )
        lines.sort(key=lambda x: (-x["total"], -x["rubles"], x["table"]))
        return lines[:limit]

    def _lobby_changed(self) -> None:
        if not self.lobby:
            return
        message = {"type": "tables", "tables": self.lobby_tables(), "highscores": self.highscores()}
        for client in self.lobby:
            client.send(message)

    def create_table(self, uid: object, name: object, params: dict[str, Any]) -> Table:
        """A new open table; the creator takes seat 1 unless ``sit`` is false."""
        uid = check_uid(uid)
        name = _clean_name(name)
        if len(self.tables) >= self.config.max_tables:
            raise ProtocolError("The server has too many tables; try again later.")
        seats = params.get("seats", 2)
        if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= 4:
            raise ProtocolError("A table has 1 to 4 seats.")
        try:
            options = options_from_json(params.get("options") or {})
        except PetersburgError as error:
            raise ProtocolError(str(error)) from None
        if options.double_marker_seat is not None and not (
            seats == 3 and 0 <= options.double_marker_seat < 3
        ):
            raise ProtocolError(
                "The seat with two start-player markers can only be chosen at 3-seat tables (0-2)."
            )
        realtime = params.get("realtime", True)
        timer = params.get("timer", 0)
        allow_undo = params.get("allow_undo", True)
        if not isinstance(realtime, bool) or not isinstance(allow_undo, bool):
            raise ProtocolError("'realtime' and 'allow_undo' must be true or false.")
        if isinstance(timer, bool) or not isinstance(timer, int) or not 0 <= timer <= MAX_TIMER:
            raise ProtocolError(f"The turn timer is 0 (none) to {MAX_TIMER} seconds.")
        if not realtime:
            timer = 0
        title = params.get("title") or f"{name}'s table"
        if not isinstance(title, str) or len(title.strip()) > 40:
            raise ProtocolError("A table name has at most 40 characters.")
        row = TableRow(
            id=0,
            name=" ".join(title.split()),
            created=time.time(),
            num_seats=seats,
            options=options.to_json(),
            realtime=realtime,
            timer=timer,
            allow_undo=allow_undo,
            creator=uid,
            seats=[SeatRow() for _ in range(seats)],
        )
        if params.get("sit", True):
            row.seats[0] = SeatRow("human", name, uid, secrets.token_urlsafe(24))
        fill = params.get("fill")
        if fill is not None:
            if not isinstance(fill, str) or fill.strip().lower() not in bot_specs():
                raise ProtocolError(f"Unknown bot level {fill!r}. Known: {', '.join(bot_specs())}.")
            for index, seat_row in enumerate(row.seats):
                if seat_row.kind == "empty":
                    row.seats[index] = _bot_seat(index, fill.strip().lower())
        self.store.create_table(row)
        table = Table(row)
        self.tables[row.id] = table
        self._lobby_changed()
        return table

    def get_table(self, table_id: object) -> Table:
        if isinstance(table_id, bool) or not isinstance(table_id, int) or table_id not in self.tables:
            raise ProtocolError(f"There is no table {table_id}.")
        return self.tables[table_id]

    # Seats -----------------------------------------------------------------------------------

    def _require_open(self, table: Table) -> None:
        if table.row.status != "open":
            raise ProtocolError("The game has already started; seats can no longer change.")

    def _free_seat(self, table: Table, seat: object) -> int:
        row = table.row
        if seat is None:
            for i, s in enumerate(row.seats):
                if s.kind == "empty":
                    return i
            raise ProtocolError("Every seat is taken.")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < row.num_seats:
            raise ProtocolError(f"This table has seats 1 to {row.num_seats}.")
        if row.seats[seat].kind != "empty":
            raise ProtocolError(f"Seat {seat + 1} is taken.")
        return seat

    def sit(self, table: Table, uid: str, name: object, seat: object = None) -> int:
        """Take a free seat (any, or the one given) and get its secret token."""
        self._require_open(table)
        name = _clean_name(name)
        if table.seat_of_uid(uid) is not None:
            raise ProtocolError("You already have a seat at this table.")
        index = self._free_seat(table, seat)
        seat_row = SeatRow("human", name, uid, secrets.token_urlsafe(24))
        self.store.save_seat(table.id, index, seat_row)
        table.row.seats[index] = seat_row
        self._system(table, f"{name} sits down in seat {index + 1}.")
        self._table_changed(table)
        return index

    def put_bot(self, table: Table, uid: str, spec: object, seat: object = None) -> int:
        """Put a bot of the given strength in a free seat (anyone at the table may)."""
        self._require_open(table)
        if not isinstance(spec, str) or spec.strip().lower() not in bot_specs():
            raise ProtocolError(f"Unknown bot level {spec!r}. Known: {', '.join(bot_specs())}.")
        spec = spec.strip().lower()
        index = self._free_seat(table, seat)
        seat_row = _bot_seat(index, spec)
        self.store.save_seat(table.id, index, seat_row)
        table.row.seats[index] = seat_row
        self._system(table, f"A {spec} bot sits down in seat {index + 1}.")
        self._table_changed(table)
        return index

    def clear_seat(self, table: Table, uid: str, seat: object) -> None:
        """Remove a bot (anyone) or yourself from a seat before the game starts."""
        self._require_open(table)
        row = table.row
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < row.num_seats:
            raise ProtocolError(f"This table has seats 1 to {row.num_seats}.")
        current = row.seats[seat]
        if current.kind == "human" and current.user_id != uid:
            raise ProtocolError("Only the player in a seat can leave it.")
        if current.kind == "empty":
            raise ProtocolError(f"Seat {seat + 1} is already free.")
        self.store.save_seat(table.id, seat, SeatRow())
        row.seats[seat] = SeatRow()
        self._system(table, f"{current.name} leaves seat {seat + 1}.")
        self._table_changed(table)

    def leave(self, table: Table, uid: str) -> None:
        """Give up your seat; during a game a random bot plays on for you (the game never stalls)."""
        seat = table.seat_of_uid(uid)
        if seat is None:
            raise ProtocolError("You have no seat at this table.")
        if table.row.status == "open":
            self.clear_seat(table, uid, seat)
            return
        if table.row.status == "over":
            raise ProtocolError("The game is over; there is nothing to leave.")
        old = table.row.seats[seat]
        spec = "random"
        seat_row = SeatRow("bot", f"{old.name} (bot)", None, None, spec)
        self.store.save_seat(table.id, seat, seat_row)
        table.row.seats[seat] = seat_row
        self._system(table, f"{old.name} leaves; a {spec} bot plays seat {seat + 1} from now on.")
        self._table_changed(table)
        self._schedule(table)

    def start_game(self, table: Table, uid: str) -> None:
        """Deal the game once every seat is filled (anyone seated, or the creator, may start)."""
        self._require_open(table)
        row = table.row
        if table.seat_of_uid(uid) is None and row.creator != uid:
            raise ProtocolError("Only a player at the table can start the game.")
        empty = [str(i + 1) for i, s in enumerate(row.seats) if s.kind == "empty"]
        if empty:
            raise ProtocolError(
                f"Seat(s) {', '.join(empty)} still empty: /join or /bot <level> to fill them."
            )
        seed = random.SystemRandom().randrange(2**31)
        row.seed = seed
        self.store.set_status(table.id, "playing", seed=seed)
        row.status = "playing"
        self._rebuild(table)
        self._system(table, "The game starts.")
        self._after_change(table)

    # Playing ---------------------------------------------------------------------------------

    def _acting_seat(self, table: Table, token: object, seq: object) -> tuple[GameState, int]:
        """Check a player's request: a running game, a valid token, the current sequence number."""
        if table.state is None or table.row.status == "open":
            raise ProtocolError("The game has not started yet.")
        seat = table.seat_of_token(token)
        if seat is None:
            raise ProtocolError("Unknown seat token: you do not hold a seat at this table.")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise ProtocolError("Every action must carry the sequence number ('seq') it was made against.")
        if seq != table.seq or table.committing:
            raise ProtocolError(f"Stale action: it was made against #{seq}, the game is now at #{table.seq}.")
        return table.state, seat

    async def act(self, table: Table, token: object, seq: object, action: object) -> None:
        """A player's action: validated by the engine, logged durably, then applied and broadcast."""
        state, seat = self._acting_seat(table, token, seq)
        if state.is_over:
            raise ProtocolError("The game is over.")
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise ProtocolError(f"'action' must be an action number from 0 to {NUM_ACTIONS - 1}.")
        if state.current_player != seat:
            raise ProtocolError(f"It is not your turn ({table.names()[state.current_player]} is to act).")
        if not is_legal(state, action):
            from petersburg.engine import explain_illegal

            raise ProtocolError(explain_illegal(state, action))
        await self._commit(table, seat, action)

    async def _commit(self, table: Table, seat: int, action: int) -> None:
        """Log durably, then apply and broadcast. The caller checked legality on this very state;
        while the row is being written the table is locked (``committing``), so the state cannot
        change under it, and a concurrent request is refused as stale."""
        # Shielded: once the row is on its way to the disk, the action is applied even if the
        # request that made it is cancelled, so memory never falls behind the log.
        await asyncio.shield(self._write_and_apply(table, seat, action))

    async def _write_and_apply(self, table: Table, seat: int, action: int) -> None:
        state = table.state
        assert state is not None and not table.committing
        entry = LogRow(table.seq, "action", seat, action)
        table.committing = True
        try:
            await asyncio.wrap_future(
                self.store.append_later(table.id, entry.seq, entry.kind, entry.seat, action)
            )
        except sqlite3.Error as error:
            log.error("table %s: cannot write seq %s: %s", table.id, entry.seq, error)
            raise ProtocolError("The action could not be recorded; nothing changed. Try again.") from None
        finally:
            table.committing = False
        table.rows.append(entry)
        self._apply(table, state, entry, table.names())
        self._after_change(table)

    def undo(self, table: Table, token: object, seq: object) -> None:
        """Take back your own last action if nobody acted since, the table allows it and the action
        revealed no card (an Observatory draw or new cards dealt cannot be taken back)."""
        _state, seat = self._acting_seat(table, token, seq)
        reason = self.undo_refusal(table, seat)
        if reason:
            raise ProtocolError(reason)
        undone = table.effective[-1]
        text = public_action_text_safe(table, undone)
        entry = LogRow(table.seq, "undo", seat, undone.action)
        self.store.append(table.id, entry.seq, entry.kind, entry.seat, entry.action)
        table.rows.append(entry)
        self._rebuild(table)
        self._system(table, f"{table.names()[seat]} takes back their last action ({text}).")
        self._after_change(table)

    def undo_refusal(self, table: Table, seat: int) -> str:
        """Why ``seat`` cannot undo now ('' if it can)."""
        if not table.row.allow_undo:
            return "This table does not allow undo."
        state = table.state
        if state is None or state.is_over:
            return "There is nothing to undo."
        if not table.rows or table.rows[-1].kind != "action" or table.rows[-1].seat != seat:
            return "You can only undo your own last action, before anyone else acts."
        last = table.rows[-1]
        if ACTION_KIND[last.action] == KIND_OBSERVE:
            return "An Observatory draw cannot be taken back: the card has been seen."
        if last.seq in table.undo_blocked:
            return "That action brought new cards onto the board; it cannot be taken back."
        return ""

    def set_autopass(self, table: Table, token: object, on: object) -> None:
        """Pass for this seat whenever it is to act, until the current phase ends."""
        if table.state is None or table.row.status != "playing":
            raise ProtocolError("Auto-pass works during a game.")
        seat = table.seat_of_token(token)
        if seat is None:
            raise ProtocolError("Unknown seat token: you do not hold a seat at this table.")
        if not isinstance(on, bool):
            raise ProtocolError("'on' must be true or false.")
        self._set_autopass(table, seat, (table.state.round, table.state.phase) if on else None)
        self._after_change(table)

    def _set_autopass(self, table: Table, seat: int, until: tuple[int, int] | None) -> None:
        """Turn a seat's auto-pass on for (round, phase) or off, in memory and in the database."""
        seat_row = table.row.seats[seat]
        if seat_row.autopass != until:
            seat_row.autopass = until
            self.store.save_seat(table.id, seat, seat_row)

    # Chat and commands -------------------------------------------------------------------------

    def _system(self, table: Table | None, text: str) -> None:
        self._chat_line(table, "", text)

    def _chat_line(self, table: Table | None, name: str, text: str) -> None:
        t = self.store.add_chat(table.id if table else LOBBY, name, text)
        line = {"t": t, "name": name, "text": text}
        target = table.chat if table else self.lobby_chat
        target.append(line)
        del target[:-100]
        for client in table.clients if table else self.lobby:
            client.send({"type": "chat", **line})

    def chat(self, table: Table | None, client: Client, text: object) -> dict[str, Any] | None:
        """A chat line, or a command (/join, /leave, /bot, /start, /help); returns a reply for the
        sender only, if any."""
        if not isinstance(text, str) or not text.strip():
            raise ProtocolError("Empty chat message.")
        text = text.strip()[:MAX_CHAT]
        now = time.monotonic()
        client.chat_times = [t for t in client.chat_times if now - t < 10.0]
        if len(client.chat_times) >= 8:
            raise ProtocolError("Slow down: at most 8 chat lines or commands in 10 seconds.")
        client.chat_times.append(now)
        if not text.startswith("/"):
            self._chat_line(table, _clean_name(client.name), text)
            return None
        words = text[1:].split()
        command = words[0].lower() if words else ""
        args = words[1:]
        if command == "help":
            return {"type": "notice", "text": HELP_TEXT.format(levels=", ".join(bot_specs()))}
        if table is None:
            if command == "join":
                if len(args) != 1 or not args[0].isdigit():
                    raise ProtocolError("In the lobby: /join <table number>.")
                target = self.get_table(int(args[0]))
                if target.row.status == "open" and target.seat_of_uid(client.uid) is None:
                    self.sit(target, client.uid, client.name)
                return {"type": "goto", "table": target.id}
            if command in ("leave", "start", "bot"):
                raise ProtocolError(f"/{command} works at a table: open one first (/join <table number>).")
            raise ProtocolError(f"Unknown command /{command}. Type /help.")
        if command == "join":
            seat = _seat_argument(args)
            self.sit(table, client.uid, client.name, seat)
        elif command == "leave":
            self.leave(table, client.uid)
        elif command == "start":
            self.start_game(table, client.uid)
        elif command == "bot":
            if not args:
                raise ProtocolError(f"/bot <level> [seat]; levels: {', '.join(bot_specs())}.")
            self.put_bot(table, client.uid, args[0], _seat_argument(args[1:]))
        else:
            raise ProtocolError(f"Unknown command /{command}. Type /help.")
        return None

    # Broadcast ---------------------------------------------------------------------------------

    def _table_changed(self, table: Table, lobby: bool = True) -> None:
        for client in table.clients:
            client.send(self.update_for(table, client))
        if lobby:
            self._lobby_changed()

    def _after_change(self, table: Table) -> None:
        """After the game moved: finish it if over, tell every client, schedule what comes next."""
        state = table.state
        assert state is not None
        for seat, seat_row in enumerate(table.row.seats):
            if seat_row.autopass is not None and seat_row.autopass != (state.round, state.phase):
                self._set_autopass(table, seat, None)
        self._finish_if_over(table)
        self._schedule(table)
        key = (table.row.status, state.round)
        self._table_changed(table, lobby=key != table.lobby_key)
        table.lobby_key = key

    def _finish_if_over(self, table: Table) -> None:
        """Store the result of a game that has just ended (idempotent)."""
        state = table.state
        if state is not None and state.is_over and table.row.status != "over":
            result = {
                "scores": [line._asdict() for line in final_scores(state)],
                "winners": winners(state),
                "rounds": state.round,
                "names": table.names(),
            }
            self.store.set_status(table.id, "over", result=result)
            table.row.status = "over"
            table.row.result = result
            for seat in range(len(table.row.seats)):
                self._set_autopass(table, seat, None)

    def update_for(self, table: Table, client: Client) -> dict[str, Any]:
        """The one message a client gets about a table: only what its seat (or a spectator) may see."""
        seat = table.seat_of_uid(client.uid)
        row = table.row
        message: dict[str, Any] = {
            "type": "update",
            "table": self.table_summary(table, client.uid),
            "seq": table.seq,
            "you": None,
        }
        if row.status == "open":
            message["bots"] = bot_specs()
        if seat is not None:
            message["you"] = {"seat": seat, "token": row.seats[seat].token}
        state = table.state
        if state is None:
            return message
        seen = view(state, seat)
        message["view"] = public_view_json(seen)
        message["summary"] = [seat_summary(p) for p in state.players]
        message["names"] = table.names()
        start = min(client.log_sent, len(table.log))
        message["log_from"] = start
        message["log"] = table.log[start:]
        client.log_sent = len(table.log)
        message["deadline"] = table.deadline
        message["autopass"] = seat is not None and table.row.seats[seat].autopass is not None
        if seat is not None and state.current_player == seat:
            message["legal"] = [
                {**info._asdict(), **action_fields(state, info.id)} for info in legal_action_infos(state)
            ]
        else:
            message["legal"] = []
        message["undo"] = seat is not None and not self.undo_refusal(table, seat)
        if state.is_over and row.result is not None:
            message["result"] = row.result
        return message

    def lobby_hello(self, client: Client) -> dict[str, Any]:
        return {
            "type": "lobby",
            "tables": self.lobby_tables(),
            "highscores": self.highscores(),
            "chat": self.lobby_chat[-50:],
            "bots": bot_specs(),
            "help": HELP_TEXT.format(levels=", ".join(bot_specs())),
        }

    def table_hello(self, table: Table, client: Client) -> list[dict[str, Any]]:
        client.log_sent = 0
        return [{"type": "chat_history", "chat": table.chat[-50:]}, self.update_for(table, client)]

    # Automation: bots, auto-pass, turn timer ---------------------------------------------------

    def _schedule(self, table: Table) -> None:
        """Arrange the table's next automatic move, if any (replacing an older plan)."""
        if table.task is not None and not table.task.done():
            table.task.cancel()
        table.task = None
        table.deadline = None
        state = table.state
        if self.loop is None or state is None or table.row.status != "playing" or state.is_over:
            return
        seat = state.current_player
        seat_row = table.row.seats[seat]
        seq = table.seq
        if seat_row.kind == "bot":
            table.task = self.loop.create_task(self._bot_move(table, seat, seq))
        elif seat_row.autopass is not None and state.stage == STAGE_ACTIONS:
            table.task = self.loop.create_task(self._auto_move(table, seat, seq, 0.0))
        elif table.row.realtime and table.row.timer > 0:
            table.deadline = time.time() + table.row.timer
            table.task = self.loop.create_task(self._auto_move(table, seat, seq, float(table.row.timer)))

    async def _auto_move(self, table: Table, seat: int, seq: int, delay: float) -> None:
        await asyncio.sleep(delay)
        state = table.state
        if state is None or table.seq != seq or state.current_player != seat or table.committing:
            return
        table.task = None
        if delay > 0:
            self._system(table, f"Time is up for {table.names()[seat]}.")
        with contextlib.suppress(ProtocolError):  # already logged; the next request retries
            await self._commit(table, seat, fallback_action(state))

    async def _bot_move(self, table: Table, seat: int, seq: int) -> None:
        if self.config.bot_delay > 0:
            await asyncio.sleep(self.config.bot_delay)
        state = table.state
        if state is None or table.seq != seq:
            return
        bot = table.bots.get(seat)
        spec = table.row.seats[seat].bot or "random"
        if bot is None or getattr(bot, "_spec", None) != spec:
            bot = make_bot(spec, (state.seed * 10 + seat) % 2**31)
            with contextlib.suppress(AttributeError):
                bot._spec = spec  # type: ignore[attr-defined]
            table.bots[seat] = bot
        seen = view(state, seat)
        loop = asyncio.get_running_loop()
        choose: Callable[[Any], int] = bot.choose
        try:
            action = await loop.run_in_executor(self.executor, choose, seen)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot in seat %s failed; passing for it", table.id, seat)
            action = -1
        state = table.state
        if state is None or table.seq != seq or state.current_player != seat or table.committing:
            return
        table.task = None
        if not is_legal(state, action):
            log.error("table %s: bot in seat %s chose illegal action %s", table.id, seat, action)
            action = fallback_action(state)
        with contextlib.suppress(ProtocolError):  # already logged; the next request retries
            await self._commit(table, seat, action)


def public_view_json(seen: View) -> dict[str, Any]:
    """``view_to_json`` without the seed while the game runs: the seed fixes every stack's order,
    so a client that knew it could compute the hidden cards."""
    data = view_to_json(seen)
    if not seen.state.is_over:
        data["seed"] = None
    return data


def public_action_text_safe(table: Table, entry: LogRow) -> str:
    """The words logged for an entry, without the seat's name (for the undo notice)."""
    for line in table.log:
        if line["seq"] == entry.seq and line["seat"] == entry.seat:
            text = str(line["text"])
            name = table.names()[entry.seat]
            return text[len(name) + 1 :].rstrip(".") if text.startswith(name) else text
    return "an action"


def _bot_seat(index: int, spec: str) -> SeatRow:
    return SeatRow("bot", f"{spec.capitalize()} bot {index + 1}", None, None, spec)


def _seat_argument(args: list[str]) -> int | None:
    if not args:
        return None
    if len(args) != 1 or not args[0].isdigit():
        raise ProtocolError("Give a seat number, for example /join 2.")
    return int(args[0]) - 1


def state_apply(state: GameState, action: int) -> None:
    """Apply a validated action (kept separate so the rebuild path and the live path are one)."""
    from petersburg.engine import apply_action

    apply_action(state, action)
