"""``verlies rules``: the rule IDs the engine cites, and how often they fire in bot games."""

from __future__ import annotations

import argparse
from collections import Counter

from verlies.cli.options import Subcommands
from verlies.rule_refs import is_rule_id, rule_ids, rule_key, rules_text


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("rules", help="the rule IDs, where the engine cites them, how often")
    p.add_argument(
        "--games", type=int, default=20, help="bot games to count the rules in (default 20)"
    )
    p.add_argument("--full", action="store_true", help="print each rule's whole text")
    p.add_argument("-p", "--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)


def run(args: argparse.Namespace) -> int:
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
