"""What the hot-seat page pays to list a bot's options as the person at the screen may
know them (issue 35; ``verlies.hidden.options_game`` in ``Controller.decision``), beside
the same run's baseline: the same decision listed from the game itself (designer mode).

A game of one person (seat 0) and careful bots is played to its end; at the bots'
decisions at a quarter, half and three quarters of it both are timed (best of
``--repeat`` batches of ``--calls`` calls).

    .venv/bin/python benchmarks/options_view.py [--players 4] [--seed 3] [--calls 50]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from verlies.game import Game
from verlies.setup import Setup
from verlies.sim.bots import make_bot
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.play.controller import Controller


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
    ap.add_argument("--calls", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    game = Game.from_setup(Setup(players=args.players, seed=args.seed))
    bots = [make_bot("careful", args.seed * 10 + i) for i in range(args.players)]
    bot_turns: list[int] = []
    while not game.is_over and game.step_count < 5000:
        if game.is_chance:
            game.roll()
            continue
        seat = game.current_player
        if seat != 0:
            bot_turns.append(game.step_count)
        game.apply(bots[seat](game.view(seat)))
    controllers = [HUMAN] + ["careful"] * (args.players - 1)
    print(f"{args.players} players (1 person), seed {args.seed}: {game.step_count} steps")
    print(f"{'step':>6} {'options':>8} {'game µs':>10} {'seen µs':>10} {'seen/game':>10}")
    n = len(bot_turns)
    for at in sorted({bot_turns[n // 4], bot_turns[n // 2], bot_turns[3 * n // 4]}):
        g = game.copy()
        g.goto(at)
        session = Session(g, controllers)
        seen = Controller(session, "en", designer=False)
        whole = Controller(session, "en", designer=True)
        rows = whole.decision()
        base = _best(whole.decision, args.calls, args.repeat)
        cost = _best(seen.decision, args.calls, args.repeat)
        count = len(rows.rows) if rows is not None else 0
        print(f"{at:>6} {count:>8} {base * 1e6:>10.1f} {cost * 1e6:>10.1f} {cost / base:>10.2f}")


if __name__ == "__main__":
    main()
