"""The tournament runner: bots play many games with seats rotated; results, Elo, charts.

``petersburg tournament --bots ismcts:hard,greedy,greedy,greedy --games 200 --jobs 2 --seed 1``;
see ``petersburg.tournament.runner`` for how games and seeds are laid out.
"""

from __future__ import annotations

from petersburg.tournament.runner import TournamentSpec, derive_seed, game_seed, play_game, run_games, seating
from petersburg.tournament.stats import elo_ratings, format_table, summarize, wilson_interval

__all__ = [
    "TournamentSpec",
    "derive_seed",
    "elo_ratings",
    "format_table",
    "game_seed",
    "play_game",
    "run_games",
    "seating",
    "summarize",
    "wilson_interval",
]
