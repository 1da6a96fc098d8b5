"""Balance across skill on the Balance tab: the widget-free model and its words.

:class:`SkillRun` plays :func:`verlies.sim.skill_matrix` for the deck being edited in a
background thread (progress, cancel, the result or an error), like
:class:`verlies.ui.balance.balance_model.BalanceRun`. :func:`skill_report` turns a finished (or
cancelled) :class:`~verlies.sim.skill.SkillMatrix` into what the page shows, in one
language: the robust balance in a sentence, every table's verdict in words (a clearly
unbalanced table names its best and worst character with their intervals), the
character × table matrix (each cell its win rate and 95 % interval, coloured by its
distance from the table's average) and "skill matters" (what a stronger bot in one seat
gains over careful in the same seat). :func:`report_html` writes it as HTML; the widget
(:mod:`verlies.ui.balance.skill_view`) only shows that text.

>>> pct_text(0.2718, "de"), interval_text(0.245, 0.3, "en")
('27,2 %', '24.5–30.0 %')
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from verlies import i18n
from verlies.errors import VerliesError
from verlies.i18n.numbers import signed
from verlies.sim.report import jsonable
from verlies.sim.skill import BASE, TABLES, SkillMatrix, TableResult, skill_matrix
from verlies.ui.balance.chart import character_names, points
from verlies.ui.runs.run_model import BackgroundRun

if TYPE_CHECKING:
    from verlies.setup import DeckLike

__all__ = [
    "SETS",
    "Cell",
    "SkillReport",
    "SkillRun",
    "interval_text",
    "pct_text",
    "report_html",
    "skill_report",
    "table_name",
]

#: The page's choices of tables (``skill.tables.<choice>`` in i18n): without the search
#: bot (a game of the strong bot costs about 50 careful games), or every table.
SETS: dict[str, tuple[str, ...]] = {
    "quick": ("careful", "greedy", "reckless", "one-greedy"),
    "all": TABLES,
}
#: A cell's colour is full at this distance from its table's average win rate.
HEAT_FULL = 0.10


def pct_text(x: float, lang: str) -> str:
    """A share as a percentage with one decimal (German: a comma), ``–`` for none."""
    if math.isnan(x):
        return "–"
    return f"{signed(x * 100, lang, digits=1, sign=False)} %"


def interval_text(lo: float, hi: float, lang: str) -> str:
    """An interval of shares: ``24.5–30.0 %``."""
    if math.isnan(lo) or math.isnan(hi):
        return "–"
    return (
        f"{signed(lo * 100, lang, digits=1, sign=False)}–"
        f"{signed(hi * 100, lang, digits=1, sign=False)} %"
    )


def _pts_interval(lo: float, hi: float, lang: str) -> str:
    if math.isnan(lo) or math.isnan(hi):
        return "–"
    return f"{points(lo, lang)} … {points(hi, lang)}"


def table_name(table: str, lang: str) -> str:
    """A table in words: its bot's name (``one-X``: "one X among careful")."""
    bot = table.removeprefix("one-")
    name = i18n.text(f"page.botname.{bot}", lang)
    if table.startswith("one-"):
        return i18n.text("skill.one", lang, bot=name)
    return name


def table_help(table: str, lang: str) -> str:
    bot = table.removeprefix("one-")
    name = i18n.text(f"page.botname.{bot}", lang)
    careful = i18n.text(f"page.botname.{BASE}", lang)
    key = "skill.help_one" if table.startswith("one-") else "skill.help_all"
    return i18n.text(key, lang, bot=name, careful=careful)


# ---- the run ------------------------------------------------------------------------------------


