"""The sweep's curve as a bqplot figure whose points can be clicked (issue 22 item 3), and
a sweep of two numbers as a heat map (issue 37 item 6).

One column per value of the range (an ordinal axis; each column named by its value only,
so the names fit at 390 px), each value's 95 % interval as a vertical line, its estimate as
a dot; the draft's value in red with "now" above it; numbers on the y axis in the page's
language (drawn as a label mark: d3's number format knows no decimal comma); for the
spread of the win rates its noise floor as a dashed line. A sweep of an earlier draft is
drawn grey. A click on a dot calls ``on_pick`` with that point's value (the panel makes it
the draft). bqplot's ``Scatter`` reports the clicked dot's index to Python, which a
hand-drawn SVG in an HTML widget cannot.

bqplot (with pandas, which it imports: ~0.45 CPU-s) is imported when the first plot is
made, not with this module: the Deck tab's editor imports this module, and so does every
process that collects the editor's tests (each test worker), most of which draw no plot.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from verlies.ui.deck.sweep_model import Point

__all__ = ["SweepPlot", "heatmap_html", "nice_ticks"]

NOW_COLOR, POINT_COLOR, STALE_COLOR, FLOOR_COLOR = "#b3261e", "#1f5fa8", "#9e9e9e", "#8a6a00"


def nice_ticks(lo: float, hi: float, most: int = 5) -> list[float]:
    """At most ``most`` round numbers (steps of 1, 2 or 5 times a power of ten) from ``lo``
    to ``hi``.

    >>> nice_ticks(0.18, 0.41)
    [0.2, 0.3, 0.4]
    >>> nice_ticks(12, 31)
    [15, 20, 25, 30]
    """
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        return [lo] if math.isfinite(lo) else []
    raw = (hi - lo) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9)
    ticks = []
    k = first
    while k * step <= hi + 1e-9 * step:
        ticks.append(round(k * step, 12))
        k += 1
    return ticks


class SweepPlot:
    """``on_pick(value)``: a point was clicked."""

    def __init__(self, on_pick: Callable[[int], None]) -> None:
        import bqplot as bq  # on the first plot only (module docstring)

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
        # "now" above the draft's dot (one word: it fits a column at 390 px)
        self.now_label = bq.Label(
            x=[], y=[], text=[], scales=scales, y_offset=-14, align="middle", colors=[NOW_COLOR]
        )
        self.floor = bq.Lines(
            x=[], y=[], scales=scales, stroke_width=1, colors=[FLOOR_COLOR], line_style="dashed"
        )
        self._make_axes()
        self.widget = bq.Figure(
            marks=[self.floor, self.intervals, self.dots, self.now_label, self.ticks],
            axes=[self.x_axis, self.y_axis],
            fig_margin={"top": 28, "bottom": 48, "left": 72, "right": 12},
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

    def _make_axes(self) -> None:
        import bqplot as bq  # on the first plot only (module docstring)

        """The axes, and the y axis' numbers as a label mark (see below)."""
        # The y axis' numbers in the page's language: d3's format knows no decimal comma,
        # so the axis draws its grid only and a label mark writes the numbers, right-aligned
        # just left of the plot (x 0 of its own scale is the plot's left edge).
        self.tick_scale = bq.LinearScale(min=0.0, max=1.0)
        self.ticks = bq.Label(
            x=[],
            y=[],
            text=[],
            scales={"x": self.tick_scale, "y": self.y_scale},
            x_offset=-6,
            y_offset=4,
            align="end",
            colors=["#444"],
            apply_clip=False,
            default_size=12,
        )
        self.x_axis = bq.Axis(scale=self.x_scale, label="")
        self.y_axis = bq.Axis(
            scale=self.y_scale,
            side="left",
            label="",
            tick_values=[],
            tick_style={"display": "none"},
            label_offset="46px",
        )

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
        tick_text: Callable[[float], str],
        now: int | None,
        x_label: str,
        y_label: str,
        now_text: str = "",
        stale: bool = False,
    ) -> None:
        """The curve so far; ``labels`` every value's column name, ``tick_text`` a number
        of the y axis in the page's language; ``now`` the draft's value (None: the draft
        is none of the sweep's); ``stale``: the sweep is of an earlier draft (grey)."""
        columns = [labels[v] for v in values]
        drawn = [p for p in points if p.value in labels]
        known = [p for p in drawn if not (math.isnan(p.low) or math.isnan(p.high))]
        floors = [p for p in drawn if not math.isnan(p.floor)]
        lows = [p.low for p in known] + [p.estimate for p in drawn] + [p.floor for p in floors]
        highs = [p.high for p in known] + [p.estimate for p in drawn] + [p.floor for p in floors]
        lo, hi = (min(lows), max(highs)) if lows else (0.0, 1.0)
        if not hi > lo:
            lo, hi = lo - 1, hi + 1
        pad = (hi - lo) * 0.1
        ticks = nice_ticks(lo - pad, hi + pad)
        xs = [labels[p.value] for p in drawn]
        # The browser takes the scale and the marks one message at a time: a mark whose x
        # is not (or no longer) in the scale's domain is drawn at NaN (console errors on
        # every language switch: the columns' names changed). So the domain first holds
        # the old and the new columns, the marks move, then the domain is the new one.
        old = [str(c) for c in self.x_scale.domain]
        both = old + [c for c in columns if c not in old]
        if both != old:
            self.x_scale.domain = both
        point = STALE_COLOR if stale else POINT_COLOR
        with (
            self.dots.hold_sync(),
            self.intervals.hold_sync(),
            self.now_label.hold_sync(),
            self.ticks.hold_sync(),
            self.floor.hold_sync(),
        ):
            self.y_scale.min, self.y_scale.max = lo - pad, hi + pad
            self.values = [p.value for p in drawn]
            self.dots.x, self.dots.y = xs, [p.estimate for p in drawn]
            self.dots.colors = [NOW_COLOR if p.value == now and not stale else point for p in drawn]
            self.intervals.colors = [point]
            self.intervals.x = [[labels[p.value]] * 2 for p in known]
            self.intervals.y = [[p.low, p.high] for p in known]
            self.floor.x = [labels[p.value] for p in floors]
            self.floor.y = [p.floor for p in floors]
            mark = [p for p in drawn if p.value == now and not stale and now_text]
            self.now_label.x = [labels[p.value] for p in mark]
            self.now_label.y = [max(p.high, p.estimate) if p in known else p.estimate for p in mark]
            self.now_label.text = [now_text for _ in mark]
            self.ticks.x, self.ticks.y = [0.0] * len(ticks), ticks
            self.ticks.text = [tick_text(t) for t in ticks]
        self.y_axis.tick_values = ticks
        self.x_scale.domain = columns
        self.x_axis.label, self.y_axis.label = x_label, y_label


