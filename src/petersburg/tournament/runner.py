"""Play tournaments: seat rotation over shared shuffles, derived seeds, parallel worker processes.

A tournament of ``n`` entries (bot specs, one per seat) is played in *deals* of ``n`` games: every
game of a deal uses the same game seed (the same shuffled stacks and markers) and the entries
sit rotated by one seat from game to game, so the luck of the cards and of the seats cancels out.
Game ``g`` is deal ``g // n``, rotation ``g % n``; its game seed and its bots' seeds are derived
from the tournament seed and ``g`` alone, so any game can be re-run on its own (``play_game``) and
a tournament split into shards (by deal) gives exactly the games of the single run.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from petersburg.bots import make_bot
from petersburg.engine import (
    ActionId,
    GameOptions,
    GameRecord,
    GameState,
    apply_action,
    check_options,
    final_scores,
    new_game,
    view,
    winners,
)
from petersburg.engine.options import MAX_PLAYERS, MAX_PLAYERS_MARKET
from petersburg.tournament.backends import Backend, map_in_order

MAX_SEATS = MAX_PLAYERS_MARKET
"""Most entries a tournament seats: 5 with the Market (the options decide: 4 without it)."""


def derive_seed(tournament_seed: int, *parts: object) -> int:
    """A 63-bit seed from the tournament seed and labels (stable across processes and machines)."""
    text = ":".join(str(part) for part in (tournament_seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class TournamentSpec:
    """What defines a tournament: entries, number of games, seed, options, optional shard.

    ``options`` are the rules every game is played with (edition, the Market and its options,
    visibility); they decide how many entries may sit at the table (1 to 4, 5 with the Market).
    """

    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: GameOptions = field(default_factory=GameOptions)
    shard: tuple[int, int] = (1, 1)
    """(k, N): play only deals with ``deal % N == k - 1`` (1-based k)."""

    def __post_init__(self) -> None:
        most = MAX_SEATS if self.options.market else MAX_PLAYERS
        if not 1 <= len(self.bots) <= most:
            with_market = "" if self.options.market else f" ({MAX_SEATS} with the Market)"
            raise ValueError(
                f"A tournament needs 1 to {most} bots (one per seat){with_market}, not {len(self.bots)}."
            )
        check_options(self.options, len(self.bots))  # a sentence for options that do not go together
        if self.games < 1:
            raise ValueError(f"The number of games must be at least 1, not {self.games}.")
        k, total = self.shard
        if total < 1 or not 1 <= k <= total:
            raise ValueError(f"A shard is k/N with 1 <= k <= N, not {k}/{total}.")
        for spec in self.bots:
            make_bot(spec, 0)  # raises ValueError naming the known bots

    @property
    def seats(self) -> int:
        return len(self.bots)

    def labels(self) -> list[str]:
        """One label per entry: its spec, numbered when a spec appears more than once."""
        labels = []
        seen: dict[str, int] = {}
        for spec in self.bots:
            seen[spec] = seen.get(spec, 0) + 1
            labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
        return labels

    def game_indices(self) -> list[int]:
        """The games this (shard of the) tournament plays, in order."""
        k, total = self.shard
        return [g for g in range(self.games) if (g // self.seats) % total == k - 1]


def whole_deals(games: int, seats: int) -> int:
    """The games played when ``games`` are asked for at ``seats`` seats: rounded up to whole deals
    (each deal is played once per seat rotation), at least one deal."""
    return max(1, -(-games // seats)) * seats


def seating(spec: TournamentSpec, game: int) -> list[int]:
    """Entry index sitting at each seat in ``game`` (rotated by one seat per game of a deal)."""
    n = spec.seats
    rotation = game % n
    return [(seat + rotation) % n for seat in range(n)]


def game_seed(spec: TournamentSpec, game: int) -> int:
    """The game seed of ``game``: the same for every game of a deal."""
    return derive_seed(spec.seed, "deal", game // spec.seats) % (2**31)


def play_game(spec: TournamentSpec, game: int, opening: Sequence[ActionId] = ()) -> dict[str, Any]:
    """Play game ``game`` of the tournament and return its JSON line (record, result, timing).

    ``opening``: moves made before the bots are asked (their times not counted), e.g. a kept game's
    moves up to its last round, so that the bots play that round alone. Every decision is seeded
    by the bot's seed, the step and the seat (``bots.base.decision_rng``), and no bot keeps
    anything from one decision to the next, so a kept game's own moves as the opening give back
    that game, and a bot that differs from it only later plays the game it would have played
    whole. The line of such a game says how many moves were replayed (``opening``)."""
    entries = seating(spec, game)
    labels = spec.labels()
    seed = game_seed(spec, game)
    state = new_game(spec.seats, seed, spec.options)
    bots = [
        make_bot(spec.bots[entry], derive_seed(spec.seed, "bot", game, seat))
        for seat, entry in enumerate(entries)
    ]
    names = [labels[entry] for entry in entries]
    record = GameRecord(spec.seats, seed, spec.options, names=names)
    times: list[list[float]] = [[] for _ in entries]
    for action in opening:
        apply_action(state, action)
        record.actions.append(action)
    while not state.is_over:
        seat = state.current_player
        start = time.perf_counter()
        action = bots[seat].choose(view(state, seat))
        times[seat].append(time.perf_counter() - start)
        apply_action(state, action)
        record.actions.append(action)
    return {
        "game": game,
        "deal": game // spec.seats,
        "seed": seed,
        "entries": entries,
        "bots": names,
        "record": record.to_json(state),
        "result": game_result(state),
        **({"opening": len(opening)} if opening else {}),
        "timing": {
            "decisions": [len(seat_times) for seat_times in times],
            "median_seconds": [_median(seat_times) for seat_times in times],
            "max_seconds": [max(seat_times, default=0.0) for seat_times in times],
            "total_seconds": [sum(seat_times) for seat_times in times],
        },
    }


def game_result(state: GameState) -> dict[str, Any]:
    """A finished game's result as a tournament line holds it: final scores, tie-break rubles,
    winners (seats), rounds played."""
    lines = final_scores(state)
    return {
        "scores": [line.total for line in lines],
        "rubles": [line.rubles for line in lines],
        "winners": winners(state),
        "rounds": state.round,
    }


def kept_lines(path: Path) -> list[dict[str, Any]]:
    """The games a resumable run has appended to ``path`` as JSON lines (none if there is no such
    file yet); a line cut short by a run stopped mid-write is left out, so its game is played again."""
    if not path.exists():
        return []
    lines = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError:
            continue
    return lines


def append_lines(path: Path) -> TextIO:
    """``path`` opened to append a resumable run's JSON lines: a last line cut short by a run
    stopped mid-write is ended first, so that the next game's line starts a line of its own
    (``kept_lines`` leaves the cut one out, and its game is played again)."""
    cut_short = False
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as ending:  # its last byte alone, not the whole file
            ending.seek(-1, os.SEEK_END)
            cut_short = ending.read(1) != b"\n"
    handle = path.open("a", encoding="utf-8")
    if cut_short:
        handle.write("\n")
    return handle


def _median(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def run_games(
    spec: TournamentSpec,
    jobs: int = 1,
    modules: Sequence[str] = (),
    progress: Callable[[dict[str, Any]], None] | None = None,
    backend: Backend | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield every game's JSON line in game order, played by ``jobs`` local worker processes, or
    where ``backend`` says (``tournament.backends``: the local pool or Ray)."""
    chosen = backend if backend is not None else Backend("local", jobs)
    for line in map_in_order(functools.partial(play_game, spec), spec.game_indices(), chosen, modules):
        if progress is not None:
            progress(line)
        yield line
