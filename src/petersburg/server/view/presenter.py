"""What a client receives: every message to a browser is built here, from a table and who looks.

A client only ever receives ``view(state, seat)`` of the seat its identity holds (spectators: the
public view), the legal actions of that seat when it is to act, and the token of its own seat.

Built once per change: the parts of an update that are the same for every viewer (names, each
seat's figures, the table's summary, the legal actions, each seat's view) are computed once per
table version and shared by every message of that version (``Frame``); a seat's figures are
computed again only when its play area changed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from petersburg.bots.levels import bot_levels, quoted_duel
from petersburg.cards_second_edition import ALL_CARD_ID, ALL_STACK_NAMES, GOODS
from petersburg.engine import (
    OMNISCIENT,
    GameState,
    event_to_json,
    final_scores,
    good_points,
    goods_counts,
    market_values,
    state_to_json,
    view,
    view_to_json,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_CARD,
    KIND_BUY,
    KIND_JOKER,
    KIND_NAMES,
    KIND_OBSERVE,
    KIND_PAY_CRATE,
    KIND_PLAY,
    KIND_PUB,
    KIND_SKIP_CRATE,
    KIND_TAKE,
    SOURCE_ROW,
    SOURCE_SLOT,
    UPPER_ROW,
    target_kind,
)
from petersburg.engine.records import score_json
from petersburg.engine.state import PHASE_NAMES
from petersburg.server.analysis.policy import hints_allowed
from petersburg.server.game.chat import commands_help
from petersburg.server.game.game import Game, LoggedEvent
from petersburg.server.game.seating import level_ids
from petersburg.server.game.table import Table
from petersburg.server.game.tables import Tables
from petersburg.server.persistence.store import ChatRow, TableRow
from petersburg.server.protocol.engine_json import ViewJson
from petersburg.server.protocol.http import GameStory, ReplayResponse
from petersburg.server.protocol.messages import (
    BotLevelInfo,
    ChatHistoryMessage,
    ChatLine,
    ChatMessage,
    GameResult,
    HighScore,
    LegalAction,
    LobbyMessage,
    LogEntry,
    MarketStanding,
    SeatFigures,
    TablesMessage,
    TableSummary,
    UpdateMessage,
)
from petersburg.server.view.advice import annotate, seat_advice
from petersburg.server.view.figures import seat_figures
from petersburg.server.view.story import game_story
from petersburg.text import describe_event, describe_move, describe_played_for, legal_action_infos
from petersburg.text.bots import level_name, level_text
from petersburg.text.languages import SOURCE
from petersburg.text.names import shown_name
from petersburg.text.wording import from_stored

LOBBY_LIVE = 200
"""Live tables listed in the lobby (newest first)."""


def level_infos(language: str = SOURCE) -> list[BotLevelInfo]:
    """Each bot level with its name and what it does, in the measured table's order (the ladder
    weakest first, then the research levels, then registered bots), in ``language``."""
    return [
        {
            "id": level.id,
            "name": level_name(level.id, language),
            "text": level_text(level.id, language, quoted_duel(level), level.futures),
        }
        for level in bot_levels()
    ]


HOLDER_KEY = secrets.token_bytes(16)
"""This process's key for ``holder_id``: a holder id means nothing outside it."""


def holder_id(uid: str | None) -> str | None:
    """Who holds a person's seat, as the lobby may show it: a keyed hash of the browser identity
    (which is secret: it claims the seat), so one encoded lobby list serves everybody and each
    page still finds its own seats (``LobbyMessage.you``)."""
    if not uid:
        return None
    return hmac.new(HOLDER_KEY, uid.encode(), hashlib.sha256).hexdigest()[:16]


def row_summary(
    row: TableRow, round_: int | None, seat: int | None = None, to_act: int | None = None
) -> TableSummary:
    """What the lobby shows of a table (nothing secret); ``seat`` is the receiver's own seat."""
    return {
        "id": row.id,
        "name": row.name,
        "status": row.status,
        "seats": [
            {
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "you": index == seat,
                "holder": holder_id(s.user_id) if s.kind == "human" else None,
            }
            for index, s in enumerate(row.seats)
        ],
        "to_act": to_act,
        "options": row.options,
        "realtime": row.realtime,
        "timer": row.timer,
        "move_deadline": row.move_deadline,
        "deadline_bot": row.deadline_bot if row.move_deadline else None,
        "allow_undo": row.allow_undo,
        "hints": hints_allowed(row),
        "round": round_,
        "created": row.created,
        "host": next((s.name for s in row.seats if s.kind == "human" and s.user_id == row.creator), None),
    }


