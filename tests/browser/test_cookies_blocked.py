"""A browser that blocks cookies is told why the page cannot play (verlies/serve/
cookie_check.py), in German and English, at 390, 800 and 1280 px; a browser that keeps
cookies is told nothing and plays.

The cookies are blocked as a person blocks them: Chromium's own setting ("block all
cookies", the profile's content setting), in a browser profile of its own. That browser
sends no cookie back, so the server refuses its page's kernel like a stranger's
(verlies/serve/routes.py): without the notice the page would be drawn and dead. Every
wait follows progress (tests/browser/progress.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_settings import CHROMIUM, CHROMIUM_ARGS, LOCAL_HOSTS
from each_view import LANGS, each_width
from page_moves import state
from playwright.sync_api import BrowserContext, BrowserType, Page, Route
from progress import follow, open_page, stall_limits
from test_play import click_one_step

from verlies.i18n import text
from verlies.serve import cookie_check, routes

NOTICE = "#vl-cookie-notice"

_BOX_JS = """(sel) => {
  const e = document.querySelector(sel);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  const d = document.scrollingElement || document.documentElement;
  return {left: r.left, right: r.right, top: r.top, width: r.width, scroll: e.scrollWidth,
          client: e.clientWidth, pageScroll: d.scrollWidth, pageClient: d.clientWidth,
          sections: Array.from(e.querySelectorAll('section'), (s) => [s.lang, s.innerText])};
}"""


@pytest.fixture
def no_cookies(browser_type: BrowserType, tmp_path: Path) -> Iterator[BrowserContext]:
    """A Chromium whose profile blocks every cookie (content setting 2: block)."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    prefs = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    (profile / "Default" / "Preferences").write_text(json.dumps(prefs), encoding="utf-8")
    context = browser_type.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 1280, "height": 900},
    )
    offsite: list[str] = []

    def handle(route: Route) -> None:  # as every test's context: this machine only
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            offsite.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", handle)
    try:
        yield stall_limits(context)
    finally:
        context.close()
    assert offsite == [], f"the page requested other hosts: {offsite}"


#: The text a person sees on the page outside the notice (its visible elements only).
_SHOWN_TEXT_JS = """(notice) => [...document.body.children]
  .filter((e) => !e.matches(notice) && e.getClientRects().length > 0)
  .map((e) => e.innerText.trim()).join("")"""


def test_a_browser_without_cookies_is_told_why_and_one_with_cookies_plays(
    no_cookies: BrowserContext,
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
) -> None:
    url = page_url("play.ipynb")
    mark = voila_server.log_mark()
    blocked = no_cookies.pages[0] if no_cookies.pages else no_cookies.new_page()
    errors: list[str] = []
    blocked.on("pageerror", lambda exc: errors.append(str(exc)))
    blocked.goto(url, wait_until="commit")
    follow(blocked, lambda: blocked.locator(NOTICE).count() == 1, "the cookie notice")
    assert no_cookies.cookies(url) == []  # the browser really kept none
    assert blocked.evaluate("() => document.cookie") == ""

    for width in each_width(blocked):
        box = blocked.evaluate(_BOX_JS, NOTICE)
        assert box is not None
        assert [lang for lang, _ in box["sections"]] == list(LANGS)  # both, German first
        for (lang, said), want in zip(box["sections"], LANGS, strict=True):
            assert lang == want
            for key in cookie_check.KEYS.values():
                assert text(key, lang) in said.replace("\n", " "), (width, lang, key)
        assert box["top"] <= 0.5  # at the top, where a person looks first
        assert box["left"] >= -0.5 and box["right"] <= width + 0.5, (width, box)
        assert box["scroll"] <= box["client"] + 1, (width, box)  # no text cut off
        assert box["pageScroll"] <= box["pageClient"] + 1, (width, box)
        # nothing else is drawn: a page that cannot start is not shown as raw widget text
        assert blocked.evaluate(_SHOWN_TEXT_JS, NOTICE) == "", width
    assert errors == []

    # A browser that keeps cookies: the two cookies, no notice, and it plays.
    open_page(page, url, server=voila_server)
    names = {c["name"] for c in page.context.cookies(url)}
    assert {routes.COOKIE, cookie_check.CHECK} <= names
    assert page.locator(NOTICE).count() == 0
    before = click_one_step(page)
    assert state(page) != before
    assert page.locator(NOTICE).count() == 0
    assert voila_server.log_errors(since=mark) == []
