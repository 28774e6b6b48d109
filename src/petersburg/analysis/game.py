"""The analysis of a finished game: every judged decision, the winning-chance curve of every
player, and the three turning points in words.

``analyse_game(record, seats)`` replays the record and, at every decision of the seats asked for
that had more than one legal move, asks ``evaluate_decision`` from that seat's view as it was then
(the move actually played is always among the candidates): the chance before (the best move's),
after (the played move's), the best move, the loss and its mark (``marks.py``).

The curve is every seat's chance at the start of each phase and at the end, from the whole
position (the game is over: nothing is secret any more), by the same ``win_distribution`` the
search ends in, at the moments it was fitted at (benchmarks/analysis_calibration.py). Judged
decisions are not used for it: each is seen from another seat's view, with other guesses of what
is hidden, so consecutive decisions of different seats would draw jumps that are only guesses.
The turning points are the three phases in which some player's chance moved most, told with that
player's moves in the phase.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypedDict

from petersburg.analysis.evaluation import (
    ANALYSIS_BUDGET,
    PRECISION,
    STRONGEST,
    Budget,
    evaluate_decision,
    win_distribution,
)
from petersburg.analysis.marks import (
    BLUNDER,
    CHANCE_THRESHOLDS,
    INACCURACY,
    MISTAKE,
    SOLO_THRESHOLDS,
    mark_of,
)
from petersburg.analysis.reasons import seat_names
from petersburg.engine import OMNISCIENT, ActionId, GameRecord, GameState, apply_with_events, new_game, view
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, KIND_BUY, KIND_PLAY, KIND_TAKE
from petersburg.engine.events import ROW_DRAWN
from petersburg.engine.rules import source_place
from petersburg.engine.shape import PHASE_NAMES
from petersburg.text.analysis import amount_param, analysis_text, measure_param, phase_param
from petersburg.text.languages import SOURCE
from petersburg.text.names import shown_name
from petersburg.text.narration import describe_action, describe_move, unit_list

ANALYSIS_FORMAT = "petersburg-analysis"
ANALYSIS_VERSION = 1
TURNING_POINTS = 3


class DecisionJson(TypedDict):
    step: int
    seat: int
    round: int
    phase: str
    played: int
    played_text: str
    best: int
    best_text: str
    best_place: str | None
    before: float
    after: float
    drop: float
    loss: float
    mark: str | None


class PointJson(TypedDict):
    step: int
    round: int
    phase: str
    chances: list[float]


class TurningPointJson(TypedDict):
    step: int
    end: int
    player: int
    before: float
    after: float
    text: str


class SeatSummaryJson(TypedDict):
    seat: int
    name: str
    decisions: int
    average_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int


class AnalysisJson(TypedDict):
    format: str
    version: int
    players: int
    names: list[str]
    solo: bool
    thresholds: dict[str, float]
    decisions: list[DecisionJson]
    curve: list[PointJson]
    turning_points: list[TurningPointJson]
    summary: list[SeatSummaryJson]


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision."""

    step: int
    """Index of the move in the record (the position before it is after ``step`` moves)."""
    seat: int
    round: int
    phase: str
    played: ActionId
    played_text: str
    best: ActionId
    best_text: str
    before: float
    """The seat's chance (solo: expected VP) with the best move found."""
    after: float
    """... with the move played."""
    best_margin: float
    """The best expected margin over the best other seat (VP) among the candidates."""
    played_margin: float

    @property
    def drop(self) -> float:
        """How much the chance of winning fell against the best move: what earns a mark."""
        return max(0.0, self.before - self.after)

    @property
    def loss(self) -> float:
        """VP of expected margin given away against the best candidate: the average loss per move
        (it still tells moves apart in a game already won or lost, where every chance is alike)."""
        return max(0.0, self.best_margin - self.played_margin)


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """Every seat's chance of winning at the start of a phase (the last point: the result)."""

    step: int
    round: int
    phase: str
    chances: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    players: int
    names: list[str]
    solo: bool
    decisions: list[Decision]
    curve: list[CurvePoint]
    moves: dict[tuple[int, int], list[str]]
    """Per (step of a phase's start, seat): that seat's moves in the phase, in a few words each."""

    def mark(self, decision: Decision) -> str | None:
        return mark_of(decision.loss if self.solo else decision.drop, self.solo)

    def turning_points(self) -> list[TurningPointJson]:
        """The phases in which some player's chance moved most (at most three), in game order."""
        swings: list[tuple[float, int, int]] = []
        for index in range(1, len(self.curve)):
            previous, current = self.curve[index - 1].chances, self.curve[index].chances
            player = max(range(len(current)), key=lambda p: abs(current[p] - previous[p]))
            swings.append((abs(current[player] - previous[player]), index, player))
        chosen = sorted(sorted(swings, reverse=True)[:TURNING_POINTS], key=lambda swing: swing[1])
        points: list[TurningPointJson] = []
        for _swing, index, player in chosen:
            start, end = self.curve[index - 1], self.curve[index]
            before, after = start.chances[player], end.chances[player]
            captions = self.moves.get((start.step, player), [])
            points.append(
                {
                    "step": start.step,
                    "end": end.step,
                    "player": player,
                    "before": round(before, PRECISION),
                    "after": round(after, PRECISION),
                    "text": turning_point_text(
                        start.round, start.phase, self.names[player], captions, self.solo, before, after
                    ),
                }
            )
        return points

    def summary(self) -> list[SeatSummaryJson]:
        """Per judged seat: decisions, average loss per move and the marks counted."""
        seats = sorted({d.seat for d in self.decisions})
        lines: list[SeatSummaryJson] = []
        for seat in seats:
            own = [d for d in self.decisions if d.seat == seat]
            marks = [self.mark(d) for d in own]
            lines.append(
                {
                    "seat": seat,
                    "name": self.names[seat],
                    "decisions": len(own),
                    "average_loss": round(sum(d.loss for d in own) / len(own), 3),
                    "inaccuracies": marks.count(INACCURACY),
                    "mistakes": marks.count(MISTAKE),
                    "blunders": marks.count(BLUNDER),
                }
            )
        return lines

    def to_json(self) -> AnalysisJson:
        thresholds = SOLO_THRESHOLDS if self.solo else CHANCE_THRESHOLDS
        return {
            "format": ANALYSIS_FORMAT,
            "version": ANALYSIS_VERSION,
            "players": self.players,
            "names": self.names,
            "solo": self.solo,
            "thresholds": dict(thresholds),
            "decisions": [
                {
                    "step": d.step,
                    "seat": d.seat,
                    "round": d.round,
                    "phase": d.phase,
                    "played": d.played,
                    "played_text": d.played_text,
                    "best": d.best,
                    "best_text": d.best_text,
                    "best_place": board_place(d.best),
                    "before": round(d.before, PRECISION),
                    "after": round(d.after, PRECISION),
                    "drop": round(d.drop, PRECISION),
                    "loss": round(d.loss, 3),
                    "mark": self.mark(d),
                }
                for d in self.decisions
            ],
            "curve": [
                {
                    "step": p.step,
                    "round": p.round,
                    "phase": p.phase,
                    "chances": [round(c, PRECISION) for c in p.chances],
                }
                for p in self.curve
            ],
            "turning_points": self.turning_points(),
            "summary": self.summary(),
        }


