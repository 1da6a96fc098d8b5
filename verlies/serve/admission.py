"""Who may take one more kernel: room kept for the invited, a limit per client.

The kernel cap (``verlies.serve.kernels``) protects the host; it does not protect the
people a host invited. Twenty-six plain GETs from one stranger filled it and a running
table's seat link got "the table is full". Two rules decide now, before a kernel starts:

- **Room for the invited.** A page that opens a shared table (``?table=…&seat=<token>``,
  a token the store knows: a seat, the spectator or the designer) may use the whole cap;
  any other page (a plain visit, the preheated pool's refills) only ``cap - reserve``.
  Over its limit a visitor gets the "table is full" page (HTTP 503), which says when a
  place is likely to be free.
- **A limit per client.** A client address may hold at most ``client_pending`` kernels
  whose page has not connected yet (a browser's page connects within seconds; a script's
  ``GET`` never does). One more page from it gets HTTP 429 and a page that says how many
  pages wait and when to try again (``Retry-After``): the seconds until its oldest waiting
  kernel ends (``unconnected_timeout``) or connects. Loopback addresses are exempt by
  default (``exempt_clients``): there the client is the host itself or a proxy in front
  of everyone.

The kernel manager learns the request behind a kernel start from :data:`VISIT`, a context
variable that :class:`AdmissionServer` (every HTTP server of the process, see
:func:`install`) sets as a request's headers are read; the handler's task inherits it.

:class:`Admission` is the bookkeeping, without a server (tests/serve/test_serving_admission.py).
"""

from __future__ import annotations

import contextvars
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tornado import httputil, web
from tornado.httpserver import HTTPServer

from verlies.i18n import text
from verlies.serve import cookie_check, routes
from verlies.serve.full_page import page_html
from verlies.serve.long_url import MAX_HEADER_BYTES, LongUrlServer

LANGUAGES = ("de", "en")
#: Addresses exempt from the per-client limit by default (the host, or a proxy for all).
LOOPBACK = ("127.0.0.1", "::1")


@dataclass
class Visit:
    """The request a kernel is started for: who asks, and what the page's query is."""

    client: str
    query: str
    #: Seconds a refusal asks the client to wait (sent as ``Retry-After``), once refused.
    retry_after: int | None = None
    #: The browser the request came from (verlies.serve.routes.COOKIE), and whether the
    #: request named none (its answer then sets one).
    browser: str = ""
    fresh: bool = False
    #: Kernels handed to this request's page.
    kernels: list[str] = field(default_factory=list)

    def handed(self, kernel_id: str) -> None:
        """The page of this request got ``kernel_id``: only its browser may use it."""
        self.kernels.append(kernel_id)
        routes.own(kernel_id, self.browser)

    def table_link(self) -> tuple[str, str] | None:
        """(table id, token) when the query opens a shared table, else None."""
        values = parse_qs(self.query, max_num_fields=20)
        table, seat = values.get("table", [""])[0], values.get("seat", [""])[0]
        if table and seat and len(table) <= 64 and len(seat) <= 64:
            return table, seat
        return None


#: The request being handled (None outside one, e.g. a pool refill started by a timer).
VISIT: contextvars.ContextVar[Visit | None] = contextvars.ContextVar("verlies_visit", default=None)


@dataclass
class Admission:
    """Kernels handed to clients whose page has not connected yet, and the limits."""

    client_pending: int = 4
    exempt: tuple[str, ...] = LOOPBACK
    #: kernel id -> (client, when it was handed out, monotonic)
    pending: dict[str, tuple[str, float]] = field(default_factory=dict)

    def waiting(self, client: str) -> list[float]:
        """When each of ``client``'s kernels still waiting for their page was handed out."""
        return sorted(t for c, t in self.pending.values() if c == client)

    def refuse(self, client: str, *, now: float, expires: float) -> int | None:
        """None when ``client`` may have one more kernel; else the seconds to wait: until its
        oldest waiting kernel is ended (``expires`` seconds after it was handed out, at the
        latest) or connects. At least 1."""
        if self.client_pending <= 0 or client in self.exempt:
            return None
        waiting = self.waiting(client)
        if len(waiting) < self.client_pending:
            return None
        return max(1, int(waiting[0] + expires - now + 0.999))

    def handed(self, kernel_id: str, client: str, now: float) -> None:
        self.pending[kernel_id] = (client, now)

    def connected(self, kernel_id: str) -> None:
        self.pending.pop(kernel_id, None)

    def ended(self, kernel_id: str) -> None:
        self.pending.pop(kernel_id, None)


def room_for(cap: int, reserve: int, *, invited: bool) -> int:
    """Kernels a start may bring the server to: the whole cap for a table's invited,
    ``cap - reserve`` for everyone else (never below 0).

    >>> room_for(24, 4, invited=False), room_for(24, 4, invited=True)
    (20, 24)
    """
    return cap if invited else max(0, cap - reserve)


