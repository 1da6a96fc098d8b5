"""The board on ipycanvas: a MultiCanvas with a tile layer and an overlay layer.

The tile layer shows the dungeon from its hidden canvases (``ui/board/sprites_view.py``: one
``draw_image`` per chunk of 8 x 8 cells) and redraws only the cells that changed while the
viewport stays put. The overlay layer holds what changes every step:
highlights of legal targets (with the engine's odds), the ghost of the card being laid,
the figures and the marker of the player to move. The view knows nothing of rules: it draws
a :class:`Scene` and reports clicked cells.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import numpy as np
from ipycanvas import Canvas, MultiCanvas

from verlies.render import style as st
from verlies.ui.board.canvas_view import pin_css_size, redraw
from verlies.ui.board.layout import (
    BADGE_Y,
    LYING_MARK_RX,
    LYING_MARK_RY,
    STAND_MARK_RX,
    STAND_MARK_RY,
    STAND_MARK_Y,
    pawn_places,
)
from verlies.ui.board.sprites_view import CHUNK, SpriteCache, TileWorld
from verlies.ui.board.tile_paint_view import S, paint_figure, paint_tile
from verlies.ui.board.viewport import Viewport
from verlies.ui.core.page_model import Cell, FigureMark, Highlight, Scene

WIDTH = 640
HEIGHT = 520
#: Side of the picture of the drawn card (:attr:`BoardView.preview`), in pixels.
PREVIEW = 96
#: A mouse that moved further than this between down and up drags (pans) instead of clicking.
DRAG_PIXELS = 6


#: Below this tile size (pixels) the coordinates would be too small to read: not drawn.
COORDS_MIN_TILE = 40

#: Everything the overlay's picture depends on (:meth:`BoardView._overlay_key`): viewport,
#: highlights, ghost (x, y, card id, mask, note), figures, banner, coordinates shown, cells.
OverlayKey = tuple[
    Viewport,
    tuple[tuple[Cell, Highlight], ...],
    tuple[int, int, str, int, str] | None,
    tuple[FigureMark, ...],
    str,
    bool,
    tuple[Cell, ...],
]
#: What the preview shows: the drawn card's id and its passages (None: no card).
PreviewKey = tuple[str, int] | None


def _n(v: float) -> float | int:
    """A coordinate for a draw command: 0.1 px is plenty, and fewer digits are fewer bytes."""
    r = round(v, 1)
    return int(r) if r == int(r) else r


def _rgba(color: str, alpha: float) -> str:
    r, g, b = int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)
    return f"rgba({r}, {g}, {b}, {alpha})"


def _round_rect(c: Canvas, x: float, y: float, w: float, h: float, r: float) -> None:
    """A rounded rectangle as the current path (ipycanvas 0.14 has no roundRect)."""
    r = min(r, w / 2, h / 2)
    c.begin_path()
    c.move_to(x + r, y)
    c.arc_to(x + w, y, x + w, y + h, r)
    c.arc_to(x + w, y + h, x, y + h, r)
    c.arc_to(x, y + h, x, y, r)
    c.arc_to(x, y, x + w, y, r)
    c.close_path()


PAWN = "pawn"  # the first item of a pawn sprite's key (tile sprites start with a card id)


def _pawn(c: Canvas, cx: float, cy: float, h: float, seat: int, injured: bool) -> None:
    """A pawn's sprite: the figure of ``render.shapes`` (standing, or lying when injured)."""
    c.clear()
    paint_figure(c, cx, cy, h, seat, injured)


def _tool(icon: str, tip: str, cls: str, handler: Callable[[], None]) -> widgets.Button:
    """A toolbar button of the board: an icon, its tooltip, its class, what a click does."""
    b = widgets.Button(icon=icon, tooltip=tip, layout=widgets.Layout(width="34px"))
    b.add_class("vl-tool")
    b.add_class(cls)
    b.on_click(lambda _b: handler())
    return b


