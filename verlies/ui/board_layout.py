"""Where the board puts figures and odds badges inside a cell, without widgets (issue 24
item 7: an injured figure lay over the obstacle's number, the "66.7 %" badge covered a
figure). All in tile units from the cell's centre (x right, y down); a tile is 1 x 1.

The obstacle's dot is in the middle (render/style.py OBSTACLE_POS, OBSTACLE_R), its
pictogram in a ring in the bottom-right corner (GLYPH_POS, GLYPH_R); the gem and the gold
coin are in the top corners. A lying (injured, R8.1) figure is wide and flat: it goes to
the bottom of the cell, under the dot, or to the top when the bottom holds an odds badge.
Alone at the bottom it moves left until it, its shadow and the ring that marks whose turn
it is keep clear of the pictogram's ring. A badge goes to the bottom edge, and a lone
standing figure moves up for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from verlies.render import style as st

#: A pawn's outline at height 1 (render.shapes.figure): its body and head, its shadow.
PAWN_HALF_W = 0.34
PAWN_TOP = -0.46
PAWN_BOTTOM = 0.58
#: Height of a lying figure (a little smaller: it must fit under the dot).
LYING_H = 0.40
#: The flat ellipse that marks a lying figure whose turn it is (board_view._current_marker),
#: around the pawn's centre, at height 1: half width, half height, its (white) line's width.
LYING_MARK_RX = 0.66
LYING_MARK_RY = 0.28
LYING_MARK_LINE = 0.1
#: The gap a lying figure keeps from the pictogram's ring (tile units; 2 px at 94 px).
GLYPH_GAP = 0.025
#: The odds badge's centre (at the bottom edge) and height, in tile units
#: (board_view._badge: font 0.15 of a tile, 1.45 of that high).
BADGE_Y = 0.39
BADGE_H = 0.15 * 1.45


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    def meets(self, other: Box) -> bool:
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )


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


def pawn_places(injured: list[bool], badge: bool = False) -> list[PawnPlace]:
    """The places of a cell's figures (in seat order: ``injured[i]`` for the i-th), when
    the cell shows an odds badge or not."""
    n = len(injured)
    offsets = st.FIGURE_OFFSETS.get(n) or st.FIGURE_OFFSETS[4]
    standing_h = st.FIGURE_H if n == 1 else st.FIGURE_H_CROWDED
    out = []
    for i, hurt in enumerate(injured):
        ox, oy = offsets[i % len(offsets)]
        if hurt:
            h = LYING_H if n == 1 else min(LYING_H, standing_h)
            below = 0.5 - PAWN_HALF_W * h - 0.015  # flat against the bottom edge
            y = -below if badge or oy < 0 else below
            x = ox
            if n == 1 and y > 0:
                # its feet and shadow point right, at the pictogram's ring (issue 24 item 7)
                gx, _, gr = glyph_circle()
                reach = max(PAWN_BOTTOM, LYING_MARK_RX + LYING_MARK_LINE / 2) * h
                x = min(ox, gx - gr - GLYPH_GAP - reach)
            out.append(PawnPlace(x, y, h, True))
        elif n == 1:
            # low enough to leave the obstacle's number readable, high enough for a badge
            out.append(PawnPlace(0.0, -0.03 if badge else 0.08, standing_h, False))
        else:
            out.append(PawnPlace(ox, oy, standing_h, False))
    return out


def badge_box(width: float) -> Box:
    """The odds badge (``width`` tiles wide) at the bottom edge."""
    return Box(-width / 2, BADGE_Y - BADGE_H / 2, width / 2, BADGE_Y + BADGE_H / 2)


def glyph_circle() -> tuple[float, float, float]:
    """The obstacle pictogram's ring: centre x, y and outer radius (with its line)."""
    x, y = st.GLYPH_POS[0] - 0.5, st.GLYPH_POS[1] - 0.5
    return x, y, st.GLYPH_R + st.GLYPH_LINE / 2


def obstacle_box() -> Box:
    r = st.OBSTACLE_R
    cx, cy = st.OBSTACLE_POS[0] - 0.5, st.OBSTACLE_POS[1] - 0.5
    return Box(cx - r, cy - r, cx + r, cy + r)
