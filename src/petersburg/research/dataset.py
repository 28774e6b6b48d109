"""``petersburg dataset``: seeded, versioned records of bot games, every decision with its view.

    petersburg dataset --games 100 --bots greedy,ismcts:easy --out data/ [--players 2] [--jobs 2]

Writes into ``--out`` (docs/dataset.md is the datasheet):

* ``games.jsonl``: one JSON object per game: the dataset format and its version, the package
  version, the game (players, game seed, rule options, the bots by seat, the engine's game record:
  its actions replay the game exactly with ``GameRecord.from_json(...).replay()``), the result,
  and ``decisions``: for every decision its step, seat, ``view_id``, the legal action ids (the
  mask: ids, not bits) and the action chosen.
* ``decisions.parquet`` (when pyarrow is installed: ``pip install 'petersburg[dataset]'``): the
  decisions flat, one row each, with the game's index and seed.
* ``manifest.json``: the format and version, the command's settings, the counts, and each file's
  SHA-256.

``view_id`` names what the deciding seat saw: the first 16 hex digits of the SHA-256 of the view's
canonical JSON (``view_to_json``, keys sorted, no spaces). Replaying the record to that step and
hashing the seat's view gives it again, so a reader can check a rebuilt observation; equal ids
mean equal views. Games are derived from ``--seed`` as in ``petersburg tournament`` (deals, seats
rotated within a deal, bots' seeds), so the same command writes the same files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

FORMAT = "petersburg-dataset"
VERSION = 1
"""Bumped whenever a field changes meaning or goes away (new fields keep the version)."""


def register(subparsers: Any) -> None:
    """Add the ``dataset`` subcommand to the ``petersburg`` CLI."""
    from petersburg.cli import add_option_arguments
    from petersburg.tournament.backends import add_backend_arguments
    from petersburg.tournament.cli import add_import_argument

    p = subparsers.add_parser(
        "dataset",
        help="write seeded game records with every decision's view id and legal actions (docs/dataset.md)",
    )
    p.add_argument("--games", type=int, required=True, help="number of games")
    p.add_argument(
        "--bots", required=True, help="one bot spec per seat, comma separated (seats rotate over each deal)"
    )
    p.add_argument("--out", required=True, help="directory to write (created; existing files are refused)")
    p.add_argument("--seed", type=int, default=0, help="seed of the deals and bots (default %(default)s)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default %(default)s)")
    add_backend_arguments(p)
    p.add_argument("--no-parquet", action="store_true", help="JSON Lines only, even with pyarrow installed")
    add_import_argument(p)
    add_option_arguments(p)
    p.set_defaults(func=cmd_dataset)


def view_id(view_json: object) -> str:
    """The id of a view: 16 hex digits of the SHA-256 of its canonical JSON."""
    text = json.dumps(view_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play_recorded(spec: Any, game: int) -> dict[str, Any]:
    """Game ``game`` of the tournament ``spec``, with every decision's view id and legal actions."""
    from petersburg.bots import make_bot
    from petersburg.engine import GameRecord, apply_action, new_game, view, view_to_json
    from petersburg.tournament.runner import derive_seed, game_result, game_seed, seating

    entries = seating(spec, game)
    labels = spec.labels()
    seed = game_seed(spec, game)
    state = new_game(spec.seats, seed, spec.options)
    bots = [make_bot(spec.bots[e], derive_seed(spec.seed, "bot", game, s)) for s, e in enumerate(entries)]
    names = [labels[e] for e in entries]
    record = GameRecord(spec.seats, seed, spec.options, names=names)
    decisions = []
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        legal = seen.legal_actions()
        action = bots[seat].choose(seen)
        decisions.append(
            {
                "step": state.step,
                "seat": seat,
                "view_id": view_id(view_to_json(seen)),
                "legal": legal,
                "action": action,
            }
        )
        apply_action(state, action)
        record.actions.append(action)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "players": spec.seats,
        "seed": seed,
        "bots": names,
        "record": record.to_json(state),
        "result": game_result(state),
        "decisions": decisions,
    }


