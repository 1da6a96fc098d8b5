"""The Balance tab's difference chart as SVG text (no widget library here).

One row per character, largest gain first: its name in the page's language, a bar from
zero to the win-rate difference (draft − base) with its 95 % interval as a line, and the
difference in points. The SVG is drawn in percent of its width, so its text keeps its size
at any width (a phone's 390 px as well as 1,280 px) and nothing is scaled or cut; the
rows' heights are fixed. The page shows it in an HTML widget; a notebook shows it with
``IPython.display.HTML``.

>>> points(0.0123, "en"), points(-0.0123, "de")
('+1.2 pt', '−1,2 Pkt.')
"""

from __future__ import annotations

import dataclasses
import html
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from verlies import i18n
from verlies.i18n.numbers import signed
from verlies.sim.plots import Differences, Overlay

if TYPE_CHECKING:
    from verlies.sim.compare import Comparison
    from verlies.sim.verdict import BeforeAfter

__all__ = [
    "ROW",
    "character_names",
    "difference_svg",
    "labelled",
    "nice_range",
    "points",
    "table_html",
]

#: Height of one character's row, pixels.
ROW = 30
_TOP, _AXIS = 6, 30
#: The columns, in percent of the chart's width: names end at NAME_END, the plot runs from
#: PLOT_LO to PLOT_HI, the differences end at the right edge.
NAME_END, PLOT_LO, PLOT_HI = 33.0, 35.0, 76.0


def points(share: float, lang: str) -> str:
    """A difference of two shares in percentage points: ``+1.2 pt``, ``+1,2 Pkt.``."""
    return i18n.text("balance.pts", lang, value=signed(share * 100, lang))


def nice_range(limit: float) -> float:
    """The axis' half range in points: the first of 2, 5, 10, 20, 50, 100 at or above
    ``limit`` (in points)."""
    for r in (2.0, 5.0, 10.0, 20.0, 50.0):
        if limit <= r:
            return r
    return 100.0


def character_names(deck: object, lang: str) -> dict[str, str]:
    """Character id -> name in ``lang`` (the deck's names; the id without ``char-``
    for a character the deck does not know)."""
    chars = getattr(deck, "characters", {})
    return {cid: str(card.name.get(lang)) for cid, card in chars.items()}


def _x(points_value: float, half: float) -> float:
    """Percent of the width for a value in points on an axis of ±half points."""
    return PLOT_LO + (points_value + half) / (2 * half) * (PLOT_HI - PLOT_LO)


def difference_svg(
    diffs: Differences,
    names: Mapping[str, str],
    lang: str,
    words: tuple[str, str] = ("balance.diff_title", "balance.diff_hover"),
    links: Mapping[str, tuple[str, str]] | None = None,
    marks: Sequence[tuple[str, str, str]] = (),
) -> str:
    """The chart of ``diffs`` (see the module), names from ``names``, words in ``lang``.

    Each row is a ``<g class="vl-diff-row" data-key="<character id>">`` with its name
    (``text.vl-diff-name``), bar (``rect.vl-diff-bar``), interval (``line.vl-diff-ci``)
    and value (``text.vl-diff-value``, ★ when clear); the axis' ticks are ``text.vl-diff-tick`` with
    ``data-points``. A hover over a row gives its interval in words (``<title>``).
    ``links``: character id -> (a game's link, its title): that row's name and bar are a
    link (``a.vl-diff-link``, reached by the keyboard as any link) to "show me" the game.
    ``marks``: (key, link, words) of links under the chart (``a.vl-diff-mark``: the first
    stalled game, the longest game).
    """
    t = i18n.text
    title_key, hover_key = words  # the verdict's chart: its own intervals named
    title = html.escape(t(title_key, lang))
    if not diffs.ids:
        return (
            f'<div class="vl-diff"><div class="vl-diff-title">{title}</div>'
            f'<p class="vl-diff-empty">{html.escape(t("balance.diff_empty", lang))}</p></div>'
        )
    shown = [abs(v) for v in (*diffs.low, *diffs.high, *diffs.diffs) if math.isfinite(v)]
    half = nice_range(max(shown, default=0.0) * 100)
    n = len(diffs.ids)
    height = _TOP + n * ROW + _AXIS
    out = [
        f'<div class="vl-diff"><div class="vl-diff-title">{title}</div>',
        f'<svg class="vl-diff-svg" width="100%" height="{height}" role="img" '
        f'aria-label="{title}" xmlns="http://www.w3.org/2000/svg">',
    ]
    for i, cid in enumerate(diffs.ids):
        name = names.get(cid, cid.removeprefix("char-"))
        link = (links or {}).get(cid)
        out.append(_row_svg(diffs, i, name, half, lang, hover_key, link))
    out.append(_axis_svg(n, half, lang))
    out.append("</svg>")
    if marks:
        out.append(
            '<p class="vl-diff-marks">'
            + " · ".join(
                f'<a class="vl-diff-mark" data-key="{html.escape(k)}" '
                f'href="{html.escape(href)}">{html.escape(words_)}</a>'
                for k, href, words_ in marks
            )
            + "</p>"
        )
    out.append("</div>")
    return "".join(out)


