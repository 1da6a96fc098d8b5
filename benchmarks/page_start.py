"""The play page's start in its kernel: CPU seconds of ``play_app()``, this checkout against
a git revision, measured in the same run.

    .venv/bin/python benchmarks/page_start.py                     # against main, 7 rounds
    .venv/bin/python benchmarks/page_start.py --against HEAD~3 --rounds 9 --json

A measurement, not a test (pytest does not collect it). Every page load of
``notebooks/play.ipynb`` makes Voila start a kernel (``preheat_kernel``: a pooled one runs
the notebook ahead of time and a new one replaces it when taken), which imports ipykernel
and ipywidgets and then runs ``from verlies.ui import play_app; play_app()``. Each side
runs that in a fresh Python process of its own (``PYTHONPATH`` = that side's ``verlies``;
REF's is ``git archive``d into a temporary folder), in turns (this, REF, REF, this, ...),
and reports the process's CPU seconds (``time.process_time``, user + system):

* ``kernel libs``: ``import ipykernel.kernelapp, ipywidgets`` (the same for both sides);
* ``page``: ``from verlies.ui import play_app; play_app()``, the part this checkout owns;
* ``process``: the whole process so far, interpreter start included;

and, counted rather than timed, the widgets ``play_app()`` made, the modules it loaded and
which of the heavy libraries among them (a page start should load none of them:
sqlalchemy, the balance lab, bqplot, pandas...). Both sides' bytecode is compiled first
(``compileall``): the machine may set ``PYTHONDONTWRITEBYTECODE``, which would otherwise
make every process compile verlies from source and hide the figure under that cost.
Medians over the rounds, the ratio this / REF of the medians and the median of the
rounds' pairwise ratios (a change of the machine's load between rounds moves both runs of
a round alike). The figures are in benchmarks/README.md ("Page start").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

#: Libraries only a tab or an action needs: loaded at a page's start they are paid by
#: every visitor (tests/house/test_page_start.py holds the page to the same list).
HEAVY = (
    "sqlalchemy",
    "verlies.store.db",
    "verlies.store.tables",
    "verlies.sim.lab",
    "verlies.sim.run",
    "multiprocessing",
    "bqplot",
    "pandas",
    "scipy",
    "dask",
)

# One side's measurement, run with PYTHONPATH set to that side's source.
CHILD = """
import json, sys, time, resource
c0 = time.process_time()
import ipykernel.kernelapp, ipywidgets
c1 = time.process_time()
before = set(sys.modules)
widgets0 = len(ipywidgets.Widget.widgets)
import verlies
from verlies.ui import play_app
play_app()
c2 = time.process_time()
args = json.loads(sys.argv[1])
assert verlies.__file__.startswith(args["src"]), verlies.__file__
loaded = set(sys.modules) - before
ru = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({
    "libs": c1 - c0,
    "page": c2 - c1,
    "process": ru.ru_utime + ru.ru_stime,
    "widgets": len(ipywidgets.Widget.widgets) - widgets0,
    "modules": len(loaded),
    "heavy": sorted(h for h in args["heavy"] if h in loaded),
    "max_rss_kb": ru.ru_maxrss,
}))
"""


def compile_tree(src: str) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", f"{src}/verlies"], check=True)


def run_side(src: str, data_dir: str) -> dict[str, Any]:
    # the page's stores in a folder of the run's own, never the user's
    env = dict(os.environ, PYTHONPATH=src, VERLIES_DATA_DIR=data_dir)
    env.pop("VERLIES_STORE_URL", None)
    r = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps({"src": src, "heavy": list(HEAVY)})],
        cwd=HERE,  # -c puts the working directory first: no checkout here
        env=env,
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip()[-800:])
    out: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return out


def against(ref: str, rounds: int) -> dict[str, Any]:
    """Both sides' runs, in turns, or why REF could not be measured."""
    with tempfile.TemporaryDirectory(prefix="verlies-ref-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", ref, "verlies"], capture_output=True
        )
        if archive.returncode != 0:
            return {"skipped": archive.stderr.decode(errors="replace").strip()[-300:]}
        ref_src = f"{tmp}/src"
        os.mkdir(ref_src)
        subprocess.run(["tar", "-x", "-C", ref_src], input=archive.stdout, check=True)
        sides = {"this": str(REPO), "ref": ref_src}
        for src in sides.values():
            compile_tree(src)
        runs: dict[str, list[dict[str, Any]]] = {"this": [], "ref": []}
        for side in ("this", "ref"):  # warm-up: the file cache, the deck's pickle
            run_side(sides[side], f"{tmp}/data-{side}")
        for r in range(rounds):
            # ABBA: the side run first in a round has no standing edge
            for side in ("this", "ref") if r % 2 == 0 else ("ref", "this"):
                runs[side].append(run_side(sides[side], f"{tmp}/data-{side}"))
    return {"ref": ref, "runs": runs}


def summary(runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("libs", "page", "process"):
        this = [x[key] for x in runs["this"]]
        ref = [x[key] for x in runs["ref"]]
        out[key] = {
            "this": statistics.median(this),
            "ref": statistics.median(ref),
            "ratio": statistics.median(this) / statistics.median(ref),
            "paired_ratio": statistics.median(a / b for a, b in zip(this, ref, strict=True)),
        }
    for key in ("widgets", "modules", "max_rss_kb"):
        out[key] = {side: statistics.median(x[key] for x in runs[side]) for side in runs}
    out["heavy"] = {side: runs[side][-1]["heavy"] for side in runs}
    return out


def load() -> str:
    try:
        return " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on Unix
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default="main", help="git revision to compare with")
    ap.add_argument("--rounds", type=int, default=7, help="runs per side, in turns")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = ap.parse_args()
    print(f"load average {load()} (1/5/15 min; the machine may be shared)")
    res = against(args.against, args.rounds)
    if "skipped" in res:
        print(f"against {args.against}: not measured ({res['skipped']})")
        return
    s = summary(res["runs"])
    ref = args.against
    print(f"CPU seconds of a page's kernel, medians of {args.rounds} runs per side, in turns:")
    for key, what in (
        ("page", "from verlies.ui import play_app; play_app()"),
        ("libs", "import ipykernel.kernelapp, ipywidgets"),
        ("process", "the whole process, interpreter start included"),
    ):
        f = s[key]
        print(
            f"  {what}: this checkout {f['this']:.3f}, {ref} {f['ref']:.3f}; "
            f"ratio {f['ratio']:.2f}, median of the rounds' ratios {f['paired_ratio']:.2f}"
        )
    print(
        f"  widgets made: this {s['widgets']['this']}, {ref} {s['widgets']['ref']}; modules "
        f"loaded by the page: this {s['modules']['this']}, {ref} {s['modules']['ref']}; "
        f"peak RSS (MB): this {s['max_rss_kb']['this'] / 1024:.0f}, "
        f"{ref} {s['max_rss_kb']['ref'] / 1024:.0f}"
    )
    for side, name in (("this", "this"), ("ref", ref)):
        heavy = ", ".join(s["heavy"][side]) or "none"
        print(f"  heavy libraries loaded at start ({name}): {heavy}")
    print(f"load average {load()}")
    if args.json:
        print(json.dumps({"summary": s, **res}))


if __name__ == "__main__":
    main()
