"""Master's targets (issue 24), measured: win rates against Greedy and Expert, time per move, and
the hand cards left at the end, Master beside its opponents.

    python benchmarks/bots_master.py --games 200 --jobs 16 [--backend ray [--address ...]]
        [--seed 2026] [--deadline-seconds 3600] [--json]

Four match-ups, each ``--games`` games (rounded up to whole deals: every deal is played once with
Master in each seat, the same shuffles for every seat, so the luck of the cards and of the seats
cancels out; ``petersburg tournament``'s runner):

* 2 players, 1st edition: Master against Greedy (target: at least 90 % of the games);
* 2 players, 1st edition: Master against Expert (target: at least 65 %);
* 4 players, 1st edition: Master against three Experts (target: at least 40 %; chance 25 %);
* 3 players, 2nd edition with the Market: Master against two Experts (target: at least 50 %).

A shared first place counts as that share of a win. Each rate is printed with its Wilson 95 %
interval, and beside it Master's lead (its score less the mean of the other seats', VP a game, with
its 95 % interval) and mean place: at 4 players a win rate moves by a game in four, these with
every point, so they tell a stronger bot in fewer games. The time per move is the median over
Master's decisions in the 4-player games, each game's decisions counted at that game's median (the
runner keeps per-game medians). The hand penalty per game is the VP lost to cards left in hand at
the final scoring, per seat and game, for Master and for its opponents of the same games, per
match-up (the deals' share of the penalty is the same for both).

The games of all match-ups are interleaved, so that ``--deadline-seconds`` (stop starting games,
print what was played) leaves figures for every match-up. The games run on the local process
pool or Ray (``tournament.backends``).

``--out FILE`` keeps every game as a JSON line as it finishes, and a run with the same file plays
only the games not in it yet and counts them all: a measurement too long for one sitting (Master's
4-player games take about 45 s of CPU each) grows over several runs, and a run stopped by its
deadline, Ctrl-C or anything else loses only the games under way. Stopped by its deadline, Ctrl-C
or SIGTERM, it also prints the figures of the games played so far. Each line keeps the game's
record, so ``benchmarks/bots_hands.py FILE`` tells when Master's hand cards were taken and whether
it could have played them before the end. A file of another Master or seed, or of a Master or
Expert whose settings have changed since (each game records what played it,
``levels.definition``), is refused, so that one file never mixes two bots' games.

``--against FILE`` compares the games counted with another kept file of the same seed, game by
game (``python benchmarks/bots_master.py --master SPEC --matchups 2 --out B.jsonl --against
A.jsonl``): game ``g`` of a match-up is the same deal and seat in both, so the luck of the cards
cancels and a change to Master shows in fewer games than two separate rates tell. Per match-up it
prints the games both files hold, how many both won, this run alone, the other alone and neither
(a shared first place counts as won), the difference of the win rates with its paired 95 %
interval and the exact two-sided sign test on the games only one won (McNemar's), and the mean
difference of Master's lead on the same games with its 95 % interval.

``--endgame-of FILE`` plays each game of a kept file of the same seed again from the first turn of
its known last round (a stack's last card dealt: the game ends with that round), its moves before
replayed, not asked of the bots: a Master that differs from the file's only there (``final_wins``,
``last_phase_plays``) plays exactly the game it would have played whole, since every decision is
seeded by the bot's seed, the step and the seat and the moves before are the file's Master's. Such
a game costs its last round alone (about a tenth of a whole game's time), and with ``--against
FILE`` the change is told from the games it changed. Its line keeps the whole record and says
how many moves were replayed (``replayed_moves``); the time per move counts whole games only.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bots_paired import compared, format_compared, lead, mean_interval, won
from bots_paired import final_scores as kept_scores

from petersburg.bots.levels import definitions
from petersburg.engine import ActionId, GameOptions, GameRecord, apply_action, final_scores, new_game
from petersburg.tournament.backends import (
    add_backend_arguments,
    backend_from_args,
    interrupted_on_term,
    map_in_order,
)
from petersburg.tournament.runner import TournamentSpec, append_lines, kept_lines, play_game, whole_deals
from petersburg.tournament.stats import wilson_interval

MASTER = "ismcts:master"
EXPERT = "ismcts:expert"
FIRST = GameOptions()
MARKET = GameOptions(edition="second", market=True)
MATCHUPS: tuple[tuple[str, tuple[str, ...], GameOptions, float], ...] = (
    ("2 players vs Greedy, 1st edition", (MASTER, "greedy"), FIRST, 0.90),
    ("2 players vs Expert, 1st edition", (MASTER, EXPERT), FIRST, 0.65),
    ("4 players vs 3 Experts, 1st edition", (MASTER, EXPERT, EXPERT, EXPERT), FIRST, 0.40),
    ("3 players vs 2 Experts, Market", (MASTER, EXPERT, EXPERT), MARKET, 0.50),
)
"""(label, bots with Master first, rules, target share of games won)."""
TIMED = 2
"""The match-up whose Master decisions give the time per move (4 players)."""


def played_by(specs: list[TournamentSpec]) -> list[list[str]]:
    """Each match-up's bots as they play at its table (``levels.definition`` of every seat), the
    record of what played a kept game."""
    return [definitions(spec.bots, spec.options.market) for spec in specs]


def _play(
    specs: list[TournamentSpec], openings: dict[tuple[int, int], list[ActionId]], task: tuple[int, int]
) -> dict[str, Any]:
    """One game of one match-up, with every seat's hand penalty and Master's decision times (the
    bots' definitions are added where it is kept: one list a match-up, not one a game); its moves
    up to ``openings[task]`` replayed, if it has one (``--endgame-of``)."""
    matchup, game = task
    opening = openings.get(task, [])
    line = play_game(specs[matchup], game, opening)
    state = GameRecord.from_json(line["record"]).replay()
    return {
        "master": specs[matchup].bots[0],
        "seed": specs[matchup].seed,
        "matchup": matchup,
        "game": game,
        "entries": line["entries"],
        "winners": line["result"]["winners"],
        "hand_penalty": [-score.hand_penalty for score in final_scores(state)],
        "median_seconds": line["timing"]["median_seconds"],
        "decisions": line["timing"]["decisions"],
        "record": line["record"],
        **({"replayed_moves": len(opening)} if opening else {}),
    }


def last_round_openings(
    path: Path, seed: int, chosen: list[int], today: list[list[str]]
) -> dict[tuple[int, int], list[ActionId]]:
    """``--endgame-of``: each game of ``path`` (match-ups ``chosen``) by (match-up, game), its moves
    before its last round was known (the first turn after a stack's last card was dealt,
    ``GameState.last_round``: from there on the game ends with the round). Raises ``SystemExit``
    with a sentence, before any game is played, when the file is missing, empty or of another seed,
    or when Master's opponents in it have changed since (their moves would not be today's)."""
    openings: dict[tuple[int, int], list[ActionId]] = {}
    for line in compared_file(path, seed, "--endgame-of"):
        matchup = line["matchup"]
        if matchup not in chosen:
            continue
        if line.get("definitions", [None])[1:] != today[matchup][1:]:
            raise SystemExit(
                f"--endgame-of {path} holds games against opponents whose settings have changed since "
                "(or of a run that did not record them): their moves are not today's bots'."
            )
        record = GameRecord.from_json(line["record"])
        state = new_game(record.num_players, record.seed, record.options)
        moves = 0
        while not state.last_round:
            apply_action(state, record.actions[moves])
            moves += 1
        openings[matchup, line["game"]] = record.actions[:moves]
    return openings


def kept_games(
    path: Path, master: str, seed: int, specs: list[TournamentSpec], today: list[list[str]]
) -> dict[tuple[int, int], dict[str, Any]]:
    """The games already in ``path`` by (match-up, game); a line cut short by a stop is dropped.
    Raises ``SystemExit`` with a sentence when the file holds games of another Master or seed, or
    of bots whose settings have changed since (``specs``: the match-ups as they are today;
    ``today``: their ``played_by``).

    A game kept under another spec whose bots play at its table as today's do (the same
    definitions: Master's variant with the figures it has since taken at that table, say) is
    the game today's bots play on that deal, and counts."""
    kept: dict[tuple[int, int], dict[str, Any]] = {}
    for line in kept_lines(path):
        same_bots = line.get("definitions") == today[line["matchup"]]
        if line["seed"] != seed or (line["master"] != master and not same_bots):
            raise SystemExit(
                f"{path} holds games of {line['master']} with seed {line['seed']}, not of {master} with "
                f"seed {seed}: name another file."
            )
        if not same_bots:
            raise SystemExit(
                f"{path} holds games played by {' and '.join(dict.fromkeys(specs[line['matchup']].bots))} "
                "as they were before their settings changed (or by a run that did not record them): "
                "name another file."
            )
        kept[line["matchup"], line["game"]] = line
    return kept


