"""The balance lab's plots as bqplot widgets that update in place as results arrive.

They draw the series of :mod:`verlies.sim.plots` (plain numbers); bqplot comes with the
``ui`` extra. Every plot has ``update(...)`` and a ``widget``; :class:`LivePlots` bundles
the win rates and the duration histogram and is an ``on_update`` callback::

    plots = LivePlots()
    display(plots.widget)
    simulate(2000, characters="all", on_update=plots.update, progress=True)
"""

from __future__ import annotations

import math
import time

import bqplot as bq
import ipywidgets as widgets

from verlies.sim import plots
from verlies.sim.lab import SimResult
from verlies.sim.sweep import SweepResult

__all__ = ["DurationPlot", "LabSweepPlot", "LengthPlot", "LivePlots", "WinRatePlot"]


class WinRatePlot:
    """Win rate per character (or per seat) as bars, with the 95 % interval as a line.

    The bars' x values are their names on an ordinal scale whose domain is set with them:
    a tick's text is the name its bar is drawn at, so no label can drift from its bar.
    (Numeric positions labelled through ``Axis.tick_labels`` did drift: bqplot redraws
    the axis for new ``tick_values`` in a d3 transition that writes the tick texts a
    frame later with the formatter of that moment, so the ``tick_labels`` of the next
    message were overwritten by the previous run's names: the bar labelled "zwerg" was
    the Ritterin's, and on the page ticks beyond the first update's showed 5, 6, 7.)
    """

    def __init__(self, by: str = "characters", title: str | None = None) -> None:
        if by not in ("characters", "seats"):
            raise ValueError("by is 'characters' or 'seats'")
        self.by = by
        self.x_scale = bq.OrdinalScale(domain=[])
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.bars = bq.Bars(x=[], y=[], scales=scales, padding=0.3, colors=["#6a8caf"])
        self.errors = bq.Lines(x=[], y=[], scales=scales, colors=["#222222"], stroke_width=2)
        self.fair = bq.Lines(
            x=[],
            y=[],
            scales={"x": bq.LinearScale(min=0.0, max=1.0), "y": self.y_scale},
            colors=["#c0392b"],
            line_style="dashed",
        )
        self.x_axis = bq.Axis(scale=self.x_scale)
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", tick_format=".0%", label="win rate")
        self.widget = bq.Figure(
            marks=[self.bars, self.errors, self.fair],
            axes=[self.x_axis, self.y_axis],
            title=title or f"win rate per {by[:-1]} (95 % CI; dashed: a fair share)",
            fig_margin={"top": 40, "bottom": 40, "left": 50, "right": 10},
            layout={"width": "100%", "height": "300px"},
        )

    def update(self, result: SimResult) -> None:
        data = plots.win_rates(result, self.by)
        names = list(data.labels)
        with self.bars.hold_sync(), self.errors.hold_sync():
            self.x_scale.domain = names
            self.bars.x = names
            self.bars.y = list(data.rates)
            self.errors.x = [[n, n] for n in names]
            self.errors.y = [[lo, hi] for lo, hi in zip(data.low, data.high, strict=True)]
        self.fair.x, self.fair.y = [0.0, 1.0], [data.fair, data.fair]


