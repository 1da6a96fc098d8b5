"""The Balance tab as a person sees it, at 390, 800 and 1280 px, in German and in English.

A draft that changes a card (the Troll fights with Stärke 12) is simulated against the deck
of new games; then, at each width:

- each bar of the difference chart is read as it is drawn (its name, its value text, and
  where its end lies against the axis' tick labels), in screen order, and checked against
  the table's row for that character (its difference, in the same words);
- no label or button is cut (an element's scrollWidth ≤ its clientWidth, a button at least
  as wide as its text, every box inside the window) and the page does not scroll sideways;
- every word the tab shows is in the page's language: no word of the other language's
  table (the tab's keys, the metrics' names, the characters' names) that this language's
  table lacks.

Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser_settings import ARTIFACTS
from each_view import each_width, foreign_words, other_lang
from layout import check_fits
from page_moves import EDITOR, note_old_links, old_links_gone, show_title, switch_lang, table_rows
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page
from progress import watch as watch_server

from verlies import i18n
from verlies.deck import Deck
from verlies.sim import simulate

TROLL = "monster-troll"
TROLL_TEXT = "Kampf: Stärke 12. Besitz: W6 Gold und ein Schatz."

#: What the chart shows, in screen order: each row's name, value text and bar ends, the
#: ticks' texts and centres, the svg's box.
_CHART_JS = """
() => {
  const svg = document.querySelector('.vl-balance .vl-diff-svg');
  if (!svg) return null;
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            width: r.width, height: r.height}; };
  const rows = Array.from(svg.querySelectorAll('.vl-diff-row')).map((g) => ({
    name: g.querySelector('.vl-diff-name').textContent,
    value: g.querySelector('.vl-diff-value').textContent,
    bar: box(g.querySelector('.vl-diff-bar')),
    nameBox: box(g.querySelector('.vl-diff-name')),
    valueBox: box(g.querySelector('.vl-diff-value')),
  }));
  rows.sort((a, b) => a.nameBox.top - b.nameBox.top);
  const ticks = Array.from(svg.querySelectorAll('.vl-diff-tick')).map((t) => {
    const b = box(t); return {text: t.textContent, x: (b.left + b.right) / 2}; });
  return {rows, ticks, svg: box(svg)};
}
"""


#: Every string the tab shows a person (its text and the charts' SVG text).
_TEXT_JS = """
() => {
  const tab = document.querySelector('.vl-balance');
  const svgText = Array.from(tab.querySelectorAll('svg text')).map((t) => t.textContent);
  const options = Array.from(tab.querySelectorAll('select option:checked'))
    .map((o) => o.textContent);
  return [tab.innerText, ...svgText, ...options].join('\\n');
}
"""


def _number(text: str) -> float:
    """A shown number ("+3,0 Pkt.", "−4.0 pt ★", "−10") as a float."""
    m = re.search(r"[+−-]?\d+(?:[.,]\d+)?", text)
    assert m is not None, f"no number in {text!r}"
    return float(m.group().replace("−", "-").replace(",", "."))


def _edit_the_troll(page: Page) -> None:
    """In English: the Troll's fight becomes Stärke 12 in the editor's draft."""
    show_title(page, "Deck & cards")
    search = page.locator(f"{EDITOR} .widget-text:has(> label:text-is('Search')) input")
    follow(page, lambda: search.count() == 1, "the editor's search box")
    search.fill(TROLL)
    card_list = page.locator(f"{EDITOR} .widget-select select")

    def label() -> str | None:
        labels: list[str] = card_list.locator("option").evaluate_all("os => os.map(o => o.label)")
        return next((x for x in labels if x.replace("\xa0", " ").startswith(f"{TROLL} · ")), None)

    follow(page, lambda: label() is not None, "the Troll in the card list")
    card_list.select_option(label=label())
    follow_expect(page.locator(f"{EDITOR} h4 code")).to_have_text(TROLL)
    area = page.locator(f"{EDITOR} .widget-textarea:has(> label:text-is('Card text')) textarea")
    area.fill(TROLL_TEXT)
    area.press("Tab")
    follow_expect(page.locator(f"{EDITOR} .verlies-diff")).to_contain_text("Stärke 12")


def _check_chart(page: Page, lang: str) -> None:
    """Each bar's name, value and drawn length against the table's row for it."""
    chart: dict[str, Any] = page.evaluate(_CHART_JS)
    assert chart is not None, "no difference chart"
    names = {c.name.get(lang) for c in Deck.default().characters.values()}
    rows = chart["rows"]
    assert [r["name"] for r in rows] and {r["name"] for r in rows} == names
    # The table's rows "<a character's win rate>": its B − A column, in the same words.
    table: list[list[str]] = table_rows(page, ".vl-balance-table tr")
    ticks = chart["ticks"]
    assert len(ticks) == 3, ticks
    (lo_t, zero_t, hi_t) = sorted(ticks, key=lambda t: t["x"])
    lo, zero, hi = (_number(t["text"]) for t in (lo_t, zero_t, hi_t))
    assert zero == 0 and lo == -hi and hi > 0
    px_per_point = (hi_t["x"] - lo_t["x"]) / (hi - lo)
    values = []
    for r in rows:
        win_name = i18n.text("verdict.q.win", lang, name=r["name"])
        found = [t for t in table if t and t[0] == win_name]
        assert found, f"no table row {win_name!r}"
        table_diff = _number(
            found[-1][3]
        )  # the before/after table: Größe, vorher, nachher, Änderung
        shown = _number(r["value"])
        assert shown == pytest.approx(table_diff, abs=0.051), (r, found[-1])
        bar = r["bar"]
        # the bar runs from zero to the value: its far end, read against the ticks
        end = (
            bar["right"] if bar["right"] - zero_t["x"] > zero_t["x"] - bar["left"] else bar["left"]
        )
        drawn = (end - zero_t["x"]) / px_per_point
        if abs(shown) > 0:
            assert drawn == pytest.approx(shown, abs=1.0 / px_per_point + 0.05), (r, drawn)
        else:
            assert bar["width"] <= 1.0, r
        values.append(shown)
    assert values == sorted(values, reverse=True), f"not sorted: {values}"
    assert any(v != 0 for v in values), "the changed card moved no win rate at all"


#: Every control and text box of the tab that could be cut or stick out.
_LAYOUT: tuple[str, ...] = (
    ".vl-balance .widget-label",
    ".vl-balance button",
    ".vl-balance select",
    ".vl-balance input",
    ".vl-balance-status",
    ".vl-balance-verdict",
    ".vl-balance-progress",
    ".vl-balance-table",
    ".vl-balance .vl-diff",
    ".vl-verdict-sentence",
    ".vl-verdict-wins",
    ".vl-balance-fresh",
    ".vl-balance .bqplot",
    ".vl-balance .vl-length-legend",
    ".vl-balance",
)


def _check_layout(page: Page, width: int) -> None:
    items = check_fits(page, width, _LAYOUT, scrolls=(".vl-balance input",))
    # the tab's own buttons (the plots' icon buttons have no text) show their words
    buttons = [e for e in items if e["sel"] == ".vl-balance button" and e["text"]]
    # start, cancel, "show me" (balview), and "play N more games" when the answer can't
    # tell yet
    assert len(buttons) in (3, 4) and all(b["width"] >= 60 for b in buttons), buttons


def _plot_fills(page: Page, width: int) -> bool:
    """The game-length plot's drawing is as wide as its box, and inside the window."""
    got: dict[str, float] = page.evaluate(
        """() => { const f = document.querySelector('.vl-balance .bqplot');
          const svg = f.querySelector('svg'); const tab = document.querySelector('.vl-balance');
          return {svg: svg.getBoundingClientRect().width, box: f.getBoundingClientRect().width,
                  tab: tab.clientWidth, right: svg.getBoundingClientRect().right}; }"""
    )
    assert got["svg"] >= 0.9 * got["box"] and got["box"] >= 0.8 * got["tab"], got
    assert got["right"] <= width + 0.5, got
    return True


