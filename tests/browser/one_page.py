"""One play page for a module's tests in turn (issue 20 item 6: a page load costs Chromium,
Voila and a kernel about 3 CPU seconds, and a tab the kernel builds when first shown costs
more; a module whose tests each opened the page paid that per test).

A module imports the two fixtures and its tests take ``one_page``::

    from one_page import OnePage, one_page_each, one_page_module  # noqa: F401

    def test_x(one_page: OnePage) -> None:
        page = one_page.ready()  # the page, loaded if it is not (or must be again)
        start_game(page, ...)    # the known state, brought by the page's own controls
        ...
        assert one_page.errors == []

The rules that keep the tests apart:

- Each test brings the page to the state it needs through the page's own controls (New
  game, the language switch, the tabs); the window is set back to the context's size
  before each test.
- A test that leaves state those controls do not reset (a form's picks, a deck draft)
  says so with :meth:`OnePage.spoil`: the next test gets a freshly loaded page.
- A test that failed spoils the page too (``session.testsfailed`` moved): what it left
  cannot make the next one pass or fail.
- ``errors`` holds this test's console errors and uncaught exceptions only; a request to
  another host fails the test that made it (as ``conftest.context`` does).
- A test that needs the page opened at an address of its own (a link) calls
  :meth:`OnePage.open` with it: that load is the test's own, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from browser_settings import note_other_hosts
from playwright.sync_api import Browser, ConsoleMessage, Error, Page
from progress import open_page

__all__ = ["OnePage", "one_page_each", "one_page_module"]


@dataclass
class OnePage:
    """The module's page, its server and what the current test saw go wrong."""

    page: Page
    server: Any
    url: str
    viewport: dict[str, int]
    #: This test's console errors and uncaught exceptions.
    errors: list[str] = field(default_factory=list)
    #: This test's requests to other hosts (aborted).
    blocked: list[str] = field(default_factory=list)
    #: Pages loaded so far (a figure for the module's docstring and benchmarks).
    loads: int = 0
    _spoiled: str = "no page loaded yet"

    def ready(self) -> Page:
        """The page, loaded first if there is none yet or the last test spoiled it."""
        if self._spoiled:
            self.open()
        return self.page

    def open(self, url: str | None = None) -> dict[str, Any]:
        """Load the play page at ``url`` (default: the plain page) and wait until it is up
        (``progress.open_page``); its board's pixel statistics."""
        stats = open_page(self.page, url or self.url, server=self.server)
        self.loads += 1
        self._spoiled = ""
        return stats

    def spoil(self, why: str) -> None:
        """The page keeps state of this test that its controls do not reset (``why``):
        the next test starts from a fresh load."""
        self._spoiled = why


@pytest.fixture(scope="module", name="one_page_module")
def one_page_module(
    browser: Browser,
    browser_context_args: dict[str, Any],
    page_url: Callable[..., str],
    voila_server: Any,
) -> Iterator[OnePage]:
    """The module's browser context and page (not loaded yet: :meth:`OnePage.ready`)."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    shared = OnePage(page, voila_server, page_url(), dict(browser_context_args["viewport"]))

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error" and msg.location.get("url") not in shared.blocked:
            shared.errors.append(f"console.error: {msg.text} ({msg.location.get('url', '')})")

    def on_page_error(exc: Error) -> None:
        shared.errors.append(f"uncaught: {exc}")

    note_other_hosts(context, shared.blocked)
    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    yield shared
    context.close()


@pytest.fixture(name="one_page")
def one_page_each(one_page_module: OnePage, request: pytest.FixtureRequest) -> Iterator[OnePage]:
    """The module's page for one test: the window at the context's size, this test's
    errors; spoiled for the next test if this one failed."""
    shared = one_page_module
    failed = request.session.testsfailed
    shared.errors.clear()
    shared.blocked.clear()
    shared.page.set_viewport_size(shared.viewport)
    yield shared
    if request.session.testsfailed != failed:
        shared.spoil(f"{request.node.name} failed")
    assert shared.blocked == [], f"the page requested other hosts: {shared.blocked}"
