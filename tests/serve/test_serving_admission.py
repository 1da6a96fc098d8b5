"""Admission without a server (verlies/serve/admission.py): the per-client limit and when
to come back, the room kept for tables' links, the refusal pages in both languages. With a
real server and browsers: tests/browser/test_table_cap.py."""

from __future__ import annotations

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from typing import Any

from tornado import web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from verlies.i18n import text
from verlies.serve import admission
from verlies.serve.admission import (
    VISIT,
    Admission,
    TooMany,
    Visit,
    busy_page,
    default_reserve,
    room_for,
)
from verlies.serve.full_page import RETRY_SECONDS, full_page
from verlies.serve.kernels import CappedKernelManager, TableFull


def test_a_client_holding_too_many_unconnected_kernels_is_told_when_to_come_back() -> None:
    gate = Admission(client_pending=3)
    for i, t in enumerate((100.0, 110.0, 115.0)):
        assert gate.refuse("10.0.0.7", now=t, expires=70) is None
        gate.handed(f"k{i}", "10.0.0.7", t)
    # the fourth: until the oldest ends (handed at 100, ends by 170)
    assert gate.refuse("10.0.0.7", now=120.0, expires=70) == 50
    assert gate.refuse("10.0.0.7", now=169.5, expires=70) == 1
    assert gate.refuse("10.0.0.8", now=120.0, expires=70) is None  # another client
    gate.connected("k1")  # a page of it came: room again
    assert gate.refuse("10.0.0.7", now=120.0, expires=70) is None
    gate.handed("k3", "10.0.0.7", 121.0)
    gate.ended("k0")
    assert gate.refuse("10.0.0.7", now=122.0, expires=70) is None
    gate.handed("k4", "10.0.0.7", 122.0)
    assert gate.refuse("10.0.0.7", now=123.0, expires=70) == 62  # oldest now k2 (115)


def test_exempt_clients_and_a_limit_of_zero_are_never_refused() -> None:
    gate = Admission(client_pending=1)
    for i in range(5):
        gate.handed(f"k{i}", "127.0.0.1", 0.0)
    assert gate.refuse("127.0.0.1", now=1.0, expires=60) is None
    off = Admission(client_pending=0, exempt=())
    off.handed("k", "10.0.0.1", 0.0)
    assert off.refuse("10.0.0.1", now=1.0, expires=60) is None


def test_room_for_the_invited() -> None:
    assert room_for(24, 4, invited=False) == 20 and room_for(24, 4, invited=True) == 24
    assert room_for(3, 5, invited=False) == 0
    assert [default_reserve(c) for c in (1, 2, 3, 4, 6, 12, 24, 40)] == [0, 0, 0, 1, 1, 2, 4, 6]


def test_a_table_link_is_read_from_the_query_and_nothing_else() -> None:
    assert Visit("a", "table=T1&seat=abc").table_link() == ("T1", "abc")
    assert Visit("a", "seat=abc&table=T1&x=1").table_link() == ("T1", "abc")
    assert Visit("a", "table=T1").table_link() is None
    assert Visit("a", "g=xyz").table_link() is None
    assert Visit("a", "table=" + "x" * 65 + "&seat=s").table_link() is None  # no table id


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"

    def handle_data(self, data: str) -> None:
        self.words.append(data)


def _shown(html: str) -> str:
    page = _Text()
    page.feed(html)
    assert page.scripts == 0
    return " ".join(page.words)


def test_the_refusals_say_what_and_when_in_both_languages() -> None:
    refused = TooMany("10.0.0.7", 3, 42)
    assert refused.status_code == 429 and refused.retry_after == 42
    shown = _shown(refused.page)
    for lang in ("de", "en"):
        assert text("page.busy.title", lang) in shown
        assert text("page.busy.text", lang, count=3) in shown
        assert text("page.busy.auto", lang, seconds=42) in shown
    assert '<meta http-equiv="refresh" content="42">' in busy_page(3, 42)

    full = TableFull(20, 24, retry_after=17)
    assert full.status_code == 503 and full.retry_after == 17
    shown = _shown(full.page)
    for lang in ("de", "en"):
        assert text("page.full.when", lang, seconds=17) in shown
        assert text("page.full.auto", lang, seconds=17) in shown
    # never later than the page's own minute; never a "when" it cannot know
    assert TableFull(1, 1, retry_after=900).retry_after == RETRY_SECONDS
    assert text("page.full.when", "en", seconds=60) not in _shown(full_page())


