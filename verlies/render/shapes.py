"""One drawing description for dungeon cards, figures and playing cards.

The functions here turn a card (or a figure) into a tree of small typed primitives in one
coordinate system: :class:`Rect`, :class:`Circle`, :class:`Ellipse`, :class:`Polygon`,
:class:`Path`, :class:`Text`, :class:`Icon` (a pictogram of :mod:`verlies.render.style`) and
:class:`Group` (a transform, an opacity, a tooltip). Two back-ends draw the same tree: SVG
strings (:mod:`verlies.render.svg`) and canvas commands (:mod:`verlies.render.canvas`, what
the board sends to ipycanvas), so the print sheets and the page cannot drift apart.

Pure values: no widget or drawing library, no text but the card's own and what
:mod:`verlies.i18n` gives. ``meta`` holds what only a document needs (``class``,
``data-*`` attributes: how tests and the page find elements); a canvas ignores it.

>>> [type(p).__name__ for p in figure(0, 0, 10, seat=0, injured=False).items]
['Group', 'Text']
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from verlies.board import SIDE_NAME, SIDES
from verlies.cards.model import (
    Attr,
    Character,
    DungeonCard,
    MonsterCard,
    RoomCard,
    TileKind,
    TreasureCard,
)
from verlies.i18n import text as _t
from verlies.render import style as st

Card = RoomCard | MonsterCard | TreasureCard | Character | DungeonCard
#: SVG-only attributes in order: ``(("class", "tile"), ("data-id", "r-1"))``.
Meta = tuple[tuple[str, str], ...]
Point = tuple[float, float]

# The four sides of a tile: (bit, name, dx, dy), from verlies.board's one table.
_SIDES: tuple[tuple[int, str, int, int], ...] = tuple(
    (bit, SIDE_NAME[bit], dx, dy) for bit, dx, dy, _ in SIDES
)


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: str | None = None
    width: float = 0.0
    rx: float = 0.0
    fill_opacity: float | None = None
    dash: tuple[float, ...] = ()
    meta: Meta = ()


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None
    stroke: str | None = None
    width: float = 0.0
    meta: Meta = ()


@dataclass(frozen=True, slots=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    fill: str
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str
    stroke: str | None = None
    width: float = 0.0
    meta: Meta = ()


@dataclass(frozen=True, slots=True)
class Path:
    """Path commands (``("M", x, y)``, ``("l", dx, dy)``, ``("h", dx)``, ``("v", dy)``,
    ``("L", x, y)``, ``("C", x1, y1, x2, y2, x, y)``, ``("Z",)``), filled and/or stroked."""

    ops: tuple[tuple[str | float, ...], ...]
    fill: str | None
    stroke: str | None = None
    width: float = 0.0
    meta: Meta = ()


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text, centred on ``x`` (``anchor`` "middle"), starting ("start") or ending
    ("end") there; its middle on ``y`` (``middle``) or its baseline on ``y``."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    bold: bool = False
    anchor: str = "middle"
    middle: bool = True
    meta: Meta = ()

    @property
    def baseline(self) -> float:
        return self.y + 0.36 * self.size if self.middle else self.y


@dataclass(frozen=True, slots=True)
class Icon:
    """A pictogram (10 x 10 box) drawn ``box`` wide, centred on (cx, cy)."""

    glyph: st.Glyph
    cx: float
    cy: float
    box: float
    color: str
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Group:
    """Primitives drawn translated, then rotated (degrees), then scaled; ``title`` is the
    document's tooltip."""

    items: tuple[Shape, ...]
    translate: Point | None = None
    rotate: float = 0.0
    scale: float = 1.0
    title: str | None = None
    meta: Meta = ()


Shape = Rect | Circle | Ellipse | Polygon | Path | Text | Icon | Group

#: Strokes of paths and polygons meet round, and open paths end round, in both back-ends
#: (the board's look).
ROUND = "round"


def closed(ops: tuple[tuple[str | float, ...], ...]) -> bool:
    """Whether every part of a path is closed (its stroke has no ends)."""
    return sum(op[0] == "M" for op in ops) == sum(op[0] == "Z" for op in ops)


