"""SVG pictures of dungeon cards, playing cards and whole dungeons, as plain strings.

Pure string building: no widget or drawing library. Every function is deterministic (the same
input gives the same string) and escapes all text it writes. Colours, sizes and glyphs come from
:mod:`verlies.render.style`.

Elements carry ``data-*`` attributes so that tests and the UI can find them: a tile's group has
``data-id``, ``data-kind`` and ``data-mask``; each floor channel has ``data-side`` (N, E, S, W);
a figure has ``data-seat`` and ``data-injured``; a highlighted cell ``data-highlight``.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from verlies.cards.model import (
    Attr,
    Character,
    DungeonCard,
    MonsterCard,
    MonsterText,
    RoomCard,
    TileKind,
    TreasureCard,
    TreasureText,
)
from verlies.render import style as st

Card = RoomCard | MonsterCard | TreasureCard | Character | DungeonCard
Tile = tuple[int, int, DungeonCard, int, bool]
Figure = tuple[int, int, int, bool]
Cell = tuple[int, int] | tuple[int, int, str]

_N, _E, _S, _W = 1, 2, 4, 8
_SIDES: tuple[tuple[int, str], ...] = ((_N, "N"), (_E, "E"), (_S, "S"), (_W, "W"))
_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


# ---- small helpers ----


def _esc(text: object) -> str:
    """Text for an XML attribute or element: escaped, characters XML forbids removed."""
    return escape(_XML_BAD.sub("", str(text)), {'"': "&quot;"})


def _n(v: float) -> str:
    """A compact, deterministic number: at most two decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attrs(**kw: object) -> str:
    """``key="value"`` pairs; ``_`` in names becomes ``-``; None values are left out."""
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f'{name}="{_n(v) if isinstance(v, float) else _esc(v)}"')
    return " ".join(out)


def _el(tag: str, **kw: object) -> str:
    return f"<{tag} {_attrs(**kw)}/>"


def _rect(x: float, y: float, w: float, h: float, fill: str, **kw: object) -> str:
    return _el("rect", x=float(x), y=float(y), width=float(w), height=float(h), fill=fill, **kw)


def _circle(cx: float, cy: float, r: float, fill: str, **kw: object) -> str:
    return _el("circle", cx=float(cx), cy=float(cy), r=float(r), fill=fill, **kw)


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    fill: str,
    *,
    bold: bool = False,
    anchor: str = "middle",
    middle: bool = True,
    **kw: object,
) -> str:
    """A line of text; with ``middle`` the text is centred vertically on ``y``."""
    base = y + 0.36 * size if middle else y
    a = _attrs(
        x=float(x),
        y=float(base),
        font_size=float(size),
        fill=fill,
        font_weight="bold" if bold else None,
        text_anchor=anchor,
        **kw,
    )
    return f"<text {a}>{_esc(text)}</text>"


def _glyph(g: st.Glyph, cx: float, cy: float, box: float, color: str) -> str:
    """A 10 x 10 pictogram centred on (cx, cy), ``box`` wide."""
    k = box / 10.0
    parts = [f'<path d="{d}" fill="{color}" fill-rule="evenodd"/>' for d in g.fill]
    parts += [
        f'<path d="{d}" fill="none" stroke="{color}" stroke-width="0.9" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
        for d in g.stroke
    ]
    tr = f"translate({_n(cx - box / 2)} {_n(cy - box / 2)}) scale({_n(k)})"
    return f'<g transform="{tr}">{"".join(parts)}</g>'


def _doc(width: float, height: float, view: str, body: Sequence[str], **kw: object) -> str:
    head = _attrs(
        xmlns="http://www.w3.org/2000/svg",
        width=float(width),
        height=float(height),
        viewBox=view,
        font_family=st.FONT,
        **kw,
    )
    return f"<svg {head}>{''.join(body)}</svg>"


