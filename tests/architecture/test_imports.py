"""The package keeps its arrows: no import cycle, and no import against the layers' direction."""

from __future__ import annotations

from pathlib import Path

from tests.architecture.import_graph import cycles, import_graph, problems, violations


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "petersburg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_package_has_no_import_cycle_and_no_arrow_against_its_layers() -> None:
    assert problems() == []


def test_a_cycle_is_found_however_it_is_written(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from petersburg import b\n",
            "b.py": "def late() -> None:\n    from petersburg.c import thing\n",
            "c.py": "from . import a\nthing = 1\n",
            "d.py": "import petersburg.a\n",
        },
    )
    assert cycles(import_graph(root)) == [["petersburg.a", "petersburg.b", "petersburg.c"]]


def test_an_arrow_against_the_layers_is_named_with_its_reason(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "cards.py": "",
            "engine/__init__.py": "from petersburg.engine import rules\n",
            "engine/rules.py": (
                "import json\nimport numpy\nfrom petersburg import cards\nfrom petersburg.text import words\n"
            ),
            "text/__init__.py": "",
            "text/words.py": "from petersburg.engine import rules\n",
            "server/__init__.py": "",
            "server/game/__init__.py": "",
            "server/game/play.py": "import sqlalchemy\nfrom petersburg.server.api import routes\n",
            "server/api/__init__.py": "",
            "server/api/routes.py": "from petersburg.server.game import play\n",
        },
    )
    found = violations(import_graph(root))
    assert "petersburg.engine.rules imports numpy: the engine is the pure core" in "\n".join(found)
    assert any(line.startswith("petersburg.engine.rules imports petersburg.text.words:") for line in found)
    assert any(line.startswith("petersburg.server.game.play imports sqlalchemy:") for line in found)
    assert any(
        line.startswith("petersburg.server.game.play imports petersburg.server.api.routes:") for line in found
    )
    assert not any(
        "json" in line or "petersburg.cards" in line or "text.words imports" in line for line in found
    )