def write_dataset(
    spec: Any,
    out: Path,
    jobs: int = 1,
    modules: list[str] | None = None,
    parquet: bool = True,
    backend: Any = None,
) -> dict[str, Any]:
    """Play ``spec``'s games and write the dataset's files into ``out`` (on ``jobs`` local worker
    processes, or where ``backend`` says); returns the manifest."""
    import functools

    from petersburg import __version__
    from petersburg.tournament.backends import Backend, map_in_order

    out.mkdir(parents=True, exist_ok=True)
    names = ("games.jsonl", "decisions.parquet", "manifest.json")
    if any((out / name).exists() for name in names):
        raise ValueError(f"{out} already holds a dataset: give an empty or new directory.")
    chosen = backend if backend is not None else Backend("local", jobs)
    games = list(range(spec.games))
    lines = list(map_in_order(functools.partial(play_recorded, spec), games, chosen, modules or []))
    with open(out / "games.jsonl", "w", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps({**line, "petersburg": __version__}, separators=(",", ":")) + "\n")
    files = ["games.jsonl"]
    if parquet and _write_parquet(lines, out / "decisions.parquet"):
        files.append("decisions.parquet")
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "petersburg": __version__,
        "games": len(lines),
        "decisions": sum(len(line["decisions"]) for line in lines),
        "bots": list(spec.bots),
        "players": spec.seats,
        "seed": spec.seed,
        "options": spec.options.to_json(),
        "files": {name: hashlib.sha256((out / name).read_bytes()).hexdigest() for name in files},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def _write_parquet(lines: list[dict[str, Any]], path: Path) -> bool:
    """The decisions as one flat Parquet table; False (nothing written) without pyarrow."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return False
    rows: dict[str, list[Any]] = {
        k: [] for k in ("game", "seed", "step", "seat", "bot", "view_id", "legal", "action")
    }
    for line in lines:
        for decision in line["decisions"]:
            rows["game"].append(line["game"])
            rows["seed"].append(line["seed"])
            rows["bot"].append(line["bots"][decision["seat"]])
            for key in ("step", "seat", "view_id", "legal", "action"):
                rows[key].append(decision[key])
    schema = pa.schema(
        [
            ("game", pa.int32()),
            ("seed", pa.int64()),
            ("step", pa.int32()),
            ("seat", pa.int8()),
            ("bot", pa.string()),
            ("view_id", pa.string()),
            ("legal", pa.list_(pa.int16())),
            ("action", pa.int16()),
        ],
        metadata={"format": FORMAT, "version": str(VERSION)},
    )
    pq.write_table(pa.table(rows, schema=schema), path)
    return True


def cmd_dataset(args: argparse.Namespace) -> None:
    from petersburg.bots import import_bot_modules
    from petersburg.cli import CliError, options_from_args
    from petersburg.tournament.backends import backend_from_args
    from petersburg.tournament.runner import TournamentSpec

    try:
        import_bot_modules(args.modules)
        if args.jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {args.jobs}.")
        backend = backend_from_args(args)
        bots = tuple(spec.strip() for spec in args.bots.split(",") if spec.strip())
        spec = TournamentSpec(bots, args.games, args.seed, options_from_args(args))
        manifest = write_dataset(
            spec, Path(args.out), args.jobs, args.modules, parquet=not args.no_parquet, backend=backend
        )
    except ValueError as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(f"{getattr(error, 'filename', '') or 'file'}: {error.strerror}.") from None
    print(
        f"Wrote {manifest['games']} games, {manifest['decisions']} decisions to {args.out}: "
        + ", ".join(manifest["files"])
    )


if __name__ == "__main__":
    from petersburg.cli import main

    sys.exit(main(["dataset", *sys.argv[1:]]))
