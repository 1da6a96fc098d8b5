"""A broken link is said at the top of the page (issue 24 item 3).

What a person saw: a ``?g=…`` that does not decode opened a fresh default game, and the
message saying so was under the board (y = 836 in an 800 px high window): out of sight.
Here, at 390x844, 800x1000 and 1280x800, in English (the link's ``?lang=en``) and then in
German (the page's own language switch): the notice is shown above the tabs, whole inside
the first screen without scrolling, in the page's language, and the fresh game under it is
drawn and playable.

One page load walks the three sizes in both languages: the notice is the kernel's, said
again in the new language when the language is switched (ui/page.py's ``_draw_messages``),
and a window resized is laid out again by the browser, so no case needs a fresh kernel.
Waits follow progress.
"""

from __future__ import annotations

from typing import Any

from each_view import SIZES
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page

from verlies import i18n

NOTICE = ".vl-notice .vl-link-error"


def _check_notice(page: Page, lang: str, width: int, height: int) -> None:
    """The notice in ``lang`` (none of the other language's), on the first screen at
    ``width`` x ``height``, above the tabs, the fresh game's state line under it."""
    said = i18n.text("page.link_error", lang, msg="").rstrip(": ")
    follow_expect(page.locator(NOTICE)).to_contain_text(said)
    other = "en" if lang == "de" else "de"
    unsaid = i18n.text("page.link_error", other, msg="").rstrip(": ")
    follow_expect(page.locator(NOTICE)).not_to_contain_text(unsaid)

    def on_first_screen() -> bool:
        box = page.locator(NOTICE).bounding_box()
        scrolled = page.evaluate("window.scrollY")
        assert box is not None and scrolled == 0, (box, scrolled)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, box)
        assert box["width"] >= 200, box  # a readable line, not a sliver
        tabs = page.locator(".vl-tabs").bounding_box()
        assert tabs is not None and box["y"] + box["height"] <= tabs["y"] + 1
        return True

    follow(page, on_first_screen, f"the notice on the first screen at {width} px in {lang}")
    # the fresh game under it is drawn and can be played: the state line is there
    follow_expect(page.locator(".vl-status [data-step]").first).to_be_attached()


def test_a_broken_link_is_said_at_the_top_in_the_page_language(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    width, height = SIZES[0]
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, f"{page_url()}?lang=en&g=AAAAbroken", server=voila_server)
    for lang in ("en", "de"):
        if lang == "de":  # the page's own switch: the kernel says the notice again
            page.click(".vl-lang button:has-text('DE')")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            _check_notice(page, lang, width, height)
    assert console_errors == []
