"""Two bots' kept games on the same deals and seats, compared game by game, and pooled over sets.

    python benchmarks/bots_paired.py --this ismcts:master+width=8 --other 1c5257396919 \\
        --pair benchmarks/results/master/vs-expert-2p-width-8.jsonl \\
               benchmarks/results/master/vs-expert-2p-last-phase-plays.jsonl \\
        --pair benchmarks/results/ladder/duel-first-master.jsonl \\
               benchmarks/results/ladder/duel-first-master.jsonl

A change to a bot shows in fewer games when both versions play the same deals from the same seats:
the luck of the cards cancels, and only the games that one version won and the other lost tell
them apart. The ladder (``bots_ladder.py``, one file per cell, trials of other searches appended to
it) and Master's measurements (``bots_master.py --out``) keep every game with its deal, seats, seed
and what played it, so two bots measured on the same deals can be compared afterwards, and the
comparisons of several sets of deals (say, both editions' duels) pooled, without a game played.

Each ``--pair THIS_FILE OTHER_FILE`` (the same file twice where both bots' games are kept in one)
takes from the first file the games of ``--this`` and from the second those of ``--other``: the
measured bot's seat of each game (the ladder's level, Master's seat), named by its spec as it was
recorded or by the digest of its definition (``petersburg.bots.levels.definition``: a spec kept in
an old file may have played as another bot than today's). Games are paired by their deal and seats
(a ladder cell's deal and entries, a Master file's match-up and game), and a pair whose seeds differ
is refused: those are not the same deals. Per set and pooled it prints the games both hold, the wins
of each, how many both won, this alone, the other alone and neither (a shared first place counts as
won), the difference of the win rates with its 95 % interval (the paired normal approximation, its
variance from the games only one won) and the exact two-sided sign test on those games (McNemar's),
the mean difference of the measured bot's lead over the other seats' mean with its interval, and
for each bot apart its mean lead with its interval and its median time a move beside that of the
seats around it (from the games timed whole: a game replayed up to its last round is left out).
``--confidence`` sets another level for every interval: a second look at two bots, after a first
that decided nothing, asks a stricter one.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from statistics import NormalDist
from typing import Any


def sign_test(only_this: int, only_other: int) -> float:
    """The exact two-sided p-value that the games won by one side alone split this unevenly when
    neither side is the stronger (binomial, one half; McNemar's exact test)."""
    discordant = only_this + only_other
    if discordant == 0:
        return 1.0
    ways = sum(math.comb(discordant, k) for k in range(min(only_this, only_other) + 1))
    tail: float = ways / (1 << discordant)
    return min(1.0, 2 * tail)


def z_of(confidence: float) -> float:
    """The normal quantile of a two-sided interval of this level (1.96 for 0.95)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def percent(confidence: float) -> str:
    """An interval's level as printed: ``95%``, ``97.5%``."""
    return f"{100 * confidence:g}%"


def mean_interval(values: list[float], confidence: float) -> tuple[float, float, float]:
    """The mean of ``values`` and its interval of level ``confidence`` (normal approximation;
    unbounded with one value, NaN with none)."""
    mean = statistics.fmean(values) if values else math.nan
    half = (
        z_of(confidence) * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    )
    return mean, mean - half, mean + half


def compared(
    outcomes: list[tuple[bool, bool]], leads: list[float], confidence: float = 0.95
) -> dict[str, Any]:
    """Games paired on the same deals: ``outcomes`` (this won, the other won) per game, ``leads``
    this bot's lead less the other's per game with scores. The four outcomes, the difference of the
    win rates with its interval of level ``confidence`` (the variance comes from the games only one
    side won), the sign test, and the mean difference of the leads with its interval."""
    games = len(outcomes)
    both = outcomes.count((True, True))
    only_this = outcomes.count((True, False))
    only_other = outcomes.count((False, True))
    difference = (only_this - only_other) / games
    spread = math.sqrt(max(0.0, only_this + only_other - games * difference**2)) / games
    z = z_of(confidence)
    lead_difference, lead_low, lead_high = mean_interval(leads, confidence)
    return {
        "games": games,
        "both": both,
        "only_this": only_this,
        "only_other": only_other,
        "neither": games - both - only_this - only_other,
        "difference": difference,
        "confidence": confidence,
        "difference_low": difference - z * spread,
        "difference_high": difference + z * spread,
        "sign_test_p": sign_test(only_this, only_other),
        "lead_games": len(leads),
        "lead_difference": lead_difference,
        "lead_difference_low": lead_low,
        "lead_difference_high": lead_high,
    }


def format_compared(row: dict[str, Any], indent: str = "  ") -> list[str]:
    """A comparison of ``compared`` as lines of text."""
    level = percent(row["confidence"])
    lines = [
        f"{indent}win rate {100 * row['difference']:+.1f} points"
        f" ({level} CI {100 * row['difference_low']:+.1f} to {100 * row['difference_high']:+.1f});"
        f" sign test p = {row['sign_test_p']:.3f}"
    ]
    if row["lead_games"]:
        lines.append(
            f"{indent}lead {row['lead_difference']:+.1f} VP a game"
            f" ({level} CI {row['lead_difference_low']:+.1f} to {row['lead_difference_high']:+.1f};"
            f" {row['lead_games']} games with scores)"
        )
    return lines


class PairingError(ValueError):
    """Kept files that cannot be compared game by game; the message says why."""


def measured_seat(line: dict[str, Any]) -> int:
    """The seat of the measured bot (the game's first entrant: the ladder's level, Master)."""
    seat: int = line["entries"].index(0)
    return seat


def measured_spec(line: dict[str, Any]) -> str:
    """The measured bot's spec as the file recorded it."""
    spec: str = line["bots"][measured_seat(line)] if "bots" in line else line["master"]
    return spec


def seating(line: dict[str, Any]) -> tuple[object, ...]:
    """What makes two kept games the same deal played from the same seats."""
    if "deal" in line:  # a ladder cell's game
        return ("deal", line["deal"], tuple(line["entries"]))
    return ("game", line["matchup"], line["game"])  # a game of bots_master.py


def seed(line: dict[str, Any]) -> int:
    """The seed of the game's deal."""
    value: int = line["seed"] if "deal" in line else line["record"]["seed"]
    return value


def winners(line: dict[str, Any]) -> list[int]:
    """The seats that finished first."""
    seats: list[int] = line["result"]["winners"] if "result" in line else line["winners"]
    return seats


def won(line: dict[str, Any]) -> bool:
    """Whether the measured bot finished first, alone or sharing the place."""
    return measured_seat(line) in winners(line)


def final_scores(line: dict[str, Any]) -> list[int] | None:
    """Every seat's final score (``None`` for a game kept without them)."""
    if "result" in line:
        scores: list[int] = line["result"]["scores"]
        return scores
    record = line.get("record")
    return None if record is None else [seat["total"] for seat in record["scores"]]


def lead(line: dict[str, Any]) -> float | None:
    """The measured bot's score less the mean of the other seats' (``None``: no scores kept)."""
    scores = final_scores(line)
    if scores is None:
        return None
    seat = measured_seat(line)
    return scores[seat] - statistics.fmean(scores[:seat] + scores[seat + 1 :])


def timed_moves(line: dict[str, Any]) -> tuple[list[float], list[int]] | None:
    """Each seat's median seconds a move and its number of decisions in the game (a ladder cell
    keeps them under ``timing``, Master's files on the line); ``None`` for a game not timed whole:
    one kept without its times, or one replayed up to its last round (``--endgame-of``)."""
    timing = line.get("timing", line)
    if "median_seconds" not in timing or line.get("replayed_moves"):
        return None
    return timing["median_seconds"], timing["decisions"]


def median_move_seconds(medians: list[tuple[float, int]]) -> float:
    """The median time a move over games, from each game's (median seconds, decisions): a game's
    median counts once per decision, as ``bots_master.py`` counts Master's (a game's moves
    themselves are not kept)."""
    moves = [seconds for seconds, decisions in medians for _ in range(decisions)]
    return statistics.median(moves) if moves else math.nan


def seat_figures(lines: list[dict[str, Any]], confidence: float = 0.95) -> dict[str, Any]:
    """What the measured bot did in ``lines`` beyond winning: its mean lead over the other seats'
    mean with its interval of level ``confidence`` (games with scores), and the median time a move
    of it and of the seats beside it (games timed whole): the figures a pilot's row in
    ``docs/bots.md`` gives."""
    leads = [value for value in (lead(line) for line in lines) if value is not None]
    mean, low, high = mean_interval(leads, confidence)
    own: list[tuple[float, int]] = []
    beside: list[tuple[float, int]] = []
    timed = 0
    for line in lines:
        moves = timed_moves(line)
        if moves is None:
            continue
        timed += 1
        seat = measured_seat(line)
        for other, (seconds, decisions) in enumerate(zip(*moves, strict=True)):
            (own if other == seat else beside).append((seconds, decisions))
    return {
        "lead_games": len(leads),
        "confidence": confidence,
        "lead": mean,
        "lead_low": low,
        "lead_high": high,
        "timed_games": timed,
        "median_seconds": median_move_seconds(own),
        "opponents_median_seconds": median_move_seconds(beside),
    }


def format_seat(label: str, figures: dict[str, Any], indent: str = "  ") -> str:
    """A bot's ``seat_figures`` as one line of text."""
    parts = []
    if figures["lead_games"]:
        parts.append(
            f"lead over the other seats' mean {figures['lead']:+.1f} VP a game"
            f" ({percent(figures['confidence'])} CI"
            f" {figures['lead_low']:+.1f} to {figures['lead_high']:+.1f})"
        )
    if figures["timed_games"]:
        parts.append(
            f"median {figures['median_seconds']:.2f} s a move, the seats beside it"
            f" {figures['opponents_median_seconds']:.2f} s ({figures['timed_games']} games timed whole)"
        )
    return f"{indent}{label}: {'; '.join(parts) or 'no scores or times kept'}"


def games_of(path: Path, bot: str) -> dict[tuple[object, ...], dict[str, Any]]:
    """The games of ``path`` whose measured bot is ``bot`` (its spec as recorded, or its
    definition's digest), by seating. Raises PairingError for a file that cannot be read, a bot
    with no game in it, or two games of the bot on one seating (name it by its digest)."""
    try:
        lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text.strip()]
    except (OSError, json.JSONDecodeError) as error:
        raise PairingError(f"{path}: cannot be read as kept games ({error})") from None
    games: dict[tuple[object, ...], dict[str, Any]] = {}
    for line in lines:
        if bot not in (measured_spec(line), (line.get("definitions") or [None])[0]):
            continue
        key = seating(line)
        if key in games:
            raise PairingError(
                f"{path} holds two games of {bot} on one deal and seats: name the bot by the digest"
                " of its definition (each line's first 'definitions' entry)"
            )
        games[key] = line
    if not games:
        found = sorted({measured_spec(line) for line in lines})
        raise PairingError(f"{path} holds no game of {bot}; its measured bots: {', '.join(found) or 'none'}")
    return games


