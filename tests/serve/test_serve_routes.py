"""The page server's routes (verlies/serve/routes.py): broken or unused addresses get a
clean 400/404 page and no traceback; a kernel's routes answer only the browser its page
was served to (or the host's key). Against a real Voila started as ``./run play`` starts
it, read with plain HTTP clients that carry no key unless a test gives one."""

from __future__ import annotations

import asyncio
import http.client
import os
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from verlies.i18n import text
from verlies.serve import cookie_check, routes

# tests/conftest.py sets the host's key for the session (never imported: two conftest
# modules share that name under xdist); the page names its kernel as the browser reads it.
SERVER_KEY = os.environ["VERLIES_SERVER_KEY"]
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


@pytest.fixture
def guarded() -> Iterator[None]:
    routes.activate()
    try:
        yield
    finally:
        routes.deactivate()


KERNEL = "3de5d019-daf2-491b-9299-c1f9cdfc2c62"


@pytest.mark.parametrize(
    ("target", "answer"),
    [
        ("/", None),
        ("/?table=abc&seat=def", None),
        ("/voila/static/voila.js", None),
        ("/voila/templates/verlies/static/verlies.css", None),
        ("/logout", (404, "missing")),
        ("/login?next=/", (404, "missing")),
        ("/voila/templates/x", (404, "missing")),
        ("/voila/static/%ZZ", (400, "bad")),
        ("/voila/static/%2", (400, "bad")),
        ("/static/../../etc/passwd", (400, "bad")),
        ("/voila/static/%2e%2e/%2e%2e/etc/passwd", (400, "bad")),
        ("/voila/static/./voila.js", (400, "bad")),
        ("/x%00y", (400, "bad")),
        ("/x%0ay", (400, "bad")),
        ("/voila/static/%C3%28", (400, "bad")),
        ("/api/kernels", (404, "missing")),
        ("/api/sessions", (404, "missing")),
        ("/api/contents/play.ipynb", (404, "missing")),
        ("/api/kernelspecs", (404, "missing")),
        (f"/api/kernels/{KERNEL}", (404, "missing")),
        (f"/api/kernels/{KERNEL}/channels?session_id=x", (404, "missing")),
        (f"/voila/api/shutdown/{KERNEL}", (404, "missing")),
        (f"/voila/query/{KERNEL}", (404, "missing")),
    ],
)
def test_the_verdict_on_an_address(target: str, answer: tuple[int, str] | None) -> None:
    try:
        got = routes.verdict("GET", target, None, key=False)
    except (UnicodeDecodeError, ValueError):
        got = (400, "bad")  # the guard's own answer to an undecodable address
    assert got == answer


def test_a_kernel_route_answers_its_browser_and_the_key_only(guarded: None) -> None:
    mine, other = routes.new_browser(), routes.new_browser()
    routes.own(KERNEL, mine)
    target = f"/api/kernels/{KERNEL}"
    assert routes.verdict("GET", target, mine, key=False) is None
    assert routes.verdict("DELETE", target, other, key=False) == (404, "missing")
    assert routes.verdict("GET", target, None, key=False) == (404, "missing")
    assert routes.verdict("GET", target, None, key=True) is None
    assert routes.verdict("GET", "/api/kernels", None, key=True) is None
    # the page's query (a seat's token) goes to the kernel, which has the key, only
    assert routes.verdict("GET", f"/voila/query/{KERNEL}", mine, key=False) == (404, "missing")
    assert routes.verdict("GET", f"/voila/query/{KERNEL}", None, key=True) is None
    routes.forget(KERNEL)
    assert routes.verdict("GET", target, mine, key=False) == (404, "missing")


def test_the_key_needs_length_and_equality() -> None:
    from tornado.httputil import HTTPHeaders

    long_key = "k" * 20
    assert routes.has_key(HTTPHeaders({routes.KEY_HEADER: long_key}), long_key)
    assert not routes.has_key(HTTPHeaders({routes.KEY_HEADER: long_key + "x"}), long_key)
    assert not routes.has_key(HTTPHeaders({}), long_key)
    assert not routes.has_key(HTTPHeaders({routes.KEY_HEADER: "short"}), "short")


def test_a_browser_cookie_is_read_only_when_it_is_ours() -> None:
    from tornado.httputil import HTTPHeaders

    value = routes.new_browser()
    cookie = f"a=b; {routes.COOKIE}={value}; c=d"
    assert routes.browser_of(HTTPHeaders({"Cookie": cookie})) == value
    assert routes.browser_of(HTTPHeaders({"Cookie": f"{routes.COOKIE}=../x"})) is None
    assert routes.browser_of(HTTPHeaders({})) is None


def test_refusal_pages_speak_both_languages() -> None:
    for kind in ("bad", "missing", "error"):
        page = routes.refusal_page(kind, 405)
        for lang in ("de", "en"):
            assert text(f"page.route.{kind}.title", lang) in page
            assert f'<section lang="{lang}">' in page
    assert "HTTP 405" in routes.refusal_page("error", 405)


# -- against a real server ----------------------------------------------------------------


