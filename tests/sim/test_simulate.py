"""The command line of the balance lab (simulate, compare, sweep), play_game and bench."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from verlies.cli import main
from verlies.deck import Deck
from verlies.rule_refs import rule_ids
from verlies.sim import benchmark, make_bots, make_variants, play_game, simulate
from verlies.sim.records import SimulationError
from verlies.variants import Variants

DECK = Deck.default()
REPO = Path(__file__).resolve().parents[2]
RATE_KEYS = {"games", "wins", "win_rate", "ci_low", "ci_high"}


def test_variants_by_name() -> None:
    assert make_variants(["long_walk"]) == Variants(long_walk=True)
    assert make_variants({"limited_bank": True}).limited_bank
    assert make_variants(None) == Variants()
    with pytest.raises(SimulationError, match="unknown variants: nope"):
        make_variants(["nope"])
    res = simulate(2, players=2, deck=DECK, variants=["opened_stays_open"], workers=1)
    assert res.settings()["variants"]["opened_stays_open"] is True


def test_games_play_without_a_log_and_still_count_r8_1_injuries() -> None:
    """The lab keeps no event log; its records equal those of logged games, and the
    injury counts equal the R8.1 "injured" events of the logged game."""
    names = ["careful", "greedy", "reckless", "random"]
    for seed in range(4):
        logged, rec_logged = play_game(make_bots(names, 4)[0], seed=seed, deck=DECK)
        quiet, rec_quiet = play_game(make_bots(names, 4)[0], seed=seed, deck=DECK, log=False)
        assert quiet.log == [] and logged.log
        assert rec_quiet == rec_logged
        assert quiet.to_json() == logged.to_json()
        counted = [0] * 4
        for e in logged.log:
            if e.key == "injured":
                assert e.rule == "R8.1"
                counted[e.seat] += 1
        assert rec_quiet.injuries == tuple(counted)
        # Obstacle tests counted by the lab = the R4.2 test events of the logged game.
        tests = sum(e.key == "test" and e.rule == "R4.2" for e in logged.log)
        assert tests == sum(t.tries for t in rec_quiet.tests if t.key.startswith("obstacle:"))


def test_benchmark_helper() -> None:
    res = benchmark(games=2, runs=2, players=4, seed=0, deck=DECK)
    st = res.stats()
    assert st["runs"] == 2 and st["games_per_run"] == 2
    assert st["steps_per_s"]["min"] <= st["steps_per_s"]["median"] <= st["steps_per_s"]["max"]
    assert st["steps_per_game"] > 10
    assert "steps/s" in str(res)


# ---- command line ---------------------------------------------------------------------------


def test_cli_simulate_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "8", "-p", "4", "--characters", "all", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert "8/8" in out.err  # the progress bar, on stderr
    chars = data["characters"]
    assert set(chars) == set(DECK.characters)
    for row in chars.values():
        assert RATE_KEYS <= set(row)
        assert row["games"] == 4 and row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    assert isinstance(data["seats"], list) and len(data["seats"]) == 4
    for row in data["seats"]:
        assert RATE_KEYS <= set(row) and row["games"] == 8
    summary = data["summary"]
    assert {"timeouts", "median_rounds", "games_per_s"} <= set(summary)
    assert summary["games"] == 8 and summary["games_per_s"] > 0


def test_cli_simulate_text_csv_and_alias(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv_file = tmp_path / "out.csv"
    argv = ["simulate", "-n", "3", "-p", "2", "--bots", "careful,random", "--workers", "1"]
    assert main([*argv, "--csv", str(csv_file), "--no-progress"]) == 0
    out = capsys.readouterr()
    assert "per character" in out.out and "per seat" in out.out and out.err == ""
    lines = csv_file.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("group,id,games,wins,win_rate,ci_low,ci_high")
    assert len(lines) == 1 + 2 + 2 + 10  # two characters, two seats, the feel figures


def test_cli_compare_and_sweep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "-n", "3", "-p", "2", "--variant-b", "long_walk", "--workers", "1"]
    assert main([*argv, "--no-progress"]) == 0
    text = capsys.readouterr().out  # the before/after answer, then the other quantities
    assert text.index("Before and after") < text.index("Other quantities")
    assert "B − A" not in text  # the old tables' second interval for one number is gone
    assert main([*argv, "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and "rounds" in data["differences"]
    out = tmp_path / "sweep.csv"
    sweep_argv = ["sweep", "-n", "2", "-p", "2", "--card", "dungeon:r-gang-straight-04"]
    sweep_argv += ["--field", "obstacle", "--values", "5:9:2", "--workers", "1"]
    assert main([*sweep_argv, "--json", "--csv", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["values"] == [5, 7, 9] and len(data["points"]) == 3
    assert out.read_text(encoding="utf-8").splitlines()[1].startswith("5,2,")


def test_cli_play_bots_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play-bots", "-p", "2", "--seed", "3", "--lang", "en"]) == 0
    en = capsys.readouterr().out
    assert "R3.1: Player 1" in en and "Result:" in en
    assert main(["play-bots", "-p", "2", "--seed", "3"]) == 0
    de = capsys.readouterr().out
    assert "R3.1: Spieler 1" in de and "Ergebnis:" in de
    assert len(en.splitlines()) == len(de.splitlines())


def test_cli_bench_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "1", "--runs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["runs"] == 1
    assert main(["bench", "--games", "1", "--runs", "1", "--no-log"]) == 0
    assert "no event log" in capsys.readouterr().out
    assert main(["rules", "--games", "2"]) == 0
    out = capsys.readouterr().out
    for rid in ("R1.3", "R3.2", "R5.4", "R9.4"):
        assert rid in out
    assert "R1.4" in rule_ids()


BAD_DECK = 'format = 1\nname = "Kaputt"\n[[dungeon]]\nid = 5\n'


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "-n", "1", "--deck", "{bad}"],
        ["play-bots", "--deck", "{bad}"],
        ["compare", "-n", "1", "--deck-b", "{bad}"],
        [
            "sweep",
            "-n",
            "1",
            "--deck",
            "{bad}",
            "--card",
            "dungeon:x",
            "--field",
            "gold",
            "--values",
            "1:2",
        ],
        ["sheets", "{out}", "--deck", "{bad}"],
        ["simulate", "-n", "1", "--deck", "{missing}"],
    ],
)
def test_cli_bad_deck_file_is_a_clear_error(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_DECK, encoding="utf-8")
    paths = {
        "bad": str(bad),
        "missing": str(tmp_path / "none.toml"),
        "out": str(tmp_path / "o.pdf"),
    }
    assert main([a.format(**paths) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("verlies: error: ")
    assert "Traceback" not in err
    assert ("bad.toml" in err) or ("none.toml" in err)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["simulate", "-n", "1", "-p", "5"], "R2.2"),
        (["simulate", "-n", "1", "--variant", "nope"], "unknown variants"),
        (["simulate", "-n", "1", "--bots", "nobody"], "unknown bot"),
        (["simulate", "-n", "1", "--workers", "0"], "workers"),
        (["simulate", "-n", "-3"], "number of games"),
        (["simulate", "-n", "1", "--characters", "char-zwerg,char-nobody", "-p", "2"], "R2.1"),
        (["sweep", "-n", "1", "--card", "dungeon", "--field", "gold", "--values", "1"], "KIND:ID"),
        (["sweep", "-n", "1", "--card", "dungeon:x", "--field", "size", "--values", "1"], "field"),
        (["simulate", "-n", "1", "--scheduler", "nope://127.0.0.1:9"], "Dask scheduler"),
    ],
)
def test_cli_bad_input_exit_codes(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("verlies: error: ") and needle in err and "Traceback" not in err


def test_cli_bad_options_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["frobnicate"], ["sweep", "--card", "a:b", "--field", "gold", "--values", "x"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        assert "Traceback" not in capsys.readouterr().err


def test_python_dash_m_verlies_runs_as_a_process(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_DECK, encoding="utf-8")
    ok = subprocess.run(
        [sys.executable, "-m", "verlies", "simulate", "-n", "2", "-p", "2", "--workers", "2"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    assert "per seat" in ok.stdout and "2/2" in ok.stderr
    fail = subprocess.run(
        [sys.executable, "-m", "verlies", "simulate", "--deck", str(bad)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert fail.returncode == 2
    assert fail.stderr.startswith("verlies: error: ") and "Traceback" not in fail.stderr
    assert fail.stdout == ""


def test_nan_free_json_for_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "-n", "0", "-p", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["mean_gold"] is None and data["summary"]["games"] == 0
