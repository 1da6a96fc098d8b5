"""The canvas back-end of :mod:`verlies.render.shapes`: drawing commands for an HTML canvas.

:func:`commands` turns primitives into a list of plain tuples, ``("set", attribute, value)``
or ``(method, *args)``, named as ipycanvas names them (``fill_rect``, ``line_to``,
``fill_style`` …). The page (``verlies/ui/board/tile_paint_view.py``) sends them to a canvas;
nothing here imports a widget. An :class:`~verlies.render.shapes.Icon` becomes
``("draw_image", IconSprite, x, y, w, h)``: the page draws its sprite of that pictogram.

The commands are what the board sends per card laid, so they are kept few and short:
coordinates are rounded to whole device pixels (finer inside a scaled group), line widths
and font sizes to a tenth, and an attribute is set only when it changes (``save`` and
``restore`` included). Strokes of paths and polygons end and meet round (``shapes.ROUND``).

>>> from verlies.render.shapes import Rect
>>> commands([Rect(0.4, 0, 10.6, 5, "#000000"), Rect(20, 0, 5, 5, "#000000")], isolated=False)
[('set', 'fill_style', '#000000'), ('fill_rect', 0, 0, 11, 5), ('fill_rect', 20, 0, 5, 5)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from verlies.cards.model import DungeonCard
from verlies.render import shapes as sh
from verlies.render import style as st

#: One canvas command: ``("set", name, value)`` or ``(method, *args)``.
Command = tuple[Any, ...]
#: SVG's text-anchor as the canvas's textAlign.
_ALIGN = {"start": "left", "middle": "center", "end": "right"}
#: A full turn, a hair over 2 pi (what the board has always sent for a full ellipse).
_TAU = 6.2832


@dataclass(frozen=True, slots=True)
class IconSprite:
    """A pictogram to draw from the page's sprite of it: ``glyph`` in ``color``, ``box`` px."""

    glyph: st.Glyph
    color: str
    box: int


def _rgba(color: str, alpha: float) -> str:
    """``#rgb``/``#rrggbb`` with an alpha as CSS ``rgba()``."""
    h = color[1:]
    if len(h) == 3:
        h = "".join(c + c for c in h)
    r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    return f"rgba({r}, {g}, {b}, {alpha})"


class _Writer:
    """Collects commands; knows the canvas state it set (across save/restore) and the
    precision of coordinates in the current scale."""

    def __init__(self) -> None:
        self.out: list[Command] = []
        self.state: dict[str, Any] = {}
        self._saved: list[tuple[dict[str, Any], int]] = []
        self.digits = 0  # decimals of a coordinate: whole device pixels

    def set(self, **attrs: Any) -> None:
        for name, value in attrs.items():
            if self.state.get(name) != value:
                self.state[name] = value
                self.out.append(("set", name, value))

    def call(self, *command: Any) -> None:
        self.out.append(command)

    def save(self) -> None:
        self._saved.append((dict(self.state), self.digits))
        self.out.append(("save",))

    def restore(self) -> None:
        self.state, self.digits = self._saved.pop()
        self.out.append(("restore",))

    def xy(self, v: float) -> float | int:
        """A coordinate: whole device pixels (``int``), or finer in a scaled-up group."""
        r = round(v, self.digits) if self.digits else round(v)
        return int(r) if r == int(r) else r

    def size(self, v: float) -> float | int:
        """A line width, radius or font size: a tenth of a device pixel is plenty."""
        r = round(v, self.digits + 1)
        return int(r) if r == int(r) else r


def _font(w: _Writer, p: sh.Text) -> str:
    return f"{'bold ' if p.bold else ''}{w.size(p.size)}px {st.FONT}"


def _emit(w: _Writer, p: sh.Shape) -> None:
    c = w.call
    if isinstance(p, sh.Group):
        _group(w, p)
    elif isinstance(p, sh.Rect):
        _rect(w, p)
    elif isinstance(p, sh.Circle):
        x, y, r = w.xy(p.cx), w.xy(p.cy), w.size(p.r)
        if p.fill is not None:
            w.set(fill_style=p.fill)
            c("fill_circle", x, y, r)
        if p.stroke is not None:
            w.set(stroke_style=p.stroke, line_width=w.size(p.width))
            c("stroke_circle", x, y, r)
    elif isinstance(p, sh.Text):
        align = _ALIGN[p.anchor]
        w.set(font=_font(w, p), fill_style=p.fill, text_align=align)
        c("fill_text", p.text, w.xy(p.x), w.xy(p.baseline))
    elif isinstance(p, sh.Polygon):
        _paint_style(w, p.fill, p.stroke, p.width, True)
        c("begin_path")
        c("move_to", w.xy(p.points[0][0]), w.xy(p.points[0][1]))
        for x, y in p.points[1:]:
            c("line_to", w.xy(x), w.xy(y))
        c("close_path")
        _fill_stroke(w, p.fill, p.stroke)
    elif isinstance(p, sh.Path):
        _paint_style(w, p.fill, p.stroke, p.width, True, not sh.closed(p.ops))
        c("begin_path")
        _path(w, p.ops)
        _fill_stroke(w, p.fill, p.stroke)
    elif isinstance(p, sh.Ellipse):
        w.set(fill_style=p.fill if p.opacity == 1 else _rgba(p.fill, p.opacity))
        c("begin_path")
        c("ellipse", w.xy(p.cx), w.xy(p.cy), w.size(p.rx), w.size(p.ry), 0, 0, _TAU)
        c("fill")
    else:
        box = round(p.box)
        sprite = IconSprite(p.glyph, p.color, box)
        x, y = w.xy(p.cx - box / 2), w.xy(p.cy - box / 2)
        if p.opacity != 1:
            w.set(global_alpha=p.opacity)
        c("draw_image", sprite, x, y, box, box)
        if p.opacity != 1:
            w.set(global_alpha=1.0)


