"""Which card matters (issue 36): ``verlies impact``'s defaults on the whole default deck
with one broken card, on ``--workers`` kept processes, measured as work: wall seconds,
CPU seconds of every process (parent and workers) and games, until the broken card first
stands in the top 3 (★) and until the run ends; beside a plain ``simulate`` of as many
games in the same run (the CPU ratio: what ranking costs over just playing the games).
"quiet-equivalent s" = CPU-s / cores (the machine is shared; the load average is printed
before and after). The engine's random playouts (200 games, in this process, before and
after the ranking) are the same run's baseline: the ranking's wall and CPU seconds are also
given as multiples of their CPU seconds, and against the 60 s goal.

    .venv/bin/python benchmarks/impact_rank.py [--broken NAME [NAME ...] | all]
        [--workers 2] [--reference none] [--group 8] [--seed 0]

(NAME: ``impact_work.BROKEN``; several names: one run each, then a table of them all.)
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

from verlies.sim import simulate
from verlies.sim.impact_rank import ContributionResult, contribution
from verlies.sim.run import local_pool, pool_engine

sys.path.insert(0, str(Path(__file__).resolve().parent))

from impact_work import (  # noqa: E402
    BROKEN,
    Mark,
    Meter,
    against_simulate,
    load,
    playout_cpu,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument(
        "--broken",
        nargs="+",
        default=["goblin"],
        help=f"one or more of {', '.join(BROKEN)}, or 'all' (one run each, then a table)",
    )
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--reference", default="default", help="'none': no card marked changed")
    ap.add_argument("--group", type=int, default=8, help="screen group size (0: every card alone)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--no-simulate", action="store_true", help="no plain simulate beside (the ratio)"
    )
    ap.add_argument(
        "--until-top3",
        action="store_true",
        help="cancel a run once its broken card is in the top 3 (the end's place is then '-')",
    )
    args = ap.parse_args()
    names = list(BROKEN) if args.broken == ["all"] else args.broken
    for name in names:
        if name not in BROKEN:
            ap.error(f"unknown broken deck {name!r} (one of {', '.join(BROKEN)})")
    w = args.workers
    local_pool(w).submit(int).result()
    simulate(8, characters="all", workers=w, seed=99)  # warm-up: imports in the workers
    table = [one(name, args) for name in names]
    print(
        "\n| broken card | top 3 | games | wall s | quiet-eq. s | games (by size) "
        "| end: place | run |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for row in table:
        print(row)


def one(name: str, args: argparse.Namespace) -> str:
    """One broken deck's ranking, told as it goes; its row of the closing table."""
    w = args.workers
    broken = BROKEN[name]
    deck = broken.deck()
    goal = broken.goal
    print(f"\n== {name}: {broken.words}; reference {args.reference}; {w} workers; seed {args.seed}")
    print(f"load before: {load()}")
    before = playout_cpu()
    print(f"random playouts before: 200 games in {before:.2f} CPU-s")
    first: list[Mark] = []
    meter = Meter()
    stop = threading.Event()

    rounds: list[int] = []

    sized: list[Mark] = []  # the same, were the ★ cards ordered by their size

    def seen(res: ContributionResult) -> None:
        ranked = res.ranked()
        by_size = sorted(ranked, key=lambda r: (-r["size"], r["id"]))
        for order, marks in ((ranked, first), (by_size, sized)):
            top = [r for r in order[:3] if r["id"] == goal]
            if not marks and top:
                marks.append(meter.mark(res.info.games))
                print(
                    f"  {'size' if marks is sized else 'score'} order: the broken card "
                    f"#{order.index(top[0]) + 1} after {res.info.games} games, score "
                    f"{top[0]['score']:.2f} δ, size {top[0]['size']:.2f} δ ({top[0]['quantity']})"
                )
        if args.until_top3 and first and sized:
            stop.set()
        if not rounds or res.round != rounds[-1]:  # a round ended: where the run is
            rounds.append(res.round)
            top3 = [r["id"].partition(":")[2] for r in ranked[:3]]
            big3 = [r["id"].partition(":")[2] for r in by_size[:3]]
            mark = meter.mark(res.info.games)
            print(
                f"  round {res.round}: {mark.words(w)}; top 3 {top3}; by size {big3}; "
                f"load {load()}",
                flush=True,
            )

    res = contribution(
        deck,
        workers=w,
        reference=args.reference != "none",
        group=args.group,
        seed=args.seed,
        on_update=seen,
        cancel=stop,
    )
    end = meter.mark(res.info.games)
    print(f"load after the ranking: {load()}")
    ids = [r["id"] for r in res.ranked()]
    place = ids.index(goal) + 1 if goal in ids else None
    if first:
        print(f"broken card first in the top 3: {first[0].words(w)}; at the end #{place}")
    else:
        print(f"broken card NOT in the top 3 during the run; at the end #{place}")
    print(f"engine: {pool_engine()} workers")
    print(f"whole run ({res.stopped}, {res.round} rounds): {end.words(w)}")
    n = first[0].games if first else end.games
    if not args.no_simulate:
        against_simulate(n, w, first[0].cpu if first else None, "CPU-s to the broken card")
    for r in res.ranked()[:5]:
        words = f"{r['id']:34s} {r['quantity']}  {r['pairs']} pairs"
        print(f"   score {r['score']:5.2f} size {r['size']:5.2f}  {words}")
    print(res.text("en", 5), end="")
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
    if first:
        got = f"{first[0].games} | {first[0].wall:.1f} | {first[0].quiet(w):.1f}"
    else:
        got = "never | | "
    got += f" | {sized[0].games if sized else 'never'}"
    return (
        f"| {broken.words} | {'yes' if first else 'NO'} | {got} | "
        f"#{place if place else '-'} of {len(ids)} ★ | {res.stopped}, {end.games} games |"
    )


if __name__ == "__main__":
    main()
