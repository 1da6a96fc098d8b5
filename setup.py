"""Build hook for the optional compiled engine; everything else is in pyproject.toml.

``VERLIES_COMPILE=1 pip install --no-build-isolation .`` (with mypy installed) compiles
the engine's hot modules with mypyc: the same source, about 1.7x the speed (see
benchmarks/README.md). Without it, verlies installs as plain Python, so an edited
module is never shadowed by an old binary.
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
]

ext_modules = []
if os.environ.get("VERLIES_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify([f"verlies/{name}.py" for name in COMPILED], opt_level="3")

setup(ext_modules=ext_modules)
