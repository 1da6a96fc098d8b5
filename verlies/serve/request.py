"""The page's request (its query string) in a preheated kernel, without importing Voila.

Voila runs a preheated kernel's notebook before anybody asks for the page; the request's
values (``QUERY_STRING`` …) reach the kernel later, over a websocket of Voila's
(``/voila/query/<kernel id>``). ``voila.utils.wait_for_request`` reads them, but importing
``voila.utils`` imports Voila's server side (jupyter_server, jupyterlab_server): measured
+46 MB in every kernel and seconds of CPU while the page loads. This does the same with
tornado's websocket client (ipykernel already runs on tornado).
"""

from __future__ import annotations

import asyncio
import json
import os


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


async def _receive(url: str, connect_timeout: float) -> str | None:
    from tornado.websocket import websocket_connect

    conn = await websocket_connect(url, connect_timeout=connect_timeout)
    try:
        message = await conn.read_message()  # waits for a visitor: no deadline
    finally:
        conn.close()
    return message if isinstance(message, str) else None


def wait_for_request(url: str | None = None, connect_timeout: float = 5.0) -> bool:
    """Block until the page is requested, then put the request's values (``QUERY_STRING``
    …) into ``os.environ``, as ``voila.utils.wait_for_request`` does. Returns whether
    values arrived (False at once outside a preheated kernel). Call it from a thread: it
    runs an event loop of its own. OSError when the server cannot be reached."""
    url = url or query_url()
    if url is None:
        return False
    loop = asyncio.new_event_loop()
    try:
        raw = loop.run_until_complete(_receive(url, connect_timeout))
    finally:
        loop.close()
    if raw is None:
        return False
    values = json.loads(raw)
    if not isinstance(values, dict):
        return False
    for key, value in values.items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value
    return True


__all__ = ["query_url", "wait_for_request"]