def compared_file(path: Path, seed: int, option: str = "--against") -> list[dict[str, Any]]:
    """The games of the file named by ``option`` (``--against``, ``--endgame-of``). Raises
    ``SystemExit`` with a sentence, before any game is played, when it is missing, empty, or of
    another seed (its deals are not these)."""
    if not path.is_file():
        raise SystemExit(f"{option} {path}: no such file.")
    lines = kept_lines(path)
    if not lines:
        raise SystemExit(f"{option} {path}: the file holds no game.")
    seeds = {line["seed"] for line in lines}
    if seeds != {seed}:
        raise SystemExit(
            f"{option} {path} holds games of seed {', '.join(map(str, sorted(seeds)))}, not {seed}: "
            "its deals are not these."
        )
    return lines


def interleaved(specs: list[TournamentSpec]) -> list[tuple[int, int]]:
    """(match-up, game) of every game, the match-ups' deals taken in turn."""
    queues = [[(m, g) for g in spec.game_indices()] for m, spec in enumerate(specs)]
    tasks = []
    while any(queues):
        for queue in queues:
            if queue:
                deal = queue[0][1] // len(specs[queue[0][0]].bots)
                while queue and queue[0][1] // len(specs[queue[0][0]].bots) == deal:
                    tasks.append(queue.pop(0))
    return tasks


