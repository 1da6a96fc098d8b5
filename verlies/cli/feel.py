"""``verlies feel``: game-feel figures of N games (verlies.sim.feel, issue 40)."""

from __future__ import annotations

import argparse
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
    """``verlies feel``: game-feel figures of a run (verlies.sim.feel, issue 40)."""
    from verlies.sim.feel import SELECTIONS

    p = sub.add_parser("feel", help="game-feel figures of N games: tension, choices, waiting")
    lab_options(p, 400)
    common_options(p)
    lang_option(p)
    p.set_defaults(characters="all")
    p.add_argument(
        "--show",
        action="append",
        default=[],
        choices=sorted(SELECTIONS),
        help="also name the game that best shows this, with its link (repeatable)",
    )
    p.add_argument(
        "--skill",
        type=int,
        default=0,
        metavar="N",
        help="also a skill trace of N games per budget (luck against skill: the search bot "
        "in one seat among careful bots, against careful in that seat on the same games)",
    )
    p.add_argument(
        "--budgets",
        default="1,2,4,8",
        help="the skill trace's search budgets (worlds per decision), rising (default 1,2,4,8)",
    )


def run(args: argparse.Namespace) -> int:
    from verlies.i18n import text as t
    from verlies.sim import simulate
    from verlies.sim.feel import feel_report, show_me

    with dask_executor(args) as executor:
        kwargs = lab_kwargs(args, executor)
        result = simulate(
            args.games, deck=args.deck, variants=args.variant, keep_records=True, **kwargs
        )
        records = result.records or []
        trace = _skill(args, executor) if args.skill else None
    report = feel_report(records, label=result.settings()["deck"])
    shown = {what: show_me(result.spec, records, what) for what in args.show}
    write_csv(args.csv, report.to_csv())
    if args.json:
        data = report.to_dict()
        data["settings"] = result.settings()
        data["show"] = {k: None if v is None else vars(v) for k, v in shown.items()}
        if trace is not None:
            data["skill_trace"] = trace.to_dict()
        print_json(data)
        return 0
    print(report.text(args.lang))
    if trace is not None:
        print(trace.text(args.lang))
    for what, ex in shown.items():
        if ex is None:
            print(f"{what}: {t('feel.show.none', args.lang)}")
        else:
            where = ex.link or t("feel.show.nolink", args.lang)
            line = t("feel.show", args.lang, index=ex.index, seed=ex.seed, turn=ex.turn, link=where)
            print(f"{what}: {line}")
    return 0


def _skill(args: argparse.Namespace, executor: Any) -> Any:
    """The skill trace of ``--skill`` games per budget on the run's deck and player count
    (on the Dask executor, on ``--workers`` local processes, or here)."""
    from concurrent.futures import ProcessPoolExecutor

    from verlies.errors import VerliesError
    from verlies.sim.feel import skill_trace

    try:
        budgets = tuple(int(b) for b in str(args.budgets).split(","))
    except ValueError:
        raise VerliesError(
            f"--budgets: whole numbers separated by commas, not {args.budgets!r}"
        ) from None
    kwargs = {"players": args.players, "deck": args.deck, "seed": args.seed}
    if executor is not None or (args.workers or 1) <= 1:
        return skill_trace(args.skill, budgets, executor=executor, **kwargs)
    with ProcessPoolExecutor(args.workers) as pool:
        return skill_trace(args.skill, budgets, executor=pool, **kwargs)
