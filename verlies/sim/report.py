"""Plain-text and HTML tables for reports (no widget library)."""

from __future__ import annotations

import html
import math

from verlies.i18n.numbers import NONE, fixed, percent

__all__ = ["Table", "TableReport", "html_tables", "jsonable", "num", "pct", "text_tables"]

#: (title, header, rows); a table without a header is a list of lines.
Table = tuple[str, list[str], list[list[str]]]


class TableReport:
    """A result that reads as tables in a language: ``text(lang)``, ``html(lang)``,
    ``str()`` in English and the notebooks' HTML. A subclass says what its tables are
    (``_tables``); the lab's results (simulate, compare, sweep, skill) all read this way."""

    __slots__ = ()

    def _tables(self, lang: str = "en") -> list[Table]:
        raise NotImplementedError

    def text(self, lang: str = "en") -> str:
        """The report as text in ``lang`` (``str(result)``: English)."""
        return text_tables(self._tables(lang))

    def html(self, lang: str = "en") -> str:
        return html_tables(self._tables(lang))

    def __str__(self) -> str:
        return self.text("en")

    def _repr_html_(self) -> str:
        return self.html("en")


def jsonable(x: object) -> object:
    """``x`` ready for ``json.dumps``: NaN and infinities become None (JSON has neither),
    keys become strings, tuples lists; the reports' ``to_dict`` on the page's downloads."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [jsonable(v) for v in x]
    return x


def pct(x: float, lang: str = "en") -> str:
    """A share as a percentage, one decimal (German: a decimal comma); ``–`` for NaN."""
    return percent(x, lang)


def num(x: float, digits: int = 1, lang: str = "en") -> str:
    """``x`` with ``digits`` decimals in ``lang``; ``–`` for NaN."""
    return NONE if math.isnan(x) else fixed(x, digits, lang)


def text_tables(tables: list[Table]) -> str:
    out: list[str] = []
    for title, header, rows in tables:
        out.append(title)
        if not header:
            out.extend("  " + r[0] for r in rows)
            out.append("")
            continue
        widths = [len(h) for h in header]
        for r in rows:
            widths = [max(w, len(c)) for w, c in zip(widths, r, strict=True)]
        out.append("  " + "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
        out.append("  " + "  ".join("-" * w for w in widths))
        for r in rows:
            cells = [
                c.ljust(w) if i == 0 or not _numeric(c) else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ]
            out.append("  " + "  ".join(cells).rstrip())
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _numeric(cell: str) -> bool:
    return bool(cell) and (cell[0].isdigit() or cell[0] in "+-–−±")


def html_tables(tables: list[Table]) -> str:
    esc = html.escape
    parts = ['<div class="verlies-report">']
    for title, header, rows in tables:
        parts.append(f"<p><b>{esc(title)}</b></p>")
        if not header:
            parts.append("<ul>" + "".join(f"<li>{esc(r[0])}</li>" for r in rows) + "</ul>")
            continue
        parts.append('<table style="border-collapse: collapse">')
        parts.append("<tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>")
        for r in rows:
            cells = "".join(
                f'<td style="text-align: {"right" if _numeric(c) else "left"}">{esc(c)}</td>'
                for c in r
            )
            parts.append(f"<tr>{cells}</tr>")
        parts.append("</table>")
    parts.append("</div>")
    return "\n".join(parts)
