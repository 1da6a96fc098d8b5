"""``verlies tune``: suggested changes toward targets, verified on fresh seeds, as a patch."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from verlies.errors import VerliesError
from verlies.i18n.numbers import fixed

if TYPE_CHECKING:
    from verlies.sim.tune import TuneResult


def add_parser(sub: Subcommands) -> None:
    """Suggested changes toward a target (docs/balance.md, "Suggested changes")."""
    p = sub.add_parser(
        "tune", help="suggest the fewest edits that meet balance targets; verified, as a patch"
    )
    lab_options(p, 400)
    common_options(p)
    # None: the --file's value, else tune's default (400 games, 4 players, seed 0, ...)
    p.set_defaults(games=None, players=None, seed=None, round_limit=None, characters=None)
    p.add_argument(
        "--target",
        action="append",
        default=[],
        metavar="KEY=BAND",
        help="a target (repeatable): win:*=25+-2 (every character, %%), win:ID=20:30, "
        "edge=:2 (first seat's edge, points), rounds=20:30 (median), timeouts=:1 (%%); "
        "none: win:*=25+-3, as the Suggest panel",
    )
    p.add_argument(
        "--move",
        action="append",
        default=[],
        metavar="KIND:ID[:FIELD][=LO:HI]",
        help="a number that may move (repeatable): character:char-barbar (its values, "
        "1-6 summing to 10), dungeon:*:obstacle=-1:1, monster:monster-troll:fight=+-2; "
        "fields: count, gold, obstacle, fight, trap; none: the Suggest panel's "
        "(monster:*:fight=-2:2, dungeon:*:obstacle=-1:1, room:*:trap=-2:2, character:*)",
    )
    p.add_argument("--file", metavar="TUNE.toml", help="targets, moves and settings in a TOML file")
    _search_options(p)
    lang_option(p)


def _search_options(p: argparse.ArgumentParser) -> None:
    """tune's search budget, its verification, the kept study and the patch file."""
    p.add_argument(
        "--trials", type=int, default=None, help="candidates to try at most (default 30)"
    )
    p.add_argument(
        "--verify-games",
        type=int,
        default=None,
        help="fresh games to check the proposal on (default 2 x --games; 0: none)",
    )
    p.add_argument("--verify-seed", type=int, default=None, help="their seed (default --seed + 1)")
    p.add_argument(
        "--rechecks",
        type=int,
        default=None,
        metavar="N",
        help="after a check that does not show every target met, up to N rounds of searching "
        "on from the proposal (a one-number step aimed at the row the answer names), each "
        "checked again on new fresh games and kept only when nearer the targets than the "
        "proposal before it on those games; every check's verdicts at 5 %% / (N + 1) "
        "(0-10; default 2, as the Suggest panel; 0: the first check's answer)",
    )
    p.add_argument(
        "--no-race",
        action="store_true",
        help="play every candidate's games in full (default: a candidate stops after a block "
        "of 100 games once it cannot beat the best so far; the same proposal, fewer games)",
    )
    p.add_argument("--storage", metavar="URL", help="keep the Optuna study, e.g. sqlite:///tune.db")
    p.add_argument("--study", metavar="NAME", help="the study's name (to resume it)")
    p.add_argument(
        "--patch",
        metavar="FILE",
        default="proposal.toml",
        help="write the proposal as a patch file the card editor applies (default "
        "proposal.toml; '-': none)",
    )


def run(args: argparse.Namespace) -> int:
    from verlies.sim.tune import TuneError

    try:
        return _tune(args)
    except TuneError as e:  # the reason in --lang's language
        raise VerliesError(e.text_in(args.lang)) from None


def _tune(args: argparse.Namespace) -> int:
    from verlies.sim.tune import tune

    given, targets, moves, deck = _tune_inputs(args)
    kwargs = _tune_settings(args, given)
    with dask_executor(args) as executor:
        kwargs["executor"] = executor
        tick = _tune_ticker(args.lang, bool(kwargs.pop("progress")))
        res = tune(
            targets,
            moves,
            deck,
            variants=args.variant,
            storage=args.storage,
            study_name=args.study,
            on_trial=tick,
            **kwargs,
        )
    _tune_output(args, res)
    return 0


