"""The language walk over the page's charts (issue 24): the Deck tab's sweep curve, the
Balance tab's game lengths and its chart of win-rate differences (whose rows carry SVG
``<title>`` tooltips), drawn, in German and English, at 390 and 1280 px.

A person sees a figure's title, axis labels and point labels, and hovering it, whatever
bqplot shows then: its toolbar (buttons titled "PanZoom", "Reset", "Save" in English, fixed
in bqplot's JavaScript) and its tooltip. The page hides the toolbar (docs/i18n.md); here
each figure is hovered in the middle and everything shown in it (text, ``title``,
``aria-label``) and in bqplot's tooltip must hold no word of the other language only (the
judge of tests/browser/test_language_walk.py), the axis labels must be the language's
own, and no toolbar may be shown. Waits follow progress (tests/browser/progress.py).
"""

from __future__ import annotations

from typing import Any

from page_moves import EDITOR
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page
from test_language_walk import _switch, foreign, only_words

from verlies import i18n

CARD = "schatz-muenzbeutel"
SWEEP = ".vl-sweep-plot"
LENGTHS = ".vl-balance .bqplot"
DIFFS = ".vl-balance .vl-diff"
WIDTHS = ((390, 844), (1280, 900))

#: What a person meets in one figure (and in bqplot's tooltip, which lives in the body):
#: the shown texts, titles and aria-labels, and whether a toolbar is shown.
_FIGURE_JS = """
(selector) => {
  const fig = document.querySelector(selector);
  if (!fig) return null;
  const shown = (e) => !!e && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const out = [];
  const walker = document.createTreeWalker(fig, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    if (text && shown(n.parentElement)) out.push(text);
  }
  const withWords = [fig, ...fig.querySelectorAll('[title], [aria-label]')];
  for (const e of withWords) {
    if (!shown(e)) continue;
    for (const a of ['title', 'aria-label']) {
      const v = e.getAttribute(a);
      if (v !== null && v.trim()) out.push(v.trim());
    }
  }
  // an SVG <title> is the tooltip of its parent (the difference chart's rows)
  let titles = 0;
  for (const t of fig.querySelectorAll('title'))
    if (shown(t.parentElement) && t.textContent.trim()) {
      out.push(t.textContent.trim());
      titles += 1;
    }
  const tips = Array.from(document.querySelectorAll('.bqplot-tooltip, .bqplot_tooltip'))
    .filter(shown).map((t) => t.innerText.trim()).filter((t) => t);
  // a toolbar not display:none is shown as soon as the mouse moves over the figure
  // (bqplot fades it in and out): its buttons' titles are met then
  const toolbars = Array.from(fig.querySelectorAll('.toolbar_div'))
    .filter((t) => getComputedStyle(t).display !== 'none');
  for (const t of toolbars)
    for (const b of t.querySelectorAll('[title]')) out.push(b.getAttribute('title').trim());
  const r = fig.getBoundingClientRect();
  return {strings: [...out, ...tips], toolbars: toolbars.length, titles, width: r.width,
          height: r.height};
}
"""


def _tab(page: Page, key: str, lang: str) -> None:
    title = i18n.text(key, lang)
    page.locator(".vl-tabs .lm-TabBar-tab").filter(has_text=title).first.click()


