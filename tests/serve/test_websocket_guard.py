"""One stray websocket cannot freeze the page's server (verlies/serve/websocket.py).

Before the guard, a kernel websocket without the v1 subprotocol made Voila read a legacy
binary message's first bytes as a count of ~8.6×10¹⁷ offsets: the server stopped
answering and its memory grew by about 40 MB/s (docs/serving.md).

The tests import the guard themselves: its import installs it in Voila's handler, which
loads Voila's server extension (0.4 s CPU), a cost every collecting worker paid.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

ServerProcess = Any  # tests/conftest.py's server handle

# -- the parser --------------------------------------------------------------------------


def legacy_binary_message() -> bytes:
    """A legacy-protocol binary message (a widget state with two buffers), as
    jupyter_server writes it for a client without the v1 subprotocol."""
    from jupyter_server.services.kernels.connection.base import serialize_binary_message

    msg = {"header": {"msg_type": "comm_msg"}, "content": {}, "buffers": [b"ab" * 8, b"cd"]}
    frame: bytes = serialize_binary_message(msg)
    return frame


def test_a_v1_message_is_read_back_part_by_part() -> None:
    from verlies.serve.websocket import v1_header, v1_parts

    parts = [b'{"msg_type": "x"}', b"{}", b"{}", b'{"a": 1}', b"buffer"]
    frame = serialize_msg_to_ws_v1(parts, "iopub")
    assert v1_parts(frame) == [b"iopub", *parts]
    assert v1_header(frame) == {"msg_type": "x"}


def test_a_legacy_message_is_not_read_as_v1() -> None:
    from verlies.serve.websocket import v1_header, v1_parts

    frame = legacy_binary_message()
    # what Voila's reader took for a count of offsets: far more than the frame holds
    assert int.from_bytes(frame[:8], "little") > 10**15
    assert v1_parts(frame) is None
    assert v1_header(frame) is None


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=512), st.integers(min_value=0, max_value=2**64 - 1))
def test_any_bytes_give_parts_within_the_frame_or_none(tail: bytes, count: int) -> None:
    from verlies.serve.websocket import MIN_OFFSETS, v1_parts

    frame = count.to_bytes(8, "little") + tail
    parts = v1_parts(frame)
    if parts is not None:
        assert len(parts) >= MIN_OFFSETS - 1
        assert sum(len(p) for p in parts) <= len(frame)


def test_voilas_header_reader_is_replaced_and_bounded_in_a_small_address_space() -> None:
    # In a process that may map at most 768 MB: Voila's own reader runs out of memory on
    # this frame (it builds a list of 10^17 offsets); the installed one returns at once.
    script = textwrap.dedent(
        """
        import resource, sys
        import verlies.serve.websocket
        from voila.tornado import kernel_websocket_handler as handler
        from jupyter_server.services.kernels.connection.base import serialize_binary_message
        limit = 768 * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        msg = {"header": {}, "content": {}, "buffers": [b"ab" * 8, b"cd"]}
        assert handler.read_header_from_binary_message(serialize_binary_message(msg)) is None
        print("bounded")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "bounded"


# -- a real server -----------------------------------------------------------------------

#: What the server may buffer for one connection in this test: small, so a client that
#: does not read reaches it after a few widget-state replies.
PENDING = 1024 * 1024