def _tune_inputs(args: argparse.Namespace) -> tuple[dict[str, Any], list[Any], list[Any], Any]:
    """The --file's settings, then the targets and moves (the file's first), and the deck."""
    from verlies.sim.tune import Move, Target, load_tune_file
    from verlies.sim.tune.goals import DEFAULT_MOVES, DEFAULT_TARGETS

    given: dict[str, Any] = load_tune_file(args.file) if args.file else {}
    targets = list(given.pop("targets", [])) + [Target.parse(t) for t in args.target]
    moves = list(given.pop("moves", [])) + [Move.parse(m) for m in args.move]
    # none named: the Suggest panel's defaults
    targets = targets or [Target.parse(t) for t in DEFAULT_TARGETS]
    moves = moves or [Move.parse(m) for m in DEFAULT_MOVES]
    deck = args.deck
    if deck is None and "deck" in given:  # a file's deck path is relative to the file
        deck = str(given["deck"])
        near = Path(args.file).parent / deck
        if not Path(deck).is_absolute() and near.exists():
            deck = str(near)
    return given, targets, moves, deck


def _tune_settings(args: argparse.Namespace, given: dict[str, Any]) -> dict[str, Any]:
    """tune's keyword arguments: each the command line's, else the file's, else the default."""
    from verlies.sim.tune.goals import DEFAULT_RECHECKS

    def pick(key: str, default: Any) -> Any:
        got = getattr(args, key)
        return got if got is not None else given.get(key, default)

    kwargs = lab_kwargs(args, None)
    kwargs["players"] = pick("players", 4)
    kwargs["seed"] = pick("seed", 0)
    kwargs["round_limit"] = pick("round_limit", 300)
    kwargs["bots"] = pick("bots", None)
    kwargs["characters"] = pick("characters", "all")
    kwargs["games"], kwargs["trials"] = pick("games", 400), pick("trials", 30)
    kwargs["verify_games"] = pick("verify_games", None)
    kwargs["verify_seed"] = pick("verify_seed", None)
    kwargs["rechecks"] = pick("rechecks", DEFAULT_RECHECKS)
    kwargs["race"] = not args.no_race
    return kwargs


def _tune_ticker(lang: str, shown: bool) -> Callable[[int, int, float], None]:
    """tune's on_trial: a line on stderr after each candidate (none with --no-progress)."""
    from verlies import i18n

    def tick(done: int, total: int, best: float) -> None:
        if shown:
            score = fixed(best, 2, lang)
            print(
                i18n.text("tune.progress", lang, done=done, total=total, best=score),
                file=sys.stderr,
            )

    return tick


def _tune_output(args: argparse.Namespace, res: TuneResult) -> None:
    """The patch file, the verification as CSV, and the result as JSON or words."""
    from verlies import i18n

    # a proposal no nearer the targets than the start deck is not offered: no patch file
    written = bool(args.patch and args.patch != "-" and res.offered)
    if written:
        res.write_patch(args.patch)
    if args.csv and res.verification is not None:
        rows = ["quantity,target,start,proposal,low,high,verdict"]
        for q in res.verification["quantities"]:
            rows.append(
                f"{q['key']},{q['target']},{q['start']:.6g},{q['value']:.6g},"
                f"{q['low']:.6g},{q['high']:.6g},{q['verdict']}"
            )
        write_csv(args.csv, "\n".join(rows) + "\n")
    if args.json:
        commands = [_tune_command(args, h["move"]) for h in res.hints()]
        print_json(
            res.to_dict() | {"patch_written": args.patch if written else None, "rerun": commands}
        )
    else:
        print(res.text(args.lang))
        for h in res.hints():
            command = _tune_command(args, h["move"])
            print(i18n.text("tune.rerun", args.lang, command=command))
        if written:
            upload = i18n.text("editor.upload", args.lang)
            print(i18n.text("tune.patch_file", args.lang, path=args.patch, upload=upload))


def _tune_command(args: argparse.Namespace, move: str) -> str:
    """The command line of this run with one more ``--move``: every option given (its
    value not the parser's default) said again, in the parser's order."""
    import shlex

    parser = argparse.ArgumentParser(prog="verlies")
    add_parser(parser.add_subparsers())
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[
        "tune"
    ]
    words = ["verlies", "tune"]
    for action in sub._actions:
        if not action.option_strings or action.dest in ("help",):
            continue
        got = getattr(args, action.dest, None)
        if got is None or got == action.default or got is False:
            if action.dest != "move":
                continue
        flag = max(action.option_strings, key=len)
        if action.dest == "move":
            for m in [*(got or []), move]:
                words += [flag, m]
        elif isinstance(got, list):
            for item in got:
                words += [flag, str(item)]
        elif got is True:
            words.append(flag)
        else:
            words += [flag, str(got)]
    return shlex.join(words)
