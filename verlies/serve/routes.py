"""The standalone page server's routes, closed where a visitor has no business.

Voila serving one notebook (``./run play``) answers more addresses than the page needs,
some badly: ``GET /logout`` and ``/voila/templates/x`` ended in a traceback and HTTP 500,
and ``/api/kernels/<id>`` told anyone who knew a kernel's id its state (and a ``DELETE``
ended it). :class:`RouteGuard` reads each request's line and headers before tornado's
application does and answers these itself, with a small page in German and English:

- an address that is not one (a ``%`` not followed by two hex digits, a control
  character, a ``.`` or ``..`` segment): HTTP 400;
- ``/login`` and ``/logout`` (nobody logs in to the page), a template file address
  without its template and folder: HTTP 404;
- a kernel's routes (``/api/kernels/<id>``, its ``/channels`` websocket, Voila's
  ``/voila/api/shutdown/<id>``) only for the browser the kernel's page was served to:
  the page response sets a random, HttpOnly cookie (:data:`COOKIE`, once per browser) and
  the kernel manager notes whose page got which kernel (:func:`own`). Any other client
  gets HTTP 404, as if no such kernel ran; every other ``/api/`` address gets 404 too;
- Voila's ``/voila/query/<id>``, where a preheated kernel reads its page's query string
  (a seat's token included), only for the kernel itself: it sends the host's key;
- the host's own tools (the tests, an operator's script) pass with the host's key: the
  ``X-Verlies-Key`` header equal to ``$VERLIES_SERVER_KEY`` (made at start when unset, so
  the kernels inherit it; set it to use it from outside).

The guard is on only in a standalone Voila whose kernel manager is
``verlies.serve.kernels.CappedKernelManager`` (it calls :func:`activate`); a Jupyter server
(Binder, JupyterHub) keeps its own login and API, which its token protects.
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
from dataclasses import dataclass, field
from html import escape
from typing import Any
from urllib.parse import unquote, urlsplit

from tornado import httputil

from verlies.i18n import text
from verlies.serve.full_page import page_html
from verlies.serve.long_url import Refusing

LANGUAGES = ("de", "en")
#: The cookie that says which browser a page was served to (random, 128 bits).
COOKIE = "verlies-browser"
#: Header and environment variable of the host's key.
KEY_HEADER = "X-Verlies-Key"
KEY_ENV = "VERLIES_SERVER_KEY"
#: The cookie's life: a month of reloads keep the same browser.
COOKIE_SECONDS = 30 * 24 * 3600

_BROWSER = re.compile(r"[0-9a-f]{32}")
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_KERNEL_ROUTE = re.compile(rf"/api/kernels/({_UUID})(?:/channels)?/?")
_SHUTDOWN_ROUTE = re.compile(rf"/voila/api/shutdown/({_UUID})/?")
#: Where a preheated kernel reads its page's request (Voila's RequestInfoSocketHandler,
#: which hands the query, a seat's token included, to whoever connects with the id).
_QUERY_ROUTE = re.compile(r"/voila/query/.*")
_TEMPLATE_FILE = re.compile(r"/voila/templates/[^/]+/static/[^/].*")
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_CLOSED = ("/login", "/logout")


@dataclass
class _State:
    active: bool = False
    #: kernel id -> the browser (cookie value) its page was served to
    owners: dict[str, str] = field(default_factory=dict)
    #: browser -> when it last asked anything (monotonic): only browsers owning a kernel
    asked: dict[str, float] = field(default_factory=dict)


_STATE = _State()


def activate() -> None:
    """Turn the guard on (the standalone page server's kernel manager calls this, before
    any kernel starts). Without a host's key in the environment one is made now: the
    kernels inherit it and read their page's query with it (``/voila/query/<id>``)."""
    if len(os.environ.get(KEY_ENV, "")) < 16:
        os.environ[KEY_ENV] = secrets.token_hex(16)
    _install_error_pages()
    _STATE.active = True


def _install_error_pages() -> None:
    """Jupyter's handlers (Voila's themes and lab extensions among them) render an error
    with jupyter_server's ``error.html``, which asks for a ``static_path`` standalone
    Voila does not set: a 404 there ended in a traceback ("Uncaught exception in
    write_error"). Where that template fails, the error gets :func:`refusal_page`."""
    from jupyter_server.base.handlers import JupyterHandler

    original = JupyterHandler.write_error
    if getattr(original, "_verlies", False):
        return

    def write_error(self: JupyterHandler, status_code: int, **kwargs: Any) -> None:
        try:
            original(self, status_code, **kwargs)
        except Exception:  # noqa: BLE001 - the template itself failed: say it plainly
            kind = {400: "bad", 404: "missing"}.get(status_code, "error")
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.write(refusal_page(kind, status_code))

    write_error._verlies = True  # type: ignore[attr-defined]
    JupyterHandler.write_error = write_error  # type: ignore[method-assign]


def deactivate() -> None:
    """Turn it off again (tests); forgets every kernel's owner."""
    _STATE.active = False
    _owners().clear()
    _STATE.asked.clear()


def active() -> bool:
    return _STATE.active


def _owners() -> dict[str, str]:
    return _STATE.owners


