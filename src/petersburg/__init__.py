"""Sankt Petersburg (Hans im Glück, 2004): rules engine, bots, browser play and research API.

``build_info()`` says whether the engine and the bots run compiled with mypyc or as pure Python.
Its module is imported first: it decides, before any compiled module loads, which build is used.
"""

from petersburg.buildinfo import BuildInfo, build_info

__version__ = "0.1.0"

build_info()  # decide the build now, before any compiled module can be imported

__all__ = ["BuildInfo", "__version__", "build_info"]