class SkillRun(BackgroundRun):
    """One skill matrix at a time, in a background thread (no widgets here; the thread,
    the progress, cancel and the end: :class:`~verlies.ui.runs.run_model.BackgroundRun`).

    ``executor``: a callable giving the executor to play on (the Balance tab's kept
    worker pool), or None to play in this process.
    """

    what = "skill"

    def __init__(self, executor: Callable[[], Any] | None = None) -> None:
        super().__init__(executor)
        self.matrix: SkillMatrix | None = None
        self.deck_names: dict[str, dict[str, str]] = {}  # lang -> character id -> name

    def start(
        self,
        deck: DeckLike,
        *,
        games: int = 2000,
        strong_games: int = 32,
        players: int = 4,
        seed: int = 0,
        tables: str = "quick",
        on_update: Callable[[SkillRun], None] | None = None,
        on_done: Callable[[SkillRun], None] | None = None,
        on_start: Callable[[SkillRun], None] | None = None,
    ) -> None:
        """Start the matrix of ``deck`` (the tables of :data:`SETS` ``[tables]``); returns
        at once. Bad settings end the run with :attr:`error` set, never raise here."""
        cancel = self._begin()
        self.matrix = None
        self.deck_names = {lang: character_names(deck, lang) for lang in ("de", "en")}

        def progress(done: int, total: int) -> None:
            self._progress(done, total)
            if on_update is not None:
                on_update(self)

        def work() -> bool:
            if tables not in SETS:
                raise VerliesError(
                    f"unknown choice of tables: {tables!r} (one of {', '.join(SETS)})"
                )
            executor = self.executor()
            self.matrix = skill_matrix(
                games,
                strong_games=strong_games,
                players=players,
                seed=seed,
                deck=deck,
                tables=SETS[tables],
                workers=1 if executor is None else None,
                executor=executor,
                cancel=cancel,
                on_update=progress,
            )
            return bool(self.matrix.cancelled)

        self._launch(work, on_done, on_start)

    def to_csv(self) -> str:
        return self.matrix.to_csv() if self.matrix is not None else ""

    def to_json(self) -> str:
        if self.matrix is None:
            return "{}"
        return json.dumps(jsonable(self.matrix.to_dict()), ensure_ascii=False, indent=1)


# ---- what the page shows ------------------------------------------------------------------------


@dataclass
class Cell:
    """One character at one table: its win rate, interval, and its colour's sign and
    strength (``heat``: −1 … 1, the distance from the table's average over HEAT_FULL)."""

    rate: str
    interval: str
    heat: float
    games: int


@dataclass
class SkillReport:
    """A skill matrix in one language, every string as the page shows it."""

    lang: str
    robust: str  # the robust balance in one sentence
    says: list[tuple[str, str]]  # (verdict key, sentence) per table
    gains_says: list[str]  # skill matters, one sentence per one- table (all characters)
    tables: list[str]  # the matrix' columns: table ids
    columns: list[str]  # their names in words
    helps: list[str]  # their definitions (hover)
    rows: list[tuple[str, str, list[Cell]]]  # (character id, name, a cell per table)
    summary_head: list[str]
    summary: list[list[str]]  # per table: name, games, spread, noise floor, verdict
    gains_head: list[str]
    gains: list[list[str]]  # per character (and "all"): name, then gain and interval per table
    notes: list[str] = field(default_factory=list)


def _verdict_key(m: SkillMatrix, t: TableResult) -> str:
    """``unbalanced``, ``above`` (the spread beyond its noise floor but the test not clear
    after the correction), ``within`` (within noise) or ``few`` (too few games)."""
    v = m.verdict(t)
    if v == "within noise" and t.spread > t.floor:
        return "above"
    return {"unbalanced": "unbalanced", "within noise": "within", "too few games": "few"}[v]


def skill_report(m: SkillMatrix, lang: str, names: Mapping[str, str] | None = None) -> SkillReport:
    """What the page shows of ``m`` in ``lang``; ``names``: character id -> name (the
    deck's names in ``lang``; the id without ``char-`` otherwise)."""
    t = i18n.text
    name = _namer(names)
    gains_head, gains = _gain_table(m, lang, name)
    return SkillReport(
        lang=lang,
        robust=_robust_sentence(m, lang),
        says=[_say(m, tr, lang, name) for tr in m.tables],
        gains_says=_gain_sentences(m, lang),
        tables=[tr.name for tr in m.tables],
        columns=[table_name(tr.name, lang) for tr in m.tables],
        helps=[table_help(tr.name, lang) for tr in m.tables],
        rows=_matrix_rows(m, lang, name),
        summary_head=[
            t(f"skill.col.{k}", lang) for k in ("table", "games", "spread", "floor", "p", "verdict")
        ],
        summary=_summary_rows(m, lang),
        gains_head=gains_head,
        gains=gains,
        notes=[t("skill.partial", lang, games=m.info.games)] if m.cancelled else [],
    )


def _namer(names: Mapping[str, str] | None) -> Callable[[str], str]:
    """A character's name: the deck's, else its id without ``char-``."""
    known = dict(names or {})

    def name(cid: str) -> str:
        return known.get(cid, cid.removeprefix("char-"))

    return name


def _p_text(p: float, lang: str) -> str:
    if math.isnan(p):
        return "–"
    if p < 1e-4:
        return "< " + signed(1e-4, lang, digits=4, sign=False)
    return signed(p, lang, digits=4, sign=False)


