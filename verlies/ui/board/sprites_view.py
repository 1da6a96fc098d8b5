"""Hidden canvases the board draws from: the dungeon itself, pictograms and pawns.

**The dungeon** (:class:`TileWorld`) lies in hidden canvases of :data:`CHUNK` x
:data:`CHUNK` cells, :data:`SPRITE` pixels per cell, each card painted into its cell with
canvas commands (``ui/board/tile_paint_view.py``: the drawing of
:func:`verlies.render.shapes.tile`).
Laying a card adds about 1 KB of drawing commands to the board's batch and no widget; the
board shows the dungeon at any zoom with one ``draw_image`` per chunk, and a changed cell with
one clipped ``draw_image``.

**Pictures** (obstacle glyphs, the room's portcullis) are small SVGs in an
``ipywidgets.Image``, drawn once into a hidden canvas of their own, one per glyph, colour and
size; **drawings** (pawns) are hidden canvases drawn once with a function.

None of them announces itself to the kernel (no "client ready" round trip per canvas, see
``ui/board/canvas_view.py``): when a browser connects after they were made (Voila shows the
page after the notebook ran), the board draws them all again
(:meth:`SpriteCache.redraw_all`), pictures and drawings before the chunks that use them.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import ipywidgets as widgets
from ipycanvas import Canvas

from verlies.render import style as st
from verlies.render.svg import icon_svg
from verlies.ui.board.canvas_view import DrawFunction, hidden_canvas, redraw
from verlies.ui.board.tile_paint_view import S, paint_tile

if TYPE_CHECKING:
    from verlies.board import Tile
    from verlies.cards.model import DungeonCard

#: Pixels per cell in the hidden dungeon canvases. The board scales them down to its tile
#: size (28..112 px).
SPRITE = S
#: Cells per side of a hidden dungeon canvas (896 x 896 px).
CHUNK = 8
#: The gap around a card in its cell (as the board's grid shows it), in sprite pixels.
GAP = max(1, round(st.TILE_GAP * SPRITE))

SpriteKey = tuple[str, int, bool, bool]
Pos = tuple[int, int]


def tile_key(tile: Tile) -> SpriteKey:
    """What a board tile (``verlies.board.Tile``) looks like: card, mask, collapsed, gold."""
    return (tile.card.id, tile.mask & 0xF, bool(tile.collapsed), bool(tile.gold))


class SpriteCache:
    """Hidden canvases by key: pictures (SVG), drawings (a function) and composites (drawn
    from the others, e.g. the dungeon's chunks), each drawn again for a new browser."""

    def __init__(self) -> None:
        self._drawings: dict[Hashable, Canvas] = {}
        self._layout = widgets.Layout()  # one for all: sprites are never shown
        # how to draw each canvas again: pictures and drawings first, composites after
        self._draws: tuple[list[tuple[Canvas, DrawFunction]], ...] = ([], [])
        self.created = 0  # canvases made

    def __len__(self) -> int:
        return len(self._drawings)

    def __contains__(self, key: object) -> bool:
        return key in self._drawings

    def drawing(
        self, key: Hashable, width: int, height: int, draw: DrawFunction, composite: bool = False
    ) -> Canvas:
        """A hidden canvas of ``width`` x ``height`` holding what ``draw`` draws on it, made
        on first use and kept under ``key`` (e.g. a pawn at one size). A ``composite`` draws
        from other sprites: a new browser gets it after them."""
        sprite = self._drawings.get(key)
        if sprite is None:
            sprite = hidden_canvas(width, height, self._layout)
            self._drawings[key] = sprite
            self._draws[int(composite)].append((sprite, draw))
            self.created += 1
            redraw(sprite, draw)  # a browser already connected gets it now
        return sprite

    def glyph(self, glyph: st.Glyph, color: str, box: int) -> Canvas:
        """A pictogram in ``color``, to be drawn ``box`` px square (kept at twice that)."""
        key = ("glyph", glyph, color, box)
        if key in self._drawings:
            return self._drawings[key]
        size = 2 * box
        svg = icon_svg(glyph, color, size)
        image = widgets.Image(value=svg.encode("utf-8"), format="svg+xml", layout=self._layout)

        def draw(canvas: Canvas) -> None:
            canvas.clear()
            canvas.draw_image(image, 0, 0, size, size)

        return self.drawing(key, size, size, draw)

    def redraw_all(self, composites: bool = True) -> None:
        """Draw every sprite again (for a browser that connected after they were made: the
        board calls this first in the batch that draws it for that browser)."""
        for group in self._draws[: 2 if composites else 1]:
            for sprite, draw in group:
                redraw(sprite, draw)


class TileWorld:
    """The dungeon as it lies, painted into hidden canvases of CHUNK x CHUNK cells."""

    def __init__(self, sprites: SpriteCache) -> None:
        self.sprites = sprites
        self._tiles: dict[Pos, tuple[SpriteKey, Tile]] = {}
        self._chunks: dict[Pos, Canvas] = {}
        self._ghost: tuple[str, int] | None = None
        self._ghost_card: DungeonCard | None = None
        self.painted = 0  # cards painted (for tests: a redraw for a view paints none)

    @staticmethod
    def chunk_of(pos: Pos) -> Pos:
        return (pos[0] // CHUNK, pos[1] // CHUNK)

    @property
    def chunks(self) -> dict[Pos, Canvas]:
        return self._chunks

    def sync(self, tiles: list[Tile]) -> list[Pos]:
        """Paint the tiles that are new or look different, clear the cells of tiles gone;
        the cells that changed."""
        changed = []
        now = {t.pos: t for t in tiles}
        for pos in [p for p in self._tiles if p not in now]:
            del self._tiles[pos]
            chunk = self._chunks.get(self.chunk_of(pos))
            if chunk is not None:
                chunk.clear_rect(*self._cell_box(pos))
            changed.append(pos)
        for pos, tile in now.items():
            key = tile_key(tile)
            old = self._tiles.get(pos)
            if old is not None and old[0] == key:
                continue
            self._tiles[pos] = (key, tile)
            ck = self.chunk_of(pos)
            chunk = self._chunks.get(ck)
            if chunk is None:  # a new chunk paints its tiles as it is made
                self._chunk(ck)
            else:
                chunk.clear_rect(*self._cell_box(pos))
                self._paint(chunk, pos, tile)
            changed.append(pos)
        return changed

    def ghost(self, card: DungeonCard, mask: int) -> Canvas:
        """A hidden canvas holding ``card`` laid with ``mask`` (the card being placed)."""
        self._ghost_card = card
        canvas = self.sprites.drawing("ghost", SPRITE, SPRITE, self._draw_ghost, composite=True)
        if self._ghost != (card.id, mask & 0xF):
            self._ghost = (card.id, mask & 0xF)
            redraw(canvas, self._draw_ghost)
        return canvas

    def redraw_ghost(self) -> None:
        """Draw the ghost's canvas again (for a browser that connected after it was made)."""
        if "ghost" in self.sprites:
            redraw(
                self.sprites.drawing("ghost", SPRITE, SPRITE, self._draw_ghost), self._draw_ghost
            )

    def _draw_ghost(self, canvas: Canvas) -> None:
        canvas.clear()
        # ghost() sets the card before the key: with a key there is a card
        if self._ghost is not None and self._ghost_card is not None:
            paint_tile(canvas, self._ghost_card, self._ghost[1], False, True, self.sprites.glyph)
            self.painted += 1

    def _cell_box(self, pos: Pos) -> tuple[int, int, int, int]:
        cx, cy = self.chunk_of(pos)
        return ((pos[0] - cx * CHUNK) * SPRITE, (pos[1] - cy * CHUNK) * SPRITE, SPRITE, SPRITE)

    def _paint(self, chunk: Canvas, pos: Pos, tile: Tile) -> None:
        x, y, _, _ = self._cell_box(pos)
        chunk.save()
        chunk.translate(x + GAP, y + GAP)
        chunk.scale(round((SPRITE - 2 * GAP) / SPRITE, 4))
        paint_tile(
            chunk, tile.card, tile.mask, bool(tile.collapsed), bool(tile.gold), self.sprites.glyph
        )
        chunk.restore()
        self.painted += 1

    def _chunk(self, ck: Pos) -> Canvas:
        def draw(canvas: Canvas) -> None:
            canvas.clear()
            for pos, (_key, tile) in sorted(self._tiles.items()):
                if self.chunk_of(pos) == ck:
                    self._paint(canvas, pos, tile)

        side = CHUNK * SPRITE
        chunk = self.sprites.drawing(("chunk", ck), side, side, draw, composite=True)
        self._chunks[ck] = chunk
        return chunk
