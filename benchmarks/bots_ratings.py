"""The bots' reference ratings (``BOT_MU`` in ``petersburg.server.accounts.ratings``) from tournament games.

    petersburg tournament --bots random,greedy,ismcts:easy,ismcts:medium --games 160 --seed 14 \\
        --out bots-a.jsonl
    petersburg tournament --bots greedy,ismcts:medium,ismcts:hard,ismcts:expert --games 80 \\
        --seed 15 --out bots-b.jsonl
    python benchmarks/bots_ratings.py bots-a.jsonl bots-b.jsonl

Every game of every file is fitted at once: each bot's mu is the maximum of the posterior of the
server's own Plackett–Luce model (``ratings.MODEL``: its beta, and every seat at the bots' sigma
``BOT_SIGMA`` as at a rated table) with OpenSkill's default prior N(mu 25, sigma 25/3) on each mu.
A bot that never wins (random) has no finite maximum-likelihood rating; the prior keeps it finite.
Files that share bots (greedy and ismcts:medium above) put all of them on one scale. The fit does
not depend on the order of the games, unlike rating them one after the other from the prior
(``ratings.measure``, printed beside it): there the early games move every rating with the
prior's large sigma, and a bot that always loses keeps sinking.

Per bot it prints the fitted mu with the standard error of its difference to greedy's
(from the posterior's curvature), the
shown rating (``ratings.shown``), the in-order mu, and its share of first places in the games
against the share each set of mus predicts (ties split): the scale whose predictions match is
the one whose reference ratings a person's rating can be compared with.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from petersburg.engine import places
from petersburg.server.accounts.ratings import BOT_SIGMA, MODEL, measure, shown

Game = tuple[list[str], list[int]]
"""The bot of each seat and each seat's place (1 best, ties share)."""


def read_games(paths: list[str]) -> list[Game]:
    games: list[Game] = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for text in lines:
                line = json.loads(text)
                result = line["result"]
                games.append(
                    (list(line["bots"]), places(list(zip(result["scores"], result["rubles"], strict=True))))
                )
    return games


def _spread(seats: int) -> float:
    """The model's c for a game of ``seats`` seats, each at the bots' sigma."""
    return math.sqrt(seats * (BOT_SIGMA**2 + MODEL.beta**2))


def _risk_sets(seat_places: list[int]) -> list[tuple[int, list[int]]]:
    """Plackett–Luce's choices, best place first: the seat chosen and the seats it was chosen from
    (those not placed above it; tied seats are chosen from the same set)."""
    return [
        (seat, [other for other, place in enumerate(seat_places) if place >= seat_places[seat]])
        for seat in sorted(range(len(seat_places)), key=lambda seat: seat_places[seat])
        if sum(1 for place in seat_places if place >= seat_places[seat]) > 1
    ]


