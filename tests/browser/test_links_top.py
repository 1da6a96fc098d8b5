"""A broken link is said at the top of the page (issue 24 item 3).

What a person saw: a ``?g=…`` that does not decode opened a fresh default game, and the
message saying so was under the board (y = 836 in an 800 px high window): out of sight.
Here, at 390x844, 800x1000 and 1280x800, in German and in English (``?lang=``): the
notice is shown above the tabs, whole inside the first screen without scrolling, in the
page's language, and the fresh game under it is drawn and playable. Waits follow progress.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page
from progress import follow, follow_expect, navigate, wait_page

from verlies import i18n

SIZES = ((390, 844), (800, 1000), (1280, 800))
NOTICE = ".vl-notice .vl-link-error"


def test_a_broken_link_is_said_at_the_top_in_the_page_language(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for lang in ("de", "en"):
            navigate(page, f"{page_url()}?lang={lang}&g=AAAAbroken", server=voila_server)
            wait_page(page, server=voila_server)
            said = i18n.text("page.link_error", lang, msg="").rstrip(": ")
            follow_expect(page.locator(NOTICE)).to_contain_text(said)
            other = "en" if lang == "de" else "de"
            unsaid = i18n.text("page.link_error", other, msg="").rstrip(": ")
            follow_expect(page.locator(NOTICE)).not_to_contain_text(unsaid)

            def on_first_screen(width: int = width, height: int = height) -> bool:
                box = page.locator(NOTICE).bounding_box()
                scrolled = page.evaluate("window.scrollY")
                assert box is not None and scrolled == 0, (box, scrolled)
                assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, box)
                assert box["width"] >= 200, box  # a readable line, not a sliver
                tabs = page.locator(".vl-tabs").bounding_box()
                assert tabs is not None and box["y"] + box["height"] <= tabs["y"] + 1
                return True

            follow(page, on_first_screen, f"the notice on the first screen at {width} px")
            # the fresh game under it is drawn and can be played: the state line is there
            follow_expect(page.locator(".vl-status [data-step]").first).to_be_attached()
    assert console_errors == []
