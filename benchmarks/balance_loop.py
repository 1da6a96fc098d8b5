"""The designer's loop of the Balance tab: change a card, see a 1,000-game estimate.

    .venv/bin/python benchmarks/balance_loop.py [--games 1000] [--edits 3] [--workers 2]

Measures exactly what the tab runs (``verlies.ui.balance.balance_model.BalanceRun``, the widget-free
model behind the tab): from the draft deck to the finished table of a ``compare`` of the
base deck (A) and the draft (B) on ``--games`` common seeds, 4 players, careful bots,
characters rotated over the seats. Timed from ``start`` to the table's HTML and the JSON
download being built, so it includes the worker pool's start (first run only: the pool
is kept for the kernel's life), shipping both decks to the workers, the games, and the
table. The first edit is the cold start; the next ones (each changes another number of
the same card, as a designer tweaking a value does) are the loop a designer lives in:
the base deck's games on the same seeds are known from the first run then
(``verlies.sim.compare`` keeps them), so only the draft's games are played.

Prints wall seconds per edit, the games per wall second, and the load average next to
them (the machine may be shared: other programs' work slows the wall clock). The goal of
issue 10 is <= 5 s per edit on a 2-core machine. A benchmark, not a test: it asserts only
that every run finished with all its games.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from typing import Any

from verlies.deck import Deck
from verlies.sim import Tweak
from verlies.sim.compare import _PLAYED
from verlies.ui.balance.balance_model import BalanceRun


def _load() -> str:
    try:
        return " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on Unix
        return "?"


def one_edit(run: BalanceRun, base: Deck, draft: Deck, games: int) -> tuple[float, float, int]:
    """Wall and CPU seconds (of this process: all of it with one worker, which plays in a
    thread here) from the click to the finished table, and the games played for it."""
    t0, c0 = time.perf_counter(), time.process_time()
    run.start(base, draft, games=games, players=4, seed=0)
    run.wait()
    comp = run.comparison
    if run.error is not None or comp is None:
        raise RuntimeError(f"the balance run failed: {run.error}")
    comp._repr_html_()  # the table the tab shows
    run.to_json()  # and its download
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    if comp.games != games:
        raise RuntimeError(f"{comp.games} of {games} games in the table")
    return seconds, cpu, comp.a.info.games  # played now (the base's may be known)


def loop(
    run: BalanceRun, base: Deck, tweak: Tweak, values: list[int], games: int
) -> list[dict[str, Any]]:
    rows = []
    try:
        for v in values:
            load = _load()
            seconds, cpu, played = one_edit(run, base, tweak.apply(base, v), games)
            rows.append({"value": v, "seconds": seconds, "cpu": cpu, "games": played, "load": load})
    finally:
        run.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per deck (default 1000)")
    ap.add_argument("--edits", type=int, default=3, help="edits after the first (default 3)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--no-cpu", action="store_true", help="skip the one-worker CPU run")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    base = Deck.default()
    tweak = Tweak("dungeon", "r-gang-straight-04", "obstacle")
    values = [6, 8, 9, 10, 7, 5][: args.edits + 1]
    rows = loop(BalanceRun(workers=args.workers), base, tweak, values, args.games)
    # The same loop on one worker (it plays in this process): the CPU seconds it needs,
    # which the machine's load does not change much. On an idle machine with 2 cores, 2
    # workers take about half of them (plus the start of the pool, first edit only).
    _PLAYED.clear()
    ones = [] if args.no_cpu else loop(BalanceRun(workers=1), base, tweak, values, args.games)
    warm = [r["seconds"] for r in rows[1:]] or [rows[0]["seconds"]]
    out = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "workers": args.workers,
        "games_per_deck": args.games,
        "cold_s": rows[0]["seconds"],
        "warm_median_s": statistics.median(warm),
        "edits": rows,
        "one_worker_cpu_s": [r["cpu"] for r in ones],
    }
    if args.json:
        print(json.dumps(out))
        return 0
    print(
        f"Balance tab loop: base deck vs a draft (obstacle of {tweak.card} changed), "
        f"{args.games} games per deck, 4 players, careful bots, {args.workers} workers; "
        f"Python {out['python']}, {out['cpus']} CPUs"
    )
    for i, r in enumerate(rows):
        what = "first edit (pool starts)" if i == 0 else "next edit (pool kept)"
        print(
            f"  {what:<26} obstacle {r['value']:>2}: {r['seconds']:5.2f} s wall, "
            f"{r['games']:>5} games played ({r['games'] / r['seconds']:6.1f} games/s; "
            f"load average {r['load']})"
        )
    for i, r in enumerate(ones):
        what = "first edit" if i == 0 else "next edit"
        print(
            f"  one worker, {what:<10}  obstacle {r['value']:>2}: {r['cpu']:5.2f} CPU s for "
            f"{r['games']:>5} games (about {r['cpu'] / 2:4.2f} s on 2 idle cores; "
            f"load average {r['load']})"
        )
    print(
        f"  cold {out['cold_s']:.2f} s, warm median {out['warm_median_s']:.2f} s wall "
        f"(goal <= 5 s per edit); load average after: {_load()}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
