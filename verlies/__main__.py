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
* ``rules``     the rule IDs the engine cites, and how often they fire in bot games

``simulate``, ``compare`` and ``sweep`` share their options (``--games --players --bots
--characters --deck --variant --seed --workers --scheduler ADDRESS --json --csv FILE``) and
show their progress on stderr. Errors in the input (a bad deck file, an unknown bot or
variant, an unreachable scheduler) print one line and exit with status 2, without a
traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from verlies.errors import VerliesError
from verlies.rule_refs import is_rule_id, rule_ids, rule_key, rules_text
from verlies.store import cli as playtests_cli

if TYPE_CHECKING:
    from verlies.sim.tune import TuneResult

PROG = "verlies"


def _bots_arg(text: str) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()]


def _characters_arg(text: str) -> list[str] | str:
    if text in ("all", "random"):
        return text
    return _bots_arg(text)


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


def _common(p: argparse.ArgumentParser, bots: bool = True, deck: bool = True) -> None:
    p.add_argument("-p", "--players", type=int, default=4, help="1 to 4 players (R2.2)")
    if bots:
        from verlies.sim.bots import BOTS

        p.add_argument(
            "--bots",
            type=_bots_arg,
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
            help="switch a rule variant on (repeatable): " + ", ".join(_variant_names()),
        )
    p.add_argument(
        "--round-limit", type=int, default=300, help="R1.6: stop a game after this many rounds"
    )
    p.add_argument(
        "--characters",
        type=_characters_arg,
        default=None,
        metavar="ID[,ID...]|all|random",
        help="character ids per seat (default: the deck's first ones); 'all': every "
        "character plays every seat equally often; 'random': drawn per game",
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


def _lab(p: argparse.ArgumentParser, games: int) -> None:
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


def _variant_names() -> list[str]:
    from verlies.variants import Variants

    return list(Variants.describe())


#: ``sub.add_parser``'s owner: the subcommands of :func:`build_parser`.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _lang(
    p: argparse.ArgumentParser, default: str = "en", text: str = "language of the text"
) -> None:
    p.add_argument("--lang", choices=("de", "en"), default=default, help=text)


def _simulate_parser(sub: Subcommands) -> None:
    p = sub.add_parser("simulate", help="play N games with bots and print the metrics")
    _lab(p, 100)
    _common(p)
    _lang(p)


def _compare_parser(sub: Subcommands) -> None:
    p = sub.add_parser("compare", help="same seeds, deck/variants A vs B: what does the change do?")
    _lab(p, 200)
    _common(p, deck=False)
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
    _lang(p)


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


def _sample_size_parser(sub: Subcommands) -> None:
    p = sub.add_parser(
        "sample-size", help="pairs of games to detect a change of D points in a win rate"
    )
    p.add_argument("--points", type=float, default=3.0, help="the change, in points (default 3)")
    p.add_argument("--rate", type=float, default=0.25, help="the win rate (default 0.25)")
    p.add_argument(
        "--sd", type=float, default=None, help="sd of one paired difference (from a pilot run)"
    )
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--power", type=float, default=0.8)
    p.add_argument("--quantities", type=int, default=1, help="how many are watched (Holm)")
    p.add_argument("--json", action="store_true")
    _lang(p)


def _sweep_parser(sub: Subcommands) -> None:
    p = sub.add_parser("sweep", help="vary one number of the deck over a range; metrics per value")
    _lab(p, 100)
    _common(p)
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
    _lang(p)


def _impact_parser(sub: Subcommands) -> None:
    p = sub.add_parser(
        "impact",
        help="which card matters: each card against the draft with it made typical of its "
        "kind (--sensitivity: the older -1/+1 figures)",
    )
    _lab(p, 200)
    _common(p)
    p.set_defaults(characters="all", games=None)
    p.add_argument(
        "--sensitivity",
        action="store_true",
        help="the -1/+1 sensitivity and association figures instead (--games per deck, "
        "default 200)",
    )
    p.add_argument(
        "--budget",
        type=int,
        default=12_000,
        help="games in all for the contribution ranking (default 12000)",
    )
    p.add_argument(
        "--screen", type=int, default=32, help="pairs every card gets first (default 32)"
    )
    p.add_argument(
        "--reference",
        metavar="DECK|none",
        default=None,
        help="the deck whose changes are looked at first (default: the shipped deck)",
    )
    p.add_argument(
        "--cards",
        type=_bots_arg,
        default=None,
        metavar="KIND:ID[,KIND:ID...]",
        help="only these cards (default: every card of the deck and the characters)",
    )
    p.add_argument(
        "--alpha", type=float, default=0.05, help="error level of 'clear' (Holm; default 0.05)"
    )
    p.add_argument("--top", type=int, default=15, help="rows of the text ranking (default 15)")
    _lang(p)


