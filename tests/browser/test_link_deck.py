"""A share link that carries deck changes, opened in a real browser (issue 22 item 2): the
recipient's Deck tab lists the link's changes as its draft, in German and English, at 390,
800 and 1280 px (before, it said "no differences from the default deck"). Every wait
follows progress (tests/browser/progress.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import LANGS, each_width
from page_moves import EDITOR
from playwright.sync_api import Locator, Page
from progress import follow, follow_expect, has, open_page

from verlies import i18n
from verlies.deck import Deck
from verlies.game import Game
from verlies.sim.sweep import Tweak
from verlies.ui.core import share
from verlies.ui.deck.editor_model import describe_diff


def _changed() -> Deck:
    # R9.1: the coin purse worth 5 gold instead of 2, one copy more of the ruby
    deck = Tweak("treasure", "schatz-muenzbeutel", "gold").apply(Deck.default(), 5)
    return deck.with_count("treasure", "schatz-rubin", deck.treasure_counts["schatz-rubin"] + 1)


def test_a_links_deck_changes_show_as_the_draft(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """One page opened at the link, then each language in turn through the page's language
    switch (the link's draft is the same in both: no fresh kernel needed per language)."""
    deck = _changed()
    game = Game.new(players=2, seed=4, deck=deck)
    link = share.link(game, ["human", "human"])
    assert link is not None
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url("play.ipynb") + link, server=voila_server)
    follow_expect(page.locator(".vl-ok", has_text="Link")).to_be_visible()
    for lang in LANGS:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.click(f".vl-lang button:has-text('{lang.upper()}')")
        deck_tab = f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text('page.tab_deck', lang)}')"
        follow(page, has(page, deck_tab, "visible"), f"the tabs in {lang}")
        page.click(deck_tab)
        diff = page.locator(f"{EDITOR} .verlies-diff li")
        want = describe_diff(Deck.default(), deck, lang)
        assert len(want) == 2, want

        def shown_in_lang(want: list[str] = want, diff: Locator = diff, lang: str = lang) -> bool:
            # the editor is written again in the new language after the switch: follow it
            shown = [x.replace("\xa0", " ") for x in diff.all_inner_texts()]
            assert shown == want, shown
            assert i18n.text("editor.in_sync", lang) in page.locator(EDITOR).inner_text()
            return True

        follow(page, shown_in_lang, f"the link's changes in {lang}", server=voila_server)
        for width in each_width(page):
            shown = [x.replace("\xa0", " ") for x in diff.all_inner_texts()]
            assert shown == want, (lang, width)
            for i in range(diff.count()):
                item = diff.nth(i)
                item.scroll_into_view_if_needed()
                box = item.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
            no_diff = i18n.text("editor.no_diff", lang)
            assert no_diff not in page.locator(EDITOR).inner_text()
            pending = page.locator(EDITOR).inner_text()
            assert i18n.text("editor.in_sync", lang) in pending, (lang, width)
    assert console_errors == []