def wrap(text: str, width: int) -> list[str]:
    """Word-wrap ``text`` to lines of at most ``width`` characters.

    Line breaks in the text are kept; a word longer than a line is cut.
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
    lines: Sequence[str], cx: float, cy: float, size: float, fill: str, *, bold: bool = False
) -> str:
    """Lines of text centred horizontally on cx and vertically on cy."""
    step = size * 1.22
    top = cy - step * (len(lines) - 1) / 2
    return "".join(
        _text(cx, top + i * step, line, size, fill, bold=bold) for i, line in enumerate(lines)
    )


# ---- dungeon cards ----


def _tile_title(card: DungeonCard, lang: str, collapsed: bool) -> str:
    parts = [f"{card.name.get(lang)} ({card.id})"]
    if card.gold:
        parts.append(f"{st.WORDS['gold'].get(lang)} {card.gold}")
    if card.obstacle is not None:
        o = card.obstacle
        attr = o.color.attr
        parts.append(
            f"{st.OBSTACLE[o.type].name.get(lang)} {o.n} "
            f"({st.COLOR_NAME[o.color].get(lang)}: {st.ATTR_LABEL[attr].get(lang)})"
        )
    if collapsed:
        parts.append(st.WORDS["collapsed"].get(lang))
    return " · ".join(parts)


def _specks(seed: str, s: float) -> str:
    """A few deterministic hairline cracks in the rock corners (texture, seeded by the id)."""
    h = zlib.crc32(seed.encode("utf-8"))
    out = []
    corners = ((0.0, 0.0), (0.68, 0.0), (0.0, 0.68), (0.68, 0.68))
    for i, (ox, oy) in enumerate(corners):
        a = (h >> (i * 8)) & 0xFF
        x = (ox + 0.06 + (a & 0x0F) / 15 * 0.16) * s
        y = (oy + 0.08 + (a >> 4) / 15 * 0.14) * s
        up = -1 if a & 1 else 1
        out.append(
            f"M{_n(x)} {_n(y)}l{_n(0.04 * s)} {_n(up * 0.025 * s)}"
            f"l{_n(0.035 * s)} {_n(-up * 0.01 * s)}l{_n(0.02 * s)} {_n(up * 0.03 * s)}"
        )
    return (
        f'<path d="{"".join(out)}" fill="none" stroke="{st.ROCK_SPECK}" '
        f'stroke-width="{_n(0.014 * s)}" stroke-linecap="round" stroke-linejoin="round"/>'
    )


def _passages(mask: int, s: float, g: float, room: bool) -> list[str]:
    """Floor channels from the middle to each side in ``mask`` (two passes: rim, then floor)."""
    c = s / 2
    pw = st.PASSAGE_W * s
    e = st.PASSAGE_EDGE * s
    sides = [(bit, name) for bit, name in _SIDES if mask & bit]
    if not sides:
        return []

    def channel(bit: int, widen: float) -> tuple[float, float, float, float]:
        half = pw / 2 + widen
        if bit == _N:
            return c - half, g, 2 * half, c - g
        if bit == _S:
            return c - half, c, 2 * half, s - g - c
        if bit == _E:
            return c, c - half, s - g - c, 2 * half
        return g, c - half, c - g, 2 * half

    rim: list[str] = []
    floor: list[str] = []
    for bit, name in sides:
        rim.append(_rect(*channel(bit, e), st.FLOOR_EDGE))
        floor.append(_rect(*channel(bit, 0.0), st.FLOOR, data_side=name, class_="passage"))
    if room:
        rw = st.ROOM_W * s
        rim.append(_rect(c - rw / 2 - e, c - rw / 2 - e, rw + 2 * e, rw + 2 * e, st.ROOM_WALL))
    elif len(sides) == 1:
        rim.append(_circle(c, c, pw / 2 + e, st.FLOOR_EDGE))
        floor.append(_circle(c, c, pw / 2, st.FLOOR))
    else:
        rim.append(_rect(c - pw / 2 - e, c - pw / 2 - e, pw + 2 * e, pw + 2 * e, st.FLOOR_EDGE))
        floor.append(_rect(c - pw / 2, c - pw / 2, pw, pw, st.FLOOR))
    return rim + floor


def _chamber(s: float) -> list[str]:
    """A room's chamber: flagstone floor and a faint portcullis (draw a room card, R6.2)."""
    c = s / 2
    rw = st.ROOM_W * s
    x0 = c - rw / 2
    out = [_rect(x0, x0, rw, rw, st.ROOM_FLOOR, class_="chamber")]
    third = rw / 3
    d = []
    for row in range(3):
        y = x0 + row * third
        if row:
            d.append(f"M{_n(x0)} {_n(y)}h{_n(rw)}")
        off = third / 2 if row % 2 else 0.0
        for col in (1, 2):
            x = x0 + col * third - off
            d.append(f"M{_n(x)} {_n(y)}v{_n(third)}")
    out.append(
        f'<path d="{"".join(d)}" stroke="{st.ROOM_LINE}" stroke-width="{_n(0.012 * s)}" '
        'fill="none"/>'
    )
    out.append(f'<g opacity="0.55">{_glyph(st.DECK["room"].icon, c, c, 0.3 * s, st.ROOM_WALL)}</g>')
    return out


