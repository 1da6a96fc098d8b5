"""A page's kernel answers that page's browser only (verlies/serve/routes.py): the page
plays a step through its kernel as before, while a second browser that knows the
kernel's id (from a shared screen, a copied page) reads nothing of it and cannot end it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from page_moves import kernel_id, state
from playwright.sync_api import Browser, Page
from progress import open_page
from test_play import click_one_step

from verlies.serve import routes

#: In the page: the status of a request to the server, as the page's own script sends it
#: (same origin: the browser adds its cookies).
_STATUS_JS = """async ([method, path]) => {
    const r = await fetch(path, {method, credentials: "same-origin"});
    return r.status;
}"""


def test_a_page_plays_through_its_kernel_and_another_browser_cannot_reach_it(
    page: Page,
    browser: Browser,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    mark = voila_server.log_mark()
    url = page_url("play.ipynb")
    open_page(page, url, server=voila_server)
    kernel = kernel_id(page)

    # The page's browser holds the cookie; the page's script cannot read it (HttpOnly).
    cookies = {c["name"]: c for c in page.context.cookies(url)}
    assert routes.COOKIE in cookies and cookies[routes.COOKIE]["httpOnly"]
    assert routes.COOKIE not in page.evaluate("() => document.cookie")

    # It plays: one step clicked, through the websocket of its own kernel.
    before = click_one_step(page)
    assert state(page) != before
    assert page.evaluate(_STATUS_JS, ["GET", f"/api/kernels/{kernel}"]) == 200

    # A second browser, with a page (and a kernel, and a cookie) of its own.
    context = browser.new_context()
    try:
        other = context.new_page()
        open_page(other, url, server=voila_server)
        own = kernel_id(other)
        assert own != kernel
        assert other.evaluate(_STATUS_JS, ["GET", f"/api/kernels/{own}"]) == 200
        assert other.evaluate(_STATUS_JS, ["GET", f"/api/kernels/{kernel}"]) == 404
        assert other.evaluate(_STATUS_JS, ["DELETE", f"/api/kernels/{kernel}"]) == 404
        assert other.evaluate(_STATUS_JS, ["POST", f"/voila/api/shutdown/{kernel}"]) == 404
        for listing in ("/api/kernels", "/api/sessions", "/api/contents", "/api/kernelspecs"):
            assert other.evaluate(_STATUS_JS, ["GET", listing]) == 404, listing
        other.close()
    finally:
        context.close()

    # The first page still plays: its kernel lives and answers it.
    before = click_one_step(page)
    assert state(page) != before
    assert voila_server.kernel_status(kernel) == 200
    assert console_errors == []
    assert voila_server.log_errors(since=mark) == []
