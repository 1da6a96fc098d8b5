"""A frozen but reachable kernel is said (issue 38 leftovers, item 3), in a real browser
against a real Voila: the page's heartbeat (resume.js, part 4) asks its kernel on the
control channel every few seconds. The kernel's process is stopped (SIGSTOP: its socket
stays open, nothing answers): the banner says the game server does not answer, in the
page's language, and the page refuses input. The process goes on (SIGCONT): the kernel
answers, the banner goes and the page takes input again. Every wait follows progress
(tests/browser/progress.py); the times are printed as figures, never bounded.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from typing import Any

from each_view import LANG
from page_moves import current_tab, open_in, show_tab
from playwright.sync_api import Page
from progress import follow, has
from test_resume import BANNER_PARTS_JS, kernel_pid

from verlies import i18n


def _beat(page: Page) -> dict[str, Any]:
    beat: dict[str, Any] = page.evaluate(
        "() => { const b = window.verliesWatch.beat;"
        " return {sent: b.sent, answered: b.answered, cleared: b.cleared, rtts: b.rtts,"
        " misses: b.misses}; }"
    )
    return beat


def test_a_stopped_kernel_is_said_and_the_banner_goes_when_it_answers(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    server = voila_server
    open_in(page, page_url(), LANG, server=server)
    # the bound is judged once 3 answers were seen (resume.js MIN_ANSWERS)
    follow(page, lambda: _beat(page)["answered"] >= 3, "the kernel answering the heartbeat")
    assert page.locator(".vl-lost-banner").count() == 0  # a live kernel: no banner
    print("heartbeat round trips (ms):", [round(x) for x in _beat(page)["rtts"]])
    deck_tab = i18n.text("page.tab_deck", LANG)
    assert current_tab(page) != deck_tab
    page.evaluate(
        """() => { window.verliesSeen = 0;
        for (const t of ["click", "mousedown", "keydown"])
          document.addEventListener(t, () => { window.verliesSeen += 1; }, true); }"""
    )

    pid = kernel_pid(page.evaluate("() => window.verliesWatch.kernel"))
    os.kill(pid, signal.SIGSTOP)
    try:
        stopped = time.monotonic()
        banner = page.locator(".vl-lost-banner")
        follow(page, has(page, ".vl-lost-banner[data-why='frozen']", "visible"), "the banner")
        print(f"kernel stopped -> banner: {time.monotonic() - stopped:.1f} s")  # a figure
        # no fixed floor: the banner came after two missed checks in a row, no fewer
        assert _beat(page)["misses"] >= 2
        assert page.inner_text(".vl-lost-text") == i18n.text("page.lost.frozen", LANG)
        assert page.inner_text(".vl-lost-inert") == i18n.text("page.lost.frozen_inert", LANG)
        assert banner.get_attribute("role") == "alert"
        # input refused: a click on the Deck tab reaches no listener, nothing switches
        tab = page.locator(f".vl-tabs .lm-TabBar-tab:has-text('{deck_tab}')")
        box = tab.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.evaluate("() => document.activeElement.blur()")
        page.keyboard.press("ArrowRight")
        follow(page, lambda: page.evaluate("() => window.verliesWatch.refused") >= 2, "refusals")
        assert page.evaluate("() => window.verliesSeen") == 0
        assert current_tab(page) != deck_tab
        # what a person sees at each width: the words, the button, the note, in the window
        for width in (390, 800, 1280):
            page.set_viewport_size({"width": width, "height": 800})
            parts = page.evaluate(BANNER_PARTS_JS)
            assert [p["cls"] for p in parts] == ["vl-lost-text", "vl-lost-reload", "vl-lost-inert"]
            for part in parts:
                assert part["width"] > 0 and 0 <= part["left"] and part["right"] <= width, part
        page.set_viewport_size({"width": 1280, "height": 900})
        answered = _beat(page)["answered"]
    finally:
        os.kill(pid, signal.SIGCONT)

    # the kernel answers again: the banner goes and the page takes input again
    follow(
        page,
        lambda: page.locator(".vl-lost-banner").count() == 0 and _beat(page)["cleared"] == 1,
        "the banner to go",
        server=server,
    )
    assert _beat(page)["answered"] > answered
    assert page.evaluate("() => document.querySelector('.vl-state').closest('[inert]')") is None
    assert page.evaluate("() => document.documentElement.dataset.verliesLost") is None
    show_tab(page, "page.tab_deck", LANG, server=server)
    assert console_errors == []