def _row_svg(
    diffs: Differences,
    i: int,
    name: str,
    half: float,
    lang: str,
    hover_key: str,
    link: tuple[str, str] | None,
) -> str:
    """Row ``i`` of :func:`difference_svg`: name, bar, interval and value; the name and
    the bar a link when ``link`` (href, title) is given."""
    t = i18n.text
    cid, d, lo, hi = diffs.ids[i], diffs.diffs[i], diffs.low[i], diffs.high[i]
    mid = _TOP + i * ROW + ROW / 2
    zero = _x(0.0, half)
    xd = _x(max(-half, min(half, d * 100)), half)
    has_ci = not (math.isnan(lo) or math.isnan(hi))
    xl = _x(max(-half, lo * 100), half) if has_ci else zero
    xh = _x(min(half, hi * 100), half) if has_ci else zero
    gain = d >= 0
    color = (
        ("#2c6fa8" if gain else "#c46a1b") if diffs.clear[i] else ("#9dbad6" if gain else "#e5b48a")
    )
    if has_ci:
        hover = t(
            hover_key,
            lang,
            name=name,
            diff=points(d, lang),
            low=points(lo, lang),
            high=points(hi, lang),
        )
    else:
        hover = t("balance.diff_hover_no_ci", lang, name=name, diff=points(d, lang))
    value = points(d, lang) + (" ★" if diffs.clear[i] else "")
    shape = (
        f'<text class="vl-diff-name" x="{NAME_END}%" y="{mid + 4:.1f}" '
        f'text-anchor="end" font-size="13">{html.escape(name)}</text>'
        f'<rect class="vl-diff-bar" x="{min(zero, xd):.3f}%" y="{mid - 7:.1f}" '
        f'width="{abs(xd - zero):.3f}%" height="14" fill="{color}"/>'
    )
    if link is not None:
        href, words = link
        shape = (
            f'<a class="vl-diff-link" href="{html.escape(href)}" '
            f'aria-label="{html.escape(words)}"><title>{html.escape(words)}</title>{shape}</a>'
        )
    ci = (
        f'<line class="vl-diff-ci" x1="{xl:.3f}%" x2="{xh:.3f}%" y1="{mid:.1f}" '
        f'y2="{mid:.1f}" stroke="#222" stroke-width="1.5"/>'
        + "".join(
            f'<line x1="{x:.3f}%" x2="{x:.3f}%" y1="{mid - 5:.1f}" y2="{mid + 5:.1f}" '
            'stroke="#222" stroke-width="1.5"/>'
            for x in (xl, xh)
        )
        if has_ci
        else ""
    )
    return (
        f'<g class="vl-diff-row" data-key="{html.escape(cid)}" data-diff="{d!r}" '
        f'data-low="{lo!r}" data-high="{hi!r}"><title>{html.escape(hover)}</title>'
        f"{shape}{ci}"
        f'<text class="vl-diff-value" x="100%" y="{mid + 4:.1f}" text-anchor="end" '
        f'font-size="12">{html.escape(value)}</text></g>'
    )


