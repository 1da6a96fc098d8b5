"""No edit lost before a kill (issue 38 leftovers, item 2), in a real browser against a real
Voila: a person changes a card's count in the Deck tab; the moment the kernel has taken
the edit (the workspace line counts the draft written at once, ``data-drafts``), the
kernel is killed (SIGKILL, as the OS would), without waiting for the workspace's
once-a-second write. The reload gives the edit back: the Deck tab lists the change.
Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import LANG
from page_moves import EDITOR, open_in, select_card, show_tab
from playwright.sync_api import Page
from progress import follow, follow_expect, has
from test_resume import kill_kernel

from verlies.deck import Deck

CARD = ("treasure", "schatz-alte-muenze")


def _drafts(page: Page) -> int:
    found = page.locator(".vl-workspace").get_attribute("data-drafts")
    return int(found or 0)


def test_an_edit_survives_a_kernel_killed_right_after_it(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    server = voila_server
    open_in(page, page_url(), LANG, server=server)
    count = select_card(page, CARD[1], LANG, search="muenz", found=2, server=server)
    new = Deck.default().treasure_counts[CARD[1]] + 3
    count.fill(str(new))
    count.press("Tab")
    # the kernel took the edit and wrote it: killed at once, the whole write not awaited
    follow(page, has(page, ".vl-workspace[data-drafts]"), "the edit taken", server=server)
    follow(page, lambda: _drafts(page) >= 1, "the draft written", server=server)
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    want = diff.all_inner_texts()
    assert len(want) == 1 and str(new) in want[0]
    pending = page.locator(".vl-workspace").get_attribute("data-pending")
    kill_kernel(page)
    print("the whole workspace's write still pending at the kill:", pending == "1")

    open_in(page, None, LANG, server=server)  # the reload: a new kernel
    show_tab(page, "page.tab_deck", LANG, server=server)
    follow(page, lambda: diff.all_inner_texts() == want, "the edit back", server=server)
    item = page.locator(".vl-workspace-back li[data-kind='draft']")
    follow_expect(item).to_have_count(1)
    assert console_errors == []