def default_reserve(cap: int) -> int:
    """The room kept for tables' invited when the settings do not say: a sixth of the cap,
    at least one seat from a cap of 4 up, none below (a tiny server keeps all for anyone).

    >>> [default_reserve(c) for c in (1, 3, 4, 12, 24, 48)]
    [0, 0, 1, 2, 4, 8]
    """
    return 0 if cap < 4 else max(1, cap // 6)


class TooMany(web.HTTPError):
    """One client holds too many kernels whose page never connected (HTTP 429)."""

    def __init__(self, client: str, waiting: int, retry_after: int) -> None:
        super().__init__(
            429,
            "too many new pages from %s: %d waiting for their page",
            client,
            waiting,
            reason="Too Many Requests (pages that did not connect)",
        )
        self.retry_after = retry_after
        #: The page the template's 429.html shows.
        self.page = busy_page(waiting, retry_after)


def busy_page(waiting: int, retry_seconds: int) -> str:
    """The 429 page, German and English (keys ``page.busy.*``); reloads itself when due."""
    sections = []
    for lang in LANGUAGES:
        title = escape(text("page.busy.title", lang))
        body = escape(text("page.busy.text", lang, count=waiting))
        retry = escape(text("page.busy.retry", lang))
        auto = escape(text("page.busy.auto", lang, seconds=retry_seconds))
        sections.append(
            f'<section lang="{lang}"><h1>{title}</h1><p>{body}</p>'
            f'<p><a href="">{retry}</a></p><p class="auto">{auto}</p></section>'
        )
    return page_html("page.busy.title", sections, "verlies-too-many", refresh=retry_seconds)


#: The "table is full" page's own time to try again (verlies.serve.full_page).
_REFRESH = re.compile(rb'<meta http-equiv="refresh" content="(\d+)">')


class _Noting(httputil.HTTPMessageDelegate):
    """Sets :data:`VISIT` for the request and adds ``Retry-After`` to a refusal."""

    def __init__(self, inner: httputil.HTTPMessageDelegate, conn: httputil.HTTPConnection):
        self.inner = inner
        self.conn = conn
        self.query = ""
        self.browser: str | None = None

    def headers_received(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> Any:
        self.query = urlsplit(getattr(start_line, "path", "") or "").query
        self.browser = routes.browser_of(headers)
        routes.note_request(self.browser, time.monotonic())  # a page loading is progress
        return self.inner.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Any:
        return self.inner.data_received(chunk)

    def finish(self) -> None:
        # The proxy adapter below has read X-Forwarded-For by now (when trusted).
        context = getattr(self.conn, "context", None)
        client = str(getattr(context, "remote_ip", "") or "")
        browser = self.browser or routes.new_browser()
        visit = Visit(client, self.query, browser=browser, fresh=self.browser is None)
        VISIT.set(visit)  # the handler's task, made in inner.finish(), inherits it
        _retry_after_on_refusal(self.conn, visit)
        self.inner.finish()

    def on_connection_close(self) -> None:
        self.inner.on_connection_close()


def _retry_after_on_refusal(conn: httputil.HTTPConnection, visit: Visit) -> None:
    """The response's headers get ``Retry-After`` when the kernel manager refused ``visit``
    (it notes the seconds on it): write_error cannot set headers of its own."""
    # the connection's own method, once: a kept-alive connection serves many requests
    write: Callable[..., Any] = getattr(conn, "_verlies_write_headers", None) or conn.write_headers
    conn._verlies_write_headers = write  # type: ignore[attr-defined]

    def write_headers(
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
        chunk: bytes | None = None,
    ) -> Any:
        code = getattr(start_line, "code", 200)
        retry = visit.retry_after
        if retry is None and code == 503 and chunk:
            # a refusal raised for Voila's pool (the page waited on its kernel) was not
            # noted on this visit: the page's own refresh time is the one to send
            found = _REFRESH.search(chunk)
            retry = int(found.group(1)) if found else None
        if retry is not None and code in (429, 503):
            headers["Retry-After"] = str(retry)
        if visit.kernels and code == 200:
            if visit.fresh:
                headers.add("Set-Cookie", routes.cookie_header(visit.browser))
            # on every page: the page's script tells a browser that kept none (cookie_check)
            headers.add("Set-Cookie", cookie_check.check_header())
        return write(start_line, headers, chunk)

    conn.write_headers = write_headers  # type: ignore[method-assign]


class AdmissionServer(LongUrlServer):
    """The long-address server (``verlies.serve.long_url``) whose requests also note who
    asks (:data:`VISIT`)."""

    def start_request(
        self, server_conn: object, request_conn: httputil.HTTPConnection
    ) -> httputil.HTTPMessageDelegate:
        inner = routes.RouteGuard(super().start_request(server_conn, request_conn), request_conn)
        return _Noting(inner, request_conn)


def install() -> None:
    """Every ``HTTPServer`` made from now on in this process is an :class:`AdmissionServer`
    (which answers too-long addresses as well)."""
    HTTPServer.configure(AdmissionServer, max_header_size=MAX_HEADER_BYTES)
