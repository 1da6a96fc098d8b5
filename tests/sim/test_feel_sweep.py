"""Game-feel figures in sweeps (verlies.sim.sweep, ``verlies sweep``, the Deck tab's sweep
curve): each value's figures equal a run of that deck on the same seeds, in the CSV and
JSON, selectable as the quantity a sweep shows."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest

from verlies.cli import main
from verlies.deck import Deck
from verlies.sim.feel import FIGURES, simulate_feel
from verlies.sim.records import SimulationError
from verlies.sim.sweep import FEEL_CURVES, SweepResult, Tweak, sweep
from verlies.ui.deck.sweep_model import is_share, points_of, quantities_of
from verlies.ui.deck.sweep_words import quantity_words as _quantity_words

DOOR = Tweak("dungeon", "r-gang-straight-04", "obstacle")  # a door, obstacle 6
RUN = {"players": 3, "characters": "all", "seed": 9, "workers": 1}


@pytest.fixture(scope="module")
def swept() -> SweepResult:
    return sweep(DOOR, [4, 9], 8, **RUN)


def test_each_value_reads_as_a_run_of_that_deck(swept: SweepResult) -> None:
    assert len(swept.feel) == 2
    for i, v in enumerate(swept.values):
        _, tally = simulate_feel(8, deck=DOOR.apply(Deck.default(), v), **RUN)
        assert json.dumps(swept.feel[i].figures()) == json.dumps(tally.figures())
        f = tally.figure("lead_changes")
        assert swept.curve_ci("feel:lead_changes")[i] == (f["mean"], f["ci_low"], f["ci_high"])
    assert swept.feel[0].count == swept.points[0].metrics.games == 8


def test_feel_in_the_csv_and_json(swept: SweepResult) -> None:
    rows = list(csv.DictReader(io.StringIO(swept.to_csv())))
    assert [r["value"] for r in rows] == ["4", "9"]
    for i, r in enumerate(rows):
        mean, low, high = swept.curve_ci("feel:decisiveness")[i]
        assert float(r["feel_decisiveness"]) == pytest.approx(mean, rel=1e-5)
        assert float(r["feel_decisiveness_low"]) == pytest.approx(low, rel=1e-5)
        assert float(r["feel_decisiveness_high"]) == pytest.approx(high, rel=1e-5)
    data = swept.to_dict()
    assert list(data["points"][1]["feel"]) == list(FIGURES)
    assert data["points"][1]["feel"]["agency"]["games"] == 8


def test_an_unknown_figure_is_a_clear_error(swept: SweepResult) -> None:
    with pytest.raises(SimulationError, match="unknown game-feel figure 'feel:fun'"):
        swept.curve_ci("feel:fun")


def test_the_page_offers_the_figures_and_draws_them(swept: SweepResult) -> None:
    deck = Deck.default()
    keys = quantities_of(deck)
    assert keys[-len(FEEL_CURVES) :] == list(FEEL_CURVES)  # after the lab's own quantities
    assert is_share("feel:agency") and not is_share("feel:lead_changes")
    assert _quantity_words("feel:agency", deck, "en") == "Real choices"
    assert _quantity_words("feel:agency", deck, "de") != "Real choices"
    points = points_of(swept, "feel:decisiveness")
    assert [p.value for p in points] == [4, 9]
    assert [p.estimate for p in points] == [c[0] for c in swept.curve_ci("feel:decisiveness")]
    assert points_of(swept, "feel:mattered") == []  # no search bot: nothing to draw


def test_cli_sweep_shows_a_chosen_figure(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sweep", "-n", "4", "-p", "3", "--characters", "all", "--workers", "1", "--seed", "9"]
    argv += ["--card", "dungeon:r-gang-straight-04", "--field", "obstacle", "--values", "4,9"]
    argv += ["--no-progress", "--quantity", "feel:agency", "--quantity", "feel:lead_changes"]
    out = {}
    for lang in ("en", "de"):
        assert main([*argv, "--lang", lang]) == 0
        out[lang] = capsys.readouterr().out
    assert "Real choices per value (95 % interval):" in out["en"]
    assert "je Wert (95-%-Intervall):" in out["de"]
    res = sweep(DOOR, [4, 9], 4, **RUN)
    mean = res.curve_ci("feel:lead_changes")[1][0]
    assert f"  9: {mean:.2f} (" in out["en"]
    assert math.isfinite(mean)


def test_cli_sweep_refuses_an_unknown_quantity_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["sweep", "-n", "1", "--card", "dungeon:r-gang-straight-04", "--field", "obstacle"]
    assert main([*argv, "--values", "4", "--quantity", "feel:fun"]) == 2
    err = capsys.readouterr().err
    assert "--quantity 'feel:fun'" in err and "feel:decisiveness" in err
