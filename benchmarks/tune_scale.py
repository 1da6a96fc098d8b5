"""Issue 22's scale claim for Suggest: a tuning run on 2 cores for a deliberately
unbalanced deck, timed, with its proposal and the proposal's verdicts on fresh seeds.

The start deck is the default deck with one character's values moved (default: the
Priest 2/5/3 → 1/3/6); the targets are issue 22's example (every character's win rate
25 ± 2 %, the first seat's edge at most 2 points, median 20–30 rounds; careful bots, 4
players, characters rotated); the moved character's and the Knight's values may move.
:func:`verlies.sim.tune.tune` first checks the unchanged deck (on the study's seeds, then on
fresh seeds), searches on common random numbers, prunes the found proposal edit by edit and
verifies it on fresh seeds. Printed: the baseline (one candidate's games, measured in this
run), every candidate as it ends, the result in words, the wall time and whether it came
within 10 minutes.

    .venv/bin/python benchmarks/tune_scale.py [--games 400] [--trials 16] [--verify-games 1600]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.tune import tune

TARGETS = ["win:*=25+-2", "edge=:2", "rounds=20:30"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--character", default="char-priester")
    ap.add_argument("--values", default="1/3/6", help="its values in the unbalanced deck")
    ap.add_argument("--games", type=int, default=400, help="games per candidate")
    ap.add_argument("--trials", type=int, default=16)
    ap.add_argument("--verify-games", type=int, default=1600)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--target", action="append", help=f"a target (default: {TARGETS})")
    ap.add_argument("--deck", default=None, help="a shipped edition instead of the default deck")
    ap.add_argument(
        "--move",
        action="append",
        help="what may move (default: the moved character's and the Knight's values)",
    )
    args = ap.parse_args(argv)
    st, ge, gs = (int(v) for v in args.values.split("/"))
    base = Deck.edition(args.deck) if args.deck else Deck.default()
    c = base.characters[args.character]
    deck = base.with_card(
        "character", dataclasses.replace(c, staerke=st, geist=ge, geschick=gs)
    ).with_name("unbalanced")
    moves = args.move or [f"character:{args.character}", "character:char-ritterin"]

    t0 = time.perf_counter()
    simulate(args.games, seed=args.seed, deck=deck, characters="all", workers=args.workers)
    per_candidate = time.perf_counter() - t0
    print(f"baseline: one candidate ({args.games} games) {per_candidate:.1f} s", flush=True)

    t1 = time.perf_counter()
    res = tune(
        args.target or TARGETS,
        moves,
        deck,
        games=args.games,
        trials=args.trials,
        seed=args.seed,
        verify_games=args.verify_games,
        workers=args.workers,
        on_trial=lambda d, n, b: print(
            f"  candidate {d}/{n}: best score {b:.2f} ({time.perf_counter() - t1:.0f} s)",
            flush=True,
        ),
    )
    total = time.perf_counter() - t1
    print(res.text(args.lang))
    s, v = res.search, res.verification or {}
    print()
    print(
        f"start deck: {args.deck or 'default'} with {args.character} {args.values}; "
        f"moves: {', '.join(moves)}"
    )
    print(
        f"wall time: {total:.0f} s (search, pruning and verification) on {args.workers} "
        f"workers = {total / per_candidate:.1f} x one candidate's games"
    )
    print(
        f"candidates played {s['played']}, pruning played {s['prune_played']}; within targets "
        f"unchanged: {res.within_targets}; edits {len(res.edits)}"
    )
    print(
        f"fresh seeds: no target missed: {v.get('meets')}; point estimates in every band: "
        f"{v.get('point_met')}; verdicts {v.get('counts')}"
    )
    print(f"within 10 minutes: {total <= 600}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
