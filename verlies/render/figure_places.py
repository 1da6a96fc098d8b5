"""Where figures go inside a cell: the one home of figure placement, used by the page's
canvas board (ui/board/board_view.py through ui/board/layout.py) and by the SVG board
(render/svg.py ``board_svg``, which the page's SVG/PNG exports and the A4 print use).
Plain numbers, no widgets (issue 24 item 7: injured figures lay over the obstacle's number,
the "66.7 %" badge covered a figure, crowds covered the pictogram's ring).

All in tile units from the cell's centre (x right, y down); a tile is 1 x 1.

The obstacle's dot is in the middle (render/style.py OBSTACLE_POS, OBSTACLE_R), its
pictogram in a ring in the bottom-right corner (GLYPH_POS, GLYPH_R); the gem and the gold
coin are in the top corners; an odds badge sits at the bottom edge.

- A lone lying (injured, R8.1) figure goes to the bottom of the cell, under the dot, moved
  left until it, its shadow and the flat ellipse of whose turn it is keep clear of the
  pictogram's ring; to the top when the bottom holds an odds badge.
- A lone standing figure stands in the middle of a card without an obstacle (a little
  higher above a badge), as it always did.
- On a card with an obstacle, and for two or more figures on a badged card, the figures are
  placed by :func:`crowd_places`: standing figures in the columns left and right of the dot,
  lying ones in the bands above and below it, each (with its shadow, and a lying one with
  its turn ellipse) clear of the dot, the ring, the badge and each other, all of one height:
  the largest of :data:`CROWD_HEIGHTS` that fits.
- Two to four figures on a card with neither keep the places they always had
  (style.FIGURE_OFFSETS).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from verlies.render import style as st

#: A pawn's outline at height 1 (render.shapes.figure): its body and head, its shadow.
PAWN_HALF_W = 0.34
PAWN_TOP = -0.46
PAWN_BOTTOM = 0.58
#: The pawn's ink line (shapes.figure: 0.06 wide), half of it outside the outline above.
PAWN_LINE = 0.03
#: Height of a lying figure (a little smaller: it must fit under the dot).
LYING_H = 0.40
#: The flat ellipse that marks a lying figure whose turn it is (board_view._current_marker),
#: around the pawn's centre, at height 1: half width, half height, its (white) line's width.
LYING_MARK_RX = 0.66
LYING_MARK_RY = 0.28
LYING_MARK_LINE = 0.1
#: The flat ellipse on the ground around a standing figure's foot that marks whose turn it
#: is (board_view._current_marker; a ring around the whole figure, 1.36 of its height
#: wide, covered the dot and the pictogram's ring): centre below the pawn's centre, half
#: width and half height, at height 1. Its line is LYING_MARK_LINE wide.
STAND_MARK_Y = 0.5
STAND_MARK_RX = 0.34
STAND_MARK_RY = 0.14
#: The gap a lying figure keeps from the pictogram's ring (tile units; 2 px at 94 px).
GLYPH_GAP = 0.025
#: The gap every placed figure keeps from the dot, the ring and the badge (2 px at 94 px,
#: 1 px at the 390 px page's tile: anti-aliased edges do not touch).
CLEAR = 0.022
#: The gap between two figures of one cell.
BETWEEN = 0.012
#: How far a figure keeps from the cell's edge (the card is inset by style.TILE_GAP).
EDGE = 0.5 - st.TILE_GAP
#: The odds badge's centre (at the bottom edge) and height, in tile units
#: (board_view._badge: font 0.15 of a tile, 1.45 of that high).
BADGE_Y = 0.39
BADGE_H = 0.15 * 1.45
#: The heights tried for figures placed around an obstacle, largest first. 0.32 of a tile
#: (a lone figure elsewhere: 0.46, a crowd: 0.36) is the largest at which a standing figure
#: with its turn ellipse fits between the dot and the card's side edge, and at which one to
#: three figures of any state fit around the dot; one height for every figure of a card,
#: so that none looks more important. The last ones are for four lying figures (only the
#: bands above and below the dot hold them): their seat numbers stay
#: style.FIGURE_LABEL_MIN px.
CROWD_HEIGHTS = (0.32, 0.30, 0.28, 0.26, 0.24, 0.22, 0.2, 0.18, 0.16)


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    def meets(self, other: Box, gap: float = 0.0) -> bool:
        return (
            self.left < other.right + gap
            and other.left < self.right + gap
            and self.top < other.bottom + gap
            and other.top < self.bottom + gap
        )

    def gap_to_circle(self, circle: tuple[float, float, float]) -> float:
        """How far the box stays outside the circle (negative: they overlap)."""
        cx, cy, r = circle
        nx, ny = min(max(cx, self.left), self.right), min(max(cy, self.top), self.bottom)
        return math.hypot(nx - cx, ny - cy) - r


@dataclass(frozen=True)
class PawnPlace:
    x: float  # centre, tile units from the cell's centre
    y: float
    h: float  # height in tiles
    injured: bool

    @property
    def box(self) -> Box:
        """The pawn's outline (a lying one is turned a quarter: rotate(-90) in shapes)."""
        h = self.h
        if self.injured:
            return Box(
                self.x + PAWN_TOP * h,
                self.y - PAWN_HALF_W * h,
                self.x + PAWN_BOTTOM * h,
                self.y + PAWN_HALF_W * h,
            )
        return Box(
            self.x - PAWN_HALF_W * h,
            self.y + PAWN_TOP * h,
            self.x + PAWN_HALF_W * h,
            self.y + PAWN_BOTTOM * h,
        )

    @property
    def reach(self) -> Box:
        """All it may cover: the pawn with its ink line and shadow, and the flat ellipse of
        whose turn it is."""
        return reach_box(self.x, self.y, self.h, self.injured)


