"""Tile sprites: each dungeon card as it lies is drawn once into a hidden canvas.

A sprite is keyed by (card id, passage mask, collapsed, gold still lying there). Its picture
is the SVG of :func:`verlies.render.svg.tile_svg` (the same look as the SVG renderer and the
print sheets) in an ``ipywidgets.Image``; the hidden canvas draws that image once, and the
board composes sprites with ``draw_image``, so laying a card sends a few bytes.

Making a sprite sends its image and its canvas (one ``Layout`` shared by all of them: they
are never shown) and draws it in the board's batch. Sprites do not announce themselves to
the kernel (no "client ready" round trip per sprite, see ``ui/canvas.py``): when a browser
connects after they were made (Voila shows the page after the notebook ran), the board
draws them all again (:meth:`SpriteCache.redraw_all`) in the batch that draws it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas

from verlies.ui.canvas import DrawFunction, hidden_canvas, redraw

#: Sprite side in pixels. The board scales sprites down to its tile size (28..112 px).
SPRITE = 112

SpriteKey = tuple[str, int, bool, bool]

#: What a rasterised SVG does not need: its title, classes and data attributes.
_UNSEEN = re.compile(r'<title>.*?</title>| (?:class|data-[\w-]+)="[^"]*"', re.S)


def tile_key(tile: Any) -> SpriteKey:
    """The sprite key of a board tile (``verlies.board.Tile``)."""
    return (tile.card.id, tile.mask & 0xF, bool(tile.collapsed), bool(tile.gold))


def _tile_picture(card: Any, mask: int, collapsed: bool, gold: bool, size: int) -> str:
    from verlies.render.svg import tile_svg

    if not gold and card.gold:
        card = dataclasses.replace(card, gold=0)  # R4.1: the gold has been taken
    return _UNSEEN.sub("", tile_svg(card, mask, size=size, lang="en", collapsed=collapsed))


class SpriteCache:
    """(card, mask, collapsed, gold) -> a hidden Canvas holding that tile's picture."""

    def __init__(self, size: int = SPRITE) -> None:
        self.size = size
        self._sprites: dict[SpriteKey, Canvas] = {}
        self._images: dict[SpriteKey, widgets.Image] = {}
        self._drawings: dict[Hashable, Canvas] = {}
        self._layout = widgets.Layout()  # one for all: sprites are never shown
        self._draws: list[tuple[Canvas, DrawFunction]] = []  # every sprite, how to draw it
        self.created = 0  # tile sprites made

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
        image = widgets.Image(value=svg.encode("utf-8"), format="svg+xml", layout=self._layout)
        self._images[key] = image

        def draw(canvas: Canvas) -> None:
            canvas.clear()
            canvas.draw_image(image, 0, 0, self.size, self.size)

        sprite = self._make(self.size, self.size, draw)
        self._sprites[key] = sprite
        self.created += 1
        return sprite

    def drawing(self, key: Hashable, width: int, height: int, draw: DrawFunction) -> Canvas:
        """A hidden canvas of ``width`` x ``height`` holding what ``draw`` draws on it, made
        on first use and kept under ``key`` (e.g. a pawn at one size)."""
        sprite = self._drawings.get(key)
        if sprite is None:
            sprite = self._drawings[key] = self._make(width, height, draw)
        return sprite

    def _make(self, width: int, height: int, draw: DrawFunction) -> Canvas:
        sprite = hidden_canvas(width, height, self._layout)
        self._draws.append((sprite, draw))
        redraw(sprite, draw)  # a browser already connected gets it now
        return sprite

    def redraw_all(self) -> None:
        """Draw every sprite again (for a browser that connected after they were made: the
        board calls this first in the batch that draws it for that browser)."""
        for sprite, draw in self._draws:
            redraw(sprite, draw)

    def for_tile(self, tile: Any) -> Canvas:
        return self.get(tile.card, tile.mask, tile.collapsed, bool(tile.gold))