def _tune_parser(sub: Subcommands) -> None:
    """Suggested changes toward a target (docs/balance.md, "Suggested changes")."""
    p = sub.add_parser(
        "tune", help="suggest the fewest edits that meet balance targets; verified, as a patch"
    )
    _lab(p, 400)
    _common(p)
    # None: the --file's value, else tune's default (400 games, 4 players, seed 0, ...)
    p.set_defaults(games=None, players=None, seed=None, round_limit=None, characters=None)
    p.add_argument(
        "--target",
        action="append",
        default=[],
        metavar="KEY=BAND",
        help="a target (repeatable): win:*=25+-2 (every character, %%), win:ID=20:30, "
        "edge=:2 (first seat's edge, points), rounds=20:30 (median), timeouts=:1 (%%)",
    )
    p.add_argument(
        "--move",
        action="append",
        default=[],
        metavar="KIND:ID[:FIELD][=LO:HI]",
        help="a number that may move (repeatable): character:char-barbar (its values, "
        "1-6 summing to 10), dungeon:*:obstacle=-1:1, monster:monster-troll:fight=+-2; "
        "fields: count, gold, obstacle, fight, trap",
    )
    p.add_argument("--file", metavar="TUNE.toml", help="targets, moves and settings in a TOML file")
    _search_options(p)
    _lang(p)


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
    p.add_argument("--storage", metavar="URL", help="keep the Optuna study, e.g. sqlite:///tune.db")
    p.add_argument("--study", metavar="NAME", help="the study's name (to resume it)")
    p.add_argument(
        "--patch",
        metavar="FILE",
        default="proposal.toml",
        help="write the proposal as a patch file the card editor applies (default "
        "proposal.toml; '-': none)",
    )


def _skill_parser(sub: Subcommands) -> None:
    """Balance across skill (docs/metrics.md): the tables are the bots, characters rotate."""
    p = sub.add_parser(
        "skill", help="balance across skill: character x bot-table matrix, robust balance"
    )
    _lab(p, 2000)
    _common(p, bots=False)
    p.set_defaults(characters="all")
    p.add_argument(
        "--strong-games",
        type=int,
        default=192,
        help="games of the tables with the slow search bot 'strong' (default 192)",
    )
    p.add_argument(
        "--tables",
        type=_bots_arg,
        default=None,
        metavar="NAME[,NAME...]",
        help="careful, greedy, reckless, strong, one-greedy, one-strong (default: all)",
    )
    p.add_argument(
        "--bootstrap", type=int, default=2000, help="draws of the noise floor (default 2000)"
    )
    _lang(p)


def _bench_parser(sub: Subcommands) -> None:
    p = sub.add_parser("bench", help="engine speed: random playouts (in-process)")
    p.add_argument("--games", type=int, default=50, help="games per run (default 50)")
    p.add_argument("--runs", type=int, default=5, help="runs (default 5)")
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--no-log", action="store_true", help="without the event log (how simulations play)"
    )
    p.add_argument("--json", action="store_true")


def _play_bots_parser(sub: Subcommands) -> None:
    p = sub.add_parser("play-bots", help="one bot game, printed as its event log")
    _common(p)
    _lang(p, default="de", text="log language")


def _sheets_parser(sub: Subcommands) -> None:
    # Listed for --help only: main hands "sheets" to verlies.render.sheets unparsed.
    sub.add_parser(
        "sheets",
        help="printable card sheets: sheets OUT.pdf [--lang en] [--deck FILE]",
        add_help=False,
    )


def _rules_parser(sub: Subcommands) -> None:
    p = sub.add_parser("rules", help="the rule IDs, where the engine cites them, how often")
    p.add_argument(
        "--games", type=int, default=20, help="bot games to count the rules in (default 20)"
    )
    p.add_argument("--full", action="store_true", help="print each rule's whole text")
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)


