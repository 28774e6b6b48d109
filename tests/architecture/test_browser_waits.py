"""No browser test waits on a predicate that returns a promise. Playwright's ``wait_for_function``
does not await what its predicate returns: a promise is an object, so it counts as true at once and
the test goes on without having waited (a test of the final scores once reopened the page mid-game
this way and passed or failed by how fast the bots played). Such a wait is done from the test
instead (an HTTP read in ``eventually``), or by ``page.evaluate``, which does await."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def promise_waits(source: str) -> list[int]:
    """The lines of ``source`` where ``wait_for_function`` is given an ``async`` predicate or one
    that awaits or fetches, written as a string literal or as a module's string constant."""
    tree = ast.parse(source)
    constants = {
        target.id: statement.value.value
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
        for target in statement.targets
        if isinstance(target, ast.Name)
    }
    lines = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "wait_for_function" or not node.args:
            continue
        predicate = node.args[0]
        if isinstance(predicate, ast.Name) and predicate.id in constants:
            text = constants[predicate.id].strip()
        elif isinstance(predicate, ast.Constant) and isinstance(predicate.value, str):
            text = predicate.value.strip()
        else:
            continue
        if text.startswith("async") or "await " in text or "fetch(" in text or ".then(" in text:
            lines.append(node.lineno)
    return lines


def test_no_browser_test_waits_on_a_promise() -> None:
    found = [
        f"{path.relative_to(TESTS)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        for line in promise_waits(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_promise_wait_is_found_however_it_is_written() -> None:
    source = """
OVER = "async (table) => (await fetch(`/api/tables/${table}`)).ok"
page.wait_for_function(OVER, arg=1)
page.wait_for_function("async () => (await fetch('/x')).ok")
page.wait_for_function("() => fetch('/x').then((r) => r.ok)")
page.wait_for_function("document.body.dataset.seq > 3")
"""
    assert promise_waits(source) == [3, 4, 5]
