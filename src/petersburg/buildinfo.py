"""Which build of the engine and the bots runs: compiled with mypyc, or pure Python, and why.

Where a C compiler is present, building the package (``pip install``, ``make``) compiles the
engine and the bots with mypyc (see ``setup.py``): each compiled module is an extension file beside
its ``.py`` source, which Python imports first. ``petersburg/__init__.py`` imports this module before
any of them, and it decides whether they may be used:

- ``PETERSBURG_PURE_PYTHON=1`` in the environment makes every module run from its ``.py`` source
  (for debugging and profiling with Python tools, and for tests that compare both builds);
- the build records a SHA-256 digest of every source it compiled (``_compiled.json`` beside the
  package's ``__init__.py``). If a source no longer matches (it was edited after the build, as happens
  in an editable install), the compiled modules are stale and *all* of them are set aside, with a
  warning that says how to rebuild: compiled modules call each other directly, so a mix of
  compiled and interpreted modules would run old code.

Modules are set aside by an import finder that loads their ``.py`` files. The same variable at
build time (``PETERSBURG_PURE_PYTHON=1 pip install .``) builds pure Python. Standard library only:
``setup.py`` loads this file for the names below (importing it decides nothing: the
first ``build_info()`` call does).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PURE_PYTHON_VARIABLE = "PETERSBURG_PURE_PYTHON"
"""Environment variable: set to ``1`` to run (or build) the pure-Python modules."""
MANIFEST_NAME = "_compiled.json"
"""The build record beside ``petersburg/__init__.py``: module name -> SHA-256 of its source."""
PACKAGE = "petersburg"


@dataclass(frozen=True)
class BuildInfo:
    """The build in use: whether the engine and the bots are compiled, which modules, and why not."""

    compiled: bool
    modules: tuple[str, ...]
    """The modules running compiled (empty when pure Python)."""
    reason: str
    """Why the build is pure Python (empty when compiled)."""

    def __str__(self) -> str:
        if self.compiled:
            return f"compiled with mypyc ({len(self.modules)} modules of the engine and bots)"
        return f"pure Python ({self.reason})"


def source_digest(path: Path) -> str:
    """SHA-256 of a source file's bytes: what the build records and the import checks."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pure_python_forced(environ: Mapping[str, str]) -> bool:
    """Whether ``PETERSBURG_PURE_PYTHON`` asks for pure Python (any value but empty or ``0``)."""
    return environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


def compiled_modules(package_dir: Path, package: str = PACKAGE) -> dict[str, Path]:
    """Modules of the package that have a compiled extension file beside their ``.py`` source.

    Returns module name -> path of the ``.py`` source (the file an interpreted run loads instead).
    """
    found: dict[str, Path] = {}
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    for folder, _, files in os.walk(package_dir):
        names = set(files)
        for name in files:
            suffix = next((s for s in suffixes if name.endswith(s)), None)
            if suffix is None:
                continue
            stem = name[: -len(suffix)]
            if f"{stem}.py" not in names:
                continue
            parts = Path(folder).relative_to(package_dir).parts
            found[".".join((package, *parts, stem))] = Path(folder) / f"{stem}.py"
    return found


def stale_reason(package_dir: Path, modules: Mapping[str, Path]) -> str:
    """Why the compiled ``modules`` may not be used ('' when they match the sources exactly)."""
    try:
        record = json.loads((package_dir / MANIFEST_NAME).read_text(encoding="utf-8"))
        digests = record["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return f"compiled modules without a valid build record ({MANIFEST_NAME})"
    if not isinstance(digests, dict) or set(digests) != set(modules):
        return "the compiled modules are not those of the last build"
    changed = [
        str(source.relative_to(package_dir.parent))
        for name, source in sorted(modules.items())
        if digests[name] != source_digest(source)
    ]
    if changed:
        return f"{', '.join(changed)} changed since the build"
    return ""


class SourceFinder:
    """An import finder (for ``sys.meta_path``) that loads the given modules from their ``.py``
    sources, ahead of their compiled files. (Not derived from ``importlib.abc.MetaPathFinder``,
    whose import costs more than this whole module.)"""

    def __init__(self, sources: Mapping[str, Path]) -> None:
        self.sources = dict(sources)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def select_build(package_dir: Path, environ: Mapping[str, str], package: str = PACKAGE) -> BuildInfo:
    """Decide the build and, for a pure-Python run over compiled files, install the source finder.

    Warns when compiled modules are present but stale (pure Python is then used).
    """
    modules = compiled_modules(package_dir, package)
    if not modules:
        return BuildInfo(False, (), "no compiled modules are installed")
    if pure_python_forced(environ):
        reason = f"{PURE_PYTHON_VARIABLE} is set"
    else:
        stale = stale_reason(package_dir, modules)
        if not stale:
            return BuildInfo(True, tuple(sorted(modules)), "")
        reason = f"compiled modules out of date: {stale}"
        warnings.warn(
            f"{package}: {reason}, so the pure-Python modules run. Rebuild with `make install` "
            f"(or `pip install -e .`), or set {PURE_PYTHON_VARIABLE}=1 to run pure Python without "
            "this warning.",
            RuntimeWarning,
            stacklevel=1,
        )
    sys.meta_path.insert(0, SourceFinder(modules))
    return BuildInfo(False, (), reason)


_selected: list[BuildInfo] = []


def build_info() -> BuildInfo:
    """The build in use in this process, decided on the first call (``petersburg/__init__`` makes it)."""
    if not _selected:
        _selected.append(select_build(Path(__file__).parent, os.environ))
    return _selected[0]