class _Who(web.RequestHandler):
    async def get(self) -> None:
        await asyncio.sleep(0)  # a task of the handler's own, as Voila's page is
        visit = VISIT.get()
        assert visit is not None
        if self.get_argument("refuse", ""):
            visit.retry_after = 7
            raise web.HTTPError(429)
        self.write(f"{visit.client}|{visit.query}")


async def _two_requests() -> list[bytes]:
    socks = bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
    port = socks[0].getsockname()[1]
    server = HTTPServer(web.Application([("/.*", _Who)]))
    server.add_sockets(socks)
    answers = []
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for target, last in (("/?table=T&seat=s", False), ("/?refuse=1", True)):
            close = "Connection: close\r\n" if last else ""  # one kept-alive connection
            writer.write(f"GET {target} HTTP/1.1\r\nHost: x\r\n{close}\r\n".encode())
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            length = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
            answers.append(head + await reader.readexactly(length))
        writer.close()
        return answers
    finally:
        server.stop()


def test_the_server_notes_who_asks_and_a_refusal_says_when() -> None:
    saved = HTTPServer._save_configuration()  # type: ignore[attr-defined]
    admission.install()
    try:
        with ThreadPoolExecutor(1) as pool:
            ok, refused = pool.submit(asyncio.run, _two_requests()).result()
    finally:
        HTTPServer._restore_configuration(saved)  # type: ignore[attr-defined]
    assert ok.startswith(b"HTTP/1.1 200") and ok.endswith(b"127.0.0.1|table=T&seat=s")
    assert b"Retry-After" not in ok
    assert refused.startswith(b"HTTP/1.1 429") and b"\r\nRetry-After: 7\r\n" in refused


class _Pooled(CappedKernelManager):
    """Voila's pool manager as far as its handler uses it: the pool's size, then its first
    task awaited (voila/voila_kernel_manager.py)."""

    def get_pool_size(self, notebook_name: str) -> int:
        return len(self._pools.get(notebook_name, ()))

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> Any:
        content = await self._pools[notebook_name].pop(0)
        return None, [], content["kernel_id"]


class _Kernel:
    execution_state = "idle"
    kernel_name = "python3"


def test_a_pool_refill_the_cap_will_refuse_is_not_offered_to_a_page() -> None:
    """A burst fills the room of plain pages (cap 5, 2 kept for tables: 3); the pool's
    refill, not started yet, would be refused, and a table's seat sent to the pool would
    await it and fail with HTTP 500 (seen in CI). It does not count in the pool's size (the
    seat starts a kernel of its own, admitted as invited); a ready kernel counts and is
    handed out first, a failed one never; room again, and the refill counts again."""
    nb = "play.ipynb"

    async def scenario() -> None:
        km = _Pooled(max_kernels=5, table_reserve=2)
        loop = asyncio.get_running_loop()
        for kid in ("burst-1", "burst-2", "burst-3"):
            km._kernels[kid] = _Kernel()
        refill = loop.create_future()  # waiting for its delay: not at the cap yet
        km._pools = {nb: [refill]}
        assert km.get_pool_size(nb) == 0
        km._note_pool_admitted(refill)  # it passed the cap while there was room
        assert km.get_pool_size(nb) == 1
        failed: asyncio.Future[Any] = loop.create_future()
        failed.set_exception(TableFull(3, 5))
        failed.exception()
        later = loop.create_future()
        ready = loop.create_future()
        ready.set_result({"kernel_id": "ready"})
        km._pools = {nb: [failed, later, ready]}
        assert km.get_pool_size(nb) == 1
        assert (await km.get_rendered_notebook(nb))[2] == "ready"
        del km._kernels["burst-1"]  # a burst's kernel ended: a plain kernel fits again
        assert km.get_pool_size(nb) == 1 and km._pools[nb][0] is later

    # on a thread of its own: Playwright's sync API may run a loop on this one
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, scenario()).result()
