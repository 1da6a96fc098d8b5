"""Which card matters (issue 36): the default deck with the goblin at fight 10, ranked by
contribution with ``verlies impact``'s defaults on ``--workers`` kept processes, beside a
plain ``simulate`` of the same number of careful-bot games in the same run (the ratio of
games per second), with the load average before and after. Prints the wall seconds, the
games, the seconds until the goblin first stood in the top 3, and the top 5.

    .venv/bin/python benchmarks/impact_rank.py [--workers 2] [--reference none]
"""

from __future__ import annotations

import argparse
import os
import time

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.impact_rank import ContributionResult, contribution
from verlies.sim.run import local_pool
from verlies.sim.sweep import Tweak


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--reference", default="default", help="'none': no card marked changed")
    args = ap.parse_args()
    w = args.workers
    local_pool(w).submit(int).result()
    simulate(8, characters="all", workers=w, seed=99)  # warm-up: imports in the workers
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    goal = "monster:monster-goblin"
    print(f"load before: {load()}")
    t0 = time.perf_counter()
    first: list[float] = []

    def seen(res: ContributionResult) -> None:
        if not first and goal in [r["id"] for r in res.ranked()[:3]]:
            first.append(time.perf_counter() - t0)

    res = contribution(deck, workers=w, reference=args.reference != "none", on_update=seen)
    wall = time.perf_counter() - t0
    games = res.info.games
    print(f"load after the ranking: {load()}")
    t1 = time.perf_counter()
    simulate(games, characters="all", workers=w)
    base = time.perf_counter() - t1
    print(f"ranking: {games} games in {wall:.1f} s = {games / wall:.1f} games/s")
    print(f"simulate, same games: {base:.1f} s = {games / base:.1f} games/s")
    print(f"ratio (ranking / simulate games per s): {base / wall:.2f}")
    print(f"goblin first in the top 3 after: {first[0] if first else float('nan'):.1f} s")
    for r in res.ranked()[:5]:
        print(f"   {r['score']:5.2f}  {r['id']:34s} {r['quantity']}")
    print(f"load at the end: {load()}")


if __name__ == "__main__":
    main()
