"""The ``petersburg`` command: one CLI, a subcommand for every job.

Engine commands live here; the tournament runner and the web server register their own
subcommands from ``COMMAND_MODULES`` (each module has ``register(subparsers)``), so this file
does not grow with them and heavy imports happen only when their command runs.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from petersburg import build_info
from petersburg.engine import (
    OMNISCIENT,
    Event,
    GameOptions,
    GameRecord,
    GameState,
    PetersburgError,
    apply_action,
    apply_unchecked,
    event_to_json,
    events_for,
    final_scores,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    state_from_json,
    state_to_json,
    view,
    view_to_json,
    why_illegal,
    winners,
)
from petersburg.engine.options import CHOICES
from petersburg.engine.reasons import RefusedOptions
from petersburg.text import describe_events, legal_action_infos
from petersburg.text.languages import LANGUAGES, SOURCE, known
from petersburg.text.rule_refusals import rule_refusal
from petersburg.text.terminal import terminal_text
from petersburg.text.wording import Message

COMMAND_MODULES: tuple[str, ...] = (
    "petersburg.server.cli",
    "petersburg.tournament.cli",
    "petersburg.research.evaluate",
    "petersburg.research.dataset",
    "petersburg.learning.cli",
    "petersburg.analysis.cli",
)
"""Modules that add subcommands (``register(subparsers)``), e.g. the tournament and the server."""
EXTRA_COMMANDS: dict[str, tuple[str, str]] = {"petersburg.server.cli": ("serve", "server")}
"""The commands of a module that needs an optional extra's packages: (command, extra). Without
them the command is still listed, and says which extra to install instead of failing at start."""


class CliError(Exception):
    """A user error: printed as one line on stderr, exit status 2. A player-facing command gives it
    a catalogue ``Message``, worded in the reader's language (``--lang`` or the locale) when it is
    printed; the research commands' errors are English text."""

    def __init__(self, message: Message | str) -> None:
        super().__init__(str(message))
        self.message = message

    def in_language(self, language: str) -> str:
        """The sentence for a reader of ``language``."""
        if isinstance(self.message, Message):
            return self.message.in_language(language)
        return self.message


def _load_json(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(terminal_text("cannot_read", path=path, reason=str(error.strerror))) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(
            terminal_text("not_json", path=path, line=error.lineno, column=error.colno, reason=error.msg)
        ) from None


def load_record(path: str) -> GameRecord:
    """The game record in the JSON file at ``path`` ('-': stdin); ``CliError`` with the reader's
    sentence for a file that cannot be read, is not JSON or is no record."""
    try:
        return GameRecord.from_json(_load_json(path))
    except PetersburgError as error:
        raise CliError(terminal_text("file_refused", path=path, reason=str(error))) from None


def _load_state(path: str) -> GameState:
    try:
        return state_from_json(_load_json(path))
    except PetersburgError as error:
        raise CliError(terminal_text("file_refused", path=path, reason=str(error))) from None


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2))


def options_from_args(args: argparse.Namespace) -> GameOptions:
    """The game options given on the command line (see ``add_option_arguments``)."""
    return GameOptions(
        always_refill=args.always_refill,
        money=args.money or "",
        double_marker_seat=args.double_marker_seat,
        show_rubles=args.show_rubles,
        show_hands=args.show_hands,
        edition=args.edition,
        market=args.market,
        market_board=args.market_board,
        joker=args.joker,
        market_values=args.market_values,
        unpaid_crate=args.unpaid_crate,
        market_ties=args.market_ties,
    )


def add_option_arguments(parser: argparse.ArgumentParser) -> None:
    """The rule options (docs/rules.md [option]s) of a new game, defaults first."""
    option = parser.add_argument
    choices = CHOICES
    option(
        "--edition", choices=choices["edition"], default="first", help="rules edition (default %(default)s)"
    )
    option("--market", action="store_true", help="play with The Market (2nd edition; 1 to 5 players)")
    option(
        "--always-refill", action="store_true", help="option: top the board up even when nobody took a card"
    )
    option("--money", choices=choices["money"], default=None, help="final rubles (default: the edition's)")
    option(
        "--double-marker-seat", type=int, default=None, help="seat with 2 markers (Market: the deal's first)"
    )
    option("--show-rubles", action="store_true", help="option: everyone's rubles are public")
    option("--show-hands", action="store_true", help="option: everyone's hands are public")
    option("--market-board", type=int, choices=choices["market_board"], default=10, help="Market: board size")
    option("--joker", choices=choices["joker"], default="fixed", help="Market: when a '?' is named")
    option("--market-values", choices=choices["market_values"], default="capped", help="Market: place values")
    option("--unpaid-crate", choices=choices["unpaid_crate"], default="discard", help="Market: unpaid crates")
    option("--market-ties", choices=choices["market_ties"], default="share", help="Market: tied leaders")


