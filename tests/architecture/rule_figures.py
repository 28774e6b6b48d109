"""Rule figures written outside the engine: ``python -m tests.architecture.rule_figures``.

A rule is written once, in the engine; a bot, a page or a sentence that restates a figure of it (the
25 starting rubles, the Pub's rate, the aristocrat bonus, a card's cost) goes wrong silently the day
the rule or the edition changes. This scanner knows every figure the engine declares (its upper-case
constants and the card tables, read at run time, so a new constant is watched at once) and looks
for them where a reader would see a rule restated:

- in Python outside ``engine`` and the card data: a number that is one of those figures in the same
  statement as a name that speaks of the game's economy (``rubles``, ``vp``, ``hand``, ``pub``,
  ``aristocrat``, ``price`` …), and any text that states a figure in the game's units ("5 VP",
  "25 rubles", "10 ₽");
- in the pages' JavaScript: the same on each line of code (comments are prose for developers);
- in both, a few figures that plain names speak of without any economic word: the hand limits
  beside ``warehouse`` or ``limit``, the largest player counts beside ``seats`` or ``players``
  (``NAMED_FIGURES``; only those figures, so that a seat's index or a loop's bound stays quiet).

A hit that is not a rule (a tuned weight of a bot, a limit of the server) goes on ``ALLOWED``, by
file, figure and name, with the reason; the list is short on purpose.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parents[2] / "src"
PACKAGE_DIR = SOURCE_ROOT / "petersburg"
RULE_HOMES = ("engine/", "cards.py", "cards_second_edition.py")
"""Where rule figures belong (relative to the package)."""

RULE_WORDS = re.compile(
    r"ruble|rouble|\bvp|_vp|vp_|victory|hand|pub\b|pub_|_pub|aristocrat|price|cost|income|bonus|"
    r"penalt|crate|starting|start_money",
    re.IGNORECASE,
)
"""Names that speak of the game's economy: a figure beside one of them is a rule restated."""
UNITS = re.compile(r"(?<![\w.#])[-−+]?\d+\s*(₽|VP\b|rubles?\b|roubles?\b|victory points?\b)", re.IGNORECASE)
"""A figure stated in the game's units inside a text."""

NAMED_FIGURES: dict[str, tuple[str, ...]] = {
    r"warehouse|limit": ("HAND_LIMIT", "WAREHOUSE_HAND_LIMIT"),
    r"seats?|players?": ("MIN_PLAYERS", "MAX_PLAYERS", "MAX_PLAYERS_MARKET"),
}
"""Names (a pattern) -> the engine's constants whose figures are a rule restated beside them, though
the names say nothing of the economy (``area.includes("warehouse") ? 4 : 3``, ``maxSeats = 5``)."""

ALLOWED: dict[str, str] = {
    "bots/evaluation.py: 3 beside 'ruble_cap'": "a tuned weight of the evaluation: the most a ruble is worth",
    "bots/ismcts.py: 4 beside 'num_players'": "the player count a search level's iterations are tuned at",
    "bots/ismcts.py: 4 beside 'players'": "the table size at which a level's own settings were measured",
    "bots/ismcts.py: 5 beside 'players'": "Medium's iterations in Market duels, a tuned budget",
    "server/persistence/sql/accounts.py: 3 beside 'limit'": "the leaderboard's order, mu less 3 sigma",
}
"""``"<file>: <figure> beside '<name>'"`` (or ``"<file>: '<text>' in a text"``) -> why that figure
there is not a rule."""

NamedFigures = Sequence[tuple[re.Pattern[str], frozenset[int]]]
"""Compiled ``NAMED_FIGURES``: a pattern of names and the figures watched beside them."""


def _engine_constants() -> dict[str, object]:
    """Every upper-case name the engine and the card data declare, with its value."""
    import petersburg.engine as engine

    names = ["petersburg.cards", "petersburg.cards_second_edition"]
    names += [f"petersburg.engine.{info.name}" for info in pkgutil.iter_modules(engine.__path__)]
    constants: dict[str, object] = {}
    for name in names:
        module = importlib.import_module(name)
        constants.update(
            (attribute, value) for attribute, value in vars(module).items() if attribute.isupper()
        )
    return constants


def _watched(values: Iterator[object]) -> frozenset[int]:
    """The figures of two or more among ``values``: integers, and the items of tuples of integers."""
    figures: set[int] = set()
    for value in values:
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            figures.add(value)
        elif isinstance(value, tuple) and value and all(type(item) is int for item in value):
            figures.update(value)
    return frozenset(figure for figure in figures if abs(figure) >= 2)