#: The answer as a person reads it: the sentence, the win rates, the line naming the draft,
#: and where each lies on the screen (top, left, right), with the chart's and table's tops.
_ANSWER_JS = """
() => {
  const at = (s) => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect();
    return {text: e.innerText.trim(), top: r.top, left: r.left, right: r.right,
            height: r.height, shown: e.checkVisibility()}; };
  return {sentence: at('.vl-balance .vl-verdict-sentence'),
          wins: at('.vl-balance .vl-verdict-wins'), fresh: at('.vl-balance .vl-fresh'),
          chart: at('.vl-balance .vl-diff'), table: at('.vl-balance-table')};
}
"""


def _check_answer(page: Page, lang: str, width: int) -> None:
    """The before/after answer leads: its sentence (one of the verdicts' openings, in the
    page's language), then every character's win rate, then the chart and the table;
    each shown whole inside the window."""
    got: dict[str, Any] = page.evaluate(_ANSWER_JS)
    sentence, wins = got["sentence"], got["wins"]
    assert sentence and wins and got["fresh"], got
    # each verdict's opening words: its template up to its first placeholder
    openings = [
        i18n.table(lang)[key].split("{")[0].strip()
        for key in (
            "verdict.better",
            "verdict.worse",
            "verdict.mixed",
            "verdict.mixed_neutral",
            "verdict.no_change",
            "verdict.cant_tell",
        )
    ]
    assert any(sentence["text"].startswith(o) for o in openings), (sentence, openings)
    assert wins["text"].startswith(i18n.text("verdict.wins", lang, draft="", n="", items="")[:12])
    names = {str(c.name.get(lang)) for c in Deck.default().characters.values()}
    assert all(name in wins["text"] for name in names), wins
    assert got["fresh"]["text"].startswith(
        i18n.text("verdict.belongs", lang, draft="", base="")[:10]
    )
    for part in (sentence, wins):
        assert part["shown"] and part["left"] >= -0.5 and part["right"] <= width + 0.5, part
    assert sentence["top"] < wins["top"] < got["chart"]["top"] < got["table"]["top"], got


