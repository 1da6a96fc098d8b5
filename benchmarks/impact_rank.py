"""Which card matters (issue 36): ``verlies impact``'s defaults on the whole default deck
with one broken card, on ``--workers`` kept processes, measured as work: wall seconds,
CPU seconds of every process (parent and workers) and games, until the broken card first
stands in the top 3 (★) and until the run ends; beside a plain ``simulate`` of as many
games in the same run (the CPU ratio: what ranking costs over just playing the games).
"quiet-equivalent s" = CPU-s / cores (the machine is shared; the load average is printed
before and after). The engine's random playouts (200 games, in this process, before and
after the ranking) are the same run's baseline: the ranking's wall and CPU seconds are also
given as multiples of their CPU seconds, and against the 60 s goal.

    .venv/bin/python benchmarks/impact_rank.py [--broken goblin|trap|purse|dragon]
        [--workers 2] [--reference none] [--group 8]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.impact_rank import ContributionResult, contribution
from verlies.sim.run import local_pool

sys.path.insert(0, str(Path(__file__).resolve().parent))

from impact_work import (  # noqa: E402
    BROKEN,
    Mark,
    Meter,
    load,
    plain_simulate,
    playout_cpu,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--broken", choices=sorted(BROKEN), default="goblin")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--reference", default="default", help="'none': no card marked changed")
    ap.add_argument("--group", type=int, default=8, help="screen group size (0: every card alone)")
    args = ap.parse_args()
    w = args.workers
    local_pool(w).submit(int).result()
    simulate(8, characters="all", workers=w, seed=99)  # warm-up: imports in the workers
    tweak, value = BROKEN[args.broken]
    deck = tweak.apply(Deck.default(), value)
    goal = f"{tweak.kind}:{tweak.card}"
    print(f"broken: {tweak.label()} = {value}; reference {args.reference}; {w} workers")
    print(f"load before: {load()}")
    before = playout_cpu()
    print(f"random playouts before: 200 games in {before:.2f} CPU-s")
    first: list[Mark] = []
    meter = Meter()

    rounds: list[int] = []

    def seen(res: ContributionResult) -> None:
        if not first and goal in [r["id"] for r in res.ranked()[:3]]:
            first.append(meter.mark(res.info.games))
        if not rounds or res.round != rounds[-1]:  # a round ended: where the run is
            rounds.append(res.round)
            top = [r["id"].partition(":")[2] for r in res.ranked()[:3]]
            mark = meter.mark(res.info.games)
            print(f"  round {res.round}: {mark.words(w)}; top 3 {top}; load {load()}", flush=True)

    res = contribution(
        deck, workers=w, reference=args.reference != "none", group=args.group, on_update=seen
    )
    end = meter.mark(res.info.games)
    print(f"load after the ranking: {load()}")
    if first:
        place = [r["id"] for r in res.ranked()].index(goal) + 1
        print(f"broken card first in the top 3: {first[0].words(w)}; at the end #{place}")
    else:
        print("broken card NOT in the top 3 during the run")
    print(f"whole run ({res.stopped}, {res.round} rounds): {end.words(w)}")
    n = first[0].games if first else end.games
    base = plain_simulate(n, w)
    print(f"plain simulate of {n} games: {base.words(w)}")
    if first:
        print(f"ratio (CPU-s to the broken card / simulate's CPU-s): {first[0].cpu / base.cpu:.2f}")
    for r in res.ranked()[:5]:
        print(f"   {r['score']:5.2f}  {r['id']:34s} {r['quantity']}  {r['pairs']} pairs")
    after = playout_cpu()
    print(f"random playouts after: 200 games in {after:.2f} CPU-s")
    unit = (before + after) / 2
    at = first[0] if first else end
    what = "to the broken card in the top 3" if first else "the whole run (never top 3)"
    print(
        f"{what}: {at.wall:.1f} s wall (goal 60 s: {'met' if at.wall <= 60 else 'missed'}), "
        f"{at.quiet(w):.1f} quiet-equivalent s (goal {'met' if at.quiet(w) <= 60 else 'missed'}); "
        f"= {at.cpu / unit:.0f}x the CPU-s of 200 random playouts"
    )
    print(f"load at the end: {load()}")


if __name__ == "__main__":
    main()
