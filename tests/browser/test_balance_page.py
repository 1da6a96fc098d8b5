"""The Balance tab in a real browser: a run of the draft with progress and cancel, while the
Game tab still answers a click.

No wait has a deadline: each fails only when nothing moved for a while (the page, the
server's log and CPU time: tests/browser/progress.py), so a busy machine passes and a hang
still fails. "The game answers during a run" is checked by order, not by a time: the click
is answered while the run is still going (its Cancel button still enabled)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from page_moves import show_title, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page

from verlies import i18n


def _state(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.eval_on_selector(".vl-state", "e => Object.assign({}, e.dataset)")
    return data


def _running(page: Page) -> bool:
    return page.locator(".vl-balance-cancel button, button.vl-balance-cancel").is_enabled()


def test_a_balance_run_leaves_the_game_responsive_and_can_be_cancelled(
    page: Page, page_url: Callable[..., str], console_errors: list[str], voila_server: Any
) -> None:
    server = voila_server
    open_page(page, page_url(), server=server)
    switch_lang(page, "en", server=server)
    follow(page, lambda: "move" in page.inner_text(".vl-state"), "English", server=server)
    show_title(page, "Balance")
    games = page.locator(".vl-balance-games input")
    follow(page, lambda: games.count() == 1, "the Balance tab", server=server)
    games.fill("4000")
    games.press("Enter")
    # a fixed number of games (no watch): pairs count as they arrive, so a cancelled run
    # has partial tables at once
    page.locator(".vl-balance-watch select").select_option(
        label=i18n.text("balance.watch.none", "en")
    )
    page.click(".vl-balance-start")
    follow(page, lambda: _running(page), "the run to start", server=server)
    # A tqdm bar is shown and moves.
    bar = page.locator(".vl-balance progress, .vl-balance .progress")
    follow(page, lambda: bar.count() == 1, "the progress bar", server=server)
    # The game answers while the run goes on: one step on the Game tab.
    show_title(page, "Game")
    before = _state(page)
    t0 = time.monotonic()
    if before.get("chance") == "1":
        page.click(".vl-roll:visible")
    else:
        page.click(".vl-action >> nth=0")
    follow(page, lambda: _state(page).get("step") != before.get("step"), "a step", server=server)
    print(f"click answered during a balance run in {time.monotonic() - t0:.1f} s")  # a figure
    assert _running(page), "the game answered only after the balance run had ended"
    show_title(page, "Balance")
    page.click(".vl-balance-cancel")
    status = page.locator(".vl-balance-status")
    follow(page, lambda: "Cancelled" in status.inner_text(), "the cancel", server=server)
    table = page.locator(".vl-balance-table table")
    # the watched quantities and every paired one: two tables, named in words
    follow(page, lambda: table.count() == 2, "the partial tables", server=server)
    follow_expect(page.locator(".vl-balance-table")).to_contain_text("win rate")
    assert console_errors == []
