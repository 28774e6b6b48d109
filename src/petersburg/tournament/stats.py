"""Tournament statistics: shared wins, Wilson intervals, score spread, Elo by maximum likelihood."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may be fractional: shared wins)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1.0 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_ratings(
    pair_scores: dict[tuple[int, int], float], pair_games: dict[tuple[int, int], int], n: int
) -> list[float]:
    """Elo ratings (mean 1500) fitted by Bradley-Terry maximum likelihood (MM iterations).

    ``pair_scores[(i, j)]`` is what entry ``i`` scored against ``j`` over ``pair_games[(i, j)]``
    meetings (1 a win, 0.5 a tie). One virtual draw per pair keeps a bot that never won finite.
    """
    if n == 1:
        return [1500.0]
    wins = [0.0] * n
    meetings = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                wins[i] += pair_scores.get((i, j), 0.0) + 0.5
                meetings[i][j] = pair_games.get((i, j), 0) + 1.0
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            denom = sum(meetings[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(wins[i] / denom if denom > 0 else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / scale for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return [1500.0 + 400.0 * math.log10(s) for s in strength]


def summarize(lines: Iterable[dict[str, Any]], labels: Sequence[str]) -> dict[str, Any]:
    """The summary of a tournament from its game lines: one row per entry, plus totals."""
    n = len(labels)
    games = 0
    rounds: list[int] = []
    winning: list[int] = []
    wins = [0.0] * n
    scores: list[list[int]] = [[] for _ in range(n)]
    decisions = [0] * n
    seconds = [0.0] * n
    worst = [0.0] * n
    medians: list[list[float]] = [[] for _ in range(n)]
    pair_scores: dict[tuple[int, int], float] = {}
    pair_games: dict[tuple[int, int], int] = {}
    for line in lines:
        games += 1
        entries = line["entries"]
        result = line["result"]
        rounds.append(result["rounds"])
        winning.append(max(result["scores"]))
        best = result["winners"]
        for seat in best:
            wins[entries[seat]] += 1.0 / len(best)
        keys = list(zip(result["scores"], result["rubles"], strict=True))
        for seat, entry in enumerate(entries):
            scores[entry].append(result["scores"][seat])
            timing = line.get("timing")
            if timing:
                decisions[entry] += timing["decisions"][seat]
                seconds[entry] += timing["total_seconds"][seat]
                worst[entry] = max(worst[entry], timing["max_seconds"][seat])
                medians[entry].append(timing["median_seconds"][seat])
            for other_seat, other in enumerate(entries):
                if other_seat == seat:
                    continue
                mine, theirs = keys[seat], keys[other_seat]
                outcome = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                pair_scores[(entry, other)] = pair_scores.get((entry, other), 0.0) + outcome
                pair_games[(entry, other)] = pair_games.get((entry, other), 0) + 1
    elo = elo_ratings(pair_scores, pair_games, n)
    rows = []
    for entry, label in enumerate(labels):
        low, high = wilson_interval(wins[entry], games)
        entry_scores = scores[entry]
        rows.append(
            {
                "bot": label,
                "games": games,
                "wins": round(wins[entry], 4),
                "win_rate": round(wins[entry] / games, 4) if games else 0.0,
                "win_rate_low": round(low, 4),
                "win_rate_high": round(high, 4),
                "mean_score": round(statistics.fmean(entry_scores), 2) if entry_scores else 0.0,
                "stdev_score": round(statistics.stdev(entry_scores), 2) if len(entry_scores) > 1 else 0.0,
                "elo": round(elo[entry], 1),
                "decisions": decisions[entry],
                "mean_decision_seconds": round(seconds[entry] / decisions[entry], 4)
                if decisions[entry]
                else 0.0,
                "median_decision_seconds": round(statistics.median(medians[entry]), 4)
                if medians[entry]
                else 0.0,
                "max_decision_seconds": round(worst[entry], 4),
            }
        )
    return {
        "games": games,
        "mean_rounds": round(statistics.fmean(rounds), 3) if rounds else 0.0,
        "mean_winning_score": round(statistics.fmean(winning), 2) if winning else 0.0,
        "bots": rows,
    }


def format_table(summary: dict[str, Any]) -> str:
    """The summary as an aligned text table."""
    header = ("bot", "games", "wins", "win rate", "95% interval", "mean score", "stdev", "Elo", "ms/decision")
    rows = [header]
    for row in summary["bots"]:
        rows.append(
            (
                row["bot"],
                str(row["games"]),
                f"{row['wins']:g}",
                f"{100 * row['win_rate']:.1f}%",
                f"{100 * row['win_rate_low']:.1f}-{100 * row['win_rate_high']:.1f}%",
                f"{row['mean_score']:.1f}",
                f"{row['stdev_score']:.1f}",
                f"{row['elo']:.0f}",
                f"{1000 * row['mean_decision_seconds']:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    text = [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
    text.append(
        f"{summary['games']} games, mean rounds {summary['mean_rounds']:.2f}, "
        f"mean winning score {summary['mean_winning_score']:.1f}"
    )
    return "\n".join(text)
