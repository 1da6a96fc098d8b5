"""A game that arrives is shown (issue 20, docs/decisions.md "How a game arrives on the
page"): every way a game comes to the page goes through the page model's one ``adopt``,
which shows the Play tab. Here the way that could leave it out of sight: a second tab of
the same browser, on the Rules tab, takes the offer above the tabs to resume the game the
first tab played; the resumed game, its board and "Resumed at step n" are what it sees, in
the page's language, and switching the language says the message again.

The widths (390 and 1280 px) are walked by one test: the first tab plays the game once,
and each width is a tab of its own (a kernel of its own) that takes the offer, so no case
shares a kernel with another. A tab's switch to English is remembered by the browser
(localStorage, a11y.js) for pages opened later, so every tab is opened and checked in
German before any switches.

A real Voila with its own store (the ``store_server`` fixture of test_resume, one for the
module, its store emptied by ``served``); waits follow progress
(tests/browser/progress.py)."""

from __future__ import annotations

from typing import Any

from page_moves import state
from playwright.sync_api import BrowserContext, Page
from progress import BOARD, follow, has
from test_play import board_data
from test_resume import open_app, play_some, resume_offered, served, store_server

__all__ = ["served", "store_server"]  # the fixtures, used by name below

CURRENT_TAB = ".vl-tabs .lm-TabBar-tab.lm-mod-current"
WIDTHS = (390, 1280)


def test_a_game_resumed_from_another_tab_is_shown_on_the_play_tab(
    served: tuple[Any, str], context: BrowserContext, page: Page
) -> None:
    server, _url = served
    open_app(page, server, server.url("/"))
    before = play_some(page, server, 5)
    board = board_data(page)

    tabs: list[tuple[Page, int]] = []
    for width in WIDTHS:
        second = context.new_page()  # the same browser: its unfinished game is offered
        second.set_viewport_size({"width": width, "height": 900})
        open_app(second, server, server.url("/"))
        resume_offered(second, server, before["step"])
        _resumed_in_german(second, server, width, before, board)
        tabs.append((second, width))

    for second, width in tabs:
        message = second.locator(".vl-message")
        second.click(".vl-lang button:has-text('EN')")
        follow(
            second,
            lambda m=message: m.inner_text().strip() == f"Resumed at step {before['step']}.",
            f"the message said again in English at {width} px",
            server=server,
        )
        # the tabs' titles are said again after the message (ui/page.py's set_lang)
        follow(
            second,
            lambda s=second: s.locator(CURRENT_TAB).inner_text().strip() == "Game",
            f"the Game tab's title in English at {width} px",
            server=server,
        )
        second.close()


def _resumed_in_german(
    second: Page, server: Any, width: int, before: dict[str, str], board: dict[str, str]
) -> None:
    """On the Rules tab, take the offer: the Play tab, its board inside the window and the
    German message are what the tab then shows."""
    second.locator(".vl-tabs .lm-TabBar-tab").filter(has_text="Regeln").first.click()
    follow(second, has(second, ".vl-rules-page", "visible"), "the Rules tab", server=server)
    assert not second.locator(BOARD).is_visible()

    second.click(".vl-resume")
    follow(second, lambda: state(second) == before, "the game resumed", server=server)
    follow(second, has(second, BOARD, "visible"), "the board in sight", server=server)
    assert second.locator(CURRENT_TAB).inner_text().strip() == "Spiel", width
    assert not second.locator(".vl-rules-page").is_visible()
    assert board_data(second) == board
    box = second.locator(BOARD).bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1  # inside the window
    message = second.locator(".vl-message")
    follow(
        second,
        lambda: message.inner_text().strip() == f"Fortgesetzt bei Schritt {before['step']}.",
        f"the German message at {width} px",
        server=server,
    )
    assert message.is_visible()
