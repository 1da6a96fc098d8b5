"""The Deck tab's "which card matters" button (issue 36): the work until the broken card
first stands in the page's ranked list (★, among the top 3 in the "impact" order), as the
page runs it (verlies.ui.deck.impact_model.ImpactColumn: every card of the draft, the same
defaults as ``verlies impact``, the cards the draft changed against the shipped deck first,
a kept pool of ``--workers`` processes started before the clocks), beside a plain
``simulate`` of the same number of careful-bot games in the same run.

Prints, with the load average (1 / 5 / 15 min) before and after, as work: wall seconds,
CPU seconds of every process (the page's and its workers) and games, and the
quiet-equivalent seconds (CPU-s / workers):

1. the button's run until the broken card is first ranked in the top 3, its place, score
   and quantity then; the run is cancelled there (``--full``: played to its end, then the
   end's figures too);
2. a plain ``simulate`` of as many games on a pool of the same size;
3. the ratio of the two CPU times (what ranking costs over just playing the games);
4. the engine's random playouts (200 games, before and after) in the same run, and the
   button's seconds against the 60 s goal and as a multiple of their CPU seconds.

    .venv/bin/python benchmarks/impact_button.py [--broken NAME] (impact_work.BROKEN)
        [--workers 2] [--limit 600] [--full] [--pile monster] [--no-simulate]
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

from verlies.sim import simulate
from verlies.sim.run import local_pool
from verlies.ui.deck.impact_model import ImpactColumn

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
    ap.add_argument("--broken", choices=sorted(BROKEN), default="goblin")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=float, default=600.0, help="cancel after this many s")
    ap.add_argument("--full", action="store_true", help="play the run to its end")
    ap.add_argument(
        "--no-simulate", action="store_true", help="no plain simulate beside (the ratio)"
    )
    ap.add_argument(
        "--pile",
        default=None,
        help="only this pile's cards, as the page's 'only the cards in the list' (e.g. monster)",
    )
    args = ap.parse_args()
    w = args.workers
    broken = BROKEN[args.broken]
    deck = broken.deck()
    goal = (broken.kind, broken.card)
    keys = [(k, c) for k in ("dungeon", "room", "monster", "treasure") for c in deck.cards(k)]
    keys += [("character", c) for c in deck.characters]
    if args.pile:
        keys = [k for k in keys if k[0] == args.pile]

    local_pool(w).submit(int).result()
    simulate(8, characters="all", workers=w, seed=99)  # warm-up: imports in the workers
    col = ImpactColumn(workers=w)
    col.executor().submit(int).result()  # type: ignore[union-attr]  # the page keeps it
    col.sort = "impact"  # the page's "largest effect first"
    found: dict[str, object] = {}
    marks: list[Mark] = []
    ended = threading.Event()

    def update(c: ImpactColumn) -> None:
        if found:
            return
        figs = dict(c.figures)
        ranked = [k for k in c.arrange(keys) if k in figs and figs[k].group == 0][:3]
        if goal in ranked:
            marks.append(meter.mark(c.done))
            f = figs[goal]
            found.update(
                place=ranked.index(goal) + 1, score=f.sure, size=f.size, quantity=f.quantity
            )
            if not args.full:
                c.cancel()

    print(f"broken: {broken.words}; {len(keys)} cards; {w} workers")
    print(f"load before the button's run: {load()}")
    before = playout_cpu()
    print(f"random playouts before: 200 games in {before:.2f} CPU-s")
    meter = Meter()
    col.start(
        deck, cards=keys if args.pile else None, on_update=update, on_done=lambda c: ended.set()
    )
    if not ended.wait(args.limit):
        col.cancel()
        ended.wait()
    end = meter.mark(col.done)
    print(f"load after the button's run: {load()}")
    if marks:
        print(
            f"button: the broken card ranked #{found['place']} (★, {found['quantity']}, "
            f"{found['size']:.2f}× a meaningful change, the row's figure; its interval's "
            f"nearer end {found['score']:.2f} δ from 0) after {marks[0].words(w)}"
        )
    else:
        print(f"button: the broken card NOT ranked in the top 3 after {end.words(w)}")
    print(f"button run: {col.phase} after {end.words(w)}")
    col.close()

    n = marks[0].games if marks else end.games
    if not args.no_simulate:
        mark = marks[0].cpu if marks else None
        against_simulate(n, w, mark, "button's CPU-s to the broken card")
    after = playout_cpu()
    print(f"random playouts after: 200 games in {after:.2f} CPU-s")
    at = marks[0] if marks else end
    what = "to the broken card in the top 3" if marks else "the run (never top 3)"
    print(
        f"{what}: {at.wall:.1f} s wall (goal 60 s: {'met' if at.wall <= 60 else 'missed'}), "
        f"{at.quiet(w):.1f} quiet-equivalent s; = {at.cpu / ((before + after) / 2):.0f}x the "
        "CPU-s of 200 random playouts"
    )
    print(f"load at the end: {load()}")


if __name__ == "__main__":
    main()
