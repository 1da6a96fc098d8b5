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
