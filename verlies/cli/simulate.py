"""``verlies simulate``: play N games with bots and print the metrics (docs/metrics.md),
with the game-feel figures beside them (docs/metrics.md "Game feel")."""

from __future__ import annotations

import argparse
import csv
import io
from typing import Any

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
    p.add_argument(
        "--no-feel",
        action="store_true",
        help="leave out the game-feel figures (tension, choices, waiting)",
    )


def run(args: argparse.Namespace) -> int:
    from verlies.sim import simulate
    from verlies.sim.feel import simulate_feel

    tally = None
    with dask_executor(args) as executor:
        kwargs = lab_kwargs(args, executor)
        if args.no_feel:
            result = simulate(args.games, deck=args.deck, variants=args.variant, **kwargs)
        else:
            result, tally = simulate_feel(
                args.games, deck=args.deck, variants=args.variant, **kwargs
            )
            tally.label = str(result.settings()["deck"])
    write_csv(args.csv, with_feel_rows(result.to_csv(), tally))
    if args.json:
        data = result.to_dict()
        # Stalled games open on the play page at the turn they stalled (docs/metrics.md).
        links = result.stalled_links()
        for g in data["summary"]["stalled_games"]:
            g["link"] = links.get(g["index"])
        if tally is not None:
            data["feel"] = tally.to_dict()
        print_json(data)
    else:
        print(result.text(args.lang), end="")
        if tally is not None:
            print("\n" + tally.text(args.lang))
    return 0


def with_feel_rows(table: str, tally: Any) -> str:
    """The metrics' CSV with a row per game-feel figure (group ``feel``): its games, its
    95 % interval in ``ci_low``/``ci_high`` and its mean in a last column ``mean`` (empty
    on the other rows); the table unchanged without a tally."""
    if tally is None:
        return table
    rows = list(csv.reader(io.StringIO(table)))
    head = rows[0]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([*head, "mean"])
    for row in rows[1:]:
        w.writerow([*row, ""])
    for key, f in tally.figures().items():
        cells = dict.fromkeys(head, "")
        cells.update(group="feel", id=key, games=str(f["games"]))
        cells.update(ci_low=_cell(f["ci_low"]), ci_high=_cell(f["ci_high"]))
        w.writerow([*(cells[c] for c in head), _cell(f["mean"])])
    return out.getvalue()


def _cell(x: float) -> str:
    from verlies.sim.lab import table_cell

    return str(table_cell(x))
