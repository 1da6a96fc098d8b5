"""SVG pictures of dungeon cards, playing cards and whole dungeons, as plain strings.

The SVG back-end of :mod:`verlies.render.shapes`: pure string building, no widget or drawing
library. Every function is deterministic (the same input gives the same string) and escapes
all text it writes.

Elements carry ``data-*`` attributes so that tests and the UI can find them: a tile's group has
``data-id``, ``data-kind`` and ``data-mask``; each floor channel has ``data-side`` (N, E, S, W);
a figure has ``data-seat`` and ``data-injured``; a highlighted cell ``data-highlight``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from verlies.cards.display import card_text
from verlies.cards.model import DungeonCard, register_card_painter
from verlies.render import shapes as sh
from verlies.render import style as st
from verlies.render.figure_places import pawn_places
from verlies.render.shapes import Card, wrap

Tile = tuple[int, int, DungeonCard, int, bool]
Figure = tuple[int, int, int, bool]
Cell = tuple[int, int] | tuple[int, int, str]

_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


# ---- small helpers ----


def esc(text: object) -> str:
    """Text for an XML attribute or element: escaped, characters XML forbids removed."""
    return escape(_XML_BAD.sub("", str(text)), {'"': "&quot;"})


def _n(v: float) -> str:
    """A compact, deterministic number: at most two decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def svg_attrs(**kw: object) -> str:
    """``key="value"`` pairs; ``_`` in names becomes ``-``; None values are left out."""
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f'{name}="{_n(v) if isinstance(v, float) else esc(v)}"')
    return " ".join(out)


def _meta(meta: sh.Meta) -> str:
    return "".join(f' {k}="{esc(v)}"' for k, v in meta)


def _nums(*values: float) -> str:
    return " ".join(_n(float(v)) for v in values)


def _paint(
    fill: str | None, stroke: str | None, width: float, line: bool = False, ends: bool = False
) -> str:
    """Fill and stroke attributes; paths and polygons meet round and open paths end round
    (``shapes.ROUND``)."""
    out = f' fill="{fill or "none"}"'
    if stroke is not None:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
        if ends:
            out += f' stroke-linecap="{sh.ROUND}"'
        if line:
            out += f' stroke-linejoin="{sh.ROUND}"'
    return out


def _d(ops: Sequence[tuple[str | float, ...]]) -> str:
    return "".join(f"{op[0]}{_nums(*op[1:])}" for op in ops)  # type: ignore[arg-type]


def icon_svg(glyph: st.Glyph, color: str, size: int) -> str:
    """A pictogram alone, ``size`` px square, as compact SVG (the board's sprite of it)."""
    fill = "".join(f'<path d="{d}" fill-rule="evenodd"/>' for d in glyph.fill)
    stroke = "".join(f'<path d="{d}"/>' for d in glyph.stroke)
    if stroke:
        stroke = (
            f'<g fill="none" stroke="{color}" stroke-width=".9" stroke-linecap="round" '
            f'stroke-linejoin="round">{stroke}</g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 10 10" fill="{color}">{fill}{stroke}</svg>'
    )


def _icon(p: sh.Icon) -> str:
    k = p.box / 10.0
    color = p.color
    parts = [f'<path d="{d}" fill="{color}" fill-rule="evenodd"/>' for d in p.glyph.fill]
    parts += [
        f'<path d="{d}" fill="none" stroke="{color}" stroke-width="0.9" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
        for d in p.glyph.stroke
    ]
    tr = f"translate({_n(p.cx - p.box / 2)} {_n(p.cy - p.box / 2)}) scale({_n(k)})"
    out = f'<g transform="{tr}">{"".join(parts)}</g>'
    return out if p.opacity == 1 else f'<g opacity="{_n(p.opacity)}">{out}</g>'


