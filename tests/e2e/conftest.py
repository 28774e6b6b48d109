"""A real server on a free loopback port and Debian's headless Chromium, for the browser tests."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from petersburg.server.local import LocalServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a server started as a subprocess (bots act after 20 ms; a bot move that would end
    the chance to undo a person's action waits until 0.3 s after it)."""
    with LocalServer(tmp_path_factory.mktemp("data"), bot_delay=0.02, undo_grace=0.3) as local:
        yield local.base_url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail("Chromium is missing: run `make browser` (apt-get install chromium).")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield instance
        instance.close()


def shot(page: Any, name: str, full_page: bool = True) -> None:
    """Save a screenshot under test-artifacts/ (name may contain a folder) for a person to look at."""
    path = ARTIFACTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)
