"""``verlies sweep``: one number of the deck over a range, the metrics at every value."""

from __future__ import annotations

import argparse

from verlies.cli.options import (
    Subcommands,
    common_options,
    dask_executor,
    lab_kwargs,
    lab_options,
    lang_option,
    print_json,
    write_csv,
)


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("sweep", help="vary one number of the deck over a range; metrics per value")
    lab_options(p, 100)
    common_options(p)
    p.add_argument(
        "--card", required=True, metavar="KIND:ID", help="e.g. dungeon:r-gang-straight-04"
    )
    p.add_argument("--field", required=True, help="count, gold, obstacle, fight or trap")
    p.add_argument("--values", required=True, type=_values_arg, metavar="FROM:TO[:STEP]|V,V,...")
    lang_option(p)


def _values_arg(text: str) -> list[int]:
    """``5:10`` (inclusive), ``5:10:2`` or ``5,7,9``."""
    try:
        if ":" in text:
            parts = [int(p) for p in text.split(":")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] <= 0):
                raise ValueError(text)
            step = parts[2] if len(parts) == 3 else 1
            return list(range(parts[0], parts[1] + 1, step))
        return [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"values are FROM:TO[:STEP] or V,V,..., not {text!r}"
        ) from None


def run(args: argparse.Namespace) -> int:
    from verlies.sim.sweep import Tweak, sweep

    tweak = Tweak.parse(args.card, args.field)
    with dask_executor(args) as executor:
        res = sweep(
            tweak,
            args.values,
            args.games,
            deck=args.deck,
            variants=args.variant,
            **lab_kwargs(args, executor),
        )
    write_csv(args.csv, res.to_csv())
    if args.json:
        print_json(res.to_dict())
    else:
        print(res.text(args.lang), end="")
    return 0