def turning_point_text(
    round_number: int,
    phase: str,
    player: str,
    captions: Sequence[str],
    solo: bool,
    before: float,
    after: float,
    language: str = SOURCE,
) -> str:
    """A turning point in ``language``: the phase, the player's moves in it (``captions``, already
    in ``language``) and how his chance (solo: expected score) moved."""
    moves = unit_list(captions, language) or analysis_text("no_move").in_language(language)
    return analysis_text(
        "turning_point",
        round=round_number,
        phase=phase_param(phase),
        player=player,
        moves=moves,
        measure=measure_param(solo),
        before=amount_param(before, solo),
        after=amount_param(after, solo),
    ).in_language(language)


def move_captions(state: GameState, action: ActionId, language: str = SOURCE) -> list[str]:
    """Apply ``action`` to ``state`` and return its moves in a few words each, in ``language``
    (the game is over when it is analysed: nothing of it is hidden)."""
    events = apply_with_events(state, action)
    captions = (describe_move(event, state.shape, OMNISCIENT, language) for event in events)
    return [caption for caption in captions if caption is not None]


def analysis_in_language(analysis: AnalysisJson, record: GameRecord, language: str) -> AnalysisJson:
    """A stored analysis of ``record`` with every word in it made for a reader of ``language``:
    the moves of its decisions, the turning points and the names. The figures are kept; the words
    are made again from the record (replaying a game takes far less than judging it), so an
    analysis is stored once and read in every language."""
    decisions = {decision["step"]: decision for decision in analysis["decisions"]}
    worded: dict[int, DecisionJson] = {}
    captions: dict[tuple[int, int], list[str]] = {}
    state = new_game(record.num_players, record.seed, record.options)
    phase_start, phase = 0, (state.round, state.phase)
    for step, action in enumerate(record.actions):
        if (state.round, state.phase) != phase:
            phase_start, phase = step, (state.round, state.phase)
        seat = state.current_player
        decision = decisions.get(step)
        if decision is not None:
            seen = view(state, seat).state
            worded[step] = {
                **decision,
                "played_text": describe_action(seen, decision["played"], language),
                "best_text": describe_action(seen, decision["best"], language),
            }
        captions.setdefault((phase_start, seat), []).extend(move_captions(state, action, language))
    names = [shown_name(name, language) for name in analysis["names"]]
    starts = {point["step"]: point for point in analysis["curve"]}
    points: list[TurningPointJson] = []
    for point in analysis["turning_points"]:
        start = starts[point["step"]]
        text = turning_point_text(
            start["round"],
            start["phase"],
            names[point["player"]],
            captions.get((point["step"], point["player"]), []),
            analysis["solo"],
            point["before"],
            point["after"],
            language,
        )
        points.append({**point, "text": text})
    summary: list[SeatSummaryJson] = [{**line, "name": names[line["seat"]]} for line in analysis["summary"]]
    return {
        **analysis,
        "names": names,
        "decisions": [worded.get(d["step"], d) for d in analysis["decisions"]],
        "turning_points": points,
        "summary": summary,
    }


