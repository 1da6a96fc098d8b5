"""Game.clone(): how long a copy for search takes, early and late in a long game.

    .venv/bin/python benchmarks/clone.py [--steps 1500] [--repeat 2000]

A 4-player game is played by uniformly random choices (seeded) to ``--steps`` steps
(about a whole game); ``Game.clone()`` is timed there and after the first 50 steps, and
``Game.copy()`` (a replay of the steps) late in the game for comparison. clone copies
only the mutable state, so its time should not grow with the history (goal: <= 50 µs on
a 1,500-step game). This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from verlies import Game  # noqa: E402


def play_to(steps: int, seed: int) -> Game:
    """A game played by random choices to ``steps`` steps (or its end, if sooner)."""
    rng = random.Random(seed)
    game = Game.new(players=4, seed=seed, round_limit=None)
    while game.step_count < steps and not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    return game


def long_game(steps: int) -> Game:
    """The first seed whose random game lasts ``steps`` steps."""
    for seed in range(1000):
        game = play_to(steps, seed)
        if game.step_count >= steps:
            return game
    raise SystemExit(f"no random game reached {steps} steps")


def time_us(fn: object, repeat: int) -> float:
    """Median microseconds of ``fn()`` over ``repeat`` calls, timed in batches of 10."""
    assert callable(fn)
    runs = []
    for _ in range(max(1, repeat // 10)):
        t0 = time.perf_counter()
        for _ in range(10):
            fn()
        runs.append((time.perf_counter() - t0) / 10 * 1e6)
    return statistics.median(runs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--repeat", type=int, default=2000)
    args = ap.parse_args(argv)

    late = long_game(args.steps)
    early = Game.from_json(late.to_json())
    early.goto(50)
    clone_early = time_us(early.clone, args.repeat)
    clone_late = time_us(late.clone, args.repeat)
    copy_late = time_us(late.copy, max(10, args.repeat // 200))
    twin = late.clone()
    assert twin.to_json() == Game(late.setup, late.steps).to_json()  # the same position
    print(f"Python {sys.version.split()[0]}; a 4-player random game of {late.step_count} steps")
    print(f"Game.clone() after 50 steps        {clone_early:10.1f} µs")
    print(f"Game.clone() after {late.step_count:>5} steps     {clone_late:10.1f} µs")
    print(f"Game.copy()  after {late.step_count:>5} steps     {copy_late:10.1f} µs (replay)")
    print(
        f"clone late / early: {clone_late / clone_early:.2f}x;  copy / clone: "
        f"{copy_late / clone_late:.0f}x;  goal clone <= 50 µs: "
        f"{'met' if clone_late <= 50 else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
