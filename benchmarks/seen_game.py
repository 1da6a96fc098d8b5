"""What a seat's game costs (issue 35): a shared table's page of a seat or the spectator
is built from ``verlies.hidden.seen_game`` (made again whenever the table moved, once per
visitor's kernel), beside the same run's baseline ``Game.clone`` (what it starts from).

A game of careful bots is played to its end; at several of its steps both are timed
(best of ``--repeat`` batches of ``--calls`` calls) for a seat and for the spectator.

    .venv/bin/python benchmarks/seen_game.py [--players 4] [--seed 3] [--calls 200]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from verlies.game import Game
from verlies.hidden import seen_game
from verlies.setup import Setup
from verlies.sim.bots import make_bot


def _best(fn: Callable[[], object], calls: int, repeat: int) -> float:
    """Seconds per call: the best of ``repeat`` batches of ``calls`` calls."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - t0) / calls)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    game = Game.from_setup(Setup(players=args.players, seed=args.seed))
    bots = [make_bot("careful", args.seed * 10 + i) for i in range(args.players)]
    while not game.is_over and game.step_count < 5000:
        if game.is_chance:
            game.roll()
        else:
            seat = game.current_player
            game.apply(bots[seat](game.view(seat)))
    end = game.step_count
    print(f"{args.players} players, seed {args.seed}: {end} steps, over={game.is_over}")
    print(f"{'step':>6} {'clone µs':>10} {'seat µs':>10} {'spect µs':>10} {'seat/clone':>11}")
    for at in sorted({end // 4, end // 2, end - 1, end}):
        g = game.copy()
        g.goto(at)
        clone = _best(g.clone, args.calls, args.repeat)
        seat = _best(lambda g=g: seen_game(g, 0), args.calls, args.repeat)
        spect = _best(lambda g=g: seen_game(g, None), args.calls, args.repeat)
        print(
            f"{at:>6} {clone * 1e6:>10.1f} {seat * 1e6:>10.1f} {spect * 1e6:>10.1f} "
            f"{seat / clone:>11.2f}"
        )


if __name__ == "__main__":
    main()
