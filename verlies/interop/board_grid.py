"""The laid board as one grid of cell channels, kept from step to step: the board block's
window is a slice of it (:class:`verlies.interop.observation.Observer` writes the block).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from verlies.board import DIRECTIONS, Pos
from verlies.interop.layout import (
    ATTRS,
    CELL_ATTR,
    CELL_CHANNELS,
    CELL_CLASS,
    CELL_FIGURE,
    CELL_KIND,
    CELL_TARGET,
    CLASSES,
    DIE_SCALE,
    GOLD_SCALE,
    KINDS,
    SIDE,
    WINDOW,
    unit,
)
from verlies.state import Table

__all__ = ["BoardGrid"]


class BoardGrid:
    """The board's grid (by board version) and each laid tile's channels (by tile), each
    a function of its key alone; shared by every seat and game an encoding serves."""

    def __init__(self) -> None:
        self.kept: tuple[Any, int, int, npt.NDArray[np.float32]] | None = None
        self.tiles: dict[Pos, Any] = {}  # the tiles the kept grid shows
        self.vectors: dict[int, tuple[Any, npt.NDArray[np.float32]]] = {}

    def laid(self, state: Table) -> tuple[Any, int, int, npt.NDArray[np.float32]]:
        """The whole board as one grid of cell channels (figures' channels 0, clipped to
        0..1), at least ``WINDOW`` empty cells around it, so a window is a slice. Kept by
        board (board_version; a change of a card lays a new tile and a new version); on a
        new version only the cells whose tile changed are rewritten, while every laid
        card stays inside the margin (else, or when a kept card is gone: another game's
        board, it is made anew, with room to grow)."""
        laid = self.kept
        version = state.board_version
        if laid is not None and laid[0] is version:
            return laid
        board = state.board
        k = CELL_FIGURE
        if laid is not None:
            _, x0, y0, grid = laid
            tiles = self.tiles
            height, width = grid.shape[:2]
            changed = []
            same = 0
            for p, tile in board.items():
                old = tiles.get(p)
                if old is tile:
                    same += 1
                    continue
                if old is not None:
                    same += 1
                gx, gy = p[0] - x0, p[1] - y0
                if not (WINDOW <= gx < width - WINDOW and WINDOW <= gy < height - WINDOW):
                    break
                changed.append((p, gx, gy, tile))
            else:
                if same == len(tiles):  # no kept card is gone
                    for p, gx, gy, tile in changed:
                        grid[gy, gx, :k] = self.tile_vector(tile)
                        tiles[p] = tile
                    laid = (version, x0, y0, grid)
                    self.kept = laid
                    return laid
        board_items = list(board.items())
        margin = WINDOW + 3  # room for a few cards laid outwards before a new grid
        x0 = min(p[0] for p, _ in board_items) - margin
        y0 = min(p[1] for p, _ in board_items) - margin
        width = max(p[0] for p, _ in board_items) - x0 + margin + 1
        height = max(p[1] for p, _ in board_items) - y0 + margin + 1
        grid = np.zeros((height, width, len(CELL_CHANNELS)), dtype=np.float32)
        xs = [p[0] - x0 for p, _ in board_items]
        ys = [p[1] - y0 for p, _ in board_items]
        vecs = np.array([self.tile_vector(tile) for _, tile in board_items])
        grid[ys, xs, :k] = vecs  # each tile's vector is clipped when made
        self.tiles = dict(board_items)
        laid = (version, x0, y0, grid)
        self.kept = laid
        return laid

    def window_into(self, board: npt.NDArray[np.float32], state: Table, me: Pos) -> None:
        """Write the board block's card channels around ``me`` (the figures' channels 0)
        into ``board`` (side x side x channels)."""
        laid = self.kept
        if laid is None or laid[0] is not state.board_version:
            laid = self.laid(state)
        _, x0, y0, grid = laid
        gx, gy = me[0] - WINDOW - x0, me[1] - WINDOW - y0
        height, width = grid.shape[:2]
        if 0 <= gx and gx + SIDE <= width and 0 <= gy and gy + SIDE <= height:
            board[:] = grid[gy : gy + SIDE, gx : gx + SIDE]
            return
        # The observer off the laid cards' bounds (not met in play): cell by cell.
        board.fill(0.0)
        for x, y in state.board:
            cx, cy = x - me[0] + WINDOW, y - me[1] + WINDOW
            if 0 <= cx < SIDE and 0 <= cy < SIDE:
                board[cy, cx] = grid[y - y0, x - x0]

    def tile_vector(self, tile: Any) -> npt.NDArray[np.float32]:
        """A laid card's cell channels (all but the figures'): a tile is never changed in
        place (a change lays a new tile), so its vector is kept."""
        hit = self.vectors.get(id(tile))
        if hit is not None and hit[0] is tile:
            return hit[1]
        vec = np.zeros(CELL_FIGURE, dtype=np.float32)
        vec[0] = 1.0
        for i, d in enumerate(DIRECTIONS):
            if tile.mask & d:
                vec[1 + i] = 1.0
        vec[CELL_KIND + KINDS.index(tile.card.kind)] = 1.0
        obstacle = tile.card.obstacle
        if obstacle is not None:
            vec[CELL_CLASS + CLASSES.index(obstacle.cls)] = 1.0
            vec[CELL_ATTR + ATTRS.index(obstacle.attr)] = 1.0
            vec[CELL_TARGET] = unit(obstacle.n / DIE_SCALE)
        vec[CELL_TARGET + 1] = unit(tile.gold / GOLD_SCALE)
        vec[CELL_TARGET + 2] = float(tile.collapsed)
        vec[CELL_TARGET + 3] = float(tile.opened)
        if len(self.vectors) > 4096:
            self.vectors.clear()
        self.vectors[id(tile)] = (tile, vec)
        return vec