def worded_summary(summary: TableSummary, language: str) -> TableSummary:
    """``summary`` with the names the server made (a bot's seat, a table's default name: ``text.names``)
    worded for a reader of ``language``; the names people gave stay as they are."""
    worded = summary.copy()
    worded["name"] = shown_name(summary["name"], language)
    worded["seats"] = [{**seat, "name": shown_name(seat["name"], language)} for seat in summary["seats"]]
    host = summary["host"]
    worded["host"] = shown_name(host, language) if host is not None else None
    return worded


def worded_result(result: GameResult, language: str) -> GameResult:
    """A game's stored result with its seats' names worded for a reader of ``language``."""
    worded = result.copy()
    worded["names"] = [shown_name(name, language) for name in result["names"]]
    return worded


def finished_round(row: TableRow) -> int | None:
    rounds = row.result.get("rounds") if row.result is not None else None
    return rounds if isinstance(rounds, int) else None


def table_round(table: Table) -> int | None:
    state = table.state
    return state.round if state is not None else None


def table_to_act(table: Table) -> int | None:
    state = table.state
    return state.current_player if state is not None and not state.is_over else None


def table_summary(table: Table, seat: int | None = None) -> TableSummary:
    """``row_summary`` of a table in memory, with its round and the seat to act."""
    return row_summary(table.row, table_round(table), seat, table_to_act(table))


def lobby_key(table: Table) -> tuple[object, ...]:
    """What the lobby shows of a table: when it changes, the lobby list is sent again."""
    seats = tuple((s.kind, s.name, s.bot) for s in table.row.seats)
    return (table.row.status, table_round(table), table_to_act(table), seats)


def public_view_json(state: GameState, seat: int | None) -> ViewJson:
    """The view of ``seat`` as JSON; the seed stays null while the game runs (it fixes every
    stack's order, so a client that knew it could compute the hidden cards). Once the game is
    over nothing is secret any more: every seat's rubles and hand are shown (``final_view_json``)."""
    if state.is_over:
        return final_view_json(state, seat)
    data = view_to_json(view(state, seat))
    data["seed"] = None
    return data


def final_view_json(state: GameState, seat: int | None) -> ViewJson:
    """The view of ``seat`` with every seat's rubles and hand: for a finished game (its final board
    and every step of its replay), where they decided the result and hide nothing any more."""
    data = view_to_json(view(state, seat))
    data["seats"] = state_to_json(state)["seats"]
    return data


def legal_for(state: GameState, language: str = SOURCE) -> list[LegalAction]:
    """The legal actions of the seat to act, each with where its card lies (for the page), worded
    in ``language``."""
    actions: list[LegalAction] = []
    for info in legal_action_infos(state, language):
        action = info.id
        kind = ACTION_KIND[action]
        arg = ACTION_ARG[action]
        item: LegalAction = {
            "id": action,
            "text": info.text,
            "price": info.price,
            "description": info.description,
            "kind": KIND_NAMES[kind],
        }
        if kind in (KIND_TAKE, KIND_BUY):
            row = SOURCE_ROW[arg]
            if row == DRAWN_CARD:
                item["source"] = "drawn"
            else:
                item["source"] = "upper" if row == UPPER_ROW else "lower"
                item["index"] = SOURCE_SLOT[arg]
        elif kind == KIND_PLAY:
            item["source"], item["index"] = "hand", arg
        elif kind == KIND_OBSERVE:
            item["stack"] = ALL_STACK_NAMES[arg]
        elif kind == KIND_PUB:
            item["vp"] = arg
        elif kind in (KIND_JOKER, KIND_PAY_CRATE, KIND_SKIP_CRATE):
            item["good"] = GOODS[arg]
        if ACTION_TARGET[action]:
            item["over"] = ALL_CARD_ID[target_kind(ACTION_TARGET[action])]
        annotate(state, item, language)
        actions.append(item)
    return actions


def market_standing(state: GameState) -> MarketStanding | None:
    """Goods and majorities as they stand (None without the Market): each seat's count of each
    good and what it would score for it, from the engine."""
    if state.market is None:
        return None
    first, second = market_values(state.round, state.options)
    counts = [goods_counts(state, seat) for seat in range(state.num_players)]
    points = good_points(state)
    return {
        "first": first,
        "second": second,
        "goods": [
            {"good": name, "counts": [c[good] for c in counts], "points": points[good]}
            for good, name in enumerate(GOODS)
        ],
    }


def phase_names(state: GameState) -> list[str]:
    """The phases of a round in the order the game's edition plays them."""
    return [PHASE_NAMES[phase] for phase in state.shape.phases]


