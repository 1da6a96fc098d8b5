"""How long a tuning run takes to find a balanced proposal for a deliberately unbalanced deck.

The start deck is the default deck with one character's values moved (default: the Priest
2/5/3 → 6/3/1, which makes it win about a third of the 4-player games); the targets are
every character's win rate within 25 ± 5 % and the median game 20–35 rounds, careful
bots; the Priest's and the Knight's values may move. ``verlies.sim.tune.tune`` searches
(every candidate on the same seeds), then plays the start deck and the proposal on fresh
seeds. Printed: the start deck's figures, the time per candidate (the baseline: one
candidate's games, measured in this run), the candidates played against the grid of
every combination (what an exhaustive search would play), the proposal, and its check.

    .venv/bin/python benchmarks/tune.py [--games 400] [--trials 20] [--verify-games 1500]
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.tune import Move, knobs_for, tune


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--character", default="char-priester")
    ap.add_argument("--values", default="6/3/1", help="its values in the unbalanced deck")
    ap.add_argument("--games", type=int, default=400, help="games per candidate")
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--verify-games", type=int, default=1500)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--storage", default=None, help="e.g. sqlite:///tune-bench.db")
    args = ap.parse_args(argv)
    st, ge, gs = (int(v) for v in args.values.split("/"))
    base = Deck.default()
    c = base.characters[args.character]
    deck = base.with_card(
        "character", dataclasses.replace(c, staerke=st, geist=ge, geschick=gs)
    ).with_name("unbalanced")
    targets = ["win:*=25+-5", "rounds=20:35"]
    moves = [Move.parse(f"character:{args.character}"), Move.parse("character:char-ritterin")]
    knobs = knobs_for(deck, moves)
    grid = math.prod(len(k.choices) for k in knobs)

    t0 = time.perf_counter()
    first = simulate(args.games, seed=args.seed, deck=deck, characters="all", workers=args.workers)
    per_candidate = time.perf_counter() - t0
    rates = {cid: first.metrics.win_rate(cid).rate for cid in sorted(first.metrics.characters)}
    print(
        f"start deck: {args.character} {args.values}; {args.games} games: "
        + ", ".join(f"{k.removeprefix('char-')} {100 * v:.1f} %" for k, v in rates.items())
        + f"; median {first.summary()['median_rounds']:.1f} rounds"
    )
    print(
        f"baseline: one candidate ({args.games} games) {per_candidate:.1f} s on "
        f"{args.workers} workers"
    )

    t1 = time.perf_counter()
    res = tune(
        targets,
        moves,
        deck,
        games=args.games,
        trials=args.trials,
        seed=args.seed,
        verify_games=args.verify_games,
        workers=args.workers,
        storage=args.storage,
        on_trial=lambda d, n, b: print(
            f"  candidate {d}/{n}: best score {b:.2f} ({time.perf_counter() - t1:.0f} s)",
            flush=True,
        ),
    )
    total = time.perf_counter() - t1
    s = res.search
    print(res.text())
    search_s = total  # includes the verification below
    print()
    print(f"tuning run: {total:.0f} s in all (search and verification), 2 cores")
    print(
        f"  candidates played {s['played']} of a grid of {grid} "
        f"({s['played'] / grid:.2f} of the exhaustive search's games); "
        f"{total / per_candidate:.1f} x one candidate's time"
    )
    v = res.verification or {}
    print(
        f"  found a proposal meeting the targets on the search seeds: {res.met_on_search}; "
        f"on fresh seeds (point estimates): {v.get('point_met')}; verdicts {v.get('counts')}"
    )
    print(f"  within 10 minutes: {search_s <= 600}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