def shape_svg(p: sh.Shape) -> str:
    """One primitive (a group with all it holds) as SVG markup."""
    if isinstance(p, sh.Group):
        return group_svg(p)
    if isinstance(p, sh.Rect):
        extra = "" if p.fill_opacity is None else f' fill-opacity="{_n(p.fill_opacity)}"'
        if p.stroke is not None:
            extra += f' stroke="{p.stroke}" stroke-width="{_n(p.width)}"'
        if p.dash:
            extra += f' stroke-dasharray="{_nums(*p.dash)}"'
        if p.rx:
            extra += f' rx="{_n(p.rx)}"'
        return (
            f'<rect x="{_n(p.x)}" y="{_n(p.y)}" width="{_n(p.w)}" height="{_n(p.h)}" '
            f'fill="{p.fill or "none"}"{extra}{_meta(p.meta)}/>'
        )
    if isinstance(p, sh.Circle):
        return (
            f'<circle cx="{_n(p.cx)}" cy="{_n(p.cy)}" r="{_n(p.r)}"'
            f"{_paint(p.fill, p.stroke, p.width)}{_meta(p.meta)}/>"
        )
    if isinstance(p, sh.Text):
        weight = ' font-weight="bold"' if p.bold else ""
        return (
            f'<text x="{_n(p.x)}" y="{_n(p.baseline)}" font-size="{_n(p.size)}" '
            f'fill="{p.fill}"{weight} text-anchor="{p.anchor}"{_meta(p.meta)}>'
            f"{esc(p.text)}</text>"
        )
    if isinstance(p, sh.Polygon):
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in p.points)
        return f'<polygon points="{pts}"{_paint(p.fill, p.stroke, p.width, True)}{_meta(p.meta)}/>'
    if isinstance(p, sh.Path):
        paint = _paint(p.fill, p.stroke, p.width, True, not sh.closed(p.ops))
        return f'<path d="{_d(p.ops)}"{paint}{_meta(p.meta)}/>'
    if isinstance(p, sh.Ellipse):
        op = "" if p.opacity == 1 else f' opacity="{_n(p.opacity)}"'
        return (
            f'<ellipse cx="{_n(p.cx)}" cy="{_n(p.cy)}" rx="{_n(p.rx)}" ry="{_n(p.ry)}" '
            f'fill="{p.fill}"{op}/>'
        )
    return _icon(p)


def _transform(g: sh.Group) -> str:
    parts = []
    if g.translate is not None:
        parts.append(f"translate({_nums(*g.translate)})")
    if g.rotate:
        parts.append(f"rotate({_n(g.rotate)})")
    if g.scale != 1:
        parts.append(f"scale({_n(g.scale)})")
    return f' transform="{" ".join(parts)}"' if parts else ""


def inner_svg(g: sh.Group) -> str:
    title = "" if g.title is None else f"<title>{esc(g.title)}</title>"
    return title + "".join(shape_svg(p) for p in g.items)


def group_svg(g: sh.Group) -> str:
    return f"<g{_transform(g)}{_meta(g.meta)}>{inner_svg(g)}</g>"


def _doc(width: float, height: float, view: str, body: str, meta: sh.Meta = ()) -> str:
    head = svg_attrs(
        xmlns="http://www.w3.org/2000/svg",
        width=float(width),
        height=float(height),
        viewBox=view,
        font_family=st.FONT,
    )
    return f"<svg {head}{_meta(meta)}>{body}</svg>"


# ---- dungeon cards ----


def tile_svg(
    card: DungeonCard,
    mask: int | None = None,
    *,
    size: float = 100,
    lang: str = "de",
    collapsed: bool = False,
) -> str:
    """A dungeon card as it lies on the table, ``size`` pixels square.

    ``mask`` is the passage mask as laid (N=1, E=2, S=4, W=8); default: the card's base
    orientation. Text (numbers, letters) stays upright whatever the rotation.
    """
    m = card.mask if mask is None else mask
    s = float(size)
    return _doc(s, s, f"0 0 {_n(s)} {_n(s)}", group_svg(sh.tile(card, m, s, lang, collapsed)))


# ---- playing cards ----


def card_svg(card: Card, lang: str = "de", size: float = 252, *, count: int = 1) -> str:
    """A playing card (portrait, 63 x 88 mm), ``size`` pixels wide, in ``lang`` ("de"/"en").

    Works for room, monster, treasure and character cards and for dungeon cards (whose picture
    is the tile). ``count`` > 1 prints "×N" on the card (print sheets).
    """
    w = float(size)
    h = w * sh.CARD_H / sh.CARD_W
    g = sh.card(card, lang, count)
    return _doc(w, h, f"0 0 {st.CARD_W} {st.CARD_H}", inner_svg(g), g.meta)


# ---- the whole dungeon ----


