"""``verlies play-bots``: one game played by bots, printed as its event log."""

from __future__ import annotations

import argparse

from verlies.cli.options import (
    Subcommands,
    common_options,
    lang_option,
)


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("play-bots", help="one bot game, printed as its event log")
    common_options(p)
    lang_option(p, default="de", text="log language")


def run(args: argparse.Namespace) -> int:
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
