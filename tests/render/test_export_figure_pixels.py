"""The board exports, rasterised, keep every figure clear of the obstacle's number and of
its pictogram's ring (issue 24 item 7), as the page's canvas board does: one to four
figures, standing and lying, in the SVG of ``render.svg.board_svg`` (what the page's SVG
and PNG exports and the A4 print are made of), turned into pixels by CairoSVG (what makes
the PNGs, the ``[print]`` extra), at the export's tile (96 px), at 2x (the page's PNG) and
at the print's tile (60 px; a thinner line would not show the ring's every sector at all).

And through the real exports: the page's PNG (``share.board_picture`` + ``board_png``) and
the A4 print (``prints.board_png``) of a game where a figure lies injured on an obstacle.
The checks are by colour (tests/helpers/figure_pixels.py); a cell is found from the SVG's own
numbers (its size, padding and origin), not from the placement code.
"""

from __future__ import annotations

import io
import itertools
import random
import re

import cairosvg  # type: ignore[import-untyped]
import numpy as np
import pytest
from figure_pixels import dot_problems, ring_problems, shown_problems
from PIL import Image

from verlies.cards.model import Color, DungeonCard, Names, Obstacle, ObstacleType, Shape, TileKind
from verlies.game import Game
from verlies.render import style as st
from verlies.render.svg import board_svg

#: A green obstacle: its dot and ring are far in colour from every figure.
OBSTACLE = Obstacle(ObstacleType.LAVA, Color.GREEN, 7)
CARD = DungeonCard("t-lava", TileKind.CORRIDOR, Color.RED, Shape.CROSS, Names("Gang", "Passage"), 2,
                   OBSTACLE)  # fmt: skip
#: The colours of seats 0-2 (seat 3's white is too near the card's paper to tell apart by
#: colour; its ink outline is still caught inside the dot).
SEEN = tuple(st.player_color(s) for s in range(3))
#: Every case: for each count, every pattern of lying (injured) figures.
CASES = [hurt for n in (1, 2, 3, 4) for hurt in itertools.product((False, True), repeat=n)]


def raster(svg: str, scale: float = 1.0) -> np.ndarray:
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)


def cell(px: np.ndarray, left: float, top: float, size: float) -> np.ndarray:
    x0, y0, n = round(left), round(top), round(size)
    assert 0 <= x0 and 0 <= y0 and x0 + n <= px.shape[1] and y0 + n <= px.shape[0]
    return px[y0 : y0 + n, x0 : x0 + n]


def problems(px: np.ndarray, colors: tuple[str, ...]) -> list[str]:
    dot = st.OBSTACLE_DOT[OBSTACLE.color]
    found = dot_problems(px, dot, colors) + ring_problems(px, dot, colors)
    return found + shown_problems(px, colors, 0.003)  # four lying figures are small


def board(tile: float) -> tuple[str, list[tuple[bool, ...]]]:
    """One card with the obstacle per case, in a row, each with its figures."""
    tiles = [(i, 0, CARD, CARD.mask, False) for i in range(len(CASES))]
    figures = [
        (seat, i, 0, lying) for i, hurt in enumerate(CASES) for seat, lying in enumerate(hurt)
    ]
    return board_svg(tiles, figures, tile_size=tile), CASES


@pytest.mark.parametrize(("tile", "scale"), [(96, 1.0), (96, 2.0), (60, 1.0)])
def test_exported_figures_keep_clear_of_the_number_and_the_ring(tile: int, scale: float) -> None:
    svg, cases = board(tile)
    px = raster(svg, scale)
    ts, pad = tile * scale, 0.12 * tile * scale
    failed = []
    for i, hurt in enumerate(cases):
        colors = SEEN[: min(len(hurt), len(SEEN))]
        found = problems(cell(px, pad + i * ts, pad, ts), colors)
        if found:
            failed.append(f"{len(hurt)} figures, lying {hurt}: {'; '.join(found)}")
    assert not failed, f"tile {tile} x{scale}: {len(failed)} of {len(cases)} cells:\n" + "\n".join(
        failed
    )


