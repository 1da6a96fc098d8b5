"""The lab's plots show the metrics (bqplot marks hold the numbers of verlies.sim)."""

from __future__ import annotations

import pytest

from verlies.deck import Deck
from verlies.sim import Tweak, simulate
from verlies.sim.sweep import sweep

pytest.importorskip("bqplot")

from verlies.sim.plots import bins, curve, duration, win_rates  # noqa: E402
from verlies.ui.balance.plots_view import (  # noqa: E402
    DurationPlot,
    LabSweepPlot,
    LivePlots,
    WinRatePlot,
)

DECK = Deck.default()


@pytest.fixture(scope="module")
def result():  # type: ignore[no-untyped-def]
    return simulate(8, players=4, characters="all", seed=2, deck=DECK, workers=1)


def test_win_rate_bars_and_intervals(result) -> None:  # type: ignore[no-untyped-def]
    plot = WinRatePlot("characters")
    plot.update(result)
    rows = result.metrics.character_rows()
    assert list(plot.bars.y) == pytest.approx([r["win_rate"] for r in rows.values()])
    drawn = [float(v) for e in plot.errors.y for v in e]
    assert drawn == pytest.approx([v for r in rows.values() for v in (r["ci_low"], r["ci_high"])])
    # Each bar is drawn at its own name (an ordinal scale): the label is the bar's x value.
    assert list(plot.bars.x) == [c[5:] for c in rows] == list(plot.x_scale.domain)
    assert [list(e) for e in plot.errors.x] == [[c[5:]] * 2 for c in rows]
    assert list(plot.fair.y) == [0.25, 0.25]
    seats = WinRatePlot("seats")
    seats.update(result)
    assert len(seats.bars.y) == 4
    with pytest.raises(ValueError):
        WinRatePlot("bots")


def test_duration_histogram(result) -> None:  # type: ignore[no-untyped-def]
    plot = DurationPlot(width=10)
    plot.update(result)
    assert sum(plot.bars.y) == 8
    assert list(plot.median.x) == [result.metrics.summary()["median_rounds"]] * 2
    assert bins({3: 1, 12: 2, 14: 1}, 5) == ([0, 5, 10], [1, 0, 3])
    assert bins({}, 5) == ([], [])


def test_live_plots_update_while_a_run_goes_on() -> None:
    live = LivePlots(interval=0.0)
    seen: list[int] = []

    def on_update(res) -> None:  # type: ignore[no-untyped-def]
        live.update(res)
        seen.append(int(sum(live.duration.bars.y)))

    res = simulate(6, players=2, deck=DECK, workers=1, batch=2, on_update=on_update)
    assert seen == [2, 4, 6]
    live.finish(res)
    assert len(live.characters.bars.y) == 2


def test_sweep_curve() -> None:
    res = sweep(Tweak("monster", "monster-goblin", "count"), [0, 4], games=3, players=2, workers=1)
    assert curve(res, "mean_gold").ys == tuple(res.curve("mean_gold"))
    plot = LabSweepPlot("mean_gold")
    plot.update(res)
    assert list(plot.line.x) == [0, 4]
    assert list(plot.line.y) == pytest.approx(res.curve("mean_gold"))
    assert plot.x_axis.label == "monster:monster-goblin count"


def test_the_series_are_the_metrics(result) -> None:  # type: ignore[no-untyped-def]
    rows = result.metrics.character_rows()
    bars = win_rates(result, "characters")
    assert bars.labels == tuple(c.removeprefix("char-") for c in rows)
    assert bars.rates == tuple(r["win_rate"] for r in rows.values())
    assert bars.low == tuple(r["ci_low"] for r in rows.values()) and bars.fair == 0.25
    assert win_rates(result, "seats").labels == ("seat 1", "seat 2", "seat 3", "seat 4")
    hist = duration(result, 10)
    assert sum(hist.counts) == 8 and hist.median == result.metrics.summary()["median_rounds"]
    with pytest.raises(ValueError):
        win_rates(result, "bots")


def test_the_sim_side_imports_no_widget_library() -> None:
    import subprocess
    import sys

    code = (
        "import sys\nimport verlies.sim, verlies.sim.plots\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'bqplot', 'IPython', 'traitlets')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