# ---- dungeon cards ---------------------------------------------------------------------------


def tile_title(card: DungeonCard, lang: str, collapsed: bool) -> str:
    """The tooltip of a dungeon card: name, id, gold, obstacle, collapsed."""
    parts = [f"{card.name.get(lang)} ({card.id})"]
    if card.gold:
        parts.append(_t("render.tile.gold", lang, n=card.gold))
    if card.obstacle is not None:
        o = card.obstacle
        parts.append(
            f"{st.OBSTACLE[o.type].name.get(lang)} {o.n} "
            f"({st.COLOR_NAME[o.color].get(lang)}: {st.ATTR_LABEL[o.color.attr].get(lang)})"
        )
    if collapsed:
        parts.append(_t("render.tile.collapsed", lang))
    return " · ".join(parts)


def _specks(seed: str, s: float) -> Path:
    """A few deterministic hairline cracks in the rock corners (texture, seeded by the id)."""
    h = zlib.crc32(seed.encode("utf-8"))
    ops: list[tuple[str | float, ...]] = []
    corners = ((0.0, 0.0), (0.68, 0.0), (0.0, 0.68), (0.68, 0.68))
    for i, (ox, oy) in enumerate(corners):
        a = (h >> (i * 8)) & 0xFF
        x = (ox + 0.06 + (a & 0x0F) / 15 * 0.16) * s
        y = (oy + 0.08 + (a >> 4) / 15 * 0.14) * s
        up = -1 if a & 1 else 1
        ops.append(("M", x, y))
        for dx, dy in ((0.04, 0.025 * up), (0.035, -0.01 * up), (0.02, 0.03 * up)):
            ops.append(("l", dx * s, dy * s))
    return Path(tuple(ops), None, st.ROCK_SPECK, 0.014 * s)


def _passages(mask: int, s: float, g: float, room: bool) -> list[Shape]:
    """Floor channels from the middle to each side in ``mask`` (two passes: rim, then floor)."""
    c = s / 2
    pw = st.PASSAGE_W * s
    e = st.PASSAGE_EDGE * s
    sides = [(bit, name, dx, dy) for bit, name, dx, dy in _SIDES if mask & bit]
    if not sides:
        return []

    def channel(dx: int, dy: int, widen: float) -> tuple[float, float, float, float]:
        half = pw / 2 + widen
        if dy < 0:
            return c - half, g, 2 * half, c - g
        if dy > 0:
            return c - half, c, 2 * half, s - g - c
        if dx > 0:
            return c, c - half, s - g - c, 2 * half
        return g, c - half, c - g, 2 * half

    rim: list[Shape] = []
    floor: list[Shape] = []
    for _bit, name, dx, dy in sides:
        rim.append(Rect(*channel(dx, dy, e), st.FLOOR_EDGE))
        meta = (("data-side", name), ("class", "passage"))
        floor.append(Rect(*channel(dx, dy, 0.0), st.FLOOR, meta=meta))
    if room:
        rw = st.ROOM_W * s
        rim.append(Rect(c - rw / 2 - e, c - rw / 2 - e, rw + 2 * e, rw + 2 * e, st.ROOM_WALL))
    elif len(sides) == 1:
        rim.append(Circle(c, c, pw / 2 + e, st.FLOOR_EDGE))
        floor.append(Circle(c, c, pw / 2, st.FLOOR))
    else:
        rim.append(Rect(c - pw / 2 - e, c - pw / 2 - e, pw + 2 * e, pw + 2 * e, st.FLOOR_EDGE))
        floor.append(Rect(c - pw / 2, c - pw / 2, pw, pw, st.FLOOR))
    return rim + floor


def _chamber(s: float) -> list[Shape]:
    """A room's chamber: flagstone floor and a faint portcullis (draw a room card, R6.2)."""
    c = s / 2
    rw = st.ROOM_W * s
    x0 = c - rw / 2
    third = rw / 3
    ops: list[tuple[str | float, ...]] = []
    for row in range(3):
        y = x0 + row * third
        if row:
            ops += [("M", x0, y), ("h", rw)]
        off = third / 2 if row % 2 else 0.0
        for col in (1, 2):
            ops += [("M", x0 + col * third - off, y), ("v", third)]
    return [
        Rect(x0, x0, rw, rw, st.ROOM_FLOOR, meta=(("class", "chamber"),)),
        Path(tuple(ops), None, st.ROOM_LINE, 0.012 * s),
        Icon(st.DECK["room"].icon, c, c, 0.3 * s, st.ROOM_WALL, opacity=0.55),
    ]


