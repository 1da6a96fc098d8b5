"""The two back-ends of the one drawing description show the same pictures.

``render/shapes.py`` describes a card; ``render/svg.py`` writes it as SVG (print sheets,
notebooks) and ``render/canvas.py`` as the canvas commands the board sends. Every card of the
default deck, in every rotation and state, is read back from both outputs (what the SVG
holds, what the canvas commands draw) and compared; a few cards are rasterised both ways
(CairoSVG for the SVG, the canvas commands replayed on cairo for the board) and compared
pixel by pixel, so the page and the printed cards cannot drift apart.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from typing import Any

import pytest

from verlies.board import rotate
from verlies.cards.model import DungeonCard, TileKind
from verlies.deck import Deck
from verlies.render import shapes as sh
from verlies.render import style as st
from verlies.render.canvas import TILE, IconSprite, commands, tile_commands
from verlies.render.svg import card_svg, icon_svg, shape_svg, tile_svg

SVG = "{http://www.w3.org/2000/svg}"
DECK = Deck.default()
TILES = sorted(DECK.dungeon.values(), key=lambda c: c.id)


def _laid(card: DungeonCard) -> list[int]:
    """The card's passage masks in its four rotations (repeats left out)."""
    return sorted({rotate(card.mask, r) for r in range(4)})


CASES = [
    (card, mask, collapsed, gold)
    for card in TILES
    for mask in _laid(card)
    for collapsed in ((False, True) if card.kind is TileKind.EXIT else (False,))
    for gold in ((True, False) if card.gold else (True,))
]


# ---- what each back-end shows, read back -----------------------------------------------------


def _svg_summary(svg: str) -> dict[str, Any]:
    """Texts (in order), fill colours, and the number of each kind of mark in an SVG."""
    root = ET.fromstring(svg)
    # a pictogram is a <g transform="... scale(...)"> holding its paths: one mark
    icons = [el for el in root.iter(f"{SVG}g") if "scale(" in (el.get("transform") or "")]
    inside = {id(el) for g in icons for el in g.iter() if el is not g}
    elements = [el for el in root.iter() if id(el) not in inside]
    tag = {id(el): el.tag.removeprefix(SVG) for el in elements}
    marks = Counter(
        tag[id(el)]
        for el in elements
        if tag[id(el)] in ("rect", "circle", "polygon", "path", "ellipse")
    )
    marks["icon"] = len(icons)
    return {
        "texts": [el.text or "" for el in elements if tag[id(el)] == "text"],
        "fills": {_fill(el) for el in elements if el.get("fill") not in (None, "none")},
        "strokes": {el.get("stroke") for el in elements if el.get("stroke") not in (None, "none")},
        "marks": marks,
    }


def _fill(el: ET.Element) -> str:
    """An element's fill as the canvas names it (a translucent one as ``rgba()``)."""
    fill = el.get("fill") or ""
    alpha = el.get("fill-opacity")
    if alpha is None:
        return fill
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r}, {g}, {b}, {float(alpha)})"


def _canvas_summary(cmds: list[tuple[Any, ...]]) -> dict[str, Any]:
    """The same summary from canvas commands: what they fill, stroke, write and draw."""
    texts: list[str] = []
    fills: set[str] = set()
    strokes: set[str] = set()
    marks: Counter[str] = Counter()
    style: dict[str, Any] = {}
    for cmd in cmds:
        name = cmd[0]
        if name == "set":
            style[cmd[1]] = cmd[2]
        elif name == "fill_rect":
            marks["rect"] += 1
            fills.add(style["fill_style"])
        elif name == "fill_circle":
            fills.add(style["fill_style"])
        elif name == "stroke_circle":
            strokes.add(style["stroke_style"])
        elif name in ("fill", "stroke"):
            (fills if name == "fill" else strokes).add(
                style["fill_style" if name == "fill" else "stroke_style"]
            )
        elif name == "fill_text":
            texts.append(cmd[1])
            fills.add(style["fill_style"])
        elif name == "draw_image":
            marks["icon"] += 1
    return {"texts": texts, "fills": fills, "strokes": strokes, "marks": marks}


def _circles(cmds: list[tuple[Any, ...]]) -> int:
    """Circles drawn: a fill and/or a stroke of the same circle count once."""
    seen = [c[1:] for c in cmds if c[0] in ("fill_circle", "stroke_circle")]
    return sum(1 for i, c in enumerate(seen) if i == 0 or seen[i - 1] != c)