def _size(share: float, lang: str) -> str:
    """A spread or noise floor in points, without the sign of a difference."""
    return points(share, lang).lstrip("+")


def _robust_sentence(m: SkillMatrix, lang: str) -> str:
    w = m.worst
    if w is None:
        return i18n.text("skill.robust_none", lang)
    return i18n.text(
        "skill.robust",
        lang,
        value=signed(m.robust_balance, lang, digits=3, sign=False),
        table=table_name(w.name, lang),
        spread=_size(w.spread, lang),
        floor=_size(w.floor, lang),
    )


def _say(m: SkillMatrix, tr: TableResult, lang: str, name: Callable[[str], str]) -> tuple[str, str]:
    """One table's verdict key and sentence (a clearly unbalanced table names its best and
    worst character with their intervals)."""
    t = i18n.text
    key = _verdict_key(m, tr)
    tname = table_name(tr.name, lang)
    k = max(1, len(m.tables))
    if key == "unbalanced":
        played = [c for c in m.characters if tr.played.get(c, 0)]
        hi_c, lo_c = max(played, key=tr.rate), min(played, key=tr.rate)
        hi_r, lo_r = tr.row(hi_c), tr.row(lo_c)
        text = t(
            "skill.says.unbalanced",
            lang,
            table=tname,
            p=_p_text(tr.p, lang),
            alpha=signed(0.05 / k, lang, digits=4, sign=False),
            k=k,
            high=name(hi_c),
            high_rate=pct_text(hi_r["win_rate"], lang),
            high_ci=interval_text(hi_r["ci_low"], hi_r["ci_high"], lang),
            low=name(lo_c),
            low_rate=pct_text(lo_r["win_rate"], lang),
            low_ci=interval_text(lo_r["ci_low"], lo_r["ci_high"], lang),
        )
    elif key in ("above", "within"):
        sizes = {"spread": _size(tr.spread, lang), "floor": _size(tr.floor, lang)}
        more = {"p": _p_text(tr.p, lang), "k": k} if key == "above" else {}
        says = {"above": "skill.says.above", "within": "skill.says.within"}[key]
        text = t(says, lang, table=tname, **sizes, **more)
    else:
        text = t("skill.says.few", lang, table=tname, games=tr.games)
    return key, text


def _matrix_rows(
    m: SkillMatrix, lang: str, name: Callable[[str], str]
) -> list[tuple[str, str, list[Cell]]]:
    """Per character a cell per table, coloured by its distance from the table's average."""
    averages = []
    for tr in m.tables:
        n = sum(tr.played.values())
        averages.append(sum(tr.wins.values()) / n if n else math.nan)
    rows: list[tuple[str, str, list[Cell]]] = []
    for cid in m.characters:
        cells = []
        for tr, avg in zip(m.tables, averages, strict=True):
            r = tr.row(cid)
            rate = r["win_rate"]
            heat = 0.0
            if not (math.isnan(rate) or math.isnan(avg)):
                heat = max(-1.0, min(1.0, (rate - avg) / HEAT_FULL))
            interval = interval_text(r["ci_low"], r["ci_high"], lang)
            cells.append(Cell(pct_text(rate, lang), interval, heat, int(r["games"])))
        rows.append((cid, name(cid), cells))
    return rows


def _summary_rows(m: SkillMatrix, lang: str) -> list[list[str]]:
    """Per table: name, games, spread, noise floor, p, verdict."""
    return [
        [
            table_name(tr.name, lang),
            str(tr.games),
            _size(tr.spread, lang) if not math.isnan(tr.spread) else "–",
            _size(tr.floor, lang) if not math.isnan(tr.floor) else "–",
            _p_text(tr.p, lang),
            i18n.text(f"skill.verdict.{_verdict_key(m, tr)}", lang),
        ]
        for tr in m.tables
    ]


def _gain_sentences(m: SkillMatrix, lang: str) -> list[str]:
    """Skill matters in a sentence per ``one-`` table that has pairs (all characters)."""
    t = i18n.text
    out = []
    for g in m.gains:
        overall = g.figure()
        if overall["pairs"] == 0:
            continue
        out.append(
            t(
                "skill.gain",
                lang,
                bot=t(f"page.botname.{g.table.removeprefix('one-')}", lang),
                careful=t(f"page.botname.{BASE}", lang),
                gain=points(overall["gain"], lang),
                interval=_pts_interval(overall["ci_low"], overall["ci_high"], lang),
                pairs=overall["pairs"],
            )
        )
    return out