def _rubble(mask: int, s: float) -> list[Shape]:
    """Rocks filling the passages of a collapsed exit (R1.2)."""
    c = s / 2
    stones: list[tuple[float, float, float]] = []
    for bit, _name, dx, dy in _SIDES:
        if mask & bit:
            for along, across, r in ((0.25, 0.07, 0.085), (0.33, -0.08, 0.075), (0.43, 0.04, 0.08)):
                stones.append((dx * along - dy * across, dy * along + dx * across, r))
    shape = ((-1, 0.2), (-0.4, -0.9), (0.6, -0.8), (1, 0.1), (0.5, 0.9), (-0.6, 0.8))
    out: list[Shape] = []
    for i, (x, y, r) in enumerate(stones):
        px, py, pr = c + x * s, c + y * s, r * s
        points = tuple((px + dx * pr, py + dy * pr) for dx, dy in shape)
        out.append(Polygon(points, st.RUBBLE[i % len(st.RUBBLE)], st.ROCK_EDGE, 0.012 * s))
    return out


def tile(  # long because: the card's layers in paint order, each a few shapes
    card: DungeonCard,
    mask: int,
    s: float,
    lang: str = "de",
    collapsed: bool = False,
    *,
    gold: bool = True,
    gap: float = 0.0,
    count: int = 1,
) -> Group:
    """A dungeon card laid with passage ``mask`` in the square (0, 0)-(s, s).

    ``gold``: the card's coins still lie there (R4.1); ``gap``: the rock's inset on the board;
    ``count`` > 1 prints "×N" (print sheets). Text stays upright whatever the rotation.
    """
    g = gap
    c = s / 2
    kind = card.kind
    out: list[Shape] = [
        Rect(g, g, s - 2 * g, s - 2 * g, st.ROCK, st.ROCK_EDGE, 0.02 * s, rx=st.TILE_RADIUS * s),
        _specks(card.id, s),
    ]
    out += _passages(mask & 0xF, s, g, kind is TileKind.ROOM)
    if kind is TileKind.ROOM:
        out += _chamber(s)
    if kind in st.EMBLEM:
        color = "#6f665d" if collapsed else st.EMBLEM_COLOR[kind]
        r = st.EMBLEM_R * s
        out.append(Circle(c, c, r, st.PAPER, color, 0.03 * s, meta=(("class", "emblem"),)))
        out.append(Text(c, c - 0.01 * s, st.EMBLEM[kind], 0.26 * s, color, bold=True))
        if collapsed:
            k = r * 0.85
            ops = (
                ("M", c - k, c - k),
                ("L", c + k, c + k),
                ("M", c + k, c - k),
                ("L", c - k, c + k),
            )
            out.append(Path(ops, None, st.DANGER, 0.05 * s, meta=(("class", "collapsed"),)))
            out += _rubble(mask, s)
    # the gem: card colour, with its letter
    gx, gy = st.GEM_POS[0] * s, st.GEM_POS[1] * s
    gr = st.GEM_R * s
    gem = ((gx, gy - gr), (gx + gr * 0.9, gy), (gx, gy + gr), (gx - gr * 0.9, gy))
    gem_meta = (("class", "gem"), ("data-color", card.color.value))
    out.append(Polygon(gem, st.GEM[card.color], st.PAPER, 0.014 * s, meta=gem_meta))
    out.append(Text(gx, gy, st.COLOR_LETTER[card.color], 0.11 * s, st.PAPER, bold=True))
    if card.gold and gold:
        x, y = st.GOLD_POS[0] * s, st.GOLD_POS[1] * s
        r = st.GOLD_R * s
        out.append(Circle(x, y, r, st.GOLD, st.GOLD_EDGE, 0.018 * s, meta=(("class", "gold"),)))
        out.append(Circle(x, y, r * 0.78, None, st.GOLD_EDGE, 0.006 * s))
        out.append(Text(x, y, str(card.gold), 0.15 * s, st.GOLD_INK, bold=True))
    if card.obstacle is not None:
        o = card.obstacle
        x, y = st.OBSTACLE_POS[0] * s, st.OBSTACLE_POS[1] * s
        dot = st.OBSTACLE_DOT[o.color]
        dot_meta = (("class", "obstacle"), ("data-color", o.color.value), ("data-type", o.type.key))
        out.append(Circle(x, y, st.OBSTACLE_R * s, dot, st.PAPER, 0.022 * s, meta=dot_meta))
        out.append(Text(x, y - 0.035 * s, str(o.n), 0.2 * s, st.PAPER, bold=True))
        out.append(Text(x, y + 0.105 * s, st.COLOR_LETTER[o.color], 0.085 * s, st.PAPER))
        gx, gy = st.GLYPH_POS[0] * s, st.GLYPH_POS[1] * s
        gr = st.GLYPH_R * s
        out.append(Circle(gx, gy, gr, st.PAPER, dot, st.GLYPH_LINE * s))
        out.append(Icon(st.OBSTACLE[o.type].glyph, gx, gy, gr * 1.25, st.INK))
    if count > 1:
        x, y = st.COUNT_POS[0] * s, st.COUNT_POS[1] * s
        out.append(Rect(x - 0.12 * s, y - 0.07 * s, 0.24 * s, 0.14 * s, st.PAPER, rx=0.03 * s))
        out.append(Text(x, y, f"×{count}", 0.11 * s, st.INK, bold=True, meta=(("class", "count"),)))
    meta: Meta = (
        ("class", "tile"),
        ("data-id", card.id),
        ("data-kind", card.kind.value),
        ("data-mask", str(mask & 0xF)),
    )
    if collapsed:
        meta += (("data-collapsed", "1"),)
    return Group(tuple(out), title=tile_title(card, lang, collapsed), meta=meta)


