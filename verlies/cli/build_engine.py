"""``verlies build-engine``: compile the engine for the lab's worker processes, once.

The build goes to a cache folder outside the repository (``verlies.sim.compiled_cache``)
and is used by the lab's workers only while the source it was built from is unchanged;
building again after an edit makes a new one. A failed build (no C compiler, no mypy)
says why in one line and exits with status 1: the lab then runs pure Python, as before.
"""

from __future__ import annotations

import argparse
import sys
import time

from verlies.cli.options import Subcommands


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser(
        "build-engine",
        help="compile the engine with mypyc for the lab's workers (once per source)",
    )
    p.add_argument(
        "-O",
        dest="opt",
        default=None,
        choices=["0", "1", "2", "3"],
        help="the C compiler's level (default 3: about twice pure Python's speed)",
    )
    p.add_argument(
        "--check", action="store_true", help="only say whether the current source's build is there"
    )


def run(args: argparse.Namespace) -> int:
    from verlies.sim import compiled_cache

    opt = args.opt or compiled_cache.lab_opt()
    found = compiled_cache.find_build(opt=compiled_cache.check_opt(opt))
    if found is not None:
        print(f"compiled engine (-O{opt}) up to date: {found.folder}")
        return 0
    if args.check:
        print(f"no compiled engine (-O{opt}) for the current source: the lab runs pure Python")
        return 1
    t0 = time.perf_counter()
    try:
        made = compiled_cache.build(opt=opt, say=lambda line: print(line, file=sys.stderr))
    except compiled_cache.BuildError as e:
        print(f"verlies: the compiled engine was not built ({e}); the lab runs pure Python")
        return 1
    print(f"compiled engine (-O{opt}) built in {time.perf_counter() - t0:.0f} s: {made.folder}")
    return 0