def standing(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Master's lead (its score less the mean of the other seats' scores, VP a game) with its 95 %
    interval (normal), and its mean place (1 first; a shared place counts as the best of it), over
    the games whose scores are kept. Where a win rate at 4 players moves by a game in four, these
    two move with every point, so they tell a stronger bot from its opponents in fewer games."""
    leads: list[float] = []
    places: list[int] = []
    for result in games:
        totals, margin = kept_scores(result), lead(result)
        if totals is None or margin is None:
            continue
        seat = result["entries"].index(0)
        leads.append(margin)
        places.append(1 + sum(other > totals[seat] for other in totals[:seat] + totals[seat + 1 :]))
    if not leads:
        return {
            "scored_games": 0,
            "lead": math.nan,
            "lead_low": math.nan,
            "lead_high": math.nan,
            "place": math.nan,
        }
    mean_lead, low, high = mean_interval(leads, 0.95)
    return {
        "scored_games": len(leads),
        "lead": mean_lead,
        "lead_low": low,
        "lead_high": high,
        "place": statistics.fmean(places),
    }


def summarize(results: list[dict[str, Any]], specs: list[TournamentSpec]) -> dict[str, Any]:
    """Per match-up: games, wins, rate and interval, target, and the hand penalties of Master and
    of its opponents in the same games (side by side, so that the deals weigh on both alike)."""
    rows = []
    times: list[float] = []
    for index, (label, bots, _options, target) in enumerate(MATCHUPS):
        games = [r for r in results if r["matchup"] == index]
        wins = 0.0
        master_penalty: list[int] = []
        others_penalty: list[int] = []
        for result in games:
            seat = result["entries"].index(0)
            if seat in result["winners"]:
                wins += 1.0 / len(result["winners"])
            for other, entry in enumerate(result["entries"]):
                (master_penalty if entry == 0 else others_penalty).append(result["hand_penalty"][other])
            if index == TIMED and not result.get("replayed_moves"):  # a last round alone is not a game's
                times.extend([result["median_seconds"][seat]] * result["decisions"][seat])
        low, high = wilson_interval(wins, len(games)) if games else (math.nan, math.nan)
        rate = wins / len(games) if games else math.nan
        rows.append(
            {
                "matchup": label,
                "players": len(bots),
                "games": len(games),
                "wins": wins,
                "rate": rate,
                "low": low,
                "high": high,
                "target": target,
                "met": bool(games) and rate >= target,
                **standing(games),
                "opponent": specs[index].bots[1],
                "hand_penalty": statistics.fmean(master_penalty) if master_penalty else math.nan,
                "opponents_hand_penalty": statistics.fmean(others_penalty) if others_penalty else math.nan,
                "opponents_seat_games": len(others_penalty),
            }
        )
    return {
        "master": specs[0].bots[0],
        "seed": specs[0].seed,
        "matchups": rows,
        "median_seconds_per_move_4p": statistics.median(times) if times else math.nan,
    }


def paired(results: list[dict[str, Any]], other: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per match-up, this run's games beside ``other``'s on the same (match-up, game), compared
    (``bots_paired.compared``: the four outcomes, the difference of the win rates and of Master's
    lead with their 95 % intervals, the sign test)."""
    theirs = {(line["matchup"], line["game"]): line for line in other}
    rows = []
    for index, (label, *_rest) in enumerate(MATCHUPS):
        pairs = [
            (result, theirs[result["matchup"], result["game"]])
            for result in results
            if result["matchup"] == index and (result["matchup"], result["game"]) in theirs
        ]
        if not pairs:
            continue
        outcomes = [(won(mine), won(their)) for mine, their in pairs]
        leads = [
            (mine_lead - their_lead)
            for mine_lead, their_lead in ((lead(mine), lead(their)) for mine, their in pairs)
            if mine_lead is not None and their_lead is not None
        ]
        rows.append({"matchup": label, **compared(outcomes, leads)})
    return rows


