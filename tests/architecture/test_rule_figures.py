"""No rule figure is restated outside the engine: bots, server, words and pages ask the engine."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.rule_figures import (
    ALLOWED,
    javascript_hits,
    named_figures,
    problems,
    python_hits,
    rule_figures,
)


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


def test_a_hand_limit_or_a_player_count_is_found_beside_the_plain_names_that_speak_of_it(
    tmp_path: Path,
) -> None:
    named = named_figures()
    watched = {pattern.pattern: figures for pattern, figures in named}
    assert watched["warehouse|limit"] == {3, 4}  # HAND_LIMIT, WAREHOUSE_HAND_LIMIT
    assert watched["seats?|players?"] == {4, 5}  # MAX_PLAYERS, MAX_PLAYERS_MARKET (MIN_PLAYERS is 1)

    page = tmp_path / "me.js"
    page.write_text(
        'const limit = p.area.includes("warehouse") ? 4 : 3;\n'
        "const maxSeats = withMarket ? 5 : 4;\n"
        "const colour = LINE_STYLES[seat % 2];\n"  # a seat's index, no watched figure
        "for (let seat = 0; seat < 3; seat++) draw(seat);\n"  # 3 is no player count
        "const limit = m.summary[seat].hand_limit;\n"
    )
    hits = list(javascript_hits(page, frozenset(), named))
    assert hits == [
        (1, "3 beside 'limit'"),
        (1, "4 beside 'limit'"),
        (2, "4 beside 'maxSeats'"),
        (2, "5 beside 'maxSeats'"),
    ]

    source = tmp_path / "form.py"
    source.write_text("SeatCount = Field(ge=1, le=5)\nplayers = range(2)\n")
    assert list(python_hits(source, frozenset(), named)) == [(1, "5 beside 'SeatCount'")]
    assert list(python_hits(source, frozenset({5}))) == []  # without the named figures, no economic word


def test_an_allowance_names_the_file_the_figure_and_the_name_with_a_reason() -> None:
    for key, reason in ALLOWED.items():
        assert " beside '" in key or " in a text" in key, key
        assert reason
