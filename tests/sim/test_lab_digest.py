"""The lab's games stay what they were before the speed work of issue 36, bit for bit.

The digests were recorded on main at ``95acf75`` (before any of that work): a SHA-256 of
the ``repr`` of every record of a run, so every field counts, the ones ``to_dict`` leaves
out too (the cards met, the game-feel trace). The cases are the lab's workload: the
default deck at 3 and 4 players with the page's bots (careful, greedy, reckless), and a
few variants, characters and the first edition beside it. A run with two worker
processes gives the same digest as one in this process, on the compiled engine too.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from compiled_build import compiled_workers

from verlies.sim import simulate
from verlies.sim.run import pool_engine

CASES: list[tuple[dict[str, Any], str]] = [
    (
        {"games": 40, "players": 4, "seed": 11, "bots": "careful"},
        "3572b2c439470a340f03df49086a6b1f5d99dfe9dc516312540d1ab7e2610b6f",
    ),
    (
        {"games": 40, "players": 3, "seed": 12, "bots": "careful"},
        "6d9570c974748cc6378ebffac56212faee24f915d770a0fe468a8bb222f6b5e7",
    ),
    (
        {
            "games": 40,
            "players": 4,
            "seed": 13,
            "bots": "careful,greedy,reckless,careful",
            "characters": "all",
        },
        "8bbc96a58571c65eab71909d37bd536401b4960652c902a071ca0827ae76f197",
    ),
    (
        {
            "games": 40,
            "players": 3,
            "seed": 14,
            "bots": "reckless,greedy,careful",
            "characters": "random",
            "variants": ["opened_stays_open", "injuries_stack"],
        },
        "87f00e749fc226060f59d05bec4a99e249b1c9c509082f2df626e9a233416950",
    ),
    (
        {
            "games": 30,
            "players": 4,
            "seed": 15,
            "bots": "greedy",
            "variants": ["limited_bank", "long_walk"],
            "deck": "standard-1",
        },
        "81ecf2d34a602b651cfcf7223fec451ad1007060f768f95722ee596ed7892f9e",
    ),
]


def digest(workers: int, kwargs: dict[str, Any]) -> str:
    res = simulate(keep_records=True, workers=workers, progress=None, **kwargs)
    assert res.records is not None and len(res.records) == kwargs["games"]
    return hashlib.sha256(repr(res.records).encode()).hexdigest()


@pytest.mark.parametrize(("kwargs", "expected"), CASES)
def test_lab_games_unchanged(kwargs: dict[str, Any], expected: str) -> None:
    assert digest(1, kwargs) == expected


def test_lab_games_unchanged_on_two_workers() -> None:
    kwargs, expected = CASES[2]
    assert digest(2, kwargs) == expected


def test_lab_games_unchanged_on_compiled_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lab's workers on the compiled engine (tests/helpers/compiled_build.py) play the
    same games: the default deck with the page's bots, and the first edition with
    variants."""
    with compiled_workers(monkeypatch):
        for kwargs, expected in (CASES[2], CASES[4]):
            assert digest(2, kwargs) == expected
        assert pool_engine() == "compiled"


def test_digest_reads_every_field() -> None:
    """The repr carries the fields to_dict leaves out, so the digest pins them."""
    res = simulate(keep_records=True, workers=1, progress=None, **CASES[0][0])
    assert res.records is not None
    text = repr(res.records[0])
    assert "met=(('" in text and "feel=FeelTrace(" in text
    assert any(r.feel is not None and r.feel.decisions for r in res.records)
