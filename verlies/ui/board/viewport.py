"""Pixel geometry of the board canvas: grid cell <-> canvas pixel, fit, pan and zoom.

Pure arithmetic, no widgets: the kernel-side tests check click mapping with it.

>>> v = Viewport(600, 400, tile=100, ox=250, oy=150)
>>> v.cell_at(260, 160), v.cell_at(249, 160), v.cell_at(350, 250)
((0, 0), (-1, 0), (1, 1))
>>> v.cell_center(1, 1)
(400.0, 300.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

MIN_TILE = 28
MAX_TILE = 112
DEFAULT_TILE = 96


@dataclass(frozen=True)
class Viewport:
    """``tile`` pixels per cell; cell (0, 0)'s top-left corner is at pixel (ox, oy)."""

    width: int
    height: int
    tile: int = DEFAULT_TILE
    ox: float = 0.0
    oy: float = 0.0

    def cell_at(self, px: float, py: float) -> tuple[int, int]:
        """The grid cell under canvas pixel (px, py)."""
        return (math.floor((px - self.ox) / self.tile), math.floor((py - self.oy) / self.tile))

    def cell_origin(self, x: int, y: int) -> tuple[float, float]:
        """Top-left pixel of cell (x, y)."""
        return (self.ox + x * self.tile, self.oy + y * self.tile)

    def cell_center(self, x: int, y: int) -> tuple[float, float]:
        px, py = self.cell_origin(x, y)
        return (px + self.tile / 2, py + self.tile / 2)

    def visible(self, x: int, y: int) -> bool:
        px, py = self.cell_origin(x, y)
        return px + self.tile > 0 and py + self.tile > 0 and px < self.width and py < self.height

    def fit(
        self, cells: Iterable[tuple[int, int]], margin: float = 0.25, max_tile: int = MAX_TILE
    ) -> Viewport:
        """The viewport that shows ``cells`` as large as possible, centred."""
        cells = list(cells)
        if not cells:
            cells = [(0, 0)]
        x0 = min(c[0] for c in cells)
        x1 = max(c[0] for c in cells)
        y0 = min(c[1] for c in cells)
        y1 = max(c[1] for c in cells)
        cols = x1 - x0 + 1 + 2 * margin
        rows = y1 - y0 + 1 + 2 * margin
        tile = int(min(self.width / cols, self.height / rows, max_tile))
        tile = max(MIN_TILE, tile)
        cx = (x0 + x1 + 1) / 2
        cy = (y0 + y1 + 1) / 2
        ox = round(self.width / 2 - cx * tile)
        oy = round(self.height / 2 - cy * tile)
        return Viewport(self.width, self.height, tile, float(ox), float(oy))

    def panned(self, dx: float, dy: float) -> Viewport:
        return Viewport(
            self.width,
            self.height,
            self.tile,
            float(round(self.ox + dx)),
            float(round(self.oy + dy)),
        )

    def zoomed(self, factor: float) -> Viewport:
        """Zoom around the canvas centre."""
        tile = max(MIN_TILE, min(MAX_TILE, round(self.tile * factor)))
        k = tile / self.tile
        cx, cy = self.width / 2, self.height / 2
        ox = round(cx - (cx - self.ox) * k)
        oy = round(cy - (cy - self.oy) * k)
        return Viewport(self.width, self.height, tile, float(ox), float(oy))