#: Every subcommand's parser, in the order ``verlies --help`` lists them.
_SUBCOMMANDS: tuple[Callable[[Subcommands], None], ...] = (
    _simulate_parser,
    _compare_parser,
    _sample_size_parser,
    _sweep_parser,
    _impact_parser,
    _tune_parser,
    _skill_parser,
    _bench_parser,
    _play_bots_parser,
    _sheets_parser,
    playtests_cli.add_parser,
    _rules_parser,
)


def _feel_parser(sub: Subcommands) -> None:
    """``verlies feel``: game-feel figures of a run (verlies.sim.feel, issue 40)."""
    from verlies.sim.feel import SELECTIONS

    p = sub.add_parser("feel", help="game-feel figures of N games: tension, choices, waiting")
    _lab(p, 400)
    _common(p)
    _lang(p)
    p.set_defaults(characters="all")
    p.add_argument(
        "--show",
        action="append",
        default=[],
        choices=sorted(SELECTIONS),
        help="also name the game that best shows this, with its link (repeatable)",
    )


_SUBCOMMANDS = (*_SUBCOMMANDS, _feel_parser)


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


# ---- commands ------------------------------------------------------------------------------


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Any]:
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


def _lab_kwargs(args: argparse.Namespace, executor: Any) -> dict[str, Any]:
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


def _write_csv(path: str | None, text: str) -> None:
    if path:
        Path(path).write_text(text, encoding="utf-8")


def _print_json(data: Any) -> None:
    from verlies.sim.report import jsonable  # NaN -> null: valid JSON

    print(json.dumps(jsonable(data), ensure_ascii=False, indent=1))


def _cmd_simulate(args: argparse.Namespace) -> int:
    from verlies.sim import simulate

    with _executor(args) as executor:
        result = simulate(
            args.games, deck=args.deck, variants=args.variant, **_lab_kwargs(args, executor)
        )
    _write_csv(args.csv, result.to_csv())
    if args.json:
        data = result.to_dict()
        # Stalled games open on the play page at the turn they stalled (docs/metrics.md).
        links = result.stalled_links()
        for g in data["summary"]["stalled_games"]:
            g["link"] = links.get(g["index"])
        _print_json(data)
    else:
        print(result.text(args.lang), end="")
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from verlies.sim import compare
    from verlies.sim.verdict import answer_report, before_after, parse_targets, stop_rule

    targets = parse_targets(args.target, args.players)  # a wrong one: before any game

    la = Path(args.deck_a).name if args.deck_a else "A"
    lb = Path(args.deck_b).name if args.deck_b else "B"
    if args.variant_a:
        la += " +" + "+".join(args.variant_a)
    if args.variant_b:
        lb += " +" + "+".join(args.variant_b)
    with _executor(args) as executor:
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
            **_lab_kwargs(args, executor),
        )
    answer = before_after(comp, targets)
    _write_csv(args.csv, comp.to_csv())
    if args.json:
        _print_json({"before_after": answer.to_dict(), **comp.to_dict()})
    else:
        # the answer leads; the other quantities follow, one interval per number
        print(answer_report(answer, comp, args.lang), end="")
    return 0


def _cmd_sample_size(args: argparse.Namespace) -> int:
    from verlies.sim.records import SimulationError
    from verlies.sim.stats import sample_size, sample_size_text

    try:
        got = sample_size(
            args.points / 100,
            rate=args.rate,
            alpha=args.alpha,
            power=args.power,
            sd=args.sd,
            quantities=args.quantities,
        )
    except ValueError as e:
        raise SimulationError(str(e)) from None
    if args.json:
        _print_json(got)
    else:
        print(sample_size_text(got, args.lang))
    return 0


def _cmd_sweep(args: argparse.Namespace) -> int:
    from verlies.sim import Tweak, sweep

    tweak: Tweak = Tweak.parse(args.card, args.field)
    values = list(args.values)
    if args.field2 is not None or args.values2 is not None or args.card2 is not None:
        tweak, values = _grid(args, tweak)
    with _executor(args) as executor:
        res = sweep(
            tweak,
            values,
            args.games,
            deck=args.deck,
            variants=args.variant,
            **_lab_kwargs(args, executor),
        )
    _write_csv(args.csv, res.to_csv())
    if args.json:
        _print_json(res.to_dict())
    else:
        print(res.text(args.lang), end="")
    return 0


def _grid(args: argparse.Namespace, first: Any) -> tuple[Any, list[int]]:
    """``verlies sweep`` of two numbers: the grid's tweak and its cells' indices (every
    value of --values × every value of --values2; the cells the deck refuses left out and
    named on stderr)."""
    from verlies.sim import Tweak
    from verlies.sim.records import load_deck
    from verlies.sim.sweep import GridTweak

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


