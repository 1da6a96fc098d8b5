"""The before/after verdict's error, measured (verlies.sim.verdict.before_after).

A measurement, not a test (tests/sim/test_compare_verdict.py holds the fast checks). On
synthetic paired data through the real ``Comparison`` (eight characters at uneven rates,
the first seat, a constant timeout, the rounds; no games played), ``--runs`` A/A runs of
``--looks`` looks of ``--block`` pairs, each judged by the before/after verdict after every
block and stopped at the first decided one. Printed, all from this run:

* the share of runs claimed *better*, *worse* or *mixed* (it must be ≤ α + 2 SE), with
  Holm and always-valid intervals (the shipped rule), without Holm, and with neither
  (each look's one-look interval at α): the baseline the correction is measured against;
* the share that ended *no meaningful change* and the mean pairs played;
* a known improvement (the strongest character 36 % → 26 %): the share called *better*
  and the pairs it took;
* with ``--games N``: a real A/A through ``compare(..., decide=stop_rule())`` on the
  default deck against its renamed-ids twin, ``--real-runs`` seeds of N games per deck.

    .venv/bin/python benchmarks/verdict_aa.py [--runs 1000] [--block 40] [--looks 20]
        [--games 0] [--real-runs 10]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_compare_verdict as tv  # noqa: E402  (the tests' synthetic runs)


def _se(share: float, runs: int) -> float:
    return math.sqrt(max(share * (1 - share), 1e-12) / runs)


def synthetic(runs: int, block: int, looks: int) -> None:
    rules = {
        "Holm + always-valid (shipped)": {"corrected": True, "sequential": True},
        "always-valid, no Holm": {"corrected": False, "sequential": True},
        "one-look at α, no Holm (baseline)": {"corrected": False, "sequential": False},
    }
    print(f"A/A, synthetic: {runs} runs, {looks} looks of {block} pairs, α = 0.05")
    claimed_base = None
    rows = []
    for name, kw in rules.items():
        rng = np.random.default_rng(2026)
        t0 = time.perf_counter()
        got = [tv._run(rng, block, looks, **kw) for _ in range(runs)]
        secs = time.perf_counter() - t0
        claimed = sum(v in tv.CLAIMS for v, _ in got) / runs
        same = sum(v == "no_change" for v, _ in got) / runs
        pairs = sum(n for _, n in got) / runs
        rows.append((name, claimed, same, pairs, secs))
        claimed_base = claimed if "baseline" in name else claimed_base
    for name, claimed, same, pairs, secs in rows:
        ratio = claimed / claimed_base if claimed_base else math.nan
        print(
            f"  {name:36s} claimed {100 * claimed:5.1f} % ± {100 * _se(claimed, runs):.1f} "
            f"(bound {100 * tv._bound(runs):.1f} %, {ratio:.2f}× the baseline) · "
            f"no meaningful change {100 * same:5.1f} % · mean pairs {pairs:7.0f} · {secs:.1f} s"
        )
    rng = np.random.default_rng(7)
    got = [tv._run(rng, 100, 20, {tv.CHARS[0]: -0.10}) for _ in range(max(20, runs // 10))]
    better = sum(v == "better" for v, _ in got) / len(got)
    pairs = sorted(n for _, n in got)
    print(
        f"A/B (the strongest character 36 % → 26 %), {len(got)} runs: better in "
        f"{100 * better:.0f} %, pairs median {pairs[len(pairs) // 2]}, max {pairs[-1]}"
    )


def real(games: int, seeds: int) -> None:
    from verlies.deck import Deck
    from verlies.sim.compare import aa_twin, compare
    from verlies.sim.verdict import before_after, stop_rule

    base = Deck.default()
    twin = aa_twin(base)
    tally: dict[str, int] = {}
    t0 = time.perf_counter()
    for seed in range(seeds):
        comp = compare(
            base,
            twin,
            games=max(8, games // 10 // 8 * 8),
            players=4,
            seed=3000 + seed,
            characters="all",
            until_clear=True,
            max_games=games,
            workers=1,
            decide=stop_rule(),
        )
        v = before_after(comp).verdict
        tally[v] = tally.get(v, 0) + 1
    secs = time.perf_counter() - t0
    print(
        f"A/A, real games (default deck vs renamed ids), {seeds} seeds × ≤ {games}: "
        f"{tally} ({secs:.0f} s)"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--block", type=int, default=40)
    ap.add_argument("--looks", type=int, default=20)
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--real-runs", type=int, default=10)
    args = ap.parse_args()
    print("load {:.2f} / {:.2f} / {:.2f}".format(*os.getloadavg()))
    synthetic(args.runs, args.block, args.looks)
    if args.games:
        real(args.games, args.real_runs)
    print("load {:.2f} / {:.2f} / {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
