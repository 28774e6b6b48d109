"""A game as its log made it, with its undo policy: the one replay path.

Live play and every rebuild (start-up, a finished table loaded on demand, another process's rows
caught up with in ``catch_up.py``) go through the same ``Game.apply``, so a game in memory is
always what its log replays to; a row that does not apply raises ``LogReplayError`` naming the
table and the row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

from petersburg.engine import (
    Event,
    GameState,
    apply_with_events,
    new_game,
    options_from_json,
    why_illegal,
)
from petersburg.engine.moves import REVEALS_DEAL, REVEALS_DRAW, revealed_by
from petersburg.server.errors import LogReplayError, Refusal
from petersburg.server.persistence.store import PLAYED_FOR, LogRow, PlayedFor, TableRow
from petersburg.text.narration import event_in_every_language
from petersburg.text.rule_refusals import rule_refusal

Sealed = Literal["", "undo", "draw", "deal"]
"""What last sealed a game's earlier actions against undo: nothing yet, an undo (one step back
only), an Observatory draw, new cards dealt."""
NOT_SEALED: Sealed = ""
SEALED_BY_UNDO: Sealed = "undo"
SEALED_BY_DRAW: Sealed = "draw"
SEALED_BY_DEAL: Sealed = "deal"


class LoggedEvent(NamedTuple):
    """One event of the game as the log keeps it: the log row that brought it about (-1: the
    set-up), the seat whose move it is (None for what followed from a move), the event, and for a
    move a bot played for the seat's player, why (the row's kind: ``ran_out`` or ``handed``)."""

    seq: int
    seat: int | None
    event: Event
    played_for: PlayedFor | None = None


def row_text(row: LogRow) -> str:
    """A log row in words for error messages: ``action 537 by seat 2``."""
    return f"{row.kind} {row.action} by seat {row.seat + 1}"


class _Undoable(NamedTuple):
    """An action that may still be taken back, with what its undo restores."""

    row: LogRow
    before: GameState | None
    """The state before it; kept for each seat's latest action only (the only one its seat may
    take back), so a game holds at most one such copy per seat."""
    events: int
    """How many events there were before it."""
    effective: int
    """How many actions counted before it."""


class Game:
    """A game as its log made it: the state, the log in words, the actions that count.

    Undo: a seat may take back its latest action together with every action after it, as long as
    none of them showed a hidden card (``revealed_by``). Who may ask when (only while no other person
    acted since) is the server's decision (``undo_refusal``'s ``people``); the log row of an undo
    names the action it takes back, and replaying it takes back the same actions."""

    __slots__ = ("allow_undo", "effective", "events", "names", "sealed", "state", "undoable")

    def __init__(self, row: TableRow, names: list[str]) -> None:
        if row.seed is None:
            raise ValueError(f"table {row.id} has no seed: its game has not been dealt")
        opening: list[Event] = []
        self.state = new_game(row.num_seats, row.seed, options_from_json(row.options), sink=opening)
        self.names = names
        self.allow_undo = row.allow_undo
        self.effective: list[LogRow] = []
        """The actions that make the current state (undone ones removed), for replays."""
        self.events: list[LoggedEvent] = [LoggedEvent(-1, None, event) for event in opening]
        """Everything that happened, as the engine told it (the game log is worded from these)."""
        self.undoable: list[_Undoable] = []
        """The actions since the last one that showed hidden cards (or the last undo)."""
        self.sealed: Sealed = NOT_SEALED
        """Why the actions before ``undoable`` stay: what the last sealing action did."""

    def refusal(self, row: LogRow) -> Refusal | None:
        """Why ``row`` cannot be applied to this game now (None if it can)."""
        state = self.state
        if row.kind == "undo":
            refused = self.undo_refusal(row.seat)
            target = self._target(row.seat)
            if refused is None and target is not None and row.action != target.row.action:
                refused = Refusal("undo_names_action")
            return refused
        if state.is_over:
            return Refusal("game_over")
        if not 0 <= row.seat < state.num_players or state.current_player != row.seat:
            return Refusal("not_your_turn", name=self.names[state.current_player])
        reason = why_illegal(state, row.action)  # None when it is legal
        return Refusal(rule_refusal(reason, state.shape)) if reason is not None else None

    def _target_index(self, seat: int) -> int | None:
        for index in range(len(self.undoable) - 1, -1, -1):
            if self.undoable[index].row.seat == seat:
                return index
        return None

    def _target(self, seat: int) -> _Undoable | None:
        index = self._target_index(seat)
        return None if index is None else self.undoable[index]

    def undo_refusal(self, seat: int, people: Iterable[int] = ()) -> Refusal | None:
        """Why ``seat`` cannot take back its latest action now (None if it can). ``people``: the
        seats played by persons, none of whom (but ``seat``) may have acted since."""
        if not self.allow_undo:
            return Refusal("undo_not_allowed")
        if self.state.is_over:
            return Refusal("nothing_to_undo")
        index = self._target_index(seat)
        if index is None:
            return self._sealed_refusal()
        others = {p for p in people if p != seat}
        if any(entry.row.seat in others for entry in self.undoable[index + 1 :]):
            return Refusal("undo_after_others")
        return None

    def _sealed_refusal(self) -> Refusal:
        """Why no action of a seat is left to take back: what sealed the log last, if anything."""
        if self.sealed == SEALED_BY_UNDO:
            return Refusal("undo_once")
        if self.sealed == SEALED_BY_DRAW:
            return Refusal("undo_after_draw")
        if self.sealed == SEALED_BY_DEAL:
            return Refusal("undo_after_deal")
        return Refusal("undo_not_yours")

    def undo_span(self, seat: int) -> list[_Undoable]:
        """The actions an undo by ``seat`` would take back, its own first."""
        index = self._target_index(seat)
        return [] if index is None else self.undoable[index:]

    def apply(self, row: LogRow) -> None:
        """Apply one log row (an action or an undo); ``Refusal`` if it does not apply here."""
        refused = self.refusal(row)
        if refused is not None:
            raise refused
        if row.kind == "undo":
            index = self._target_index(row.seat)
            assert index is not None  # refusal() checked it
            target = self.undoable[index]
            assert target.before is not None  # kept for each seat's latest action
            self.state = target.before
            del self.events[target.events :]
            del self.effective[target.effective :]
            # One step back only: what came before stays, as before any undo.
            self.undoable.clear()
            self.sealed = SEALED_BY_UNDO
            return
        state = self.state
        before = state.copy()
        happened = apply_with_events(state, row.action)
        count = len(self.events)
        self.effective.append(row)
        played_for = row.kind if row.kind in PLAYED_FOR else None
        self.events.extend(
            LoggedEvent(row.seq, row.seat, event, played_for)
            if index == 0
            else LoggedEvent(row.seq, None, event)
            for index, event in enumerate(happened)
        )
        revealed = revealed_by(row.action, happened)
        if revealed == REVEALS_DRAW:
            self._seal(SEALED_BY_DRAW)
        elif revealed == REVEALS_DEAL:
            self._seal(SEALED_BY_DEAL)
        elif self.allow_undo:
            previous = self._target_index(row.seat)
            if previous is not None:  # only a seat's latest action can be taken back
                self.undoable[previous] = self.undoable[previous]._replace(before=None)
            self.undoable.append(_Undoable(row, before, count, len(self.effective) - 1))

    def move_words(self, undoable: _Undoable) -> str:
        """The move of ``undoable`` in words for everybody (``Anna bought Market ...``), stored in
        every language (``stored_texts``): a notice that names it reads in each reader's language."""
        return event_in_every_language(self.events[undoable.events].event, self.names, self.state.shape)

    def _seal(self, why: Sealed) -> None:
        self.undoable.clear()
        self.sealed = why

    @classmethod
    def replay(
        cls, row: TableRow, rows: Sequence[LogRow], names: list[str], *, contiguous: bool = True
    ) -> Game:
        """The game of ``row`` after ``rows``; ``LogReplayError`` names the first row that does not
        apply (a log is never cut short silently). ``contiguous``: the rows are a whole log (row i
        has seq i), not a selection such as the actions that count."""
        game = cls(row, names)
        for index, entry in enumerate(rows):
            if contiguous and entry.seq != index:
                raise LogReplayError(row.id, entry.seq, row_text(entry), f"expected row {index} here")
            if entry.kind not in ("action", "undo", *PLAYED_FOR):
                raise LogReplayError(row.id, entry.seq, row_text(entry), "unknown kind of row")
            game.replay_row(row.id, entry)
        return game

    def replay_row(self, table_id: int, row: LogRow) -> None:
        """``apply`` for a row of the durable log (of table ``table_id``): ``LogReplayError``
        naming the table and the row if it does not apply (a log is never cut short silently)."""
        try:
            self.apply(row)
        except Refusal as refusal:
            raise LogReplayError(table_id, row.seq, row_text(row), str(refusal)) from None
