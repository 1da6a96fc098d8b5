"""The browser tests' width probes, in one place: where the page's parts lie and whether a
person can read them at a width (390, 800, 1280 px: each_view.each_width).

* :func:`measure` reads the boxes of the elements that CSS selectors find (left, right,
  width, the width of their text, their scroll and client widths) and the page's own
  scroll width: a panel's buttons, labels and status lines;
* :func:`problems` names what a person would see wrong in such a measure: a text cut in
  its box, a part outside the window, a button narrower than its words;
* :func:`containment` reads everything inside one root: what sticks out of it and what
  text is cut in it (a whole editor or list of variants).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

_MEASURE_JS = """
([selectors, skipEmpty]) => {
  const out = [];
  for (const s of selectors)
    for (const e of document.querySelectorAll(s)) {
      const r = e.getBoundingClientRect();
      if (skipEmpty && r.width === 0 && r.height === 0) continue;  // not shown
      const range = document.createRange(); range.selectNodeContents(e);
      out.push({sel: s, tag: e.tagName, text: (e.textContent || e.value || '').trim().slice(0, 40),
                scroll: e.scrollWidth, client: e.clientWidth, left: r.left, right: r.right,
                width: r.width, textWidth: range.getBoundingClientRect().width});
    }
  const d = document.scrollingElement || document.documentElement;
  return {items: out, pageScroll: d.scrollWidth, pageClient: d.clientWidth,
          bodyScroll: document.body.scrollWidth, bodyClient: document.body.clientWidth,
          window: window.innerWidth};
}
"""

_CONTAINMENT_JS = """
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


def measure(page: Page, *selectors: str, skip_empty: bool = True) -> dict[str, Any]:
    """The boxes of every element each selector finds, in the selectors' order (an element
    found by two selectors is measured twice), without those of no size unless
    ``skip_empty`` is false; and the page's and body's scroll and client widths and the
    window's width (``pageScroll``, ``pageClient``, ``bodyScroll``, ``bodyClient``,
    ``window``)."""
    found: dict[str, Any] = page.evaluate(_MEASURE_JS, [list(selectors), skip_empty])
    return found


def problems(
    layout: dict[str, Any],
    width: int,
    *,
    cut: bool = True,
    text_fits: tuple[str, ...] | None = ("BUTTON",),
    scrolls: tuple[str, ...] = (),
) -> list[tuple[str, dict[str, Any]]]:
    """What a person would see wrong in a :func:`measure` at ``width`` px: a text ``cut`` in
    its box (its scroll width over its client width; not of an element whose selector or
    tag is in ``scrolls``, such as a text box, which scrolls its own text by design), a part
    outside the window, an element narrower than its text (of the tags in ``text_fits``;
    ``None``: of every element)."""
    bad: list[tuple[str, dict[str, Any]]] = []
    for e in layout["items"]:
        own = e["sel"] in scrolls or e["tag"] in scrolls
        if cut and not own and e["scroll"] > e["client"] + 1:
            bad.append(("cut", e))
        if e["left"] < -0.5 or e["right"] > width + 0.5:
            bad.append(("outside the window", e))
        if (text_fits is None or e["tag"] in text_fits) and e["width"] + 0.5 < e["textWidth"]:
            bad.append(("narrower than its text", e))
    return bad


def containment(page: Page, root: str) -> dict[str, Any]:
    """Inside the first element ``root`` finds: what sticks out of it (``out``), which label
    or text is cut (``cut``; a deck composition table may scroll in its own box and is left
    out), the root's left and right, the window's and the page's widths, and the root's
    client and scroll widths (``inner``); ``{"missing": True}`` when it is not shown."""
    found: dict[str, Any] = page.evaluate(_CONTAINMENT_JS, root)
    return found


def check_fits(
    page: Page, width: int, selectors: tuple[str, ...], *, scrolls: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    """The parts ``selectors`` find at ``width`` px, as a person sees them: the window that
    wide, the page not scrolling sideways, nothing cut (but what ``scrolls``), outside the
    window or narrower than its words (:func:`problems`). The parts' measures, for a
    test's own checks (its buttons, its lists)."""
    layout = measure(page, *selectors)
    assert layout["window"] == width
    assert layout["pageScroll"] <= layout["pageClient"], f"the page scrolls sideways: {layout}"
    assert layout["bodyScroll"] <= layout["bodyClient"], f"the page scrolls sideways: {layout}"
    bad = problems(layout, width, scrolls=scrolls)
    assert not bad, bad
    items: list[dict[str, Any]] = layout["items"]
    return items
