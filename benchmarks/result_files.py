"""Reading the result files that tournaments and measurements keep, one game a JSON line.

``petersburg tournament --out``, ``benchmarks/bots_master.py --out`` and ``bots_ladder.py``'s cells
keep every game with its record; ``bots_hands.py`` and ``bots_scores.py`` replay those records and
print figures of them. What both do alike lives here once: which games to read, how a bot is named
across seats, and the command line (the files, ``--games N``, ``--json``, a clear error for a file
that is not one of these).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from petersburg.engine import GameRecord

Figures = TypeVar("Figures")
"""What a reader of result files makes of one file (``report_result_files``)."""


def bot_name(name: str) -> str:
    """A seat's bot without its seat mark: ``greedy#2`` is ``greedy``."""
    return name.split("#")[0]


class NotAResultFile(Exception):
    """A file whose lines are not the games of a result file; the message names the first line
    that is not and what is wrong with it. Only this is reported as a bad file: an error raised
    later, while a script replays a well-formed record, is a fault of the script and is let through."""


@dataclass(frozen=True)
class RecordedGame:
    """One kept game whose record was read: the line as kept, its record, and each seat's bot
    (seat marks dropped) and final score as the record holds them."""

    line: dict[str, Any]
    record: GameRecord
    names: list[str]
    scores: list[dict[str, Any]]


def _recorded_game(line: dict[str, Any]) -> RecordedGame:
    """The game of a kept line that holds a record; raises ValueError saying what is malformed.
    The record is replayed once here (under a millisecond a game, compiled), so that a record
    whose moves are not legal is reported as a bad file, and the scripts' own replays cannot fail on
    the file's content."""
    record = GameRecord.from_json(line["record"])
    record.replay()
    names = record.names
    if names is None or len(names) != record.num_players:
        named = 0 if names is None else len(names)
        raise ValueError(f"its record names {named} seats, not {record.num_players}")
    scores = line["record"].get("scores")
    if not isinstance(scores, list) or len(scores) != record.num_players:
        raise ValueError("its record has no final score for each seat")
    if not all(isinstance(score, dict) and isinstance(score.get("hand_penalty"), int) for score in scores):
        raise ValueError("its record's final scores have no hand penalty")
    return RecordedGame(line, record, [bot_name(name) for name in names], scores)


def recorded_games(path: str, games: int | None, seated: str | None = None) -> Iterator[RecordedGame]:
    """The games of one result file numbered below ``games`` (and, given ``seated``, those where a
    bot of that name sat) that hold their record; those kept without it (``bots_master.py --out``
    before it kept them) are counted on stderr and left out. Raises NotAResultFile at the first
    line that is not a kept game (not JSON, no game number, a malformed record); OSError when the
    file cannot be read."""
    unrecorded = 0
    with open(path, encoding="utf-8") as lines:
        for number, text in enumerate(lines, start=1):
            if not text.strip():  # a blank line holds no game
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError as error:
                raise NotAResultFile(f"line {number} is not JSON ({error.msg})") from None
            if not isinstance(line, dict) or not isinstance(line.get("game"), int):
                raise NotAResultFile(f"line {number} is not a kept game (it has no game number)")
            if games is not None and line["game"] >= games:
                continue
            if "record" not in line:
                unrecorded += 1
                continue
            try:
                game = _recorded_game(line)
            except ValueError as error:  # StateFormatError among them
                raise NotAResultFile(f"line {number}: {error}") from None
            if seated is None or seated in game.names:
                yield game
    if unrecorded:
        print(f"{path}: {unrecorded} games without their record left out", file=sys.stderr)


def report_result_files(
    doc: str,
    read: Callable[[str, argparse.Namespace], Figures],
    report: Callable[[str, Figures], None],
    as_json: Callable[[Figures], dict[str, object]],
    options: Callable[[argparse.ArgumentParser], None] | None = None,
) -> int:
    """The command line of a reader of result files (``bots_hands.py``, ``bots_scores.py``): reads
    each file given (``read``, with the parsed arguments: ``--games N`` and the script's own
    ``options``), prints its figures (``report``) and, with ``--json``, all of them as one JSON
    object by file (``as_json``); ``doc`` is the script's help. A file that cannot be read, or is
    not a result file (``NotAResultFile``), ends it with a one-line error and exit status 2 before
    anything of that file is printed; any other error is the script's own and is raised as it is.
    Returns the exit status."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", help="result files (JSON lines)")
    parser.add_argument("--games", type=int, default=None, help="read only the games numbered below this")
    parser.add_argument("--json", action="store_true", help="also print every figure as one JSON object")
    if options is not None:
        options(parser)
    args = parser.parse_args()
    summary: dict[str, dict[str, object]] = {}
    for path in args.files:
        try:
            figures = read(path, args)
        except OSError as error:
            parser.error(f"cannot read {path}: {error.strerror}")
        except NotAResultFile as error:
            parser.error(f"{path} is not a result file with game records: {error}")
        report(path, figures)
        summary[path] = as_json(figures)
    if args.json:
        print(json.dumps(summary))
    return 0