def heatmap_html(
    columns: Sequence[int],
    rows: Sequence[int],
    cells: Mapping[tuple[int, int], Point],
    fmt: Callable[[float], str],
    *,
    now: tuple[int, int] | None,
    x_label: str,
    y_label: str,
    quantity: str,
    now_text: str,
    stale: bool,
) -> str:
    """Two numbers swept together as a grid: one column per value of the first, one row
    per value of the second, each cell the quantity (its 95 % interval on hover) shaded
    from light (lowest) to dark (highest); the draft's cell outlined and marked ``now``;
    a cell without games or refused by the deck empty. Plain HTML: it wraps and scrolls
    at 390 px like any table."""
    found = [p.estimate for p in cells.values()]
    lo, hi = (min(found), max(found)) if found else (0.0, 1.0)

    def shade(x: float) -> str:
        t = 0.5 if hi <= lo else (x - lo) / (hi - lo)
        if stale:
            return f"background:hsl(0,0%,{92 - 30 * t:.0f}%);color:#333"
        light = 95 - 55 * t
        return f"background:hsl(212,60%,{light:.0f}%);color:{'#fff' if light < 60 else '#111'}"

    esc = html.escape
    head = "".join(f"<th scope=col>{a}</th>" for a in columns)
    body = []
    for b in rows:
        tds = []
        for a in columns:
            p = cells.get((a, b))
            if p is None:
                tds.append("<td class='vl-heat-empty'>–</td>")
                continue
            here = now == (a, b)
            title = esc(f"{fmt(p.estimate)} ({fmt(p.low)}–{fmt(p.high)}), {p.games}", quote=True)
            mark = f"<br><small>{esc(now_text)}</small>" if here and now_text else ""
            cls = " class='vl-heat-now'" if here else ""
            tds.append(
                f"<td{cls} style='{shade(p.estimate)}' title='{title}' data-a='{a}' "
                f"data-b='{b}'>{esc(fmt(p.estimate))}{mark}</td>"
            )
        body.append(f"<tr><th scope=row>{b}</th>{''.join(tds)}</tr>")
    return (
        "<style>.vl-heat-wrap{max-width:100%;overflow-x:auto}"
        ".vl-heat{border-collapse:collapse;font-size:12px}"
        ".vl-heat td,.vl-heat th{padding:3px 5px;text-align:center;white-space:nowrap;"
        "min-width:2.6em}.vl-heat td{border:1px solid #fff}"
        ".vl-heat .vl-heat-now{outline:2px solid #b3261e;outline-offset:-2px}"
        ".vl-heat-empty{color:#999}</style>"
        f"<div class='vl-heat-wrap'><div class='vl-heat-title'><b>{esc(quantity)}</b></div>"
        f"<table class='vl-heat'><thead><tr><th scope=col class='vl-heat-corner' "
        f"title='{esc(y_label, quote=True)} ↓ · {esc(x_label, quote=True)} →'></th>{head}"
        "</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )
