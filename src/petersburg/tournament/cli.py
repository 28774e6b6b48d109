"""``petersburg tournament``: play bots against each other and print what it measured.

Examples::

    petersburg tournament --bots greedy,random --games 200 --jobs 2 --seed 1
    petersburg tournament --bots ismcts:expert,greedy --games 1000 --backend ray --address ray://head:10001
    petersburg tournament --bots ismcts:hard,greedy,greedy,greedy --games 200 --jobs 2 \\
        --out results.jsonl --chart scores.png --json
    petersburg tournament --bots greedy,random --games 200 --shard 2/4 --out part2.jsonl
    petersburg tournament --bots ismcts:expert,greedy,greedy --games 200 --jobs 2 --edition second --market
    petersburg tournament --summarize part1.jsonl part2.jsonl part3.jsonl part4.jsonl

Heavy imports (multiprocessing, tqdm, matplotlib) happen only when the command runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``tournament`` subcommand to the ``petersburg`` CLI.

    The rule options are those of every command that creates a game (``petersburg new --help``):
    the edition, the Market and its options, visibility.
    """
    from petersburg.cli import add_option_arguments
    from petersburg.tournament.backends import add_backend_arguments

    p = subparsers.add_parser(
        "tournament",
        help="bots play many games (seats rotated); print wins, win rates, scores and Elo",
        description="Bots play many games with seats rotated over the same shuffles; results per bot.",
    )
    p.add_argument(
        "--bots",
        help="one bot spec per seat, comma separated (e.g. ismcts:hard,greedy); 1-4 seats, 5 with --market",
    )
    p.add_argument("--games", type=int, default=100, help="number of games (default %(default)s)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default %(default)s)")
    add_backend_arguments(p)
    p.add_argument("--seed", type=int, default=0, help="tournament seed; game seeds derive from it")
    p.add_argument("--shard", default="1/1", help="k/N: play only the k-th of N shards (by deal)")
    p.add_argument("--out", help="write every game's record and result as JSON lines to this file")
    p.add_argument("--chart", help="draw the score distribution per bot into this PNG file")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    add_import_argument(p)
    p.add_argument(
        "--summarize",
        nargs="+",
        metavar="JSONL",
        help="summarise existing result files (e.g. the shards of a run) instead of playing",
    )
    add_option_arguments(p)
    p.set_defaults(func=cmd_tournament)


def add_import_argument(parser: argparse.ArgumentParser) -> None:
    """``--import MODULE`` (repeatable): modules or .py files that register extra bots, imported in
    every worker process too (``petersburg.bots.import_bot_modules``)."""
    parser.add_argument(
        "--import",
        dest="modules",
        action="append",
        default=[],
        metavar="MODULE",
        help="module or .py file that registers extra bots (repeatable), e.g. examples/ppo_selfplay.py",
    )


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> (2, 4); ValueError with a readable message otherwise."""
    try:
        k_text, n_text = text.split("/")
        k, n = int(k_text), int(n_text)
    except ValueError:
        raise ValueError(f"--shard must look like k/N (e.g. 2/4), not '{text}'.") from None
    if n < 1 or not 1 <= k <= n:
        raise ValueError(f"--shard k/N needs 1 <= k <= N, not '{text}'.")
    return (k, n)


def cmd_tournament(args: argparse.Namespace) -> None:
    from petersburg.cli import CliError

    try:
        _run(args)
    except ValueError as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(f"{getattr(error, 'filename', '') or 'file'}: {error.strerror}.") from None


def _run(args: argparse.Namespace) -> None:
    from petersburg.bots import import_bot_modules
    from petersburg.cli import options_from_args
    from petersburg.tournament.runner import TournamentSpec
    from petersburg.tournament.stats import format_table, summarize

    import_bot_modules(args.modules)
    if args.summarize:
        lines = _read_lines(args.summarize)
        labels = _labels_of(lines)
    else:
        if not args.bots:
            raise ValueError("Give the bots with --bots (one spec per seat), e.g. --bots greedy,random.")
        if args.jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {args.jobs}.")
        options = options_from_args(args)
        bots = tuple(spec.strip() for spec in args.bots.split(",") if spec.strip())
        spec = TournamentSpec(bots, args.games, args.seed, options, parse_shard(args.shard))
        labels = spec.labels()
        lines = _play(spec, args)
    summary = summarize(lines, labels)
    if args.chart:
        from petersburg.tournament.chart import draw_scores

        draw_scores(lines, labels, args.chart)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(format_table(summary))


def _play(spec: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    from tqdm import tqdm  # type: ignore[import-untyped]

    from petersburg.tournament.backends import backend_from_args
    from petersburg.tournament.runner import run_games

    total = len(spec.game_indices())
    bar = tqdm(total=total, unit="game", file=sys.stderr, disable=args.no_progress, dynamic_ncols=True)
    lines: list[dict[str, Any]] = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        for line in run_games(
            spec, args.jobs, args.modules, lambda _line: bar.update(1), backend_from_args(args)
        ):
            lines.append(line)
            if out is not None:
                out.write(json.dumps(line, separators=(",", ":")) + "\n")
                out.flush()
    finally:
        bar.close()
        if out is not None:
            out.close()
    return lines


def _read_lines(paths: list[str]) -> list[dict[str, Any]]:
    lines = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                if not text.strip():
                    continue
                try:
                    line = json.loads(text)
                except json.JSONDecodeError as error:
                    raise ValueError(f"{path} line {number} is not valid JSON ({error.msg}).") from None
                if not isinstance(line, dict) or "entries" not in line or "result" not in line:
                    raise ValueError(f"{path} line {number} is not a tournament game line.")
                lines.append(line)
    if not lines:
        raise ValueError("The result files hold no games.")
    lines.sort(key=lambda line: int(line["game"]))
    games = [line["game"] for line in lines]
    if len(set(games)) != len(games):
        raise ValueError("The result files hold the same game twice (overlapping shards?).")
    return lines


def _labels_of(lines: list[dict[str, Any]]) -> list[str]:
    """Entry labels recovered from the games' seat names and entry indices."""
    first = lines[0]
    labels = [""] * len(first["entries"])
    for seat, entry in enumerate(first["entries"]):
        labels[entry] = first["bots"][seat]
    return labels
