"""The Deck tab's "which card matters" button (issue 36): seconds until the broken card
first stands in the page's ranked list (★, among the top 3 in the "impact" order), as the
page runs it (verlies.ui.deck.impact_model.ImpactColumn: every card of the draft, the default
budget, the cards the draft changed against the shipped deck first, a kept pool of
``--workers`` processes started before the clocks), beside a plain ``simulate`` of the
same number of careful-bot games in the same run.

Prints, with the load average (1 / 5 / 15 min) before and after:

1. the button's run: seconds and games until the broken card is first ranked in the top
   3, its place, score and quantity then; the run is cancelled there (``--full``: played
   to its end, then the end's seconds and games too);
2. a plain ``simulate`` of as many games on a pool of the same size, its seconds;
3. the ratio: the button's seconds to the broken card / the plain simulate's seconds
   (what ranking costs over just playing the games).

    .venv/bin/python benchmarks/impact_button.py [--broken goblin|trap|purse] [--workers 2]
        [--limit 600] [--full] [--pile monster]
"""

from __future__ import annotations

import argparse
import os
import threading
import time

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.run import local_pool
from verlies.sim.sweep import Tweak
from verlies.ui.deck.impact_model import ImpactColumn

#: The broken decks of the tests: a goblin nobody beats, a trap nobody passes, a purse
#: worth far too much (tests/test_impact_rank.py).
BROKEN = {
    "goblin": (Tweak("monster", "monster-goblin", "fight"), 10),
    "trap": (Tweak("room", "raum-falle-06", "trap"), 12),
    "purse": (Tweak("treasure", "schatz-muenzbeutel", "gold"), 40),
}


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--broken", choices=sorted(BROKEN), default="goblin")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=float, default=600.0, help="cancel after this many s")
    ap.add_argument("--full", action="store_true", help="play the run to its end")
    ap.add_argument(
        "--pile",
        default=None,
        help="only this pile's cards, as the page's 'only the cards in the list' (e.g. monster)",
    )
    args = ap.parse_args()
    w = args.workers
    tweak, value = BROKEN[args.broken]
    deck = tweak.apply(Deck.default(), value)
    goal = (tweak.kind, tweak.card)
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
    ended = threading.Event()

    def update(c: ImpactColumn) -> None:
        if found:
            return
        figs = dict(c.figures)
        ranked = [k for k in c.arrange(keys) if k in figs and figs[k].group == 0][:3]
        if goal in ranked:
            f = figs[goal]
            found.update(
                seconds=time.perf_counter() - start,
                games=c.done,
                place=ranked.index(goal) + 1,
                score=f.sure,
                quantity=f.quantity,
            )
            if not args.full:
                c.cancel()

    print(f"broken: {tweak.label()} = {value}; {len(keys)} cards; {w} workers")
    print(f"load before the button's run: {load()}")
    start = time.perf_counter()
    col.start(
        deck, cards=keys if args.pile else None, on_update=update, on_done=lambda c: ended.set()
    )
    if not ended.wait(args.limit):
        col.cancel()
        ended.wait()
    end = time.perf_counter() - start
    games_end = col.done
    print(f"load after the button's run: {load()}")
    if found:
        print(
            f"button: the broken card ranked #{found['place']} (★, {found['quantity']}, "
            f"{found['score']:.2f} δ) after {found['seconds']:.1f} s and {found['games']} games"
        )
    else:
        print(f"button: the broken card NOT ranked in the top 3 after {end:.1f} s")
    print(f"button run: {col.phase} after {end:.1f} s, {games_end} games")
    col.close()

    n = int(found.get("games", games_end)) or 1  # type: ignore[call-overload]
    t0 = time.perf_counter()
    simulate(n, characters="all", workers=w)
    base = time.perf_counter() - t0
    print(f"plain simulate of {n} games: {base:.1f} s ({n / base:.1f} games/s)")
    if found:
        ratio = float(found["seconds"]) / base  # type: ignore[arg-type]
        print(f"ratio (button's seconds to the broken card / simulate's seconds): {ratio:.2f}")
    print(f"load at the end: {load()}")


if __name__ == "__main__":
    main()