def paired_set(
    this_path: Path, this_bot: str, other_path: Path, other_bot: str, confidence: float = 0.95
) -> dict[str, Any]:
    """The games of ``this_bot`` in ``this_path`` beside those of ``other_bot`` in ``other_path``
    on the same seatings: each pair's outcomes and leads, and their comparison."""
    mine = games_of(this_path, this_bot)
    theirs = games_of(other_path, other_bot)
    common = [key for key in mine if key in theirs]
    if not common:
        raise PairingError(f"{this_path} and {other_path} share no deal and seats")
    for key in common:
        if seed(mine[key]) != seed(theirs[key]):
            raise PairingError(
                f"{this_path} and {other_path} are not the same deals: seeds {seed(mine[key])} and"
                f" {seed(theirs[key])} at {key}"
            )
    outcomes = [(won(mine[key]), won(theirs[key])) for key in common]
    leads = [
        mine_lead - their_lead
        for mine_lead, their_lead in ((lead(mine[key]), lead(theirs[key])) for key in common)
        if mine_lead is not None and their_lead is not None
    ]
    this_lines = [mine[key] for key in common]
    other_lines = [theirs[key] for key in common]
    return {
        "this": str(this_path),
        "other": str(other_path),
        "outcomes": outcomes,
        "leads": leads,
        "this_lines": this_lines,
        "other_lines": other_lines,
        **compared(outcomes, leads, confidence),
        "this_seat": seat_figures(this_lines, confidence),
        "other_seat": seat_figures(other_lines, confidence),
    }