def reach_box(x: float, y: float, h: float, injured: bool) -> Box:
    """:attr:`PawnPlace.reach` of a figure ``h`` tall centred on (x, y)."""
    w, top, bottom = PAWN_HALF_W + PAWN_LINE, PAWN_TOP - PAWN_LINE, PAWN_BOTTOM
    if injured:
        rx = max(-top, bottom, LYING_MARK_RX + LYING_MARK_LINE / 2)
        ry = max(w, LYING_MARK_RY + LYING_MARK_LINE / 2)
        return Box(x - rx * h, y - ry * h, x + rx * h, y + ry * h)
    w = max(w, STAND_MARK_RX + LYING_MARK_LINE / 2)
    bottom = max(bottom, STAND_MARK_Y + STAND_MARK_RY + LYING_MARK_LINE / 2)
    return Box(x - w * h, y + top * h, x + w * h, y + bottom * h)


def pawn_places(
    injured: Sequence[bool], badge: bool = False, obstacle: bool = False
) -> list[PawnPlace]:
    """The places of a cell's figures (in seat order: ``injured[i]`` for the i-th), when
    the cell shows an odds badge or not, and when its card has an obstacle (a dot and a
    pictogram's ring) or not."""
    hurt = tuple(bool(v) for v in injured)
    n = len(hurt)
    if n == 0:
        return []
    if n == 1 and hurt[0]:
        return [_lone_lying(badge)]
    if n == 1 and not obstacle:
        # low enough to leave more of the card readable, high enough for a badge
        return [PawnPlace(0.0, -0.03 if badge else 0.08, st.FIGURE_H, False)]
    if obstacle or badge:
        placed = crowd_places(hurt, badge, obstacle)
        if placed is not None:
            return list(placed)
    return _offsets(hurt)


def _lone_lying(badge: bool) -> PawnPlace:
    h = LYING_H
    below = 0.5 - PAWN_HALF_W * h - 0.015  # flat against the bottom edge
    if badge:
        return PawnPlace(0.0, -below, h, True)
    # its feet and shadow point right, at the pictogram's ring (issue 24 item 7)
    gx, _, gr = glyph_circle()
    reach = max(PAWN_BOTTOM, LYING_MARK_RX + LYING_MARK_LINE / 2) * h
    return PawnPlace(min(0.0, gx - gr - GLYPH_GAP - reach), below, h, True)


def _offsets(hurt: tuple[bool, ...]) -> list[PawnPlace]:
    """The places figures had before: fixed offsets (a ring for more than four)."""
    n = len(hurt)
    offsets = st.FIGURE_OFFSETS.get(n)
    standing_h = st.FIGURE_H if n == 1 else st.FIGURE_H_CROWDED
    out = []
    for i, lying in enumerate(hurt):
        if offsets is None:  # more than four on one card: a ring
            k = i / n
            ox, oy = 0.22 * math.cos(2 * math.pi * k), 0.22 * math.sin(2 * math.pi * k)
            standing_h = 0.3
        else:
            ox, oy = offsets[i]
        if lying:
            h = min(LYING_H, standing_h)
            below = 0.5 - PAWN_HALF_W * h - 0.015
            out.append(PawnPlace(ox, -below if oy < 0 else below, h, True))
        else:
            out.append(PawnPlace(ox, oy, standing_h, False))
    return out


