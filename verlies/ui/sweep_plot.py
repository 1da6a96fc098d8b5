"""The sweep's curve as a bqplot figure whose points can be clicked (issue 22 item 3).

One column per value of the range (an ordinal axis: a pair move's columns name the giving
value too), each value's 95 % interval as a vertical line, its estimate as a dot with the
number written beside it; the draft's value in red. A click on a dot calls ``on_pick``
with that point's value (the panel makes it the draft). bqplot's ``Scatter`` reports the
clicked dot's index to Python, which a hand-drawn SVG in an HTML widget cannot.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import bqplot as bq

from verlies.ui.sweep_model import Point

__all__ = ["SweepPlot"]

NOW_COLOR, POINT_COLOR = "#b3261e", "#1f5fa8"


class SweepPlot:
    """``on_pick(value)``: a point was clicked."""

    def __init__(self, on_pick: Callable[[int], None]) -> None:
        self.on_pick = on_pick
        self.x_scale = bq.OrdinalScale(domain=[])
        self.y_scale = bq.LinearScale()
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.intervals = bq.Lines(x=[], y=[], scales=scales, stroke_width=2, colors=[POINT_COLOR])
        self.dots = bq.Scatter(
            x=[],
            y=[],
            scales=scales,
            default_size=120,
            colors=[POINT_COLOR],
            interactions={"click": "select"},
            selected_style={"stroke": "black", "stroke-width": 2},
        )
        self.dots.on_element_click(self._clicked)
        self.texts = bq.Label(
            x=[], y=[], text=[], scales=scales, x_offset=8, y_offset=-8, font_weight="normal"
        )
        self.x_axis = bq.Axis(scale=self.x_scale, label="")
        # No tick numbers: d3's format knows no decimal comma; every dot carries its number
        # in the page's language instead.
        self.y_axis = bq.Axis(
            scale=self.y_scale, side="left", label="", tick_style={"display": "none"}
        )
        self.widget = bq.Figure(
            marks=[self.intervals, self.dots, self.texts],
            axes=[self.x_axis, self.y_axis],
            fig_margin={"top": 16, "bottom": 48, "left": 56, "right": 16},
            layout={"width": "100%", "max_width": "560px", "height": "280px"},
            min_aspect_ratio=0.01,
            max_aspect_ratio=100,
            # bqplot's toolbar (shown on a hover) titles its buttons "PanZoom", "Reset" and
            # "Save" in English, fixed in its JavaScript: no page language can reach them.
            # Pan and zoom would also take the click that picks a value (docs/i18n.md).
            display_toolbar=False,
        )
        self.widget.add_class("vl-sweep-plot")
        #: The value of each dot, in the order bqplot numbers them.
        self.values: list[int] = []

    def _clicked(self, _mark: Any, event: Mapping[str, Any]) -> None:
        index = int(event.get("data", {}).get("index", -1))
        if 0 <= index < len(self.values):
            self.on_pick(self.values[index])

    def click(self, value: int) -> None:
        """What a click on the dot of ``value`` does (tests; the browser sends the index)."""
        self._clicked(self.dots, {"data": {"index": self.values.index(value)}})

    def show(
        self,
        points: Sequence[Point],
        values: Sequence[int],
        labels: Mapping[int, str],
        point_text: Callable[[float], str],
        now: int | None,
        x_label: str,
        y_label: str,
    ) -> None:
        """The curve so far; ``labels`` every value's column name."""
        columns = [labels[v] for v in values]
        drawn = [p for p in points if p.value in labels]
        known = [p for p in drawn if not (math.isnan(p.low) or math.isnan(p.high))]
        lows = [p.low for p in known] + [p.estimate for p in drawn]
        highs = [p.high for p in known] + [p.estimate for p in drawn]
        lo, hi = (min(lows), max(highs)) if lows else (0.0, 1.0)
        if not hi > lo:
            lo, hi = lo - 1, hi + 1
        pad = (hi - lo) * 0.1
        xs = [labels[p.value] for p in drawn]
        # The browser takes the scale and the marks one message at a time: a mark whose x
        # is not (or no longer) in the scale's domain is drawn at NaN (console errors on
        # every language switch: the columns' names changed). So the domain first holds
        # the old and the new columns, the marks move, then the domain is the new one.
        old = [str(c) for c in self.x_scale.domain]
        both = old + [c for c in columns if c not in old]
        if both != old:
            self.x_scale.domain = both
        with self.dots.hold_sync(), self.intervals.hold_sync(), self.texts.hold_sync():
            self.y_scale.min, self.y_scale.max = lo - pad, hi + pad
            self.values = [p.value for p in drawn]
            self.dots.x, self.dots.y = xs, [p.estimate for p in drawn]
            colors = [NOW_COLOR if p.value == now else POINT_COLOR for p in drawn]
            self.dots.colors = colors
            self.texts.colors = colors  # else bqplot cycles a colour per label
            self.intervals.x = [[labels[p.value]] * 2 for p in known]
            self.intervals.y = [[p.low, p.high] for p in known]
            self.texts.x, self.texts.y = xs, [p.estimate for p in drawn]
            self.texts.text = [point_text(p.estimate) for p in drawn]
        self.x_scale.domain = columns
        self.x_axis.label, self.y_axis.label = x_label, y_label
