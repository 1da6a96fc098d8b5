"""``verlies impact``: which card matters (the contribution ranking, or --sensitivity)."""

from __future__ import annotations

import argparse
from typing import Any

from verlies.cli.options import (
    Subcommands,
    bots_arg,
    common_options,
    dask_executor,
    lab_kwargs,
    lab_options,
    lang_option,
    print_json,
    write_csv,
)
from verlies.errors import VerliesError
from verlies.sim.impact_rank import BUDGET, GROUP, SCREEN


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser(
        "impact",
        help="which card matters: each card against the draft with it made typical of its "
        "kind (--sensitivity: the older -1/+1 figures)",
    )
    lab_options(p, 200)
    common_options(p)
    p.set_defaults(characters="all", games=None)
    p.add_argument(
        "--sensitivity",
        action="store_true",
        help="the -1/+1 sensitivity and association figures instead (--games per deck, "
        "default 200)",
    )
    p.add_argument(
        "--budget",
        type=int,
        default=BUDGET,
        help=f"games in all for the contribution ranking (default {BUDGET})",
    )
    p.add_argument(
        "--screen",
        type=int,
        default=SCREEN,
        help=f"pairs every card or screen group gets first (default {SCREEN})",
    )
    p.add_argument(
        "--group",
        type=int,
        default=GROUP,
        help=f"cards screened together when there are many (default {GROUP}; 0: each alone)",
    )
    p.add_argument(
        "--reference",
        metavar="DECK|none",
        default=None,
        help="the deck whose changes are looked at first (default: the shipped deck)",
    )
    p.add_argument(
        "--cards",
        type=bots_arg,
        default=None,
        metavar="KIND:ID[,KIND:ID...]",
        help="only these cards (default: every card of the deck and the characters)",
    )
    p.add_argument(
        "--alpha", type=float, default=0.05, help="error level of 'clear' (Holm; default 0.05)"
    )
    p.add_argument("--top", type=int, default=15, help="rows of the text ranking (default 15)")
    lang_option(p)


def run(args: argparse.Namespace) -> int:
    if not args.sensitivity:
        return _contribution(args)
    from verlies.sim.impact import impact

    with dask_executor(args) as executor:
        res = impact(
            args.deck,
            200 if args.games is None else args.games,
            variants=args.variant,
            cards=args.cards,
            alpha=args.alpha,
            **lab_kwargs(args, executor),
        )
    write_csv(args.csv, res.to_csv())
    if args.json:
        print_json(res.to_dict())
    else:
        print(res.text(args.lang, args.top), end="")
    return 0


def _contribution(args: argparse.Namespace) -> int:
    """``verlies impact``: the contribution ranking (verlies.sim.impact_rank)."""
    from verlies.sim.impact_rank import contribution

    if args.games is not None:
        raise VerliesError("--games is the --sensitivity run's; the ranking takes --budget")
    ref: Any = True
    if args.reference is not None:
        ref = None if args.reference == "none" else args.reference
    with dask_executor(args) as executor:
        res = contribution(
            args.deck,
            variants=args.variant,
            cards=args.cards,
            alpha=args.alpha,
            reference=ref,
            budget=args.budget,
            screen=args.screen,
            group=args.group,
            **lab_kwargs(args, executor),
        )
    write_csv(args.csv, res.to_csv())
    if args.json:
        print_json(res.to_dict())
    else:
        print(res.text(args.lang, args.top), end="")
    return 0
