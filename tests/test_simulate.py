"""Simulations, A/B comparisons, the benchmark helper and the command line."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from verlies.__main__ import main, rule_ids
from verlies.deck import Deck
from verlies.sim.bots import RandomBot
from verlies.simulate import (
    REASONS,
    SimulationError,
    benchmark,
    compare,
    game_seed,
    make_bots,
    make_variants,
    play_game,
    simulate,
)
from verlies.variants import Variants

DECK = Deck.default()
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def report():  # type: ignore[no-untyped-def]
    return simulate(
        40, players=4, bots=("careful", "greedy", "reckless", "random"), seed=3, deck=DECK
    )


# ---- the report -----------------------------------------------------------------------------


def test_report_counts_add_up(report) -> None:  # type: ignore[no-untyped-def]
    n = report.n_games
    assert n == 40
    assert sum(report.reason_counts.values()) == n
    assert set(report.reason_counts) == set(REASONS)
    assert report.timeouts == report.reason_counts["timeout"]
    for row in report.seat_stats():
        assert row["escaped"] + row["left_behind"] == n
        assert row["wins"] <= row["escaped"]
    # Every game has a winner (shares split) or none (nobody out, or a timeout): R1.5, R1.6.
    shares = sum(r["win_share"] for r in report.seat_stats())
    assert shares + report.no_winner == pytest.approx(n)
    for g in report.games:
        assert set(g.winners) <= set(g.escaped)
        assert sorted(g.escaped + g.left_behind) == list(range(4))
        assert len(set(g.escaped)) == len(g.escaped)
        if g.reason == "timeout":
            assert not g.winners
        if g.reason == "escaped":
            assert len(g.escaped) == 3  # R1.3: the second-to-last figure out ends it
        if g.winners:
            best = max(g.gold[s] for s in g.escaped)
            assert all(g.gold[w] == best for w in g.winners)
        assert g.steps >= g.decisions > 0
    bots = {r["bot"]: r for r in report.bot_stats()}
    assert set(bots) == {"careful", "greedy", "reckless", "random"}
    assert sum(r["games"] for r in bots.values()) == 4 * n
    assert 0 <= report.escape_rate <= 1


def test_report_outputs(report) -> None:  # type: ignore[no-untyped-def]
    data = report.to_dict()
    assert sorted(data) == ["bots", "games", "seats", "settings", "summary"]
    assert len(data["games"]) == 40
    assert data["settings"]["bots"] == ["careful", "greedy", "reckless", "random"]
    json.dumps(data)  # JSON-able
    html = report._repr_html_()
    assert html.count("<table") == 2 and "careful" in html
    text = str(report)
    assert "per seat" in text and "per bot" in text and "timeouts" in text


def test_simulation_is_deterministic() -> None:
    a = simulate(6, players=3, bots=("careful", "random", "greedy"), seed=9, deck=DECK)
    b = simulate(6, players=3, bots=("careful", "random", "greedy"), seed=9, deck=DECK)
    c = simulate(6, players=3, bots=("careful", "random", "greedy"), seed=10, deck=DECK)
    assert a.games == b.games
    assert a.games != c.games
    assert [g.seed for g in a.games] == [game_seed(9, i) for i in range(6)]


def test_callables_and_single_names_as_bots() -> None:
    rep = simulate(3, players=2, bots=RandomBot(1), seed=0, deck=DECK)
    assert rep.bots == ("random", "random")
    rep = simulate(3, players=2, bots="reckless", seed=0, deck=DECK)
    assert rep.bots == ("reckless", "reckless")
    with pytest.raises(SimulationError, match="2 players need 2 bots"):
        simulate(1, players=2, bots=("careful", "careful", "careful"), deck=DECK)
    with pytest.raises(SimulationError, match="unknown bot"):
        simulate(1, players=2, bots="nobody", deck=DECK)


def test_variants_by_name() -> None:
    assert make_variants(["long_walk"]) == Variants(long_walk=True)
    assert make_variants({"limited_bank": True}).limited_bank
    assert make_variants(None) == Variants()
    with pytest.raises(SimulationError, match="unknown variants: nope"):
        make_variants(["nope"])
    rep = simulate(2, players=2, bots="careful", deck=DECK, variants=["opened_stays_open"])
    assert rep.variants["opened_stays_open"] is True


# ---- compare --------------------------------------------------------------------------------


def test_compare_identical_decks_differs_in_nothing() -> None:
    comp = compare(DECK, DECK, n_games=12, players=3, bots="careful", seed=4)
    assert comp.is_zero
    assert comp.same_games == 12
    assert all(r["diff"] == 0 for r in comp.differences())
    assert "12 of them ended exactly alike" in str(comp)
    json.dumps(comp.to_dict())


def test_compare_sees_a_rule_change() -> None:
    comp = compare(
        DECK, DECK, n_games=12, players=3, bots="careful", seed=4, variants_b=["long_walk"]
    )
    assert not comp.is_zero
    assert comp.same_games < 12
    assert "<table" in comp._repr_html_()
    assert (comp.label_a, comp.label_b) == ("A", "B +long_walk")
    rows = {r["metric"]: r for r in comp.differences()}
    assert rows["rounds (mean)"]["diff"] == pytest.approx(comp.b.mean_rounds - comp.a.mean_rounds)


def test_compare_a_changed_deck() -> None:
    """More copies of a gold corridor: the same seeds now play differently."""
    cid, card = next(
        (cid, c) for cid, c in DECK.dungeon.items() if c.gold and c.color.value == "red"
    )
    richer = DECK.with_count("dungeon", cid, DECK.dungeon_counts[cid] + 4)
    comp = compare(DECK, richer, n_games=8, players=2, bots="careful", seed=1)
    assert not comp.is_zero
    assert comp.same_games < 8


# ---- benchmark helper -----------------------------------------------------------------------


def test_simulations_play_without_a_log_and_still_count_r8_1_injuries() -> None:
    """simulate() keeps no event log; its records equal those of logged games, and the
    injury counts equal the R8.1 "injured" events of the logged game."""
    names = ["careful", "greedy", "reckless", "random"]
    for seed in range(6):
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
    assert sum(sum(g.injuries) for g in simulate(20, players=4, bots="reckless").games) > 0


def test_benchmark_helper() -> None:
    res = benchmark(games=2, runs=2, players=4, seed=0, deck=DECK)
    st = res.stats()
    assert st["runs"] == 2 and st["games_per_run"] == 2
    assert st["steps_per_s"]["min"] <= st["steps_per_s"]["median"] <= st["steps_per_s"]["max"]
    assert st["steps_per_game"] > 10
    assert "steps/s" in str(res)


# ---- command line ---------------------------------------------------------------------------


def test_cli_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "-n", "3", "-p", "2", "--bots", "careful,random"]) == 0
    out = capsys.readouterr().out
    assert "per seat" in out and "careful" in out
    assert main(["simulate", "-n", "2", "-p", "2", "--json", "--variant", "long_walk"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["settings"]["variants"]["long_walk"] is True
    assert data["summary"]["games"] == 2


def test_cli_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "-n", "3", "-p", "2", "--variant-b", "long_walk"]) == 0
    assert "B − A" in capsys.readouterr().out


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


def test_cli_bad_input_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "-n", "1", "-p", "5"]) == 2
    assert "R2.2" in capsys.readouterr().err
    assert main(["simulate", "-n", "1", "--variant", "nope"]) == 2
    assert "unknown variants" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2


def test_python_dash_m_verlies_runs_as_a_process(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_DECK, encoding="utf-8")
    ok = subprocess.run(
        [sys.executable, "-m", "verlies", "simulate", "-n", "2", "-p", "2"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    assert "per seat" in ok.stdout
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
    rep = simulate(0, players=2, deck=DECK)
    assert rep.n_games == 0 and math.isnan(rep.mean_gold)
    assert main(["simulate", "-n", "0", "-p", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["mean_gold"] is None