def _check_language(page: Page, lang: str) -> None:
    shown = page.evaluate(_TEXT_JS)
    foreign = foreign_words(
        shown, lang, ("sim.", "balance.", "metric.", "lab.", "verdict."), characters=True
    )
    assert not foreign, f"words of {other_lang(lang)} on the {lang} tab: {sorted(foreign)}"


def _screenshot(page: Page, name: str, width: int) -> None:
    """The whole tab (Voila scrolls inside its own box: the window is made taller)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 2600})
    follow(page, lambda: page.evaluate("window.innerHeight") == 2600, "the tall window")
    follow(page, lambda: _plot_fills(page, width), "the plot in the tall window")
    page.screenshot(path=str(ARTIFACTS / name))


#: The runs of the test: the page's language, the width the run is started at, what it
#: watches.
RUNS = (("de", 390, "injuries"), ("en", 1280, "none"))


def test_the_balance_tab_reads_right_at_every_width(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """One page, the Troll edited once, then a run per entry of :data:`RUNS`: the page's
    language switched, the run started at its width and read at every width. The second
    run replaces the first's results (its download links are new elements: the wait for
    the run's end cannot take the first run's for it)."""
    server = voila_server
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    switch_lang(page, "en", server=server)
    follow(page, lambda: "move" in page.inner_text(".vl-state"), "English", server=server)
    _edit_the_troll(page)
    for lang, run_width, watch in RUNS:
        _run_and_read(page, server, lang, run_width, watch)
    assert console_errors == []


def _run_and_read(page: Page, server: Any, lang: str, run_width: int, watch: str) -> None:
    """In ``lang``, start a run of 96 games per deck at ``run_width`` watching ``watch``,
    wait for its end, then check the tab at every width."""
    switch_lang(page, lang, server=server)
    show_title(page, "Balance")
    page.set_viewport_size({"width": run_width, "height": 900})
    games = page.locator(".vl-balance-games input")
    follow(page, lambda: games.count() == 1, "the Balance tab", server=server)
    start = page.locator(".vl-balance-start")
    follow_expect(start).to_have_text(i18n.text("sim.start", lang))
    games.fill("96")
    games.press("Enter")
    page.locator(".vl-balance-watch select").select_option(
        label=i18n.text(f"balance.watch.{watch}", lang)
    )
    note_old_links(page, ".vl-balance a[download]")
    start.click()
    # Watched: the progress line counts the games, then the run ends with its downloads.
    progress = page.locator(".vl-balance-progress")
    follow_expect(progress).to_contain_text(f" {2 * 96} ")
    follow(
        page,
        lambda: (
            old_links_gone(page)
            and page.locator(".vl-balance a[download]").count() == 2
            # the answer's widgets reach the page one message after another
            and bool(page.locator(".vl-balance-verdict").inner_text().strip())
        ),
        "the run's end",
        server=server,
    )
    verdict = page.locator(".vl-balance-verdict").inner_text()
    assert verdict.strip(), "no verdict sentence"
    for width in each_width(page):

        def settled(w: int = width) -> bool:
            _check_layout(page, w)
            _check_chart(page, lang)
            return True

        # The lengths' plot, scrolled into view as a person would, fills the tab's width
        # (bqplot lays a figure out again only once it is visible after a resize).
        page.locator(".vl-balance .bqplot").first.scroll_into_view_if_needed()
        follow(page, lambda w=width: _plot_fills(page, w), f"the plot at {width} px", server=server)
        follow(page, settled, f"the tab laid out at {width} px", server=server)
        _check_answer(page, lang, width)
        _check_language(page, lang)
        _screenshot(page, f"balance_{lang}_{width}.png", width)


#: The notebook's "win rate per character" figure: each x tick's text and centre, each
#: bar's centre and height, the y axis' 0 % and 100 % ticks.
_NOTEBOOK_BARS_JS = """
(title) => {
  const fig = Array.from(document.querySelectorAll('.bqplot'))
    .find((f) => f.textContent.includes(title));
  if (!fig) return null;
  const c = (e) => { const r = e.getBoundingClientRect();
    return {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, height: r.height,
            bottom: r.bottom}; };
  const ticks = Array.from(fig.querySelectorAll('.axis .tick text'))
    .map((t) => ({text: t.textContent, ...c(t)}));
  const bars = Array.from(fig.querySelectorAll('rect.bar')).map(c);
  return {ticks, bars};
}
"""


def test_the_notebooks_bars_carry_their_own_values(
    page: Page, start_voila: Callable[..., Any]
) -> None:
    """balance_lab.ipynb's live win-rate plot: the bar named X shows X's win rate (the
    run is replayed here: the same seed gives the same games).

    The notebook's Voila is this test's own, started as ``./run play`` starts one but
    without preheated kernels: a preheated pool runs the whole notebook (its simulations,
    sweep, impact and tuning) in two kernels at the start and again in a third once the
    page took one, for pages nobody opens (issue 20 item 6: that cost two thirds of this
    test's CPU). The page then runs the notebook itself; the server stops with the test
    (no other test asks for this notebook)."""
    server = start_voila(
        "balance_lab.ipynb", "--VoilaConfiguration.preheat_kernel=False", name="balance_lab-cold"
    )
    try:
        _read_the_bars(page, server)
    finally:
        server.stop()


def _read_the_bars(page: Page, server: Any) -> None:
    """Open the notebook's page and follow its win-rate figure until its bars hold."""
    # The page shows the notebook's outputs as its cells run: the figure is read as soon
    # as its bars hold, not after the whole notebook ran (the document's load); the rest
    # of the notebook is not this test's (the server stops with it).
    watch_server(page, server)
    page.evaluate("u => { window.location.href = u; }", server.url("/"))
    result = simulate(
        32, players=4, bots="careful", characters="all", deck=Deck.default(), seed=1, workers=1
    )
    want = {
        cid.removeprefix("char-"): r["win_rate"]
        for cid, r in result.metrics.character_rows().items()
    }
    title = "win rate per character"

    def read() -> bool:
        fig = page.evaluate(_NOTEBOOK_BARS_JS, title)
        assert fig is not None, "no win-rate figure yet"
        names = [t for t in fig["ticks"] if t["text"] in want]
        assert sorted(t["text"] for t in names) == sorted(want), fig["ticks"]
        y0 = next(t for t in fig["ticks"] if t["text"] == "0%")["y"]
        y100 = next(t for t in fig["ticks"] if t["text"] == "100%")["y"]
        per_unit = y0 - y100
        assert len(fig["bars"]) == len(want)
        for bar in fig["bars"]:
            name = min(names, key=lambda t: abs(t["x"] - bar["x"]))
            assert abs(name["x"] - bar["x"]) < 2, (name, bar)  # the tick under the bar
            drawn = bar["height"] / per_unit
            assert drawn == pytest.approx(want[name["text"]], abs=1.5 / per_unit), (
                name["text"],
                drawn,
                want[name["text"]],
            )
        return True

    follow(page, read, "the notebook's win-rate bars", server=server)
