"""The game-feel figures counted as a run's games arrive (verlies.sim.feel.tally) and in
``verlies simulate`` (text, --json, CSV): the same figures as the records' report, the
same bit for bit in any order of arrival, no record kept."""

from __future__ import annotations

import csv
import io
import json
import math
import random
from pathlib import Path

import pytest

from verlies.cli import main
from verlies.sim import simulate
from verlies.sim.feel import FIGURES, FeelTally, feel_report, simulate_feel
from verlies.sim.records import SimulationError

RUN = {"players": 3, "characters": "all", "seed": 5}


@pytest.fixture(scope="module")
def records() -> list:
    res = simulate(24, workers=1, keep_records=True, **RUN)
    assert res.records is not None
    return res.records


def test_the_tally_reads_as_the_records_report(records: list) -> None:
    tally = FeelTally()
    tally.add_all(records)
    report = feel_report(records)
    assert tally.count == report.count == 24 and tally.players == 3
    assert tally.agency_by_kind() == report.agency_by_kind()
    for key in FIGURES:
        got, want = tally.figure(key), report.figure(key)
        assert got["games"] == want["games"], key
        for k in ("mean", "ci_low", "ci_high"):
            if math.isnan(want[k]):
                assert math.isnan(got[k]), (key, k)
            else:
                assert got[k] == pytest.approx(want[k], rel=1e-12, abs=1e-12), (key, k)
    assert tally.figure("decisiveness")["games"] > 0  # a figure with something to count


def test_the_tally_is_the_same_bit_for_bit_in_any_order(records: list) -> None:
    first = FeelTally()
    first.add_all(records)
    shuffled = list(records)
    random.Random(3).shuffle(shuffled)
    second = FeelTally()
    second.add_all(shuffled)
    assert json.dumps(first.to_dict()) == json.dumps(second.to_dict())


def test_simulate_feel_keeps_no_record_and_matches_any_batching(records: list) -> None:
    one, tally_one = simulate_feel(24, workers=1, batch=24, **RUN)
    many, tally_many = simulate_feel(24, workers=1, batch=5, **RUN)
    assert one.records is None and many.records is None
    assert one.metrics == many.metrics
    assert json.dumps(tally_one.to_dict()) == json.dumps(tally_many.to_dict())
    by_hand = FeelTally()
    by_hand.add_all(records)
    assert json.dumps(tally_one.to_dict()) == json.dumps(by_hand.to_dict())


def test_bad_input_says_what_is_wrong(records: list) -> None:
    with pytest.raises(SimulationError, match="keeps no records"):
        simulate_feel(2, keep_records=True, workers=1)
    tally = FeelTally()
    tally.add(records[0])
    other = simulate(1, players=2, workers=1, keep_records=True).records or []
    with pytest.raises(SimulationError, match="one tally per player count"):
        tally.add(other[0])
    assert tally.count == 1  # the last good state stays
    with pytest.raises(KeyError, match="unknown game-feel figure"):
        tally.figure("fun")


def test_cli_simulate_shows_the_feel_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "-n", "6", "-p", "3", "--characters", "all", "--workers", "1"]
    argv += ["--no-progress", "--seed", "5"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    feel = data["feel"]
    assert feel["games"] == 6 and list(feel["figures"]) == list(FIGURES)
    res = simulate(6, workers=1, keep_records=True, **RUN)
    want = feel_report(res.records or []).figure("lead_changes")
    assert feel["figures"]["lead_changes"]["mean"] == pytest.approx(want["mean"])
    from verlies.i18n import text

    for lang in ("en", "de"):
        assert main([*argv, "--lang", lang]) == 0
        out = capsys.readouterr().out
        head = text("feel.head", lang, label="", games=6, p=3).split(":")[0]
        seats = text("simtext.per_seat", lang)
        assert seats in out and head in out and out.index(seats) < out.index(head)
    csv_file = tmp_path / "sim.csv"
    assert main([*argv, "--csv", str(csv_file)]) == 0
    capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(csv_file.read_text(encoding="utf-8"))))
    feel_rows = [r for r in rows if r["group"] == "feel"]
    assert [r["id"] for r in feel_rows] == list(FIGURES)
    lc = next(r for r in feel_rows if r["id"] == "lead_changes")
    assert float(lc["mean"]) == pytest.approx(want["mean"], rel=1e-5)
    assert lc["games"] == "6" and lc["win_rate"] == ""
    assert all(r["mean"] == "" for r in rows if r["group"] != "feel")
    assert main([*argv, "--json", "--no-feel"]) == 0
    assert "feel" not in json.loads(capsys.readouterr().out)


def test_the_estimators_scores_on_known_answers(records: list) -> None:
    """Even chances: log-loss log(players), Brier (1 − 1/P)² + (P − 1)/P² per row for a
    sole winner; a forecaster told the winner: 0 and 0; the shipped one in between."""
    from verlies.sim.feel import estimator_for
    from verlies.sim.feel.estimator import scores

    sole = [r for r in records if len(r.winners) == 1]
    even = scores(sole, 3, lambda _row: [1 / 3] * 3)
    assert even["games"] == len(sole) > 0 and even["rows"] > even["games"]
    assert even["log_loss"] == pytest.approx(math.log(3))
    assert even["brier"] == pytest.approx((2 / 3) ** 2 + 2 / 9)
    for r in sole:
        told = scores([r], 3, lambda _row, w=r.winners[0]: [float(s == w) for s in range(3)])
        assert told["log_loss"] == pytest.approx(0.0) and told["brier"] == 0.0
    shipped = scores(sole, 3, estimator_for(3).chances)
    assert 0 < shipped["log_loss"] < even["log_loss"] * 1.2
