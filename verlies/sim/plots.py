"""Plots of the balance lab that update in place as results arrive (bqplot widgets).

bqplot is imported when a plot is made, never by the rest of ``verlies.sim`` (install the
``ui`` extra). Every plot has ``update(...)`` and a ``widget``; :class:`LivePlots` bundles
the win rates and the duration histogram and is an ``on_update`` callback::

    plots = LivePlots()
    display(plots.widget)
    simulate(2000, characters="all", on_update=plots.update, progress=True)

The numbers drawn come from :mod:`verlies.sim.metrics`; the plots only show them.
"""

from __future__ import annotations

import importlib
import math
import time
from typing import Any

from verlies.sim.lab import SimResult
from verlies.sim.sweep import SweepResult

__all__ = ["DurationPlot", "LivePlots", "SweepPlot", "WinRatePlot", "bins"]


def _bq() -> Any:
    try:
        import bqplot
    except ImportError:  # pragma: no cover - the ui extra brings it
        raise ImportError("the lab's plots need bqplot: pip install 'verlies[ui]'") from None
    return bqplot


def _short(cid: str) -> str:
    return cid.removeprefix("char-")


def _nan0(x: float) -> float:
    return 0.0 if math.isnan(x) else x


class WinRatePlot:
    """Win rate per character (or per seat) as bars, with the 95 % interval as a line."""

    def __init__(self, by: str = "characters", title: str | None = None) -> None:
        if by not in ("characters", "seats"):
            raise ValueError("by is 'characters' or 'seats'")
        bq = _bq()
        self.by = by
        self.x_scale = bq.LinearScale(min=-0.6, max=0.6)
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.bars = bq.Bars(x=[], y=[], scales=scales, padding=0.3, colors=["#6a8caf"])
        self.errors = bq.Lines(x=[], y=[], scales=scales, colors=["#222222"], stroke_width=2)
        self.fair = bq.Lines(x=[], y=[], scales=scales, colors=["#c0392b"], line_style="dashed")
        self.x_axis = bq.Axis(scale=self.x_scale, tick_values=[], tick_labels={})
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", tick_format=".0%", label="win rate")
        self.widget = bq.Figure(
            marks=[self.bars, self.errors, self.fair],
            axes=[self.x_axis, self.y_axis],
            title=title or f"win rate per {by[:-1]} (95 % CI; dashed: a fair share)",
            fig_margin={"top": 40, "bottom": 40, "left": 50, "right": 10},
            layout={"width": "100%", "height": "300px"},
        )

    def rows(self, result: SimResult) -> list[tuple[str, dict[str, Any]]]:
        m = result.metrics
        if self.by == "characters":
            return [(_short(c), r) for c, r in m.character_rows().items()]
        return [(f"seat {r['seat'] + 1}", r) for r in m.seat_rows()]

    def update(self, result: SimResult) -> None:
        rows = self.rows(result)
        xs = list(range(len(rows)))
        with self.bars.hold_sync(), self.errors.hold_sync():
            self.bars.x = xs
            self.bars.y = [_nan0(r["win_rate"]) for _, r in rows]
            self.errors.x = [[i, i] for i in xs]
            self.errors.y = [[_nan0(r["ci_low"]), _nan0(r["ci_high"])] for _, r in rows]
        self.x_scale.min, self.x_scale.max = -0.6, max(len(rows) - 0.4, 0.6)
        self.x_axis.tick_values = xs
        self.x_axis.tick_labels = {i: name for i, (name, _) in enumerate(rows)}
        fair = 1 / result.spec.players
        self.fair.x, self.fair.y = [-0.5, max(len(rows) - 0.5, 0.5)], [fair, fair]


def bins(hist: dict[int, int], width: int) -> tuple[list[int], list[int]]:
    """A histogram (value -> count) in bins of ``width``: (bin starts, counts)."""
    if not hist:
        return [], []
    lo = min(hist) // width * width
    hi = max(hist) // width * width
    starts = list(range(lo, hi + width, width))
    counts = [0] * len(starts)
    for v, c in hist.items():
        counts[(v - lo) // width] += c
    return starts, counts


class DurationPlot:
    """The distribution of game length in rounds (timeouts sit at the round limit)."""

    def __init__(self, width: int = 5) -> None:
        bq = _bq()
        self.width = width
        self.x_scale = bq.LinearScale()
        self.y_scale = bq.LinearScale(min=0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.bars = bq.Bars(x=[], y=[], scales=scales, colors=["#8e9f5c"], padding=0.05)
        self.median = bq.Lines(x=[], y=[], scales=scales, colors=["#c0392b"])
        self.widget = bq.Figure(
            marks=[self.bars, self.median],
            axes=[
                bq.Axis(scale=self.x_scale, label="rounds", tick_format="d"),
                bq.Axis(scale=self.y_scale, side="left", label="games"),
            ],
            title="game length (red: median)",
            fig_margin={"top": 40, "bottom": 40, "left": 50, "right": 10},
            layout={"width": "100%", "height": "260px"},
        )

    def update(self, result: SimResult) -> None:
        starts, counts = bins(result.metrics.durations()["rounds"], self.width)
        with self.bars.hold_sync():
            self.bars.x = [s + self.width / 2 for s in starts]
            self.bars.y = counts
        med = result.metrics.summary()["median_rounds"]
        if not math.isnan(med):
            self.median.x, self.median.y = [med, med], [0, max(counts or [0])]


class SweepPlot:
    """One metric against the swept value (``key``: a summary metric or ``win:<id>``)."""

    def __init__(self, key: str = "median_rounds", label: str | None = None) -> None:
        bq = _bq()
        self.key = key
        self.x_scale = bq.LinearScale()
        self.y_scale = bq.LinearScale()
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.line = bq.Lines(x=[], y=[], scales=scales, marker="circle", colors=["#6a8caf"])
        self.x_axis = bq.Axis(scale=self.x_scale, label="value", tick_format="d")
        self.widget = bq.Figure(
            marks=[self.line],
            axes=[
                self.x_axis,
                bq.Axis(scale=self.y_scale, side="left", label=label or key),
            ],
            title=f"{label or key} per value",
            fig_margin={"top": 40, "bottom": 40, "left": 60, "right": 10},
            layout={"width": "100%", "height": "260px"},
        )

    def update(self, result: SweepResult) -> None:
        pairs = [
            (v, y)
            for v, y, p in zip(result.values, result.curve(self.key), result.points, strict=True)
            if p.games and not math.isnan(y)
        ]
        with self.line.hold_sync():
            self.line.x = [v for v, _ in pairs]
            self.line.y = [y for _, y in pairs]
        self.x_axis.label = result.tweak.label()


class LivePlots:
    """Win rates per character and per seat, and the game length, for one run.

    ``update`` redraws at most every ``interval`` seconds (a run calls it after every
    task); ``update(result, force=True)`` (or ``finish``) always redraws.
    """

    def __init__(self, interval: float = 0.3) -> None:
        widgets: Any = importlib.import_module("ipywidgets")  # the ui extra, on demand
        self.characters = WinRatePlot("characters")
        self.seats = WinRatePlot("seats")
        self.duration = DurationPlot()
        self.interval = interval
        self._last = 0.0
        self.widget = widgets.VBox(
            [
                self.characters.widget,
                widgets.HBox([self.seats.widget, self.duration.widget]),
            ]
        )

    def update(self, result: SimResult, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < self.interval:
            return
        self._last = now
        self.characters.update(result)
        self.seats.update(result)
        self.duration.update(result)

    def finish(self, result: SimResult) -> None:
        self.update(result, force=True)
