"""Checks by colour of a drawn cell (canvas or rasterised SVG) where figures meet an
obstacle's dot and its pictogram's ring (issue 24 item 7), shared by the browser test of
the page's board and the test of the board exports.

A cell is an array height x width x RGB (floats 0-255) of one tile's square; where things
are comes from render/style.py (fractions of the tile) and from the pixels themselves.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from verlies.render import style as st

#: The pictogram's ring is checked in this many sectors of its circle (15 degrees each).
RING_SECTORS = 24
#: Largest colour distance (RGB, 0-255 each) still counted as "that colour".
NEAR = 30.0


def rgb(color: str) -> np.ndarray:
    return np.array([int(color[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)


def near(px: np.ndarray, color: str, tol: float = NEAR) -> np.ndarray:
    """Where ``px`` shows ``color`` (a boolean mask)."""
    return np.asarray(np.linalg.norm(px - rgb(color), axis=-1) <= tol)


def off_segment(px: np.ndarray, a: str, b: str) -> np.ndarray:
    """Distance of each pixel from every blend of colours ``a`` and ``b``."""
    ca, cb = rgb(a), rgb(b)
    d = cb - ca
    t = np.clip(((px - ca) @ d) / float(d @ d), 0.0, 1.0)
    return np.asarray(np.linalg.norm(px - (ca + t[..., None] * d), axis=-1))


def disc(size: int, radius: float, at: tuple[float, float] = st.OBSTACLE_POS) -> np.ndarray:
    """The pixels of a cell ``size`` px wide whose centre lies within ``radius`` px of
    ``at`` (fractions of the tile; by default the obstacle's centre)."""
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    cx, cy = at[0] * size, at[1] * size
    return np.asarray((xs - cx) ** 2 + (ys - cy) ** 2 <= radius**2)


def dot_problems(px: np.ndarray, dot: str, figures: Iterable[str]) -> list[str]:
    """What covers the obstacle's dot: pixels inside it (without its paper rim and one
    pixel of anti-aliasing) that are neither its colour, nor the number's paper white, nor a
    blend of the two; pixels of a figure's colour anywhere in the dot with its rim."""
    size = px.shape[0]
    out = []
    inner = disc(size, st.OBSTACLE_R * size - 0.011 * size - 1.5)
    if near(px, dot)[inner].mean() <= 0.5:
        out.append("the obstacle's dot is not drawn")
    foreign = (off_segment(px, dot, st.PAPER) > NEAR) & inner
    if foreign.any():
        out.append(f"{int(foreign.sum())} pixels inside the obstacle's number are covered")
    whole = disc(size, (st.OBSTACLE_R + 0.011) * size)
    for color in figures:
        covered = int((near(px, color) & whole).sum())
        if covered:
            out.append(f"{covered} pixels of the figure {color} inside the dot")
    return out


def ring_problems(px: np.ndarray, ring_color: str, figures: Iterable[str]) -> list[str]:
    """What covers the ring of the obstacle's pictogram: sectors of it that show no ring
    colour (a pixel shows the ring if it is the ring's colour or a blend of it with the
    paper inside, at least 40 % ring; the band searched is the line and 3 px each side),
    and pixels of a figure's colour within the ring's outer edge."""
    size = px.shape[0]
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    cx, cy = st.GLYPH_POS[0] * size, st.GLYPH_POS[1] * size
    r = np.hypot(xs - cx, ys - cy)
    half = st.GLYPH_LINE * size / 2
    band = np.abs(r - st.GLYPH_R * size) <= half + 3.0
    sector = (np.degrees(np.arctan2(ys - cy, xs - cx)) % 360 // (360 / RING_SECTORS)).astype(int)
    ring, paper = rgb(ring_color), rgb(st.PAPER)
    d = paper - ring
    t = np.clip(((px - ring) @ d) / float(d @ d), 0.0, 1.0)
    inked = (np.linalg.norm(px - (ring + t[..., None] * d), axis=-1) <= NEAR) & (t <= 0.6)
    shown = set(np.unique(sector[band & inked]).tolist())
    missing = [k for k in range(RING_SECTORS) if k not in shown]
    out = []
    if missing:
        covered = int((band & np.isin(sector, missing)).sum())
        out.append(
            f"the pictogram's ring is covered in {len(missing)} of {RING_SECTORS} sectors "
            f"({covered} pixels of the band around its line)"
        )
    for color in figures:
        inside = int((near(px, color) & (r <= st.GLYPH_R * size + half + 1.0)).sum())
        if inside:
            out.append(f"{inside} pixels of the figure {color} inside the ring")
    return out


def shown_problems(px: np.ndarray, figures: Iterable[str], least: float = 0.01) -> list[str]:
    """Figures not drawn: less than ``least`` of the cell in their colour."""
    size = px.shape[0]
    return [
        f"the figure {color} is not drawn"
        for color in figures
        if near(px, color).sum() <= least * size * size
    ]
