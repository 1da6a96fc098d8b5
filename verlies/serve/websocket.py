"""The kernel websocket, guarded: one stray client cannot freeze the server.

What froze it (docs/serving.md, "One stray websocket froze the server"): Voila's kernel
websocket handler reads the header of every *outgoing* binary message as the v1 protocol
(``voila.tornado.kernel_websocket_handler.read_header_from_binary_message``), whichever
protocol the connection speaks. A connection without the v1 subprotocol gets legacy
binary messages (a widget state with buffers); their first 8 bytes, read as v1's count of
offsets, say about 8.6×10¹⁷, and the handler builds a list of that many offsets: the
server's one thread never returns and its memory grows until the machine gives out.
jupyter_server's ``deserialize_msg_from_ws_v1`` trusts the count of an *incoming* v1
frame in the same way.

:class:`GuardedConnection` (``kernel_websocket_connection_class`` in binder/voila.json):

- refuses a kernel websocket that does not offer the v1 subprotocol (HTTP 400; the page's
  own client always offers it), so no legacy message is ever written;
- closes a v1 connection whose frame is malformed (:func:`v1_parts` checks every offset
  against the frame's length before anything else reads it);
- bounds what the server buffers for one connection (``max_pending_bytes``): a client
  that stops reading is disconnected instead of growing the server's memory.

Importing this module also puts :func:`v1_header` in place of Voila's header reader, so a
message the guard did not see still cannot make it loop.
"""

from __future__ import annotations

import importlib
import json
import uuid
from collections.abc import Callable
from typing import Any

from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)
from tornado import web
from tornado.iostream import StreamBufferFullError, StreamClosedError
from traitlets import Int

#: The kernel websocket subprotocol this server speaks (jupyter_server's "v1").
V1 = "v1.kernel.websocket.jupyter.org"

#: A v1 message has offsets for its channel, header, parent header, metadata and content
#: (buffers may follow) and one for its end: at least six.
MIN_OFFSETS = 6

#: WebSocket close code 1008: "policy violation" (RFC 6455 §7.4.1).
POLICY_VIOLATION = 1008


