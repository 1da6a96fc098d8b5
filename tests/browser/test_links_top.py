"""Issue 24, items 3, 6 and 8, as a person sees them in a real browser against Voila: a
broken link's message at the top of the page (in view without scrolling at 390x844,
800x1000 and 1280x800, in the page's language) over a fresh game that still plays; a
too-long link's own page instead of a reset; no control titled "null"; the link icon drawn,
not an emoji. Waits follow progress (tests/browser/progress.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from progress import follow, follow_expect, navigate, open_page
from test_designer_views import tab
from test_play import click_one_step

from verlies.i18n import de, en, text

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
NOTICE = ".vl-link-notice .vl-link-error"
SIZES = ((390, 844), (800, 1000), (1280, 800))


def test_a_broken_link_is_said_at_the_top_and_the_fresh_game_plays(
    page: Page, page_url: Callable[..., str], console_errors: list[str], voila_server: Any
) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        open_page(page, page_url("play.ipynb") + "?g=not-a-link!", server=voila_server)
        notice = page.locator(NOTICE)
        follow_expect(notice).to_be_visible()
        assert page.evaluate("window.scrollY") == 0
        box = notice.bounding_box()
        assert box is not None, width
        # wholly in view, without scrolling
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        shown = notice.inner_text()
        assert shown.startswith(de.TEXTS["page.link_error"].split("{")[0]), shown
        assert de.TEXTS["save.err.link_bad"].split("{")[0] in shown, shown  # what was wrong
        assert de.TEXTS["page.link_fresh"] in shown, shown
        page.screenshot(path=str(ARTIFACTS / f"link-notice-{width}.png"))
    # the page's language: switched, the notice is said again in English
    page.click(".vl-lang button >> text=EN")
    follow_expect(notice).to_contain_text(en.TEXTS["page.link_fresh"])
    shown = notice.inner_text()
    assert shown.startswith(en.TEXTS["page.link_error"].split("{")[0]), shown
    assert de.TEXTS["page.link_fresh"] not in shown
    # the fresh game plays; once it moves on, the notice has been said
    click_one_step(page)
    follow(page, lambda: not page.locator(NOTICE).is_visible(), "the notice to go")
    assert console_errors == []


def test_the_notice_closes(
    page: Page, page_url: Callable[..., str], console_errors: list[str], voila_server: Any
) -> None:
    page.set_viewport_size({"width": 800, "height": 1000})
    open_page(page, page_url("play.ipynb") + "?g=AAAA", server=voila_server)
    follow_expect(page.locator(NOTICE)).to_be_visible()
    close = page.locator(".vl-notice-close")
    assert close.get_attribute("title") == de.TEXTS["page.notice_close"]
    close.click()
    follow_expect(page.locator(NOTICE)).to_be_hidden()
    assert console_errors == []


def test_a_too_long_link_gets_a_page_that_says_so(
    page: Page, page_url: Callable[..., str], voila_server: Any
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    statuses: list[int] = []
    page.on("response", lambda r: statuses.append(r.status) if "?g=" in r.url else None)
    navigate(page, page_url("play.ipynb") + "?g=" + "A" * 200_000, server=voila_server)
    body = page.locator("main.verlies-long-url")
    follow_expect(body).to_be_visible()
    shown = body.inner_text()
    for lang in ("de", "en"):
        assert text("page.long_url.title", lang) in shown, shown
    assert statuses and statuses[0] == 414, statuses
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "link-too-long-390.png"))


_NULL = re.compile(r"^(null|none|undefined)$", re.I)
_LABELS_JS = """
() => Array.from(document.querySelectorAll('[title], [aria-label]')).flatMap(e =>
  ['title', 'aria-label'].filter(a => e.hasAttribute(a))
    .map(a => [a, e.getAttribute(a), e.className && e.className.baseVal === undefined
               ? e.className : e.tagName]))
"""


def test_no_control_is_titled_null_on_any_tab(
    page: Page, page_url: Callable[..., str], console_errors: list[str], voila_server: Any
) -> None:
    open_page(page, page_url("play.ipynb"), server=voila_server)
    tabs = page.locator(".vl-tabs .lm-TabBar-tab").count()
    assert tabs >= 5
    for lang in ("DE", "EN"):
        if lang == "EN":
            page.click(".vl-lang button >> text=EN")
            follow_expect(page.locator(".vl-make-link")).to_contain_text(en.TEXTS["page.link"])
        for i in range(tabs):
            tab(page, i)
            follow_expect(page.locator(".vl-tabs .lm-TabBar-tab").nth(i)).to_have_class(
                re.compile("lm-mod-current")
            )

            # A tab shown for the first time gets its empty tooltips from the kernel a round
            # trip later: follow until none reads "null" (a stuck one fails on no progress).
            def none_null(lang: str = lang, i: int = i) -> bool:
                found = page.evaluate(_LABELS_JS)
                bad = [f for f in found if _NULL.match((f[1] or "").strip())]
                assert bad == [], (lang, i, bad)  # named in the failure if it stays
                return True

            follow(
                page,
                none_null,
                f"no 'null' label on tab {i} ({lang})",
                server=voila_server,
            )
        tab(page, 0)
    # the three the issue names have real words
    for sel, key in ((".vl-history", "page.history_tip"), (".vl-speed", "page.speed_tip")):
        title = page.locator(f"{sel} label").first.get_attribute("title")
        assert title == en.TEXTS[key], (sel, title)
    assert console_errors == []


def test_the_link_icon_is_drawn_and_hidden_from_screen_readers(
    page: Page, page_url: Callable[..., str], console_errors: list[str], voila_server: Any
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, page_url("play.ipynb"), server=voila_server)
    page.click(".vl-make-link")
    link = page.locator("a.vl-position-link")
    follow_expect(link).to_be_visible()
    icon = link.locator("svg.vl-link-icon")
    assert icon.get_attribute("aria-hidden") == "true"
    box = icon.bounding_box()
    assert box is not None and box["width"] >= 8 and box["height"] >= 8, box
    assert not re.search("[\U0001f300-\U0001faff]", link.inner_text()), link.inner_text()
    snapshot = page.locator("body").aria_snapshot()
    (ARTIFACTS / "aria-snapshot.yaml").write_text(snapshot, encoding="utf-8")
    assert "🔗" not in snapshot
    assert 'link "' + de.TEXTS["page.link_ready"].split("(")[0] in snapshot, snapshot[:2000]
    link.screenshot(path=str(ARTIFACTS / "link-icon.png"))
    assert console_errors == []
