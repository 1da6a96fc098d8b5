"""The Deck tab's impact column: how soon the first figures are in, and how long the whole
column takes, as the page runs it (verlies.ui.deck.impact_model.ImpactColumn: every card of the
default deck, its own kept pool of ``--workers`` processes, started before the clocks).

Prints, all measured in this run, with the load average (1 / 5 / 15 min):

1. the baseline: a plain ``simulate`` of ``--games`` careful-bot 4-player games on a pool
   of the same size (the cost of the first pass alone, the draft's own games);
2. the column's run of the default deck, all cards, ``--games`` games per deck: seconds
   until the first update (every card has a figure: its association and met per game),
   until the draft's own games are all in, until the first paired effect arrives, and
   until the end (or ``--limit`` seconds, then cancelled), with the games played.

    .venv/bin/python benchmarks/deck_impact.py [--games 48] [--workers 2] [--limit 120]
"""

from __future__ import annotations

import argparse
import os
import threading
import time

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.run import local_pool
from verlies.ui.deck.impact_model import ImpactColumn


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=48, help="games per deck (the page's 48)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=float, default=120.0, help="cancel after this many s")
    args = ap.parse_args()
    w = args.workers
    local_pool(w).submit(int).result()
    simulate(8, characters="all", workers=w, seed=99)  # warm-up: imports in the workers
    print(f"load before the baseline: {load()}")
    t0 = time.perf_counter()
    simulate(args.games, characters="all", workers=w)
    wall = time.perf_counter() - t0
    print(f"baseline simulate: {args.games} games in {wall:.2f} s on {w} workers")

    col = ImpactColumn(workers=w)
    col.executor().submit(int).result()  # type: ignore[union-attr]  # the page keeps it
    marks: dict[str, float] = {}
    ended = threading.Event()

    def update(c: ImpactColumn) -> None:
        now = time.perf_counter() - start
        if c.figures:
            marks.setdefault("first figures", now)
        if c.base_games >= args.games:
            marks.setdefault("draft's own games in", now)
        if any(f.paired for f in c.figures.values()):
            marks.setdefault("first paired effect", now)

    print(f"load before the column's run: {load()}")
    start = time.perf_counter()
    col.start(
        Deck.default(),
        games=args.games,
        players=4,
        on_update=update,
        on_done=lambda c: ended.set(),
    )
    if not ended.wait(args.limit):
        col.cancel()
        ended.wait()
    marks["end"] = time.perf_counter() - start
    for what, s in marks.items():
        print(f"   {what}: {s:.2f} s")
    print(
        f"   {col.phase}: {col.done} of {col.total} games, {len(col.figures)} cards with a "
        f"figure, {sum(f.paired for f in col.figures.values())} of them paired"
    )
    print(f"load after: {load()}")
    col.close()


if __name__ == "__main__":
    main()
