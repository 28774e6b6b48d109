"""Where do the bots' points come from? Each bot's mean score by source, in its wins and its losses.

    python benchmarks/bots_scores.py results.jsonl [more.jsonl ...] [--games N] [--with BOT] [--json]

Reads result files (``petersburg tournament --out``, ``benchmarks/bots_master.py --out``,
``benchmarks/bots_ladder.py``'s cells), replays every game's record and adds up each seat's score by
source from the game's events (``petersburg.engine.events.score_breakdown``): the worker (green),
building (blue) and aristocrat (red) scorings, the Market's majorities, Pubs, the final scoring's
aristocrat bonus, money and hand penalty. Per bot (``greedy#2`` counts as ``greedy``) and per file it
prints the mean of each source over its seat-games, then over the games it won (a shared first
place counts as won; a tie on VP goes to the rubles, as the rules say) and those it lost, and
beside its losses the winners of those games.

A win rate says how often a search wins, and a lead by how much; this says with what. Two searches
with the same lead can get it from different parts of the game, and a gap in one source (say,
buildings) points at where a search misjudges, which neither figure shows. ``--games N`` reads only
the games numbered below N; ``--with BOT`` only those where BOT sat, so that in a file of several
searches' games (a ladder cell and its pilots) its opponents are counted in its games alone.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field

from result_files import recorded_games, report_result_files

from petersburg.engine.events import score_breakdown
from petersburg.engine.rules import winners
from petersburg.engine.scoring import ScoreBreakdown

SOURCES = ("green", "blue", "red", "market", "pub", "bonus", "money", "hand", "total")
"""The sources, in ``ScoreBreakdown``'s order after the seat (``total`` is their sum)."""


@dataclass
class Sums:
    """Summed VP by source over some seat-games, and how many."""

    games: int = 0
    vp: list[int] = field(default_factory=lambda: [0] * len(SOURCES))

    def add(self, line: ScoreBreakdown) -> None:
        """Count one seat-game's sources."""
        self.games += 1
        for i, vp in enumerate(line[1:]):
            self.vp[i] += vp

    def means(self) -> dict[str, float]:
        """Mean VP by source a seat-game (empty when there are none)."""
        if not self.games:
            return {}
        return {source: vp / self.games for source, vp in zip(SOURCES, self.vp, strict=True)}


@dataclass
class BotScores:
    """One bot's seat-games: all, won, lost, and the winners of the games it lost."""

    all: Sums = field(default_factory=Sums)
    won: Sums = field(default_factory=Sums)
    lost: Sums = field(default_factory=Sums)
    winners_of_losses: Sums = field(default_factory=Sums)

    def groups(self) -> tuple[tuple[str, Sums], ...]:
        """The four kinds of seat-game by name, in the order they are printed."""
        return (
            ("all", self.all),
            ("won", self.won),
            ("lost", self.lost),
            ("winners_of_losses", self.winners_of_losses),
        )


def scores_of_file(path: str, games: int | None, seated: str | None = None) -> dict[str, BotScores]:
    """Per bot, the score sources of every recorded game of one result file (given ``seated``, of
    the games where that bot sat)."""
    bots: dict[str, BotScores] = {}
    for game in recorded_games(path, games, seated):
        names = game.names
        final, steps = game.record.replay_events()
        lines = score_breakdown(event for step in steps for event in step)
        first = winners(final)
        for score in lines:
            scores = bots.setdefault(names[score.seat], BotScores())
            scores.all.add(score)
            if score.seat in first:
                scores.won.add(score)
                continue
            scores.lost.add(score)
            for seat in first:
                scores.winners_of_losses.add(lines[seat])
    return bots


def _report(path: str, bots: dict[str, BotScores]) -> None:
    print(path)
    print(f"  {'bot':30s} {'games':>19s} " + " ".join(f"{source:>6s}" for source in SOURCES))
    for bot, scores in sorted(bots.items()):
        for group, sums in scores.groups():
            label = "their winners" if group == "winners_of_losses" else group
            means = sums.means()
            figures = " ".join(f"{means[source]:6.1f}" for source in SOURCES) if means else ""
            print(f"  {bot if label == 'all' else '':30s} {label:>13s} {sums.games:5d} {figures}")


def _scores_json(bots: dict[str, BotScores]) -> dict[str, object]:
    return {
        bot: {label: {"games": sums.games, "means": sums.means()} for label, sums in scores.groups()}
        for bot, scores in sorted(bots.items())
    }


def _options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--with",
        dest="seated",
        default=None,
        metavar="BOT",
        help="read only the games where this bot sat (its opponents then counted in those alone)",
    )


def main() -> int:
    return report_result_files(
        __doc__ or "",
        lambda path, args: scores_of_file(path, args.games, args.seated),
        _report,
        _scores_json,
        _options,
    )


if __name__ == "__main__":
    sys.exit(main())
