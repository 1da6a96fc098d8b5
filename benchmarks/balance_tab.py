"""The Balance tab's speed, measured through its widget-free model (issue 21, item 3).

    .venv/bin/python benchmarks/balance_tab.py [--games 1000] [--edits 3] [--workers 2]
        [--goblin-seeds 5] [--playouts 40] [--no-cpu] [--json]

Prints, all measured in this run, each figure with the load average (``os.getloadavg()``,
1 / 5 / 15 min) read when it was taken:

1. **the baseline**: the engine's random playouts (``verlies.sim.random_playouts``,
   4 players, no event log, ``--playouts`` games) in this process, before and after the
   tab's runs: random-playout games per wall second and steps per CPU second;
2. **the page's next edit**: ``verlies.ui.balance.balance_model.BalanceRun`` (the model behind the
   tab's "Simulate the draft" button) on ``--workers`` worker processes, ``--games`` draft
   games against the deck of new games, after a first (cold) edit has started the pool and
   played the base deck's games (the page keeps both). Each edit changes another number of
   one card, as a designer does. Wall seconds per edit (goal of issue 21: <= 5 s for 1,000
   games on 2 quiet cores), and the same run in units of the baseline: the edit's games
   per wall second over the random playouts' games per wall second in this run (the load
   slows both alike). With one worker the edit plays in this process, so its CPU seconds
   are measured too; half of them is what 2 quiet cores need;
3. **the sequential stop**: the goblin's fight value 10 (a clear change) simulated as the
   page does with "what to watch" set (``BalanceRun.start(watch=watch_keys(choice))``:
   blocks of a tenth of ``--games``, stopping at the verdict), per seed and choice: the
   verdict and the pairs played, against the fixed budget of ``--games`` pairs.

A benchmark, not a test: it asserts only that every run finished with all its games.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from verlies.deck import Deck
from verlies.sim import Tweak, random_playouts
from verlies.sim.compare import _PLAYED
from verlies.ui.balance.balance_model import BalanceRun, watch_keys

sys.path.insert(0, str(Path(__file__).resolve().parent))

from balance_loop import one_edit  # noqa: E402


def _load() -> str:
    return "{:.2f} / {:.2f} / {:.2f}".format(*os.getloadavg())


def baseline(games: int) -> dict[str, Any]:
    """Random playouts in this process (a warm-up game first)."""
    random_playouts(1, 4, seed=10_000, log=False)
    load = _load()
    n, steps, wall, cpu = random_playouts(games, 4, seed=0, log=False)
    return {
        "games": n,
        "steps": steps,
        "wall_s": wall,
        "cpu_s": cpu,
        "games_per_wall_s": n / wall,
        "steps_per_cpu_s": steps / cpu,
        "load": load,
    }


def edits(workers: int, games: int, count: int) -> list[dict[str, Any]]:
    """A cold edit, then ``count`` next edits through the tab's model."""
    _PLAYED.clear()  # every loop starts as a fresh page does: nothing played yet
    base = Deck.default()
    tweak = Tweak("dungeon", "r-gang-straight-04", "obstacle")
    values = [6, 8, 9, 10, 7, 5, 4][: count + 1]
    run = BalanceRun(workers=workers)
    rows = []
    try:
        for i, v in enumerate(values):
            load = _load()
            wall, cpu, played = one_edit(run, base, tweak.apply(base, v), games)
            rows.append(
                {
                    "edit": "cold" if i == 0 else "next",
                    "value": v,
                    "wall_s": wall,
                    "cpu_s": cpu,
                    "played": played,
                    "load": load,
                }
            )
    finally:
        run.close()
    return rows