def _candidates(h: float, lying: bool) -> list[tuple[float, float]]:
    """Where a figure ``h`` tall may go, the preferred first: standing figures in the
    columns beside the dot (flat against the side edge), lying ones in the bands above and
    below it (flat against the top or bottom edge)."""
    b = reach_box(0.0, 0.0, h, lying)
    left, right = -EDGE - b.left, EDGE - b.right
    top, bottom = -EDGE - b.top, EDGE - b.bottom
    if lying:
        xs = (0.0, -0.05, -0.1, -0.15, 0.05, 0.1, 0.15, -0.2, 0.2, left, right)
        return [(x, y) for y in (bottom, top) for x in xs]
    ys = (-0.03, 0.0, -0.06, 0.03, -0.1, 0.06, 0.1, top, bottom, -0.16, 0.16)
    return [(x, y) for x in (left, right) for y in ys] + [(x, y) for y in (top, bottom) for x in (
        -0.2, 0.2, 0.0)]  # fmt: skip


def _fits(box: Box, badge: bool, obstacle: bool) -> bool:
    if box.left < -EDGE - 1e-9 or box.right > EDGE + 1e-9:
        return False
    if box.top < -EDGE - 1e-9 or box.bottom > EDGE + 1e-9:
        return False
    if obstacle:
        if box.gap_to_circle(dot_circle()) < CLEAR or box.gap_to_circle(glyph_circle()) < CLEAR:
            return False
    # the badge's row, the whole width (on small tiles it is wider than its text)
    return not (badge and box.bottom > BADGE_Y - BADGE_H / 2 - CLEAR)


@lru_cache(maxsize=1024)
def crowd_places(
    hurt: tuple[bool, ...], badge: bool, obstacle: bool
) -> tuple[PawnPlace, ...] | None:
    """Places for figures (``hurt[i]``: the i-th lies) that keep every figure, its shadow
    and a lying one's turn ellipse clear of the dot and the ring (``obstacle``), of the
    badge's row (``badge``) and of each other; all of the largest height that fits
    (:data:`CROWD_HEIGHTS`), each in the first free place of its kind. None when even the
    smallest does not fit (the caller keeps the old places)."""
    for h in CROWD_HEIGHTS:
        options = [
            [p for p in _candidates(h, lying) if _fits(reach_box(*p, h, lying), badge, obstacle)]
            for lying in hurt
        ]
        chosen = _assign(hurt, h, options, [])
        if chosen is not None:
            return tuple(chosen)
    return None


def _assign(
    hurt: tuple[bool, ...],
    h: float,
    options: list[list[tuple[float, float]]],
    chosen: list[PawnPlace],
) -> list[PawnPlace] | None:
    """The first places (in ``options`` order, seat by seat) that keep clear of each other."""
    i = len(chosen)
    if i == len(hurt):
        return chosen
    for x, y in options[i]:
        at = PawnPlace(x, y, h, hurt[i])
        if any(at.reach.meets(o.reach, BETWEEN) for o in chosen):
            continue
        found = _assign(hurt, h, options, [*chosen, at])
        if found is not None:
            return found
    return None


def badge_box(width: float) -> Box:
    """The odds badge (``width`` tiles wide) at the bottom edge."""
    return Box(-width / 2, BADGE_Y - BADGE_H / 2, width / 2, BADGE_Y + BADGE_H / 2)


def glyph_circle() -> tuple[float, float, float]:
    """The obstacle pictogram's ring: centre x, y and outer radius (with its line)."""
    x, y = st.GLYPH_POS[0] - 0.5, st.GLYPH_POS[1] - 0.5
    return x, y, st.GLYPH_R + st.GLYPH_LINE / 2


def dot_circle() -> tuple[float, float, float]:
    """The obstacle's dot: centre x, y and outer radius (with its paper rim, 0.022 wide)."""
    x, y = st.OBSTACLE_POS[0] - 0.5, st.OBSTACLE_POS[1] - 0.5
    return x, y, st.OBSTACLE_R + 0.011


def obstacle_box() -> Box:
    r = st.OBSTACLE_R
    cx, cy = st.OBSTACLE_POS[0] - 0.5, st.OBSTACLE_POS[1] - 0.5
    return Box(cx - r, cy - r, cx + r, cy + r)
