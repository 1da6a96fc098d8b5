"""Browser test harness: real Voila servers and headless Debian Chromium via Playwright.

Fixtures for tests under tests/browser (all of them get the ``browser`` marker):

- ``page_url(notebook="play.ipynb") -> str``: URL of a standalone Voila serving that notebook
  from notebooks/, started on first use (same command line and settings file as
  ``./run play``) and stopped with SIGTERM at the end of the session.
- ``voila_server``: the :class:`ServerProcess` behind the play page; ``log_mark()`` and
  ``log_errors(since)`` check its log for errors.
- ``console_errors``: list filled with the page's console errors and uncaught exceptions
  (request it before ``page.goto``). Requests to other hosts than 127.0.0.1/localhost are
  aborted (``context`` override) and listed in ``blocked_requests`` instead.
- ``canvas_stats(page, selector="canvas") -> list[dict]``: pixel statistics of each matching
  canvas, read in the browser with getImageData.
- ``wait_for_canvas(page, selector="canvas", min_colors=2, server=None) -> dict``: waits
  until a matching canvas shows at least ``min_colors`` colours (i.e. something drawn on the
  background) and returns its stats (``progress.wait_canvas``).

No wait here has a fixed deadline (tests/browser/progress.py): each follows progress (the
page, the server's log and CPU time) and fails only when nothing moved for a while.
Opening the play page is ``progress.open_page(page, url, server=voila_server)``: it waits
until the state line is there and the board is drawn (``progress.wait_page`` waits the same
on a page that is already loading); later waits on that page count the server's progress
too. Playwright's assertions that wait are ``progress.follow_expect(locator).to_…(…)``.
Actions (click, fill, select_option) get the stall limit (``progress.ACTION_MS``), not
Playwright's 30 s, in every context (``_stall_limits``): each acts on an element that a
progress-following wait before it found (a tab the kernel builds when first shown is
waited for before its fields are used), and a loaded machine may still be slow to make it
actionable. The moves the kernel answers (the language switched, a tab shown, a Deck-tab
card picked) are ``page_moves``' helpers: each waits, following progress, for what it
acts on and then for the page to show the kernel's answer.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_settings import CHROMIUM, CHROMIUM_ARGS, note_other_hosts  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Error, Page
from progress import canvas_pixel_stats, stall_limits, wait_canvas
from store_voila import environ

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # one look at the file system per test file, not per test (4,000 items collected)
    here: dict[Path, bool] = {}
    for item in items:
        path = Path(item.path)
        if path not in here:
            here[path] = HERE in path.resolve().parents
        if here[path]:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright override: Debian's Chromium (Playwright cannot download one here)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's 'chromium' package "
            "(./run test does it when root) or set VERLIES_CHROMIUM=/path/to/chromium",
            pytrace=False,
        )
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture(scope="session", autouse=True)
def _stall_limits() -> Iterator[None]:
    """Every browser context the tests make (pytest-playwright's and ``browser.new_context``
    in a test) has the stall limit as its actions' deadline (progress.stall_limits)."""
    made = Browser.new_context

    def new_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
        return stall_limits(made(self, *args, **kwargs))

    Browser.new_context = new_context  # type: ignore[method-assign]
    try:
        yield
    finally:
        Browser.new_context = made  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 800}}


@pytest.fixture
def blocked_requests() -> list[str]:
    """URLs the page tried to fetch from other hosts (blocked: tests stay on this machine)."""
    return []


@pytest.fixture
def context(context: BrowserContext, blocked_requests: list[str]) -> Iterator[BrowserContext]:
    """pytest-playwright's context, and a test whose page asked another host than
    127.0.0.1/localhost fails (Chromium resolves no other host: browser_settings): the
    page asks nothing of other hosts (icons and fonts come from the installed packages;
    binder/share/jupyter/voila/templates/verlies)."""
    note_other_hosts(context, blocked_requests)
    yield context
    assert blocked_requests == [], f"the page requested other hosts: {blocked_requests}"


#: The kernel cap of the servers shared by the browser tests (see ``page_url``).
SHARED_CAP = 40
SHARED_CAP_ENV = "VERLIES_MAX_KERNELS"


@pytest.fixture(scope="session")
def voila_servers() -> dict[str, Any]:
    """Notebook name -> running ServerProcess, filled on demand by ``page_url``."""
    return {}


@pytest.fixture(scope="session")
def page_url(voila_servers: dict[str, Any], start_voila: Callable[..., Any]) -> Callable[..., str]:
    def url(notebook: str = "play.ipynb") -> str:
        if notebook not in voila_servers:
            # The shared page servers outlive every browser test, and each page visit leaves
            # its kernel idle for 20 minutes (binder/voila.json's culling): their cap fits
            # the whole suite, so no test meets the "table is full" page by accident. The
            # cap itself is tested on servers of their own (test_serving.py, test_load.py).
            with environ(**{SHARED_CAP_ENV: str(SHARED_CAP)}):
                voila_servers[notebook] = start_voila(notebook)
        server_url: str = voila_servers[notebook].url("/")
        return server_url

    return url


@pytest.fixture(scope="session")
def voila_server(page_url: Callable[..., str], voila_servers: dict[str, Any]) -> Any:
    page_url("play.ipynb")
    return voila_servers["play.ipynb"]


@pytest.fixture
def console_errors(page: Page, blocked_requests: list[str]) -> list[str]:
    """Console errors and uncaught exceptions of ``page`` (not the blocked off-host loads)."""
    errors: list[str] = []

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            if msg.location.get("url") in blocked_requests:
                return
            errors.append(f"console.error: {msg.text} ({msg.location.get('url', '')})")

    def on_page_error(exc: Error) -> None:
        errors.append(f"uncaught: {exc}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return errors


@pytest.fixture(scope="session")
def canvas_stats() -> Callable[..., list[dict[str, Any]]]:
    return canvas_pixel_stats


@pytest.fixture(scope="session")
def wait_for_canvas() -> Callable[..., dict[str, Any]]:
    return wait_canvas