def add_game_arguments(parser: argparse.ArgumentParser, players: int = 2) -> None:
    """Options every command that creates a game accepts: players, seed and the rule options."""
    parser.add_argument(
        "--players", "-p", type=int, default=players, help="1 to 4, 5 with the Market (default %(default)s)"
    )
    parser.add_argument("--seed", "-s", type=int, default=None, help="game seed (default: random)")
    add_option_arguments(parser)


def _new_game_from_args(args: argparse.Namespace, sink: list[Event] | None = None) -> GameState:
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    try:
        return new_game(args.players, seed, options_from_args(args), sink)
    except RefusedOptions as error:
        raise CliError(rule_refusal(error.reason)) from None
    except ValueError as error:
        raise CliError(str(error)) from None


# ----------------------------------------------------------------------------------------------
# Commands


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment's locale, most binding first, as POSIX reads it."""


def reader_language(chosen: str | None, environ: dict[str, str] | None = None) -> str:
    """The language of the player-facing output: ``--lang``, else the environment's locale (the
    first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, ``de_DE.UTF-8`` read as German);
    anything not one of ours (``C``, ``POSIX``, ``xx``) reads in English."""
    if chosen:
        return known(chosen) or SOURCE
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in LOCALE_VARIABLES if env.get(name)), None)
    return known(locale) or SOURCE


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        default=None,
        help=f"language of the output: {', '.join(LANGUAGES)} (default: from LC_ALL, LC_MESSAGES or LANG)",
    )


def cmd_new(args: argparse.Namespace) -> None:
    _print_json(state_to_json(_new_game_from_args(args)))


def cmd_legal(args: argparse.Namespace) -> None:
    state = _load_state(args.state)
    language = reader_language(args.lang)
    infos = legal_action_infos(state, language)
    if args.json:
        _print_json(
            [{"id": i.id, "text": i.text, "price": i.price, "description": i.description} for i in infos]
        )
        return
    if state.is_over:
        print(terminal_text("game_over").in_language(language))
        return
    print(terminal_text("seat_to_act", seat=state.current_player).in_language(language))
    for info in infos:
        print(f"{info.id:5d}  {info.text:28s} {info.price:3d}  {info.description}")


def cmd_apply(args: argparse.Namespace) -> None:
    state = _load_state(args.state)
    text = " ".join(args.action)
    try:
        action = int(text) if text.strip().isdigit() else parse_action(text)
        reason = why_illegal(state, action)
        if reason is not None:
            raise CliError(rule_refusal(reason, state.shape))
        apply_action(state, action)
    except PetersburgError as error:
        raise CliError(str(error)) from None  # an action's text as typed: English, as the commands are
    _print_json(state_to_json(state))


def cmd_view(args: argparse.Namespace) -> None:
    state = _load_state(args.state)
    seat = None if args.seat is None or args.seat < 0 else args.seat
    try:
        _print_json(view_to_json(view(state, seat)))
    except ValueError as error:
        raise CliError(str(error)) from None


def scores_table(state: GameState, names: Sequence[str] | None = None) -> str:
    """The final scoring as an aligned text table, winners marked."""
    best = set(winners(state))
    rows = [("seat", "play VP", "aristocrats", "money", "hand", "total", "rubles", "")]
    for line in final_scores(state):
        label = names[line.seat] if names and line.seat < len(names) else str(line.seat)
        rows.append(
            (
                label,
                str(line.play_vp),
                str(line.aristocrat_bonus),
                str(line.money_vp),
                str(line.hand_penalty),
                str(line.total),
                str(line.rubles),
                "winner" if line.seat in best else "",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=False)).rstrip() for row in rows
    )


