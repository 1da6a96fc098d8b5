"""The branches panel (Game tab) speaks the page's language whatever the order of things
(issue 39 item 3: its heading "Zweige" was reported staying German after a switch to
English). The page is loaded in German (its one branch listed), switched to English
before a second branch exists, a branch made (the list and tools first shown in
English), switched to German and back, and to German once more while another tab is
shown: after each, the heading and every word the panel shows (its text, tooltips,
labels, the compare list) are of the chosen language, at 390, 800 and 1280 px. Waits
follow progress (tests/browser/progress.py), never a fixed time.
"""

from __future__ import annotations

from typing import Any

from page_moves import state
from playwright.sync_api import Page
from progress import follow, has, open_page
from test_language_walk import foreign, only_words
from test_language_walk_play import SEED, _make_a_branch
from test_play import click_one_step, start_game

from verlies import i18n

#: Every string the branches panel shows a person: its visible text (an option through
#: its select), its tooltips and accessible names.
_PANEL_WORDS_JS = """
(root) => {
  const shown = (e) => !!e && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const p = n.parentElement;
    if (!text || !p || ['SCRIPT', 'STYLE'].includes(p.tagName)) continue;
    if (shown(p.closest('select') || p)) out.push(text);
  }
  root.querySelectorAll('[title], [aria-label]').forEach((e) => {
    if (!shown(e)) return;
    for (const a of ['title', 'aria-label']) {
      const v = e.getAttribute(a);
      if (v !== null && v.trim()) out.push(v.trim());
    }
  });
  return out;
}
"""


def panel_words(page: Page) -> list[str]:
    words: list[str] = page.eval_on_selector(".vl-branches", _PANEL_WORDS_JS)
    return words


def _speaks(page: Page, lang: str, branches: int, only: dict[str, Any], what: str) -> None:
    """The panel's heading and every word it shows in ``lang`` (waited for: a switch's words
    arrive one widget after another), with ``branches`` branches listed."""
    heading = i18n.text("page.branches", lang)
    switch = i18n.text("page.branch_switch", lang)

    def check() -> bool:
        words = panel_words(page)
        assert page.inner_text(".vl-branches-head").strip() == heading, f"{what}: {words}"
        assert foreign(words, lang, only) == [], f"{what}: {foreign(words, lang, only)}"
        tips = [w for w in words if w.startswith(f"{switch}: ")]
        assert len(tips) == branches, f"{what}: {words}"
        if branches > 1:  # the tools: the name and the compare field, labelled
            assert i18n.text("page.branch_compare", lang) in words, f"{what}: {words}"
            assert i18n.text("page.branch_delete", lang) in words, f"{what}: {words}"
        return True

    for width in (390, 800, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        follow(page, check, f"the branches panel in {lang} at {width} px ({what})")
        assert page.locator(".vl-branches-head").is_visible()


def _switch(page: Page, lang: str) -> None:
    page.click(f".vl-lang button:has-text('{lang.upper()}')")


def _tab(page: Page, key: str, lang: str, ready: str) -> None:
    """Show the tab titled ``key`` in ``lang``; wait until ``ready`` is visible."""
    title = i18n.text(key, lang)
    follow(page, has(page, f".vl-tabs .lm-TabBar-tab:has-text('{title}')"), f"the tab {title}")
    page.locator(".vl-tabs .lm-TabBar-tab").filter(has_text=title).first.click()
    follow(page, has(page, ready, "visible"), f"the tab {title!r} shown")


def test_the_branches_panel_follows_every_language_switch(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    only = only_words()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{page_url()}?lang=de", server=voila_server)
    _speaks(page, "de", 1, only, "loaded in German")
    # the switch to English before a second branch exists (start_game switches first)
    start_game(page, SEED, 30, ["human", "human"])
    _speaks(page, "en", 1, only, "a new game after the switch")
    page.set_viewport_size({"width": 1280, "height": 800})
    while int(state(page)["step"]) < 5:
        click_one_step(page)
    _make_a_branch(page)  # the list of two and the tools first shown, in English
    _speaks(page, "en", 2, only, "a branch made after the switch")
    _switch(page, "de")
    _speaks(page, "de", 2, only, "switched to German with two branches")
    _switch(page, "en")
    _speaks(page, "en", 2, only, "switched back to English")
    # switched while the Game tab is hidden (the New game tab shown), then back to it
    _tab(page, "page.tab_new", "en", ".vl-setup")
    _switch(page, "de")
    _tab(page, "page.tab_play", "de", ".vl-branches")
    _speaks(page, "de", 2, only, "switched to German on another tab")
    assert console_errors == []
