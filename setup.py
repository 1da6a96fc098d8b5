"""Build hook for the optional compiled engine; everything else is in pyproject.toml.

``VERLIES_COMPILE=1 pip install --no-build-isolation .`` (with mypy installed) compiles
the engine's hot modules with mypyc: the same source, about 1.7x the speed (see
benchmarks/README.md); ``VERLIES_COMPILE_OPT`` (0-3, default 3) is the C compiler's level.
Without it, verlies installs as plain Python, so an edited module is never shadowed by an
old binary.
"""

import os

from setuptools import setup

# The engine's hot path and the bots; modules subclassing builtins (actions.py) cannot be
# compiled.
COMPILED = [
    "board",
    "dice",
    "events",
    "frames",
    "state",
    "legal",
    "turns",
    "obstacles",
    "encounters",
    "rules",
    "game",
    "views",
    "sim/paths",
    "sim/bots",
    "sim/records",
    # The game-AI environments' observation (issue 25: env() decisions/s, benchmarks/
    # interop.py --compiled). Not interop/pettingzoo: its classes subclass PettingZoo's, and
    # compiled, OrderEnforcingWrapper's __init__ failed (SystemError setting _has_reset).
    # Its rooms: the declared layout, the kept board grid, the numbering, the blocks'
    # writers, and the whole.
    "interop/layout",
    "interop/board_grid",
    "interop/numbering",
    "interop/observation",
    "interop/encoding",
]

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
