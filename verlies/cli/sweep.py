"""``verlies sweep``: one number of the deck over a range, the metrics at every value."""

from __future__ import annotations

import argparse
import sys
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
    p = sub.add_parser("sweep", help="vary one number of the deck over a range; metrics per value")
    lab_options(p, 100)
    common_options(p)
    p.add_argument(
        "--card", required=True, metavar="KIND:ID", help="e.g. dungeon:r-gang-straight-04"
    )
    p.add_argument("--field", required=True, help="count, gold, obstacle, fight or trap")
    p.add_argument("--values", required=True, type=_values_arg, metavar="FROM:TO[:STEP]|V,V,...")
    p.add_argument(
        "--field2",
        default=None,
        help="a second number swept with the first (every pair a cell of a heat map)",
    )
    p.add_argument(
        "--card2",
        default=None,
        metavar="KIND:ID",
        help="the second number's card (default: --card)",
    )
    p.add_argument("--values2", type=_values_arg, default=None, metavar="FROM:TO[:STEP]|V,V,...")
    p.add_argument(
        "--quantity",
        action="append",
        default=[],
        metavar="Q",
        help="also show Q per value with its 95 %% interval (repeatable): a game-feel "
        "figure feel:<figure> (feel:decisiveness, feel:agency, ...), win:<character>, "
        "median_rounds, mean_gold, injuries_per_game, timeout_share",
    )
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

    _check_quantities(args.quantity)  # before any game
    tweak: Tweak = Tweak.parse(args.card, args.field)
    values = list(args.values)
    if args.field2 is not None or args.values2 is not None or args.card2 is not None:
        tweak, values = _grid(args, tweak)
    with dask_executor(args) as executor:
        res = sweep(
            tweak,
            values,
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
        for q in args.quantity:
            print(quantity_lines(res, q, args.lang))
    return 0


def _check_quantities(quantities: list[str]) -> None:
    from verlies.errors import VerliesError
    from verlies.sim.sweep import CURVE_KEYS, FEEL_CURVES

    for q in quantities:
        if q in FEEL_CURVES or q in CURVE_KEYS or (q.startswith("win:") and len(q) > 4):
            continue
        raise VerliesError(
            f"--quantity {q!r} is not a quantity a sweep shows (known: "
            f"{', '.join((*FEEL_CURVES, *CURVE_KEYS))}, win:<character>)"
        )


def quantity_lines(res: Any, quantity: str, lang: str = "en") -> str:
    """One quantity of a sweep per value, in ``lang``: its name, then a line per value
    with its estimate and 95 % interval ("–" where no game defines it)."""
    from verlies.i18n import has
    from verlies.i18n import text as t
    from verlies.i18n.metrics import metric_name
    from verlies.sim.feel import SHARES
    from verlies.sim.feel.report import feel_number

    if quantity.startswith("feel:"):
        name = t(f"feel.name.{quantity[5:]}", lang)
        share = quantity[5:] in SHARES
    elif has(f"sweep.q.{quantity}", lang):
        name = t(f"sweep.q.{quantity}", lang)
        share = quantity == "timeout_share"
    else:
        name = metric_name(quantity, lang, res.points[0].spec.deck if res.points else None)
        share = quantity.startswith("win:") or quantity == "timeout_share"
    lines = [t("feel3.sweep.head", lang, name=name)]
    for v, (est, low, high) in zip(res.values, res.curve_ci(quantity), strict=True):
        where = res.value_label(v)
        if est != est:  # NaN: no game defines it at this value
            lines.append(f"  {where}: –")
            continue
        lo, hi = feel_number(low, share, lang), feel_number(high, share, lang)
        lines.append(f"  {where}: {feel_number(est, share, lang)} ({lo} – {hi})")
    return "\n".join(lines)


def _grid(args: argparse.Namespace, first: Any) -> tuple[Any, list[int]]:
    """``verlies sweep`` of two numbers: the grid's tweak and its cells' indices (every
    value of --values × every value of --values2; the cells the deck refuses left out and
    named on stderr)."""
    from verlies.errors import VerliesError
    from verlies.sim.records import load_deck
    from verlies.sim.sweep import GridTweak, Tweak

    if args.field2 is None or args.values2 is None:
        raise VerliesError(
            "a sweep of two numbers needs --field2 and --values2 (--card2: optional)"
        )
    if args.card2 is not None:
        Tweak.parse(args.card2, args.field2)  # KIND:ID and a known field, or a clear error
    cells = tuple((a, b) for b in args.values2 for a in args.values)
    grid = GridTweak(first.kind, first.card, first.field, args.field2, cells, args.card2 or "")
    deck = load_deck(args.deck)
    grid.pair_in(deck)  # both cards and numbers exist, or a clear error (what and where)
    kept, refused = [], []
    for i in range(len(cells)):
        try:
            grid.apply(deck, i)
            kept.append(i)
        except VerliesError:
            refused.append(grid.cell_label(i))
    if not kept:
        raise VerliesError(f"the deck refuses every cell of {grid.label()}")
    if refused:
        print(f"left out (the deck refuses them): {', '.join(refused)}", file=sys.stderr)
    return grid, kept
