"""Printable A4 sheets of cards for a paper prototype, drawn from the same SVG as the screen.

Playing cards (63 x 88 mm) come 3 x 3 to a page, dungeon cards (50 x 50 mm) 3 x 5, with 3 mm
gaps, a thin cut outline around each card and crop marks in the margins. Each deck starts on a
new page (so card backs can be printed page by page). A card with several copies is printed once,
marked "×N".

Pages are SVG strings (:func:`sheet_svgs`); :func:`print_sheets` turns them into one multi-page
PDF or one PNG per page with CairoSVG (needs the system's libcairo2, imported only here, only
when called).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verlies.cards.model import DungeonCard
from verlies.i18n import text
from verlies.render import shapes as sh
from verlies.render import style as st
from verlies.render.svg import Card, esc, group_svg, inner_svg, svg_attrs

if TYPE_CHECKING:
    from verlies.deck import Deck

#: A4 in 0.1 mm (the units of the card drawings).
PAGE_W = 2100
PAGE_H = 2970
GAP = 30  # 3 mm between cards
MARK = 50  # crop mark length, 5 mm
MARK_GAP = 15  # crop marks start 1.5 mm away from the cards
PT_PER_MM = 72 / 25.4


class _Layout:
    def __init__(self, w: int, h: int, cols: int, rows: int) -> None:
        self.w, self.h, self.cols, self.rows = w, h, cols, rows
        self.per_page = cols * rows
        self.left = (PAGE_W - (cols * w + (cols - 1) * GAP)) // 2
        self.top = (PAGE_H - (rows * h + (rows - 1) * GAP)) // 2

    def origin(self, i: int) -> tuple[int, int]:
        return self.left + (i % self.cols) * (self.w + GAP), self.top + (i // self.cols) * (
            self.h + GAP
        )


_TILE = _Layout(int(st.TILE_MM * 10), int(st.TILE_MM * 10), 3, 5)
_CARD = _Layout(st.CARD_W, st.CARD_H, 3, 3)
_DECK_ORDER = ("dungeon", "room", "monster", "treasure", "character")


def _items(cards: Iterable[Card | tuple[Card, int]]) -> list[tuple[Card, int]]:
    out: list[tuple[Card, int]] = []
    for item in cards:
        if isinstance(item, tuple):
            out.append((item[0], int(item[1])))
        else:
            out.append((item, 1))
    return out


def _crop_marks(lay: _Layout, n: int) -> str:
    """Crop marks in the margins, at every cut line of the ``n`` cards on the page."""
    cols = min(n, lay.cols)
    rows = math.ceil(n / lay.cols)
    xs = sorted({lay.left + c * (lay.w + GAP) + d for c in range(cols) for d in (0, lay.w)})
    ys = sorted({lay.top + r * (lay.h + GAP) + d for r in range(rows) for d in (0, lay.h)})
    x_end = lay.left + cols * lay.w + (cols - 1) * GAP
    y_end = lay.top + rows * lay.h + (rows - 1) * GAP
    d = []
    for x in xs:
        d.append(f"M{x} {lay.top - MARK_GAP}v{-MARK}M{x} {y_end + MARK_GAP}v{MARK}")
    for y in ys:
        d.append(f"M{lay.left - MARK_GAP} {y}h{-MARK}M{x_end + MARK_GAP} {y}h{MARK}")
    return f'<path d="{"".join(d)}" stroke="#000" stroke-width="2" fill="none" class="crop"/>'


def _page(
    items: Sequence[tuple[Card, int]], lay: _Layout, lang: str, title: str, page: int, pages: int
) -> str:
    body = [
        f'<rect width="{PAGE_W}" height="{PAGE_H}" fill="#ffffff"/>',
        _crop_marks(lay, len(items)),
    ]
    for i, (card, count) in enumerate(items):
        x, y = lay.origin(i)
        body.append(f'<g transform="translate({x} {y})" class="sheet-card">')
        if isinstance(card, DungeonCard):
            body.append(group_svg(sh.tile(card, card.mask, float(lay.w), lang, count=count)))
        else:
            body.append(inner_svg(sh.card(card, lang, count)))
        body.append("</g>")
        body.append(
            f'<rect x="{x}" y="{y}" width="{lay.w}" height="{lay.h}" fill="none" '
            'stroke="#b0b0b0" stroke-width="1.5" class="cut"/>'
        )
    where = text("render.sheet.page", lang, page=page, pages=pages)
    footer = f"Raus aus dem Verlies! · {title} · {where}"
    body.append(
        f'<text x="{PAGE_W // 2}" y="{PAGE_H - 40}" font-size="26" fill="#777" '
        f'text-anchor="middle">{esc(footer)}</text>'
    )
    head = svg_attrs(
        xmlns="http://www.w3.org/2000/svg",
        width=f"{PAGE_W // 10}mm",
        height=f"{PAGE_H // 10}mm",
        viewBox=f"0 0 {PAGE_W} {PAGE_H}",
        font_family=st.FONT,
    )
    return f"<svg {head}>{''.join(body)}</svg>"


def sheet_svgs(cards: Iterable[Card | tuple[Card, int]], *, lang: str = "de") -> list[str]:
    """The A4 pages as SVG strings. ``cards``: cards, or ``(card, count)`` pairs."""
    by_deck: dict[str, list[tuple[Card, int]]] = {k: [] for k in _DECK_ORDER}
    for card, count in _items(cards):
        by_deck[card.KIND].append((card, count))
    chunks: list[tuple[str, _Layout, list[tuple[Card, int]]]] = []
    for key in _DECK_ORDER:
        lay = _TILE if key == "dungeon" else _CARD
        group = by_deck[key]
        for start in range(0, len(group), lay.per_page):
            chunks.append((key, lay, group[start : start + lay.per_page]))
    n = len(chunks)
    return [
        _page(items, lay, lang, text(f"render.deck.{key}", lang), i + 1, n)
        for i, (key, lay, items) in enumerate(chunks)
    ]


def page_count(n_tiles: int, n_cards_by_deck: Iterable[int]) -> int:
    """How many pages :func:`sheet_svgs` makes for these numbers of distinct cards."""
    return math.ceil(n_tiles / _TILE.per_page) + sum(
        math.ceil(n / _CARD.per_page) for n in n_cards_by_deck
    )


def print_sheets(
    cards: Iterable[Card | tuple[Card, int]],
    path: str | Path,
    *,
    lang: str = "de",
    fmt: str | None = None,
    dpi: int = 150,
) -> list[Path]:
    """Write printable sheets; return the paths written.

    ``fmt`` "pdf" (default, or from the file suffix) writes one multi-page PDF at ``path``;
    "png" writes one picture per page, ``NAME-1.png``, ``NAME-2.png``, … beside ``path``,
    at ``dpi``. ``cards`` are cards or ``(card, count)`` pairs.
    """
    path = Path(path)
    kind = (fmt or path.suffix.lstrip(".") or "pdf").lower()
    if kind not in ("pdf", "png"):
        raise ValueError(f"unknown sheet format {kind!r}: use 'pdf' or 'png'")
    pages = sheet_svgs(cards, lang=lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "pdf":
        write_pdf(pages, path)
        return [path]
    import cairosvg  # type: ignore[import-untyped]

    stem = path.with_suffix("") if path.suffix.lower() == ".png" else path
    out = []
    for i, page in enumerate(pages, start=1):
        target = stem.parent / f"{stem.name}-{i}.png"
        cairosvg.svg2png(bytestring=page.encode("utf-8"), write_to=str(target), dpi=dpi)
        out.append(target)
    return out


def write_pdf(pages: Sequence[str], path: Path) -> None:
    """All pages into one PDF: CairoSVG draws each page onto one shared cairo PDF surface."""
    import cairocffi  # type: ignore[import-untyped]
    import cairosvg.parser  # type: ignore[import-untyped]
    import cairosvg.surface  # type: ignore[import-untyped]

    target = cairocffi.PDFSurface(str(path), PAGE_W / 10 * PT_PER_MM, PAGE_H / 10 * PT_PER_MM)

    class _OnePage(cairosvg.surface.PDFSurface):  # type: ignore[misc]
        # CairoSVG's documented hook: subclasses may override _create_surface().
        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            return target, width, height

    try:
        for page in pages or [_blank_page()]:
            tree = cairosvg.parser.Tree(bytestring=page.encode("utf-8"))
            _OnePage(tree, None, 96)  # draws the page in its constructor
            target.show_page()
    finally:
        target.finish()


def _blank_page() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_W // 10}mm" '
        f'height="{PAGE_H // 10}mm" viewBox="0 0 {PAGE_W} {PAGE_H}"/>'
    )


def deck_items(deck: Deck) -> list[tuple[Card, int]]:
    """One ``(card, count)`` per distinct card of a deck, deck by deck (start card included)."""
    groups: tuple[tuple[str, Mapping[str, Card]], ...] = (
        ("dungeon", deck.dungeon),
        ("room", deck.rooms),
        ("monster", deck.monsters),
        ("treasure", deck.treasures),
        ("character", deck.characters),
    )
    out: list[tuple[Card, int]] = []
    for kind, cards in groups:
        counts = deck.counts(kind)
        out += [(card, int(counts.get(cid, 1))) for cid, card in cards.items()]
    if deck.start.id not in deck.dungeon:
        out.insert(0, (deck.start, 1))
    return out


def main_sheets(argv: Sequence[str] | None = None) -> int:
    """``python -m verlies sheets OUT.pdf [--lang en] [--deck FILE] [--format png]``."""
    parser = argparse.ArgumentParser(
        prog="python -m verlies sheets",
        description="Print every distinct card of a deck on A4 sheets (PDF or PNG pages).",
    )
    parser.add_argument("out", help="output file: NAME.pdf, or NAME.png for one PNG per page")
    parser.add_argument("--lang", choices=("de", "en"), default="de", help="card language")
    parser.add_argument("--deck", help="deck file (default: the built-in deck)")
    parser.add_argument("--format", choices=("pdf", "png"), help="default: from OUT's suffix")
    parser.add_argument("--dpi", type=int, default=150, help="resolution of PNG pages")
    args = parser.parse_args(argv)
    from verlies.deck import Deck

    deck = Deck.load(args.deck) if args.deck else Deck.default()
    paths = print_sheets(deck_items(deck), args.out, lang=args.lang, fmt=args.format, dpi=args.dpi)
    for p in paths:
        print(p)
    return 0


__all__ = ["deck_items", "main_sheets", "page_count", "print_sheets", "sheet_svgs"]