def format_paired(rows: list[dict[str, Any]], against: str, master: str) -> str:
    """The game-by-game comparison as text."""
    lines = [f"Game by game against {against} (the same deals and seats), {master} is 'this run':"]
    if not rows:
        lines.append("  no game of this run is in that file")
    for row in rows:
        lines.append(
            f"  {row['matchup']:<38} {row['games']} games: both won {row['both']}, this run alone"
            f" {row['only_this']}, the other alone {row['only_other']}, neither {row['neither']}"
        )
        lines.extend(format_compared(row, indent=f"  {'':<38} "))
    return "\n".join(lines)


def format_summary(summary: dict[str, Any], seconds: float, stopped: str | None) -> str:
    """The figures as text; ``stopped`` says why games were left unplayed (``None``: none were)."""
    lines = [
        f"Master ({summary['master']}), seed {summary['seed']}, {seconds:.0f} s"
        + (f" (stopped {stopped})" if stopped else "")
    ]
    for row in summary["matchups"]:
        if not row["games"]:  # left out by --matchups, or not reached before the deadline
            lines.append(f"  {row['matchup']:<38} not played")
            continue
        lines.append(
            f"  {row['matchup']:<38} {row['wins']:6.1f}/{row['games']:<4} {100 * row['rate']:5.1f}%"
            f"  95% CI {100 * row['low']:5.1f}-{100 * row['high']:5.1f}%"
            f"  target >= {100 * row['target']:.0f}%  {'met' if row['met'] else 'not met'}"
        )
        if row["scored_games"]:
            lines.append(
                f"  {'':<38} lead over the others' mean {row['lead']:+.1f} VP a game"
                f" (95% CI {row['lead_low']:+.1f} to {row['lead_high']:+.1f}), mean place {row['place']:.2f}"
                f" (chance {(row['players'] + 1) / 2:.2f}; {row['scored_games']} games with scores)"
            )
        lines.append(
            f"  {'':<38} hand penalty a game: Master {row['hand_penalty']:.2f} VP"
            f" ({row['games']} seat-games), {row['opponent']} {row['opponents_hand_penalty']:.2f} VP"
            f" ({row['opponents_seat_games']})"
        )
    median = summary["median_seconds_per_move_4p"]
    lines.append(
        "  median time per move, 4 players (medians of Master's games, weighted by decisions):"
        + (" no whole 4-player game played" if math.isnan(median) else f" {median:.3f} s (target <= 1 s)")
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match-up (default %(default)s)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes or Ray CPUs")
    parser.add_argument("--deadline-seconds", type=float, help="stop starting games after this long")
    parser.add_argument("--matchups", help="only these match-ups, by number from 1 (e.g. 1,3)")
    parser.add_argument(
        "--master",
        default=MASTER,
        help="the bot in Master's seat, e.g. a search variant (ismcts:master+depth=2); default %(default)s",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--out", type=Path, help="JSON lines of every game: played games are kept, and skipped when resumed"
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="another kept file of the same seed: its games compared with these on the same deals",
    )
    parser.add_argument(
        "--endgame-of",
        type=Path,
        help="a kept file of the same seed: each of its games is played again from the first turn of its "
        "known last round, its moves before replayed (for a Master that differs only there, +final_wins=…); "
        "games it does not hold are not played",
    )
    add_backend_arguments(parser)
    args = parser.parse_args(argv)
    chosen = [int(word) - 1 for word in args.matchups.split(",")] if args.matchups else range(len(MATCHUPS))
    specs = [
        TournamentSpec((args.master, *bots[1:]), whole_deals(args.games, len(bots)), args.seed, options)
        for bots, options in ((m[1], m[2]) for m in MATCHUPS)
    ]
    today = played_by(specs)
    other = compared_file(args.against, args.seed) if args.against is not None else None
    kept = kept_games(args.out, args.master, args.seed, specs, today) if args.out is not None else {}
    openings = (
        last_round_openings(args.endgame_of, args.seed, list(chosen), today)
        if args.endgame_of is not None
        else {}
    )
    wanted = [
        task
        for task in interleaved(specs)
        if task[0] in chosen and (args.endgame_of is None or task in openings)
    ]
    results = [kept[task] for task in wanted if task in kept]
    tasks = [task for task in wanted if task not in kept]
    start = time.perf_counter()
    stopped: str | None = None
    games = map_in_order(functools.partial(_play, specs, openings), tasks, backend_from_args(args))
    with contextlib.ExitStack() as stack:
        stack.enter_context(interrupted_on_term())  # with --jobs 1 too, where no pool installs it
        out = stack.enter_context(append_lines(args.out)) if args.out is not None else None
        stack.callback(getattr(games, "close", lambda: None))
        try:
            for result in games:
                result["definitions"] = today[result["matchup"]]
                if out is not None:  # kept before it is counted: no game counted is ever lost
                    out.write(json.dumps(result) + "\n")
                    out.flush()
                results.append(result)
                if args.deadline_seconds is not None and time.perf_counter() - start > args.deadline_seconds:
                    stopped = "at the deadline" if len(results) < len(wanted) else None
                    break
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM: stop as at the deadline
            print("interrupted: stopping", file=sys.stderr, flush=True)
            stopped = "when interrupted"
    summary = summarize(results, specs)
    if other is not None:
        summary["against"] = {"file": str(args.against), "matchups": paired(results, other)}
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(format_summary(summary, time.perf_counter() - start, stopped))
    if other is not None:
        print(format_paired(summary["against"]["matchups"], str(args.against), summary["master"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