def _axis_svg(n: int, half: float, lang: str) -> str:
    """The axis of :func:`difference_svg` under ``n`` rows: zero line, ticks, unit."""
    axis_y = _TOP + n * ROW
    zero = _x(0.0, half)
    out = [
        f'<line x1="{zero:.3f}%" x2="{zero:.3f}%" y1="{_TOP}" y2="{axis_y}" stroke="#555"/>'
        f'<line x1="{PLOT_LO}%" x2="{PLOT_HI}%" y1="{axis_y}" y2="{axis_y}" stroke="#555"/>'
    ]
    for v in (-half, 0.0, half):
        label = signed(v, lang, digits=0)
        out.append(
            f'<text class="vl-diff-tick" data-points="{v:g}" x="{_x(v, half):.3f}%" '
            f'y="{axis_y + 16}" text-anchor="middle" font-size="12">{html.escape(label)}</text>'
        )
    unit = html.escape(i18n.text("balance.pts", lang, value="").strip())
    out.append(
        f'<text class="vl-diff-unit" x="{PLOT_HI}%" y="{axis_y + 28}" text-anchor="end" '
        f'font-size="11" fill="#555">{unit}</text>'
    )
    return "".join(out)


def labelled(comp: Comparison, lang: str) -> Comparison:
    """``comp`` with its decks named in ``lang`` (the page's words for the deck of new
    games and the draft; the raw labels stay in the downloads)."""
    return dataclasses.replace(
        comp,
        label_a=i18n.text("balance.base", lang),
        label_b=i18n.text("balance.draft", lang),
    )


def table_html(comp: Comparison, lang: str) -> str:
    """The comparison's tables in ``lang`` (the watched quantities, then every paired
    quantity), each row named in words with its one-line definition as the row's hover
    title (``metric_help``); the verdict sentence is shown apart, above the chart."""
    from verlies.i18n.metrics import comparison_tables, metric_help

    deck = comp.a.spec.deck
    tables = comparison_tables(comp, lang)[1:]  # [0]: the sentence and the run's line
    keys = [list(comp.watched()), list(comp.differences())]
    head_line = comparison_tables(comp, lang)[0][2][1:]
    esc = html.escape
    parts = [f'<div class="verlies-report vl-balance-report" lang="{esc(lang)}">']
    parts += [f'<p class="vl-balance-run">{esc(r[0])}</p>' for r in head_line]
    for (title, header, rows), row_keys in zip(tables, keys, strict=True):
        parts.append(f"<p><b>{esc(title)}</b></p>")
        parts.append('<table style="border-collapse: collapse">')
        parts.append("<tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>")
        for key, row in zip(row_keys, rows, strict=True):
            # data-col: the column's name, shown before the value where a narrow screen
            # lays each row out as a block (the tab's CSS)
            cells = "".join(
                f'<td data-col="{esc(header[j])}" '
                f'style="text-align: {"left" if j == 0 else "right"}">{esc(c)}</td>'
                for j, c in enumerate(row)
            )
            hover = esc(metric_help(key, lang, deck))
            parts.append(f'<tr title="{hover}" data-key="{esc(key)}">{cells}</tr>')
        parts.append("</table>")
    parts.append("</div>")
    return "\n".join(parts)


# ---- the before/after answer on the page (verlies.sim.verdict) ---------------------------

#: The chart's title and hover words when it shows the before/after answer's intervals.
VERDICT_WORDS = ("verdict.diff_title", "verdict.diff_hover")

#: The glossary's entries, in the order they are listed (``verdict.gloss.<key>`` in i18n;
#: each an anchor ``vl-gloss-<key>`` that the words link to, as docs/glossary.md's).
GLOSSARY: tuple[str, ...] = ("star", "holm", "no_change", "floor", "level", "robust")


def gloss_link(key: str, label: str) -> str:
    """``label`` (escaped) linked to the in-page glossary's entry ``key``."""
    return f'<a class="vl-gloss-link" href="#vl-gloss-{key}">{html.escape(label)}</a>'


