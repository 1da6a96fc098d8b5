"""A Deck-tab sweep survives a reload (issue 38 leftovers, item 1), in a real browser
against a real Voila, in German and English: a person sweeps the coin purse's gold from 1
to 3 (2 games per value, median rounds shown) and reloads. The Deck tab shows the same
caption, the same table word for word and the same three dots of the curve, drawn from the
kept figures; the workspace line names the sweep's draft and says it is of the draft as it
is; at 390, 800 and 1280 px the sweep table's box (it scrolls where the table is wider)
and the workspace line lie inside the window and the page does not scroll sideways. Then
a point taken from the kept sweep becomes the draft (the Deck tab lists the change) and
"now" moves to it. One page does it all: the sweep made in German and read in English
(the language switched), the reloaded page read in German and then in English. Every
wait follows progress (tests/browser/progress.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import LANGS, each_width
from layout import measure
from page_moves import EDITOR, open_in, select_card, show_tab, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, has

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.sweep import Tweak
from verlies.ui.deck.editor_model import describe_diff

CARD = "schatz-muenzbeutel"
GAMES, VALUES = 2, [1, 2, 3]


_DOTS_JS = "() => document.querySelectorAll('.vl-sweep .vl-sweep-plot path.dot').length"


def _shown(page: Page) -> dict[str, Any]:
    return {
        "caption": page.locator(".vl-sweep-caption").inner_text(),
        "rows": page.locator(".vl-sweep-table tbody tr").all_inner_texts(),
        "dots": page.evaluate(_DOTS_JS),
    }


def _settled(page: Page, server: Any, lang: str) -> dict[str, Any]:
    """What the sweep shows once its words are in ``lang`` (the caption begins with that
    language's words) and two reads in a row agree (the table redrawn too)."""
    head = i18n.text("sweep.of", lang, deck="@", card="", what="").split("@")[0]
    seen: list[dict[str, Any]] = [{}]

    def settled() -> bool:
        now = _shown(page)
        same = now == seen[0]
        seen[0] = now
        return (
            same
            and now["caption"].startswith(head)
            and now["dots"] == len(VALUES)
            and len(now["rows"]) == len(VALUES)
        )

    follow(page, settled, f"the sweep shown in {lang}", server=server)
    return seen[0]


def _back_read_right(
    page: Page, server: Any, lang: str, want: dict[str, Any], quantity: Any
) -> None:
    """The reloaded page in ``lang``: the workspace line names the sweep (of the draft as
    it is); the Deck tab draws the same sweep; at each width the table's box and the
    workspace line lie inside the window, the page does not scroll sideways."""
    item = page.locator(".vl-workspace-back li[data-kind='sweep']")
    follow_expect(item).to_have_count(1)
    deck = Deck.default()
    words = i18n.text("workspace.item.sweep", lang, draft=deck.name, time="")[:-3]
    fresh = i18n.text("workspace.fresh", lang)
    follow(
        page,
        lambda: item.inner_text().startswith(words) and item.inner_text().endswith(fresh),
        f"the workspace line naming the sweep ({lang})",
        server=server,
    )
    assert item.get_attribute("data-stale") == "0"
    show_tab(page, "page.tab_deck", lang, server=server)
    follow(page, lambda: _shown(page) == want, f"the same sweep drawn ({lang})", server=server)
    assert deck.name in want["caption"]
    shown = quantity.evaluate("s => s.options[s.selectedIndex].textContent")
    assert shown.replace("\xa0", " ") == i18n.text("sweep.q.median_rounds", lang), shown
    for width in each_width(page):
        page.locator(".vl-sweep-table-box").scroll_into_view_if_needed()
        boxes = measure(page, ".vl-sweep-table-box", ".vl-sweep-caption", ".vl-workspace")
        assert boxes["pageScroll"] <= boxes["pageClient"], (lang, width, boxes)
        # the table's box scrolls on its own where the table is wider (theme.py)
        assert {b["sel"] for b in boxes["items"]} >= {".vl-sweep-table-box", ".vl-workspace"}
        for b in boxes["items"]:
            assert b["left"] >= -0.5 and b["right"] <= width + 0.5, (lang, width, b)
        assert _shown(page)["rows"] == want["rows"], (lang, width)  # the same words
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_sweep_comes_back_after_a_reload(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """One page: the sweep made in German and read in English too (the language switched);
    after the reload read in German, then in English; the point taken in English."""
    server = voila_server
    lang = LANGS[0]
    open_in(page, page_url(), lang, server=server)
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
    status = page.locator(".vl-sweep-status")
    follow_expect(status).to_have_text(i18n.text("sweep.done", lang, done=GAMES * len(VALUES)))
    want = {lang: _settled(page, server, lang)}
    follow(
        page,
        has(page, ".vl-workspace[data-pending='0'][data-kept~='sweep'] .vl-workspace-saved"),
        "the sweep saved",
        server=server,
    )
    other = LANGS[1]
    switch_lang(page, other, server=server)
    follow_expect(status).to_have_text(i18n.text("sweep.done", other, done=GAMES * len(VALUES)))
    want[other] = _settled(page, server, other)

    open_in(page, None, lang, server=server)  # the reload: a new kernel, the same browser
    for lang in LANGS:
        switch_lang(page, lang, server=server)
        _back_read_right(page, server, lang, want[lang], quantity)

    # a point of the kept sweep made the draft: the change listed, "now" on its row
    page.locator(".vl-sweep-pick select").select_option(label="3")
    page.locator(".vl-sweep-take").click()
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    deck = Deck.default()
    expected = describe_diff(deck, Tweak("treasure", CARD, "gold").apply(deck, 3), lang)
    follow(page, lambda: diff.all_inner_texts() == expected, "the value taken", server=server)
    now = i18n.text("sweep.now", lang)
    follow_expect(page.locator(".vl-sweep-table tbody tr.vl-now th")).to_have_text(f"3 ({now})")
    assert console_errors == []