def _gain_table(
    m: SkillMatrix, lang: str, name: Callable[[str], str]
) -> tuple[list[str], list[list[str]]]:
    """Skill matters per character (and everyone): the gain and its interval per table."""
    head = [i18n.text("skill.col.character", lang), *(table_name(g.table, lang) for g in m.gains)]
    rows: list[list[str]] = []
    if not m.gains:
        return head, rows
    for one in [*m.characters, None]:
        row = [name(one) if one is not None else i18n.text("skill.all", lang)]
        for g in m.gains:
            f = g.figure(one)
            interval = _pts_interval(f["ci_low"], f["ci_high"], lang)
            row.append("–" if f["pairs"] == 0 else f"{points(f['gain'], lang)} ({interval})")
        rows.append(row)
    return head, rows


def _heat_style(heat: float) -> str:
    """A cell's background: blue above the table's average, orange below."""
    if heat == 0:
        return ""
    rgb = "44,111,168" if heat > 0 else "196,106,27"
    return f"background: rgba({rgb},{0.06 + 0.40 * abs(heat):.2f});"


def _table(head: list[str], rows: list[list[str]], cls: str) -> str:
    e = html.escape
    out = [f'<div class="vl-skill-table vl-panel-table {cls}"><table>']
    out.append("<tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>")
    for row in rows:
        cells = [f"<td>{e(row[0])}</td>"]
        cells += [
            f'<td data-col="{e(h)}">{e(v)}</td>' for h, v in zip(head[1:], row[1:], strict=True)
        ]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table></div>")
    return "".join(out)


def report_html(r: SkillReport) -> str:
    """The report as the page's HTML (class names for tests and styles: ``vl-skill-*``)."""
    e = html.escape
    t = i18n.text
    lang = r.lang
    # "robust balance" explained: a link to the Balance tab's glossary (ui.balance_chart)
    link = (
        f' <a class="vl-gloss-link" href="#vl-gloss-robust">'
        f"({e(t('verdict.glossary_link', lang))})</a>"
    )
    out = [f'<p class="vl-skill-robust">{e(r.robust)}{link}</p>']
    out += [f'<p class="vl-skill-note">{e(n)}</p>' for n in r.notes]
    out.append('<ul class="vl-skill-says">')
    for key, sentence in r.says:
        out.append(
            f'<li class="vl-skill-say vl-skill-{key}" data-verdict="{key}">{e(sentence)}</li>'
        )
    out += [f'<li class="vl-skill-say vl-skill-gain">{e(s)}</li>' for s in r.gains_says]
    out.append("</ul>")
    out.append(f'<div class="vl-skill-title">{e(t("skill.matrix_title", lang))}</div>')
    out.append('<div class="vl-skill-table vl-panel-table vl-skill-matrix"><table>')
    head = [f"<th>{e(t('skill.col.character', lang))}</th>"]
    head += [
        f'<th title="{e(h)}" data-table="{e(tid)}">{e(c)}</th>'
        for tid, c, h in zip(r.tables, r.columns, r.helps, strict=True)
    ]
    out.append("<tr>" + "".join(head) + "</tr>")
    for cid, name, cells in r.rows:
        tds = [f'<td class="vl-skill-name">{e(name)}</td>']
        for tid, col, cell in zip(r.tables, r.columns, cells, strict=True):
            hover = t(
                "skill.cell_title",
                lang,
                name=name,
                table=col,
                rate=cell.rate,
                interval=cell.interval,
                games=cell.games,
            )
            tds.append(
                f'<td class="vl-skill-cell" data-col="{e(col)}" data-table="{e(tid)}" '
                f'style="{_heat_style(cell.heat)}" title="{e(hover)}">'
                f'<span class="vl-skill-rate">{e(cell.rate)}</span> '
                f'<span class="vl-skill-ci">{e(cell.interval)}</span></td>'
            )
        out.append(f'<tr data-key="{e(cid)}">' + "".join(tds) + "</tr>")
    out.append("</table></div>")
    out.append(f'<p class="vl-skill-legend">{e(t("skill.heat_help", lang))}</p>')
    out.append(f'<div class="vl-skill-title">{e(t("skill.summary_title", lang))}</div>')
    out.append(_table(r.summary_head, r.summary, "vl-skill-summary"))
    if r.gains:
        out.append(f'<div class="vl-skill-title">{e(t("skill.gains_title", lang))}</div>')
        out.append(_table(r.gains_head, r.gains, "vl-skill-gains"))
    return "".join(out)