def _paths(cmds: list[tuple[Any, ...]]) -> Counter[str]:
    """Paths filled or stroked, by kind: a rounded rect (arcs), a polygon (closed straight
    lines), or an open path; a fill and a stroke of one path count once."""
    out: Counter[str] = Counter()
    path: list[str] = []
    drawn = False
    for cmd in cmds:
        name = cmd[0]
        if name == "begin_path":
            path, drawn = [], False
        elif name in ("move_to", "line_to", "arc_to", "bezier_curve_to", "close_path"):
            path.append(name)
        elif name in ("fill", "stroke") and not drawn and path:
            drawn = True
            if "arc_to" in path:
                out["rect"] += 1
            elif path[-1] == "close_path":
                out["polygon" if "bezier_curve_to" not in path else "path"] += 1
            else:
                out["path"] += 1
    return out


@pytest.mark.parametrize(
    ("card", "mask", "collapsed", "gold"),
    CASES,
    ids=[f"{c.id}-m{m}{'-x' if x else ''}{'' if g else '-taken'}" for c, m, x, g in CASES],
)
def test_svg_and_canvas_show_the_same_marks(
    card: DungeonCard, mask: int, collapsed: bool, gold: bool
) -> None:
    picture = sh.tile(card, mask, TILE, collapsed=collapsed, gold=gold)
    svg = _svg_summary(f'<svg xmlns="http://www.w3.org/2000/svg">{shape_svg(picture)}</svg>')
    cmds = list(tile_commands(card, mask, collapsed, gold))
    canvas = _canvas_summary(cmds)
    assert canvas["texts"] == svg["texts"]
    assert canvas["fills"] == svg["fills"]
    assert canvas["strokes"] == svg["strokes"]
    marks = Counter(canvas["marks"])
    marks["circle"] = _circles(cmds)
    marks += _paths(cmds)
    assert +marks == +svg["marks"]
    # and what a board shows is what the SVG of the card shows (gold taken: no coin)
    if gold:
        whole = _svg_summary(tile_svg(card, mask, size=TILE, collapsed=collapsed))
        assert whole["texts"] == svg["texts"]


PLAYING = [
    (card, lang)
    for deck in (DECK.rooms, DECK.monsters, DECK.treasures, DECK.characters, DECK.dungeon)
    for card in sorted(deck.values(), key=lambda c: c.id)
    for lang in ("de", "en")
]


@pytest.mark.parametrize(("card", "lang"), PLAYING, ids=[f"{c.id}-{lang}" for c, lang in PLAYING])
def test_every_playing_card_shows_the_same_marks_on_both(card: Any, lang: str) -> None:
    """Playing cards (print sheets, the editor) drawn by the canvas back-end too."""
    svg = _svg_summary(card_svg(card, lang))
    cmds = commands(sh.card(card, lang).items)
    canvas = _canvas_summary(cmds)
    assert canvas["texts"] == svg["texts"]
    assert canvas["fills"] == svg["fills"]
    assert canvas["strokes"] == svg["strokes"]
    marks = Counter(canvas["marks"])
    marks["circle"] = _circles(cmds)
    marks += _paths(cmds)
    assert +marks == +svg["marks"]


# ---- pixels ----------------------------------------------------------------------------------

cairo = pytest.importorskip("cairocffi")
cairosvg = pytest.importorskip("cairosvg")


def _color(css: str, alpha: float) -> tuple[float, float, float, float]:
    m = re.fullmatch(r"rgba\((\d+), (\d+), (\d+), ([\d.]+)\)", css)
    if m:
        r, g, b, a = (float(v) for v in m.groups())
        return r / 255, g / 255, b / 255, a * alpha
    h = css[1:]
    if len(h) == 3:
        h = "".join(c + c for c in h)
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, alpha


@cache
def _icon_surface(sprite: IconSprite) -> Any:
    png = cairosvg.svg2png(bytestring=icon_svg(sprite.glyph, sprite.color, sprite.box))
    return cairo.ImageSurface.create_from_png(io.BytesIO(png))


def _arc_to(ctx: Any, x1: float, y1: float, x2: float, y2: float, r: float) -> None:
    """The canvas's arcTo on cairo: a line to the first tangent point, then the arc."""
    x0, y0 = ctx.get_current_point()
    v1 = (x0 - x1, y0 - y1)
    v2 = (x2 - x1, y2 - y1)
    l1, l2 = math.hypot(*v1), math.hypot(*v2)
    if l1 == 0 or l2 == 0 or r == 0:
        ctx.line_to(x1, y1)
        return
    u1, u2 = (v1[0] / l1, v1[1] / l1), (v2[0] / l2, v2[1] / l2)
    angle = math.acos(max(-1.0, min(1.0, u1[0] * u2[0] + u1[1] * u2[1])))
    if angle in (0.0, math.pi):
        ctx.line_to(x1, y1)
        return
    d = r / math.tan(angle / 2)
    t1 = (x1 + u1[0] * d, y1 + u1[1] * d)
    t2 = (x1 + u2[0] * d, y1 + u2[1] * d)
    bis = (u1[0] + u2[0], u1[1] + u2[1])
    lb = math.hypot(*bis)
    k = r / math.sin(angle / 2)
    cx, cy = x1 + bis[0] / lb * k, y1 + bis[1] / lb * k
    a1 = math.atan2(t1[1] - cy, t1[0] - cx)
    a2 = math.atan2(t2[1] - cy, t2[0] - cx)
    ctx.line_to(*t1)
    if u1[0] * u2[1] - u1[1] * u2[0] > 0:
        ctx.arc_negative(cx, cy, r, a1, a2)
    else:
        ctx.arc(cx, cy, r, a1, a2)


