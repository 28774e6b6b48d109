"""Build of the package: the engine and the bots compiled with mypyc wherever a C compiler works.

Everything but compilation is declared in ``pyproject.toml``. Building the package (``pip install .``,
``pip install -e .``, ``make``) compiles the modules in ``COMPILED`` into C extensions beside their
sources when a C compiler and Python's headers are present, and builds pure Python otherwise, or
when ``PETERSBURG_PURE_PYTHON=1`` is set. One source serves both builds.

A compiled build writes ``petersburg/_compiled.json``: the SHA-256 of every source it compiled.
``petersburg.buildinfo`` checks it at import, so that a source edited after the build (in an
editable install) runs as the edited source, never as its stale compiled module.

Not compiled: ``engine/errors.py`` (exceptions, which users subclass; nothing there is hot),
``engine/events.py`` and ``engine/narration.py`` (event values and their words: built only when
someone asks for events, never on the search path),
``bots/base.py`` (a ``runtime_checkable`` Protocol, which mypyc cannot compile), the packages'
``__init__`` files (re-exports and the bot registry), and everything outside the engine and the bots.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import sysconfig
import tempfile
import tomllib
from pathlib import Path
from types import ModuleType

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SOURCE_ROOT = "src"
COMPILED = (
    "petersburg/cards.py",
    "petersburg/cards_second_edition.py",
    "petersburg/engine/constants.py",
    "petersburg/engine/options.py",
    "petersburg/engine/shape.py",
    "petersburg/engine/shuffle.py",
    "petersburg/engine/state.py",
    "petersburg/engine/actions.py",
    "petersburg/engine/predicates.py",
    "petersburg/engine/rules.py",
    "petersburg/engine/moves.py",
    "petersburg/engine/market.py",
    "petersburg/engine/scoring.py",
    "petersburg/engine/views.py",
    "petersburg/engine/records.py",
    "petersburg/bots/evaluation.py",
    "petersburg/bots/market_outlook.py",
    "petersburg/bots/value_model.py",
    "petersburg/bots/greedy.py",
    "petersburg/bots/beginner.py",
    "petersburg/bots/ismcts.py",
    "petersburg/bots/random_bot.py",
)
"""Sources compiled with mypyc, relative to ``src``."""
FAILED_HINT = (
    "petersburg: compiling the engine and the bots with mypyc failed (see above); "
    "`PETERSBURG_PURE_PYTHON=1 pip install .` installs the pure-Python build."
)
GROUP_NAME = "petersburg"
"""Name of the shared library that holds the compiled code (``petersburg__mypyc.*.so``)."""


def module_name(source: str) -> str:
    """The module a source of ``COMPILED`` defines (``petersburg/engine/rules.py`` ->
    ``petersburg.engine.rules``)."""
    return source.removesuffix(".py").replace("/", ".")


def load_buildinfo() -> ModuleType:
    """``petersburg/buildinfo.py``, loaded by path: the variable's name, the record's name and
    the digest are defined there once, for the build and for the import check."""
    spec = importlib.util.spec_from_file_location(
        "_petersburg_buildinfo", HERE / SOURCE_ROOT / "petersburg/buildinfo.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


BUILDINFO = load_buildinfo()


def c_compiler_works() -> bool:
    """Whether a C compiler here can build a Python extension (it compiles a file with Python.h)."""
    from distutils import ccompiler  # setuptools' own copy, as mypyc uses it
    from distutils import sysconfig as distutils_sysconfig
    from distutils.errors import CCompilerError, DistutilsError

    compiler = ccompiler.new_compiler()
    distutils_sysconfig.customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "probe.c"
        probe.write_text("#include <Python.h>\nint petersburg_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(probe)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]])
        except (CCompilerError, DistutilsError, OSError):
            return False
    return True


def compile_decision() -> tuple[bool, str]:
    """Whether this build compiles, and a sentence saying why not."""
    if BUILDINFO.pure_python_forced(os.environ):
        return False, f"{BUILDINFO.PURE_PYTHON_VARIABLE} is set: building pure Python"
    if not c_compiler_works():
        return False, "no working C compiler (or no Python headers): building pure Python"
    return True, ""


def mypy_requirement() -> str:
    """The pinned mypy of the ``dev`` extra in pyproject.toml (mypyc is part of mypy)."""
    with (HERE / "pyproject.toml").open("rb") as file:
        dev = tomllib.load(file)["project"]["optional-dependencies"]["dev"]
    return next(requirement for requirement in dev if requirement.startswith("mypy=="))


def mypyc_extensions() -> list[Extension]:
    """The modules of ``COMPILED`` as C extensions: mypyc type-checks them and writes their C code."""
    if importlib.util.find_spec("mypyc") is None:  # possible only without build isolation
        print("petersburg: mypyc (part of mypy) is not installed: building pure Python.")
        return []
    from mypyc.build import mypycify

    try:
        return mypycify([f"{SOURCE_ROOT}/{source}" for source in COMPILED], group_name=GROUP_NAME)
    except (Exception, SystemExit):  # mypyc reports its errors with SystemExit
        print(FAILED_HINT)
        raise


class CompiledDistribution(Distribution):
    """A distribution whose extension modules are made by mypyc when ``build_ext`` runs."""

    compile_engine = False
    """Set from ``compile_decision()`` before ``setup()`` runs."""

    def has_ext_modules(self) -> bool:
        return self.compile_engine


class BuildCompiled(build_ext):
    """``build_ext`` that runs mypyc first and records the digest of every source it compiled.

    mypyc (type checking and C generation) runs only here, not when metadata is prepared.
    """

    def finalize_options(self) -> None:
        if CompiledDistribution.compile_engine and not self.distribution.ext_modules:
            self.distribution.ext_modules = mypyc_extensions()
        super().finalize_options()

    def run(self) -> None:
        record = self.record_path()
        record.unlink(missing_ok=True)  # a failed build leaves no record: its files are never used
        try:
            super().run()
        except (Exception, SystemExit):
            print(FAILED_HINT)
            raise
        if not self.extensions:
            return
        digests = {
            module_name(source): BUILDINFO.source_digest(HERE / SOURCE_ROOT / source) for source in COMPILED
        }
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(json.dumps({"modules": digests}, indent=1, sort_keys=True) + "\n")

    def record_path(self) -> Path:
        """Where the build record goes: beside the sources (in place) or into the build tree."""
        if self.inplace:
            package_dir = self.get_finalized_command("build_py").get_package_dir(BUILDINFO.PACKAGE)
            return Path(package_dir) / BUILDINFO.MANIFEST_NAME
        return Path(self.build_lib) / BUILDINFO.PACKAGE / BUILDINFO.MANIFEST_NAME


if __name__ == "__main__":  # also under pip: setuptools runs this file as __main__
    CompiledDistribution.compile_engine, pure_reason = compile_decision()
    if pure_reason:
        print(f"petersburg: {pure_reason}.")
    setup(
        distclass=CompiledDistribution,
        cmdclass={"build_ext": BuildCompiled},
        # Build-time only, and only when compiling: pip installs it into the isolated build.
        setup_requires=[mypy_requirement()] if CompiledDistribution.compile_engine else [],
    )