def _cmd_impact(args: argparse.Namespace) -> int:
    if not args.sensitivity:
        return _contribution(args)
    from verlies.sim.impact import impact

    with _executor(args) as executor:
        res = impact(
            args.deck,
            200 if args.games is None else args.games,
            variants=args.variant,
            cards=args.cards,
            alpha=args.alpha,
            **_lab_kwargs(args, executor),
        )
    _write_csv(args.csv, res.to_csv())
    if args.json:
        _print_json(res.to_dict())
    else:
        print(res.text(args.lang, args.top), end="")
    return 0


def _contribution(args: argparse.Namespace) -> int:
    """``verlies impact``: the contribution ranking (verlies.sim.impact_rank)."""
    from verlies.sim.impact_rank import contribution

    if args.games is not None:
        raise VerliesError("--games is the --sensitivity run's; the ranking takes --budget")
    ref: Any = True
    if args.reference is not None:
        ref = None if args.reference == "none" else args.reference
    with _executor(args) as executor:
        res = contribution(
            args.deck,
            variants=args.variant,
            cards=args.cards,
            alpha=args.alpha,
            reference=ref,
            budget=args.budget,
            screen=args.screen,
            **_lab_kwargs(args, executor),
        )
    _write_csv(args.csv, res.to_csv())
    if args.json:
        _print_json(res.to_dict())
    else:
        print(res.text(args.lang, args.top), end="")
    return 0


def _cmd_tune(args: argparse.Namespace) -> int:
    from verlies.sim.tune import TuneError

    try:
        return _tune(args)
    except TuneError as e:  # the reason in --lang's language
        raise VerliesError(e.text_in(args.lang)) from None


def _tune(args: argparse.Namespace) -> int:
    from verlies.sim.tune import tune

    given, targets, moves, deck = _tune_inputs(args)
    kwargs = _tune_settings(args, given)
    with _executor(args) as executor:
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

    given: dict[str, Any] = load_tune_file(args.file) if args.file else {}
    targets = list(given.pop("targets", [])) + [Target.parse(t) for t in args.target]
    moves = list(given.pop("moves", [])) + [Move.parse(m) for m in args.move]
    deck = args.deck
    if deck is None and "deck" in given:  # a file's deck path is relative to the file
        deck = str(given["deck"])
        near = Path(args.file).parent / deck
        if not Path(deck).is_absolute() and near.exists():
            deck = str(near)
    return given, targets, moves, deck


def _tune_settings(args: argparse.Namespace, given: dict[str, Any]) -> dict[str, Any]:
    """tune's keyword arguments: each the command line's, else the file's, else the default."""

    def pick(key: str, default: Any) -> Any:
        got = getattr(args, key)
        return got if got is not None else given.get(key, default)

    kwargs = _lab_kwargs(args, None)
    kwargs["players"] = pick("players", 4)
    kwargs["seed"] = pick("seed", 0)
    kwargs["round_limit"] = pick("round_limit", 300)
    kwargs["bots"] = pick("bots", None)
    kwargs["characters"] = pick("characters", "all")
    kwargs["games"], kwargs["trials"] = pick("games", 400), pick("trials", 30)
    kwargs["verify_games"] = pick("verify_games", None)
    kwargs["verify_seed"] = pick("verify_seed", None)
    return kwargs