def _replay(cmds: list[tuple[Any, ...]], side: int, height: int | None = None) -> Any:
    """Canvas commands drawn on a cairo surface, as a browser's 2D canvas draws them."""
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, side, height or side)
    ctx = cairo.Context(surface)
    style: dict[str, Any] = {"global_alpha": 1.0, "text_align": "start"}
    saved: list[dict[str, Any]] = []

    def source(key: str) -> None:
        ctx.set_source_rgba(*_color(style[key], style["global_alpha"]))

    def stroke() -> None:
        source("stroke_style")
        ctx.set_line_width(style["line_width"])
        ctx.set_line_cap(
            {"round": cairo.LINE_CAP_ROUND}.get(style.get("line_cap", ""), cairo.LINE_CAP_BUTT)
        )
        ctx.set_line_join(
            {"round": cairo.LINE_JOIN_ROUND}.get(style.get("line_join", ""), cairo.LINE_JOIN_MITER)
        )
        ctx.stroke_preserve()

    def alone(draw: Any) -> None:
        """Draw a shape of its own without touching the path being built."""
        path = ctx.copy_path()
        ctx.new_path()
        draw()
        ctx.new_path()
        ctx.append_path(path)

    for cmd in cmds:
        name, args = cmd[0], cmd[1:]
        if name == "set":
            style[args[0]] = args[1]
        elif name == "save":
            saved.append(dict(style))
            ctx.save()
        elif name == "restore":
            style = saved.pop()
            ctx.restore()
        elif name == "begin_path":
            ctx.new_path()
        elif name in ("move_to", "line_to", "rect", "translate", "scale", "rotate", "clip"):
            getattr(ctx, {"rect": "rectangle"}.get(name, name))(*args)
        elif name == "close_path":
            ctx.close_path()
        elif name == "bezier_curve_to":
            ctx.curve_to(*args)
        elif name == "arc_to":
            _arc_to(ctx, *args)
        elif name == "ellipse":
            x, y, rx, ry, _rot, start, end = args
            ctx.save()
            ctx.translate(x, y)
            ctx.scale(rx, ry)
            ctx.new_sub_path()
            ctx.arc(0, 0, 1, start, end)
            ctx.restore()
        elif name == "fill":
            source("fill_style")
            ctx.fill_preserve()
        elif name == "stroke":
            stroke()
        elif name == "fill_rect":

            def rect(a: tuple[Any, ...] = args) -> None:
                ctx.rectangle(*a)
                source("fill_style")
                ctx.fill()

            alone(rect)
        elif name in ("fill_circle", "stroke_circle"):

            def circle(a: tuple[Any, ...] = args, fill: bool = name == "fill_circle") -> None:
                ctx.arc(a[0], a[1], a[2], 0, 2 * math.pi)
                if fill:
                    source("fill_style")
                    ctx.fill()
                else:
                    stroke()

            alone(circle)
        elif name == "fill_text":
            text, x, y = args
            m = re.fullmatch(r"(bold )?([\d.]+)px ([^,]+),.*", style["font"])
            assert m, style["font"]
            weight = cairo.FONT_WEIGHT_BOLD if m.group(1) else cairo.FONT_WEIGHT_NORMAL
            ctx.select_font_face(m.group(3), cairo.FONT_SLANT_NORMAL, weight)
            ctx.set_font_size(float(m.group(2)))
            advance = ctx.text_extents(text)[4]
            shift = {"center": advance / 2, "right": advance}.get(style["text_align"], 0)
            source("fill_style")

            def write(t: str = text, px: float = x - shift, py: float = y) -> None:
                ctx.move_to(px, py)
                ctx.show_text(t)

            alone(write)
        elif name == "draw_image":
            sprite, x, y, w, h = args
            image = _icon_surface(sprite)
            ctx.save()
            ctx.translate(x, y)
            ctx.scale(w / image.get_width(), h / image.get_height())
            ctx.set_source_surface(image, 0, 0)
            ctx.paint_with_alpha(style["global_alpha"])
            ctx.restore()
        else:
            raise AssertionError(f"the replay does not know {name!r}")
    return surface


def _pixels(surface: Any) -> Any:
    from PIL import Image

    buf = io.BytesIO()
    surface.write_to_png(buf)
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGBA")