def own(kernel_id: str, browser: str) -> None:
    """``kernel_id`` was handed to a page served to ``browser``."""
    _owners()[kernel_id] = browser


def forget(kernel_id: str) -> None:
    """``kernel_id`` ended."""
    browser = _owners().pop(kernel_id, None)
    if browser is not None and browser not in _owners().values():
        _STATE.asked.pop(browser, None)


def note_request(browser: str | None, now: float) -> None:
    """``browser`` asked the server something at ``now`` (monotonic). Kept only for a
    browser owning a kernel (at most the kernel cap of them): a page still loading its
    scripts is coming, however slowly a busy machine serves them."""
    if browser is not None and browser in _owners().values():
        _STATE.asked[browser] = now


def last_request(kernel_id: str) -> float | None:
    """When the browser ``kernel_id``'s page was served to last asked anything (None:
    not since it got the kernel, or no owner known)."""
    browser = _owners().get(kernel_id)
    return None if browser is None else _STATE.asked.get(browser)


def owner(kernel_id: str) -> str | None:
    return _owners().get(kernel_id)


def browser_of(headers: httputil.HTTPHeaders) -> str | None:
    """The browser cookie a request carries (None: none, or not one of ours)."""
    for raw in headers.get_list("Cookie"):
        for part in raw.split(";"):
            name, _, value = part.strip().partition("=")
            if name == COOKIE and _BROWSER.fullmatch(value):
                return value
    return None


def new_browser() -> str:
    return secrets.token_hex(16)


def cookie_header(browser: str) -> str:
    """The ``Set-Cookie`` value that names ``browser`` for later requests."""
    return f"{COOKIE}={browser}; Path=/; Max-Age={COOKIE_SECONDS}; HttpOnly; SameSite=Lax"


def has_key(headers: httputil.HTTPHeaders, key: str | None = None) -> bool:
    """Does the request carry the host's key (``$VERLIES_SERVER_KEY``, at least 16
    characters; unset or shorter: nobody does)?"""
    expected = os.environ.get(KEY_ENV, "") if key is None else key
    given = headers.get(KEY_HEADER, "")
    if len(expected) < 16 or not given:
        return False
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def verdict(method: str, target: str, browser: str | None, *, key: bool) -> tuple[int, str] | None:
    """None when the request may go on to the application; else (HTTP status, page kind:
    ``bad`` or ``missing``)."""
    path = urlsplit(target).path or "/"
    if _BAD_ESCAPE.search(path):
        return 400, "bad"
    decoded = unquote(path, errors="strict") if "%" in path else path
    if any(ord(c) < 32 or ord(c) == 127 for c in decoded):
        return 400, "bad"
    if any(segment in (".", "..") for segment in decoded.split("/")[1:]):
        return 400, "bad"
    if decoded.rstrip("/") in _CLOSED:
        return 404, "missing"
    if decoded.startswith("/voila/templates/") and not _TEMPLATE_FILE.fullmatch(decoded):
        return 404, "missing"
    if _QUERY_ROUTE.fullmatch(decoded):
        return None if key else (404, "missing")
    kernel = _KERNEL_ROUTE.fullmatch(decoded) or _SHUTDOWN_ROUTE.fullmatch(decoded)
    if kernel is not None:
        if key:
            return None
        mine = browser is not None and owner(kernel.group(1).lower()) == browser
        return None if mine else (404, "missing")
    if decoded.startswith("/api/") or decoded == "/api":
        return None if key else (404, "missing")
    return None


_STYLE = """
body { font-family: system-ui, sans-serif; background: #2b2118; color: #f4ead5;
       margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; }
main { max-width: 34rem; padding: 2rem; }
section + section { border-top: 1px solid #6b5840; margin-top: 1.5rem; padding-top: 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
a { color: #f7c873; }
"""


def refusal_page(kind: str, code: int = 0) -> str:
    """The whole HTML document for a refused address (keys ``page.route.<kind>.*``:
    ``bad``, ``missing``, or ``error`` with the HTTP status ``code``)."""
    sections = []
    for lang in LANGUAGES:
        title = escape(text(f"page.route.{kind}.title", lang))
        body = escape(text(f"page.route.{kind}.text", lang, code=code))
        home = escape(text("page.route.home", lang))
        sections.append(
            f'<section lang="{lang}"><h1>{title}</h1><p>{body}</p>'
            f'<p><a href="/">{home}</a></p></section>'
        )
    return page_html(f"page.route.{kind}.title", sections, f"verlies-route-{kind}", style=_STYLE)


_REASONS = {400: "Bad Request", 404: "Not Found"}


class RouteGuard(Refusing):
    """Answers a refused request itself (module docstring); any other goes on."""

    def refusal(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> tuple[int, str, str] | None:
        if not active():
            return None
        method = str(getattr(start_line, "method", "GET"))
        target = str(getattr(start_line, "path", "") or "/")
        try:
            refused = verdict(method, target, browser_of(headers), key=has_key(headers))
        except (UnicodeDecodeError, ValueError):
            refused = (400, "bad")
        if refused is None:
            return None
        code, kind = refused
        return code, _REASONS[code], refusal_page(kind)
