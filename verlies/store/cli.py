"""``verlies playtests``: the games played on the page, as a table, beside the bots.

verlies playtests                        # every stored game, one line each
verlies playtests --compare careful      # and where the humans decided otherwise than
                                         # the careful bot, and how bot games of the
                                         # same setups came out
verlies playtests --csv games.csv --json # the table as CSV; everything as JSON
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import statistics
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from verlies.errors import VerliesError

if TYPE_CHECKING:  # the store (SQLAlchemy) loads only when the command runs
    from verlies.store.db import PlaytestRecord


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "playtests", help="games played on the page (playtest records), beside the bots"
    )
    p.add_argument(
        "--store",
        default=None,
        help="database URL or file (default: $VERLIES_STORE_URL, else playtests.sqlite in "
        "$VERLIES_DATA_DIR or ~/.local/share/verlies)",
    )
    p.add_argument(
        "--compare",
        metavar="BOT",
        default=None,
        help="set the human decisions and "
        "results beside this bot's (careful, greedy, reckless, random, …)",
    )
    p.add_argument(
        "--bot-games",
        type=int,
        default=20,
        metavar="N",
        help="bot games per stored game's setup for --compare (default 20)",
    )
    p.add_argument("--all", action="store_true", help="unfinished games too")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--csv", metavar="FILE", help="write the games table as CSV ('-': stdout)")


def run(args: argparse.Namespace) -> int:
    from verlies.store.analysis import human_vs_bot
    from verlies.store.db import PlaytestStore

    try:
        store = PlaytestStore(args.store, record=True)
        records = store.records(finished_only=not args.all)
        rows = [r.row() for r in records]
        out: dict[str, Any] = {"store": store.url, "games": rows}
        if args.compare:
            finished = [r for r in records if r.finished]
            out["decisions"] = [t.row() for t in human_vs_bot(finished, bot=args.compare)]
            out["results"] = results_beside_bots(finished, args.compare, args.bot_games)
    except (VerliesError, ValueError) as e:
        print(f"verlies playtests: {e}", file=sys.stderr)
        return 2
    if args.csv:
        text = _csv(rows)
        if args.csv == "-":
            sys.stdout.write(text)
        else:
            with open(args.csv, "w", encoding="utf-8", newline="") as f:
                f.write(text)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
    elif args.csv != "-":
        print(_report(out))
    return 0


def results_beside_bots(
    records: Sequence[PlaytestRecord], bot: str, games_per_setup: int
) -> list[dict[str, Any]]:
    """Each stored setup played again by ``bot`` in every seat: how the games came out,
    humans' games against the bots' (same players, characters, deck, variants, start)."""
    from verlies.sim import make_bots, play_game

    human = [_outcome(r.game()) for r in records]
    bots: list[dict[str, Any]] = []
    for i, rec in enumerate(records):
        game = rec.game()
        setup = game.setup
        for k in range(games_per_setup):
            players, _ = make_bots([bot] * setup.players, setup.players)
            played, _record = play_game(
                players,
                seed=1_000_003 * (i + 1) + k,
                deck=setup.deck,
                variants=setup.variants,
                round_limit=setup.round_limit,
                characters=list(setup.characters),
                start_seat=setup.start_seat,
                log=False,
            )
            bots.append(_outcome(played))
    return [_summary("humans (page)", human), _summary(f"bot '{bot}' (same setups)", bots)]


def _outcome(game: Any) -> dict[str, Any]:
    result = game.result
    assert result is not None
    return {
        "rounds": result.rounds,
        "timeout": result.timeout,
        "escaped": len(result.escaped) / max(1, game.players),
        "gold": statistics.fmean(result.gold) if result.gold else 0.0,
    }


def _summary(who: str, outcomes: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(outcomes)
    if not n:
        return {"who": who, "games": 0}
    return {
        "who": who,
        "games": n,
        "median rounds": statistics.median(o["rounds"] for o in outcomes),
        "timeouts": round(sum(o["timeout"] for o in outcomes) / n, 3),
        "escaped (share of figures)": round(statistics.fmean(o["escaped"] for o in outcomes), 3),
        "mean gold at the end": round(statistics.fmean(o["gold"] for o in outcomes), 2),
    }


def _csv(rows: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    if rows:
        w = csv.DictWriter(buf, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return buf.getvalue()


def _table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "  (none)"
    cols = list(rows[0])
    cells = [[str(r.get(c, "")) for c in cols] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(cols)]
    line = "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True))
    body = ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)) for row in cells]
    return "\n".join([line, *body])


def _report(out: dict[str, Any]) -> str:
    parts = [f"Playtest records in {out['store']}: {len(out['games'])} games", _table(out["games"])]
    if "decisions" in out:
        parts += ["", "Human decisions beside the bot's (same view):", _table(out["decisions"])]
        parts += ["", "How the games came out:", _table(out["results"])]
    return "\n".join(parts)
