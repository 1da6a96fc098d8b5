"""A position link too long for any server (issue 24 item 3): a 200,000-character ``?g=``
got "connection reset" from the server. Now the visitor sees the page that says so
(verlies/serve/long_url.py), read as a person reads it at 390, 800 and 1280 px: both
languages' title and sentence (the server does not know the visitor's language), nothing
wider than the window, and its link opens a fresh game."""

from __future__ import annotations

from typing import Any

from each_view import SIZES
from playwright.sync_api import Page
from progress import follow, follow_expect, navigate, wait_page

from verlies import i18n
from verlies.links import MAX_LINK_CHARS


def test_a_too_long_link_gets_a_page_that_says_so(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    target = f"{page_url()}?g={'A' * 200_000}"
    # An answer, not a reset (HTTP 414, the page in the body).
    path = target[len(voila_server.url("")) :]
    answer = voila_server.get(path)
    assert answer.status == 414 and "verlies-long-url" in answer.body
    # one load of the answer, read at each width in turn (the page is the server's static
    # answer: the window's width is all that changes between the sizes)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    navigate(page, target, server=voila_server)
    main = page.locator("main.verlies-long-url")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for lang in ("de", "en"):
            section = main.locator(f'section[lang="{lang}"]')
            follow_expect(section.locator("h1"), server=voila_server).to_have_text(
                i18n.text("page.long_url.title", lang)
            )
            sentence = i18n.text("page.long_url.text", lang, n="§", limit=MAX_LINK_CHARS)
            for part in sentence.split("§"):
                follow_expect(section, server=voila_server).to_contain_text(part.strip())

        def fits(width: int = width) -> bool:
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, (width, wide)
            box = page.locator("main.verlies-long-url").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            return True

        follow(page, fits, f"the too-long page inside {width} px", server=voila_server)
    # Its link opens a fresh game.
    page.get_by_role("link", name=i18n.text("page.long_url.fresh", "en")).click()
    wait_page(page, server=voila_server)
    follow_expect(
        page.locator(".vl-status [data-step]").first, server=voila_server
    ).to_be_attached()
    # Chromium notes the answer of 414 for the document it loaded, and nothing else may show.
    refused = "the server responded with a status of 414"
    assert [e for e in console_errors if refused not in e] == []
    assert len(console_errors) == 1
