"""Build hook for the optional compiled engine; everything else is in pyproject.toml.

``VERLIES_COMPILE=1 pip install --no-build-isolation .`` (with mypy installed) compiles
the engine's hot modules with mypyc: the same source, about 1.7x the speed (see
benchmarks/README.md); ``VERLIES_COMPILE_OPT`` (0-3, default 3) is the C compiler's level.
Without it, verlies installs as plain Python, so an edited module is never shadowed by an
old binary. The lab's workers use a build of their own instead (``verlies build-engine``,
verlies/sim/compiled_cache.py, which holds the list of compiled modules).
"""

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup


def compiled_modules() -> tuple[str, ...]:
    """The compiled set, from verlies/sim/compiled_cache.py (stdlib only: read without
    importing the package, whose dependencies a build may not have yet)."""
    path = Path(__file__).resolve().parent / "verlies" / "sim" / "compiled_cache.py"
    spec = importlib.util.spec_from_file_location("verlies_compiled_cache", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    names: tuple[str, ...] = module.COMPILED
    return names


COMPILED = compiled_modules()

ext_modules = []
if os.environ.get("VERLIES_COMPILE") == "1":
    from mypyc.build import mypycify

    # The C compiler's level: 3 for speed (the benchmarks); the test of the compiled engine's
    # games builds with 0, the same translation in about half the build time.
    opt_level = os.environ.get("VERLIES_COMPILE_OPT", "3")
    if opt_level not in {"0", "1", "2", "3"}:
        raise SystemExit(f"VERLIES_COMPILE_OPT must be 0, 1, 2 or 3, not {opt_level!r}")
    ext_modules = mypycify([f"verlies/{name}.py" for name in COMPILED], opt_level=opt_level)

setup(ext_modules=ext_modules)