# ---- figures ---------------------------------------------------------------------------------


def figure(cx: float, cy: float, h: float, seat: int, injured: bool) -> Group:
    """A figure ``h`` tall centred on (cx, cy): a pawn standing upright, or lying on its side
    when injured (R8.1), its seat number on it."""
    color = st.player_color(seat)
    ink = st.PLAYER_INK[seat % len(st.PLAYER_INK)]
    sw = 0.06
    body = (
        ("M", -0.32, 0.5),
        ("C", -0.32, 0.12, -0.2, -0.06, 0.0, -0.06),
        ("C", 0.2, -0.06, 0.32, 0.12, 0.32, 0.5),
        ("Z",),
    )
    pawn = Group(
        (
            Ellipse(0.0, 0.5, 0.34, 0.08, "#000", opacity=0.3),
            Path(body, color, ink, sw),
            Circle(0.0, -0.27, 0.19, color, ink, sw),
        ),
        translate=(cx, cy),
        rotate=-90.0 if injured else 0.0,
        scale=h,
    )
    lx, ly = (cx + 0.24 * h, cy) if injured else (cx, cy + 0.26 * h)
    label = Text(lx, ly, str(seat + 1), max(st.FIGURE_LABEL_MIN, 0.3 * h), ink, bold=True)
    meta = (
        ("class", "figure"),
        ("data-seat", str(seat)),
        ("data-injured", "1" if injured else "0"),
    )
    return Group((pawn, label), meta=meta)


# ---- text layout -----------------------------------------------------------------------------


def wrap(text: str, width: int) -> list[str]:
    """Word-wrap ``text`` to lines of at most ``width`` characters.

    Line breaks in the text are kept; a word longer than a line is cut.

    >>> wrap("a bb ccc dddd", 6)
    ['a bb', 'ccc', 'dddd']
    """
    width = max(1, width)
    lines: list[str] = []
    for para in text.splitlines() or [""]:
        line = ""
        for word in para.split():
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line = f"{line} {word}"
            else:
                lines.append(line)
                line = word
        lines.append(line)
    while len(lines) > 1 and not lines[-1]:
        lines.pop()
    return lines


