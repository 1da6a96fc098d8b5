"""A Deck-tab sweep survives a reload (issue 38 leftovers, item 1), in a real browser
against a real Voila, in German and English: a person sweeps the coin purse's gold from 1
to 3 (2 games per value, median rounds shown) and reloads. The Deck tab shows the same
caption, the same table word for word and the same three dots of the curve, drawn from the
kept figures; the workspace line names the sweep's draft and says it is of the draft as it
is; at 390, 800 and 1280 px the sweep table's box (it scrolls where the table is wider)
and the workspace line lie inside the window and the page does not scroll sideways. Then
a point taken from the kept sweep becomes the draft (the Deck tab lists the change) and
"now" moves to it. Every wait follows progress (tests/browser/progress.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import each_lang, each_width
from page_moves import EDITOR, select_card, show_tab, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, has, open_page
from test_resume import browser_known

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.sweep import Tweak
from verlies.ui.deck.editor_model import describe_diff

CARD = "schatz-muenzbeutel"
GAMES, VALUES = 2, [1, 2, 3]

_BOXES_JS = """
() => {
  const out = [];
  for (const s of ['.vl-sweep-table-box', '.vl-sweep-caption', '.vl-workspace'])
    for (const e of document.querySelectorAll(s)) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      out.push({sel: s, left: r.left, right: r.right, scroll: e.scrollWidth,
                client: e.clientWidth});
    }
  const d = document.scrollingElement || document.documentElement;
  return {items: out, pageScroll: d.scrollWidth, pageClient: d.clientWidth};
}
"""

_DOTS_JS = "() => document.querySelectorAll('.vl-sweep .vl-sweep-plot path.dot').length"


def _shown(page: Page) -> dict[str, Any]:
    return {
        "caption": page.locator(".vl-sweep-caption").inner_text(),
        "rows": page.locator(".vl-sweep-table tbody tr").all_inner_texts(),
        "dots": page.evaluate(_DOTS_JS),
    }


@each_lang
def test_a_sweep_comes_back_after_a_reload(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
    lang: str,
) -> None:
    server = voila_server
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    browser_known(page, server)
    switch_lang(page, lang, server=server)
    select_card(page, CARD, lang, search=CARD, found=1, server=server)
    field = page.locator(".vl-sweep-field select").first
    gold = i18n.text("impact.field.gold", lang)
    follow(
        page,
        lambda: (
            field.evaluate("s => s.options[s.selectedIndex].textContent").replace("\xa0", " ")
            == gold
        ),
        "the purse's gold",
        server=server,
    )
    quantity = page.locator(".vl-sweep-quantity select")
    quantity.select_option(label=i18n.text("sweep.q.median_rounds", lang))
    for name, value in (("from", VALUES[0]), ("to", VALUES[-1]), ("games", GAMES)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    done = i18n.text("sweep.done", lang, done=GAMES * len(VALUES))
    follow_expect(page.locator(".vl-sweep-status")).to_have_text(done)
    follow(page, lambda: _shown(page)["dots"] == len(VALUES), "the curve", server=server)
    follow(
        page,
        lambda: len(_shown(page)["rows"]) == len(VALUES),
        "the table of the curve",
        server=server,
    )
    want = _shown(page)
    follow(
        page,
        has(page, ".vl-workspace[data-pending='0'][data-kept~='sweep'] .vl-workspace-saved"),
        "the sweep saved",
        server=server,
    )

    open_page(page, None, server=server)  # the reload: a new kernel, the same browser
    browser_known(page, server)
    page.set_viewport_size({"width": 1280, "height": 900})
    item = page.locator(".vl-workspace-back li[data-kind='sweep']")
    follow_expect(item).to_have_count(1)
    deck = Deck.default()
    words = i18n.text("workspace.item.sweep", lang, draft=deck.name, time="")[:-3]
    assert item.inner_text().startswith(words)
    assert item.inner_text().endswith(i18n.text("workspace.fresh", lang))
    assert item.get_attribute("data-stale") == "0"
    show_tab(page, "page.tab_deck", lang, server=server)
    follow(page, lambda: _shown(page) == want, "the same sweep drawn again", server=server)
    assert deck.name in want["caption"]
    shown = quantity.evaluate("s => s.options[s.selectedIndex].textContent")
    assert shown.replace("\xa0", " ") == i18n.text("sweep.q.median_rounds", lang)
    for width in each_width(page):
        page.locator(".vl-sweep-table-box").scroll_into_view_if_needed()
        boxes = page.evaluate(_BOXES_JS)
        assert boxes["pageScroll"] <= boxes["pageClient"], (width, boxes)
        # the table's box scrolls on its own where the table is wider (theme.py)
        assert {b["sel"] for b in boxes["items"]} >= {".vl-sweep-table-box", ".vl-workspace"}
        for b in boxes["items"]:
            assert b["left"] >= -0.5 and b["right"] <= width + 0.5, (width, b)
        assert _shown(page)["rows"] == want["rows"]  # the same words at every width
    page.set_viewport_size({"width": 1280, "height": 900})

    # a point of the kept sweep made the draft: the change listed, "now" on its row
    page.locator(".vl-sweep-pick select").select_option(label="3")
    page.locator(".vl-sweep-take").click()
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    expected = describe_diff(deck, Tweak("treasure", CARD, "gold").apply(deck, 3), lang)
    follow(page, lambda: diff.all_inner_texts() == expected, "the value taken", server=server)
    now = i18n.text("sweep.now", lang)
    follow_expect(page.locator(".vl-sweep-table tbody tr.vl-now th")).to_have_text(f"3 ({now})")
    assert console_errors == []
