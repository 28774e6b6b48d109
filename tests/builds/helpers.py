"""What the build tests share: the project's ``setup.py`` (its list of compiled sources and its C
compiler probe), child processes run with or without the pure-Python build, and the guard that the
compiled build is what runs wherever a C compiler works."""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from petersburg import build_info
from petersburg.buildinfo import PURE_PYTHON_VARIABLE, pure_python_forced

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def load_setup() -> ModuleType:
    """The project's ``setup.py`` as a module (it builds nothing unless run as ``__main__``)."""
    spec = importlib.util.spec_from_file_location("petersburg_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compiled_names() -> list[str]:
    """The modules the build compiles, by name, sorted."""
    setup = load_setup()
    return sorted(setup.module_name(source) for source in setup.COMPILED)


def require_compiled_build() -> None:
    """Skip when this run is pure Python on purpose (the variable is set, or no C compiler works
    here); fail when a compiler works but the compiled build is not what runs."""
    info = build_info()
    if info.compiled:
        return
    if pure_python_forced(os.environ):
        pytest.skip(f"{PURE_PYTHON_VARIABLE} is set: this run tests the pure-Python build only")
    if not load_setup().c_compiler_works():
        pytest.skip("no working C compiler here: the build is pure Python")
    pytest.fail(f"A C compiler works here, but the build in use is {info}. Rebuild with `make install`.")


def child_env(pure: bool, **extra: str) -> dict[str, str]:
    """The environment for a child Python: pure Python forced or not, plus ``extra``."""
    env = {key: value for key, value in os.environ.items() if key != PURE_PYTHON_VARIABLE}
    if pure:
        env[PURE_PYTHON_VARIABLE] = "1"
    env.update(extra)
    return env