def _fit_lines(
    text: str, width: float, height: float, size: float, *, bold: bool = False, min_size: float = 8
) -> tuple[list[str], float]:
    """Wrap ``text`` into a box, shrinking the font until the lines fit; (lines, font size)."""
    em = st.CHAR_EM_BOLD if bold else st.CHAR_EM
    while True:
        lines = wrap(text, int(width / (size * em)))
        if len(lines) * size * 1.22 <= height or size <= min_size:
            return lines, size
        size = max(min_size, size * 0.9)


def _text_block(
    lines: list[str], cx: float, cy: float, size: float, fill: str, *, bold: bool = False
) -> list[Shape]:
    """Lines of text centred horizontally on cx and vertically on cy."""
    step = size * 1.22
    top = cy - step * (len(lines) - 1) / 2
    return [Text(cx, top + i * step, line, size, fill, bold=bold) for i, line in enumerate(lines)]


# ---- playing cards ---------------------------------------------------------------------------

CARD_W, CARD_H = float(st.CARD_W), float(st.CARD_H)
_PAD = 20.0  # frame width
_IN = 45.0  # inner margin of panels


def _badge_font(w: float, h: float, labels: list[str]) -> float:
    """One font size for a row of value pills, so that the longest label fits."""
    room = w - h - h * 0.3  # left of the disc, inside the rounded end
    longest = max((len(s) for s in labels), default=4)
    return min(h * 0.42, room / (max(4, longest) * (st.CHAR_EM_BOLD + 0.04)))


def _value_badge(
    x: float, y: float, w: float, h: float, attr: Attr, value: int, lang: str, fs: float
) -> list[Shape]:
    """A value pill: attribute name on its colour, the number in a white disc."""
    color = st.GEM[st.ATTR_COLOR[attr]]
    label = st.ATTR_LABEL[attr].get(lang)
    room = w - h - h * 0.3
    return [
        Rect(x, y, w, h, color, rx=h / 2, meta=(("data-attr", attr.key),)),
        Text(x + h * 0.3 + room / 2, y + h / 2, label, fs, st.PAPER, bold=True),
        Circle(x + w - h / 2, y + h / 2, h / 2 - 6, st.PAPER),
        Text(x + w - h / 2, y + h / 2, str(value), h * 0.52, st.INK, bold=True),
    ]


def _text_panel(words: str, top: float, bottom: float, ds: st.DeckStyle) -> list[Shape]:
    w = CARD_W - 2 * _IN
    h = bottom - top
    out: list[Shape] = [Rect(_IN, top, w, h, "#fffdf8", ds.accent, 3, rx=14)]
    if words.strip():
        lines, fs = _fit_lines(words, w - 40, h - 30, 36, min_size=14)
        out += _text_block(lines, CARD_W / 2, top + h / 2, fs, st.INK)
    return out


