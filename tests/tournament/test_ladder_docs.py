"""docs/bots.md shows the measured ladder table as it is: a test fails when they differ."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from petersburg.bots import SearchConfig, levels
from petersburg.bots.ismcts import LEVELS
from petersburg.bots.levels import bot_levels, ladder_table
from petersburg.server.accounts.ratings import UNMEASURED_MU, bot_mu
from petersburg.text.bots import level_name, level_text
from petersburg.tournament import ladder_docs
from petersburg.tournament.ladder_docs import BEGIN, DOCS, END, main, section


def test_the_docs_show_the_ladder_table_as_it_is() -> None:
    assert main(["--check"]) == 0, "run: python -m petersburg.tournament.ladder_docs"


def test_a_docs_page_that_differs_from_the_table_is_found_and_rewritten(tmp_path: Path) -> None:
    text = DOCS.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END)
    stale = tmp_path / "bots.md"
    stale.write_text(text[:start] + BEGIN + "\n| an older table |\n" + text[end:], encoding="utf-8")
    assert main(["--check", "--docs", str(stale)]) == 1
    assert main(["--docs", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == text


def test_the_section_lists_the_levels_in_the_tables_order_with_its_command() -> None:
    rows = [line for line in section().splitlines() if line.startswith("| ") and "`" in line]
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == [
        level_name(level.id) + (" (research)" if level.research else "")
        for level in bot_levels()
        if level.id in {entry["id"] for entry in ladder_table()["ladder"] + ladder_table()["research"]}
    ]
    assert f"`{ladder_table()['command']}`" in section()


def test_a_table_with_three_player_games_shows_them_per_edition_and_an_older_one_a_dash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = copy.deepcopy(ladder_table())
    medium = next(entry for entry in table["ladder"] if entry["id"] == "medium")
    medium["trios"] = {
        "first": {"wins": 130.5, "games": 201, "low": 0.58, "high": 0.71},
        "second_market": {"wins": 97.0, "games": 201, "low": 0.41, "high": 0.55},
    }
    hard = next(entry for entry in table["ladder"] if entry["id"] == "hard")
    hard.pop("trios", None)  # as a table measured before the 3-player games has it
    for edition in table["games_played"].values():
        edition["trio_games"] = [201, 201]
    monkeypatch.setattr(levels, "ladder_table", lambda: table)
    monkeypatch.setattr(ladder_docs, "ladder_table", lambda: table)
    levels.built_in_levels.cache_clear()
    try:
        rows = {row.split(" | ")[0].removeprefix("| "): row.split(" | ") for row in section().splitlines()}
        assert rows["Medium"][5:7] == ["130.5 / 201 (58%–71%)", "97 / 201 (41%–55%)"]
        assert rows["Hard"][5:7] == ["–", "–"]
        assert "201 per 3-player match" in section()
    finally:
        levels.built_in_levels.cache_clear()


def test_a_level_whose_bot_changed_since_it_was_measured_is_shown_as_not_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Figures belong to the bot that was measured: a level whose definition differs from the one
    the table stored (here Hard, as if measured when it searched 50 iterations) shows none."""
    table = copy.deepcopy(ladder_table())
    hard = next(entry for entry in table["ladder"] if entry["id"] == "hard")
    assert hard["tables"] == levels.table_definitions("ismcts:hard")  # the shipped table is today's
    earlier = levels.table_definitions("ismcts:hard+iterations=50")
    hard["definition"], hard["tables"] = levels.definition("ismcts:hard+iterations=50"), earlier
    monkeypatch.setattr(levels, "ladder_table", lambda: table)
    monkeypatch.setattr(ladder_docs, "ladder_table", lambda: table)
    levels.built_in_levels.cache_clear()
    try:
        found = {level.id: level for level in levels.built_in_levels()}
        assert found["hard"].duel() is None and found["hard"].mu is None and found["hard"].rating is None
        assert found["hard"].below == "medium"  # still on the ladder, in its place
        assert found["expert"].duel() is not None and found["expert"].mu is not None
        assert level_text("hard", quoted=levels.quoted_duel(found["hard"])) == "Not measured yet."
        assert bot_mu("hard") == UNMEASURED_MU
        rows = {row.split(" | ")[0].removeprefix("| "): row.split(" | ") for row in section().splitlines()}
        assert rows["Hard"][2:5] == ["–", "– vs Medium", "–"]
    finally:
        levels.built_in_levels.cache_clear()


def test_a_level_changed_at_some_tables_keeps_the_figures_of_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Expert as if measured before a change at 4-player 1st-edition tables alone: its duels and
    3-player figures are still today's bot's; its rating, fitted from both editions' 4-player
    games, is not."""
    table = copy.deepcopy(ladder_table())
    expert = next(entry for entry in table["ladder"] if entry["id"] == "expert")
    expert["tables"]["first"]["4"] = levels.definition("ismcts:expert+iterations=401", 4)
    monkeypatch.setattr(levels, "ladder_table", lambda: table)
    levels.built_in_levels.cache_clear()
    try:
        found = {level.id: level for level in levels.built_in_levels()}["expert"]
        assert found.duel() is not None and found.duel("second_market") is not None
        assert found.trio() is not None and found.trio("second_market") is not None
        assert found.mu is None and found.rating is None and found.seconds is None
    finally:
        levels.built_in_levels.cache_clear()


def test_a_level_digest_counts_only_settings_that_change_its_play() -> None:
    """A setting added with a default that plays as before (``tree_lite``, say) leaves every
    measured level's digest as it was; the same setting changed makes the digest another."""
    expert = levels.definition("ismcts:expert")
    assert levels.definition("ismcts:expert+tree_lite=true") == expert
    assert levels.definition("ismcts:expert+tree_lite=false") != expert
    assert levels.definition("ismcts:expert+iterations=401") != expert
    assert levels.changed_settings(SearchConfig()) == "SearchConfig()"
    assert levels.changed_settings(LEVELS["expert"]) == "SearchConfig(iterations=400, lite=False, deny=True)"
