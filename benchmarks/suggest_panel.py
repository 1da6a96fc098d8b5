"""How long the Balance tab's "Suggest" takes with its default settings.

The draft is the default deck, or with ``--lopsided`` the Priest at 6/3/1 (about a third of
the 4-player wins); the settings are the panel's defaults (every character 25 ± 3 %, the
monsters' fight values ± 2 and the obstacles ± 1, 400 games per candidate, 12 candidates,
verification on 2 × 400 fresh games per deck), on a pool of ``default_workers()``
processes as on the page. Printed: the baseline (one candidate's games played on the same
pool in this run), the whole suggestion's time, candidates played, the proposal and its
verdicts.

    .venv/bin/python benchmarks/suggest_panel.py [--lopsided]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from concurrent.futures import ProcessPoolExecutor

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.run import default_workers
from verlies.ui.balance.suggest_model import SuggestRun


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lopsided", action="store_true")
    args = ap.parse_args(argv)
    deck = Deck.default()
    if args.lopsided:
        c = deck.characters["char-priester"]
        deck = deck.with_card("character", dataclasses.replace(c, staerke=6, geist=3, geschick=1))
    workers = default_workers()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        run = SuggestRun(lambda: pool)
        t0 = time.perf_counter()
        simulate(run.games, deck=deck, characters="all", executor=pool)
        base = time.perf_counter() - t0
        print(f"workers {workers}; one candidate ({run.games} games): {base:.1f} s")
        run.start(deck)
        run.wait()
    if run.error is not None or run.result is None:
        print("error:", run.error)
        return 1
    s = run.result.search
    print(
        f"suggestion: {run.seconds:.1f} s = {run.seconds / base:.1f} candidates' time; "
        f"{s['trials']} candidates"
    )
    for w in run.edit_words("en") or ["no change"]:
        print("  ", w)
    for r in run.verdicts("en"):
        print(f"   {r.name}: {r.band}; {r.start} → {r.value} [{r.low}, {r.high}] {r.verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