def run(coro: Any) -> Any:
    """Run a coroutine on an event loop of its own thread (the test's thread may hold one)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def wait_for_log(server: ServerProcess, text: str, since: int, what: str) -> None:
    """Wait until ``text`` is in the server's log after ``since``, while the server shows
    progress (its log or CPU time moves); fail after 60 s without any."""
    seen = server._progress()
    deadline = time.monotonic() + 60
    while text not in server.log_text()[since:]:
        assert time.monotonic() < deadline, f"no progress waiting for {what}\n{server.log_tail()}"
        time.sleep(0.2)
        now = server._progress()
        if now != seen:
            seen, deadline = now, time.monotonic() + 60


@pytest.fixture(scope="module")
def guarded_server(start_voila: Callable[..., ServerProcess]) -> ServerProcess:
    return start_voila(
        "play.ipynb",
        f"--GuardedConnection.max_pending_bytes={PENDING}",
        name="websocket-guard",
    )


def server_answers(server: ServerProcess) -> bool:
    return server.get("/voila/static/voila.js", timeout=60).status == 200


def test_a_legacy_websocket_is_refused_and_the_server_answers(
    guarded_server: ServerProcess,
) -> None:
    from tornado.httpclient import HTTPClientError

    server = guarded_server
    with server.rendering("/") as page:
        assert page.kernel_id
        mark = server.log_mark()

        async def legacy() -> int:
            try:
                ws = await server.kernel_websocket(page.kernel_id or "", v1=False)
            except HTTPClientError as refused:
                return refused.code
            ws.close()
            return 101

        assert run(legacy()) == 400
        assert (
            "without the v1.kernel.websocket.jupyter.org subprotocol" in (server.log_text()[mark:])
        )
        # the page's own protocol still works on the same kernel
        assert server.websocket_send(page.kernel_id, 16) == "reply"
    assert server_answers(server)


def test_malformed_frames_close_their_connection_only(guarded_server: ServerProcess) -> None:
    from verlies.serve.websocket import v1_header

    server = guarded_server
    rng = random.Random(35)
    frames: list[bytes | str] = [
        legacy_binary_message(),
        (2**63).to_bytes(8, "little") + b"\x00" * 64,
        (7).to_bytes(8, "little") + bytes(rng.randrange(256) for _ in range(40)),
        b"",
        "a text frame",
        json.dumps({"channel": "shell", "header": {"msg_type": "kernel_info_request"}}),
    ]
    frames += [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))) for _ in range(24)]
    with server.rendering("/") as page:
        kid = page.kernel_id or ""

        async def send_all() -> list[bool]:
            closed = []
            for frame in frames:
                ws = await server.kernel_websocket(kid)
                await ws.write_message(frame, binary=isinstance(frame, bytes))
                # the server closes this connection; nothing else it sends first is a reply
                while (reply := await asyncio.wait_for(ws.read_message(), 120)) is not None:
                    header = v1_header(reply) if isinstance(reply, bytes) else None
                    assert header is None or header["msg_type"] != "kernel_info_reply"
                closed.append(ws.close_code == 1008)
            return closed

        mark = server.log_mark()
        assert all(run(send_all()))
        assert server.log_text()[mark:].count("a malformed v1 frame") == len(frames)
        assert server.websocket_send(kid, 16) == "reply"
    assert server_answers(server)


def test_frames_after_the_server_closed_are_dropped_not_misread(
    guarded_server: ServerProcess,
) -> None:
    """A client's frames that were on the way when the server closed its socket (here a
    malformed frame; in life a killed or restarted kernel) are dropped. jupyter_server, left
    alone, reads them as the legacy protocol once tornado has forgotten the subprotocol: a
    v1 frame's offset count became a struct format of 8×10⁷ codes, 3.4 GB each."""
    from verlies.serve.websocket import client_frame

    server = guarded_server
    assert server.proc is not None
    with server.rendering("/") as page:
        kid = page.kernel_id or ""
        before = rss_mb(server.proc.pid)
        mark = server.log_mark()
        burst = [(7).to_bytes(8, "little") + b"\x00" * 8]  # malformed: the server closes
        burst += [client_frame("kernel_info_request", {}) for _ in range(20)]

        async def send_burst() -> None:
            from tornado.websocket import WebSocketClosedError

            ws = await server.kernel_websocket(kid)
            try:
                for frame in burst:  # written before the server's close can arrive
                    await ws.write_message(frame, binary=True)
            except WebSocketClosedError:  # the server dropped the socket: read the log
                pass
            while await asyncio.wait_for(ws.read_message(), 120) is not None:
                pass

        run(send_burst())
        assert server_answers(server)
        log = server.log_text()[mark:]
        assert log.count("a malformed v1 frame") == 1, server.log_tail()
        assert "struct.error" not in log and "MemoryError" not in log, server.log_tail()
        grown = rss_mb(server.proc.pid) - before
        assert grown < 150, (before, grown)
        assert server.websocket_send(kid, 16) == "reply"


def test_a_client_that_stops_reading_is_dropped_and_memory_stays_bounded(
    guarded_server: ServerProcess,
) -> None:
    from verlies.serve.websocket import client_frame

    server = guarded_server
    assert server.proc is not None
    with server.rendering("/") as page:
        kid = page.kernel_id or ""
        comm = "guard-test-control"
        before = rss_mb(server.proc.pid)
        mark = server.log_mark()

        stop = threading.Event()

        async def flood() -> None:
            # tornado's client reads one message ahead and then stops reading the socket
            ws = await server.kernel_websocket(kid)
            opening = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
            # ipywidgets answers a control comm of its protocol's major version only
            frame = client_frame("comm_open", opening, metadata={"version": "1.0.0"})
            await ws.write_message(frame, binary=True)
            ask = {"comm_id": comm, "data": {"method": "request_states"}}
            try:
                # each answer is every widget's state (~300 kB on the play page)
                for _ in range(200):
                    await ws.write_message(client_frame("comm_msg", ask), binary=True)
            except Exception:  # noqa: BLE001 - the server may already have dropped us
                pass
            for _ in range(3000):  # held open, unread, until the test has looked
                if stop.is_set():
                    break
                await asyncio.sleep(0.2)
            ws.close()

        pool = ThreadPoolExecutor(max_workers=1)
        flooding = pool.submit(asyncio.run, flood())
        try:
            wait_for_log(server, "read nothing of", mark, "the server to drop the flood")
        finally:
            stop.set()
            flooding.result()
            pool.shutdown()
        assert server_answers(server)
        # what the server held for the client was at most PENDING (1 MiB) and is freed
        # with the connection; the rest is the ordinary cost of a page and its replies
        assert rss_mb(server.proc.pid) - before < 150, (before, rss_mb(server.proc.pid))
        assert server.websocket_send(kid, 16) == "reply"
    assert os.path.exists(f"/proc/{server.proc.pid}")
