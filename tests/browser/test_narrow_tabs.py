"""The Deck & cards and New game tabs at 390, 800 and 1280 px (issue 24 item 1).

What a person saw: at 390 px the whole card editor sat in a sideways-scrolling inner box,
its labels cut to "e (de)", "ernis", "nzahl"; at 800 px it was clipped on the right; the
variants' texts were cut with "…". Here, at each width: the editor and the variants lie
inside the page's width and their own box (nothing sticks out on the right, the page does
not scroll sideways), and no label or variant text is cut (its text fits its box). The
deck composition table and the sanity checks' table of chances (issue 37) may scroll
inside their own boxes: they are tables of numbers.
Waits follow progress (tests/browser/progress.py); the page reflows after each resize.
"""

from __future__ import annotations

from typing import Any

from each_view import each_width
from playwright.sync_api import Page
from progress import follow, has, open_page

EDITOR = ".verlies-deck-editor"
VARIANTS = ".vl-variants"

#: What sticks out of ``root`` or is cut inside it, as a person would see it.
_LAYOUT_JS = """
(sel) => {
  const root = document.querySelector(sel);
  if (!root || root.offsetParent === null) return {missing: true};
  const R = root.getBoundingClientRect();
  const shown = (e) => e.offsetParent !== null && e.getClientRects().length > 0;
  const out = [], cut = [];
  root.querySelectorAll('*').forEach((e) => {
    if (!shown(e) || e.closest('.verlies-composition') || e.closest('option')) return;
    // the sanity checks' chance table scrolls in its own box (the box itself is checked)
    if (e.parentElement && e.parentElement.closest('.vl-sanity-scroll')) return;
    const b = e.getBoundingClientRect();
    if (b.width > 0 && (b.right > R.right + 0.5 || b.left < R.left - 0.5))
      out.push(`${e.tagName}.${String(e.className).slice(0, 40)} ${Math.round(b.left)}-` +
               `${Math.round(b.right)} "${(e.innerText || '').slice(0, 30)}"`);
  });
  root.querySelectorAll('.widget-label, .widget-html-content > span, label').forEach((e) => {
    if (!shown(e) || !e.textContent.trim()) return;
    if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      cut.push(`${e.textContent.trim()} (${e.clientWidth}/${e.scrollWidth})`);
  });
  root.querySelectorAll('.widget-html-content').forEach((e) => {
    if (!shown(e) || e.querySelector('.verlies-composition')) return;
    if (e.scrollWidth > e.clientWidth + 1)
      cut.push(`${e.textContent.trim().slice(0, 40)} (${e.clientWidth}/${e.scrollWidth})`);
  });
  return {
    root: [Math.round(R.left), Math.round(R.right)],
    viewport: window.innerWidth,
    page: document.documentElement.scrollWidth,
    inner: [root.clientWidth, root.scrollWidth],
    out: out.slice(0, 12),
    cut: cut.slice(0, 12),
  };
}
"""


def _fits(page: Page, selector: str, width: int) -> None:
    """Wait (following progress) until ``selector``'s box lies in the page's ``width``,
    nothing sticks out of it and no text in it is cut."""
    found: dict[str, Any] = {}

    def check() -> bool:
        found.clear()
        found.update(page.evaluate(_LAYOUT_JS, selector))
        assert not found.get("missing"), f"{selector} is not shown"
        assert found["viewport"] == width, found
        assert found["root"][1] <= width and found["page"] <= width, found
        assert found["inner"][1] <= found["inner"][0] + 1, found  # no sideways scroll box
        assert found["out"] == [], found
        assert found["cut"] == [], found
        return True

    follow(page, check, f"{selector} to fit {width} px")


def _tab(page: Page, title: str, ready: str) -> None:
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{title}')")
    follow(page, has(page, ready, "visible"), f"the {title} tab")


def test_the_deck_editor_and_the_variants_fit_every_width(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, page_url(), server=voila_server)
    _tab(page, "Deck & Karten", f"{EDITOR} .widget-select select")
    for width in each_width(page):
        _fits(page, EDITOR, width)
        # the labels a person read cut: whole words, in the language shown (German)
        labels = page.eval_on_selector_all(
            f"{EDITOR} .widget-label", "es => es.filter(e => e.offsetParent).map(e => e.innerText)"
        )
        for word in ("Name (de)", "Anzahl"):
            assert word in labels, labels
    page.set_viewport_size({"width": 390, "height": 844})
    _tab(page, "Neues Spiel", f"{VARIANTS} input[type=checkbox]")
    for width in each_width(page):
        _fits(page, VARIANTS, width)
        # every variant's text is shown (whole: _fits found none cut), in German
        texts = page.eval_on_selector_all(
            f"{VARIANTS} .widget-checkbox label", "es => es.map(e => e.innerText.trim())"
        )
        assert len(texts) >= 3 and all(texts), texts
    assert console_errors == []
