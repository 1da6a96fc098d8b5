"""The sequential A/B's error, measured: A/A runs through ``compare(..., until_clear=...)``.

A measurement, not a test (pytest does not collect it; tests/sim/test_sim_stats.py holds the
fast checks). Prints, all measured in this run:

1. A/A: the default deck against the same cards under reversed ids (``aa_twin``: the same
   game, dealt differently), ``--runs`` seeds, blocks of ``--block`` pairs, at most
   ``--looks`` looks, ``--players`` players, characters rotated over the seats. For the
   default watch list and for single quantities: the share of runs called "different"
   with its standard error (it must be ≤ α + 2 SE), the share that ended "no_change",
   and the mean pairs played. Each seed's games are played once and reused by the other
   watch lists (the lab keeps a spec's played games), so every list sees the same games.
2. A/B with a known large change, the goblin's fight value 10: per seed the verdict and
   the pairs played until it, against today's fixed budget (``--budget`` games per side,
   the Balance tab's 1,000).

3. ``--synthetic RUNS``: the statistical core alone on synthetic i.i.d. paired data
   (tests/helpers/synthetic_pairs.py, the real ``Comparison`` after every block): the share of
   A/A runs called "different" for a count like rounds, a skewed count, a win rate and
   twelve quantities at once (no games played; numpy needed).

The machine's load average (1 / 5 / 15 min) is printed with each part.

    .venv/bin/python benchmarks/sequential_aa.py [--runs 100] [--block 24] [--looks 20]
        [--players 2] [--goblin-seeds 10] [--budget 1000] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from typing import Any

from verlies.deck import Deck
from verlies.sim import Tweak, random_playouts
from verlies.sim.compare import DEFAULT_WATCH, aa_twin, compare

WATCHES: dict[str, list[str]] = {
    "default (" + ",".join(DEFAULT_WATCH) + ")": list(DEFAULT_WATCH),
    "rounds": ["rounds"],
    "gold": ["gold"],
    "injuries": ["injuries"],
    "win:*": ["win:*"],
}


def _load() -> str:
    return "load {:.2f} / {:.2f} / {:.2f}".format(*os.getloadavg())


def aa(runs: int, block: int, looks: int, players: int, alpha: float) -> dict[str, Any]:
    base = Deck.default()
    twin = aa_twin(base)
    tally: dict[str, dict[str, Any]] = {
        name: {"different": 0, "no_change": 0, "undecided": 0, "pairs": []} for name in WATCHES
    }
    t0 = time.perf_counter()
    for seed in range(runs):
        for name, watch in WATCHES.items():
            comp = compare(
                base,
                twin,
                games=block,
                players=players,
                seed=1000 + seed,
                characters="all",
                until_clear=watch,
                alpha=alpha,
                max_games=block * looks,
                workers=1,
            )
            tally[name][comp.verdict] += 1
            tally[name]["pairs"].append(comp.games)
    seconds = time.perf_counter() - t0
    out = {}
    for name, t in tally.items():
        share = t["different"] / runs
        se = math.sqrt(share * (1 - share) / runs) if runs else math.nan
        bound = alpha + 2 * math.sqrt(alpha * (1 - alpha) / runs)
        out[name] = {
            "runs": runs,
            "different": t["different"],
            "share_different": share,
            "se": se,
            "bound": bound,
            "no_change": t["no_change"],
            "mean_pairs": statistics.fmean(t["pairs"]),
        }
    return {"seconds": seconds, "watches": out}


def goblin(seeds: int, block: int, budget: int, players: int) -> dict[str, Any]:
    base = Deck.default()
    strong = Tweak("monster", "monster-goblin", "fight").apply(base, 10)
    rows = []
    t0 = time.process_time()
    for seed in range(seeds):
        comp = compare(
            base,
            strong,
            games=block,
            players=players,
            seed=seed,
            characters="all",
            until_clear=True,
            max_games=budget,
            workers=1,
        )
        rows.append(
            {"seed": seed, "verdict": comp.verdict, "pairs": comp.games, "by": comp.decided_by}
        )
    cpu = time.process_time() - t0
    pairs = [r["pairs"] for r in rows]
    # The baseline measured in this run: the engine's random playouts, per CPU second.
    games, steps, _wall, pcpu = random_playouts(20, players=players, log=False)
    return {
        "cpu_seconds": cpu,
        "cpu_per_game": cpu / (2 * sum(pairs)),
        "random_steps_per_cpu_s": steps / pcpu,
        "rows": rows,
        "median_pairs": statistics.median(pairs),
        "max_pairs": max(pairs),
        "budget": budget,
        "different": sum(r["verdict"] == "different" for r in rows),
    }


def synthetic(runs: int, looks: int) -> dict[str, Any]:
    import sys
    from pathlib import Path

    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))
    import synthetic_pairs as sp

    twelve = {"rounds": "rounds", "injuries": "heavy", "gold": "heavy", "timeout": "constant"}
    twelve |= {f"win:c{i}": "win" for i in range(8)}
    cases = {
        "rounds-like, blocks of 10": ({"rounds": "rounds"}, 10),
        "skewed count, blocks of 10": ({"injuries": "heavy"}, 10),
        "win rate, blocks of 10": ({"win:a": "win"}, 10),
        "win rate, blocks of 50": ({"win:a": "win"}, 50),
        "twelve quantities, blocks of 25": (twelve, 25),
    }
    rng = np.random.default_rng(2026)
    out = {}
    for name, (kinds, block) in cases.items():
        n = runs if len(kinds) == 1 else max(1, runs // 4)
        verdicts = [sp.run(rng, kinds, block, looks)[0] for _ in range(n)]
        share = verdicts.count("different") / n
        out[name] = {"runs": n, "share": share, "se": math.sqrt(share * (1 - share) / n)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--block", type=int, default=24)
    ap.add_argument("--looks", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--goblin-seeds", type=int, default=10)
    ap.add_argument("--goblin-block", type=int, default=50)
    ap.add_argument("--goblin-players", type=int, default=4)
    ap.add_argument("--budget", type=int, default=1000)
    ap.add_argument("--synthetic", type=int, default=0, metavar="RUNS")
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    args = ap.parse_args()
    figures: dict[str, Any] = {}
    if args.synthetic:
        print(f"synthetic A/A, {args.synthetic} runs, {2 * args.looks} looks; {_load()}")
        figures["synthetic"] = synthetic(args.synthetic, 2 * args.looks)
        for name, r in figures["synthetic"].items():
            print(f"  {name:<34} different {r['share']:.3f} ± {r['se']:.3f} ({r['runs']} runs)")
    if args.runs:
        print(
            f"A/A: {args.runs} seeds, blocks of {args.block}, at most {args.looks} looks, "
            f"{args.players} players, alpha {args.alpha}; {_load()}"
        )
        res = figures["aa"] = aa(args.runs, args.block, args.looks, args.players, args.alpha)
        for name, r in res["watches"].items():
            print(
                f"  {name:<46} different {r['different']:>3}/{r['runs']} = "
                f"{r['share_different']:.3f} ± {r['se']:.3f} (bound α + 2 SE = "
                f"{r['bound']:.3f}); no_change {r['no_change']}; mean pairs {r['mean_pairs']:.0f}"
            )
        print(f"  ({res['seconds']:.0f} s; {_load()})")
    if args.goblin_seeds:
        gob = figures["goblin"] = goblin(
            args.goblin_seeds, args.goblin_block, args.budget, args.goblin_players
        )
        print(
            f"goblin fight 10 ({args.goblin_players} players, blocks of {args.goblin_block}): "
            f"'different' in {gob['different']}/{len(gob['rows'])} seeds; pairs to verdict "
            f"median {gob['median_pairs']}, max {gob['max_pairs']}, against the fixed budget "
            f"of {gob['budget']}; {_load()}"
        )
        print(
            f"  {gob['cpu_per_game'] * 1000:.1f} ms CPU per bot game; baseline in this run: "
            f"random playouts {gob['random_steps_per_cpu_s']:,.0f} steps per CPU second"
        )
        for r in gob["rows"]:
            print(f"  seed {r['seed']}: {r['verdict']} after {r['pairs']} pairs, by {r['by']}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=1, default=str)


if __name__ == "__main__":
    main()