def rule_figures() -> frozenset[int]:
    """Every figure of two or more the engine and the card data declare: the values of their
    upper-case integer constants and of upper-case tuples of integers (card tables, bonus tables)."""
    return _watched(iter(_engine_constants().values()))


def named_figures() -> list[tuple[re.Pattern[str], frozenset[int]]]:
    """``NAMED_FIGURES`` with each constant read from the engine (a name it no longer declares is an
    error here, not a silent gap)."""
    constants = _engine_constants()
    return [
        (re.compile(pattern, re.IGNORECASE), _watched(constants[name] for name in names))
        for pattern, names in NAMED_FIGURES.items()
    ]


def _beside(
    words: list[str], numbers: set[int], figures: frozenset[int], named: NamedFigures
) -> Iterator[str]:
    """``"<figure> beside '<name>'"`` for the figures among the ``numbers`` of one statement (or line)
    with ``words`` in it: any rule figure beside a word of the economy, else the ``named`` figures
    beside the names that speak of them."""
    economic = [word for word in words if RULE_WORDS.search(word)]
    if economic:
        for figure in sorted(numbers & figures):
            yield f"{figure} beside {economic[0]!r}"
        return
    for pattern, watched in named:
        beside = [word for word in words if pattern.search(word)]
        if beside:
            for figure in sorted(numbers & watched):
                yield f"{figure} beside {beside[0]!r}"


def _words(node: ast.AST) -> Iterator[str]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name):
            yield inner.id
        elif isinstance(inner, ast.Attribute):
            yield inner.attr
        elif isinstance(inner, ast.keyword | ast.arg) and inner.arg:
            yield inner.arg


def _numbers(node: ast.AST) -> Iterator[int]:
    for inner in ast.walk(node):
        value = inner.value if isinstance(inner, ast.Constant) else None
        if isinstance(value, int | float) and not isinstance(value, bool) and float(value).is_integer():
            yield abs(int(value))


def _statements(tree: ast.AST) -> Iterator[ast.AST]:
    """The smallest units that hold expressions: simple statements, and the headers of compound
    ones (an ``if``'s test, a ``def``'s defaults) without their bodies."""
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not hasattr(node, "body"):
            yield node
        elif isinstance(node, ast.If | ast.While):
            yield node.test
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node.args


def _docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of docstrings (of modules, classes, functions and attributes: every text standing
    alone as a statement): prose for developers, like comments."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def python_hits(path: Path, figures: frozenset[int], named: NamedFigures = ()) -> Iterator[tuple[int, str]]:
    """(line, what) for each rule figure restated in a Python file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for statement in _statements(tree):
        line = getattr(statement, "lineno", 0)
        for what in _beside(list(_words(statement)), set(_numbers(statement)), figures, named):
            yield line, what
    docstrings = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            for match in UNITS.finditer(node.value):
                yield node.lineno, f"{match.group(0)!r} in a text"


_JS_LINE_COMMENT = re.compile(r"^\s*(//|/?\*)")
_JS_NUMBER = re.compile(r"(?<![\w.#-])\d+(?![\w.])")
_JS_WORD = re.compile(r"[A-Za-z_$][\w$]*")


def javascript_hits(
    path: Path, figures: frozenset[int], named: NamedFigures = ()
) -> Iterator[tuple[int, str]]:
    """(line, what) for each rule figure restated on a line of code of a JavaScript module."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if _JS_LINE_COMMENT.match(line):
            continue
        code = line.split("//", 1)[0] if "://" not in line else line
        for match in UNITS.finditer(code):
            yield number, f"{match.group(0)!r} in a text"
        numbers = {int(found) for found in _JS_NUMBER.findall(code)}
        for what in _beside(_JS_WORD.findall(code), numbers, figures, named):
            yield number, what


def problems(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """Every figure restated outside the engine and not on ``ALLOWED``."""
    figures = rule_figures()
    named = named_figures()
    found: list[str] = []
    for path in sorted(package_dir.rglob("*")):
        relative = path.relative_to(package_dir).as_posix()
        if relative.startswith(RULE_HOMES) or path.suffix not in (".py", ".js"):
            continue
        scan = python_hits if path.suffix == ".py" else javascript_hits
        for line, what in scan(path, figures, named):
            if f"{relative}: {what}" not in ALLOWED:
                found.append(f"{relative}:{line}: {what}")
    return found


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    print(f"{len(found)} rule figure(s) written outside the engine")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