def format_set(label: str, row: dict[str, Any]) -> list[str]:
    """One set's or the pooled comparison as lines of text."""
    won_this = row["both"] + row["only_this"]
    won_other = row["both"] + row["only_other"]
    return [
        f"{label}: {row['games']} games; this won {won_this}, the other {won_other}; both"
        f" {row['both']}, this alone {row['only_this']}, the other alone {row['only_other']},"
        f" neither {row['neither']}",
        *format_compared(row),
        format_seat("this", row["this_seat"]),
        format_seat("the other", row["other_seat"]),
    ]


def level(text: str) -> float:
    """An interval's level from the command line: a number strictly between 0 and 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"a level between 0 and 1, such as 0.95 (got {text})")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--this", required=True, help="the bot compared: its spec as recorded, or its digest")
    parser.add_argument("--other", required=True, help="the bot it is compared with: spec or digest")
    parser.add_argument(
        "--pair",
        nargs=2,
        action="append",
        required=True,
        type=Path,
        metavar=("THIS_FILE", "OTHER_FILE"),
        help="kept games of --this and of --other on the same deals (the same file twice if both are in one)",
    )
    parser.add_argument(
        "--confidence",
        type=level,
        default=0.95,
        help="the level of every interval printed (default 0.95; a second look at two bots may ask more)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        sets = [
            paired_set(this_path, args.this, other_path, args.other, args.confidence)
            for this_path, other_path in args.pair
        ]
    except PairingError as error:
        print(f"bots_paired: {error}", file=sys.stderr)
        return 2
    pooled = {
        **compared(
            [outcome for row in sets for outcome in row["outcomes"]],
            [value for row in sets for value in row["leads"]],
            args.confidence,
        ),
        "this_seat": seat_figures([line for row in sets for line in row["this_lines"]], args.confidence),
        "other_seat": seat_figures([line for row in sets for line in row["other_lines"]], args.confidence),
    }
    if args.json:
        drop = ("outcomes", "leads", "this_lines", "other_lines")
        print(
            json.dumps(
                {"sets": [{k: v for k, v in row.items() if k not in drop} for row in sets], "pooled": pooled}
            )
        )
        return 0
    print(
        f"{args.this} ('this') against {args.other} ('the other'), game by game on the same deals and seats:"
    )
    for row in sets:
        same = row["this"] if row["this"] == row["other"] else f"{row['this']} / {row['other']}"
        print("\n".join(format_set(same, row)))
    if len(sets) > 1:
        print("\n".join(format_set("pooled", pooled)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
