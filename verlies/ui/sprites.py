"""Tile sprites: each dungeon card as it lies is drawn once into a hidden canvas.

A sprite is keyed by (card id, passage mask, collapsed, gold still lying there). Its picture
is the SVG of :func:`verlies.render.svg.tile_svg` (the same look as the SVG renderer and the
print sheets) in an ``ipywidgets.Image``; the hidden canvas draws that image once, and the
board composes sprites with ``draw_image``, so laying a card sends a few bytes.

The hidden canvases redraw themselves when the browser connects (see ``ui/canvas.py``), and
then tell the board (``on_ready``) to compose the cells that use them again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas

from verlies.ui.canvas import on_ready, redraw

#: Sprite side in pixels. The board scales sprites down to its tile size (28..112 px).
SPRITE = 112

SpriteKey = tuple[str, int, bool, bool]


def tile_key(tile: Any) -> SpriteKey:
    """The sprite key of a board tile (``verlies.board.Tile``)."""
    return (tile.card.id, tile.mask & 0xF, bool(tile.collapsed), bool(tile.gold))


def _tile_picture(card: Any, mask: int, collapsed: bool, gold: bool, size: int) -> str:
    from verlies.render.svg import tile_svg

    if not gold and card.gold:
        card = dataclasses.replace(card, gold=0)  # R4.1: the gold has been taken
    return tile_svg(card, mask, size=size, lang="en", collapsed=collapsed)


class SpriteCache:
    """(card, mask, collapsed, gold) -> a hidden Canvas holding that tile's picture."""

    def __init__(self, size: int = SPRITE) -> None:
        self.size = size
        self._sprites: dict[SpriteKey, Canvas] = {}
        self._images: dict[SpriteKey, widgets.Image] = {}
        #: Called with the key when a sprite was (re)drawn for a newly connected browser.
        self.on_ready: Callable[[SpriteKey], None] | None = None
        self.created = 0

    def __len__(self) -> int:
        return len(self._sprites)

    def __contains__(self, key: object) -> bool:
        return key in self._sprites

    def get(self, card: Any, mask: int, collapsed: bool = False, gold: bool = True) -> Canvas:
        """The sprite of ``card`` laid with ``mask`` (created and drawn on first use)."""
        key: SpriteKey = (card.id, mask & 0xF, bool(collapsed), bool(gold and card.gold))
        sprite = self._sprites.get(key)
        if sprite is not None:
            return sprite
        svg = _tile_picture(card, mask & 0xF, bool(collapsed), key[3], self.size)
        image = widgets.Image(value=svg.encode("utf-8"), format="svg+xml")
        sprite = Canvas(width=self.size, height=self.size)
        self._images[key] = image
        self._sprites[key] = sprite

        def draw(canvas: Canvas) -> None:
            canvas.clear()
            canvas.draw_image(image, 0, 0, self.size, self.size)

        def client_ready() -> None:
            redraw(sprite, draw)
            if self.on_ready is not None:
                self.on_ready(key)

        on_ready(sprite, client_ready)
        redraw(sprite, draw)  # a browser already connected gets it now
        self.created += 1
        return sprite

    def for_tile(self, tile: Any) -> Canvas:
        return self.get(tile.card, tile.mask, tile.collapsed, bool(tile.gold))
