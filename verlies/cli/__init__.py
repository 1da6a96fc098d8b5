"""The command line: ``python -m verlies COMMAND ...`` (or the ``verlies`` script).

Commands:

* ``simulate``  play N games with bots and print the metrics (docs/metrics.md)
* ``compare``   the same seeds with two decks (or variants): paired differences, CIs
* ``sweep``     one number of the deck over a range: the metrics at every value
* ``impact``    every card's impact: met per game, odds, association, paired ±1 effects
* ``sample-size`` pairs of games to detect a change of D points in a win rate
* ``tune``      suggested changes toward targets: a search, verified on fresh seeds, as a patch
* ``skill``     balance across skill: a character × bot-table matrix, robust balance
* ``bench``     random playouts of the engine: steps and games per second
* ``play-bots`` one game played by bots, printed as its event log (German or English)
* ``sheets``    printable card sheets of a deck (PDF/PNG; see ``verlies.render.sheets``)
* ``playtests`` the games played on the page, as a table, beside the bots
* ``rules``     the rule IDs the engine cites, and how often they fire in bot games
* ``feel``      game-feel figures of N games: tension, choices, waiting
* ``build-engine`` compile the engine for the lab's workers (once per source; optional)

``simulate``, ``compare`` and ``sweep`` share their options (``--games --players --bots
--characters --deck --variant --seed --workers --scheduler ADDRESS --json --csv FILE``) and
show their progress on stderr. Errors in the input (a bad deck file, an unknown bot or
variant, an unreachable scheduler) print one line and exit with status 2, without a
traceback.

One module per command, each with ``add_parser(sub)`` (its options and help) and
``run(args)`` (the handler); the options several commands share are in
:mod:`verlies.cli.options`. ``playtests`` lives with the store (:mod:`verlies.store.cli`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from verlies.cli import (
    bench,
    build_engine,
    compare,
    feel,
    impact,
    play_bots,
    rules,
    sample_size,
    sheets,
    simulate,
    skill,
    sweep,
    tune,
)
from verlies.cli.options import Subcommands
from verlies.errors import VerliesError
from verlies.store import cli as playtests_cli

PROG = "verlies"

#: Every subcommand's parser, in the order ``verlies --help`` lists them.
_SUBCOMMANDS: tuple[Callable[[Subcommands], None], ...] = (
    simulate.add_parser,
    compare.add_parser,
    sample_size.add_parser,
    sweep.add_parser,
    impact.add_parser,
    tune.add_parser,
    skill.add_parser,
    bench.add_parser,
    play_bots.add_parser,
    sheets.add_parser,
    playtests_cli.add_parser,
    rules.add_parser,
    feel.add_parser,
    build_engine.add_parser,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Raus aus dem Verlies! rules explorer: simulations, benchmark, printing.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for add in _SUBCOMMANDS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; returns the exit status (2 for bad input, with a one-line message)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list and args_list[0] == "sheets":
            return sheets.run(args_list[1:])
        parser = build_parser()
        args = parser.parse_args(args_list)
        handler = {
            "simulate": simulate.run,
            "compare": compare.run,
            "sample-size": sample_size.run,
            "sweep": sweep.run,
            "impact": impact.run,
            "skill": skill.run,
            "tune": tune.run,
            "bench": bench.run,
            "play-bots": play_bots.run,
            "rules": rules.run,
            "playtests": playtests_cli.run,
            "feel": feel.run,
            "build-engine": build_engine.run,
        }[args.command]
        return handler(args)
    except VerliesError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `verlies play-bots | head`
        return 0
    except OSError as e:  # e.g. an output file that cannot be written
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