def _ask(
    port: int, method: str, target: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], str]:
    """One raw request (the target sent exactly as given); status, headers, body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.putrequest(method, target, skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            conn.putheader(name, value)
        conn.endheaders()
        resp = conn.getresponse()
        body = resp.read().decode("utf-8", errors="replace")
        head: dict[str, str] = {}
        for name, value in resp.getheaders():
            key = name.lower()
            head[key] = f"{head[key]}\n{value}" if key in head else value
        return resp.status, head, body
    finally:
        conn.close()


def _websocket_answer(
    port: int,
    kernel_id: str,
    headers: dict[str, str],
    path: str = "/api/kernels/{kernel}/channels?session_id=s1",
) -> int:
    """HTTP status of a websocket handshake at ``path`` (101 when it was accepted)."""
    from verlies.serve.websocket import V1  # its import loads Voila: not to collect

    async def connect() -> int:
        url = f"ws://127.0.0.1:{port}" + path.format(kernel=kernel_id)
        try:
            ws = await websocket_connect(HTTPRequest(url, headers=headers), subprotocols=[V1])
        except HTTPClientError as err:
            return int(err.code)
        ws.close()
        return 101

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, connect()).result()


def _cookie_of(head: dict[str, str]) -> str:
    for line in head.get("set-cookie", "").splitlines():
        if line.startswith(routes.COOKIE + "="):
            return line.split(";", 1)[0]
    raise AssertionError(f"no {routes.COOKIE} cookie in {head.get('set-cookie')!r}")


def test_broken_addresses_get_clean_pages_and_kernels_stay_with_their_browser(
    start_voila: Callable[..., Any],
) -> None:
    server = start_voila("play.ipynb", name="play-routes")
    port = server.port
    mark = server.log_mark()

    long_static = "/voila/static/" + "a" * 5000
    for target, code in [
        ("/logout", 404),
        ("/login", 404),
        ("/voila/templates/x", 404),
        ("/voila/static/%ZZ", 400),
        ("/static/../../etc/passwd", 400),
        ("/voila/static/../../../etc/passwd", 400),
        ("/x%00", 400),
        ("/api/kernels", 404),
        ("/api/sessions", 404),
        ("/api/contents", 404),
        ("/api/kernelspecs", 404),
    ]:
        status, head, body = _ask(port, "GET", target)
        assert status == code, target
        assert head["content-type"].startswith("text/html"), target
        kind = "bad" if code == 400 else "missing"
        assert text(f"page.route.{kind}.title", "de") in body, target
        assert text(f"page.route.{kind}.title", "en") in body, target
    status, _, _ = _ask(port, "GET", long_static)
    assert status in (403, 404)  # Voila's own refusal of an unknown static file
    # Jupyter's handlers behind Voila (themes, lab extensions): their 404 in our words
    for target in ("/voila/api/themes/no-such-theme", "/voila/labextensions/no-such-file"):
        status, _, body = _ask(port, "GET", target)
        assert status == 404, target
        assert text("page.route.missing.title", "de") in body, target
    assert server.log_errors(mark) == []
    assert "Traceback" not in server.log_text()[mark:]

    # A first browser gets a page, a kernel and the cookie that names it.
    status, head, body = _ask(port, "GET", "/")
    assert status == 200
    found = _KERNEL_ID.search(body)
    assert found is not None
    kernel = found.group(1)
    cookie = _cookie_of(head)
    # and the cookie the page's script reads to tell a browser that kept none (cookie_check)
    assert f"{cookie_check.CHECK}=1;" in head["set-cookie"]
    assert "HttpOnly" not in next(
        c for c in head["set-cookie"].splitlines() if c.startswith(cookie_check.CHECK)
    )
    route = f"/api/kernels/{kernel}"
    try:
        status, _, state = _ask(port, "GET", route, {"Cookie": cookie})
        assert status == 200 and kernel in state

        # A second client: no cookie, a cookie of its own, or the first's kernel id only.
        status, other_head, _ = _ask(port, "GET", "/voila/static/voila.js")
        assert status == 200 and "set-cookie" not in other_head  # no page, no kernel
        stranger = f"{routes.COOKIE}={routes.new_browser()}"
        for headers in ({}, {"Cookie": stranger}):
            status, _, answer = _ask(port, "GET", route, headers)
            assert status == 404 and kernel not in answer and "execution_state" not in answer
            assert _ask(port, "DELETE", route, headers)[0] == 404
            assert _ask(port, "POST", f"/voila/api/shutdown/{kernel}", headers)[0] == 404
            assert _websocket_answer(port, kernel, headers) == 404
            assert _websocket_answer(port, kernel, headers, "/voila/query/{kernel}") == 404
        assert _ask(port, "GET", "/api/contents/play.ipynb", {"Cookie": cookie})[0] == 404
        # The first's kernel lives on, and its own browser may still reach it.
        assert server.kernel_status(kernel) == 200  # the host's key
        assert _websocket_answer(port, kernel, {"Cookie": cookie}) == 101
        assert _ask(port, "GET", route, {"X-Verlies-Key": SERVER_KEY})[0] == 200
        assert _ask(port, "GET", route, {"X-Verlies-Key": SERVER_KEY[:-1] + "!"})[0] == 404
    finally:
        server.shutdown_kernel(kernel)
    assert server.log_errors(mark) == []
