"""The kernel's outgoing queue keeps a burst of messages (verlies/serve/iopub.py).

A real ipykernel publishes two bursts of 5,000 messages of 4 KB while this client reads
nothing (as a busy server reads late). Before :func:`make_room`, ZeroMQ drops what does
not fit its queue of 1,000 messages (the first burst shows the loss on this machine);
after it, every message of the second burst arrives, in order. This is what left the deck
editor without its composition when the server was slow: the end of the tab's first build
was dropped.
"""

from __future__ import annotations

import itertools
import queue
from collections.abc import Iterator
from typing import Any

import pytest
from jupyter_client.manager import start_new_kernel

from verlies.serve.iopub import ROOM, iopub_thread, make_room

BURST = 5_000
SIZE = 4_000
#: A guard against a kernel that hangs: nothing here waits for a time to pass.
HANG = 600
#: Seconds without a message after which another marker is published (not a deadline).
QUIET = 3

_SETUP = f"""
_k = get_ipython().kernel
def _say(text):
    _k.session.send(_k.iopub_socket, "stream", {{"name": "stdout", "text": text}})
def _burst(tag):
    for i in range({BURST}):
        _say(f"{{tag}} {{i}} " + "x" * {SIZE})
"""


@pytest.fixture(scope="module")
def kernel() -> Iterator[Any]:
    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=HANG)
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def run(kc: Any, code: str) -> dict[str, Any]:
    """Run ``code``, read nothing until it is done, then everything it published."""
    msg_id = kc.execute(code)
    reply: dict[str, Any] = kc.get_shell_msg(timeout=HANG)
    while reply["parent_header"].get("msg_id") != msg_id:
        reply = kc.get_shell_msg(timeout=HANG)
    assert reply["content"]["status"] == "ok", reply["content"]
    return reply


def received(kc: Any, tag: str) -> list[int]:
    """The numbers of the burst ``tag`` that reached this client. The kernel's idle status
    may be dropped too, so a marker is published after the burst, and again whenever no
    message came for a while: the first marker read closes what was received (the queue
    keeps the kernel's order)."""
    seen: list[int] = []
    for attempt in itertools.count():
        marker = f"SYNC{attempt}"
        run(kc, f"_say('{marker} ')")
        while True:
            try:
                msg = kc.get_iopub_msg(timeout=QUIET)
            except queue.Empty:
                break  # nothing came for a while (the marker was dropped): another one
            text = msg["content"].get("text", "") if msg["msg_type"] == "stream" else ""
            if text.startswith(f"{tag} "):
                seen.append(int(text.split(" ", 2)[1]))
            elif text.startswith(f"{marker} "):
                return seen
    raise AssertionError("unreachable")


def test_a_burst_past_zeromqs_queue_arrives_whole_once_the_page_made_room(kernel: Any) -> None:
    run(kernel, _SETUP)
    received(kernel, "-")  # reads what the start published

    run(kernel, "_burst('A')")
    before = received(kernel, "A")
    # the burst is larger than what the default queue and the sockets' buffers hold here
    assert len(before) < BURST, "no loss without make_room: make BURST or SIZE larger"

    run(kernel, "from verlies.serve.iopub import make_room\nassert make_room()\n_burst('B')")
    after = received(kernel, "B")
    assert after == list(range(BURST)), f"{BURST - len(after)} of {BURST} messages lost"


def test_outside_a_kernel_there_is_no_queue_to_widen() -> None:
    assert iopub_thread() is None
    assert make_room() is False
    assert ROOM > 1_000