def goblin(seeds: int, games: int, workers: int, choices: list[str]) -> list[dict[str, Any]]:
    """The goblin at fight 10 as the page runs it with "what to watch" set."""
    base = Deck.default()
    strong = Tweak("monster", "monster-goblin", "fight").apply(base, 10)
    run = BalanceRun(workers=workers)
    rows = []
    try:
        for choice in choices:
            for seed in range(seeds):
                load = _load()
                t0 = time.perf_counter()
                run.start(
                    base, strong, games=games, players=4, seed=seed, watch=watch_keys(choice, base)
                )
                run.wait()
                comp = run.comparison
                if run.error is not None or comp is None:
                    raise RuntimeError(f"the balance run failed: {run.error}")
                rows.append(
                    {
                        "watch": choice,
                        "seed": seed,
                        "verdict": comp.verdict,
                        "decided_by": comp.decided_by,
                        "pairs": comp.games,
                        "wall_s": time.perf_counter() - t0,
                        "load": load,
                    }
                )
    finally:
        run.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="draft games per edit (1000)")
    ap.add_argument("--edits", type=int, default=3, help="next edits after the cold one (3)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--goblin-seeds", type=int, default=5, help="seeds of the goblin (5)")
    ap.add_argument("--watch", default="injuries,all", help="choices of what to watch")
    ap.add_argument("--playouts", type=int, default=40, help="random playouts (40)")
    ap.add_argument("--no-cpu", action="store_true", help="skip the one-worker CPU run")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)

    before = baseline(args.playouts)
    tab = edits(args.workers, args.games, args.edits)
    one = [] if args.no_cpu else edits(1, args.games, min(args.edits, 1))
    gob = goblin(args.goblin_seeds, args.games, args.workers, args.watch.split(","))
    after = baseline(args.playouts)

    nexts = [r for r in tab if r["edit"] == "next"] or tab
    median_wall = statistics.median(r["wall_s"] for r in nexts)
    playout_rate = (before["games_per_wall_s"] + after["games_per_wall_s"]) / 2
    out = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "workers": args.workers,
        "games": args.games,
        "baseline_before": before,
        "baseline_after": after,
        "edits": tab,
        "next_edit_median_wall_s": median_wall,
        "next_edit_games_per_wall_s": args.games / median_wall,
        "edit_over_playouts": (args.games / median_wall) / playout_rate,
        "one_worker": one,
        "goblin": gob,
    }
    if args.json:
        print(json.dumps(out))
        return 0
    print(
        f"Balance tab, measured through verlies.ui.balance.balance_model.BalanceRun; Python "
        f"{out['python']}, {out['cpus']} CPUs, {args.workers} workers"
    )
    for name, b in (("before", before), ("after", after)):
        print(
            f"  baseline {name}: {b['games']} random playouts (4 players, no log) "
            f"{b['games_per_wall_s']:.1f} games/wall-s, {b['steps_per_cpu_s']:,.0f} "
            f"steps/CPU-s (load {b['load']})"
        )
    for r in tab:
        print(
            f"  {r['edit']:<4} edit (obstacle {r['value']:>2}): {r['wall_s']:6.2f} s wall, "
            f"{r['played']:>5} games played (load {r['load']})"
        )
    print(
        f"  next edit: median {median_wall:.2f} s wall for {args.games} draft games "
        f"(goal <= 5 s on 2 quiet cores); {out['next_edit_games_per_wall_s']:.1f} games/s = "
        f"{out['edit_over_playouts']:.2f} x the random playouts' games/s of this run"
    )
    for r in one:
        print(
            f"  one worker, {r['edit']} edit: {r['cpu_s']:.2f} CPU s for {r['played']} games "
            f"(half: {r['cpu_s'] / 2:.2f} s, 2 quiet cores; load {r['load']})"
        )
    for choice in dict.fromkeys(r["watch"] for r in gob):
        rows = [r for r in gob if r["watch"] == choice]
        pairs = [r["pairs"] for r in rows]
        print(
            f"  goblin fight 10, watching '{choice}': "
            + ", ".join(f"seed {r['seed']} {r['verdict']} after {r['pairs']}" for r in rows)
            + f"; median {statistics.median(pairs):.0f} pairs against the fixed "
            f"{args.games} (load {rows[-1]['load']})"
        )
    print(f"  load average at the end: {_load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
