"""``petersburg analyse RECORD.json [--seat N] [--json]``: the analysis of a finished game.

Prints every judged decision (the move, its chance, the best move found, the loss and any mark),
each seat's average loss per move, and the turning points; ``--json`` prints the whole analysis as
the server stores it (``GameAnalysis.to_json``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from petersburg.analysis.game import AnalysisJson, analyse_game, analysis_in_language
from petersburg.engine import PetersburgError
from petersburg.text.analysis import analysis_text, mark_param, phase_param, value_text
from petersburg.text.languages import SOURCE
from petersburg.text.terminal import terminal_text


def register(subparsers: Any) -> None:
    """Add the ``analyse`` subcommand to the ``petersburg`` CLI."""
    from petersburg.cli import add_language_argument

    p = subparsers.add_parser(
        "analyse",
        help="judge every decision of a finished game: chances, best moves, losses, turning points",
        description="Judge every decision of a finished game (a record as 'petersburg selfplay' writes it).",
    )
    p.add_argument("record", help="the game's record as JSON ('-' reads stdin)")
    p.add_argument(
        "--seat", type=int, action="append", help="judge only this seat (1 for the first; may repeat)"
    )
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    add_language_argument(p)
    p.set_defaults(func=_cmd_analyse)


def _cmd_analyse(args: argparse.Namespace) -> None:
    from petersburg.cli import CliError, load_record, reader_language

    path = args.record
    record = load_record(path)
    for seat in args.seat or []:
        if not 1 <= seat <= record.num_players:
            raise CliError(terminal_text("no_seat", seat=seat, players=record.num_players))
    try:
        analysis = analyse_game(record, None if not args.seat else [seat - 1 for seat in args.seat])
    except PetersburgError as error:
        raise CliError(terminal_text("file_refused", path=path, reason=str(error))) from None
    except ValueError:
        raise CliError(terminal_text("unfinished_record", path=path)) from None
    language = reader_language(args.lang)
    worded = analysis_in_language(analysis.to_json(), record, language)
    if args.json:
        print(json.dumps(worded, indent=2, ensure_ascii=False))
        return
    for line in report_lines(worded, language):
        print(line)


def report_lines(analysis: AnalysisJson, language: str = SOURCE) -> list[str]:
    """The analysis in sentences, one a line, in ``language`` (its words already in it:
    ``analysis_in_language``)."""
    solo = analysis["solo"]
    header = analysis_text("cli_header", players=analysis["players"], decisions=len(analysis["decisions"]))
    lines = [header.in_language(language)]
    for d in analysis["decisions"]:
        line = analysis_text(
            "cli_decision",
            step=d["step"] + 1,
            round=d["round"],
            phase=phase_param(d["phase"]),
            name=analysis["names"][d["seat"]],
            move=d["played_text"],
            after=value_text(d["after"], solo, language),
            best=d["best_text"],
            before=value_text(d["before"], solo, language),
            loss=round(d["loss"], 1),
        ).in_language(language)
        if d["mark"] is not None:
            line += " " + analysis_text("cli_mark", mark=mark_param(d["mark"])).in_language(language)
        lines.append(line)
    for seat in analysis["summary"]:
        lines.append(
            analysis_text(
                "cli_average",
                name=seat["name"],
                loss=seat["average_loss"],
                count=seat["decisions"],
                blunders=seat["blunders"],
                mistakes=seat["mistakes"],
                inaccuracies=seat["inaccuracies"],
            ).in_language(language)
        )
    lines.append(analysis_text("cli_turning_points").in_language(language))
    lines.extend(point["text"] for point in analysis["turning_points"])
    return lines