#: Pixels that may differ between the two pictures of a card (edges rounded to whole
#: pixels on the board, text placed by another library); a number or a colour drifting
#: away changes 60 and more (see test_the_pixel_check_sees_a_drift).
OFF_PIXELS = 30


def _off_pixels(a: Any, b: Any, cmds: list[tuple[Any, ...]]) -> int:
    """Pixels of ``a`` with no pixel within one pixel's shift in ``b`` that is within a
    quarter of the range in every channel; the outer ring and the pictograms' boxes left
    out (a pictogram is the same picture both ways, drawn from a sprite on the board)."""
    import numpy as np

    x = np.asarray(a, dtype=np.int16)[..., :3]
    y = np.asarray(b, dtype=np.int16)[..., :3]
    best = None
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            d = np.abs(x - np.roll(np.roll(y, dx, 0), dy, 1)).max(axis=2)
            best = d if best is None else np.minimum(best, d)
    keep = np.ones(best.shape, dtype=bool)
    keep[0, :] = keep[-1, :] = keep[:, 0] = keep[:, -1] = False
    for c in cmds:
        if c[0] == "draw_image":
            _, _, x0, y0, w, h = c
            keep[max(0, y0 - 1) : y0 + h + 1, max(0, x0 - 1) : x0 + w + 1] = False
    return int(((best > 64) & keep).sum())


def _svg_pixels(svg: str) -> Any:
    from PIL import Image

    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg))).convert("RGBA")


def _sample() -> list[tuple[DungeonCard, int, bool, bool]]:
    """A card of each kind (start, exit, room, dead end, gold and obstacle), all rotations."""
    picks = {}
    for card in TILES:
        key = (card.kind, card.shape, card.gold > 0, card.obstacle is not None)
        picks.setdefault(key, card)
    return [
        (card, mask, collapsed, True)
        for card in picks.values()
        for mask in _laid(card)
        for collapsed in ((False, True) if card.kind is TileKind.EXIT else (False,))
    ]


SAMPLE = _sample()


@pytest.mark.parametrize(
    ("card", "mask", "collapsed", "gold"),
    SAMPLE,
    ids=[f"{c.id}-m{m}{'-x' if x else ''}" for c, m, x, _g in SAMPLE],
)
def test_the_board_paints_the_pixels_of_the_svg(
    card: DungeonCard, mask: int, collapsed: bool, gold: bool
) -> None:
    cmds = list(tile_commands(card, mask, collapsed, gold))
    svg = _svg_pixels(tile_svg(card, mask, size=TILE, collapsed=collapsed))
    assert _off_pixels(_pixels(_replay(cmds, TILE)), svg, cmds) <= OFF_PIXELS


def test_the_pixel_check_sees_a_drift() -> None:
    """A canvas that drew the gem in another colour, or left out the obstacle's number,
    would fail the check above."""
    card = next(c for c in TILES if c.gold and c.obstacle is not None)
    good = list(tile_commands(card, card.mask))
    svg = _svg_pixels(tile_svg(card, card.mask, size=TILE))
    gem = st.GEM[card.color]
    other = next(v for v in st.GEM.values() if v != gem)
    recoloured = [
        ("set", "fill_style", other) if c == ("set", "fill_style", gem) else c for c in good
    ]
    no_number = [c for c in good if c[:2] != ("fill_text", str(card.obstacle.n))]  # type: ignore[union-attr]
    assert _off_pixels(_pixels(_replay(good, TILE)), svg, good) <= OFF_PIXELS
    for bad in (recoloured, no_number):
        assert _off_pixels(_pixels(_replay(bad, TILE)), svg, good) > 2 * OFF_PIXELS


def test_a_pawn_looks_the_same_on_both() -> None:
    for seat, injured in ((0, False), (1, True), (3, False)):
        group = sh.figure(40, 40, 50, seat, injured)
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" '
            f'font-family="{st.FONT}">{shape_svg(group)}</svg>'
        )
        cmds = commands([group], isolated=False)
        assert _off_pixels(_pixels(_replay(cmds, 80)), _svg_pixels(svg), cmds) <= 2


@pytest.mark.parametrize("deck", ["rooms", "monsters", "treasures", "characters", "dungeon"])
def test_a_playing_card_has_the_pixels_of_its_svg(deck: str) -> None:
    """Text is placed by two libraries here (a few hundred edge pixels move); a panel, a
    badge or a colour that drifted would change thousands."""
    card = sorted(getattr(DECK, deck).values(), key=lambda c: c.id)[0]
    w, h = st.CARD_W, st.CARD_H
    for lang in ("de", "en"):
        cmds = commands(sh.card(card, lang).items, clip=(w, h))
        svg = _svg_pixels(card_svg(card, lang, size=w))
        assert _off_pixels(_pixels(_replay(cmds, w, h)), svg, cmds) <= w * h // 200