class BoardView:
    """The board widget. ``on_cell(x, y)`` is called for a click on grid cell (x, y)."""

    def __init__(
        self,
        width: int = WIDTH,
        height: int = HEIGHT,
        on_cell: Callable[[int, int], None] | None = None,
        sprites: SpriteCache | None = None,
        on_info: Callable[[str], None] | None = None,
    ) -> None:
        self.on_cell = on_cell
        #: Where the board's description goes (:attr:`info_html`, what the browser tests
        #: click): by default into :attr:`info` below the canvas; the play page puts it into
        #: its state line instead, which it sends every step anyway (one message less).
        self.on_info = on_info
        self.info_html = ""
        self.sprites = sprites or SpriteCache()
        self.world = TileWorld(self.sprites)
        self.canvas = MultiCanvas(2, width=width, height=height)
        self.canvas.add_class("vl-board")
        pin_css_size(self.canvas)
        self.tiles_layer = self.canvas[0]
        self.overlay = self.canvas[1]
        self.viewport = Viewport(width, height)
        self.auto_fit = True
        self.scene = Scene()
        self._drawn_view: Viewport | None = None
        #: What the overlay shows now (see :meth:`_overlay_key`): an unchanged overlay is not
        #: drawn again.
        self._overlay_drawn: OverlayKey | None = None
        self._down: tuple[float, float] | None = None
        #: Bytes of draw commands sent, for measuring (see :meth:`sent_bytes`).
        self.messages = 0

        self._build_preview()
        self.tiles_layer.on_client_ready(self._tiles_ready)
        self.overlay.on_client_ready(self._overlay_ready)
        self.preview.on_client_ready(self._preview_ready)
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_mouse_up(self._mouse_up)
        self._build_tools()
        self.info = widgets.HTML()
        self.info.add_class("vl-board-info")
        parts = [self.canvas, self.toolbar] + ([self.info] if on_info is None else [])
        self.widget = widgets.VBox(parts)
        self.widget.add_class("vl-board-box")

    def _build_preview(self) -> None:
        """The card being laid, painted with canvas commands in the board's batch (no
        message of its own); the page shows it next to the card's description."""
        self.preview = Canvas(width=PREVIEW, height=PREVIEW)
        self.preview.add_class("vl-drawn-pic")
        pin_css_size(self.preview)
        self._preview_drawn: PreviewKey = None

    def _build_tools(self) -> None:
        """The toolbar: fit (a toggle), zoom in and out, pan four ways (icons only: their
        tooltips, :meth:`set_tooltips`, are their accessible names)."""
        self.fit_button = widgets.ToggleButton(
            value=True, icon="expand", tooltip="fit", layout=widgets.Layout(width="34px")
        )
        self.fit_button.add_class("vl-fit")
        self.fit_button.observe(self._fit_toggled, "value")
        self.tools = [
            self.fit_button,
            _tool("search-plus", "zoom in", "vl-zoom-in", lambda: self.zoom(1.25)),
            _tool("search-minus", "zoom out", "vl-zoom-out", lambda: self.zoom(0.8)),
            _tool("arrow-left", "pan", "vl-pan-left", lambda: self.pan(-1, 0)),
            _tool("arrow-right", "pan", "vl-pan-right", lambda: self.pan(1, 0)),
            _tool("arrow-up", "pan", "vl-pan-up", lambda: self.pan(0, -1)),
            _tool("arrow-down", "pan", "vl-pan-down", lambda: self.pan(0, 1)),
        ]
        self.toolbar = widgets.HBox(self.tools)
        self.toolbar.add_class("vl-board-tools")

    # ---- public -----------------------------------------------------------------------

    def set_tooltips(
        self, fit: str, zoom_in: str, zoom_out: str, pan: str | tuple[str, str, str, str]
    ) -> None:
        """The tools' tooltips (also their accessible names: the buttons show only icons).
        ``pan``: one text, or one per direction (left, right, up, down)."""
        self.fit_button.tooltip = fit
        self.tools[1].tooltip = zoom_in
        self.tools[2].tooltip = zoom_out
        pans = (pan,) * 4 if isinstance(pan, str) else pan
        for b, tip in zip(self.tools[3:], pans, strict=True):
            b.tooltip = tip

    def show(self, scene: Scene) -> None:
        """Draw ``scene``: the tiles that changed, then the overlay if it changed (one
        message; none when nothing on the board changed)."""
        self.scene = scene
        if self.auto_fit:
            self.viewport = self.viewport.fit(self._fit_cells(scene))
        # One batch (nothing is sent when nothing changed): new cards painted into the
        # hidden dungeon, canvases made on the way, both layers.
        redraw(self.overlay, lambda _c: self._draw_changes())
        self._update_info()

    def click(self, px: float, py: float) -> None:
        """A click at canvas pixel (px, py) (what a mouse down + up at one point does)."""
        x, y = self.viewport.cell_at(px, py)
        if self.on_cell is not None:
            self.on_cell(x, y)

    def zoom(self, factor: float) -> None:
        self._set_manual()
        self.viewport = self.viewport.zoomed(factor)
        self.show(self.scene)

    def pan(self, dx_cells: float, dy_cells: float) -> None:
        self._set_manual()
        t = self.viewport.tile
        self.viewport = self.viewport.panned(-dx_cells * t, -dy_cells * t)
        self.show(self.scene)

    def fit(self) -> None:
        self.auto_fit = True
        if not self.fit_button.value:
            self.fit_button.value = True  # observer shows the scene
        else:
            self.show(self.scene)

    # ---- events -------------------------------------------------------------------------

    def _set_manual(self) -> None:
        self.auto_fit = False
        if self.fit_button.value:
            self.fit_button.value = False

    def _fit_toggled(self, change: dict[str, Any]) -> None:
        self.auto_fit = bool(change["new"])
        if self.auto_fit:
            self.show(self.scene)

    def _mouse_down(self, x: float, y: float) -> None:
        self._down = (x, y)

    def _mouse_up(self, x: float, y: float) -> None:
        down, self._down = self._down, None
        if down is None:
            return
        dx, dy = x - down[0], y - down[1]
        if math.hypot(dx, dy) > DRAG_PIXELS:
            self._set_manual()
            self.viewport = self.viewport.panned(dx, dy)
            self.show(self.scene)
            return
        self.click(x, y)

    # ---- client ready (see ui/board/canvas_view.py) ----------------------------------------

    def _tiles_ready(self) -> None:
        self._drawn_view = None

        def draw(_c: Canvas) -> None:
            self.sprites.redraw_all()  # this browser has not seen them yet
            self._draw_tiles(full=True)

        redraw(self.tiles_layer, draw)

    def _preview_ready(self) -> None:
        def draw(_c: Canvas) -> None:
            if self.scene.drawn is not None:
                self.sprites.redraw_all(composites=False)  # its pictograms
            self._draw_preview()

        redraw(self.preview, draw)

    def _overlay_ready(self) -> None:
        def draw(_c: Canvas) -> None:
            self.sprites.redraw_all(composites=False)  # pawns; the ghost is drawn again below
            self.world.redraw_ghost()
            self._draw_overlay()

        redraw(self.overlay, draw)

    # ---- drawing ------------------------------------------------------------------------

    def _fit_cells(self, scene: Scene) -> list[tuple[int, int]]:
        cells = [t.pos for t in scene.tiles]
        cells += list(scene.highlights)
        if scene.ghost is not None:
            cells.append((scene.ghost.x, scene.ghost.y))
        if not cells:
            return [(0, 0)]
        # Keep one ring of empty cells around the dungeon: where it can grow.
        x0 = min(c[0] for c in cells) - 1
        x1 = max(c[0] for c in cells) + 1
        y0 = min(c[1] for c in cells) - 1
        y1 = max(c[1] for c in cells) + 1
        return [(x0, y0), (x1, y1)]

    def _tile_changes(self) -> bool | list[tuple[int, int]]:
        """Paint what changed into the hidden dungeon. True: redraw the whole tile layer; a
        list: only these cells; []: none."""
        changed = self.world.sync(self.scene.tiles)
        if self._drawn_view != self.viewport:
            return True
        return changed

    def _draw_changes(self) -> None:
        tiles = self._tile_changes()
        self._draw_all(tiles, self._overlay_key() != self._overlay_drawn)
        if self._preview_key() != self._preview_drawn:
            self._draw_preview()

    def _preview_key(self) -> PreviewKey:
        d = self.scene.drawn
        return None if d is None else (d[0].id, d[1] & 0xF)

    def _draw_preview(self) -> None:
        """The drawn card as it would be laid (the page hides the picture when no card is
        being laid, so an empty preview is not cleared)."""
        self._preview_drawn = self._preview_key()
        d = self.scene.drawn
        if d is None:
            return
        c = self.preview
        c.clear()
        c.save()
        c.scale(round(PREVIEW / S, 4))
        paint_tile(c, d[0], d[1], False, True, self.sprites.glyph)
        c.restore()

    def _draw_all(self, tiles: bool | list[tuple[int, int]], overlay: bool = True) -> None:
        if tiles is True:
            self._draw_tiles(full=True)
        elif tiles:
            for pos in tiles:
                self._draw_cell(pos)
        if overlay:
            self._draw_overlay()

    def _overlay_key(self) -> OverlayKey:
        """Everything the overlay's picture depends on."""
        scene = self.scene
        gh = scene.ghost
        ghost = None if gh is None else (gh.x, gh.y, gh.card.id, gh.mask, gh.note)
        cells = tuple(sorted(t.pos for t in scene.tiles)) if scene.coords else ()
        return (
            self.viewport,
            tuple(sorted(scene.highlights.items())),
            ghost,
            tuple(scene.figures),
            scene.banner,
            scene.coords,
            cells,
        )

    def _draw_tiles(self, full: bool) -> None:
        c = self.tiles_layer
        v = self.viewport
        c.clear()
        c.fill_style = st.TABLE
        c.fill_rect(0, 0, v.width, v.height)
        self._grid_dots(0, 0, v.width, v.height)
        side = CHUNK * v.tile
        for (cx, cy), chunk in sorted(self.world.chunks.items()):
            px, py = v.cell_origin(cx * CHUNK, cy * CHUNK)
            if px < v.width and py < v.height and px + side > 0 and py + side > 0:
                c.draw_image(chunk, _n(px), _n(py), side, side)
        self._drawn_view = v

    def _grid_dots(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Faint dots at the cell corners within the pixel box (x0, y0)-(x1, y1)."""
        c = self.tiles_layer
        v = self.viewport
        ts = v.tile
        r = max(2, round(ts * 0.025))
        i0 = math.floor((x0 - v.ox) / ts)
        i1 = math.ceil((x1 - v.ox) / ts)
        j0 = math.floor((y0 - v.oy) / ts)
        j1 = math.ceil((y1 - v.oy) / ts)
        c.fill_style = "#3a332c"
        xs = [round(v.ox + i * ts - r) for i in range(i0, i1 + 1)]
        ys = [round(v.oy + j * ts - r) for j in range(j0, j1 + 1)]
        if len(xs) * len(ys) <= 8:  # a cell or two: one command per dot is shorter
            for y in ys:
                for x in xs:
                    c.fill_rect(x, y, 2 * r, 2 * r)
            return
        # the whole table: every dot in one command, the corners as binary arrays
        gx, gy = np.meshgrid(np.array(xs, dtype=np.int32), np.array(ys, dtype=np.int32))
        c.fill_rects(gx.ravel(), gy.ravel(), 2 * r)

    def _draw_cell(self, pos: tuple[int, int]) -> None:
        """Repaint one cell (and the pixels around it that its card blends into when the
        dungeon is scaled down) as the full drawing has them: table, grid dots, cards."""
        c = self.tiles_layer
        v = self.viewport
        px, py = v.cell_origin(*pos)
        ts = v.tile
        m = 2  # pixels
        box = (_n(px - m), _n(py - m), ts + 2 * m, ts + 2 * m)
        c.save()
        c.begin_path()
        c.rect(*box)
        c.clip()
        c.fill_style = st.TABLE
        c.fill_rect(*box)
        self._grid_dots(px - m, py - m, px + ts + m, py + ts + m)
        side = CHUNK * ts
        for (cx, cy), chunk in sorted(self.world.chunks.items()):
            ox, oy = v.cell_origin(cx * CHUNK, cy * CHUNK)
            if ox < px + ts + m and oy < py + ts + m and ox + side > px - m and oy + side > py - m:
                c.draw_image(chunk, _n(ox), _n(oy), side, side)
        c.restore()

    def _draw_overlay(self) -> None:
        c = self.overlay
        v = self.viewport
        ts = v.tile
        scene = self.scene
        self._overlay_drawn = self._overlay_key()
        c.clear()
        for (x, y), hl in sorted(scene.highlights.items()):
            self._draw_highlight(x, y, hl)
        if scene.ghost is not None:
            gh = scene.ghost
            px, py = v.cell_origin(gh.x, gh.y)
            sprite = self.world.ghost(gh.card, gh.mask)
            c.global_alpha = 0.88
            c.draw_image(sprite, _n(px + 2), _n(py + 2), ts - 4, ts - 4)
            c.global_alpha = 1.0
            c.set_line_dash([_n(ts * 0.06), _n(ts * 0.04)])
            c.line_width = _n(max(2, ts * 0.04))
            c.stroke_style = "#ffffff"
            c.stroke_rect(_n(px + 2), _n(py + 2), ts - 4, ts - 4)
            c.set_line_dash([])
            if gh.note:
                self._badge(px + ts / 2, py + ts - ts * 0.12, gh.note, "#ffffff", st.INK)
        by_cell: dict[tuple[int, int], list[FigureMark]] = {}
        for f in scene.figures:
            by_cell.setdefault((f.x, f.y), []).append(f)
        pawns: list[tuple[float, float, float, FigureMark]] = []
        hindered = {t.pos for t in scene.tiles if t.card.obstacle is not None}
        for (x, y), group in sorted(by_cell.items()):
            cx0, cy0 = v.cell_center(x, y)
            seated = sorted(group, key=lambda f: f.seat)
            mark = scene.highlights.get((x, y))
            # clear of the obstacle's number and ring and of an odds badge, as the exports
            places = pawn_places(
                [f.injured for f in seated],
                badge=bool(mark and mark.label),
                obstacle=(x, y) in hindered,
            )
            for f, at in zip(seated, places, strict=True):
                pawns.append((cx0 + at.x * ts, cy0 + at.y * ts, at.h * ts, f))
        self._figures(pawns)
        if scene.banner:
            self._banner(scene.banner)
        if scene.coords and ts >= COORDS_MIN_TILE:
            self._coords(scene)

    def _coords(self, scene: Scene) -> None:
        """Designer mode: each cell's coordinates along its top edge, in the gap between
        the gem (top left) and the gold coin (top right), squeezed to fit that gap: they
        never cover either (render/style.py: GEM_POS, GOLD_POS)."""
        c = self.overlay
        v = self.viewport
        ts = v.tile
        left = (st.GEM_POS[0] + st.GEM_R) * ts + 2  # the gem's right tip, and its outline
        right = (st.GOLD_POS[0] - st.GOLD_R) * ts - 2
        c.font = f"bold {max(9, int(ts * 0.12))}px {st.FONT}"
        c.text_align = "center"
        c.text_baseline = "top"
        c.line_width = 3
        c.stroke_style = st.PAPER  # a light halo: readable on rock and on floor alike
        c.fill_style = st.INK
        cells = {t.pos for t in scene.tiles} | set(scene.highlights)
        for x, y in sorted(cells):
            px, py = v.cell_origin(x, y)
            cx, top, room = _n(px + (left + right) / 2), _n(py + ts * 0.03), _n(right - left - 3)
            c.stroke_text(f"{x},{y}", cx, top, room)
            c.fill_text(f"{x},{y}", cx, top, room)

    def _banner(self, text: str) -> None:
        c = self.overlay
        v = self.viewport
        h = 40
        c.fill_style = "rgba(28, 22, 18, 0.82)"
        c.fill_rect(0, 0, v.width, h)
        c.fill_style = st.GOLD
        c.fill_rect(0, h - 3, v.width, 3)
        c.fill_style = "#f6f0e2"
        c.font = f"bold 18px {st.FONT}"
        c.text_align = "center"
        c.text_baseline = "middle"
        c.fill_text(text, v.width / 2, h / 2, v.width - 20)

    def _draw_highlight(self, x: int, y: int, hl: Highlight) -> None:
        c = self.overlay
        v = self.viewport
        ts = v.tile
        hs = st.HIGHLIGHT.get(hl.kind, st.HIGHLIGHT[st.DEFAULT_HIGHLIGHT])
        px, py = v.cell_origin(x, y)
        i = 0.06 * ts
        box = (_n(px + i), _n(py + i), _n(ts - 2 * i), _n(ts - 2 * i))
        c.fill_style = _rgba(hs.fill, hs.fill_opacity)
        c.fill_rect(*box)
        dash = [_n(float(d) * ts) for d in hs.dash.split()]
        c.set_line_dash(dash)
        c.line_width = _n(max(2, 0.05 * ts))
        c.stroke_style = hs.stroke
        c.stroke_rect(*box)
        c.set_line_dash([])
        if hl.label:
            self._badge(px + ts / 2, py + ts * (0.5 + BADGE_Y), hl.label, hs.stroke, st.INK)

    def _badge(self, cx: float, cy: float, text: str, fill: str, ink: str) -> None:
        c = self.overlay
        ts = self.viewport.tile
        size = max(10, int(ts * 0.15))
        w = max(ts * 0.3, len(text) * size * 0.62 + size * 0.6)
        h = size * 1.45
        c.fill_style = fill
        c.stroke_style = st.INK
        c.line_width = 1.5
        _round_rect(c, _n(cx - w / 2), _n(cy - h / 2), _n(w), _n(h), _n(h / 2))
        c.fill()
        c.stroke()
        c.fill_style = ink
        c.font = f"bold {size}px {st.FONT}"
        c.text_align = "center"
        c.text_baseline = "middle"
        c.fill_text(text, _n(cx), _n(cy + 1))

    def _current_marker(
        self, cx: float, cy: float, h: float, seat: int, injured: bool = False
    ) -> None:
        c = self.overlay
        if injured:
            # A lying figure sits just under the obstacle's dot (ui/board/layout.py): a
            # ring around it reached into the dot's letter. A flat ellipse, no taller
            # than the figure, marks it from both sides instead.
            rx, ry = _n(h * LYING_MARK_RX), _n(h * LYING_MARK_RY)
            x, y = _n(cx), _n(cy)
            for width, color in ((max(3, h * 0.1), "#ffffff"), (max(2, h * 0.06), None)):
                c.line_width = _n(width)
                c.stroke_style = color or st.player_color(seat)
                c.begin_path()
                c.ellipse(x, y, rx, ry, 0, 0, 2 * math.pi)
                c.stroke()
            return
        # A flat ellipse on the ground around its foot (render/figure_places.py): a ring
        # around the whole figure covered the obstacle's dot and its pictogram's ring.
        rx, ry = _n(h * STAND_MARK_RX), _n(h * STAND_MARK_RY)
        x, y = _n(cx), _n(cy + h * STAND_MARK_Y)
        for width, color in ((max(3, h * 0.1), "#ffffff"), (max(2, h * 0.06), None)):
            c.line_width = _n(width)
            c.stroke_style = color or st.player_color(seat)
            c.begin_path()
            c.ellipse(x, y, rx, ry, 0, 0, 2 * math.pi)
            c.stroke()

    def _figures(self, pawns: list[tuple[float, float, float, FigureMark]]) -> None:
        """Each pawn at (cx, cy) with height h: the marker of the player to move under it,
        the pawn itself from a sprite of its seat, state and size (a few bytes a step)."""
        c = self.overlay
        pawns = [(round(cx), round(cy), h, f) for cx, cy, h, f in pawns]  # whole pixels: crisp
        for cx, cy, h, f in pawns:
            if f.current:
                self._current_marker(cx, cy, h, f.seat, f.injured)
        for cx, cy, h, f in pawns:
            key = (PAWN, f.seat, f.injured, round(h, 2))
            size = 2 * math.ceil(0.62 * h + 2)  # the pawn, lying or standing, and its number

            def draw(s: Canvas, h: float = h, f: FigureMark = f, size: int = size) -> None:
                _pawn(s, size / 2, size / 2, h, f.seat, f.injured)

            sprite = self.sprites.drawing(key, size, size, draw)
            c.draw_image(sprite, cx - size // 2, cy - size // 2)

    # ---- accessible description (also what the browser tests click) ----------------------

    def _update_info(self) -> None:
        v = self.viewport
        parts = [
            # machine-readable (tests, tools): aria-hidden, the screen reader's words are
            # board_text_html's, in the page's language
            f'<div class="vl-board-data" aria-hidden="true" data-tile="{v.tile}" '
            f'data-ox="{v.ox:g}" '
            f'data-oy="{v.oy:g}" data-tiles="{len(self.scene.tiles)}">'
        ]
        for (x, y), hl in sorted(self.scene.highlights.items()):
            cx, cy = v.cell_center(x, y)
            parts.append(
                f'<span class="vl-target" data-kind="{hl.kind}" data-x="{x}" data-y="{y}" '
                f'data-px="{cx:g}" data-py="{cy:g}" data-visible="{int(v.visible(x, y))}">'
                f"{html.escape(hl.kind)} ({x}, {y}) {html.escape(hl.label)}</span>"
            )
        gh = self.scene.ghost
        if gh is not None:
            cx, cy = v.cell_center(gh.x, gh.y)
            parts.append(
                f'<span class="vl-ghost" data-x="{gh.x}" data-y="{gh.y}" data-mask="{gh.mask}" '
                f'data-px="{cx:g}" data-py="{cy:g}">ghost</span>'
            )
        if self.scene.figures:  # one line for all (their pixels follow from data-tile ...)
            where = ", ".join(
                f"{f.seat + 1} ({f.x}, {f.y}){'!' if f.injured else ''}" for f in self.scene.figures
            )
            parts.append(f'<span class="vl-figures">{where}</span>')
        parts.append("</div>")
        text = "".join(parts)
        if text != self.info_html:
            self.info_html = text
            if self.on_info is not None:
                self.on_info(text)
            else:
                self.info.value = text