def _rubble(mask: int, s: float) -> list[str]:
    """Rocks filling the passages of a collapsed exit (R1.2)."""
    c = s / 2
    stones: list[tuple[float, float, float]] = []
    for bit, _ in _SIDES:
        if mask & bit:
            dx, dy = {_N: (0, -1), _E: (1, 0), _S: (0, 1), _W: (-1, 0)}[bit]
            for along, across, r in ((0.25, 0.07, 0.085), (0.33, -0.08, 0.075), (0.43, 0.04, 0.08)):
                stones.append((dx * along - dy * across, dy * along + dx * across, r))
    out = []
    shape = ((-1, 0.2), (-0.4, -0.9), (0.6, -0.8), (1, 0.1), (0.5, 0.9), (-0.6, 0.8))
    for i, (x, y, r) in enumerate(stones):
        px, py, pr = c + x * s, c + y * s, r * s
        pts = " ".join(f"{_n(px + dx * pr)},{_n(py + dy * pr)}" for dx, dy in shape)
        color = st.RUBBLE[i % len(st.RUBBLE)]
        out.append(
            f'<polygon points="{pts}" fill="{color}" stroke="{st.ROCK_EDGE}" '
            f'stroke-width="{_n(0.012 * s)}" stroke-linejoin="round"/>'
        )
    return out