def _tune_ticker(lang: str, shown: bool) -> Callable[[int, int, float], None]:
    """tune's on_trial: a line on stderr after each candidate (none with --no-progress)."""
    from verlies import i18n

    def tick(done: int, total: int, best: float) -> None:
        if shown:
            score = f"{best:.2f}".replace(".", ",") if lang == "de" else f"{best:.2f}"
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
        _write_csv(args.csv, "\n".join(rows) + "\n")
    if args.json:
        commands = [_tune_command(args, h["move"]) for h in res.hints()]
        _print_json(
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

    parser = build_parser()
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


def _cmd_skill(args: argparse.Namespace) -> int:
    from verlies.sim.skill import TABLES, skill_matrix

    if args.characters != "all":
        raise VerliesError("skill: characters rotate over the seats ('all'); no --characters")
    with _executor(args) as executor:
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
    _write_csv(args.csv, res.to_csv())
    if args.json:
        _print_json(res.to_dict())
    else:
        print(res.text(args.lang), end="")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from verlies.sim import benchmark

    result = benchmark(
        games=args.games, runs=args.runs, players=args.players, seed=args.seed, log=not args.no_log
    )
    if args.json:
        print(json.dumps(result.stats(), indent=1))
    else:
        print(result)
    return 0


def _cmd_play_bots(args: argparse.Namespace) -> int:
    from verlies.sim import make_bots, play_game

    bots, names = make_bots(args.bots, args.players)
    game, rec = play_game(
        bots,
        seed=args.seed,
        deck=args.deck,
        variants=args.variant,
        round_limit=args.round_limit,
        characters=args.characters,
    )
    de = args.lang == "de"
    seats = ", ".join(f"{'Spieler' if de else 'player'} {i + 1}: {n}" for i, n in enumerate(names))
    print("Bots: " + seats)
    for event in game.log:
        print(event.text(args.lang))
    if de:
        print(
            f"Ergebnis: {rec.reason}, Gold {list(rec.gold)}, Runden {rec.rounds}, "
            f"Schritte {rec.steps}"
        )
    else:
        print(
            f"Result: {rec.reason}, gold {list(rec.gold)}, rounds {rec.rounds}, steps {rec.steps}"
        )
    return 0


def _cmd_sheets(argv: Sequence[str]) -> int:
    from verlies.render.sheets import main_sheets

    return main_sheets(list(argv))


def _cmd_rules(args: argparse.Namespace) -> int:
    from verlies.sim import game_seed, make_bots, play_game

    texts = rules_text()
    cited = rule_ids()
    fired: Counter[str] = Counter()
    if args.games:
        bots, _ = make_bots(None, args.players)
        for i in range(args.games):
            game, _rec = play_game(bots, seed=game_seed(args.seed, i))
            fired.update(e.rule for e in game.log)
    known = set(texts) | set(cited) | {r for r in fired if is_rule_id(r)}
    width = 100 - 34
    print(
        f"Rule IDs (verlies/data/rules.md); 'fired': events citing the rule in {args.games} "
        f"games of {args.players} careful bots; 'cited in': engine modules"
    )
    print(f"  {'rule':<6} {'fired':>7}  {'cited in':<15} text")
    for rid in sorted(known, key=rule_key):
        text = " ".join(texts.get(rid, "").split())
        if len(text) > width and not args.full:
            text = text[: width - 1] + "…"
        where = ", ".join(cited.get(rid, [])) or "-"
        print(f"  {rid:<6} {fired.get(rid, 0):>7}  {where:<15} {text}")
    return 0


def _cmd_feel(args: argparse.Namespace) -> int:
    from verlies.i18n import text as t
    from verlies.sim import simulate
    from verlies.sim.feel import feel_report, show_me

    with _executor(args) as executor:
        kwargs = _lab_kwargs(args, executor)
        result = simulate(
            args.games, deck=args.deck, variants=args.variant, keep_records=True, **kwargs
        )
    records = result.records or []
    report = feel_report(records, label=result.settings()["deck"])
    shown = {what: show_me(result.spec, records, what) for what in args.show}
    _write_csv(args.csv, report.to_csv())
    if args.json:
        data = report.to_dict()
        data["settings"] = result.settings()
        data["show"] = {k: None if v is None else vars(v) for k, v in shown.items()}
        _print_json(data)
        return 0
    print(report.text(args.lang))
    for what, ex in shown.items():
        if ex is None:
            print(f"{what}: {t('feel.show.none', args.lang)}")
        else:
            where = ex.link or t("feel.show.nolink", args.lang)
            line = t("feel.show", args.lang, index=ex.index, seed=ex.seed, turn=ex.turn, link=where)
            print(f"{what}: {line}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; returns the exit status (2 for bad input, with a one-line message)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list and args_list[0] == "sheets":
            return _cmd_sheets(args_list[1:])
        parser = build_parser()
        args = parser.parse_args(args_list)
        handler = {
            "simulate": _cmd_simulate,
            "compare": _cmd_compare,
            "sample-size": _cmd_sample_size,
            "sweep": _cmd_sweep,
            "impact": _cmd_impact,
            "skill": _cmd_skill,
            "tune": _cmd_tune,
            "bench": _cmd_bench,
            "play-bots": _cmd_play_bots,
            "rules": _cmd_rules,
            "playtests": playtests_cli.run,
            "feel": _cmd_feel,
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


if __name__ == "__main__":
    sys.exit(main())
