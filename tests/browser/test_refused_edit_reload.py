"""An edit the deck refuses is not lost (issue 38 leftovers, item 3), in a real browser
against a real Voila: a person types a card text that does not parse; the moment the
kernel has written it (the workspace line's ``data-refused``), the page is reloaded, or
its kernel killed (SIGKILL, as the OS would) and then reloaded. The new page shows the
text as typed in the card's box with its error (card, line, column) and the caret, and
the draft is still the default deck. A count the deck refuses (-1), typed into the same
card's count field, comes back too, with its error. One page does both: reloaded first,
then another refused text typed on it and its kernel killed. Every wait follows progress
(tests/browser/progress.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import LANG
from page_moves import EDITOR, open_in
from playwright.sync_api import Page
from progress import follow, follow_expect, has
from test_editor_page import card_text_area, choose_card, field, type_card_text
from test_resume import kill_kernel

from verlies import i18n

CARD = "raum-gold-03"  # "Forgotten till": "5 Gold."
BAD_TEXT = "Falle: Geschick , sonst"
KILLED_TEXT = "Falle: Geschick , sonst 2"  # refused at the same place, longer
SAID = f"card '{CARD}', line 1, column 17: expected a number after 'Geschick', not ','"


def _written(page: Page) -> int:
    """The length of the newest refused text the kernel has written."""
    found = page.locator(".vl-workspace").get_attribute("data-refused-last")
    return int(found or 0)


def _deck_tab(page: Page) -> None:
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text('page.tab_deck', LANG)}')")


def _typed_and_written(page: Page, server: Any, text: str) -> None:
    """``text`` typed into the card's box: refused, and the kernel wrote it whole (each
    refused keystroke is written at once; the lengths grow as it is typed)."""
    type_card_text(page, text)
    error = page.locator(f"{EDITOR} .verlies-error").first  # the text's (a count's follows)
    follow_expect(error).to_contain_text(SAID)
    follow(page, has(page, ".vl-workspace[data-refused]"), "the text kept", server=server)
    follow(page, lambda: _written(page) == len(text), "the whole text written", server=server)


def _back_after_reload(page: Page, server: Any, text: str, how: str) -> None:
    """The page reloaded (a new kernel): ``text`` is back in the card's box with its error
    and the caret, and the draft is still the default deck."""
    open_in(page, None, LANG, server=server)
    _deck_tab(page)
    error = page.locator(f"{EDITOR} .verlies-error").first
    follow_expect(card_text_area(page)).to_have_value(text)
    follow_expect(error).to_contain_text(SAID)
    caret = error.locator("xpath=following-sibling::pre[1]")
    follow_expect(caret).to_have_text(f"{text}\n{' ' * 16}^")
    follow_expect(page.locator(EDITOR)).to_contain_text("No differences from the default deck.")
    _count_back(page)
    print(f"back after {how}")


def test_a_refused_card_text_comes_back_after_a_reload_and_after_a_sigkill(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """One page: the text typed, the page reloaded, the text back; then another refused
    text typed on the reloaded page, its kernel killed the moment it was written, the page
    reloaded, that text back."""
    server = voila_server
    open_in(page, page_url(), LANG, server=server)
    _deck_tab(page)
    search = field(page, "widget-text", i18n.text("editor.search", LANG)).locator("input")
    follow_expect(search).to_be_visible()  # the Deck tab is built on first use
    search.fill("raum-gold")
    follow_expect(page.locator(f"{EDITOR} .widget-select option")).to_have_count(4)
    choose_card(page, CARD)
    follow_expect(card_text_area(page)).to_have_value("5 Gold.")
    _typed_and_written(page, server, BAD_TEXT)
    _refuse_count(page, server)
    _back_after_reload(page, server, BAD_TEXT, "a reload")

    _typed_and_written(page, server, KILLED_TEXT)
    kill_kernel(page)
    _back_after_reload(page, server, KILLED_TEXT, "a SIGKILL")
    assert console_errors == []


BAD_COUNT = "-1"
COUNT_SAID = f"card '{CARD}', field 'Count': count must be an integer from 0 to 1000, got -1"


def _count_field(page: Page) -> Any:
    return field(page, "widget-text", i18n.text("editor.count", LANG)).locator("input")


def _refuse_count(page: Page, server: Any) -> None:
    """A count the deck refuses typed into the same card's count field (issue 38
    leftovers, item 1), waited for until the kernel has written it."""
    count = _count_field(page)
    count.fill(BAD_COUNT)
    count.press("Enter")  # a number field sends its value on Enter or on leaving it
    follow_expect(page.locator(f"{EDITOR} .verlies-error").last).to_contain_text(COUNT_SAID)
    written = ".vl-workspace[data-refused-values='1']"
    follow(page, has(page, written), "the count kept", server=server)


def _count_back(page: Page) -> None:
    """After the reload the refused count is back in its field with its error, beside the
    refused text's, and the draft still has the card's own count (no differences)."""
    follow_expect(_count_field(page)).to_have_value(BAD_COUNT)
    follow_expect(page.locator(f"{EDITOR} .verlies-error").last).to_contain_text(COUNT_SAID)