def glossary_html(lang: str) -> str:
    """The in-page glossary: a closed ``<details>`` with every term and its meaning."""
    t = i18n.text
    items = "".join(
        f'<dt id="vl-gloss-{k}">{html.escape(t(f"verdict.gloss.{k}.term", lang))}</dt>'
        f"<dd>{html.escape(t(f'verdict.gloss.{k}', lang))}</dd>"
        for k in GLOSSARY
    )
    return (
        f'<details class="vl-glossary" id="vl-glossary" lang="{html.escape(lang)}">'
        f"<summary>{html.escape(t('verdict.glossary', lang))}</summary><dl>{items}</dl>"
        f"<p>{html.escape(t('verdict.gloss.more', lang))}</p></details>"
    )


def verdict_differences(ba: BeforeAfter) -> Differences:
    """The characters' changes as the verdict has them (its intervals, its ★), largest
    gain first: the chart shows the same interval as the table and the sentence."""
    rows = [r for k, r in ba.rows.items() if k.startswith("win:")]
    rows = [r for r in rows if not math.isnan(r.change)]
    rows.sort(key=lambda r: (-r.change, r.key))
    return Differences(
        ids=tuple(r.key.removeprefix("win:") for r in rows),
        diffs=tuple(float(r.change) for r in rows),
        low=tuple(float(r.change_low) for r in rows),
        high=tuple(float(r.change_high) for r in rows),
        clear=tuple(bool(r.star) for r in rows),
    )


def verdict_html(ba: BeforeAfter, lang: str) -> str:
    """The answer's lead: the sentence, then every character's win rate in the draft."""
    sentence = html.escape(ba.sentence(lang))
    wins = html.escape(ba.win_line(lang))
    return (
        f'<p class="vl-verdict-sentence" lang="{html.escape(lang)}">{sentence}</p>'
        f'<p class="vl-verdict-wins">{wins}</p>'
    )


def before_after_html(ba: BeforeAfter, lang: str) -> str:
    """The answer's table (base → draft, one interval per number, the one the verdict
    uses), then the other paired quantities in one table of their own Holm family (the
    rows ``verlies compare`` prints: :func:`verlies.sim.verdict.others_table`), each with a
    footnote whose words link to the glossary."""
    from verlies.i18n.metrics import before_after_table, metric_help
    from verlies.sim.verdict import others_table

    esc = html.escape
    deck = ba.deck
    tables = before_after_table(ba, lang)
    title, header, rows = tables[1]
    parts = [f'<div class="verlies-report vl-balance-report" lang="{esc(lang)}">']
    parts.append(f'<p class="vl-verdict-title"><b>{esc(title)}</b></p>')
    parts.append(_table(header, rows, list(ba.rows), lang, deck, metric_help))
    parts.append(f'<p class="vl-verdict-foot">{_glossed(tables[2][2][0][0])}</p>')
    others = others_table(ba, lang)
    if others is not None:
        parts.append(f'<p class="vl-others-title"><b>{esc(others.title)}</b></p>')
        parts.append(
            _table(others.header, others.rows, others.keys, lang, deck, metric_help, "vl-others")
        )
        parts.append(f'<p class="vl-others-foot">{_glossed(others.foot)}</p>')
    parts.append("</div>")
    return "\n".join(parts)


def _glossed(words: str) -> str:
    """``words`` escaped, their first "Holm" and "★" linked to the glossary."""
    out = html.escape(words)
    for key, word in (("holm", "Holm"), ("star", "★")):
        out = out.replace(word, gloss_link(key, word), 1)
    return out


def _table(
    header: list[str],
    rows: list[list[str]],
    keys: list[str],
    lang: str,
    deck: object,
    helper: object,
    cls: str = "vl-answer",
) -> str:
    esc = html.escape
    out = [f'<table class="{cls}" style="border-collapse: collapse">']
    out.append("<tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>")
    for key, row in zip(keys, rows, strict=True):
        cells = "".join(
            f'<td data-col="{esc(header[j])}" '
            f'style="text-align: {"left" if j == 0 else "right"}">{esc(c)}</td>'
            for j, c in enumerate(row)
        )
        hover = ""
        if key not in ("spread", "edge", "timeouts"):  # the rest have a definition
            hover = f' title="{esc(helper(key, lang, deck))}"'  # type: ignore[operator]
        out.append(f'<tr data-key="{esc(key)}"{hover}>{cells}</tr>')
    out.append("</table>")
    return "".join(out)