def _tile_body(
    card: DungeonCard,
    mask: int,
    s: float,
    lang: str,
    collapsed: bool,
    *,
    gap: float = 0.0,
    count: int = 1,
) -> list[str]:
    """The parts of one dungeon card drawn in the square (0, 0)-(s, s)."""
    g = gap
    c = s / 2
    kind = card.kind
    out = [
        f"<title>{_esc(_tile_title(card, lang, collapsed))}</title>",
        _rect(
            g,
            g,
            s - 2 * g,
            s - 2 * g,
            st.ROCK,
            rx=st.TILE_RADIUS * s,
            stroke=st.ROCK_EDGE,
            stroke_width=0.02 * s,
        ),
        _specks(card.id, s),
    ]
    out += _passages(mask & 0xF, s, g, kind is TileKind.ROOM)
    if kind is TileKind.ROOM:
        out += _chamber(s)
    if kind in st.EMBLEM:
        color = "#6f665d" if collapsed else st.EMBLEM_COLOR[kind]
        r = st.EMBLEM_R * s
        out.append(_circle(c, c, r, st.PAPER, stroke=color, stroke_width=0.03 * s, class_="emblem"))
        out.append(_text(c, c - 0.01 * s, st.EMBLEM[kind], 0.26 * s, color, bold=True))
        if collapsed:
            k = r * 0.85
            out.append(
                f'<path d="M{_n(c - k)} {_n(c - k)}L{_n(c + k)} {_n(c + k)}'
                f'M{_n(c + k)} {_n(c - k)}L{_n(c - k)} {_n(c + k)}" stroke="{st.DANGER}" '
                f'stroke-width="{_n(0.05 * s)}" stroke-linecap="round" class="collapsed"/>'
            )
            out += _rubble(mask, s)
    # the gem: card colour, with its letter
    gx, gy = st.GEM_POS[0] * s, st.GEM_POS[1] * s
    gr = st.GEM_R * s
    pts = f"{_n(gx)},{_n(gy - gr)} {_n(gx + gr * 0.9)},{_n(gy)} {_n(gx)},{_n(gy + gr)} " + (
        f"{_n(gx - gr * 0.9)},{_n(gy)}"
    )
    out.append(
        f'<polygon points="{pts}" fill="{st.GEM[card.color]}" stroke="{st.PAPER}" '
        f'stroke-width="{_n(0.014 * s)}" class="gem" data-color="{card.color.value}"/>'
    )
    out.append(_text(gx, gy, st.COLOR_LETTER[card.color], 0.11 * s, st.PAPER, bold=True))
    if card.gold:
        x, y = st.GOLD_POS[0] * s, st.GOLD_POS[1] * s
        r = st.GOLD_R * s
        out.append(
            _circle(x, y, r, st.GOLD, stroke=st.GOLD_EDGE, stroke_width=0.018 * s, class_="gold")
        )
        out.append(_circle(x, y, r * 0.78, "none", stroke=st.GOLD_EDGE, stroke_width=0.006 * s))
        out.append(_text(x, y, str(card.gold), 0.15 * s, st.GOLD_INK, bold=True))
    if card.obstacle is not None:
        o = card.obstacle
        x, y = st.OBSTACLE_POS[0] * s, st.OBSTACLE_POS[1] * s
        r = st.OBSTACLE_R * s
        out.append(
            _circle(
                x,
                y,
                r,
                st.OBSTACLE_DOT[o.color],
                stroke=st.PAPER,
                stroke_width=0.022 * s,
                class_="obstacle",
                data_color=o.color.value,
                data_type=o.type.key,
            )
        )
        out.append(_text(x, y - 0.035 * s, str(o.n), 0.2 * s, st.PAPER, bold=True))
        out.append(_text(x, y + 0.105 * s, st.COLOR_LETTER[o.color], 0.085 * s, st.PAPER))
        gx, gy = st.GLYPH_POS[0] * s, st.GLYPH_POS[1] * s
        gr = st.GLYPH_R * s
        out.append(
            _circle(gx, gy, gr, st.PAPER, stroke=st.OBSTACLE_DOT[o.color], stroke_width=0.02 * s)
        )
        out.append(_glyph(st.OBSTACLE[o.type].glyph, gx, gy, gr * 1.25, st.INK))
    if count > 1:
        x, y = st.COUNT_POS[0] * s, st.COUNT_POS[1] * s
        out.append(_rect(x - 0.12 * s, y - 0.07 * s, 0.24 * s, 0.14 * s, st.PAPER, rx=0.03 * s))
        out.append(_text(x, y, f"×{count}", 0.11 * s, st.INK, bold=True, class_="count"))
    group = _attrs(
        class_="tile",
        data_id=card.id,
        data_kind=card.kind.value,
        data_mask=str(mask & 0xF),
        data_collapsed="1" if collapsed else None,
    )
    return [f"<g {group}>", *out, "</g>"]


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
    return _doc(s, s, f"0 0 {_n(s)} {_n(s)}", _tile_body(card, m, s, lang, collapsed))


# ---- playing cards ----


def card_text(card: Card, lang: str = "de") -> str:
    """The text printed on a card in ``lang``: the canonical German text, or its translation."""
    if isinstance(card, Character):
        return ""
    if isinstance(card, DungeonCard):
        return _dungeon_text(card, lang)
    if lang != "en":
        return card.text
    from verlies.cards import text as fmt  # lazy: the formatter is optional for drawing tiles

    if isinstance(card, RoomCard):
        return fmt.format_room(card.effects, "en")
    if isinstance(card, MonsterCard):
        return fmt.format_monster(
            MonsterText(card.fight, card.loot_gold, card.loot_treasures), "en"
        )
    return fmt.format_treasure(TreasureText(card.gold, card.magic, card.spent), "en")