def _reader(seat: int | None, players: int) -> int | None:
    """Whose eyes a replay's events are read with: ``None`` given (no ``--seat``) means every
    secret, as the record holds them; -1 a spectator; else that seat."""
    if seat is None:
        return OMNISCIENT
    if seat < 0:
        return None
    if seat >= players:
        raise CliError(terminal_text("no_such_seat", seat=seat, players=players, last=players - 1))
    return seat


def seat_names(record: GameRecord) -> list[str]:
    """The record's player names, or "Seat N" for a record without names."""
    if record.names is not None and len(record.names) == record.num_players:
        return list(record.names)
    return [f"Seat {seat}" for seat in range(record.num_players)]


def cmd_replay(args: argparse.Namespace) -> None:
    record = load_record(args.record)
    try:
        state, steps = record.replay_events()
    except PetersburgError as error:
        raise CliError(terminal_text("file_refused", path=args.record, reason=str(error))) from None
    reader = _reader(args.seat, record.num_players)
    if args.json:
        summary: dict[str, Any] = {
            "over": state.is_over,
            "rounds": state.round,
            "actions": len(record.actions),
            "scores": [line._asdict() for line in final_scores(state)],
            "winners": winners(state),
            "state": state_to_json(state),
        }
        if args.log:
            summary["events"] = [
                {
                    "step": step,
                    "action": format_action(record.actions[step - 1]) if step else None,
                    "events": [event_to_json(event) for event in events_for(events, reader)],
                }
                for step, events in enumerate(steps)
            ]
        _print_json(summary)
        return
    names = seat_names(record)
    language = reader_language(args.lang)
    if args.log:
        for events in steps:
            for line in describe_events(events, names, state.shape, reader, language=language):
                print(line)
    played = {"players": record.num_players, "seed": record.seed, "actions": len(record.actions)}
    told = (
        terminal_text(
            "replay_finished", players=played["players"], seed=played["seed"], actions=played["actions"]
        )
        if state.is_over
        else terminal_text(
            "replay_unfinished", players=played["players"], seed=played["seed"], actions=played["actions"]
        )
    )
    print(told.in_language(language))
    print(scores_table(state, record.names))


def cmd_selfplay(args: argparse.Namespace) -> None:
    from petersburg.bots import make_bot

    state = _new_game_from_args(args)
    specs = _bot_list(args.bots, state.num_players)
    try:
        bots = [make_bot(spec, state.seed * 10 + seat) for seat, spec in enumerate(specs)]
    except ValueError as error:
        raise CliError(str(error)) from None
    record = GameRecord(state.num_players, state.seed, state.options, names=specs)
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(view(state, seat))
        apply_action(state, action)
        record.actions.append(action)
    _print_json(record.to_json(state))


def _bot_list(spec: str, players: int) -> list[str]:
    specs = [s.strip() for s in spec.split(",") if s.strip()]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise CliError(terminal_text("bot_per_seat", players=players))
    return specs


def play_random_games(
    players: int,
    seconds: float,
    seed: int,
    options: GameOptions | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, float]:
    """Random full games through the public API for ``seconds``; returns the measured rates.

    ``clock`` measures the seconds: wall-clock time by default, ``time.process_time`` for CPU time
    (what a benchmark on a shared machine compares). Actions are chosen uniformly as
    ``int(random() * n)``, one call into C: ``random.Random.randrange``'s Python-level code would take
    about a quarter of a compiled game's time (``benchmarks/engine_compare.py`` measures both).
    """
    rng = random.Random(seed)
    uniform = rng.random
    games = actions = rounds = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline or games == 0:
        state = new_game(players, rng.randrange(2**31), options)
        while not state.is_over:
            legal = legal_actions(state)
            apply_unchecked(state, legal[int(uniform() * len(legal))])
            actions += 1
        games += 1
        rounds += state.round
    elapsed = clock() - start
    return {
        "players": players,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "mean_actions_per_game": round(actions / games, 1),
        "mean_rounds_per_game": round(rounds / games, 2),
    }