def board_svg(
    tiles: Iterable[Tile],
    figures: Iterable[Figure] = (),
    *,
    tile_size: float = 60,
    lang: str = "de",
    highlights: Iterable[Cell] = (),
) -> str:
    """The dungeon fitted to its bounding box.

    ``tiles``: ``(x, y, card, mask, collapsed)``; ``figures``: ``(seat, x, y, injured)``;
    ``highlights``: ``(x, y)`` or ``(x, y, kind)`` cells to outline, kind one of
    :data:`style.HIGHLIGHT` (default "place"). Grid y grows downwards. Figures are placed as
    on the page's board (:mod:`verlies.render.figure_places`): clear of an obstacle's dot and
    its pictogram's ring, each visible when several share a cell.
    """
    ts = float(tile_size)
    tl = sorted(tiles, key=lambda t: (t[1], t[0]))
    fl = sorted(figures, key=lambda f: (f[2], f[1], f[0], f[3]))
    hl = sorted({(c[0], c[1], c[2] if len(c) > 2 else st.DEFAULT_HIGHLIGHT) for c in highlights})
    cells = [(t[0], t[1]) for t in tl] + [(f[1], f[2]) for f in fl] + [(c[0], c[1]) for c in hl]
    pad = 0.12 * ts
    if not cells:
        return _doc(ts, ts, f"0 0 {_n(ts)} {_n(ts)}", shape_svg(sh.Rect(0, 0, ts, ts, st.TABLE)))
    x0 = min(c[0] for c in cells)
    y0 = min(c[1] for c in cells)
    cols = max(c[0] for c in cells) - x0 + 1
    rows = max(c[1] for c in cells) - y0 + 1
    w, h = cols * ts + 2 * pad, rows * ts + 2 * pad

    def px(x: int) -> float:
        return pad + (x - x0) * ts

    def py(y: int) -> float:
        return pad + (y - y0) * ts

    body: list[sh.Shape] = [sh.Rect(0, 0, w, h, st.TABLE)]
    for x, y, card, mask, collapsed in tl:
        picture = sh.tile(card, mask, ts, lang, collapsed, gap=st.TILE_GAP * ts)
        where = (("data-x", str(x)), ("data-y", str(y)))
        body.append(sh.Group((picture,), translate=(px(x), py(y)), meta=where))
    for x, y, kind in hl:
        hs = st.HIGHLIGHT.get(kind, st.HIGHLIGHT[st.DEFAULT_HIGHLIGHT])
        i = 0.05 * ts
        body.append(
            sh.Rect(
                px(x) + i,
                py(y) + i,
                ts - 2 * i,
                ts - 2 * i,
                hs.fill,
                hs.stroke,
                0.05 * ts,
                rx=0.06 * ts,
                fill_opacity=hs.fill_opacity,
                dash=tuple(float(v) * ts for v in hs.dash.split()),
                meta=(("data-highlight", kind), ("data-x", str(x)), ("data-y", str(y))),
            )
        )
    by_cell: dict[tuple[int, int], list[Figure]] = {}
    for f in fl:
        by_cell.setdefault((f[1], f[2]), []).append(f)
    hindered = {(t[0], t[1]) for t in tl if t[2].obstacle is not None}
    for (x, y), group in sorted(by_cell.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        seated = sorted(group)
        # the page's placement: clear of the obstacle's number and its pictogram's ring
        places = pawn_places([f[3] for f in seated], obstacle=(x, y) in hindered)
        for (seat, _, _, injured), at in zip(seated, places, strict=True):
            cx, cy = px(x) + ts / 2 + at.x * ts, py(y) + ts / 2 + at.y * ts
            body.append(sh.figure(cx, cy, at.h * ts, seat, injured))
    content = "".join(shape_svg(p) for p in body)
    return _doc(w, h, f"0 0 {_n(w)} {_n(h)}", content, (("data-origin", f"{x0},{y0}"),))


# Cards draw themselves (``card.svg()``, ``_repr_svg_``) with this module; the cards sit a
# layer below the pictures, so the pictures hand the drawing function down.
register_card_painter(lambda card, lang: card_svg(card, lang=lang))

__all__ = [
    "Card",
    "board_svg",
    "card_svg",
    "card_text",
    "icon_svg",
    "shape_svg",
    "tile_svg",
    "wrap",
]