def log_entry(logged: LoggedEvent, game: Game, reader: int | None, language: str = SOURCE) -> LogEntry:
    """One event of the log as ``reader`` (a seat, None: a spectator, ``OMNISCIENT``: a finished
    game's replay) may see it: its words (to a seat, "you") and the event itself, another seat's
    secret replaced by its public form."""
    event = logged.event if logged.event.visible_to(reader) else logged.event.redacted()
    second_person = reader is not None and reader >= 0
    shape = game.state.shape
    entry: LogEntry = {
        "seq": logged.seq,
        "seat": logged.seat,
        "text": describe_event(event, game.names, shape, reader, second_person, language),
        "event": event_to_json(event),
    }
    move = describe_move(event, shape, reader, language)
    if move is not None:
        entry["move"] = move
    if logged.played_for is not None and logged.seat is not None:
        player = None if second_person and reader == logged.seat else game.names[logged.seat]
        entry["text"] += " " + describe_played_for(logged.played_for, player, language)
        entry["played_for"] = logged.played_for
    return entry


def _chat_text(line: ChatRow, language: str) -> str:
    """A chat line's text for a reader: a notice of the table (no speaker) worded in her language
    from its stored id; what a person wrote, as written."""
    return line.text if line.name else from_stored(line.text, language)


def chat_line(line: ChatRow, language: str = SOURCE) -> ChatLine:
    return {"t": line.t, "name": shown_name(line.name, language), "text": _chat_text(line, language)}


def chat_message(line: ChatRow, language: str = SOURCE) -> ChatMessage:
    return {
        "type": "chat",
        "t": line.t,
        "name": shown_name(line.name, language),
        "text": _chat_text(line, language),
    }


def chat_history(table: Table, language: str = SOURCE) -> ChatHistoryMessage:
    return {"type": "chat_history", "chat": [chat_line(line, language) for line in list(table.chat)[-50:]]}


@dataclass(eq=False)
class Frame:
    """The parts of a table's update shared by every viewer, for one version of the table."""

    version: int
    names: list[str]
    summary: list[SeatFigures]
    figure_keys: list[tuple[object, ...]]
    legal: list[LegalAction]
    phases: list[str] = field(default_factory=list)
    market: MarketStanding | None = None
    tables: dict[int | None, TableSummary] = field(default_factory=dict)
    views: dict[int | None, ViewJson] = field(default_factory=dict)


