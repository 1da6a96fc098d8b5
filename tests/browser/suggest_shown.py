"""What the Balance tab's Suggest section shows, read in the browser: the answer's parts
(:data:`SHOWN_JS`) and its layout at a width (:func:`check_layout`). Shared by the
Suggest tests (test_suggest_tab, test_suggest_reload)."""

from __future__ import annotations

from layout import check_fits
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


#: Every part of the Suggest section that could be cut or stick out.
_LAYOUT: tuple[str, ...] = (
    ".vl-suggest .widget-label",
    ".vl-suggest button",
    ".vl-suggest textarea",
    ".vl-suggest input",
    ".vl-suggest-status",
    ".vl-suggest-title",
    ".vl-suggest-edit",
    ".vl-suggest-table",
    ".vl-suggest-table td",
    ".vl-suggest-headline",
    ".vl-suggest-tally",
    ".vl-suggest-for",
    ".vl-suggest-hint",
    ".vl-suggest a[download]",
    ".vl-suggest-applied",
    ".vl-suggest",
)


def check_layout(page: Page, width: int) -> None:
    """The Suggest section at ``width``: no label, button, text box or cell cut, nothing
    outside the window, the page not scrolling sideways, its three buttons as wide as
    their words."""
    # a text box scrolls its own text by design; everything else must show it whole
    items = check_fits(page, width, _LAYOUT, scrolls=("TEXTAREA", "INPUT"))
    buttons = [e for e in items if e["sel"] == ".vl-suggest button" and e["text"]]
    assert len(buttons) == 3 and all(b["width"] >= 60 for b in buttons), buttons
