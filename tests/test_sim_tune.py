"""Suggested changes toward a target (verlies.sim.tune, docs/balance.md)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from verlies.deck import Deck
from verlies.sim.tune import (
    CHARACTER_SUM,
    Move,
    TuneError,
    knobs_for,
    material_problems,
    tune,
)

PRIEST = "char-priester"


def unbalanced() -> Deck:
    """The default deck with the Priest at 6/3/1 (about a third of the 4-player wins)."""
    d = Deck.default()
    c = d.characters[PRIEST]
    return d.with_card("character", dataclasses.replace(c, staerke=6, geist=3, geschick=1))


def small(deck: Deck, **kw: object) -> object:
    args: dict[str, object] = {
        "games": 64,
        "trials": 4,
        "verify_games": 64,
        "workers": 1,
        "players": 4,
    }
    args.update(kw)
    return tune(["win:char-priester=0:30"], [f"character:{PRIEST}"], deck, **args)  # type: ignore[arg-type]


def test_unbalanced_deck_gets_a_proposal_that_moves_toward_the_target_on_other_seeds() -> None:
    res = small(unbalanced())
    assert res.edits  # type: ignore[attr-defined]
    v = res.verification  # type: ignore[attr-defined]
    assert v["seed"] != res.search["seed"]  # type: ignore[attr-defined]
    assert v["violation"] <= v["start_violation"]
    assert all(q["verdict"] != "missed" for q in v["quantities"])
    # the patch file is one the editor's upload takes: base "default", and it gives the proposal
    text = res.patch_text()  # type: ignore[attr-defined]
    assert 'base = "default"' in text
    assert Deck.loads(text) == res.proposal  # type: ignore[attr-defined]


def test_proposals_keep_r2_material_and_character_rule() -> None:
    deck = unbalanced()
    res = tune(
        ["win:*=25+-3"],
        [f"character:{PRIEST}", "dungeon:r-gang-t-02:count=-1:1"],
        deck,
        games=32,
        trials=6,
        verify_games=0,
        workers=1,
    )
    p = res.proposal
    assert material_problems(deck, p) == []
    assert sum(p.dungeon_counts.values()) == sum(deck.dungeon_counts.values())
    for c in p.characters.values():
        assert all(1 <= v <= 6 for v in c.values) and sum(c.values) == CHARACTER_SUM
    # a count moved alone breaks R10: such candidates were never played
    assert res.search["infeasible"] >= 0
    bad = deck.with_count("dungeon", "r-gang-t-02", deck.dungeon_counts["r-gang-t-02"] + 1)
    assert any("R10" in m for m in material_problems(deck, bad))


def test_character_choices_are_values_one_to_six_summing_to_ten() -> None:
    (k,) = knobs_for(unbalanced(), [Move.parse(f"character:{PRIEST}")])
    assert k.choices[0] == (6, 3, 1)
    assert all(sum(t) == 10 and min(t) >= 1 and max(t) <= 6 for t in k.choices)


@pytest.mark.parametrize(
    ("target", "named"),
    [
        ("win:*=30:20", "win:*"),
        ("speed=1:2", "speed"),
        ("rounds=abc", "rounds"),
        ("win:char-nobody=20:30", "char-nobody"),
    ],
)
def test_a_bad_target_names_itself(target: str, named: str) -> None:
    with pytest.raises(TuneError, match=named.replace("*", r"\*")):
        tune([target], [f"character:{PRIEST}"], games=4, trials=1, workers=1)


@pytest.mark.parametrize(
    ("move", "named"),
    [
        ("dungeon:r-gang-t-02:obstacle=1:3", "1:3"),
        ("dungeon:no-such-card:gold", "no-such-card"),
        ("weapons:x:gold", "weapons"),
        ("monster:*:colour", "colour"),
        ("dungeon:b-ausgang:count=-1:1", "R2.4"),
    ],
)
def test_a_bad_move_or_bound_names_itself(move: str, named: str) -> None:
    with pytest.raises(TuneError, match=named):
        tune(["win:*=25+-2"], [move], games=4, trials=1, workers=1)


def test_tune_file_errors_name_file_and_entry(tmp_path: Path) -> None:
    from verlies.sim.tune import load_tune_file

    f = tmp_path / "t.toml"
    f.write_text('[targets]\nrounds = "20:30"\n[[move]]\ncard = "character:x"\nbound = "2:3"\n')
    with pytest.raises(TuneError, match=r"t\.toml.*\[\[move\]\] number 1.*2:3"):
        load_tune_file(f)


def test_same_seed_same_proposal_and_study_resumes(tmp_path: Path) -> None:
    a = small(unbalanced(), verify_games=0)
    url = f"sqlite:///{tmp_path / 's.db'}"
    small(unbalanced(), verify_games=0, trials=2, storage=url, study_name="s")
    b = small(unbalanced(), verify_games=0, storage=url, study_name="s")
    assert b.edits == a.edits  # type: ignore[attr-defined]
    assert b.search["scores"] == a.search["scores"]  # type: ignore[attr-defined]
    with pytest.raises(TuneError, match="another problem"):
        small(unbalanced(), verify_games=0, games=32, storage=url, study_name="s")


def test_resumed_on_a_dask_local_cluster_gives_the_same_result(tmp_path: Path) -> None:
    import distributed

    plain = small(unbalanced(), verify_games=32)
    url = f"sqlite:///{tmp_path / 'd.db'}"
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        small(unbalanced(), verify_games=0, trials=2, storage=url, study_name="d", executor=client)
        resumed = small(unbalanced(), verify_games=32, storage=url, study_name="d", executor=client)
    assert resumed.edits == plain.edits  # type: ignore[attr-defined]
    assert resumed.search["scores"] == plain.search["scores"]  # type: ignore[attr-defined]
    assert resumed.verification["quantities"] == plain.verification["quantities"]  # type: ignore[attr-defined]


def test_cli_tune_writes_patch_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from verlies.__main__ import main

    deck = tmp_path / "u.toml"
    unbalanced().save_patch(deck)
    out = tmp_path / "p.toml"
    rc = main(
        [
            "tune",
            "--deck",
            str(deck),
            "--target",
            "win:char-priester=0:30",
            "--move",
            f"character:{PRIEST}",
            "-n",
            "32",
            "--trials",
            "3",
            "--verify-games",
            "32",
            "--workers",
            "1",
            "--no-progress",
            "--patch",
            str(out),
            "--json",
        ]
    )
    assert rc == 0
    data = json.loads(capsys.readouterr().out)
    assert data["patch_written"] == str(out)
    assert Deck.load(out) == Deck.loads(data["patch_file"])
    assert {q["verdict"] for q in data["verification"]["quantities"]} <= {
        "met",
        "missed",
        "undecided",
    }
    rc = main(["tune", "--target", "nonsense=1:2", "--move", f"character:{PRIEST}"])
    assert rc == 2
    assert "nonsense" in capsys.readouterr().err
