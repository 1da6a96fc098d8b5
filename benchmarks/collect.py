"""How long ``pytest --collect-only`` takes: CPU seconds and wall seconds per run.

    .venv/bin/python benchmarks/collect.py                       # this checkout, 3 runs
    .venv/bin/python benchmarks/collect.py --baseline ../main    # and another, interleaved
    .venv/bin/python benchmarks/collect.py --only tests/engine/test_dice.py   # plugins' startup

Each run is a fresh ``python -m pytest --collect-only -q -p no:cacheprovider -n 0`` in
the checkout (its own ``PYTHONPATH``), so every run pays what a pytest process and each
xdist worker pay: plugin imports, test-module imports and assertion rewriting. CPU
seconds (user + system of the child) are the figure to compare on a shared machine; wall
seconds follow the machine's load, printed beside each run (the 1-minute load average
before and after it). With ``--baseline`` the runs alternate between the two checkouts and
the ratio of the medians is printed (same run, same load).

Nothing is asserted; pytest does not collect this file.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def collect_once(tree: Path, only: list[str]) -> tuple[float, float, int]:
    """CPU seconds, wall seconds and the number of tests collected, of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
        + ["-n", "0", *only],
        cwd=tree,
        env=dict(os.environ, PYTHONPATH=str(tree)),
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    count = int(last.split()[0]) if last.split() and last.split()[0].isdigit() else -1
    if done.returncode != 0 or count < 0:
        sys.exit(f"collection failed in {tree} ({done.returncode}):\n{done.stdout[-2000:]}")
    return cpu, wall, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with")
    parser.add_argument("--only", nargs="*", default=[], help="paths to collect (default all)")
    args = parser.parse_args()
    trees = [("this", HERE)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    got: dict[str, list[tuple[float, float, int]]] = {name: [] for name, _ in trees}
    for i in range(args.runs):
        for name, tree in trees:
            load_before = os.getloadavg()[0]
            cpu, wall, count = collect_once(tree, args.only)
            got[name].append((cpu, wall, count))
            load = f"load {load_before:.1f}-{os.getloadavg()[0]:.1f}"
            print(f"run {i + 1} {name:8} {cpu:6.2f} CPU-s {wall:7.2f} s wall  {count} tests", load)
    medians = {name: statistics.median(r[0] for r in rows) for name, rows in got.items()}
    for name, tree in trees:
        print(f"median {name:8} {medians[name]:6.2f} CPU-s  ({tree})")
    if args.baseline:
        print(f"ratio this/baseline: {medians['this'] / medians['baseline']:.2f}")


if __name__ == "__main__":
    main()
