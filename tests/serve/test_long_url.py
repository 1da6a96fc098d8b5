"""A request whose address is too long gets the page that says so (verlies/serve/long_url.py),
not a closed connection; any other request goes on as before. Against a real tornado server
on a local port, read as raw HTTP."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from verlies.i18n import text
from verlies.serve import long_url


class _Hello(web.RequestHandler):
    def get(self) -> None:
        self.write(f"hello {len(self.request.query)}")


@pytest.fixture
def installed() -> Iterator[None]:
    saved = HTTPServer._save_configuration()  # type: ignore[attr-defined]
    long_url.install()
    try:
        yield
    finally:
        HTTPServer._restore_configuration(saved)  # type: ignore[attr-defined]


def _ask(target: str) -> bytes:
    """Serve _Hello on a free port and send one GET ``target``; the whole answer (b"" when
    the server closed the connection without one). In a thread of its own with its own
    event loop: a browser test before it in the same worker keeps Playwright's loop running
    on this thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _serve_and_ask(target)).result()


async def _serve_and_ask(target: str) -> bytes:
    socks = bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
    port = socks[0].getsockname()[1]
    server = HTTPServer(web.Application([("/.*", _Hello)]))
    server.add_sockets(socks)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        try:
            answer = await reader.read()
        except ConnectionResetError:
            answer = b""
        writer.close()
        return answer
    finally:
        server.stop()


@pytest.fixture
def not_installed() -> Iterator[None]:
    """Tornado's own server, whatever an earlier test imported: importing
    verlies.serve.kernels installs the long-address page for the whole process."""
    saved = HTTPServer._save_configuration()  # type: ignore[attr-defined]
    HTTPServer.configure(None)
    try:
        yield
    finally:
        HTTPServer._restore_configuration(saved)  # type: ignore[attr-defined]


def test_without_it_a_long_address_gets_no_answer(not_installed: None) -> None:
    # what a visitor met before: tornado reads 64 KiB of request line and hangs up
    assert _ask("/?g=" + "A" * 200_000) == b""


def test_a_long_address_gets_the_page_in_both_languages(installed: None) -> None:
    answer = _ask("/?g=" + "A" * 200_000)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 414 "), head
    page = body.decode("utf-8")
    for lang in ("de", "en"):
        assert text("page.long_url.title", lang) in page
        assert text("page.long_url.fresh", lang) in page
    assert "200004" in page  # how long the address was (path and query)
    assert "<script" not in page


def test_a_link_of_the_page_still_reaches_it(installed: None) -> None:
    value = "A" * (4 * long_url.MAX_LINK_CHARS + 1)  # too long for a link: the page says so
    answer = _ask("/?g=" + value)
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:100]
    assert answer.endswith(f"hello {len(value) + 2}".encode())


def test_the_limit_is_the_request_line_not_the_page() -> None:
    assert 4 * long_url.MAX_LINK_CHARS < long_url.MAX_TARGET_CHARS < 128 * 1024
    page = long_url.too_long_page(123456)
    assert page.count("<section") == 2 and "123456" in page