def card(  # long because: the card's layers in paint order, per kind of card
    card: Card,
    lang: str = "de",
    count: int = 1,
) -> Group:
    """A playing card in a :data:`CARD_W` x :data:`CARD_H` box (0.1 mm units): room,
    monster, treasure and character cards, and dungeon cards (whose picture is the tile).
    ``count`` > 1 prints "×N" on it (print sheets)."""
    from verlies.cards.display import card_text

    ds = st.DECK[card.KIND]
    deck_label = _t(f"render.deck.{card.KIND}", lang)
    out: list[Shape] = [
        Rect(0, 0, CARD_W, CARD_H, ds.frame, rx=32),
        Rect(_PAD, _PAD, CARD_W - 2 * _PAD, CARD_H - 2 * _PAD, ds.paper, rx=20),
        # header band, square at the bottom
        Rect(_PAD, _PAD, CARD_W - 2 * _PAD, 96, ds.accent, rx=20),
        Rect(_PAD, _PAD + 60, CARD_W - 2 * _PAD, 36, ds.accent),
        Circle(78, 68, 36, ds.paper),
        Icon(ds.icon, 78, 68, 46, ds.accent),
        Text(130, 68, deck_label.upper(), 32, ds.paper, bold=True, anchor="start"),
    ]
    if isinstance(card, TreasureCard) and card.is_magic:
        out.append(Circle(560, 68, 34, st.MAGIC, st.PAPER, 5, meta=(("class", "magic"),)))
        out.append(Text(560, 68, "M", 40, st.PAPER, bold=True))
    if isinstance(card, DungeonCard):
        out.append(Circle(560, 68, 30, st.GEM[card.color], st.PAPER, 5))
        out.append(Text(560, 68, st.COLOR_LETTER[card.color], 32, st.PAPER, bold=True))
    # the name
    lines, fs = _fit_lines(
        card.name.get(lang), CARD_W - 2 * _IN - 20, 112, 50, bold=True, min_size=24
    )
    out += _text_block(lines[:3], CARD_W / 2, 180, fs, st.INK, bold=True)
    # the picture
    art_top, art_h = 246.0, 270.0
    out.append(
        Rect(
            _IN,
            art_top,
            CARD_W - 2 * _IN,
            art_h,
            ds.accent,
            rx=14,
            fill_opacity=0.14,
            meta=(("class", "art"),),
        )
    )
    acx, acy = CARD_W / 2, art_top + art_h / 2
    if isinstance(card, DungeonCard):
        side = 240.0
        picture = tile(card, card.mask, side, lang)
        out.append(Group((picture,), translate=(acx - side / 2, acy - side / 2)))
    else:
        out.append(Icon(ds.icon, acx, acy, 200, ds.accent, opacity=0.85))
    text_top = 540.0
    if isinstance(card, TreasureCard):
        x, y = CARD_W - _IN - 70, art_top + art_h - 70
        out.append(Circle(x, y, 58, st.GOLD, st.GOLD_EDGE, 6, meta=(("class", "gold"),)))
        out.append(Circle(x, y, 46, None, st.GOLD_EDGE, 2))
        out.append(Text(x, y, str(card.gold), 50, st.GOLD_INK, bold=True))
    if isinstance(card, MonsterCard) and card.fight:
        n = len(card.fight)
        word = _t("render.or", lang)
        gap = len(word) * st.CHAR_EM * 22 + 16 if n > 1 else 0.0
        w = min((CARD_W - 2 * _IN - gap * (n - 1)) / n, 340.0)
        x0 = (CARD_W - (w * n + gap * (n - 1))) / 2
        fs = _badge_font(w, 76, [st.ATTR_LABEL[o.attr].get(lang) for o in card.fight])
        for i, opt in enumerate(card.fight):
            x = x0 + i * (w + gap)
            out += _value_badge(x, 540, w, 76, opt.attr, opt.value, lang, fs)
            if i:
                out.append(Text(x - gap / 2, 578, word, 22, st.INK))
        text_top = 636.0
    if isinstance(card, Character):
        w = CARD_W - 2 * _IN - 80
        fs = _badge_font(w, 80, [st.ATTR_LABEL[a].get(lang) for a in Attr])
        for i, attr in enumerate(Attr):
            out += _value_badge(_IN + 40, 548 + i * 98, w, 80, attr, card.value(attr), lang, fs)
    else:
        out += _text_panel(card_text(card, lang), text_top, CARD_H - 60, ds)
    out.append(Text(_PAD + 22, CARD_H - 38, card.id, 17, "#8a7f70", anchor="start", middle=False))
    if count > 1:
        out.append(
            Rect(CARD_W - 150, CARD_H - 55, 108, 32, ds.accent, rx=16, meta=(("class", "count"),))
        )
        out.append(Text(CARD_W - 96, CARD_H - 39, f"×{count}", 24, st.PAPER, bold=True))
    return Group(
        tuple(out), title=f"{card.name.get(lang)} ({card.id})", meta=(("data-deck", card.KIND),)
    )


__all__ = [
    "CARD_H",
    "CARD_W",
    "ROUND",
    "Card",
    "Circle",
    "Ellipse",
    "Group",
    "Icon",
    "Meta",
    "Path",
    "Polygon",
    "Rect",
    "Shape",
    "Text",
    "card",
    "closed",
    "figure",
    "tile",
    "tile_title",
    "wrap",
]
