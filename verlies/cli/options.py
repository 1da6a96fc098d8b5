"""The options and helpers the commands share: the lab's options, the executor, output."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeAlias

from verlies.errors import VerliesError

#: ``sub.add_parser``'s owner: the subcommands of :func:`verlies.cli.build_parser`.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def bots_arg(text: str) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()]


def characters_arg(text: str) -> list[str] | str:
    if text in ("all", "random"):
        return text
    return bots_arg(text)


def common_options(p: argparse.ArgumentParser, bots: bool = True, deck: bool = True) -> None:
    p.add_argument("-p", "--players", type=int, default=4, help="1 to 4 players (R2.2)")
    if bots:
        from verlies.sim.bots import BOTS

        p.add_argument(
            "--bots",
            type=bots_arg,
            default=None,
            metavar="NAME[,NAME...]",
            help=f"one bot per seat, comma-separated, or one for all ({', '.join(BOTS)}; "
            "default careful)",
        )
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    if deck:
        p.add_argument(
            "--deck",
            metavar="FILE",
            help="deck file or a shipped edition, e.g. standard-1 (default: the built-in deck)",
        )
        p.add_argument(
            "--variant",
            action="append",
            default=[],
            metavar="NAME",
            help="switch a rule variant on (repeatable): " + ", ".join(variant_names()),
        )
    p.add_argument(
        "--round-limit", type=int, default=300, help="R1.6: stop a game after this many rounds"
    )
    p.add_argument(
        "--characters",
        type=characters_arg,
        default=None,
        metavar="ID[,ID...]|all|random",
        help="character ids per seat (default: the deck's first ones); 'all': every "
        "character plays every seat equally often; 'random': drawn per game",
    )


def lab_options(p: argparse.ArgumentParser, games: int) -> None:
    """The options of the balance lab's commands (simulate, compare, sweep)."""
    p.add_argument(
        "-n", "--games", type=int, default=games, help=f"number of games (default {games})"
    )
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        help="local worker processes (default: the machine's cores; 1: this process)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs verlies[dask])",
    )
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    p.add_argument("--csv", metavar="FILE", help="also write the main table as CSV to FILE")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def variant_names() -> list[str]:
    from verlies.variants import Variants

    return list(Variants.describe())


def lang_option(
    p: argparse.ArgumentParser, default: str = "en", text: str = "language of the text"
) -> None:
    p.add_argument("--lang", choices=("de", "en"), default=default, help=text)


@contextmanager
def dask_executor(args: argparse.Namespace) -> Iterator[Any]:
    """A Dask client for --scheduler ADDRESS (closed afterwards), else None (local)."""
    if not args.scheduler:
        yield None
        return
    try:
        import distributed
    except ImportError:
        raise VerliesError("--scheduler needs Dask: pip install 'verlies[dask]'") from None
    try:
        connect: Callable[..., Any] = distributed.Client
        client = connect(args.scheduler, timeout=15)
    except (OSError, TimeoutError, ValueError) as e:
        raise VerliesError(f"cannot reach the Dask scheduler {args.scheduler}: {e}") from None
    try:
        yield client
    finally:
        client.close()


def lab_kwargs(args: argparse.Namespace, executor: Any) -> dict[str, Any]:
    return {
        "players": args.players,
        "bots": args.bots,
        "seed": args.seed,
        "round_limit": args.round_limit,
        "characters": args.characters,
        "workers": args.workers,
        "executor": executor,
        "progress": False if args.no_progress else "text",
    }


def write_csv(path: str | None, text: str) -> None:
    if path:
        Path(path).write_text(text, encoding="utf-8")


def print_json(data: Any) -> None:
    from verlies.sim.report import jsonable  # NaN -> null: valid JSON

    print(json.dumps(jsonable(data), ensure_ascii=False, indent=1))