def _dungeon_text(card: DungeonCard, lang: str) -> str:
    w = st.WORDS
    lines = [f"{w[card.kind.value].get(lang)} · {w[card.shape.value].get(lang)}"]
    if card.gold:
        lines.append(f"{w['gold'].get(lang)}: {card.gold}")
    if card.obstacle is not None:
        o = card.obstacle
        lines.append(
            f"{w['obstacle'].get(lang)}: {st.OBSTACLE[o.type].name.get(lang)} {o.n} "
            f"({st.COLOR_NAME[o.color].get(lang)} = {st.ATTR_LABEL[o.color.attr].get(lang)})"
        )
    return "\n".join(lines)


_CW, _CH = float(st.CARD_W), float(st.CARD_H)
_PAD = 20.0  # frame width
_IN = 45.0  # inner margin of panels


def _badge_font(w: float, h: float, labels: Iterable[str]) -> float:
    """One font size for a row of value pills, so that the longest label fits."""
    room = w - h - h * 0.3  # left of the disc, inside the rounded end
    longest = max((len(s) for s in labels), default=4)
    return min(h * 0.42, room / (max(4, longest) * (st.CHAR_EM_BOLD + 0.04)))


def _value_badge(
    x: float, y: float, w: float, h: float, attr: Attr, value: int, lang: str, fs: float
) -> str:
    """A value pill: attribute name on its colour, the number in a white disc."""
    color = st.GEM[st.ATTR_COLOR[attr]]
    label = st.ATTR_LABEL[attr].get(lang)
    room = w - h - h * 0.3
    return "".join(
        (
            _rect(x, y, w, h, color, rx=h / 2, data_attr=attr.key),
            _text(x + h * 0.3 + room / 2, y + h / 2, label, fs, st.PAPER, bold=True),
            _circle(x + w - h / 2, y + h / 2, h / 2 - 6, st.PAPER),
            _text(x + w - h / 2, y + h / 2, str(value), h * 0.52, st.INK, bold=True),
        )
    )


def _text_panel(text: str, top: float, bottom: float, ds: st.DeckStyle) -> list[str]:
    w = _CW - 2 * _IN
    h = bottom - top
    out = [_rect(_IN, top, w, h, "#fffdf8", rx=14, stroke=ds.accent, stroke_width=3)]
    if text.strip():
        lines, fs = _fit_lines(text, w - 40, h - 30, 36, min_size=14)
        out.append(_text_block(lines, _CW / 2, top + h / 2, fs, st.INK))
    return out