def v1_parts(frame: object) -> list[bytes] | None:
    """The parts of a v1 kernel message (channel first), or None when ``frame`` is not one.

    Every count and offset is checked against the frame's length before it is used, so
    the work is bounded by the frame's size whatever its bytes say.

    >>> from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
    >>> frame = serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b"{}"], "shell")
    >>> v1_parts(frame)
    [b'shell', b'{}', b'{}', b'{}', b'{}']
    >>> v1_parts((2**63).to_bytes(8, "little") + b"x" * 64) is None  # a count past the frame
    True
    >>> v1_parts("a text frame") is None
    True
    """
    if not isinstance(frame, bytes | bytearray | memoryview):
        return None
    data = bytes(frame)
    if len(data) < 8:
        return None
    count = int.from_bytes(data[:8], "little")
    # the offsets themselves must fit in the frame, after the count
    if count < MIN_OFFSETS or 8 * (count + 1) > len(data):
        return None
    offsets = [int.from_bytes(data[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] != 8 * (count + 1) or offsets[-1] > len(data):
        return None
    if any(later < earlier for earlier, later in zip(offsets, offsets[1:], strict=False)):
        return None
    return [data[offsets[i] : offsets[i + 1]] for i in range(count - 1)]


def v1_header(frame: bytes) -> dict[str, Any] | None:
    """The header of a v1 message, or None: Voila's header reader with its loop bounded.

    >>> v1_header(b"\\x00\\x00\\x00\\x02" + b"legacy message with 2 buffers") is None
    True
    """
    parts = v1_parts(frame)
    if parts is None:
        return None
    try:
        header = json.loads(parts[1].decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return header if isinstance(header, dict) else None


def client_frame(
    msg_type: str,
    content: dict[str, Any] | None = None,
    *,
    channel: str = "shell",
    metadata: dict[str, Any] | None = None,
) -> bytes:
    """A kernel message as a v1 frame, as the page's client sends it (tests, benchmarks).

    >>> v1_header(client_frame("kernel_info_request"))["msg_type"]
    'kernel_info_request'
    """
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "verlies",
        "session": uuid.uuid4().hex,
        "date": "2026-01-01T00:00:00Z",
        "version": "5.3",
    }
    parts = [header, {}, metadata or {}, content or {}]
    encoded = [json.dumps(p).encode() for p in parts]
    frame: bytes = serialize_msg_to_ws_v1(encoded, channel)  # type: ignore[no-untyped-call]
    return frame


def offered_subprotocols(header: str | None) -> list[str]:
    """The subprotocols a ``Sec-WebSocket-Protocol`` header offers.

    >>> offered_subprotocols("v1.kernel.websocket.jupyter.org, other")
    ['v1.kernel.websocket.jupyter.org', 'other']
    >>> offered_subprotocols(None)
    []
    """
    return [part.strip() for part in (header or "").split(",") if part.strip()]


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """The kernel websocket connection of every page: v1 only, checked, bounded."""

    max_pending_bytes = Int(
        32 * 1024 * 1024,
        config=True,
        help=(
            "Bytes the server may hold for one kernel websocket whose client does not read;"
            " past it the connection is closed. 0: no bound."
        ),
    )

    async def prepare(self) -> None:
        request = self.websocket_handler.request
        offered = offered_subprotocols(request.headers.get("Sec-WebSocket-Protocol"))
        if V1 not in offered:
            self.log.warning(
                "Refused a kernel websocket from %s without the %s subprotocol (offered: %s)",
                request.remote_ip,
                V1,
                ", ".join(offered) or "none",
            )
            raise web.HTTPError(400, f"this server speaks only the {V1} kernel protocol")
        await super().prepare()  # type: ignore[no-untyped-call]

    @property
    def subprotocol(self) -> str:
        # prepare() admits v1 only. jupyter_server asks tornado on every message, and tornado
        # forgets the protocol once the server has closed the socket while the client's
        # frames still arrive (a kernel killed or restarted, a malformed frame): a v1 frame
        # read as a legacy one made a struct format of ~8×10⁷ codes, 3.4 GB and seconds of
        # the server's only thread, each time.
        return V1

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        if getattr(self.websocket_handler, "ws_connection", None) is None:
            # closed by the server: what the client sent before it heard so goes nowhere
            self.log.debug("Dropped a frame on closed kernel websocket %s", self.kernel_id)
            return
        if self.channels and v1_parts(incoming_msg) is None:
            self.log.warning(
                "Closed kernel websocket %s: a malformed v1 frame (%d bytes)",
                self.kernel_id,
                len(incoming_msg) if isinstance(incoming_msg, bytes | str) else -1,
            )
            self.websocket_handler.close(POLICY_VIOLATION, "malformed kernel message")
            return
        super().handle_incoming_message(incoming_msg)

    @property
    def write_message(self) -> Callable[..., Any]:
        handler = self.websocket_handler
        bound = self.max_pending_bytes

        def write(message: Any, binary: bool = False) -> Any:
            protocol = getattr(handler, "ws_connection", None)
            stream = getattr(protocol, "stream", None)
            if bound and stream is not None:
                stream.max_write_buffer_size = bound
            try:
                return handler.write_message(message, binary=binary)
            except StreamBufferFullError:
                self.log.warning(
                    "Closed kernel websocket %s: its client read nothing of %d bytes",
                    self.kernel_id,
                    bound,
                )
                # A close frame would queue behind the full buffer: drop the TCP stream.
                if stream is not None:
                    stream.close()
                return None
            except StreamClosedError:
                return None

        return write


def install() -> None:
    """Put :func:`v1_header` in place of Voila's unbounded header reader."""
    try:
        handler_module = importlib.import_module("voila.tornado.kernel_websocket_handler")
    except ImportError:  # Voila not installed: nothing to guard
        return
    setattr(handler_module, "read_header_from_binary_message", v1_header)  # noqa: B010


install()
