"""Bot games recorded before the bots were made faster replay move for move.

A speed-up of the bots changes no decision. ``tests/data/bot_reference.json.gz`` holds
200 seeded games played the way simulations play them (no event log, one bot object per
seat reused and reseeded game after game, so a cache leaking from one game into the next
shows): every bot preset alone and mixed, 1–4 players, every variant alone and all
together. Each game is kept as its full step list and its result. The test plays them
again and names the first step that differs.

``python tests/sim/test_bot_reference.py write`` records the file again: only when a change is
*meant* to change how the bots play (and the commit says so).
"""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from verlies import Deck, Game, Variants
from verlies.sim.bots import make_bot

# Recorded on the first edition of the standard deck: pinned to it (docs/balance.md).
DECK = Deck.edition("standard-1")

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "bot_reference.json.gz"
VARIANTS = ("opened_stays_open", "limited_bank", "injuries_stack", "long_walk")
POLICIES = ("careful", "greedy", "reckless", "random", "mixed")
MIXED = ("careful", "greedy", "reckless", "random")


@dataclass(frozen=True)
class Spec:
    """One reference game."""

    name: str
    players: int
    seed: int
    bots: tuple[str, ...]  # one preset per seat
    variants: tuple[str, ...]
    round_limit: int


def specs() -> Iterator[Spec]:
    """200 games: 5 policies x 4 player counts x 10 games, variants cycling per game."""
    cycle: tuple[tuple[str, ...], ...] = ((), *((v,) for v in VARIANTS), (), VARIANTS)
    for policy in POLICIES:
        for players in (1, 2, 3, 4):
            for k in range(10):
                if policy == "mixed":
                    bots = tuple(MIXED[(k + s) % len(MIXED)] for s in range(players))
                else:
                    bots = (policy,) * players
                limit = 60 if "random" in bots else 300
                seed = 9000 + 1000 * POLICIES.index(policy) + 100 * players + k
                yield Spec(
                    f"{policy}-{players}p-{k}",
                    players,
                    seed,
                    bots,
                    cycle[k % len(cycle)],
                    limit,
                )


def play_all(chosen: list[Spec]) -> Iterator[tuple[Spec, Game]]:
    """Play the specs in order with one bot object per (preset, seat), reused throughout."""
    pool: dict[tuple[str, int], Any] = {}
    for spec in chosen:
        bots = []
        for seat, name in enumerate(spec.bots):
            bot = pool.get((name, seat))
            if bot is None:
                bot = pool[(name, seat)] = make_bot(name, 0)
            bot.reseed(spec.seed * 8 + seat)
            bots.append(bot)
        game = Game.new(
            players=spec.players,
            seed=spec.seed,
            variants=Variants.from_dict({v: True for v in spec.variants}),
            round_limit=spec.round_limit,
            deck=DECK,
            log=False,
        )
        views = [game.view(s) for s in range(spec.players)]
        while not game.is_over:
            if game.is_chance:
                game.roll()
            else:
                seat = game.current_player
                game.apply(bots[seat](views[seat]))
        yield spec, game


def describe(game: Game) -> dict[str, Any]:
    result = game.result
    assert result is not None
    return {
        "steps": json.loads(game.to_json())["steps"],
        "result": {
            "reason": result.reason,
            "escaped": list(result.escaped),
            "left_behind": list(result.left_behind),
            "winners": list(result.winners),
            "gold": list(result.gold),
            "rounds": result.rounds,
        },
    }


def load() -> dict[str, dict[str, Any]]:
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as f:
        data: dict[str, dict[str, Any]] = json.load(f)
    return data


def write() -> None:
    games = {spec.name: describe(game) for spec, game in play_all(list(specs()))}
    with gzip.GzipFile(REFERENCE, "wb", mtime=0) as f:
        f.write(json.dumps(games, separators=(",", ":"), sort_keys=True).encode())
    steps = sum(len(g["steps"]) for g in games.values())
    print(f"{len(games)} games, {steps} steps -> {REFERENCE} ({REFERENCE.stat().st_size} bytes)")


def test_reference_covers_the_specs() -> None:
    want = load()
    names = [s.name for s in specs()]
    assert sorted(names) == sorted(want) and len(names) == 200
    reasons = {g["result"]["reason"] for g in want.values()}
    assert {"escaped", "timeout"} <= reasons
    assert sum(len(g["steps"]) for g in want.values()) > 40_000


def upgraded(game: Game, steps: list[Any]) -> list[Any]:
    """The reference's steps (recorded as save format 1, before forced decisions were
    steps: ``Game.forced_action``) as a version-1 save of ``game``'s setup loads them."""
    text = json.dumps(
        {
            "format": "verlies-game",
            "version": 1,
            "setup": game.setup.to_dict(),
            "steps": steps,
            "cursor": len(steps),
        }
    )
    out: list[Any] = json.loads(Game.from_json(text).to_json())["steps"]
    return out


@pytest.mark.parametrize("policy", POLICIES)
def test_bots_replay_the_reference_move_for_move(policy: str) -> None:
    want = load()
    chosen = [s for s in specs() if s.name.startswith(policy + "-")]
    for spec, game in play_all(chosen):
        got = describe(game)
        ref = dict(want[spec.name])
        # The file is unchanged: the bots decide as they did; the forced decisions the
        # engine now keeps (never a bot's choice) are put back as a save's upgrade does.
        ref["steps"] = upgraded(game, ref["steps"])
        for i, (a, b) in enumerate(zip(got["steps"], ref["steps"], strict=False)):
            assert a == b, f"{spec.name}: step {i} is {a}, the reference has {b}"
        assert len(got["steps"]) == len(ref["steps"]), spec.name
        assert got["result"] == ref["result"], spec.name


if __name__ == "__main__":
    if sys.argv[1:] == ["write"]:
        write()
    else:
        print(__doc__)
