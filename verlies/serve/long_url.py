"""A request whose address is too long gets a small page that says so, not a reset.

Tornado reads at most ``max_header_size`` bytes of request line and headers (64 KiB by
default) and closes the connection on a longer one without an answer: a visitor with a
200,000-character ``?g=`` link saw "connection reset". Voila also hands the query string to
a kernel it starts in its environment, where one string may hold at most 128 KiB.

:func:`install` makes every HTTP server of the process (standalone Voila and Jupyter
server alike create theirs through tornado's ``HTTPServer``, a ``Configurable``) read
headers up to :data:`MAX_HEADER_BYTES` (above Chromium's 2 MiB cap on an address) and
answer a request line longer than :data:`MAX_TARGET_CHARS` with HTTP 414 and
:func:`too_long_page`, in German and English (the server does not know the visitor's
language). Links the page makes are at most ``verlies.links.MAX_LINK_CHARS`` long; the
link reader refuses values over four times that with its own message, so the limit here
lies above both: such a link still reaches the page and is refused there, in words.
"""

from __future__ import annotations

from html import escape
from typing import Any

from tornado import httputil
from tornado.httpserver import HTTPServer

from verlies.i18n import text
from verlies.links import MAX_LINK_CHARS
from verlies.serve.full_page import page_html

#: Longest request target (path and query) passed on to the page.
MAX_TARGET_CHARS = 8 * MAX_LINK_CHARS
#: Bytes of request line and headers read before the server gives up on a request.
MAX_HEADER_BYTES = 4 * 1024 * 1024
LANGUAGES = ("de", "en")

_STYLE = """
body { font-family: system-ui, sans-serif; background: #2b2118; color: #f4ead5;
       margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; }
main { max-width: 34rem; padding: 2rem; }
section + section { border-top: 1px solid #6b5840; margin-top: 1.5rem; padding-top: 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
a { color: #f7c873; }
"""


def too_long_page(chars: int) -> str:
    """The whole HTML document (keys ``page.long_url.*``): what was wrong, and a way on."""
    sections = []
    for lang in LANGUAGES:
        title = escape(text("page.long_url.title", lang))
        body = escape(text("page.long_url.text", lang, n=chars, limit=MAX_LINK_CHARS))
        fresh = escape(text("page.long_url.fresh", lang))
        sections.append(
            f'<section lang="{lang}"><h1>{title}</h1><p>{body}</p>'
            f'<p><a href="./">{fresh}</a></p></section>'
        )
    return page_html("page.long_url.title", sections, "verlies-long-url", style=_STYLE)


class Refusing(httputil.HTTPMessageDelegate):
    """A request delegate that may answer a request itself from its first line and headers
    (:meth:`refusal`: a small page, the connection closed after it); any other request
    goes on to the server's own delegate unchanged. The long-address refusal here and the
    route guard (:mod:`verlies.serve.routes`) are two."""

    def __init__(self, inner: httputil.HTTPMessageDelegate, conn: httputil.HTTPConnection):
        self.inner = inner
        self.conn = conn
        self.refused = False

    def refusal(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> tuple[int, str, str] | None:
        """(status, reason, page) to answer with, or None to pass the request on."""
        raise NotImplementedError

    def headers_received(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> Any:
        answer = self.refusal(start_line, headers)
        if answer is None:
            return self.inner.headers_received(start_line, headers)
        self.refused = True
        code, reason, page = answer
        body = page.encode("utf-8")
        head = httputil.HTTPHeaders(
            {
                "Content-Type": "text/html; charset=UTF-8",
                "Content-Length": str(len(body)),
                "Cache-Control": "no-store",
                "Connection": "close",
            }
        )
        self.conn.write_headers(httputil.ResponseStartLine("HTTP/1.1", code, reason), head, body)
        self.conn.finish()
        return None

    def data_received(self, chunk: bytes) -> Any:
        return None if self.refused else self.inner.data_received(chunk)

    def finish(self) -> None:
        if not self.refused:
            self.inner.finish()

    def on_connection_close(self) -> None:
        if not self.refused:
            self.inner.on_connection_close()


class _TooLong(Refusing):
    """Answers a too-long request itself; any other goes on to the server's delegate."""

    def refusal(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> tuple[int, str, str] | None:
        path = getattr(start_line, "path", "")
        if len(path) > MAX_TARGET_CHARS:
            return 414, "URI Too Long", too_long_page(len(path))
        return None


class LongUrlServer(HTTPServer):
    """``HTTPServer`` whose requests pass :class:`_TooLong` first."""

    def start_request(
        self, server_conn: object, request_conn: httputil.HTTPConnection
    ) -> httputil.HTTPMessageDelegate:
        return _TooLong(super().start_request(server_conn, request_conn), request_conn)


def install() -> None:
    """Every ``HTTPServer`` made from now on in this process is a :class:`LongUrlServer`
    reading up to :data:`MAX_HEADER_BYTES` (a keyword its maker passes still wins)."""
    HTTPServer.configure(LongUrlServer, max_header_size=MAX_HEADER_BYTES)
