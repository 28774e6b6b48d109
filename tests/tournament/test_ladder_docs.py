"""docs/bots.md shows the measured ladder table as it is: a test fails when they differ."""

from __future__ import annotations

from pathlib import Path

from petersburg.bots.levels import bot_levels, ladder_table
from petersburg.text.bots import level_name
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
