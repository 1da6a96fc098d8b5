"""A dungeon card painted with canvas commands: the look of :func:`verlies.render.svg.tile_svg`.

The board does not send a picture per card: it paints each card it lays with a few dozen
drawing commands (integer coordinates in a :data:`S` x :data:`S` square, state set only when
it changes), about 1 KB in the board's batch. Only the pictograms (obstacle glyphs and the
room's portcullis, SVG paths with arcs and curves) are pictures: one small SVG each, made
once per glyph and colour (``ui/sprites.py``) and drawn with ``draw_image``.

``paint_tile`` draws into any ipycanvas ``Canvas`` (or a recorder with the same methods) in
its current transform; the caller translates and scales it to the cell.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Any

from verlies.board import DELTA, DIRECTIONS
from verlies.cards.model import DungeonCard, TileKind
from verlies.render import style as st

#: Side of the square a card is painted in (the board's largest tile size).
S = 112


#: ``glyph_image(glyph, colour, box)`` -> a canvas holding that pictogram, ``box`` px square.
GlyphImage = Callable[[st.Glyph, str, int], Any]


def _i(v: float) -> int:
    return int(round(v))


def _f(v: float) -> float | int:
    """A line width or font size: 0.1 px is plenty."""
    r = round(v, 1)
    return int(r) if r == int(r) else r


class _Pen:
    """Sets a canvas attribute only when its value changes (fewer commands, fewer bytes)."""

    def __init__(self, c: Any) -> None:
        self.c = c
        self._state: dict[str, Any] = {}

    def set(self, **attrs: Any) -> None:
        for name, value in attrs.items():
            if self._state.get(name) != value:
                self._state[name] = value
                setattr(self.c, name, value)

    def forget(self, *names: str) -> None:
        for name in names:
            self._state.pop(name, None)

    def text(self, x: float, y: float, text: str, size: float, fill: str, bold: bool) -> None:
        """Text centred on x, its middle on y (the SVG renderer's baseline: y + 0.36 size)."""
        weight = "bold " if bold else ""
        self.set(font=f"{weight}{_f(size)}px {st.FONT}", fill_style=fill)
        self.c.fill_text(text, _i(x), _i(y + 0.36 * size))

    def circle(
        self, x: float, y: float, r: float, fill: str | None, stroke: str, width: float
    ) -> None:
        if fill is not None:
            self.set(fill_style=fill)
            self.c.fill_circle(_i(x), _i(y), _f(r))
        self.set(stroke_style=stroke, line_width=_f(width))
        self.c.stroke_circle(_i(x), _i(y), _f(r))

    def polygon(self, points: list[tuple[float, float]]) -> None:
        c = self.c
        c.begin_path()
        c.move_to(_i(points[0][0]), _i(points[0][1]))
        for x, y in points[1:]:
            c.line_to(_i(x), _i(y))
        c.close_path()


def _channel(bit: int, half: float) -> tuple[float, float, float, float]:
    """The floor strip from the middle to side ``bit``, ``2 * half`` wide (x, y, w, h)."""
    c = S / 2
    dx, dy = DELTA[bit]
    if dx == 0:  # north or south
        return c - half, (0 if dy < 0 else c), 2 * half, c
    return (c if dx > 0 else 0), c - half, c, 2 * half


def _rect(p: _Pen, box: tuple[float, float, float, float], fill: str) -> None:
    x, y, w, h = box
    x0, y0, x1, y1 = _i(x), _i(y), _i(x + w), _i(y + h)
    p.set(fill_style=fill)
    p.c.fill_rect(x0, y0, x1 - x0, y1 - y0)


def _passages(p: _Pen, mask: int, room: bool) -> None:
    """Floor channels from the middle to each open side: the rim first, then the floor."""
    c = S / 2
    pw = st.PASSAGE_W * S
    e = st.PASSAGE_EDGE * S
    sides = [bit for bit in DIRECTIONS if mask & bit]
    if not sides:
        return
    for bit in sides:
        _rect(p, _channel(bit, pw / 2 + e), st.FLOOR_EDGE)
    hub = pw / 2 + e
    if room:
        half = st.ROOM_W * S / 2 + e
        _rect(p, (c - half, c - half, 2 * half, 2 * half), st.ROOM_WALL)
    elif len(sides) == 1:
        p.set(fill_style=st.FLOOR_EDGE)
        p.c.fill_circle(_i(c), _i(c), _f(hub))
    else:
        _rect(p, (c - hub, c - hub, 2 * hub, 2 * hub), st.FLOOR_EDGE)
    for bit in sides:
        _rect(p, _channel(bit, pw / 2), st.FLOOR)
    if room:
        return
    if len(sides) == 1:
        p.set(fill_style=st.FLOOR)
        p.c.fill_circle(_i(c), _i(c), _f(pw / 2))
    else:
        _rect(p, (c - pw / 2, c - pw / 2, pw, pw), st.FLOOR)


def _specks(p: _Pen, seed: str) -> None:
    """A few deterministic hairline cracks in the rock corners, seeded by the card id."""
    h = zlib.crc32(seed.encode("utf-8"))
    c = p.c
    p.set(stroke_style=st.ROCK_SPECK, line_width=_f(0.014 * S))
    c.begin_path()
    for i, (ox, oy) in enumerate(((0.0, 0.0), (0.68, 0.0), (0.0, 0.68), (0.68, 0.68))):
        a = (h >> (i * 8)) & 0xFF
        x = (ox + 0.06 + (a & 0x0F) / 15 * 0.16) * S
        y = (oy + 0.08 + (a >> 4) / 15 * 0.14) * S
        up = -1 if a & 1 else 1
        c.move_to(_i(x), _i(y))
        for dx, dy in ((0.04, 0.025 * up), (0.035, -0.01 * up), (0.02, 0.03 * up)):
            x, y = x + dx * S, y + dy * S
            c.line_to(_i(x), _i(y))
    c.stroke()


def _chamber(p: _Pen, glyph_image: GlyphImage) -> None:
    """A room's chamber: flagstone floor and a faint portcullis."""
    c = p.c
    mid = S / 2
    rw = st.ROOM_W * S
    x0 = mid - rw / 2
    _rect(p, (x0, x0, rw, rw), st.ROOM_FLOOR)
    third = rw / 3
    p.set(stroke_style=st.ROOM_LINE, line_width=_f(0.012 * S))
    c.begin_path()
    for row in range(3):
        y = x0 + row * third
        if row:
            c.move_to(_i(x0), _i(y))
            c.line_to(_i(x0 + rw), _i(y))
        off = third / 2 if row % 2 else 0.0
        for col in (1, 2):
            x = x0 + col * third - off
            c.move_to(_i(x), _i(y))
            c.line_to(_i(x), _i(y + third))
    c.stroke()
    box = _i(0.3 * S)
    p.set(global_alpha=0.55)
    c.draw_image(
        glyph_image(st.DECK["room"].icon, st.ROOM_WALL, box),
        _i(mid - box / 2),
        _i(mid - box / 2),
        box,
        box,
    )
    p.set(global_alpha=1.0)


def _rubble(p: _Pen, mask: int) -> None:
    """Rocks filling the passages of a collapsed exit."""
    c = S / 2
    shape = ((-1, 0.2), (-0.4, -0.9), (0.6, -0.8), (1, 0.1), (0.5, 0.9), (-0.6, 0.8))
    i = 0
    p.set(stroke_style=st.ROCK_EDGE, line_width=_f(0.012 * S), line_join="round")
    for bit in DIRECTIONS:
        if not mask & bit:
            continue
        dx, dy = DELTA[bit]
        for along, across, r in ((0.25, 0.07, 0.085), (0.33, -0.08, 0.075), (0.43, 0.04, 0.08)):
            x, y = dx * along - dy * across, dy * along + dx * across
            px, py, pr = c + x * S, c + y * S, r * S
            p.set(fill_style=st.RUBBLE[i % len(st.RUBBLE)])
            p.polygon([(px + sx * pr, py + sy * pr) for sx, sy in shape])
            p.c.fill()
            p.c.stroke()
            i += 1


def paint_tile(
    c: Any, card: DungeonCard, mask: int, collapsed: bool, gold: bool, glyph_image: GlyphImage
) -> None:
    """Paint ``card`` laid with ``mask`` into the square (0, 0)-(S, S) of ``c``.

    ``gold``: the card's gold still lies there (R4.1). Leaves the canvas state as it found it
    (one save/restore around everything)."""
    p = _Pen(c)
    mid = S / 2
    kind = card.kind
    c.save()
    c.begin_path()
    c.rect(0, 0, S, S)
    c.clip()  # the rim's outer half, as the SVG picture cuts it
    # the rock, a rounded square with its edge
    r = st.TILE_RADIUS * S
    c.begin_path()
    c.move_to(_f(r), 0)
    c.arc_to(S, 0, S, S, _f(r))
    c.arc_to(S, S, 0, S, _f(r))
    c.arc_to(0, S, 0, 0, _f(r))
    c.arc_to(0, 0, S, 0, _f(r))
    c.close_path()
    p.set(fill_style=st.ROCK, stroke_style=st.ROCK_EDGE, line_width=_f(0.02 * S))
    c.fill()
    c.stroke()
    p.set(line_cap="round", line_join="round", text_align="center")
    _specks(p, card.id)
    _passages(p, mask & 0xF, kind is TileKind.ROOM)
    if kind is TileKind.ROOM:
        _chamber(p, glyph_image)
    if kind in st.EMBLEM:
        color = "#6f665d" if collapsed else st.EMBLEM_COLOR[kind]
        er = st.EMBLEM_R * S
        p.circle(mid, mid, er, st.PAPER, color, 0.03 * S)
        p.text(mid, mid - 0.01 * S, st.EMBLEM[kind], 0.26 * S, color, True)
        if collapsed:
            k = er * 0.85
            p.set(stroke_style=st.DANGER, line_width=_f(0.05 * S))
            c.begin_path()
            c.move_to(_i(mid - k), _i(mid - k))
            c.line_to(_i(mid + k), _i(mid + k))
            c.move_to(_i(mid + k), _i(mid - k))
            c.line_to(_i(mid - k), _i(mid + k))
            c.stroke()
            _rubble(p, mask)
    # the gem: card colour, with its letter
    gx, gy, gr = st.GEM_POS[0] * S, st.GEM_POS[1] * S, st.GEM_R * S
    p.set(fill_style=st.GEM[card.color], stroke_style=st.PAPER, line_width=_f(0.014 * S))
    p.polygon([(gx, gy - gr), (gx + gr * 0.9, gy), (gx, gy + gr), (gx - gr * 0.9, gy)])
    c.fill()
    c.stroke()
    p.text(gx, gy, st.COLOR_LETTER[card.color], 0.11 * S, st.PAPER, True)
    if card.gold and gold:
        x, y, r = st.GOLD_POS[0] * S, st.GOLD_POS[1] * S, st.GOLD_R * S
        p.circle(x, y, r, st.GOLD, st.GOLD_EDGE, 0.018 * S)
        p.circle(x, y, r * 0.78, None, st.GOLD_EDGE, 0.006 * S)
        p.text(x, y, str(card.gold), 0.15 * S, st.GOLD_INK, True)
    if card.obstacle is not None:
        o = card.obstacle
        x, y, r = st.OBSTACLE_POS[0] * S, st.OBSTACLE_POS[1] * S, st.OBSTACLE_R * S
        dot = st.OBSTACLE_DOT[o.color]
        p.circle(x, y, r, dot, st.PAPER, 0.022 * S)
        p.text(x, y - 0.035 * S, str(o.n), 0.2 * S, st.PAPER, True)
        p.text(x, y + 0.105 * S, st.COLOR_LETTER[o.color], 0.085 * S, st.PAPER, False)
        gx, gy, gr = st.GLYPH_POS[0] * S, st.GLYPH_POS[1] * S, st.GLYPH_R * S
        p.circle(gx, gy, gr, st.PAPER, dot, 0.02 * S)
        box = _i(gr * 1.25)
        image = glyph_image(st.OBSTACLE[o.type].glyph, st.INK, box)
        c.draw_image(image, _i(gx - box / 2), _i(gy - box / 2), box, box)
    c.restore()


def glyph_svg(glyph: st.Glyph, color: str, size: int) -> str:
    """A pictogram alone, ``size`` px square, as compact SVG (for its sprite)."""
    fill = "".join(f'<path d="{d}" fill-rule="evenodd"/>' for d in glyph.fill)
    stroke = "".join(f'<path d="{d}"/>' for d in glyph.stroke)
    if stroke:
        stroke = (
            f'<g fill="none" stroke="{color}" stroke-width=".9" stroke-linecap="round" '
            f'stroke-linejoin="round">{stroke}</g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 10 10" fill="{color}">{fill}{stroke}</svg>'
    )