def _paint_style(
    w: _Writer,
    fill: str | None,
    stroke: str | None,
    width: float,
    line: bool = False,
    ends: bool = False,
) -> None:
    """Fill and stroke styles; ``line``: a path or polygon, whose strokes meet round and,
    where they have ``ends`` (an open path), end round."""
    if fill is not None:
        w.set(fill_style=fill)
    if stroke is not None:
        w.set(stroke_style=stroke, line_width=w.size(width))
        if ends:
            w.set(line_cap=sh.ROUND)
        if line:
            w.set(line_join=sh.ROUND)


def _fill_stroke(w: _Writer, fill: str | None, stroke: str | None) -> None:
    if fill is not None:
        w.call("fill")
    if stroke is not None:
        w.call("stroke")


def _path(w: _Writer, ops: Iterable[tuple[str | float, ...]]) -> None:
    """SVG-style path commands as canvas calls (relative ones made absolute)."""
    x = y = 0.0
    for op in ops:
        kind, nums = op[0], [float(v) for v in op[1:]]
        if kind in ("M", "L"):
            x, y = nums
        elif kind == "l":
            x, y = x + nums[0], y + nums[1]
        elif kind == "h":
            x += nums[0]
        elif kind == "v":
            y += nums[0]
        elif kind == "C":
            x, y = nums[4], nums[5]
            w.call("bezier_curve_to", *(w.xy(v) for v in nums))
            continue
        elif kind == "Z":
            w.call("close_path")
            continue
        else:
            raise ValueError(f"path command {kind!r} has no canvas form")
        w.call("move_to" if kind == "M" else "line_to", w.xy(x), w.xy(y))


def _rect(w: _Writer, p: sh.Rect) -> None:
    alpha = 1.0 if p.fill_opacity is None else p.fill_opacity
    fill = None if p.fill is None else (p.fill if alpha == 1 else _rgba(p.fill, alpha))
    if not p.rx:
        x0, y0, x1, y1 = w.xy(p.x), w.xy(p.y), w.xy(p.x + p.w), w.xy(p.y + p.h)
        if fill is not None:
            w.set(fill_style=fill)
            w.call("fill_rect", x0, y0, x1 - x0, y1 - y0)
        if p.stroke is not None:
            w.set(stroke_style=p.stroke, line_width=w.size(p.width))
            if p.dash:
                w.call("set_line_dash", [w.size(d) for d in p.dash])
            w.call("stroke_rect", x0, y0, x1 - x0, y1 - y0)
            if p.dash:
                w.call("set_line_dash", [])
        return
    # a rounded rectangle as a path (the canvas of ipycanvas 0.14 has no roundRect)
    r = w.size(min(p.rx, p.w / 2, p.h / 2))
    x0, y0, x1, y1 = p.x, p.y, p.x + p.w, p.y + p.h
    f = w.size
    w.call("begin_path")
    w.call("move_to", f(x0 + r), f(y0))
    w.call("arc_to", f(x1), f(y0), f(x1), f(y1), r)
    w.call("arc_to", f(x1), f(y1), f(x0), f(y1), r)
    w.call("arc_to", f(x0), f(y1), f(x0), f(y0), r)
    w.call("arc_to", f(x0), f(y0), f(x1), f(y0), r)
    w.call("close_path")
    _paint_style(w, fill, p.stroke, p.width)
    _fill_stroke(w, fill, p.stroke)


def _group(w: _Writer, g: sh.Group) -> None:
    if g.translate is None and not g.rotate and g.scale == 1:
        for p in g.items:
            _emit(w, p)
        return
    w.save()
    if g.translate is not None:
        w.call("translate", w.xy(g.translate[0]), w.xy(g.translate[1]))
    if g.rotate:
        w.call("rotate", math.radians(g.rotate))
    if g.scale != 1:
        w.call("scale", round(g.scale, 4))
        w.digits += max(0, math.ceil(math.log10(abs(g.scale))))
    for p in g.items:
        _emit(w, p)
    w.restore()


def commands(
    shapes: Iterable[sh.Shape], clip: tuple[int, int] | None = None, *, isolated: bool = True
) -> list[Command]:
    """The canvas commands that draw ``shapes``; with ``clip`` = (w, h) cut to that box at
    the origin (as an SVG picture's edge cuts it). ``isolated``: inside one
    ``save``/``restore``, leaving the canvas's state as it was (a canvas of its own, such
    as a sprite, can do without)."""
    w = _Writer()
    if isolated:
        w.save()
    if clip is not None:
        w.call("begin_path")
        w.call("rect", 0, 0, *clip)
        w.call("clip")
    for p in shapes:
        _emit(w, p)
    if isolated:
        w.restore()
    return w.out


#: Side of the square a dungeon card is painted in (the board's largest tile size, in px).
TILE = 112


@lru_cache(maxsize=1024)
def tile_commands(
    card: DungeonCard, mask: int, collapsed: bool = False, gold: bool = True
) -> tuple[Command, ...]:
    """The commands that paint ``card`` laid with ``mask`` into the square (0, 0)-(TILE,
    TILE), cut to it (the rim's outer half, as the SVG picture's edge cuts it). ``gold``:
    its coins still lie there (R4.1). Kept: the board paints the same card again and again."""
    picture = sh.tile(card, mask, TILE, collapsed=collapsed, gold=gold)
    return tuple(commands(picture.items, clip=(TILE, TILE)))


__all__ = ["TILE", "Command", "IconSprite", "commands", "tile_commands"]
