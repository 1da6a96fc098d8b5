"""Where the board puts figures and odds badges inside a cell (issue 24 item 7). The
placement itself lives in :mod:`verlies.render.figure_places`, so that the canvas board
and the SVG/PNG exports (render/svg.py ``board_svg``) place figures alike; the page's
board (ui/board/board_view.py) takes it from here."""

from __future__ import annotations

from verlies.render.figure_places import (
    BADGE_H,
    BADGE_Y,
    CLEAR,
    GLYPH_GAP,
    LYING_H,
    LYING_MARK_LINE,
    LYING_MARK_RX,
    LYING_MARK_RY,
    PAWN_BOTTOM,
    PAWN_HALF_W,
    PAWN_TOP,
    STAND_MARK_RX,
    STAND_MARK_RY,
    STAND_MARK_Y,
    Box,
    PawnPlace,
    badge_box,
    dot_circle,
    glyph_circle,
    obstacle_box,
    pawn_places,
)

__all__ = [
    "BADGE_H",
    "BADGE_Y",
    "CLEAR",
    "GLYPH_GAP",
    "LYING_H",
    "LYING_MARK_LINE",
    "LYING_MARK_RX",
    "LYING_MARK_RY",
    "PAWN_BOTTOM",
    "PAWN_HALF_W",
    "PAWN_TOP",
    "Box",
    "STAND_MARK_RX",
    "STAND_MARK_RY",
    "STAND_MARK_Y",
    "PawnPlace",
    "badge_box",
    "dot_circle",
    "glyph_circle",
    "obstacle_box",
    "pawn_places",
]
