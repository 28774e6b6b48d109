"""The static files: versioned addresses cached for good, gzip for text, pages that name the version."""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from petersburg.server.api.static import IMMUTABLE, StaticTree, router, static_tree, without_comments


def test_a_versioned_file_is_cached_for_good_and_gzipped(client: TestClient) -> None:
    version = static_tree().version
    response = client.get(f"/static/{version}/js/table/main.js", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["cache-control"] == IMMUTABLE
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["content-type"].startswith("application/javascript")
    assert int(response.headers["content-length"]) < len(response.content) / 2  # decoded by the client
    plain = client.get(f"/static/{version}/js/table/main.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == response.content


def test_pages_name_the_static_files_under_the_version(client: TestClient) -> None:
    version = static_tree().version
    for path in ("/", "/table/1", "/results/1", "/help"):
        page = client.get(path)
        assert page.headers["cache-control"] == "no-cache"
        addresses = re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text)
        assert addresses and all(a.startswith(f"/static/{version}/") for a in addresses), path
        for address in addresses:
            assert client.get(address).headers["cache-control"] == IMMUTABLE, address
        again = client.get(path, headers={"If-None-Match": page.headers["etag"]})
        assert again.status_code == 304


def test_an_older_version_or_none_is_revalidated_and_a_missing_file_refused(client: TestClient) -> None:
    older = client.get("/static/0123456789ab/css/base.css")
    assert older.status_code == 200 and older.headers["cache-control"] == "no-cache"
    assert client.get(f"/static/{static_tree().version}/css/nothing.css").status_code == 404
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_the_version_changes_with_any_file(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    module = tmp_path / "js" / "a.js"
    module.write_text("export const a = 1;\n" * 40)
    (tmp_path / "page.html").write_text('<script type="module" src="/static/js/a.js"></script>')
    first = StaticTree(tmp_path)
    module.write_text("export const a = 2;\n" * 40)
    second = StaticTree(tmp_path)
    assert first.version != second.version
    assert f'src="/static/{second.version}/js/a.js"'.encode() in second.pages["page.html"].body
    assert gzip.decompress(second.files["js/a.js"].gzipped or b"") == module.read_bytes()


def test_a_small_file_goes_out_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "tiny.css").write_text("a{}")
    assert StaticTree(tmp_path).files["tiny.css"].gzipped is None
    app = FastAPI()
    app.include_router(router)
    with TestClient(app) as client:
        assert client.get("/static/css/base.css").headers["content-encoding"] == "gzip"


def test_scripts_go_out_without_comments_and_still_parse(tmp_path: Path) -> None:
    tree = static_tree()
    node = shutil.which("node")
    assert node is not None, "node is needed (the web types are checked with it)"
    for name, sent in tree.files.items():
        if not name.endswith(".js"):
            continue
        text = sent.body.decode()
        if not any(line.count("`") % 2 for line in text.split("\n")):  # else sent as it is
            assert not re.search(r"^//|^/\*[^\n]*\*/$", text, re.MULTILINE), name  # whole-line comments
        module = tmp_path / (name.replace("/", "_") + ".mjs")
        module.write_text(text)
        checked = subprocess.run([node, "--check", str(module)], capture_output=True, text=True, check=False)
        assert checked.returncode == 0, f"{name}: {checked.stderr}"
    assert without_comments("a = 1; // kept\n  // dropped\n/* dropped */\n/*\n dropped\n*/ b = 2;") == (
        "a = 1; // kept\nb = 2;"
    )
    several_lines = "const page = `\n  // a line of the page\n  indented`;\n// a comment\n"
    assert without_comments(several_lines) == several_lines  # a string's content is never changed


def test_the_api_json_is_gzipped(client: TestClient) -> None:
    response = client.get("/api/cards", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip" and len(response.json()) > 40
