"""The deck editor's pieces of HTML, made from the editor model's values (no widget library
here): the composition tables, located errors, the ok line, card previews, download links.
Every text is escaped."""

from __future__ import annotations

import html
from fractions import Fraction
from functools import cache

from verlies import i18n
from verlies.cards.display import card_text
from verlies.cards.model import Character
from verlies.deck import Deck
from verlies.deck.sanity import DENOMINATOR, ROW_KINDS, Row, Sanity, pct
from verlies.render.svg import card_svg
from verlies.ui.core.words import Keys
from verlies.ui.deck.editor_model import Card, ParseState, composition, error_text, text

#: The deck editor's words (``editor.…``), said as :func:`.editor_model.text` says them.
EDITOR = Keys("editor.", raw=True)


def esc(text: object) -> str:
    """Escape text content (quotes stay readable: only attributes need them escaped)."""
    return html.escape(str(text), quote=False)


_TABLE_CSS = (
    "<style>.verlies-composition{border-collapse:collapse}"
    ".verlies-composition th,.verlies-composition td{padding:2px 8px;text-align:left;"
    "border-bottom:1px solid #ddd}</style>"
)


def summary_html(deck: Deck, lang: str = "en") -> str:
    """The deck's composition (:func:`~verlies.ui.deck.editor_model.composition`) as tables."""
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
    """The card took the edit: "✓ ok" when nothing is said about it; else "⚠ taken, with
    warnings" and the deck's warnings and sanity checks that name it (issue 37: a Barbar
    at 6/6/6 or a goblin hardly anyone beats is taken, but never "ok")."""
    warn = "".join(
        f"<div class='verlies-card-warning' style='color:#8a6a00'>⚠ {esc(w)}</div>"
        for w in warnings
    )
    if warnings:
        head = esc(i18n.text("sanity.with_warnings", lang))
        return f"<span class='verlies-warned' style='color:#8a6a00'><b>⚠ {head}</b></span>{warn}"
    ok = text("ok", lang)
    return f"<span class='verlies-ok' style='color:#1b7f3b'><b>✓ {ok}</b></span>"


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


# ---- sanity checks (issue 37 item 5) ----------------------------------------------------------

_SANITY_CSS = (
    "<style>.vl-sanity{margin:6px 0;max-width:100%}"
    ".vl-sanity ul{margin:2px 0;padding-left:1.2em}"
    ".vl-sanity li{color:#8a6a00;overflow-wrap:anywhere}"
    ".vl-sanity-scroll{max-width:100%;max-height:340px;overflow:auto;"
    "border:1px solid #ddd}"
    ".vl-sanity-table{border-collapse:collapse;font-size:12px}"
    ".vl-sanity-table th,.vl-sanity-table td{padding:1px 5px;border-bottom:1px solid #eee;"
    "text-align:right;white-space:nowrap}"
    ".vl-sanity-table th[scope=row]{text-align:left;font-weight:normal;max-width:16em;"
    "overflow:hidden;text-overflow:ellipsis}"
    ".vl-sanity-table thead th{position:sticky;top:0;background:#fafafa;z-index:1}"
    ".vl-sanity-table .vl-sanity-kind th{text-align:left;background:#f3f3f3}"
    ".vl-sanity-table .vl-out{background:#fff3cd}"
    ".vl-sanity-table .vl-zero{color:#b3261e}"
    ".vl-sanity-table .vl-selected th,.vl-sanity-table .vl-selected td{font-weight:bold;"
    "outline:1px solid #1f5fa8}</style>"
)


def _mark(side: int) -> str:
    return "▲ " if side > 0 else ("▼ " if side < 0 else "")


@cache
def _cell(hits: int, lang: str) -> str:
    """One chance of the table: per cent, the exact fraction on hover, 0 in red."""
    p = Fraction(hits, DENOMINATOR)
    zero = " class=vl-zero" if hits == 0 else ""
    return f"<td title='{p.numerator}/{p.denominator}'{zero}>{esc(pct(p, lang))}</td>"


def _row_html(row: Row, selected: str | None, lang: str) -> str:
    classes = []
    if row.outlier:
        classes.append("vl-out")
    if selected is not None and selected in row.cards:
        classes.append("vl-selected")
    cells = "".join(_cell(h, lang) for h in row.hits)
    title = html.escape(", ".join(row.cards), quote=True)
    cls = f" class='{' '.join(classes)}'" if classes else ""
    return (
        f"<tr{cls} data-cards='{title}'><th scope=row title='{title}'>"
        f"{esc(_mark(row.outlier) + row.label(lang))}</th>{cells}</tr>"
    )


def sanity_html(report: Sanity, lang: str, selected: str | None = None) -> str:
    """The deck's sanity checks: the warnings first (or that there are none), then the
    table of every character's exact chance against each obstacle, trap and monster, the
    outliers marked and the selected card's row outlined (``selected``: a card id)."""

    said = Keys("sanity.").bound(lang)

    parts = [_SANITY_CSS, f"<div class='vl-sanity'><h4>{esc(said('title'))}</h4>"]
    if report.findings:
        items = "".join(
            f"<li data-cards='{html.escape(' '.join(f.cards), quote=True)}'>⚠ {esc(f.text(lang))}"
            "</li>"
            for f in report.findings
        )
        parts.append(
            f"<div class='vl-sanity-summary'><b>{esc(said('warnings', n=len(report.findings)))}</b>"
            f"</div><ul class='vl-sanity-warnings'>{items}</ul>"
        )
    else:
        parts.append(
            f"<div class='vl-sanity-none' style='color:#1b7f3b'>✓ {esc(said('none'))}</div>"
        )
    chars = report.characters
    if chars and report.rows:
        head = "".join(
            f"<th class='{'vl-out' if side else ''}' title='"
            f"{html.escape(ch.name.get(lang), quote=True)} {'/'.join(map(str, ch.values))}'>"
            f"{esc(_mark(side) + ch.name.get(lang))}<br><small>"
            f"{'/'.join(map(str, ch.values))}</small></th>"
            for ch, side in zip(chars, report.character_outliers, strict=True)
        )
        body = []
        for kind in ROW_KINDS:
            rows = [r for r in report.rows if r.kind == kind]
            if not rows:
                continue
            body.append(
                f"<tr class='vl-sanity-kind'><th colspan={len(chars) + 1}>"
                f"{esc(said('head.' + kind))}</th></tr>"
            )
            body += [_row_html(r, selected, lang) for r in rows]
        means = "".join(
            f"<td class='{'vl-out' if side else ''}' title='{m.numerator}/{m.denominator}'>"
            f"{esc(pct(m, lang))}</td>"
            for m, side in zip(report.means, report.character_outliers, strict=True)
        )
        parts.append(
            f"<div class='vl-sanity-caption'><b>{esc(said('table'))}</b></div>"
            f"<div class='vl-sanity-scroll'><table class='vl-sanity-table'>"
            f"<thead><tr><th scope=col>{esc(said('test'))}</th>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody>"
            f"<tfoot><tr><th scope=row>{esc(said('mean'))}</th>{means}</tr></tfoot></table></div>"
            f"<div class='vl-sanity-legend'><small>{esc(said('legend'))}</small></div>"
        )
    parts.append("</div>")
    return "".join(parts)


__all__ = [
    "EDITOR",
    "canonical_html",
    "error_html",
    "esc",
    "ok_html",
    "preview_html",
    "sanity_html",
    "summary_html",
]
