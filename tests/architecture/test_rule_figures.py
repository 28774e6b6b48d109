"""No rule figure is restated outside the engine: bots, server, words and pages ask the engine."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.rule_figures import javascript_hits, problems, python_hits, rule_figures


def test_no_rule_figure_is_written_outside_the_engine() -> None:
    assert problems() == []


def test_the_figures_watched_are_the_engines() -> None:
    figures = rule_figures()
    assert {25, 10} <= figures  # the starting rubles, the rubles a Pub takes per conversion
    assert all(abs(figure) >= 2 for figure in figures)


def test_a_restated_figure_is_found_in_code_and_in_words(tmp_path: Path) -> None:
    source = tmp_path / "bot.py"
    source.write_text(
        '"""Docstrings may say 25 rubles: they are prose for developers."""\n'
        "def guess(player):\n"
        "    rubles = player.rubles if player.rubles >= 0 else 25\n"
        "    timeout = 25\n"
        "    note = 'A hand card costs 5 VP at the end.'\n"
        "    return rubles, timeout, note\n"
    )
    hits = [(line, what) for line, what in python_hits(source, frozenset({25, 5}))]
    assert hits == [(3, "25 beside 'rubles'"), (5, "'5 VP' in a text")]

    page = tmp_path / "page.js"
    page.write_text("// a Pub takes 10 rubles\nconst pubRubles = 10;\nconst delay = 10;\nshow('+3 ₽');\n")
    page_hits = [what for _line, what in javascript_hits(page, frozenset({10, 3}))]
    assert page_hits == ["10 beside 'pubRubles'", "'+3 ₽' in a text"]