def board_place(action: ActionId) -> str | None:
    """Where the move's card lies before it is made, as the board names its places ("upper:2",
    "lower:0", "hand:1"), so a replay can show the better move on the board; None for a move
    without a card (pass, the Pub, the Market's choices) or with the drawn card."""
    kind, arg = ACTION_KIND[action], ACTION_ARG[action]
    if kind == KIND_PLAY:
        return f"hand:{arg}"
    if kind in (KIND_BUY, KIND_TAKE):
        row, slot = source_place(arg)
        return None if row == ROW_DRAWN else f"{row}:{slot}"
    return None


def analyse_game(
    record: GameRecord,
    seats: Sequence[int] | None = None,
    budget: Budget = ANALYSIS_BUDGET,
    progress: Callable[[int, int], None] | None = None,
) -> GameAnalysis:
    """Judge every decision of ``seats`` (all seats if None) in a finished game's ``record``.

    StateFormatError if the record does not replay; ValueError for a seat the game does not have.
    ``progress(done, total)`` is told after each move replayed (a long analysis can show it).
    """
    players = record.num_players
    judged = set(range(players)) if seats is None else set(seats)
    for seat in judged:
        if not 0 <= seat < players:
            raise ValueError(f"There is no seat {seat + 1} in a {players}-player game.")
    record.replay()  # a record that does not replay fails here, with the engine's sentence
    state = new_game(players, record.seed, record.options)
    decisions: list[Decision] = []
    curve: list[CurvePoint] = []
    moves: dict[tuple[int, int], list[str]] = {}
    for step, action in enumerate(record.actions):
        if not curve or (curve[-1].round, curve[-1].phase) != (state.round, PHASE_NAMES[state.phase]):
            curve.append(
                CurvePoint(
                    step,
                    state.round,
                    PHASE_NAMES[state.phase],
                    tuple(win_distribution(state, STRONGEST.weights)),
                )
            )
        seat = state.current_player
        if seat in judged:
            seen = view(state, seat)
            legal = seen.legal_actions()
            if len(legal) > 1:
                evaluation = evaluate_decision(seen, budget, include=(action,))
                played = evaluation.of(action)
                assert played is not None
                best = evaluation.best
                decisions.append(
                    Decision(
                        step=step,
                        seat=seat,
                        round=state.round,
                        phase=PHASE_NAMES[state.phase],
                        played=action,
                        played_text=describe_action(seen.state, action),
                        best=best.action,
                        best_text=describe_action(seen.state, best.action),
                        before=max(best.value, played.value),
                        after=played.value,
                        best_margin=max(move.margin for move in evaluation.moves),
                        played_margin=played.margin,
                    )
                )
        moves.setdefault((curve[-1].step, seat), []).extend(move_captions(state, action))
        if progress is not None:
            progress(step + 1, len(record.actions))
    if not state.is_over:
        raise ValueError("Only a finished game can be analysed: this record stops before the end.")
    curve.append(
        CurvePoint(
            len(record.actions),
            state.round,
            PHASE_NAMES[state.phase],
            tuple(win_distribution(state, STRONGEST.weights)),
        )
    )
    return GameAnalysis(players, seat_names(record.names, players), players == 1, decisions, curve, moves)
