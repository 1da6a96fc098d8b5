"""The golden corpus: seeded games recorded before a redesign, replayed after it.

``python tests/helpers/golden_corpus.py write`` records the games into ``tests/data/golden.json.gz``
(run it only when a change is *meant* to change how games play, and say so in the commit).
``tests/engine/test_golden.py`` plays the same games again and compares bit for bit: the save
file, the event log in German and English, the result, and the exact odds of every legal
action at every decision of the random games.

The games cover 1–4 players, every bot preset, random play (which also checks the order
of the legal actions: a random game picks by index), every variant alone and all together,
fixed and default characters, other starting seats, short round limits (timeouts), and
live deck edits (text, count and a removed card) in the middle of a game.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from verlies import Game, Variants
from verlies.deck import Deck

CORPUS = Path(__file__).resolve().parents[1] / "data" / "golden.json.gz"
VARIANTS = ("opened_stays_open", "limited_bank", "injuries_stack", "long_walk")
BOTS = ("careful", "greedy", "reckless", "random")
# Recorded on the first edition of the standard deck: pinned to it (docs/balance.md).
DECK = Deck.edition("standard-1")


@dataclass(frozen=True)
class Spec:
    """One game of the corpus: how it is set up and who plays it."""

    name: str
    players: int
    seed: int
    policy: str  # a bot preset for every seat, or "random-actions" (uniform legal action)
    variants: tuple[str, ...] = ()
    characters: tuple[str, ...] | None = None
    start_seat: int = 0
    round_limit: int = 300
    edits: tuple[tuple[int, str], ...] = ()  # (decision number, edit name)
    extra: dict[str, Any] = field(default_factory=dict)


def specs() -> Iterator[Spec]:
    n = 0
    for players in (1, 2, 3, 4):
        for bot in BOTS:
            for k in range(12 if bot != "random" else 6):
                n += 1
                limit = 300 if bot != "random" else 40
                yield Spec(f"{bot}-{players}p-{k}", players, 1000 + n, bot, round_limit=limit)
    for players in (1, 2, 3, 4):
        for k in range(10):
            n += 1
            yield Spec(
                f"actions-{players}p-{k}", players, 2000 + n, "random-actions", round_limit=25
            )
    for variant in VARIANTS:
        for players in (2, 4):
            for bot in ("careful", "reckless"):
                n += 1
                yield Spec(f"{variant}-{bot}-{players}p", players, 3000 + n, bot, (variant,))
            n += 1
            yield Spec(
                f"{variant}-actions-{players}p",
                players,
                3000 + n,
                "random-actions",
                (variant,),
                round_limit=25,
            )
    for players in (2, 3, 4):
        n += 1
        yield Spec(f"all-variants-{players}p", players, 4000 + n, "careful", VARIANTS)
    chars = DECK.characters
    ids = sorted(chars)
    for players in (2, 3, 4):
        n += 1
        picked = tuple(ids[(players + i * 3) % len(ids)] for i in range(players))
        yield Spec(
            f"chars-{players}p",
            players,
            5000 + n,
            "careful",
            characters=picked,
            start_seat=players - 1,
        )
    for players in (2, 4):
        n += 1
        yield Spec(f"timeout-{players}p", players, 6000 + n, "careful", round_limit=6)
    edits = ("text", "count", "remove", "monster")
    for players in (2, 3, 4):
        for i, edit in enumerate(edits):
            n += 1
            yield Spec(
                f"edit-{edit}-{players}p",
                players,
                7000 + n,
                "careful",
                edits=((3 + i, edit), (12 + i, "count")),
            )
        n += 1
        yield Spec(
            f"edit-actions-{players}p",
            players,
            7000 + n,
            "random-actions",
            round_limit=25,
            edits=((2, "text"), (5, "remove")),
        )


def _edited(deck: Any, name: str) -> Any:
    """A live edit of the running game's deck (R2 still holds after it)."""
    if name == "text":
        return deck.with_card_text("room", "raum-gold-03", "7 Gold.")
    if name == "count":
        card = "r-raum-t-01" if "r-raum-t-01" in deck.dungeon else "r-gang-bend-01"
        return deck.with_count("dungeon", card, 5)
    if name == "remove":
        return deck.without_card("dungeon", "r-raum-t-01")
    if name == "monster":
        first = sorted(deck.monsters)[0]
        return deck.with_count("monster", first, deck.monster_counts[first] + 2)
    raise ValueError(name)


def _bot(name: str, seat: int, seed: int) -> Any:
    try:
        from verlies.sim.bots import make_bot  # type: ignore[import-not-found, unused-ignore]
    except ImportError:  # before the bots moved into verlies.sim
        from verlies.bots import make_bot  # type: ignore[no-redef, import-not-found, unused-ignore]
    bot = make_bot(name, seed * 8 + seat)
    return bot


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def play(spec: Spec) -> tuple[Game, str]:
    """Play ``spec`` from scratch; returns the game and a digest of the odds it offered."""
    game = Game.new(
        players=spec.players,
        seed=spec.seed,
        variants=Variants.from_dict({v: True for v in spec.variants}),
        characters=list(spec.characters) if spec.characters else None,
        start_seat=spec.start_seat,
        round_limit=spec.round_limit,
        deck=DECK,
    )
    rng = random.Random(spec.seed)
    bots = (
        []
        if spec.policy == "random-actions"
        else [_bot(spec.policy, s, spec.seed) for s in range(spec.players)]
    )
    views = [game.view(s) for s in range(spec.players)]
    edits = dict(spec.edits)
    odds = hashlib.sha256()
    decisions = 0
    while not game.is_over:
        if decisions in edits:
            game.edit_deck(_edited(game.deck, edits.pop(decisions)))
            continue
        if game.is_chance:
            game.roll()
            continue
        forced = game.forced_action
        if forced is not None:
            # Kept for the game's shape only (save format 2): taken for the player, as
            # the page does; not a decision (the edits' places and the odds stay).
            game.apply(forced)
            continue
        legal = game.legal_actions()
        if spec.policy == "random-actions":
            odds.update(repr([game.odds(a) for a in legal]).encode())
            action = legal[rng.randrange(len(legal))]
        else:
            action = bots[game.current_player](views[game.current_player])
        game.apply(action)
        decisions += 1
    return game, odds.hexdigest()


def describe(game: Game) -> dict[str, Any]:
    """What a finished game came to: its log (digests), result and length."""
    result = game.result
    assert result is not None
    log = game.log
    return {
        "log_de": _digest("\n".join(e.de for e in log)),
        "log_en": _digest("\n".join(e.en for e in log)),
        "log_rules": _digest(" ".join(e.rule for e in log)),
        "result": {
            "reason": result.reason,
            "escaped": list(result.escaped),
            "left_behind": list(result.left_behind),
            "winners": list(result.winners),
            "gold": list(result.gold),
            "rounds": result.rounds,
        },
        "steps": game.step_count,
    }


def record(spec: Spec) -> dict[str, Any]:
    game, odds = play(spec)
    return {"name": spec.name, "save": game.to_json(), "odds": odds, **describe(game)}


def load() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        data: list[dict[str, Any]] = json.load(f)
    return data


def write() -> None:
    games = [record(s) for s in specs()]
    CORPUS.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(CORPUS, "wb", mtime=0) as f:
        f.write(json.dumps(games, indent=0, sort_keys=True).encode())
    steps = sum(g["steps"] for g in games)
    print(f"{len(games)} games, {steps} steps -> {CORPUS} ({CORPUS.stat().st_size} bytes)")


if __name__ == "__main__":
    if sys.argv[1:] == ["write"]:
        write()
    else:
        print(__doc__)