class Presenter:
    """Builds every message; keeps what one version of a table shares with all its viewers."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._frames: dict[int, Frame] = {}
        self._lobby_rows: dict[int, tuple[int, TableSummary]] = {}

    # Lobby -------------------------------------------------------------------------------------

    def lobby_tables(self, language: str = SOURCE) -> list[TableSummary]:
        """Open and running tables, newest first, then the last finished ones, their names worded
        for a reader of ``language``."""
        live = sorted(self.tables.live(), key=lambda t: -t.id)[:LOBBY_LIVE]
        listed: list[TableSummary] = []
        kept: dict[int, tuple[int, TableSummary]] = {}
        for table in live:
            cached = self._lobby_rows.get(table.id)
            if cached is None or cached[0] != table.version:
                cached = (table.version, table_summary(table))
            kept[table.id] = cached
            listed.append(cached[1])
        self._lobby_rows = kept
        listed += [row_summary(row, finished_round(row)) for row in self.tables.recent_finished]
        return [worded_summary(summary, language) for summary in listed]

    def highscores(self, language: str = SOURCE) -> list[HighScore]:
        return [
            {
                "table": h.table,
                "name": shown_name(h.name, language),
                "total": h.total,
                "rubles": h.rubles,
                "rounds": h.rounds,
            }
            for h in self.tables.highscores
        ]

    def lobby_hello(self, uid: str, language: str = SOURCE) -> LobbyMessage:
        return {
            "type": "lobby",
            "you": holder_id(uid) or "",
            "tables": self.lobby_tables(language),
            "highscores": self.highscores(language),
            "chat": [chat_line(line, language) for line in list(self.tables.lobby_chat)[-50:]],
            "bots": level_ids(),
            "bot_levels": level_infos(language),
            "help": commands_help(),
        }

    def tables_message(self, language: str = SOURCE) -> TablesMessage:
        return {
            "type": "tables",
            "tables": self.lobby_tables(language),
            "highscores": self.highscores(language),
        }

    # Tables ------------------------------------------------------------------------------------

    def frame(self, table: Table) -> Frame:
        """The shared parts of ``table``'s update at its current version."""
        frame = self._frames.get(table.id)
        if frame is not None and frame.version == table.version:
            return frame
        state = table.state
        summary: list[SeatFigures] = []
        keys: list[tuple[object, ...]] = []
        legal: list[LegalAction] = []
        if state is not None:
            keys = [(tuple(player.area), player.observatories_used) for player in state.players]
            kept, previous = (frame.figure_keys, frame.summary) if frame is not None else ([], [])
            changed = {seat for seat, key in enumerate(keys) if seat >= len(kept) or kept[seat] != key}
            fresh = seat_figures(state, changed)
            summary = [fresh[seat] if seat in fresh else previous[seat] for seat in range(len(keys))]
            if not state.is_over:
                legal = legal_for(state)
        frame = Frame(table.version, table.names(), summary, keys, legal)
        if state is not None:
            frame.phases = phase_names(state)
            frame.market = market_standing(state)
        self._frames[table.id] = frame
        return frame

    def forget(self, table_id: int) -> None:
        """Drop what was kept for a table that left memory."""
        self._frames.pop(table_id, None)

    def log(self, table: Table, reader: int | None, start: int = 0, language: str = SOURCE) -> list[LogEntry]:
        """The game log from event ``start`` on, as ``reader`` sees it. Worded when sent, not kept:
        an update carries the few events since the viewer's last one, and only a socket that
        connects gets the whole log, so memory holds the events alone."""
        game = table.game
        assert game is not None
        return [log_entry(logged, game, reader, language) for logged in game.events[start:]]

    def update(
        self, table: Table, seat: int | None, creator: bool, log_from: int, language: str = SOURCE
    ) -> UpdateMessage:
        """The one message a viewer gets about a table: only what its seat (or a spectator) may see,
        worded in the viewer's ``language`` (the log from the events, each time it is sent)."""
        frame = self.frame(table)
        row = table.row
        summary = frame.tables.get(seat)
        if summary is None:
            summary = frame.tables[seat] = table_summary(table, seat)
        message: UpdateMessage = {
            "type": "update",
            "table": worded_summary(summary, language),
            "seq": table.seq,
            "you": None,
            "creator": creator,
        }
        if row.status == "open":
            message["bots"] = level_ids()
            message["bot_levels"] = level_infos(language)
        if seat is not None:
            token = row.seats[seat].token
            message["you"] = {"seat": seat, "token": token or ""}
        game = table.game
        if game is None:
            return message
        state = game.state
        seen = frame.views.get(seat)
        if seen is None:
            seen = frame.views[seat] = public_view_json(state, seat)
        message["view"] = seen
        message["summary"] = frame.summary
        message["names"] = [shown_name(name, language) for name in frame.names]
        message["phases"] = frame.phases
        message["board_size"] = state.shape.board_size
        if frame.market is not None:
            message["market"] = frame.market
        start = min(log_from, len(game.events))
        message["log_from"] = start
        message["log"] = self.log(table, seat, start, language)
        message["deadline"] = table.deadline
        message["autopass"] = seat is not None and row.seats[seat].autopass is not None
        to_act = seat is not None and state.current_player == seat
        if to_act and language != SOURCE:
            message["legal"] = legal_for(state, language)
        else:
            message["legal"] = frame.legal if to_act else []
        if seat is not None and not state.is_over:
            message["advice"] = seat_advice(state, seat, language)
        message["undo"] = seat is not None and game.undo_refusal(seat, table.people()) is None
        if state.is_over and row.result is not None:
            message["result"] = worded_result(row.result, language)
        return message

    # Replays -----------------------------------------------------------------------------------

    def story(self, table: Table, language: str = SOURCE) -> GameStory:
        """A finished game's results page, replayed from its log on each request, in ``language``."""
        game = table.game
        assert game is not None and table.row.result is not None
        story = game_story(table.id, game, language)
        placement = table.row.result.get("placement")
        if placement is not None:
            story["placement"] = placement
        return story

    def replay(self, table: Table, step: int | None, language: str = SOURCE) -> ReplayResponse:
        """A finished game after ``step`` of its actions (all if None), every seat's rubles and
        hand shown (nothing is secret once the game is over), worded in ``language``."""
        game = table.game
        assert game is not None
        actions = game.effective
        step = len(actions) if step is None else max(0, min(step, len(actions)))
        names = table.names()
        shown = Game.replay(table.row, actions[:step], names, contiguous=False)
        state = shown.state
        last = actions[step - 1].seq if step else None
        log = [log_entry(logged, shown, OMNISCIENT, language) for logged in shown.events]
        response: ReplayResponse = {
            "table": table.id,
            "names": [shown_name(name, language) for name in names],
            "step": step,
            "steps": len(actions),
            "view": final_view_json(state, None),
            "summary": list(seat_figures(state).values()),
            "texts": [entry["text"] for entry in log if entry["seq"] == last],
            "log": log,
            "result": worded_result(table.row.result, language)
            if step == len(actions) and table.row.result
            else None,
            "scores": [score_json(line) for line in final_scores(state)] if state.is_over else None,
            "phases": phase_names(state),
        }
        standing = market_standing(state)
        if standing is not None:
            response["market"] = standing
        return response
