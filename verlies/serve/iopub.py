"""Room in the kernel's outgoing queue for a burst of widget messages.

A kernel publishes every widget message on one ZeroMQ XPUB socket. Its queue for each
subscriber (the server's connection for the page) holds ``ZMQ_SNDHWM`` messages, 1,000 by
default; past that, ZeroMQ **drops** messages without a word. A tab built on its first
show sends about 800 messages at once (the deck editor: ~420 new widgets, then their
values). When the server read late, the last ~100 of them were dropped: the deck editor
showed without its composition, its differences and its "new games use" line, for good.
Measured: the kernel's message counter went 1691 → 1802 both in the server's reads and in
the browser's frames, and a probe on the kernel's socket found it full at message 1692.

:func:`make_room` raises the limit to :data:`ROOM` messages. libzmq applies a new limit to
the subscribers already connected; a connection made later takes the value the socket had
when it was bound (ipykernel binds before any of our code runs). So the page calls it once
the browser has spoken (its connection exists then) and again before it builds a tab (a
reconnected browser has a new connection). Memory stays bounded: a subscriber that stops
reading holds at most ``ROOM`` messages, as it held 1,000 before.
"""

from __future__ import annotations

import sys
from typing import Any

#: Messages the kernel may queue for one subscriber: ten times ZeroMQ's default, and over
#: ten times the largest burst the page sends (a tab's first build, ~800 messages).
ROOM = 10_000


def iopub_thread() -> Any:
    """The running ipykernel's IOPub thread, or None outside a kernel. Nothing is
    imported: outside a kernel there is no queue to widen."""
    ipython = sys.modules.get("IPython")
    if ipython is None or "ipykernel" not in sys.modules:
        return None
    shell = ipython.get_ipython()
    kernel = getattr(shell, "kernel", None)
    thread = getattr(kernel, "iopub_thread", None)
    if getattr(thread, "socket", None) is None or not hasattr(thread, "schedule"):
        return None
    return thread


def make_room(messages: int = ROOM) -> bool:
    """Let the kernel queue up to ``messages`` messages for each connected subscriber
    instead of dropping what is past 1,000. True when asked of a kernel's IOPub thread."""
    thread = iopub_thread()
    if thread is None:
        return False
    import zmq

    socket = thread.socket

    def widen() -> None:
        # set even when it is already: setting is what widens the connections made since
        if not socket.closed:
            socket.setsockopt(zmq.SNDHWM, messages)

    # a ZeroMQ socket belongs to one thread: the IOPub thread sets its option
    thread.schedule(widen)
    return True


__all__ = ["ROOM", "iopub_thread", "make_room"]
