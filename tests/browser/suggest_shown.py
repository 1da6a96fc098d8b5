"""What the Balance tab's Suggest section shows, read in the browser: the answer's parts
(:data:`SHOWN_JS`) and its layout at a width (:func:`check_layout`). Shared by the
Suggest tests (test_suggest_tab, test_suggest_reload)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

__all__ = ["SHOWN_JS", "check_layout"]

SHOWN_JS = """
() => {
  const q = (s) => Array.from(document.querySelectorAll(s));
  const rows = q('.vl-suggest-table tr[data-key]').map((tr) =>
    Array.from(tr.querySelectorAll('td')).map((td) => td.textContent.trim()));
  const result = document.querySelector('.vl-suggest-result');
  const order = ['.vl-suggest-for', '.vl-suggest-headline', '.vl-suggest-tally',
                 '.vl-suggest-edits', '.vl-suggest-table'].map((s) => {
    const e = result && result.querySelector(s);
    return e ? Array.from(result.querySelectorAll('*')).indexOf(e) : -1;
  });
  const one = (s) => { const e = document.querySelector(s);
                       return e ? e.textContent.trim() : null; };
  return {edits: q('.vl-suggest-edit').map((li) => li.textContent.trim()),
          heads: q('.vl-suggest-table th').map((th) => th.textContent.trim()),
          rows, order, draft: one('.vl-suggest-for'), headline: one('.vl-suggest-headline'),
          tally: one('.vl-suggest-tally')};
}
"""

_LAYOUT_JS = """
() => {
  const out = [];
  const sel = ['.vl-suggest .widget-label', '.vl-suggest button', '.vl-suggest textarea',
               '.vl-suggest input', '.vl-suggest-status', '.vl-suggest-title',
               '.vl-suggest-edit', '.vl-suggest-table', '.vl-suggest-table td',
               '.vl-suggest-headline', '.vl-suggest-tally', '.vl-suggest-for',
               '.vl-suggest-hint', '.vl-suggest a[download]', '.vl-suggest-applied',
               '.vl-suggest'];
  for (const s of sel) for (const e of document.querySelectorAll(s)) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown
    let text = 0;
    if (e.tagName === 'BUTTON') {
      const range = document.createRange(); range.selectNodeContents(e);
      text = range.getBoundingClientRect().width;
    }
    out.push({sel: s, text: (e.textContent || '').trim().slice(0, 40),
              scroll: e.scrollWidth, client: e.clientWidth, left: r.left, right: r.right,
              width: r.width, textWidth: text, tag: e.tagName});
  }
  const d = document.scrollingElement || document.documentElement;
  return {items: out, pageScroll: d.scrollWidth, pageClient: d.clientWidth,
          bodyScroll: document.body.scrollWidth, bodyClient: document.body.clientWidth,
          window: window.innerWidth};
}
"""


def check_layout(page: Page, width: int) -> None:
    """The Suggest section at ``width``: no label, button, text box or cell cut, nothing
    outside the window, the page not scrolling sideways, its three buttons as wide as
    their words."""
    layout: dict[str, Any] = page.evaluate(_LAYOUT_JS)
    assert layout["window"] == width
    assert layout["pageScroll"] <= layout["pageClient"], f"the page scrolls sideways: {layout}"
    assert layout["bodyScroll"] <= layout["bodyClient"], f"the page scrolls sideways: {layout}"
    bad = []
    for e in layout["items"]:
        # a text box scrolls its own text by design; everything else must show it whole
        if e["tag"] not in ("TEXTAREA", "INPUT") and e["scroll"] > e["client"] + 1:
            bad.append(("cut", e))
        if e["left"] < -0.5 or e["right"] > width + 0.5:
            bad.append(("outside the window", e))
        if e["textWidth"] and e["width"] + 0.5 < e["textWidth"]:
            bad.append(("button narrower than its text", e))
    assert not bad, bad
    buttons = [e for e in layout["items"] if e["sel"] == ".vl-suggest button" and e["text"]]
    assert len(buttons) == 3 and all(b["width"] >= 60 for b in buttons), buttons
