"""A dungeon card and a pawn painted on an ipycanvas ``Canvas``: the look of the SVG pictures.

The board does not send a picture per card: it paints each card it lays with the canvas
commands of :mod:`verlies.render.canvas` (the same drawing description as the SVG of
:mod:`verlies.render.svg`, integer coordinates in a :data:`S` x :data:`S` square, state set
only when it changes), about 1 KB in the board's batch. Only the pictograms (obstacle glyphs
and the room's portcullis) are pictures: one small SVG each, made once per glyph and colour
(``ui/board/sprites_view.py``) and drawn with ``draw_image``.

The painters draw into any ipycanvas ``Canvas`` (or a recorder with the same methods) in its
current transform; the caller translates and scales it to the cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from verlies.cards.model import DungeonCard
from verlies.render import shapes
from verlies.render import style as st
from verlies.render.canvas import TILE, Command, IconSprite, commands, tile_commands

if TYPE_CHECKING:
    from ipycanvas import Canvas

#: Side of the square a card is painted in (the board's largest tile size).
S = TILE

#: ``glyph_image(glyph, colour, box)`` -> a canvas holding that pictogram, ``box`` px square.
GlyphImage = Callable[[st.Glyph, str, int], "Canvas"]


def _no_glyphs(glyph: st.Glyph, color: str, box: int) -> Canvas:
    raise ValueError("this drawing has no pictograms")


def paint(c: Any, cmds: Iterable[Command], glyph_image: GlyphImage = _no_glyphs) -> None:
    """Send canvas commands (:func:`verlies.render.canvas.commands`) to ``c``."""
    for cmd in cmds:
        name = cmd[0]
        if name == "set":
            setattr(c, cmd[1], cmd[2])
        elif name == "draw_image" and isinstance(cmd[1], IconSprite):
            sprite = cmd[1]
            c.draw_image(glyph_image(sprite.glyph, sprite.color, sprite.box), *cmd[2:])
        else:
            getattr(c, name)(*cmd[1:])


def paint_tile(
    c: Any, card: DungeonCard, mask: int, collapsed: bool, gold: bool, glyph_image: GlyphImage
) -> None:
    """Paint ``card`` laid with ``mask`` into the square (0, 0)-(S, S) of ``c``.

    ``gold``: the card's gold still lies there (R4.1). Leaves the canvas state as it found it
    (one save/restore around everything)."""
    paint(c, tile_commands(card, mask, collapsed, gold), glyph_image)


def paint_figure(c: Any, cx: float, cy: float, h: float, seat: int, injured: bool) -> None:
    """A pawn ``h`` tall centred on (cx, cy), as :func:`verlies.render.shapes.figure` draws
    it: standing, or lying on its side when injured (R8.1), its seat number on it. For a
    canvas of its own (a sprite): the canvas's state is left as the pawn set it."""
    paint(c, commands([shapes.figure(cx, cy, h, seat, injured)], isolated=False))