def _sweep_the_purse(page: Page, lang: str) -> None:
    """The coin purse's gold swept from 1 to 2, 4 games a value: a curve is drawn."""
    _tab(page, "page.tab_deck", lang)
    label = i18n.text("editor.search", lang)
    search = page.locator(f"{EDITOR} .widget-text:has(> label:text-is('{label}')) input")
    follow(page, lambda: search.count() == 1, "the editor's search box")
    search.fill(CARD)
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    follow(page, lambda: card_list.locator("option").count() == 1, "the purse")
    card_list.select_option(index=0)
    follow_expect(page.locator(f"{EDITOR} h4 code")).to_have_text(CARD)
    follow_expect(page.locator(".vl-sweep-field select").first).to_be_visible()
    for name, value in (("from", 1), ("to", 2), ("games", 4)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    done = i18n.text("sweep.done", lang, done=8)
    follow_expect(page.locator(".vl-sweep-status")).to_have_text(done)
    follow(page, lambda: page.locator(f"{SWEEP} path.dot").count() == 2, "the curve's dots")


def _run_the_balance(page: Page, lang: str) -> None:
    """A short balance run (48 games a deck): the game lengths are drawn."""
    _tab(page, "sim.tab", lang)
    games = page.locator(".vl-balance-games input")
    follow(page, lambda: games.count() == 1, "the Balance tab")
    games.fill("48")
    games.press("Enter")
    page.locator(".vl-balance-watch select").select_option(
        label=i18n.text("balance.watch.none", lang)
    )
    page.locator(".vl-balance-start").click()
    follow(page, lambda: page.locator(".vl-balance a[download]").count() == 2, "the run's end")
    follow(page, lambda: page.locator(f"{LENGTHS} .line").count() >= 1, "the lengths' lines")


def _walk_figure(
    page: Page,
    selector: str,
    lang: str,
    must: list[str],
    only: dict[str, frozenset[str]],
    tooltips: int = 0,
) -> None:
    """Hover ``selector`` and judge what it shows (``tooltips``: at least that many SVG
    ``<title>`` tooltips among it)."""
    figure = page.locator(selector).first
    follow_expect(figure).to_be_visible()
    placed: list[dict[str, float]] = []

    def laid_out() -> bool:
        # a figure redrawn (a switch, a new width) has no box for a moment (seen in a run)
        figure.scroll_into_view_if_needed()
        box = figure.bounding_box()
        placed[:] = [] if box is None else [dict(box)]
        return bool(placed)

    follow(page, laid_out, f"{selector} laid out ({lang})")
    box = placed[0]
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def clean() -> bool:
        seen: dict[str, Any] | None = page.evaluate(_FIGURE_JS, selector)
        assert seen is not None and seen["width"] > 100 and seen["height"] > 100, seen
        strings: list[str] = seen["strings"]
        assert seen["toolbars"] == 0, f"{selector}: bqplot's toolbar is shown ({lang}): {strings}"
        bad = foreign(strings, lang, only)
        assert bad == [], f"{selector} in {lang}: {bad}"
        assert seen["titles"] >= tooltips, f"{selector}: {seen['titles']} tooltips ({lang})"
        missing = [m for m in must if m not in strings]
        assert missing == [], f"{selector} in {lang}: {missing} not among {strings}"
        return True

    follow(page, clean, f"{selector} in {lang}, hovered")


def test_the_charts_hovered_show_only_the_page_language_and_no_toolbar(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    only = only_words()
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=voila_server)
    _switch(page, "de")
    _sweep_the_purse(page, "de")
    _run_the_balance(page, "de")
    for lang in ("de", "en", "de"):
        _switch(page, lang)
        # the sweep opens on the spread of the win rates (issue 37 item 6)
        spread = i18n.text("sweep.q.win_spread", lang)
        sweep_axes = [
            f"{spread} ({i18n.text('sweep.unit.points', lang)})",
            i18n.text("impact.field.gold", lang),
        ]
        length_words = [
            i18n.text(k, lang)
            for k in ("balance.length_title", "balance.rounds", "balance.games_axis")
        ]
        for width, height in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            _tab(page, "page.tab_deck", lang)
            _walk_figure(page, SWEEP, lang, sweep_axes, only)
            _tab(page, "sim.tab", lang)
            _walk_figure(page, LENGTHS, lang, length_words, only)
            diff_title = [i18n.text("verdict.diff_title", lang)]  # the answer's intervals
            _walk_figure(page, DIFFS, lang, diff_title, only, tooltips=2)
        page.set_viewport_size({"width": 1280, "height": 900})
    assert console_errors == [], "\n".join(console_errors)
