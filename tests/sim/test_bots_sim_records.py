"""The simulation loop's records stay what they were before its speed work, field by field.

The digests were recorded on commit cbb781a (before ``_play`` sampled chance outcomes
itself and skipped Game.apply's check for them): a SHA-256 of every record's ``to_dict``
(tests, rooms, lead changes, injuries, shuffle-backs, escape order, ...) as sorted JSON.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from verlies.sim import simulate

CASES: list[tuple[dict[str, Any], str]] = [
    (
        {"games": 60, "players": 4, "characters": "all", "seed": 1},
        "0915398a787ad15b35a5593f4f51277d9b9db0276f51c54e296ab65e6a639d9f",
    ),
    (
        {"games": 40, "players": 2, "seed": 7, "bots": "careful,greedy"},
        "815223ebb0110bf5ca6cfdee9d012e98f9775960e68acd898df316905891718d",
    ),
    (
        {"games": 40, "players": 3, "seed": 3, "characters": "random", "variants": ["long_walk"]},
        "5454b61ebf114b60129abf1708a998d4718584f8cc2efd1de317598a2938d444",
    ),
]


@pytest.mark.parametrize(("kwargs", "digest"), CASES)
def test_records_unchanged(kwargs: dict[str, Any], digest: str) -> None:
    res = simulate(keep_records=True, workers=1, **kwargs)
    assert res.records is not None and len(res.records) == kwargs["games"]
    blob = json.dumps([r.to_dict() for r in res.records], sort_keys=True)
    assert hashlib.sha256(blob.encode()).hexdigest() == digest


def test_digest_covers_every_tally() -> None:
    """The first case's games exercise what the loop tallies, so the digest pins it."""
    res = simulate(keep_records=True, workers=1, **CASES[0][0])
    assert res.records is not None
    keys = {t.key.split(":")[0] for r in res.records for t in r.tests}
    assert keys == {"obstacle", "trap", "fight"}
    assert any(r.lead_changes for r in res.records)
    assert any(r.rooms for r in res.records) and any(r.treasures for r in res.records)
    assert any(any(r.injuries) for r in res.records)
    assert any(any(r.shuffle_backs) for r in res.records)
    assert any(len(r.escaped) > 1 for r in res.records)


@pytest.mark.parametrize(
    ("players", "bots", "variants"),
    [(4, "careful", []), (3, "greedy", ["limited_bank"]), (2, "random", ["long_walk"])],
)
def test_gold_changes_counts_every_change_of_gold(
    players: int, bots: str, variants: list[str]
) -> None:
    """The simulation loop compares the figures' gold only when ``Table.gold_changes``
    moved: no step may change a figure's gold (R9.1) without moving it."""
    from verlies.sim.records import make_bots, make_variants
    from verlies.sim.run import RunSpec

    spec = RunSpec.build(players=players, bots=bots, variants=variants, seed=5)
    assert spec.variants == make_variants(variants)
    seen_changes = 0
    for index in range(12):
        game = spec.new_game(index)
        seats, _ = make_bots([bots] * players, players)
        state = game.state
        views = [game.view(s) for s in range(players)]
        golds = [f.gold for f in state.figures]
        while not state.over:
            before = state.gold_changes
            if state.at_chance:
                game.roll()
            else:
                game.apply(seats[state.seat](views[state.seat]))
            now = [f.gold for f in state.figures]
            if now != golds:
                assert state.gold_changes > before
                seen_changes += 1
            golds = now
    assert seen_changes > 20  # the games did move gold