def _posterior(
    mus: dict[str, float], games: list[Game]
) -> tuple[float, dict[str, float], dict[tuple[str, str], float]]:
    """Log-posterior, its gradient and its Hessian in the bots' mus."""
    prior_var = MODEL.sigma**2
    value = sum(-((mu - MODEL.mu) ** 2) / (2 * prior_var) for mu in mus.values())
    grad = {bot: -(mu - MODEL.mu) / prior_var for bot, mu in mus.items()}
    hess = {(a, b): (-1 / prior_var if a == b else 0.0) for a in mus for b in mus}
    for bots, seat_places in games:
        c = _spread(len(bots))
        theta = [mus[bot] / c for bot in bots]
        for chosen, pool in _risk_sets(seat_places):
            top = max(theta[seat] for seat in pool)
            weights = [math.exp(theta[seat] - top) for seat in pool]
            total = sum(weights)
            value += theta[chosen] - top - math.log(total)
            grad[bots[chosen]] += 1 / c
            shares = [w / total for w in weights]
            for seat, share in zip(pool, shares, strict=True):
                grad[bots[seat]] -= share / c
                hess[bots[seat], bots[seat]] -= share / c**2
                for other, other_share in zip(pool, shares, strict=True):
                    hess[bots[seat], bots[other]] += share * other_share / c**2
    return value, grad, hess


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gauss–Jordan elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def fit(games: list[Game]) -> tuple[dict[str, float], dict[tuple[str, str], float]]:
    """Each bot's posterior-maximum mu (Newton's method; the log-posterior is concave) and their
    covariance (the inverse of the posterior's curvature)."""
    bots = sorted({bot for seat_bots, _ in games for bot in seat_bots})
    mus = dict.fromkeys(bots, MODEL.mu)
    for _ in range(100):
        _, grad, hess = _posterior(mus, games)
        step = _solve([[hess[a, b] for b in bots] for a in bots], [grad[bot] for bot in bots])
        mus = {bot: mus[bot] - delta for bot, delta in zip(bots, step, strict=True)}
        if max(abs(delta) for delta in step) < 1e-9:
            break
    _, _, hess = _posterior(mus, games)
    information = [[-hess[a, b] for b in bots] for a in bots]
    columns = [
        _solve(information, [1.0 if i == j else 0.0 for i in range(len(bots))]) for j in range(len(bots))
    ]
    covariance = {(a, b): columns[j][i] for i, a in enumerate(bots) for j, b in enumerate(bots)}
    return mus, covariance


def first_place_shares(mus: dict[str, float], games: list[Game]) -> dict[str, tuple[float, float]]:
    """Per bot: its share of first places over the games it played (ties split), and the share
    the model predicts with ``mus``."""
    won: dict[str, float] = {}
    predicted: dict[str, float] = {}
    played: dict[str, int] = {}
    for bots, seat_places in games:
        c = _spread(len(bots))
        weights = [math.exp(mus[bot] / c) for bot in bots]
        firsts = [seat for seat, place in enumerate(seat_places) if place == 1]
        for seat, bot in enumerate(bots):
            played[bot] = played.get(bot, 0) + 1
            won[bot] = won.get(bot, 0.0) + (1 / len(firsts) if seat in firsts else 0.0)
            predicted[bot] = predicted.get(bot, 0.0) + weights[seat] / sum(weights)
    return {bot: (won[bot] / played[bot], predicted[bot] / played[bot]) for bot in played}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", help="tournament result files (JSON lines), rated together")
    parser.add_argument(
        "--anchor", default="greedy", help="standard errors of mu less this bot's (%(default)s)"
    )
    parser.add_argument("--json", action="store_true", help="also print the fitted mus as one JSON object")
    args = parser.parse_args()
    games = read_games(args.files)
    mus, covariance = fit(games)
    anchor = args.anchor if args.anchor in mus else min(mus)
    in_order = measure(args.files)
    fitted_shares = first_place_shares(mus, games)
    order_shares = first_place_shares(in_order, games)
    print(f"{len(games)} games; se: the standard error of a bot's mu less {anchor}'s (the location of")
    print("the whole scale is the prior's: Plackett-Luce itself only sees differences)")
    print("bot             fitted mu (se)  shown   in-order mu  shown   first places: won / fit / in-order")
    for bot in sorted(mus, key=lambda name: mus[name]):
        won, fitted = fitted_shares[bot]
        variance = covariance[bot, bot] + covariance[anchor, anchor] - 2 * covariance[bot, anchor]
        error = math.sqrt(max(variance, 0.0))
        print(
            f"{bot:15s} {mus[bot]:7.2f} ({error:.2f}) {shown(mus[bot]):6d}   {in_order[bot]:8.2f}  "
            f"{shown(in_order[bot]):6d}   {won:6.1%} / {fitted:6.1%} / {order_shares[bot][1]:6.1%}"
        )
    if args.json:
        print(json.dumps({bot: round(mu, 2) for bot, mu in sorted(mus.items())}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
