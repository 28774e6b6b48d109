"""``petersburg train``: self-play, training and a quick check of the learned evaluation.

    petersburg train --smoke                              # the whole pipeline on tiny data (Ray, local)
    petersburg train --jobs 2 --check-games 0 --out src/petersburg/bots/value_weights.json
                                                          # the shipped weights (docs/bots.md)
    petersburg train ... --backend ray --address ray://head:10001  # self-play on a Ray cluster

Self-play shards go to ``--data`` (resumable: a second run plays only the missing shards); the
weights file goes to ``--out``. The weights depend only on the settings, games, seed, epochs and
epsilon, never on the backend or the number of workers. numpy (``pip install 'petersburg[learn]'``)
is imported only when training starts.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

SMOKE = {
    "games": 4,
    "shards": 2,
    "epochs": 10,
    "players": "2",
    "shapes": "first",
    "check_games": 2,
    "check_iterations": 4,
}
"""The smoke run's sizes: every step runs, on data too small to learn from."""


def register(subparsers: Any) -> None:
    """Add the ``train`` subcommand to the ``petersburg`` CLI."""
    from petersburg.tournament.backends import BACKENDS

    p = subparsers.add_parser(
        "train",
        help="self-play, train and check the learned evaluation of the bots (docs/bots.md)",
        description="Self-play positions, a value model per setting, and a quick head-to-head check.",
    )
    p.add_argument("--smoke", action="store_true", help="the whole pipeline on tiny data (Ray by default)")
    p.add_argument(
        "--seed", type=int, default=2026, help="seed of the games and the training (default %(default)s)"
    )
    p.add_argument(
        "--games", type=int, default=3000, help="self-play games per setting (default %(default)s)"
    )
    p.add_argument("--players", default="2,3,4", help="player counts, comma separated (default %(default)s)")
    p.add_argument(
        "--shapes",
        default="first,second,market",
        help="first, second, market; comma separated (default %(default)s)",
    )
    p.add_argument("--shards", type=int, default=8, help="shards per setting (default %(default)s)")
    p.add_argument(
        "--epochs", type=int, default=30, help="training passes over the data (default %(default)s)"
    )
    p.add_argument(
        "--epsilon", type=float, default=0.05, help="share of random self-play moves (default %(default)s)"
    )
    p.add_argument(
        "--data", help="folder of the self-play shards (default: data/selfplay; smoke: a temporary one)"
    )
    p.add_argument("--out", help="the weights file to write (default: value_weights.json; smoke: temporary)")
    p.add_argument("--check-games", type=int, default=20, help="games of the head-to-head check, 0: none")
    p.add_argument("--check-iterations", type=int, default=60, help="search iterations in the check")
    p.add_argument(
        "--jobs", "-j", type=int, default=1, help="worker processes or Ray CPUs (default %(default)s)"
    )
    p.add_argument("--backend", choices=BACKENDS, help="local worker processes (default) or Ray (smoke: ray)")
    p.add_argument("--address", help="a running Ray cluster to use with --backend ray")
    p.set_defaults(func=cmd_train)


def cmd_train(args: argparse.Namespace) -> None:
    from petersburg.cli import CliError

    try:
        if args.smoke:
            with tempfile.TemporaryDirectory(prefix="petersburg-train-") as folder:
                _run(args, Path(folder))
        else:
            _run(args, None)
    except ImportError as error:
        raise CliError(
            f"petersburg train needs the 'learn' extra (no module named '{error.name}'):"
            " pip install 'petersburg[learn]'."
        ) from None
    except ValueError as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(f"{getattr(error, 'filename', '') or 'file'}: {error.strerror}.") from None


def settings_of(players: str, shapes: str) -> list[str]:
    """The settings of ``--players`` and ``--shapes`` (``first-2`` ...), each checked."""
    from petersburg.learning.selfplay import setting_options

    settings = []
    for shape in (word.strip() for word in shapes.split(",") if word.strip()):
        for count in (word.strip() for word in players.split(",") if word.strip()):
            setting = f"{shape}-{count}"
            setting_options(setting)
            settings.append(setting)
    if not settings:
        raise ValueError("Give at least one shape (--shapes) and one player count (--players).")
    return settings


def _run(args: argparse.Namespace, scratch: Path | None) -> None:
    from petersburg.tournament.backends import Backend, backend_session

    if args.smoke:
        for key, value in SMOKE.items():
            setattr(args, key, value)
    if args.games < 1 or args.shards < 1 or args.epochs < 1:
        raise ValueError("--games, --shards and --epochs must each be at least 1.")
    if not 0.0 <= args.epsilon <= 1.0:
        raise ValueError(f"--epsilon is a share between 0 and 1, not {args.epsilon}.")
    backend = Backend(args.backend or ("ray" if args.smoke else "local"), args.jobs, args.address)
    settings = settings_of(args.players, args.shapes)
    data = Path(args.data) if args.data else (scratch / "selfplay" if scratch else Path("data/selfplay"))
    out = (
        Path(args.out)
        if args.out
        else (scratch / "value_weights.json" if scratch else Path("value_weights.json"))
    )
    command = (
        f"petersburg train --seed {args.seed} --games {args.games} --players {args.players}"
        f" --shapes {args.shapes} --shards {args.shards} --epochs {args.epochs} --epsilon {args.epsilon}"
    )
    with backend_session(backend):
        _pipeline(args, backend, settings, data, out, command)


def _pipeline(
    args: argparse.Namespace, backend: Any, settings: list[str], data: Path, out: Path, command: str
) -> None:
    """Self-play, training and the check, on a backend already started."""
    from petersburg.learning.check import duel
    from petersburg.learning.selfplay import play_shard, shard_tasks
    from petersburg.tournament.backends import map_in_order

    tasks = shard_tasks(settings, args.games, args.shards, args.seed, args.epsilon, data)
    played = positions = 0
    for done in map_in_order(play_shard, tasks, backend):
        played += done["played"]
        positions += done["positions"]
    print(
        f"Self-play: {len(tasks)} shards in {data}, {played} games played now, {positions} positions in all."
    )
    from petersburg.learning.train import train  # numpy: the learn extra

    reports = train(data, settings, args.seed, args.epochs, out, command)
    for setting, report in reports.items():
        errors = ""
        if "held_out_rmse_model" in report:
            errors = (
                f", held-out error of the final score {report['held_out_rmse_worth']:.2f} VP (worth alone)"
                f" -> {report['held_out_rmse_model']:.2f} VP (model), of the margin"
                f" {report['held_out_margin_rmse_worth']:.2f}"
                f" -> {report['held_out_margin_rmse_model']:.2f} VP"
            )
        print(
            f"Trained {setting}: {report['positions']:.0f} positions of {report['games']:.0f} games{errors}."
        )
    print(f"Wrote {out}.")
    if args.check_games > 0:
        duel_setting = f"{settings[0].split('-')[0]}-2"
        score, games = duel(
            str(out), duel_setting, args.check_games, args.seed, args.check_iterations, backend
        )
        print(
            f"Check ({duel_setting}, {args.check_iterations} iterations): the learned evaluation scored"
            f" {score:g} of {games} games against the hand-written one."
        )


if __name__ == "__main__":
    from petersburg.cli import main

    sys.exit(main(["train", *sys.argv[1:]]))
