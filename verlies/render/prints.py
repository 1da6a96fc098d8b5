"""Print files of the page (issue 22 item 4): card sheets of a deck (PDF), the rules (PDF)
and the board at print resolution (PNG, A4 at 300 dpi, with a legend of the figures).

Every file is drawn as SVG and turned into PDF or PNG by CairoSVG (the ``[print]`` extra:
imported only when called). The rules are laid out here as A4 pages of SVG text: every rule
card's heading, then its rules with their IDs, as the Rules tab shows them, in the asked
language.
"""

from __future__ import annotations

import io
import re
import tempfile
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from verlies.i18n import text
from verlies.render import style as st
from verlies.render.sheets import PAGE_H, PAGE_W, deck_items, print_sheets, write_pdf
from verlies.render.svg import esc
from verlies.rules_text import for_players, rule_title, rules_for

if TYPE_CHECKING:
    from verlies.deck import Deck
    from verlies.game import Game

__all__ = [
    "A4_300DPI",
    "board_page_svg",
    "board_png",
    "card_sheets_pdf",
    "rules_pages",
    "rules_pdf",
]

#: A4 at 300 dpi, in pixels (210 x 297 mm).
A4_300DPI = (2480, 3508)

# The rules' page layout, in 0.1 mm (the sheets' unit): 20 mm margins, 4.2 mm text.
_MARGIN = 200
_FONT = 42
_LINE = 58
_HEAD = 56
_CHARS = 78  # characters per line at that size across 170 mm


def card_sheets_pdf(deck: Deck, lang: str = "de") -> bytes:
    """Every distinct card of ``deck`` on A4 sheets (:func:`verlies.render.sheets`)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cards.pdf"
        print_sheets(deck_items(deck), path, lang=lang, fmt="pdf")
        return path.read_bytes()


def _rules_lines(lang: str) -> list[tuple[str, str]]:
    """(kind, line): "head" for a rule card's heading, "rule" for a rule's first line,
    "more" for the lines it wraps onto."""
    out: list[tuple[str, str]] = []
    heading = ""
    for rid, raw in rules_for(lang).items():
        title = rule_title(rid, lang)
        if title != heading:
            heading = title
            out.append(("head", title))
        body = for_players(raw).replace("**", "").replace("`", "")
        lines = textwrap.wrap(f"{rid} {body}", _CHARS, subsequent_indent="    ")
        out += [("rule" if i == 0 else "more", line) for i, line in enumerate(lines)]
    return out


def rules_pages(lang: str = "de") -> list[str]:
    """The rules as A4 SVG pages (a heading is never the last line of a page)."""
    lines = _rules_lines(lang)
    title = text("page.tab_rules", lang)
    pages: list[list[str]] = []
    body: list[str] = []
    y = _MARGIN + _HEAD
    bottom = PAGE_H - _MARGIN

    def flush() -> None:
        nonlocal body, y
        pages.append(body)
        body, y = [], _MARGIN + _HEAD

    for kind, line in lines:
        step = _LINE + (40 if kind == "head" else 0)
        need = step + (_LINE if kind == "head" else 0)  # a heading keeps its first rule
        if y + need > bottom and body:
            flush()
        if kind == "head":
            y += 40 if body else 0
            body.append(
                f'<text x="{_MARGIN}" y="{y}" font-size="{_HEAD}" font-weight="bold">'
                f"{esc(line)}</text>"
            )
        else:
            body.append(
                f'<text x="{_MARGIN}" y="{y}" font-size="{_FONT}" xml:space="preserve">'
                f"{esc(line)}</text>"
            )
        y += _LINE
    if body:
        pages.append(body)
    n = len(pages)
    out = []
    for k, page in enumerate(pages, start=1):
        foot = (
            f'<text x="{PAGE_W // 2}" y="{PAGE_H - 100}" font-size="34" text-anchor="middle">'
            f"{esc(title)} · {k}/{n}</text>"
        )
        out.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_W // 10}mm" '
            f'height="{PAGE_H // 10}mm" viewBox="0 0 {PAGE_W} {PAGE_H}" '
            f'font-family="DejaVu Sans, sans-serif" fill="#111">'
            f'<rect width="{PAGE_W}" height="{PAGE_H}" fill="#fff"/>{"".join(page)}{foot}</svg>'
        )
    return out


def rules_pdf(lang: str = "de") -> bytes:
    """The rules (:func:`rules_pages`) as one PDF."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rules.pdf"
        write_pdf(rules_pages(lang), path)
        return path.read_bytes()


