"""The terminal game and the command line speak the reader's language: ``--lang``, else the
environment's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English; an unknown code reads in
English. The commands a player types stay the same in every language."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from petersburg.cli import main, reader_language
from petersburg.engine import new_game, parse_action, state_to_json, why_illegal
from petersburg.text import wording
from petersburg.text.rule_refusals import rule_refusal
from petersburg.text.terminal import terminal_text
from petersburg.text.translations import Forms, translations

GERMAN = {
    "terminal.welcome": ("Sankt Petersburg - {players} Spieler, Startwert {seed}. 'help' zeigt die Hilfe.",),
    "terminal.abandoned": ("Spiel abgebrochen.",),
    "terminal.replay_finished": ("{players} Spieler, Startwert {seed}, {actions} Aktionen, beendet.",),
}
"""A translator's German of a few sentences (the suite does not wait for the translators' files)."""


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    def with_german(language: str) -> Mapping[str, Forms]:
        found = dict(translations(language))
        return {**found, **GERMAN} if language == "de" else found

    monkeypatch.setattr(wording, "translations", with_german)


@pytest.mark.parametrize(
    ("chosen", "environ", "expected"),
    [
        ("de", {}, "de"),
        ("ja-JP", {"LANG": "fr_FR.UTF-8"}, "ja"),
        (None, {"LANG": "de_DE.UTF-8"}, "de"),
        (None, {"LC_ALL": "it_IT.UTF-8", "LANG": "de_DE.UTF-8"}, "it"),
        (None, {"LC_MESSAGES": "es_ES", "LANG": "de_DE.UTF-8"}, "es"),
        (None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL binds, and C is English
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {}, "en"),
        ("xx", {"LANG": "de_DE.UTF-8"}, "en"),
        ("qps", {}, "en"),
    ],
)
def test_the_language_of_the_output(chosen: str | None, environ: dict[str, str], expected: str) -> None:
    assert reader_language(chosen, environ) == expected


def test_play_speaks_the_language_asked_for(
    german: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--lang", "de", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Sankt Petersburg - 2 Spieler, Startwert 3." in out and out.rstrip().endswith("Spiel abgebrochen.")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert main(["play", "--seed", "3"]) == 0
    assert "Spiel abgebrochen." in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--lang", "xx", "--seed", "3"]) == 0  # unknown: English, no error
    assert capsys.readouterr().out.rstrip().endswith("Game abandoned.")


def test_replay_speaks_the_language_asked_for(
    german: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["selfplay", "--seed", "5"]) == 0
    path = tmp_path / "record.json"
    path.write_text(capsys.readouterr().out)
    actions = len(json.loads(path.read_text())["actions"])
    assert main(["replay", str(path), "--lang", "de"]) == 0
    assert f"2 Spieler, Startwert 5, {actions} Aktionen, beendet." in capsys.readouterr().out


def test_the_command_takes_lang_from_the_environment() -> None:
    """The installed command itself, in a process of its own, with English as the environment's."""
    done = subprocess.run(
        [sys.executable, "-m", "petersburg.cli", "play", "--seed", "2", "--lang", "en"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={"LC_ALL": "C", "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)},
    )
    assert done.returncode == 0 and done.stdout.rstrip().endswith("Game abandoned.")


def test_the_commands_refusals_are_in_the_readers_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A player-facing command's refusal is a catalogue sentence worded for the reader (``--lang``,
    else the locale); the engine's refusal of an illegal action too."""

    def refused(*argv: str) -> str:
        assert main(list(argv)) == 2
        err = capsys.readouterr().err
        assert err.startswith("petersburg: ") and err.count("\n") == 1
        return err.removeprefix("petersburg: ").rstrip("\n")

    humans = terminal_text("humans_range", most=2)
    assert refused("play", "--humans", "9", "--lang", "ja") == humans.in_language("ja") != str(humans)
    missing = str(tmp_path / "missing.json")
    said = refused("legal", missing, "--lang", "de")
    assert said.startswith(f"{missing} kann nicht gelesen werden: ")
    state = new_game(2, 3)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state_to_json(state)))
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    action = parse_action("buy U8")
    reason = why_illegal(state, action)
    assert reason is not None
    assert refused("apply", str(path), "buy U8") == rule_refusal(reason, state.shape).in_language("fr")
    assert main(["selfplay", "--seed", "5"]) == 0
    record = tmp_path / "record.json"
    record.write_text(capsys.readouterr().out)
    no_seat = terminal_text("no_seat", seat=3, players=2)
    assert refused("analyse", str(record), "--seat", "3", "--lang", "es") == no_seat.in_language("es")
