"""The page's request (its query string) in a preheated kernel, without importing Voila.

Voila runs a preheated kernel's notebook before anybody asks for the page; the request's
values (``QUERY_STRING`` …) reach the kernel later, over a websocket of Voila's
(``/voila/query/<kernel id>``). ``voila.utils.wait_for_request`` reads them, but importing
``voila.utils`` imports Voila's server side (jupyter_server, jupyterlab_server): measured
+46 MB in every kernel and seconds of CPU while the page loads. This does the same with
tornado's websocket client (ipykernel already runs on tornado).

:func:`follow_query` is what the page calls: it waits in a thread and hands the query to
the kernel's event loop, because the page's widgets may only change there (below).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any


def query_url() -> str | None:
    """Voila's websocket that sends this kernel its request, or None outside a preheated
    Voila kernel (the request's values are in the environment from the start then)."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return None
    kernel = os.environ.get("VOILA_KERNEL_ID")
    if not kernel:
        return None
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{kernel}"


#: Attempts to reach Voila's query websocket, and the first connect timeout (doubled on
#: each retry): on a busy machine Voila may answer a handshake late while it starts kernels.
ATTEMPTS = 6
CONNECT_TIMEOUT = 5.0
#: Seconds before reconnecting to a socket that closed before a visitor came.
RECONNECT_PAUSE = 1.0


async def _receive(url: str, connect_timeout: float) -> str | None:
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    from verlies.serve.routes import KEY_ENV, KEY_HEADER

    # The socket answers the host's key only (verlies/serve/routes.py): this kernel has it
    # from the server's environment; a visitor who knows the kernel's id does not.
    key = os.environ.get(KEY_ENV, "")
    headers = {KEY_HEADER: key} if key else {}
    request = HTTPRequest(url, headers=headers, connect_timeout=connect_timeout)
    conn = await websocket_connect(request)
    try:
        message = await conn.read_message()  # waits for a visitor: no deadline
    finally:
        conn.close()
    if message is None:
        return None  # closed before a visitor came
    return message if isinstance(message, str) else ""


def say_in_server_log(text: str, exc: BaseException | None = None) -> None:
    """A line in the server's log, with ``exc``'s traceback: a kernel's own stderr is
    Voila's console (the cell's ``sys.stderr`` goes to the page, and after the notebook
    has run, nowhere)."""
    stream = sys.__stderr__
    if stream is None:
        return
    print(f"verlies: {text}", file=stream, flush=True)
    if exc is not None:
        traceback.print_exception(exc, file=stream)
        stream.flush()


def widget_errors_to_server_log() -> None:
    """Send the errors of widget callbacks (the ``Comm`` logger of ipykernel's comm
    manager) to the server's log once; by default they went to the kernel's output
    stream, which no page shows after the notebook has run."""
    log = logging.getLogger("Comm")
    if any(h.get_name() == "verlies" for h in log.handlers):
        return
    handler = logging.StreamHandler(sys.__stderr__)
    handler.set_name("verlies")
    handler.setFormatter(logging.Formatter("verlies: a widget callback failed: %(message)s"))
    # only exceptions: "No such comm" (a message for a widget already closed) is routine
    handler.addFilter(lambda record: record.exc_info is not None)
    log.addHandler(handler)
    log.propagate = False  # once, in the server's log


def wait_for_request(
    url: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    attempts: int = ATTEMPTS,
) -> bool:
    """Block until the page is requested, then put the request's values (``QUERY_STRING``
    …) into ``os.environ``, as ``voila.utils.wait_for_request`` does. Returns whether
    values arrived (False at once outside a preheated kernel). Call it from a thread: it
    runs an event loop of its own.

    A link must not turn into a plain page because the server was slow once: a failed
    handshake, or a socket closed before the values came, is tried again (Voila keeps a
    request that finds no socket and sends it to the next one), with twice the connect
    timeout each time; each failure is said in the server's log. OSError (or tornado's
    error) after ``attempts`` failures."""
    url = url or query_url()
    if url is None:
        return False
    failures = 0
    while True:
        loop = asyncio.new_event_loop()
        try:
            raw = loop.run_until_complete(_receive(url, connect_timeout * 2**failures))
        except Exception as e:  # noqa: BLE001 - OSError, a timeout, a refused handshake
            failures += 1
            if failures >= attempts:
                say_in_server_log(f"the page's request did not arrive ({url}): {e!r}; giving up")
                raise
            say_in_server_log(f"the page's request did not arrive ({url}): {e!r}; trying again")
            continue
        finally:
            loop.close()
        if raw is not None:
            break
        # the socket was open and closed before a visitor came: not a failure to reach
        # the server, so it does not count; a pause keeps a closing server from a busy loop
        failures = 0
        say_in_server_log(f"the page's request socket closed early ({url}); reconnecting")
        time.sleep(RECONNECT_PAUSE)
    try:
        values = json.loads(raw)
    except ValueError:
        say_in_server_log(f"the page's request was not JSON ({url})")
        return False
    if not isinstance(values, dict):
        return False
    for key, value in values.items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value
    return True


def kernel_loop() -> Any:
    """The event loop of the calling thread (the kernel's, when a cell calls it), or None.
    ``add_callback`` on it is safe from any thread."""
    try:
        from tornado.ioloop import IOLoop

        return IOLoop.current()
    except Exception:  # noqa: BLE001 - no loop here
        return None


def follow_query(open_query: Callable[[str], object]) -> None:
    """Open the position in the page's query string once the page is requested.

    Voila passes the query string to the kernel as ``QUERY_STRING``; with preheated kernels
    (binder/voila.json) the notebook runs before anybody asks for the page, and
    :func:`wait_for_request` blocks until the request's values arrive. So the wait runs in a
    thread and the page is built without waiting; without Voila (JupyterLab) there is
    nothing to wait for.

    ``open_query`` runs on the kernel's event loop, not in the waiting thread: the visitor's
    browser asks for every widget's state at about the time the query arrives, and widgets
    changed from another thread while the kernel answers are sent before the answer and
    lost, so the page would show the game before the link, for good."""
    if "VOILA_KERNEL_ID" not in os.environ and "QUERY_STRING" not in os.environ:
        return
    loop = kernel_loop()

    def wait() -> None:
        try:
            wait_for_request()
        except Exception:  # noqa: BLE001 - said in the server's log: the page as it is
            return
        query = os.environ.get("QUERY_STRING")
        if not query:
            return
        if loop is None:
            open_query(query)
        else:
            loop.add_callback(open_query, query)

    threading.Thread(target=wait, name="verlies-query", daemon=True).start()


__all__ = [
    "follow_query",
    "kernel_loop",
    "query_url",
    "say_in_server_log",
    "wait_for_request",
    "widget_errors_to_server_log",
]
