"""``verlies skill``: balance across skill, a character x bot-table matrix."""

from __future__ import annotations

import argparse

from verlies.cli.options import (
    Subcommands,
    bots_arg,
    common_options,
    dask_executor,
    lab_options,
    lang_option,
    print_json,
    write_csv,
)
from verlies.errors import VerliesError


def add_parser(sub: Subcommands) -> None:
    """Balance across skill (docs/metrics.md): the tables are the bots, characters rotate."""
    p = sub.add_parser(
        "skill", help="balance across skill: character x bot-table matrix, robust balance"
    )
    lab_options(p, 2000)
    common_options(p, bots=False)
    p.set_defaults(characters="all")
    p.add_argument(
        "--strong-games",
        type=int,
        default=192,
        help="games of the tables with the slow search bot 'strong' (default 192)",
    )
    p.add_argument(
        "--tables",
        type=bots_arg,
        default=None,
        metavar="NAME[,NAME...]",
        help="careful, greedy, reckless, strong, one-greedy, one-strong (default: all)",
    )
    p.add_argument(
        "--bootstrap", type=int, default=2000, help="draws of the noise floor (default 2000)"
    )
    lang_option(p)


def run(args: argparse.Namespace) -> int:
    from verlies.sim.skill import TABLES, skill_matrix

    if args.characters != "all":
        raise VerliesError("skill: characters rotate over the seats ('all'); no --characters")
    with dask_executor(args) as executor:
        res = skill_matrix(
            args.games,
            strong_games=args.strong_games,
            players=args.players,
            seed=args.seed,
            deck=args.deck,
            variants=args.variant,
            round_limit=args.round_limit,
            tables=args.tables or TABLES,
            bootstrap=args.bootstrap,
            workers=args.workers,
            executor=executor,
            progress=False if args.no_progress else "text",
        )
    write_csv(args.csv, res.to_csv())
    if args.json:
        print_json(res.to_dict())
    else:
        print(res.text(args.lang), end="")
    return 0
