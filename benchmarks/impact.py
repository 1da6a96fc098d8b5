"""Per-card impact speed: the default deck's full impact (every card, −1 / +1 and the move
to its pile's median, paired on the same seeds) on 2 worker processes.

Prints, all measured in this run, with the load average (1 / 5 / 15 min) at each step:

1. the baseline, before and after the impact (their mean is the yardstick: the machine's
   load may change meanwhile): a plain ``simulate`` of ``--baseline`` careful-bot 4-player
   games (characters rotated) on the same 2 workers: wall seconds and games per second;
2. the full impact with ``--games`` games per deck: how many decks (the base and each card's
   moved decks), games played, wall seconds, games per second and its ratio to the
   baseline's (the impact plays the same kind of games: ~1 is the goal), the time until the
   base deck's games were all in (met per game, association and odds of every card: the
   first results), and the ten cards at the top of the ranking.

The kept pool of worker processes is started before either clock.

    .venv/bin/python benchmarks/impact.py [--games 100] [--workers 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from verlies.sim import simulate
from verlies.sim.impact import ImpactResult, impact
from verlies.sim.run import local_pool


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per deck (default 100)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--baseline", type=int, default=1000, help="games of the plain simulate (default 1000)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    w = args.workers
    local_pool(w).submit(int).result()
    simulate(8, characters="all", workers=w, seed=99)  # warm-up: imports in the workers
    out: dict[str, Any] = {"workers": w, "games_per_deck": args.games}

    def baseline(when: str) -> float:
        print(f"load before the baseline ({when}): {load()}")
        t0 = time.perf_counter()
        simulate(args.baseline, characters="all", workers=w)
        wall = time.perf_counter() - t0
        print(f"   simulate {when}: {args.baseline} games in {wall:.1f} s = "
              f"{args.baseline / wall:.1f} games/s")  # fmt: skip
        return args.baseline / wall

    before = baseline("before")
    print(f"load before the impact: {load()}")
    first: list[float] = []
    t0 = time.perf_counter()

    def seen(res: ImpactResult) -> None:
        if not first and res.base_games >= args.games:
            first.append(time.perf_counter() - t0)

    res = impact(games=args.games, workers=w, on_update=seen)
    wall = time.perf_counter() - t0
    played = res.info.games
    decks = played // args.games
    rate = played / wall
    after = baseline("after")
    sim_rate = (before + after) / 2
    out["simulate"] = {"games": args.baseline, "games_per_s_before": before, "after": after}
    ratio = rate / sim_rate
    out["impact"] = {
        "cards": len(res.cards),
        "decks": decks,
        "games": played,
        "wall_s": wall,
        "games_per_s": rate,
        "ratio_to_simulate": ratio,
        "first_results_s": first[0] if first else None,
        "top": res.ranking()[:10],
    }
    print(
        f"2. impact: {len(res.cards)} cards, {decks} decks x {args.games} games = {played} "
        f"games in {wall:.1f} s = {rate:.1f} games/s ({ratio:.2f} x simulate's mean); "
        f"first results (the base deck's games) after {first[0] if first else float('nan'):.1f} s"
    )
    print(f"   load after: {load()}")
    print("   top of the ranking:")
    for r in res.ranking()[:10]:
        print(f"   {r['score']:6.2f}  {r['id']:34s} {r['from']}")
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
