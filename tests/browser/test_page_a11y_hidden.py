"""What a screen reader reads of the play page's hidden helper texts (issue 24 item 8), by
Playwright's ARIA snapshot: the board's text version (hidden on screen) is read, in the
page's language; the machine-readable board data (the clickable targets with their canvas
pixels, for tests and tools) is not. Waits follow progress (tests/browser/progress.py).
"""

from __future__ import annotations

from typing import Any

from page_moves import state, targets
from playwright.sync_api import Page
from progress import follow, open_page
from test_language_walk import _switch
from test_play import click_one_step

from verlies.i18n import text


def _read(page: Page) -> str:
    return page.locator(".vl-play").aria_snapshot()


def _heard_and_not(page: Page, lang: str) -> None:
    def check() -> bool:
        tree = _read(page)
        board_text = page.locator(".vl-board-text li").all_inner_texts()
        assert len(board_text) >= 3
        region = f'region "{text("page.board_text", lang)}"'
        assert region in tree, tree[:3000]
        for line in board_text:  # each line of the board's text version is read
            assert line.strip().strip('"') in tree, (line, tree[:3000])
        data = page.locator(".vl-board-data .vl-target").all_inner_texts()
        assert data, "no targets to hide"
        for line in data:  # "place (-1, 0) …": not read out
            assert line.strip() not in tree, (line, tree[:3000])
        return True

    follow(page, check, f"what a screen reader reads in {lang}")


def test_a_screen_reader_reads_the_board_text_not_the_board_data(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, page_url(), server=voila_server)
    _switch(page, "de")
    while not (state(page)["pending"] == "place" and targets(page, "place")):
        click_one_step(page)  # draw, then the card: the cells it can be laid on are marked
    _heard_and_not(page, "de")
    _switch(page, "en")
    _heard_and_not(page, "en")
    assert console_errors == []
