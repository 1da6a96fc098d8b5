"""A preheated kernel's wait for its visitor (verlies/serve/request.py), against a tornado
server that speaks as Voila's query websocket does (``/voila/query/<kernel id>``: the
request's values as one JSON message, sent when the page is requested).

- the values arrive in ``os.environ``, and no part of Voila is imported;
- a slow or refusing server, or a socket closed before the visitor came, is tried again,
  so a seat link does not turn into a plain page because the server was busy once;
- the link is opened on the kernel's event loop, never in the waiting thread (widgets
  changed from another thread while the browser fetches their state are lost).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application
from tornado.websocket import WebSocketHandler

from verlies.serve import request

SENT = {"QUERY_STRING": "table=t1&seat=s1", "SCRIPT_NAME": "/"}


@dataclass
class FakeVoila:
    """The query websocket: ``refuse`` handshakes answered 503 first, then ``close`` sockets
    closed at once, then the values sent."""

    port: int
    refuse: int = 0
    close: int = 0
    opened: list[str] = field(default_factory=list)
    refused: int = 0


@pytest.fixture
def voila(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeVoila]:
    sockets = bind_sockets(0, "127.0.0.1")
    fake = FakeVoila(port=sockets[0].getsockname()[1])

    class Query(WebSocketHandler):
        async def get(self, *args: Any, **kwargs: Any) -> None:
            if fake.refused < fake.refuse:
                fake.refused += 1
                self.set_status(503)
                self.finish()
                return
            await super().get(*args, **kwargs)

        def open(self, kernel: str) -> None:  # type: ignore[override]
            fake.opened.append(kernel)
            if fake.close:
                fake.close -= 1
                self.close()
            else:
                self.write_message(json.dumps(SENT))

    ready = threading.Event()
    loop = asyncio.new_event_loop()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        server = HTTPServer(Application([(r"/voila/query/(\w+)", Query)]))
        server.add_sockets(sockets)
        loop.call_soon(ready.set)
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    ready.wait()
    for key in SENT:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    monkeypatch.setenv("VOILA_APP_PORT", str(fake.port))
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(request, "RECONNECT_PAUSE", 0.0)
    try:
        yield fake
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


def _in_thread(fn: Callable[[], Any]) -> Any:
    """``fn()`` from a thread, as the page calls it (the test's own thread may run a loop of
    its own: Playwright's after the browser tests)."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(fn()))
    worker.start()
    worker.join()
    assert out, "the wait raised"
    return out[0]


def test_the_request_arrives_without_importing_voila(
    voila: FakeVoila, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # not preheated: the values are there
    assert request.query_url() is None and request.wait_for_request() is False
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    assert request.query_url() == f"ws://127.0.0.1:{voila.port}/voila/query/k1"
    assert _in_thread(request.wait_for_request) is True
    assert voila.opened == ["k1"] and os.environ["QUERY_STRING"] == SENT["QUERY_STRING"]
    probe = "import sys, verlies.serve.request as r; print(sorted(m for m in sys.modules" + (
        " if m.split('.')[0] in ('voila', 'jupyter_server', 'jupyterlab_server')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stderr


def test_refused_handshakes_and_early_closes_are_tried_again(
    voila: FakeVoila, capfd: pytest.CaptureFixture[str]
) -> None:
    voila.refuse, voila.close = 2, 2
    assert _in_thread(lambda: request.wait_for_request(connect_timeout=30.0)) is True
    assert voila.refused == 2 and voila.opened == ["k1"] * 3
    assert os.environ["QUERY_STRING"] == SENT["QUERY_STRING"]
    said = capfd.readouterr().err
    assert said.count("verlies: the page's request did not arrive") == 2
    assert said.count("trying again") == 2 and said.count("reconnecting") == 2


def test_a_server_that_keeps_refusing_is_given_up_and_said(
    voila: FakeVoila, capfd: pytest.CaptureFixture[str]
) -> None:
    voila.refuse = 100
    with pytest.raises(Exception):  # noqa: B017, PT011 - tornado's HTTP error, as raised
        _in_thread_raising(lambda: request.wait_for_request(connect_timeout=30.0, attempts=3))
    assert voila.refused == 3 and voila.opened == []
    assert "giving up" in capfd.readouterr().err


def _in_thread_raising(fn: Callable[[], Any]) -> None:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            fn()
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            errors.append(e)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if errors:
        raise errors[0]


def test_the_link_is_opened_on_the_kernels_loop_not_in_the_waiting_thread(
    voila: FakeVoila,
) -> None:
    """The kernel's thread runs an event loop (as ipykernel's does) and calls follow_query
    while it builds the page; the query is opened there, after the wait in another thread."""
    opened: list[tuple[str, str]] = []
    done = threading.Event()

    def open_query(query: str) -> bool:
        opened.append((query, threading.current_thread().name))
        done.set()
        return True

    def kernel() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.call_soon(request.follow_query, open_query)
        # runs the loop until the link is opened (or long after it should have been)
        loop.run_until_complete(loop.run_in_executor(None, done.wait, 300.0))
        loop.close()

    worker = threading.Thread(target=kernel, name="kernel")
    worker.start()
    worker.join()
    assert opened == [(SENT["QUERY_STRING"], "kernel")]


def test_outside_voila_nothing_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    before = threading.active_count()
    request.follow_query(lambda q: pytest.fail(f"opened {q}"))
    assert threading.active_count() == before


def test_widget_callback_errors_reach_the_server_log_once(
    capfd: pytest.CaptureFixture[str],
) -> None:
    import logging

    log = logging.getLogger("Comm")
    handlers, propagate = list(log.handlers), log.propagate
    try:
        request.widget_errors_to_server_log()
        request.widget_errors_to_server_log()  # a second page in the same kernel
        log.error("No such comm: %s", "c0")  # routine: a message for a closed widget
        try:
            raise ValueError("bad click")
        except ValueError:
            log.error("Exception in comm_msg for %s", "c1", exc_info=True)
        err = capfd.readouterr().err
        assert err.count("verlies: a widget callback failed: Exception in comm_msg for c1") == 1
        assert "ValueError: bad click" in err and "No such comm" not in err
    finally:
        log.handlers[:] = handlers
        log.propagate = propagate
