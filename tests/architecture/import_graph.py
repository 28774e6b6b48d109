"""The package's import graph, and the arrows it must keep: ``python -m tests.architecture.import_graph``.

The design of the house is a direction: the engine knows nothing of the project but its card data;
words (``text``) and bots know the engine; the server, the terminal game, the environments and the
command line know those; inside the server, the edge (``api``) calls the game, the views and the
accounts, which reach storage and the other processes only through ``persistence`` and ``cluster``.
An arrow pointing back is how a codebase turns into a ball, so this reads every ``import`` of every
module (also those inside functions and ``TYPE_CHECKING`` blocks: a circle drawn only for the type
checker is still a circle in the design) and reports each cycle and each forbidden arrow. Run as a
module it prints them and exits 1; ``tests/architecture/test_imports.py`` runs it in the suite.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "petersburg"

CARD_DATA = ("petersburg.cards", "petersburg.cards_second_edition")
SQL_LIBRARIES = ("sqlalchemy", "alembic", "psycopg")
WEB_LIBRARIES = ("fastapi", "starlette", "uvicorn")


@dataclass(frozen=True)
class Rule:
    """Modules under ``owner`` (but those under ``exempt``) may import nothing under any of
    ``forbidden`` (project modules or third-party packages, by dotted prefix) unless it is also
    under one of ``allowed``; with ``standard_library_only``, no third-party package at all."""

    owner: str
    forbidden: tuple[str, ...]
    why: str
    allowed: tuple[str, ...] = ()
    exempt: tuple[str, ...] = ()
    standard_library_only: bool = False


def _server(*parts: str) -> tuple[str, ...]:
    return tuple(f"petersburg.server.{part}" for part in parts)


RULES: tuple[Rule, ...] = (
    Rule(
        "petersburg.engine",
        (PACKAGE,),
        "the engine is the pure core: it imports only the standard library and the card data",
        allowed=("petersburg.engine", *CARD_DATA),
        standard_library_only=True,
    ),
    Rule(
        "petersburg.text",
        (PACKAGE,),
        "words are made from the engine's facts and events, never from a server or a bot",
        allowed=("petersburg.text", "petersburg.engine", *CARD_DATA),
    ),
    Rule(
        "petersburg.bots",
        (PACKAGE,),
        "a bot decides from the engine's view alone",
        allowed=("petersburg.bots", "petersburg.engine", "petersburg.buildinfo", *CARD_DATA),
    ),
    Rule(
        "petersburg.research",
        ("petersburg.server", *SQL_LIBRARIES, *WEB_LIBRARIES, "pydantic"),
        "the research commands run from a wheel without the web server's packages",
    ),
    Rule(
        "petersburg.analysis",
        (PACKAGE,),
        "the analysis judges from views with the bots' search and words through the catalogues",
        allowed=(
            "petersburg.analysis",
            "petersburg.bots",
            "petersburg.engine",
            "petersburg.text",
            *CARD_DATA,
        ),
        exempt=("petersburg.analysis.cli",),
    ),
    Rule(
        "petersburg.server.game",
        (*_server("api", "app", "wiring", "view", "persistence.sql"), *SQL_LIBRARIES, *WEB_LIBRARIES),
        "what happens at a table knows no socket, no route, no viewer's message and no SQL",
    ),
    Rule(
        "petersburg.server.view",
        (*_server("api", "app", "wiring", "persistence.sql"), *SQL_LIBRARIES, *WEB_LIBRARIES),
        "a view is made from a table, not from a socket or a query",
    ),
    Rule(
        "petersburg.server.api",
        (*_server("app", "wiring", "persistence.sql"),),
        "the edge translates and calls the parts; it neither builds them nor queries storage",
    ),
    Rule(
        "petersburg.server.accounts",
        (*_server("api", "app", "wiring", "game", "view", "persistence.sql"), *SQL_LIBRARIES, *WEB_LIBRARIES),
        "accounts reach storage only through the persistence protocols",
    ),
    Rule(
        "petersburg.server.alerts",
        (*_server("api", "app", "wiring", "view", "persistence.sql"), *SQL_LIBRARIES, *WEB_LIBRARIES),
        "alerts reach storage only through the persistence protocols, and know no route or socket",
    ),
    Rule(
        "petersburg.server.persistence",
        (*_server("api", "app", "wiring", "game", "view", "accounts", "cluster"), *WEB_LIBRARIES),
        "storage is the bottom layer: it knows rows, not tables in play",
    ),
    Rule(
        "petersburg.server.cluster",
        (*_server("api", "app", "wiring", "game", "view", "accounts"), *SQL_LIBRARIES, *WEB_LIBRARIES),
        "the processes' notices and leases know rows, not tables in play",
    ),
    Rule(
        "petersburg.server.protocol",
        (*_server("api", "app", "wiring", "game", "view", "accounts", "persistence", "cluster"),),
        "the protocol is vocabulary: the types every part speaks, depending on none of them",
    ),
    Rule(
        PACKAGE,
        ("petersburg.server.app",),
        "app.py only assembles the web app; nothing depends on it",
        exempt=("petersburg.server.app",),
    ),
    Rule(
        PACKAGE,
        SQL_LIBRARIES,
        "every SQL statement lives in persistence/sql",
        exempt=("petersburg.server.persistence.sql",),
    ),
)


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def module_files(root: Path = SOURCE_ROOT) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    modules: dict[str, Path] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _imported(module: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The dotted names ``module`` imports: a project module where the name is one, else the
    imported package (``from petersburg.engine import GameState`` is an arrow to the package)."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                candidate = f"{source}.{alias.name}"
                yield candidate if candidate in modules else source


def import_graph(root: Path = SOURCE_ROOT) -> dict[str, set[str]]:
    """Each module of the package and everything it imports (project modules and third-party
    top-level packages; the standard library is left out only by the rules that do not name it)."""
    modules = module_files(root)
    return {module: set(_imported(module, path, modules)) for module, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles among project modules (Tarjan's strongly connected components of two or more
    modules, or a module importing itself), each sorted, iteratively so depth is no limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start] & graph.keys())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor] & graph.keys()))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    found.append(sorted(component))
    return sorted(found)


def violations(graph: dict[str, set[str]], rules: tuple[Rule, ...] = RULES) -> list[str]:
    """One sentence per forbidden arrow: which module imports what, and why it must not."""
    found: list[str] = []
    for module in sorted(graph):
        for rule in rules:
            if not _under(module, rule.owner) or any(_under(module, exempt) for exempt in rule.exempt):
                continue
            for target in sorted(graph[module]):
                if any(_under(target, allowed) for allowed in rule.allowed):
                    continue
                third_party = target.split(".")[0] not in (PACKAGE, *sys.stdlib_module_names)
                if any(_under(target, forbidden) for forbidden in rule.forbidden) or (
                    rule.standard_library_only and third_party
                ):
                    found.append(f"{module} imports {target}: {rule.why}")
    return found


def problems(root: Path = SOURCE_ROOT) -> list[str]:
    """Every cycle and every forbidden arrow of the package under ``root``."""
    graph = import_graph(root)
    circles = [f"import cycle: {' -> '.join(component)}" for component in cycles(graph)]
    return circles + violations(graph)


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    print(f"{len(found)} problem(s) in the import graph of {len(module_files())} modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
