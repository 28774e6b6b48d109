"""The server's settings: declared once in ``Settings``, read from ``PETERSBURG_*`` variables, and
given as flags of ``petersburg serve`` derived from the same fields; a flag wins over the variable,
the variable over the default; a value that does not fit stops the command with a sentence."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from petersburg.cli import build_parser
from petersburg.server.cli import flag_name, served_settings
from petersburg.server.settings import ENV_PREFIX, Settings


@pytest.fixture(autouse=True)
def bare_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """No setting comes from the environment the tests run in."""
    for name in Settings.model_fields:
        monkeypatch.delenv(ENV_PREFIX + name.upper(), raising=False)
    yield monkeypatch


def serve(*flags: str) -> Settings:
    """The settings ``petersburg serve <flags>`` would run with."""
    return served_settings(build_parser().parse_args(["serve", *flags]))


def test_the_defaults_are_a_small_servers() -> None:
    settings = Settings()
    assert (settings.host, settings.port, settings.bot_delay, settings.max_live_tables) == (
        "127.0.0.1",
        8000,
        0.6,
        2000,
    )
    assert settings.database == "sqlite:///data/petersburg.db"
    assert settings.tune_gc is False  # a test process starting many servers keeps its collector


def test_each_setting_is_read_from_its_variable(bare_environment: pytest.MonkeyPatch) -> None:
    bare_environment.setenv("PETERSBURG_BOT_DELAY", "1.5")
    bare_environment.setenv("PETERSBURG_MAX_LIVE_TABLES", "12")
    bare_environment.setenv("PETERSBURG_WS_COMPRESSION", "on")
    bare_environment.setenv("PETERSBURG_BOT_MODULES", "one.bots, two.bots")
    bare_environment.setenv("PETERSBURG_DATABASE_URL", "postgresql://me@db/games")
    bare_environment.setenv("PETERSBURG_SEED", "")  # empty: as if unset
    settings = Settings()
    assert settings.bot_delay == 1.5 and settings.max_live_tables == 12
    assert settings.ws_compression is True
    assert settings.bot_modules == ("one.bots", "two.bots")
    assert settings.database == "postgresql://me@db/games" and settings.seed is None


def test_every_setting_has_a_flag_with_its_description_and_variable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name, field in Settings.model_fields.items():
        if name in ("secret_key", "smtp_password", "vapid_private_key"):
            # kept out of --help: a secret belongs in the environment
            assert getattr(serve(flag_name(name), "s3cret"), name) is not None
            continue
        assert f"{flag_name(name)} " in text and f"{ENV_PREFIX}{name.upper()})" in text
        assert field.description is not None and " ".join(field.description.split()) in text
    assert flag_name("bot_modules") == "--import"


def test_a_flag_wins_over_the_variable_which_wins_over_the_default(
    bare_environment: pytest.MonkeyPatch,
) -> None:
    assert serve().bot_delay == 0.6
    bare_environment.setenv("PETERSBURG_BOT_DELAY", "1.5")
    assert serve().bot_delay == 1.5
    assert serve("--bot-delay", "2").bot_delay == 2.0
    bare_environment.setenv("PETERSBURG_PORT", "9000")
    assert serve("--port", "9001").port == 9001 and serve().port == 9000


def test_flags_of_every_kind(tmp_path: Path) -> None:
    settings = serve(
        "--import",
        "one.bots",
        "--import",
        "mine.py",
        "--set-aside-bad-logs",
        "--ws-compression",
        "on",
        "--seed",
        "7",
        "--data-dir",
        str(tmp_path),
    )
    assert settings.bot_modules == ("one.bots", str(Path("mine.py").resolve()))  # a file: absolute
    assert settings.set_aside_bad_logs is True and settings.ws_compression is True
    assert settings.seed == 7
    assert settings.database == f"sqlite:///{tmp_path / 'petersburg.db'}"


def test_serve_tunes_the_collector_unless_told_not_to(bare_environment: pytest.MonkeyPatch) -> None:
    assert serve().tune_gc is True
    assert serve("--tune-gc", "off").tune_gc is False
    bare_environment.setenv("PETERSBURG_TUNE_GC", "false")
    assert serve().tune_gc is False
    assert serve("--tune-gc").tune_gc is True


def test_negative_delays_are_none_and_at_least_one_worker() -> None:
    settings = serve("--bot-delay", "-1", "--undo-grace", "-2", "--bot-workers", "0", "--workers", "-3")
    assert (settings.bot_delay, settings.undo_grace, settings.bot_workers, settings.workers) == (0, 0, 1, 1)


def test_a_bad_value_gets_a_sentence_naming_its_variable_or_flag(
    bare_environment: pytest.MonkeyPatch,
) -> None:
    bare_environment.setenv("PETERSBURG_MAX_LIVE_TABLES", "many")
    with pytest.raises(SystemExit) as stopped:
        serve()
    assert str(stopped.value) == "petersburg: PETERSBURG_MAX_LIVE_TABLES must be a whole number, not 'many'."
    bare_environment.delenv("PETERSBURG_MAX_LIVE_TABLES")
    with pytest.raises(SystemExit) as stopped:
        serve("--bot-delay", "soon", "--ws-compression", "maybe")
    assert str(stopped.value) == (
        "petersburg: --bot-delay must be a number, not 'soon'.\n"
        "petersburg: --ws-compression must be on or off, not 'maybe'."
    )


def test_the_settings_reach_every_server_process_through_its_environment(
    bare_environment: pytest.MonkeyPatch,
) -> None:
    settings = serve("--import", "one.bots", "--bot-delay", "0.25", "--redis-url", "redis://r/0")
    for variable, value in settings.environment().items():
        if value is not None:
            bare_environment.setenv(variable, value)
    assert Settings() == settings  # what create_app() reads in each process
    assert settings.environment()["PETERSBURG_SEED"] is None  # unset: no seed


def test_serve_stops_on_a_bad_value_before_serving(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "petersburg.cli", "serve", "--data-dir", str(tmp_path), "--port", "eighty"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0
    assert "petersburg: --port must be a whole number, not 'eighty'." in run.stderr
    assert not (tmp_path / "petersburg.db").exists()
