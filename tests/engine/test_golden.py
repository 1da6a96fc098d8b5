"""Games recorded before a redesign replay bit for bit after it (see
tests/helpers/golden_corpus.py).

Each game is checked twice: its save file loads and gives back the same save, log and
result (the load path), and the game played again from its seed, bots, variants and live
edits gives the same save and the same odds at every decision (the rules, the bots and
the order of the legal actions).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

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


V1_SAVES = Path(__file__).resolve().parents[1] / "data" / "golden_v1_saves.json.gz"


def test_version_1_saves_load_to_the_same_positions() -> None:
    """The corpus's saves as format 1 wrote them (before a fight's or trap's roll with an
    unused treasure in hand was always a decision, docs/decisions.md): each loads, with
    the forced decisions put back, to exactly the save of format 2, so its log, result
    and every position on the way are the same; a cursor inside moves with the steps."""
    with gzip.open(V1_SAVES, "rt", encoding="utf-8") as f:
        old: dict[str, str] = json.load(f)
    assert sorted(old) == sorted(CORPUS)
    upgraded = 0
    for name, text in old.items():
        assert json.loads(text)["version"] == 1
        game = Game.from_json(text)
        assert game.to_json() == CORPUS[name]["save"], name
        if len(json.loads(text)["steps"]) != game.step_count:
            upgraded += 1
    assert upgraded > 100  # the forced decisions are common: the conversion is exercised
    # A cursor in the middle: the same position as the version-1 game had there.
    name = next(n for n in sorted(old) if len(json.loads(old[n])["steps"]) != CORPUS[n]["steps"])
    data = json.loads(old[name])
    for cursor in range(0, len(data["steps"]) + 1, 7):
        short = json.dumps({**data, "steps": data["steps"][:cursor], "cursor": cursor})
        mid = json.dumps({**data, "cursor": cursor})
        a, b = Game.from_json(short), Game.from_json(mid)
        assert a.to_json() != b.to_json() or cursor == len(data["steps"])
        assert b.step_count == a.step_count and b.state.steps == a.state.steps
        assert [f.pos for f in a.figures] == [f.pos for f in b.figures]
        assert a.log_size == b.log_size and a.pending == b.pending