class LengthPlot:
    """Both decks' game-length distributions over each other: one line per deck (games
    per bin of rounds, a dot at each bin's middle), named in a legend above the plot (an
    HTML line with each deck's colour, name and median: bqplot's legend box covered the
    lines on a narrow screen). bqplot's grouped bars drew nothing on a scale starting at
    0, and stacked bars would not be "over each other"."""

    COLORS = ("#6b7d35", "#2c6fa8")

    def __init__(
        self,
        names: tuple[str, str] = ("A", "B"),
        title: str = "game length",
        x_label: str = "rounds",
        y_label: str = "games",
        width: int = 5,
    ) -> None:
        self.width = width
        self.x_scale = bq.LinearScale()
        self.y_scale = bq.LinearScale(min=0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.lines = bq.Lines(
            x=[],
            y=[[], []],
            scales=scales,
            colors=list(self.COLORS),
            labels=list(names),
            marker="circle",
            marker_size=24,
            stroke_width=2.5,
        )
        self.x_axis = bq.Axis(scale=self.x_scale, label=x_label, tick_format="d")
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", label=y_label, tick_format="d")
        self.names = names
        self.medians = (math.nan, math.nan)
        self.median_word = "median"
        self.figure = bq.Figure(
            marks=[self.lines],
            axes=[self.x_axis, self.y_axis],
            title=title,
            fig_margin={"top": 40, "bottom": 40, "left": 50, "right": 16},
            layout={"width": "100%", "height": "260px"},
            # the Balance tab's figure: bqplot's toolbar names its buttons in English only
            # (fixed in its JavaScript), so the page does not show it (docs/i18n.md)
            display_toolbar=False,
        )
        self.legend = widgets.HTML()
        self.legend.add_class("vl-length-legend")
        self.widget = widgets.VBox([self.figure, self.legend])
        self._legend()

    def set_words(
        self,
        names: tuple[str, str],
        title: str,
        x_label: str,
        y_label: str,
        median: str = "median",
    ) -> None:
        self.names, self.median_word = names, median
        self.lines.labels = list(names)
        self.figure.title = title
        self.x_axis.label, self.y_axis.label = x_label, y_label
        self._legend()

    def _legend(self) -> None:
        from verlies.ui.balance.chart import length_legend_html

        self.legend.value = length_legend_html(
            self.names, self.COLORS, self.medians, self.median_word
        )

    def update(self, a: SimResult, b: SimResult) -> None:
        self.show(plots.durations(a, b, self.width))

    def show(self, data: plots.Overlay) -> None:
        """Draw ``data`` (both decks' lengths on common bins; a kept run's too)."""
        with self.lines.hold_sync():
            self.lines.x = [s + data.width / 2 for s in data.starts]
            self.lines.y = [[float(c) for c in data.counts_a], [float(c) for c in data.counts_b]]
        self.medians = (data.median_a, data.median_b)
        self._legend()


class DurationPlot:
    """The distribution of game length in rounds, with the median as a red line."""

    def __init__(self, width: int = 5) -> None:
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
        data = plots.duration(result, self.width)
        with self.bars.hold_sync():
            self.bars.x = [s + self.width / 2 for s in data.starts]
            self.bars.y = list(data.counts)
        if not math.isnan(data.median):
            self.median.x, self.median.y = [data.median] * 2, [0, max(data.counts or (0,))]


class LabSweepPlot:
    """The balance lab's sweep (:mod:`verlies.sim.sweep`): one metric against the swept
    value (``key``: a summary metric or ``win:<id>``). The Deck tab's clickable sweep is
    :class:`verlies.ui.deck.sweep_plot_view.SweepPlot`."""

    def __init__(self, key: str = "median_rounds", label: str | None = None) -> None:
        self.key = key
        self.x_scale = bq.LinearScale()
        self.y_scale = bq.LinearScale()
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.line = bq.Lines(x=[], y=[], scales=scales, marker="circle", colors=["#6a8caf"])
        self.x_axis = bq.Axis(scale=self.x_scale, label="value", tick_format="d")
        self.widget = bq.Figure(
            marks=[self.line],
            axes=[self.x_axis, bq.Axis(scale=self.y_scale, side="left", label=label or key)],
            title=f"{label or key} per value",
            fig_margin={"top": 40, "bottom": 40, "left": 60, "right": 10},
            layout={"width": "100%", "height": "260px"},
        )

    def update(self, result: SweepResult) -> None:
        data = plots.curve(result, self.key)
        with self.line.hold_sync():
            self.line.x = list(data.xs)
            self.line.y = list(data.ys)
        self.x_axis.label = data.label


class LivePlots:
    """Win rates per character and per seat, and the game length, for one run.

    ``update`` redraws at most every ``interval`` seconds (a run calls it after every
    task); ``update(result, force=True)`` (or ``finish``) always redraws.
    """

    def __init__(self, interval: float = 0.3) -> None:
        self.characters = WinRatePlot("characters")
        self.seats = WinRatePlot("seats")
        self.duration = DurationPlot()
        self.interval = interval
        self._last = 0.0
        self.widget = widgets.VBox(
            [self.characters.widget, widgets.HBox([self.seats.widget, self.duration.widget])]
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