def board_page_svg(game: Game, lang: str = "de") -> str:
    """An A4 page: the board as it lies now, fitted to the page, and under it the legend of
    the figures (each seat's colour and character, escaped or hurt; no gold: treasures are
    hidden, R9.3)."""
    board = game.board_svg(tile_size=60, lang=lang)
    w, h = PAGE_W, PAGE_H
    margin = 100
    legend_h = 140 + 90 * game.players
    box_w, box_h = w - 2 * margin, h - 2 * margin - legend_h
    # the board's own drawing, fitted into its box (its root's size and viewBox kept)
    head_end = board.index(">") + 1
    view = re.search(r'viewBox="([^"]+)"', board[:head_end])
    inner = (
        f'<svg x="{margin}" y="{margin}" width="{box_w}" height="{box_h}" '
        f'viewBox="{view.group(1) if view else "0 0 60 60"}" '
        f'preserveAspectRatio="xMidYMid meet">{board[head_end:]}'
    )
    items = []
    y = h - margin - legend_h + 110
    items.append(
        f'<text x="{margin}" y="{y}" font-size="60" font-weight="bold">'
        f"{esc(text('render.legend', lang))}</text>"
    )
    for seat, figure in enumerate(game.state.figures):
        y += 90
        line = text("render.legend_seat", lang, seat=seat + 1, name=figure.character.name.get(lang))
        if figure.escaped:
            line += " · " + text("render.legend_escaped", lang)
        elif figure.injured:
            line += " · " + text("render.legend_injured", lang)
        items.append(
            f'<circle cx="{margin + 30}" cy="{y - 18}" r="26" fill="{st.player_color(seat)}" '
            f'stroke="#222" stroke-width="4"/>'
            f'<text x="{margin + 80}" y="{y}" font-size="50">{esc(line)}</text>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w // 10}mm" height="{h // 10}mm" '
        f'viewBox="0 0 {w} {h}" font-family="DejaVu Sans, sans-serif" fill="#111">'
        f'<rect width="{w}" height="{h}" fill="#fff"/>{inner}{"".join(items)}</svg>'
    )


def board_png(game: Game, lang: str = "de", dpi: int = 300) -> bytes:
    """:func:`board_page_svg` as a PNG of A4 at ``dpi`` (2480 x 3508 pixels at 300 dpi),
    the resolution written into the file."""
    import cairosvg  # type: ignore[import-untyped]
    from PIL import Image

    width = round(210 / 25.4 * dpi)
    height = round(297 / 25.4 * dpi)
    raw = cairosvg.svg2png(
        bytestring=board_page_svg(game, lang).encode("utf-8"),
        output_width=width,
        output_height=height,
    )
    out = io.BytesIO()
    Image.open(io.BytesIO(raw)).save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


#: The print files the page offers: kind -> (file suffix, MIME type).
KINDS: dict[str, tuple[str, str]] = {
    "cards": ("pdf", "application/pdf"),
    "rules": ("pdf", "application/pdf"),
    "board": ("png", "image/png"),
}


def print_file(
    kind: str, deck: Deck, game: Game | None, lang: str = "de"
) -> tuple[str, str, bytes]:
    """(file name, MIME type, bytes) of one print file: "cards" (the deck's card sheets),
    "rules" (the rules in ``lang``), "board" (``game``'s board, A4 at 300 dpi)."""
    if kind not in KINDS:
        raise ValueError(f"unknown print file {kind!r} (one of {', '.join(KINDS)})")
    suffix, mime = KINDS[kind]
    if kind == "cards":
        stem = re.sub(r"[^A-Za-z0-9_-]+", "-", deck.name).strip("-").lower() or "deck"
        return f"{stem}-cards-{lang}.{suffix}", mime, card_sheets_pdf(deck, lang)
    if kind == "rules":
        return f"verlies-rules-{lang}.{suffix}", mime, rules_pdf(lang)
    if game is None:
        raise ValueError("no game: the board is printed from a game")
    name = f"verlies-board-seed{game.setup.seed}-step{game.step_count}-{lang}.{suffix}"
    return name, mime, board_png(game, lang)