def _card_body(card: Card, lang: str, count: int = 1) -> list[str]:
    """The parts of a playing card in a 630 x 880 box (0.1 mm units)."""
    key = card.KIND
    ds = st.DECK[key]
    out = [
        f"<title>{_esc(card.name.get(lang))} ({_esc(card.id)})</title>",
        _rect(0, 0, _CW, _CH, ds.frame, rx=32),
        _rect(_PAD, _PAD, _CW - 2 * _PAD, _CH - 2 * _PAD, ds.paper, rx=20),
        # header band, square at the bottom
        _rect(_PAD, _PAD, _CW - 2 * _PAD, 96, ds.accent, rx=20),
        _rect(_PAD, _PAD + 60, _CW - 2 * _PAD, 36, ds.accent),
        _circle(78, 68, 36, ds.paper),
        _glyph(ds.icon, 78, 68, 46, ds.accent),
        _text(130, 68, ds.label.get(lang).upper(), 32, ds.paper, bold=True, anchor="start"),
    ]
    if isinstance(card, TreasureCard) and card.is_magic:
        out.append(_circle(560, 68, 34, st.MAGIC, stroke=st.PAPER, stroke_width=5, class_="magic"))
        out.append(_text(560, 68, "M", 40, st.PAPER, bold=True))
    if isinstance(card, DungeonCard):
        out.append(_circle(560, 68, 30, st.GEM[card.color], stroke=st.PAPER, stroke_width=5))
        out.append(_text(560, 68, st.COLOR_LETTER[card.color], 32, st.PAPER, bold=True))
    # the name
    lines, fs = _fit_lines(card.name.get(lang), _CW - 2 * _IN - 20, 112, 50, bold=True, min_size=24)
    out.append(_text_block(lines[:3], _CW / 2, 180, fs, st.INK, bold=True))
    # the picture
    art_top, art_h = 246.0, 270.0
    out.append(
        _rect(_IN, art_top, _CW - 2 * _IN, art_h, ds.accent, rx=14, fill_opacity=0.14, class_="art")
    )
    acx, acy = _CW / 2, art_top + art_h / 2
    if isinstance(card, DungeonCard):
        side = 240.0
        out.append(f'<g transform="translate({_n(acx - side / 2)} {_n(acy - side / 2)})">')
        out += _tile_body(card, card.mask, side, lang, False)
        out.append("</g>")
    else:
        out.append(f'<g opacity="0.85">{_glyph(ds.icon, acx, acy, 200, ds.accent)}</g>')
    text_top = 540.0
    if isinstance(card, TreasureCard):
        x, y = _CW - _IN - 70, art_top + art_h - 70
        out.append(_circle(x, y, 58, st.GOLD, stroke=st.GOLD_EDGE, stroke_width=6, class_="gold"))
        out.append(_circle(x, y, 46, "none", stroke=st.GOLD_EDGE, stroke_width=2))
        out.append(_text(x, y, str(card.gold), 50, st.GOLD_INK, bold=True))
    if isinstance(card, MonsterCard) and card.fight:
        n = len(card.fight)
        word = st.WORDS["or"].get(lang)
        gap = len(word) * st.CHAR_EM * 22 + 16 if n > 1 else 0.0
        w = (_CW - 2 * _IN - gap * (n - 1)) / n
        w = min(w, 340.0)
        x0 = (_CW - (w * n + gap * (n - 1))) / 2
        fs = _badge_font(w, 76, (st.ATTR_LABEL[o.attr].get(lang) for o in card.fight))
        for i, opt in enumerate(card.fight):
            x = x0 + i * (w + gap)
            out.append(_value_badge(x, 540, w, 76, opt.attr, opt.value, lang, fs))
            if i:
                out.append(_text(x - gap / 2, 578, word, 22, st.INK))
        text_top = 636.0
    if isinstance(card, Character):
        w = _CW - 2 * _IN - 80
        fs = _badge_font(w, 80, (st.ATTR_LABEL[a].get(lang) for a in Attr))
        for i, attr in enumerate(Attr):
            v = card.value(attr)
            out.append(_value_badge(_IN + 40, 548 + i * 98, w, 80, attr, v, lang, fs))
    else:
        out += _text_panel(card_text(card, lang), text_top, _CH - 60, ds)
    out.append(_text(_PAD + 22, _CH - 38, card.id, 17, "#8a7f70", anchor="start", middle=False))
    if count > 1:
        out.append(_rect(_CW - 150, _CH - 55, 108, 32, ds.accent, rx=16, class_="count"))
        out.append(_text(_CW - 96, _CH - 39, f"×{count}", 24, st.PAPER, bold=True))
    return out


def card_svg(card: Card, lang: str = "de", size: float = 252, *, count: int = 1) -> str:
    """A playing card (portrait, 63 x 88 mm), ``size`` pixels wide, in ``lang`` ("de"/"en").

    Works for room, monster, treasure and character cards and for dungeon cards (whose picture
    is the tile). ``count`` > 1 prints "×N" on the card (print sheets).
    """
    w = float(size)
    h = w * _CH / _CW
    body = _card_body(card, lang, count)
    return _doc(w, h, f"0 0 {st.CARD_W} {st.CARD_H}", body, data_deck=card.KIND)


# ---- the whole dungeon ----


