"""The Balance tab in a real browser: a run of the draft with progress and cancel, while the
Game tab still answers a click."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page, expect

TIMEOUT = 60_000


def _state(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.eval_on_selector(".vl-state", "e => Object.assign({}, e.dataset)")
    return data


def _tab(page: Page, title: str) -> None:
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{title}')")


def test_a_balance_run_leaves_the_game_responsive_and_can_be_cancelled(
    page: Page, page_url: Callable[..., str], console_errors: list[str]
) -> None:
    page.goto(page_url())
    page.wait_for_selector(".vl-state", timeout=TIMEOUT)
    page.click(".vl-lang button:has-text('EN')")
    _tab(page, "Balance")
    games = page.locator(".vl-balance-games input")
    games.fill("4000")
    games.press("Enter")
    page.click(".vl-balance-start")
    expect(page.locator(".vl-balance-cancel button, button.vl-balance-cancel")).to_be_enabled(
        timeout=TIMEOUT
    )
    # A tqdm bar is shown and moves.
    expect(page.locator(".vl-balance progress, .vl-balance .progress")).to_have_count(
        1, timeout=TIMEOUT
    )
    # The game answers while the run goes on: one step on the Game tab.
    _tab(page, "Game")
    before = _state(page)
    t0 = time.monotonic()
    if before.get("chance") == "1":
        page.click(".vl-roll:visible")
    else:
        page.click(".vl-action >> nth=0")
    deadline = time.monotonic() + 20
    while _state(page).get("step") == before.get("step"):
        assert time.monotonic() < deadline, "the game did not answer during a balance run"
        page.wait_for_timeout(40)
    answered = time.monotonic() - t0
    assert answered < 10, answered
    _tab(page, "Balance")
    page.click(".vl-balance-cancel")
    expect(page.locator(".vl-balance-status")).to_contain_text("Cancelled", timeout=TIMEOUT)
    expect(page.locator(".vl-balance-table table")).to_have_count(1, timeout=TIMEOUT)
    assert console_errors == []
