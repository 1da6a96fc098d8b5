"""``verlies simulate``: play N games with bots and print the metrics (docs/metrics.md)."""

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
    p = sub.add_parser("simulate", help="play N games with bots and print the metrics")
    lab_options(p, 100)
    common_options(p)
    lang_option(p)


def run(args: argparse.Namespace) -> int:
    from verlies.sim import simulate

    with dask_executor(args) as executor:
        result = simulate(
            args.games, deck=args.deck, variants=args.variant, **lab_kwargs(args, executor)
        )
    write_csv(args.csv, result.to_csv())
    if args.json:
        data = result.to_dict()
        # Stalled games open on the play page at the turn they stalled (docs/metrics.md).
        links = result.stalled_links()
        for g in data["summary"]["stalled_games"]:
            g["link"] = links.get(g["index"])
        print_json(data)
    else:
        print(result.text(args.lang), end="")
    return 0