def _figure(cx: float, cy: float, h: float, seat: int, injured: bool) -> str:
    """A figure: a pawn standing upright, or lying on its side when injured (R8.1)."""
    color = st.player_color(seat)
    ink = st.PLAYER_INK[seat % len(st.PLAYER_INK)]
    rot = " rotate(-90)" if injured else ""
    sw = 0.06
    shape = (
        f'<g transform="translate({_n(cx)} {_n(cy)}){rot} scale({_n(h)})">'
        f'<ellipse cx="0" cy="0.5" rx="0.34" ry="0.08" fill="#000" opacity="0.3"/>'
        f'<path d="M-0.32 0.5C-0.32 0.12-0.2-0.06 0-0.06C0.2-0.06 0.32 0.12 0.32 0.5Z" '
        f'fill="{color}" stroke="{ink}" stroke-width="{sw}"/>'
        f'<circle cx="0" cy="-0.27" r="0.19" fill="{color}" stroke="{ink}" stroke-width="{sw}"/>'
        "</g>"
    )
    lx, ly = (cx + 0.24 * h, cy) if injured else (cx, cy + 0.26 * h)
    label = _text(lx, ly, str(seat + 1), 0.3 * h, ink, bold=True)
    a = _attrs(class_="figure", data_seat=str(seat), data_injured="1" if injured else "0")
    return f"<g {a}>{shape}{label}</g>"


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
    :data:`style.HIGHLIGHT` (default "place"). Grid y grows downwards. Figures sharing a cell
    are spread out so that each stays visible.
    """
    ts = float(tile_size)
    tl = sorted(tiles, key=lambda t: (t[1], t[0]))
    fl = sorted(figures, key=lambda f: (f[2], f[1], f[0], f[3]))
    hl = sorted({(c[0], c[1], c[2] if len(c) > 2 else st.DEFAULT_HIGHLIGHT) for c in highlights})
    cells = [(t[0], t[1]) for t in tl] + [(f[1], f[2]) for f in fl] + [(c[0], c[1]) for c in hl]
    pad = 0.12 * ts
    if not cells:
        return _doc(ts, ts, f"0 0 {_n(ts)} {_n(ts)}", [_rect(0, 0, ts, ts, st.TABLE)])
    x0 = min(c[0] for c in cells)
    y0 = min(c[1] for c in cells)
    cols = max(c[0] for c in cells) - x0 + 1
    rows = max(c[1] for c in cells) - y0 + 1
    w, h = cols * ts + 2 * pad, rows * ts + 2 * pad

    def px(x: int) -> float:
        return pad + (x - x0) * ts

    def py(y: int) -> float:
        return pad + (y - y0) * ts

    body = [_rect(0, 0, w, h, st.TABLE)]
    for x, y, card, mask, collapsed in tl:
        body.append(f'<g transform="translate({_n(px(x))} {_n(py(y))})" data-x="{x}" data-y="{y}">')
        body += _tile_body(card, mask, ts, lang, collapsed, gap=st.TILE_GAP * ts)
        body.append("</g>")
    for x, y, kind in hl:
        hs = st.HIGHLIGHT.get(kind, st.HIGHLIGHT[st.DEFAULT_HIGHLIGHT])
        dash = " ".join(_n(float(v) * ts) for v in hs.dash.split()) or None
        i = 0.05 * ts
        body.append(
            _rect(
                px(x) + i,
                py(y) + i,
                ts - 2 * i,
                ts - 2 * i,
                hs.fill,
                fill_opacity=hs.fill_opacity,
                stroke=hs.stroke,
                stroke_width=0.05 * ts,
                stroke_dasharray=dash,
                rx=0.06 * ts,
                data_highlight=kind,
                data_x=str(x),
                data_y=str(y),
            )
        )
    by_cell: dict[tuple[int, int], list[Figure]] = {}
    for f in fl:
        by_cell.setdefault((f[1], f[2]), []).append(f)
    for (x, y), group in sorted(by_cell.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        n = len(group)
        offsets = st.FIGURE_OFFSETS.get(n)
        fh = (st.FIGURE_H if n == 1 else st.FIGURE_H_CROWDED) * ts
        for i, (seat, _, _, injured) in enumerate(sorted(group)):
            if offsets is None:  # more than four on one card: a ring
                k = i / n
                ox, oy = 0.22 * math.cos(2 * math.pi * k), 0.22 * math.sin(2 * math.pi * k)
                fh = 0.3 * ts
            else:
                ox, oy = offsets[i]
            cx, cy = px(x) + ts / 2 + ox * ts, py(y) + ts / 2 + oy * ts
            body.append(_figure(cx, cy, fh, seat, injured))
    return _doc(w, h, f"0 0 {_n(w)} {_n(h)}", body, data_origin=f"{x0},{y0}")


__all__ = ["Card", "board_svg", "card_svg", "card_text", "tile_svg", "wrap"]