def test_the_check_sees_a_figure_on_the_number() -> None:
    """A figure drawn over the dot and one over the ring are found (the check can fail)."""
    from verlies.render import shapes as sh
    from verlies.render.svg import shape_svg

    svg = board_svg([(0, 0, CARD, CARD.mask, False)], tile_size=96)
    pad, ts = 0.12 * 96, 96
    over = shape_svg(sh.figure(pad + ts / 2, pad + ts / 2, 0.4 * ts, 0, True))
    over += shape_svg(sh.figure(pad + 0.83 * ts, pad + 0.83 * ts, 0.3 * ts, 1, False))
    px = cell(raster(svg.replace("</svg>", over + "</svg>")), pad, pad, ts)
    found = problems(px, SEEN[:2])
    assert any("number are covered" in f for f in found), found
    assert any("ring is covered" in f for f in found), found
    assert any("inside the ring" in f for f in found), found


def lying_on_an_obstacle() -> tuple[Game, tuple[int, int], int]:
    """A game (3 players, seed 54, 147 random steps) where a figure lies alone on a card
    with an obstacle: the game, that cell and the figure's seat."""
    game = Game.new(players=3, seed=54)
    rng = random.Random(54)
    for _ in range(147):
        if game.is_chance:
            outcomes = game.chance_outcomes()
            weights = [float(p) for _, p in outcomes]
            game.apply(rng.choices([o for o, _ in outcomes], weights=weights)[0])
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    figures = [f for f in game.state.figures if not f.escaped]
    for f in figures:
        alone = [g for g in figures if g.pos == f.pos] == [f]
        if f.injured and alone and game.board[f.pos].card.obstacle is not None:
            return game, f.pos, f.seat
    raise AssertionError("the position has no lone injured figure on an obstacle")


def test_the_page_png_export_and_the_print_keep_a_lying_figure_off_the_number() -> None:
    from verlies.render import prints
    from verlies.ui.core import share
    from verlies.ui.play.tools_view import PNG_SCALE

    game, pos, seat = lying_on_an_obstacle()
    dot = st.OBSTACLE_DOT[game.board[pos].card.obstacle.color]  # type: ignore[union-attr]
    colors = (st.player_color(seat),)
    board = game.board_svg(tile_size=share.EXPORT_TILE, lang="en")
    ox, oy = (int(v) for v in re.search(r'data-origin="(-?\d+),(-?\d+)"', board).groups())  # type: ignore[union-attr]
    bw = float(re.search(r'width="([0-9.]+)"', board).group(1))  # type: ignore[union-attr]

    # the page's PNG: the board under a 56-unit title, centred in the picture's width
    picture = share.board_picture(game, "en")
    png = share.board_png(picture, PNG_SCALE)
    assert png is not None
    px = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)
    width = float(re.search(r'width="([0-9.]+)"', picture).group(1))  # type: ignore[union-attr]
    ts, pad = share.EXPORT_TILE, 0.12 * share.EXPORT_TILE
    left = (width - bw) / 2 + pad + (pos[0] - ox) * ts
    top = 56 + pad + (pos[1] - oy) * ts
    got = cell(px, left * PNG_SCALE, top * PNG_SCALE, ts * PNG_SCALE)
    found = dot_problems(got, dot, colors) + ring_problems(got, dot, colors)
    assert not found, f"page PNG, cell {pos}: {found}"

    # the A4 print: the board (tile 60) fitted into the page's box, 300 dpi
    page = prints.board_png(game, "en")
    px = np.asarray(Image.open(io.BytesIO(page)).convert("RGB"), dtype=float)
    small = game.board_svg(tile_size=60, lang="en")
    w = float(re.search(r'width="([0-9.]+)"', small).group(1))  # type: ignore[union-attr]
    h = float(re.search(r'height="([0-9.]+)"', small).group(1))  # type: ignore[union-attr]
    unit = px.shape[1] / 2100  # pixels per 0.1 mm (the page is 2100 x 2970)
    margin, legend = 100, 140 + 90 * game.players
    box_w, box_h = 2100 - 2 * margin, 2970 - 2 * margin - legend
    k = min(box_w / w, box_h / h)
    x0 = margin + (box_w - w * k) / 2
    y0 = margin + (box_h - h * k) / 2
    left = x0 + (0.12 * 60 + (pos[0] - ox) * 60) * k
    top = y0 + (0.12 * 60 + (pos[1] - oy) * 60) * k
    got = cell(px, left * unit, top * unit, 60 * k * unit)
    found = dot_problems(got, dot, colors) + ring_problems(got, dot, colors)
    assert not found, f"A4 print, cell {pos}: {found}"
