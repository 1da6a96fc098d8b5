"""Games recorded before a redesign replay bit for bit after it (see tests/golden_corpus.py).

Each game is checked twice: its save file loads and gives back the same save, log and
result (the load path), and the game played again from its seed, bots, variants and live
edits gives the same save and the same odds at every decision (the rules, the bots and
the order of the legal actions).
"""

from __future__ import annotations

import pytest
from golden_corpus import Spec, describe, load, play, record, specs

from verlies import Game

SPECS = {s.name: s for s in specs()}
CORPUS = {g["name"]: g for g in load()}


def test_corpus_matches_the_specs() -> None:
    assert sorted(SPECS) == sorted(CORPUS)
    assert len(CORPUS) >= 250
    assert sum(g["steps"] for g in CORPUS.values()) > 30_000


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_saved_game_loads_back_identically(name: str) -> None:
    want = CORPUS[name]
    game = Game.from_json(want["save"])
    assert game.to_json() == want["save"]
    got = describe(game)
    for key in ("log_de", "log_en", "log_rules", "result", "steps"):
        assert got[key] == want[key], f"{name}: {key} differs after loading the save"


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_game_plays_again_identically(name: str) -> None:
    want = CORPUS[name]
    got = record(SPECS[name])
    assert got["save"] == want["save"], f"{name}: the game played differently"
    assert got == want


def test_spec_names_are_unique() -> None:
    names = [s.name for s in specs()]
    assert len(names) == len(set(names))
    assert isinstance(SPECS[names[0]], Spec)
    assert callable(play)
