"""Balance across skill (verlies.sim.skill, docs/metrics.md "Balance across skill")."""

from __future__ import annotations

import csv
import io
import json
import math
import random

import pytest

from verlies.cli import main
from verlies.sim import simulate
from verlies.sim.records import SimulationError
from verlies.sim.skill import chi2_sf, equal_rates_test, skill_matrix, spread_floor

TABLES = ("careful", "greedy", "one-greedy")
N = 64  # two blocks of 4 seats x 8 characters


@pytest.fixture(scope="module")
def matrix():  # type: ignore[no-untyped-def]
    return skill_matrix(N, strong_games=0, tables=TABLES, seed=11, workers=1, bootstrap=400)


def test_all_seat_cells_are_simulate_runs(matrix) -> None:  # type: ignore[no-untyped-def]
    for t in matrix.tables[:2]:
        sim = simulate(N, bots=t.name, characters="all", seed=11, workers=1)
        assert t.games == N
        for c, row in sim.metrics.character_rows().items():
            assert (t.wins[c], t.played[c]) == (row["wins"], row["games"])
            assert t.row(c)["ci_low"] == row["ci_low"] and t.row(c)["ci_high"] == row["ci_high"]


def test_one_greedy_cells_and_gain_are_the_odd_seats_of_simulate_runs(matrix) -> None:  # type: ignore[no-untyped-def]
    base = simulate(N // 4, characters="all", seed=11, workers=1, keep_records=True)
    assert base.records is not None
    wins: dict[str, int] = {}
    games: dict[str, int] = {}
    diffs: dict[str, list[int]] = {}
    for seat in range(4):
        bots = ["greedy" if s == seat else "careful" for s in range(4)]
        run = simulate(N // 4, bots=bots, characters="all", seed=11, workers=1, keep_records=True)
        assert run.records is not None
        for rec, ref in zip(run.records, base.records, strict=True):
            c = rec.characters[seat]
            assert ref.characters == rec.characters  # paired: the same game's characters
            games[c] = games.get(c, 0) + 1
            wins[c] = wins.get(c, 0) + (seat in rec.winners)
            diffs.setdefault(c, []).append(int(seat in rec.winners) - int(seat in ref.winners))
    odd = matrix.tables[2]
    assert odd.name == "one-greedy" and odd.games == N
    assert odd.played == games and odd.wins == {c: wins.get(c, 0) for c in odd.wins}
    gain = matrix.gains[0]
    every = [d for ds in diffs.values() for d in ds]
    assert gain.figure()["pairs"] == N
    assert gain.figure()["gain"] == pytest.approx(sum(every) / len(every))
    for c, ds in diffs.items():
        f = gain.figure(c)
        mean = sum(ds) / len(ds)
        sd = math.sqrt(sum((d - mean) ** 2 for d in ds) / (len(ds) - 1))
        assert f["gain"] == pytest.approx(mean)
        assert f["ci_high"] - f["ci_low"] == pytest.approx(
            2 * 1.959963984540054 * sd / math.sqrt(len(ds))
        )


def test_robust_balance_is_the_worst_table(matrix) -> None:  # type: ignore[no-untyped-def]
    spreads = {t.name: t.spread for t in matrix.tables}
    worst = max(spreads, key=lambda k: spreads[k])
    assert matrix.worst.name == worst
    assert matrix.robust_balance == pytest.approx(1 - spreads[worst])
    assert all(matrix.robust_balance <= t.balance for t in matrix.tables)
    data = matrix.to_dict()
    assert data["robust_balance"]["table"] == worst
    for t in matrix.tables:
        rates = [t.rate(c) for c in matrix.characters]
        assert t.spread == pytest.approx(max(rates) - min(rates))


def test_noise_floor_is_seeded_and_about_right() -> None:
    sizes = [2000] * 8
    a = spread_floor(sizes, 0.25, seed=1, draws=1000)
    assert a == spread_floor(sizes, 0.25, seed=1, draws=1000)  # deterministic
    assert a != spread_floor(sizes, 0.25, seed=2, draws=1000)
    # The range of 8 normals: its 95th percentile is about 4.3 standard deviations.
    sd = math.sqrt(0.25 * 0.75 / 2000)
    assert 3.8 * sd < a < 4.8 * sd
    # Independently: spreads of equal-rate binomials exceed the floor about 5 % of the time.
    rng = random.Random(7)
    over = 0
    for _ in range(400):
        rates = [sum(rng.random() < 0.25 for _ in range(200)) / 200 for _ in range(4)]
        over += max(rates) - min(rates) > spread_floor([200] * 4, 0.25, seed=3)
    assert 4 <= over <= 40  # 5 % of 400 is 20


def test_chi2_against_table_values() -> None:
    for x, df, p in [
        (3.841459, 1, 0.05),
        (5.991465, 2, 0.05),
        (11.344867, 3, 0.01),
        (9.487729, 4, 0.05),
        (14.067140, 7, 0.05),
        (18.475307, 7, 0.01),
    ]:
        assert chi2_sf(x, df) == pytest.approx(p, abs=2e-6)
    x2, df, p = equal_rates_test([50, 50], [200, 200])
    assert (x2, df, p) == (0.0, 1, 1.0)
    x2, df, p = equal_rates_test([30, 70], [200, 200])  # 2x2: 30/200 vs 70/200
    assert df == 1 and x2 == pytest.approx(21.333333, rel=1e-6) and p < 1e-5


def test_strong_tables_take_their_own_number_of_games() -> None:
    m = skill_matrix(32, strong_games=0, tables=("strong", "one-strong"), workers=1)
    assert [t.name for t in m.tables] == ["careful", "strong", "one-strong"]  # careful added
    assert [t.games for t in m.tables] == [32, 0, 0]
    assert math.isnan(m.tables[1].spread)
    # 4 games per character: expected counts below 5, the chi-square test is not trusted.
    assert m.tables[0].min_expected < 5 and m.verdict(m.tables[0]) == "too few games"
    assert not m.unbalanced(m.tables[0])
    with pytest.raises(SimulationError):
        skill_matrix(32, tables=("careful", "careful"))
    with pytest.raises(SimulationError):
        skill_matrix(-1, tables=("careful",))


def test_cli_text_json_csv(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "m.csv"
    args = ["skill", "-n", "32", "--tables", "careful,one-greedy", "--workers", "1"]
    assert main([*args, "--no-progress", "--json", "--csv", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in data["tables"]] == ["careful", "one-greedy"]
    assert data["robust_balance"]["table"] in ("careful", "one-greedy")
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert {r["table"] for r in rows} == {"careful", "one-greedy"}
    assert len([r for r in rows if r["group"] == "matrix"]) == 16
    assert main([*args, "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "robust balance" in text and "skill matters" in text and "noise floor" in text
    assert main(["skill", "--characters", "char-zwerg", "-n", "8", "--no-progress"]) == 2


def test_aa_equal_characters_are_called_unbalanced_at_most_alpha() -> None:
    """A/A for the matrix's "unbalanced" call: four tables of eight characters that all win
    at the same rate (250 games each), 400 matrices. The share of matrices with any table
    called unbalanced stays within α = 5 % (Bonferroni over the tables) plus two standard
    errors of that share."""
    import random

    from verlies.sim.run import RunInfo
    from verlies.sim.skill import SkillMatrix, TableResult, equal_rates_test

    rng = random.Random(20261203)
    chars = [f"c{i}" for i in range(8)]
    runs, called = 400, 0
    for _ in range(runs):
        tables = []
        for name in ("careful", "greedy", "reckless", "one-greedy"):
            played = dict.fromkeys(chars, 250)
            wins = {c: sum(rng.random() < 0.25 for _ in range(250)) for c in chars}
            t = TableResult(name, name, 2000, wins, played)
            pooled = sum(wins.values()) / sum(played.values())
            t.min_expected = min(min(n * pooled, n * (1 - pooled)) for n in played.values())
            t.chi2, t.df, t.p = equal_rates_test([wins[c] for c in chars], [250] * 8)
            tables.append(t)
        m = SkillMatrix(chars, tables, [], 0, 4, "aa", RunInfo())
        called += any(m.verdict(t) == "unbalanced" for t in tables)
    share = called / runs
    assert share <= 0.05 + 2 * (0.05 * 0.95 / runs) ** 0.5, share