# ---- a kept run's game lengths (no widget: drawn again after a reload) --------------------


def length_legend_html(
    names: tuple[str, str], colors: tuple[str, str], medians: tuple[float, float], word: str
) -> str:
    """The game-length plot's legend: each deck's colour, name and median (the live plot's
    and a kept one's)."""
    items = []
    for name, color, med in zip(names, colors, medians, strict=True):
        shown = "" if math.isnan(med) else f" ({word} {med:g})"
        items.append(
            f'<span class="vl-length-item" style="white-space:nowrap;margin-right:1em">'
            f'<span style="display:inline-block;width:1.6em;height:0.3em;'
            f'vertical-align:middle;background:{color}"></span> '
            f"{html.escape(name + shown)}</span>"
        )
    return " ".join(items)


def lengths_svg(
    data: Overlay,
    words: tuple[tuple[str, str], str, str, str, str],
    colors: tuple[str, str] = ("#6b7d35", "#2c6fa8"),
) -> str:
    """A kept run's game lengths (both decks' games per bin of rounds, one line each) as
    SVG with the live plot's words (``words``: the decks' names, title, x and y labels,
    the median's word) and its legend. Static: a kept result is drawn in any tab, shown or
    not (a bqplot figure laid out in a hidden tab logs negative sizes)."""
    names, title, x_label, y_label, median = words
    w, h, left, right, top, bottom = 400.0, 200.0, 44.0, 8.0, 10.0, 34.0
    xs = [s + data.width / 2 for s in data.starts]
    top_count = max([*data.counts_a, *data.counts_b, 1])
    lo, hi = (min(data.starts), max(data.starts) + data.width) if data.starts else (0, 1)

    def px(x: float) -> float:
        return left + (x - lo) / max(1e-9, hi - lo) * (w - left - right)

    def py(c: float) -> float:
        return top + (1 - c / top_count) * (h - top - bottom)

    esc = html.escape
    out = [
        f'<div class="vl-length-kept"><div class="vl-diff-title">{esc(title)}</div>',
        f'<svg class="vl-length-svg" viewBox="0 0 {w:g} {h:g}" width="100%" '
        f'style="max-width:640px" role="img" aria-label="{esc(title)}" '
        'xmlns="http://www.w3.org/2000/svg">',
        f'<line x1="{left}" x2="{w - right}" y1="{h - bottom}" y2="{h - bottom}" stroke="#555"/>',
        f'<line x1="{left}" x2="{left}" y1="{top}" y2="{h - bottom}" stroke="#555"/>',
    ]
    for counts, color, cls in zip(
        (data.counts_a, data.counts_b), colors, ("vl-length-a", "vl-length-b"), strict=True
    ):
        points = " ".join(f"{px(x):.1f},{py(c):.1f}" for x, c in zip(xs, counts, strict=True))
        out.append(
            f'<polyline class="{cls}" data-counts="{",".join(map(str, counts))}" '
            f'points="{points}" fill="none" stroke="{color}" stroke-width="2.5"/>'
        )
    for v in (0, top_count):
        out.append(
            f'<text x="{left - 4}" y="{py(v) + 4:.1f}" text-anchor="end" font-size="11">{v}</text>'
        )
    for s in (lo, (lo + hi) // 2, hi):
        out.append(
            f'<text x="{px(s):.1f}" y="{h - bottom + 14}" text-anchor="middle" '
            f'font-size="11">{s}</text>'
        )
    out.append(
        f'<text x="{(left + w - right) / 2}" y="{h - 4}" text-anchor="middle" '
        f'font-size="11">{esc(x_label)}</text>'
        f'<text x="10" y="{(top + h - bottom) / 2}" text-anchor="middle" font-size="11" '
        f'transform="rotate(-90 10 {(top + h - bottom) / 2})">{esc(y_label)}</text></svg>'
    )
    legend = length_legend_html(names, colors, (data.median_a, data.median_b), median)
    out.append(f'<div class="vl-length-legend">{legend}</div></div>')
    return "".join(out)