def cmd_bench(args: argparse.Namespace) -> None:
    options = options_from_args(args)
    try:
        title = new_game(args.players, args.seed, options).shape.title
    except ValueError as error:
        raise CliError(str(error)) from None
    result = play_random_games(args.players, args.seconds, args.seed, options)
    print(f"build: {build_info()}")
    print(f"{result['games']} random {args.players}-player games ({title}) in {result['seconds']} s")
    print(f"games per second:   {result['games_per_second']}")
    print(f"actions per second: {result['actions_per_second']}")
    print(f"actions per game:   {result['mean_actions_per_game']}")
    print(f"rounds per game:    {result['mean_rounds_per_game']}")
    print(json.dumps({"build": "compiled" if build_info().compiled else "pure", **result}))


def cmd_play(args: argparse.Namespace) -> None:
    from petersburg.tui.play import run_terminal_game

    setup: list[Event] = []
    state = _new_game_from_args(args, setup)
    humans = args.humans if args.humans is not None else 1
    if not 0 <= humans <= state.num_players:
        raise CliError(terminal_text("humans_range", most=state.num_players))
    try:
        run_terminal_game(state, humans, args.bots, setup_events=setup, language=reader_language(args.lang))
    except ValueError as error:
        raise CliError(str(error)) from None


# ----------------------------------------------------------------------------------------------
# Parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="petersburg", description="Sankt Petersburg: engine, bots and play."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("new", help="print a new game's state as JSON")
    add_game_arguments(p)
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("legal", help="list the legal actions of a state")
    p.add_argument("state", help="state JSON file ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print JSON")
    add_language_argument(p)
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("apply", help="apply an action (text or id) and print the next state")
    p.add_argument("state", help="state JSON file ('-' for stdin)")
    p.add_argument("action", nargs="+", help="e.g. 'buy U3', 'play H1 over market', or an action id")
    p.set_defaults(func=cmd_apply)

    p = sub.add_parser("view", help="print what one seat (or a spectator) may see")
    p.add_argument("state", help="state JSON file ('-' for stdin)")
    p.add_argument("--seat", type=int, default=None, help="seat number (omit for the spectator view)")
    p.set_defaults(func=cmd_view)

    p = sub.add_parser(
        "replay", help="replay a game record and print the final scores (and the game in words)"
    )
    p.add_argument("record", help="record JSON file ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--log", action="store_true", help="also print every move and scoring, in words (with --json: events)"
    )
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        help="read the log as this seat sees it (-1: spectator; default: all)",
    )
    add_language_argument(p)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("selfplay", help="bots play a game; print its record as JSON")
    add_game_arguments(p)
    p.add_argument("--bots", default="random", help="one bot spec per seat, comma separated, or one for all")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("play", help="play in the terminal against bots")
    add_game_arguments(p)
    p.add_argument("--humans", type=int, default=None, help="human seats, from seat 0 (default 1)")
    p.add_argument("--bots", default="greedy", help="bot spec for the other seats (default %(default)s)")
    add_language_argument(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("bench", help="random full games: games and actions per second")
    p.add_argument("--players", "-p", type=int, default=2, choices=(1, 2, 3, 4, 5))
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--seed", type=int, default=0)
    add_option_arguments(p)
    p.set_defaults(func=cmd_bench)

    for module_name in COMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if module_name not in EXTRA_COMMANDS or (error.name or "").startswith("petersburg"):
                raise
            _register_missing_extra(sub, *EXTRA_COMMANDS[module_name], error.name or "?")
            continue
        module.register(sub)
    return parser


def _register_missing_extra(subparsers: Any, command: str, extra: str, missing: str) -> None:
    """A stand-in for ``command`` whose module could not be imported: it explains what to install."""

    def refuse(_args: argparse.Namespace) -> None:
        raise CliError(
            f"'petersburg {command}' needs the '{extra}' extra, which is not installed"
            f" (no module named '{missing}'): pip install 'petersburg[{extra}]'."
        )

    # No option prefix: whatever flags follow are taken as they come, and the sentence answers them all.
    p = subparsers.add_parser(
        command, help=f"(needs: pip install 'petersburg[{extra}]')", add_help=False, prefix_chars="\0"
    )
    p.add_argument("rest", nargs="*")
    p.set_defaults(func=refuse)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``petersburg`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.func(args)
    except CliError as error:
        print(
            f"petersburg: {error.in_language(reader_language(getattr(args, 'lang', None)))}", file=sys.stderr
        )
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
