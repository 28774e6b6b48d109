"""The ladder's section of ``docs/bots.md``, written from the measured table.

    python -m petersburg.tournament.ladder_docs           # rewrite the section in docs/bots.md
    python -m petersburg.tournament.ladder_docs --check   # exit 1 if the docs differ from the table

``benchmarks/bots_ladder.py`` measures the ladder and writes ``petersburg/bots/ladder.json``; the
docs show that table between two marker lines, in the same order and with the same figures and
sentences as the lobby (``petersburg.text.bots``, in English), so that they cannot drift apart: a
test fails when the section differs from what this module makes of the table.
"""

from __future__ import annotations

import sys
from pathlib import Path

from petersburg.bots.levels import EDITIONS, GamesWon, built_in_levels, ladder_table, quoted_duel
from petersburg.text.bots import level_name, level_text
from petersburg.written_section import WrittenSection

BEGIN = "<!-- ladder table: written by `python -m petersburg.tournament.ladder_docs`, do not edit -->"
END = "<!-- end of the ladder table -->"
SECTION = WrittenSection(BEGIN, END, "python -m petersburg.tournament.ladder_docs")
DOCS = Path(__file__).resolve().parents[3] / "docs" / "bots.md"
"""docs/bots.md of the source tree this module is in."""


def _games_cell(games: GamesWon | None) -> str:
    """Games won of games played, with the interval; a dash where none were measured."""
    if games is None or not games.games:
        return "–"
    return f"{games.wins:g} / {games.games} ({games.low:.0%}–{games.high:.0%})"


EDITION_WORDS = {"first": "1st edition", "second_market": "2nd edition + Market"}


def _span(counts: list[int]) -> str:
    """Games per duel: one count, or the fewest and the most (a run cut short)."""
    low, high = counts
    return str(low) if low == high else f"{low}–{high}"


def section() -> str:
    """The section as the table makes it, marker lines included."""
    table = ladder_table()
    lines = [
        BEGIN,
        "",
        "| level | bot | rating | won vs the level below, 2 players, 1st edition (95 %) | "
        "2nd edition + Market | 3 players vs two of the level below, 1st edition | "
        "2nd edition + Market | s / move, 4 players | what people read |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for level in built_in_levels():
        name = level_name(level.id) + (" (research)" if level.research else "")
        rating = "–" if level.rating is None or level.research else f"{level.rating:,}"
        seconds = "–" if level.seconds is None else f"{level.seconds:.3f}"
        below = f" vs {level_name(level.below)}" if level.below else ""
        sentence = level_text(level.id, quoted=quoted_duel(level), futures=level.futures)
        lines.append(
            f"| {name} | `{level.spec}` | {rating} | {_games_cell(level.duel(EDITIONS[0]))}{below} | "
            f"{_games_cell(level.duel(EDITIONS[1]))} | {_games_cell(level.trio(EDITIONS[0]))} | "
            f"{_games_cell(level.trio(EDITIONS[1]))} | {seconds} | {sentence} |"
        )
    played = table.get("games_played", {})
    counts = "; ".join(
        f"{EDITION_WORDS[edition]}: {_span(played[edition]['duel_games'])} games per duel, "
        + (
            f"{_span(played[edition]['trio_games'])} per 3-player match, "
            if "trio_games" in played[edition]
            else "no 3-player games yet, "
        )
        + f"{played[edition]['four_player_games']} 4-player games"
        for edition in EDITIONS
        if edition in played
    )
    lines += [
        "",
        f"Measured {table.get('date', '')} by `{table.get('command', '')}`"
        + (f" ({counts})" if counts else "")
        + ("." if table.get("complete") else "; the run was cut short, the counts are those played.")
        + (
            ""
            if table.get("holds")
            else " Not every rung holds yet: `benchmarks/bots_ladder.py` prints where it does not."
        ),
        "",
        END,
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = SECTION.parser(__doc__ or "", DOCS).parse_args(argv)
    return SECTION.write_or_check(Path(args.docs), section(), args.check)


if __name__ == "__main__":
    sys.exit(main())
