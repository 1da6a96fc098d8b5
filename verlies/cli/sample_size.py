"""``verlies sample-size``: pairs of games to detect a change of D points in a win rate."""

from __future__ import annotations

import argparse

from verlies.cli.options import (
    Subcommands,
    lang_option,
    print_json,
)


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser(
        "sample-size", help="pairs of games to detect a change of D points in a win rate"
    )
    p.add_argument("--points", type=float, default=3.0, help="the change, in points (default 3)")
    p.add_argument("--rate", type=float, default=0.25, help="the win rate (default 0.25)")
    p.add_argument(
        "--sd", type=float, default=None, help="sd of one paired difference (from a pilot run)"
    )
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--power", type=float, default=0.8)
    p.add_argument("--quantities", type=int, default=1, help="how many are watched (Holm)")
    p.add_argument("--json", action="store_true")
    lang_option(p)


def run(args: argparse.Namespace) -> int:
    from verlies.sim.records import SimulationError
    from verlies.sim.stats import sample_size, sample_size_text

    try:
        got = sample_size(
            args.points / 100,
            rate=args.rate,
            alpha=args.alpha,
            power=args.power,
            sd=args.sd,
            quantities=args.quantities,
        )
    except ValueError as e:
        raise SimulationError(str(e)) from None
    if args.json:
        print_json(got)
    else:
        print(sample_size_text(got, args.lang))
    return 0
