"""``verlies bench``: random playouts of the engine, steps and games per second."""

from __future__ import annotations

import argparse
import json

from verlies.cli.options import Subcommands


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("bench", help="engine speed: random playouts (in-process)")
    p.add_argument("--games", type=int, default=50, help="games per run (default 50)")
    p.add_argument("--runs", type=int, default=5, help="runs (default 5)")
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--no-log", action="store_true", help="without the event log (how simulations play)"
    )
    p.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    from verlies.sim import benchmark

    result = benchmark(
        games=args.games, runs=args.runs, players=args.players, seed=args.seed, log=not args.no_log
    )
    if args.json:
        print(json.dumps(result.stats(), indent=1))
    else:
        print(result)
    return 0
