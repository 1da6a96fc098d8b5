"""The deck editor's pieces of HTML, made from the editor model's values (no widget library
here): the composition tables, located errors, the ok line, card previews, download links.
Every text is escaped."""

from __future__ import annotations

import base64
import html

from verlies.cards.display import card_text
from verlies.cards.model import Character
from verlies.deck import Deck
from verlies.render.svg import card_svg
from verlies.ui.editor_model import Card, ParseState, composition, error_text, text


def esc(text: object) -> str:
    """Escape text content (quotes stay readable: only attributes need them escaped)."""
    return html.escape(str(text), quote=False)


_TABLE_CSS = (
    "<style>.verlies-composition{border-collapse:collapse}"
    ".verlies-composition th,.verlies-composition td{padding:2px 8px;text-align:left;"
    "border-bottom:1px solid #ddd}</style>"
)


def summary_html(deck: Deck, lang: str = "en") -> str:
    """The deck's composition (:func:`~verlies.ui.editor_model.composition`) as tables."""
    c = composition(deck, lang)
    head = "".join(f"<th>{esc(col)}</th>" for col in c.columns)
    rows = []
    for color, counts in c.rows:
        cells = "".join(f"<td>{n}</td>" for n in counts)
        rows.append(f"<tr><th>{esc(color)}</th>{cells}</tr>")
    total_cells = f"<td><b>{c.total}</b></td>" + "<td></td>" * (len(c.columns) - 1)
    rows.append(f"<tr><th>{esc(c.total_label)}</th>{total_cells}</tr>")
    dungeon = (
        f"<table class='verlies-composition'><tr><th>{esc(c.title)}</th>{head}"
        f"</tr>{''.join(rows)}</table>"
    )
    items = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in c.others)
    out = (
        f"{_TABLE_CSS}<div style='display:flex;flex-wrap:wrap;gap:24px;"
        f"align-items:flex-start'>{dungeon}"
        f"<table class='verlies-composition'>{items}</table></div>"
    )
    if c.warnings:
        warn = "".join(f"<li>{esc(w)}</li>" for w in c.warnings)
        out += f"<p><b>{esc(c.warnings_title)}</b></p><ul>{warn}</ul>"
    return out


def download_link(text: str, filename: str, label: str) -> str:
    """An HTML anchor that downloads ``text`` as ``filename`` (a data URI, no server file)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    # drawn as a link (underlined, link colour, a download icon): it read as plain text
    # (issue 24 item 9)
    return (
        f'<a class="vl-file-link" download="{html.escape(filename)}" '
        f'href="data:text/plain;charset=utf-8;base64,{data}" target="_blank">'
        f'<i class="fa fa-download" aria-hidden="true"></i> {esc(label)}</a>'
    )


def error_html(parse: ParseState, lang: str) -> str:
    """A located error, with the offending line and a caret under the column."""
    assert parse.error is not None
    parts = [
        f"<div class='verlies-error' style='color:#b3261e'><b>{esc(text('error', lang))}:</b> "
        f"{esc(error_text(parse.error, lang))}</div>"
    ]
    where = parse.location()
    if where is not None:
        src, column = where
        caret = " " * max(0, column - 1) + "^"
        parts.append(
            "<pre style='margin:2px 0;color:#b3261e;font-family:monospace'>"
            f"{esc(src)}\n{esc(caret)}</pre>"
        )
    parts.append(f"<div style='color:#555'>{esc(text('kept', lang))}</div>")
    return "".join(parts)


def ok_html(warnings: list[str], lang: str) -> str:
    """The card took the edit; the deck's warnings that name it below."""
    warn = "".join(f"<div style='color:#8a6a00'>⚠ {esc(w)}</div>" for w in warnings)
    ok = text("ok", lang)
    return f"<span class='verlies-ok' style='color:#1b7f3b'><b>✓ {ok}</b></span>{warn}"


def canonical_html(card: Card, lang: str) -> str:
    """The card's canonical text in the page's language (characters have none): the page
    shows one language at a time (issue 24); a switch shows the other."""
    if isinstance(card, Character):
        return ""
    rows = f"<div>{esc(card_text(card, lang))}</div>"
    return f"<div class='verlies-canonical'><i>{esc(text('canonical', lang))}</i>{rows}</div>"


def preview_html(card: Card, lang: str) -> str:
    """The card's picture in the page's language (the page shows one language at a time;
    a switch redraws it in the other)."""
    svg = card_svg(card, lang, size=200)
    return f"<div style='display:flex;flex-wrap:wrap'><div>{svg}</div></div>"


__all__ = [
    "canonical_html",
    "download_link",
    "error_html",
    "esc",
    "ok_html",
    "preview_html",
    "summary_html",
]
