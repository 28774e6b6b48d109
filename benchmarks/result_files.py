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
from typing import Any, TypeVar

Figures = TypeVar("Figures")
"""What a reader of result files makes of one file (``report_result_files``)."""


def bot_name(name: str) -> str:
    """A seat's bot without its seat mark: ``greedy#2`` is ``greedy``."""
    return name.split("#")[0]


def recorded_games(path: str, games: int | None, seated: str | None = None) -> Iterator[dict[str, Any]]:
    """The games of one result file numbered below ``games`` (and, given ``seated``, those where a
    bot of that name sat) that hold their record; those kept without it (``bots_master.py --out``
    before it kept them) are counted on stderr and left out."""
    unrecorded = 0
    with open(path, encoding="utf-8") as lines:
        for text in lines:
            line = json.loads(text)
            if games is not None and line["game"] >= games:
                continue
            if "record" in line:
                if seated is None or seated in {bot_name(name) for name in line["record"]["names"]}:
                    yield line
            else:
                unrecorded += 1
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
    not a result file, ends it with a one-line error and exit status 2 before anything of that file
    is printed. Returns the exit status."""
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
        except (ValueError, KeyError, TypeError) as error:  # not JSON lines, or not a result file's
            parser.error(f"{path} is not a result file with game records: {error!r}")
        report(path, figures)
        summary[path] = as_json(figures)
    if args.json:
        print(json.dumps(summary))
    return 0
