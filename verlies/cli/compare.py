"""``verlies compare``: the same seeds with two decks (or variants), paired differences."""

from __future__ import annotations

import argparse
from pathlib import Path

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
    p = sub.add_parser("compare", help="same seeds, deck/variants A vs B: what does the change do?")
    lab_options(p, 200)
    common_options(p, deck=False)
    p.add_argument(
        "--deck", "--deck-a", dest="deck_a", metavar="FILE", help="deck A (default: built-in)"
    )
    p.add_argument("--deck-b", metavar="FILE", help="deck B (default: the built-in deck)")
    p.add_argument(
        "--variant", "--variant-a", dest="variant_a", action="append", default=[], metavar="NAME"
    )
    p.add_argument("--variant-b", action="append", default=[], metavar="NAME")
    p.add_argument(
        "--until-clear",
        action="store_true",
        help="play blocks of N games, looking after each, until the verdict is 'different' "
        "or 'no_change' (always-valid intervals), or the budget is spent",
    )
    p.add_argument("--max-games", type=int, default=None, help="game budget of --until-clear")
    p.add_argument("--max-seconds", type=float, default=None, help="time budget of --until-clear")
    p.add_argument(
        "--target",
        action="append",
        default=[],
        metavar="KEY=BAND",
        help="a target of the before/after answer, as for tune (win:*=25+-3, edge=-2:2, "
        "rounds=20:30, timeouts=:2); repeat for more (default: every character at the fair "
        "share ± 3 points). With --until-clear and no --watch the run stops on that answer",
    )
    _verdict_options(p)
    lang_option(p)


def _verdict_options(p: argparse.ArgumentParser) -> None:
    """What compare's verdict is about (issue 21; docs/metrics.md)."""
    p.add_argument(
        "--watch",
        type=_watch_arg,
        default=None,
        metavar="Q,Q,...",
        help="the quantities the verdict is about (default rounds,injuries,gold,timeout,win:*; "
        "win:* = every character, win@* = every seat)",
    )
    p.add_argument(
        "--alpha", type=float, default=0.05, help="error level of the verdict (default 0.05)"
    )
    p.add_argument(
        "--delta",
        type=_deltas_arg,
        default=None,
        metavar="Q=D,...",
        help="smallest change that matters per quantity, in the table's units (win=0.03 "
        "sets every win rate's; defaults in docs/metrics.md)",
    )


def _watch_arg(text: str) -> list[str]:
    return [w.strip() for w in text.split(",") if w.strip()]


def _deltas_arg(text: str) -> dict[str, float]:
    out = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        try:
            out[key.strip()] = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"Q=D, e.g. win=0.03, not {part!r}") from None
        if not sep or not key.strip():
            raise argparse.ArgumentTypeError(f"Q=D, e.g. win=0.03, not {part!r}")
    return out


def run(args: argparse.Namespace) -> int:
    from verlies.sim.compare import compare
    from verlies.sim.verdict import answer_report, before_after, parse_targets, stop_rule

    targets = parse_targets(args.target, args.players)  # a wrong one: before any game

    la = Path(args.deck_a).name if args.deck_a else "A"
    lb = Path(args.deck_b).name if args.deck_b else "B"
    if args.variant_a:
        la += " +" + "+".join(args.variant_a)
    if args.variant_b:
        lb += " +" + "+".join(args.variant_b)
    with dask_executor(args) as executor:
        comp = compare(
            args.deck_a,
            args.deck_b,
            args.games,
            variants_a=args.variant_a,
            variants_b=args.variant_b,
            labels=(la, lb) if la != lb else (la + " (A)", lb + " (B)"),
            until_clear=args.until_clear,
            watch=args.watch,
            alpha=args.alpha,
            deltas=args.delta,
            max_games=args.max_games,
            max_seconds=args.max_seconds,
            decide=stop_rule(targets) if args.until_clear and args.watch is None else None,
            **lab_kwargs(args, executor),
        )
    answer = before_after(comp, targets)
    write_csv(args.csv, comp.to_csv())
    if args.json:
        print_json({"before_after": answer.to_dict(), **comp.to_dict()})
    else:
        # the answer leads; the other quantities follow, one interval per number
        print(answer_report(answer, comp, args.lang), end="")
    return 0
