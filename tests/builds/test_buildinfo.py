"""Which build runs: compiled where a compiler works, pure Python when forced or when stale.

The staleness and forcing rules are checked on a copy of the package's sources in which two modules
have stand-in "compiled" files (bytes that are no extension at all): whenever the rules choose the
sources, importing works; when they choose the compiled files, importing them fails, which shows
that the compiled files would be the ones loaded.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import petersburg
from petersburg import build_info
from petersburg.buildinfo import MANIFEST_NAME, PURE_PYTHON_VARIABLE, source_digest
from tests.builds.helpers import ROOT, child_env, compiled_names, require_compiled_build

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
STAND_INS = ("petersburg.engine.rules", "petersburg.bots.greedy")

PROBE = (
    "import json, petersburg\n"
    "info = petersburg.build_info()\n"
    "files = {}\n"
    "for name in ('petersburg.engine.rules', 'petersburg.bots.greedy', 'petersburg.cards'):\n"
    "    try:\n"
    "        files[name] = __import__(name, fromlist=['_']).__file__.rsplit('/', 1)[1]\n"
    "    except ImportError as error:\n"
    "        files[name] = 'ImportError'\n"
    "print(json.dumps({'compiled': info.compiled, 'modules': list(info.modules),\n"
    "                  'reason': info.reason, 'text': str(info), 'files': files}))\n"
)


def loaded_from(name: str) -> str:
    """The file module ``name`` was imported from."""
    path = importlib.import_module(name).__file__
    assert path is not None, name
    return path


def test_the_compiled_build_runs_where_a_compiler_works() -> None:
    require_compiled_build()
    names = compiled_names()
    assert list(build_info().modules) == names
    for name in names:
        assert loaded_from(name).endswith(SUFFIX), name
    for name in ("petersburg.engine.errors", "petersburg.bots.base", "petersburg.server.game.play"):
        assert loaded_from(name).endswith(".py"), name
    record = json.loads((Path(petersburg.__file__).parent / MANIFEST_NAME).read_text())
    assert sorted(record["modules"]) == names
    assert str(build_info()).startswith("compiled with mypyc")


def stand_in(package: Path, name: str) -> Path:
    """Where the compiled file of module ``name`` goes in ``package``."""
    *folders, stem = name.split(".")[1:]
    return package.joinpath(*folders, stem + SUFFIX)


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A copy of the package's sources with stand-in compiled files and their build record."""
    source = Path(petersburg.__file__).parent
    copy = tmp_path / "src" / "petersburg"
    shutil.copytree(
        source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", MANIFEST_NAME)
    )
    digests = {}
    for name in STAND_INS:
        stand_in(copy, name).write_bytes(b"not an extension module")
        digests[name] = source_digest(stand_in(copy, name).with_name(name.rsplit(".", 1)[1] + ".py"))
    (copy / MANIFEST_NAME).write_text(json.dumps({"modules": digests}))
    return copy


def probe(package: Path, pure: bool = False) -> tuple[dict[str, Any], str]:
    """What a fresh process importing ``package`` reports, and its standard error."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=package.parent,
        env=child_env(pure, PYTHONPATH=str(package.parent)),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout), done.stderr


def test_matching_compiled_files_are_the_ones_loaded(package: Path) -> None:
    report, errors = probe(package)
    assert report["compiled"] is True and report["modules"] == sorted(STAND_INS)
    assert report["files"] == {
        "petersburg.engine.rules": "ImportError",  # the stand-in file was chosen over the source
        "petersburg.bots.greedy": "ImportError",
        "petersburg.cards": "cards.py",
    }
    assert "Warning" not in errors


def test_the_variable_forces_every_module_to_run_from_source(package: Path) -> None:
    report, errors = probe(package, pure=True)
    assert report["compiled"] is False and report["modules"] == []
    assert report["reason"] == f"{PURE_PYTHON_VARIABLE} is set"
    assert report["text"] == f"pure Python ({PURE_PYTHON_VARIABLE} is set)"
    assert report["files"] == {
        "petersburg.engine.rules": "rules.py",
        "petersburg.bots.greedy": "greedy.py",
        "petersburg.cards": "cards.py",
    }
    assert "Warning" not in errors


def test_an_edited_source_sets_every_compiled_module_aside_with_a_warning(package: Path) -> None:
    rules = package / "engine" / "rules.py"
    rules.write_text(rules.read_text() + "\n# edited after the build\n")
    report, errors = probe(package)
    assert report["compiled"] is False
    assert (
        report["reason"] == "compiled modules out of date: petersburg/engine/rules.py changed since the build"
    )
    # greedy.py did not change, but its compiled file belongs to the same build: it is set aside too.
    assert report["files"]["petersburg.engine.rules"] == "rules.py"
    assert report["files"]["petersburg.bots.greedy"] == "greedy.py"
    assert "RuntimeWarning" in errors and "Rebuild with `make install`" in errors
    assert "petersburg/engine/rules.py changed since the build" in errors


def test_compiled_files_without_their_build_record_are_set_aside(package: Path) -> None:
    (package / MANIFEST_NAME).unlink()
    report, errors = probe(package)
    assert report["compiled"] is False
    assert (
        report["reason"]
        == f"compiled modules out of date: compiled modules without a valid build record ({MANIFEST_NAME})"
    )
    assert report["files"]["petersburg.engine.rules"] == "rules.py"
    assert "RuntimeWarning" in errors


def test_compiled_files_of_another_build_are_set_aside(package: Path) -> None:
    stand_in(package, "petersburg.bots.greedy").unlink()
    report, errors = probe(package)
    assert (
        report["reason"]
        == "compiled modules out of date: the compiled modules are not those of the last build"
    )
    assert report["files"]["petersburg.engine.rules"] == "rules.py"
    assert "RuntimeWarning" in errors


def test_without_compiled_files_the_build_is_pure_python_silently(package: Path) -> None:
    for name in STAND_INS:
        stand_in(package, name).unlink()
    report, errors = probe(package)
    assert report["compiled"] is False and report["reason"] == "no compiled modules are installed"
    assert report["files"]["petersburg.engine.rules"] == "rules.py"
    assert "Warning" not in errors


def test_make_rebuilds_when_a_compiled_source_changes_and_only_then() -> None:
    if shutil.which("make") is None:
        pytest.fail("make is needed for the build (it runs `make test`)")

    def planned(changed: str) -> str:
        return subprocess.run(
            ["make", "--dry-run", f"--what-if={changed}", "install"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout

    rebuild = "pip install --quiet --disable-pip-version-check --no-deps -e ."
    assert rebuild not in planned("Makefile"), "the build is out of date: run `make install`"
    assert rebuild in planned("src/petersburg/engine/rules.py")
    assert rebuild in planned("src/petersburg/bots/ismcts.py")
    assert rebuild in planned("setup.py")
    assert rebuild not in planned("src/petersburg/server/app.py")


def test_the_server_start_line_names_the_build(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "petersburg.cli", "serve", "--port", "0", "--data-dir", str(tmp_path)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # printed before the server starts listening (or EOF)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert line.startswith("Sankt Petersburg is served at http://127.0.0.1:0")
    assert f"engine and bots: {build_info()};" in line
