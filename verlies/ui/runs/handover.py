"""The page's one threading rule (issue 39): widgets are touched only on the kernel's event
loop; a worker thread hands its results over. No widgets here.

A view makes a :class:`Handover` where it is built (in a cell or a click's handler: on the
kernel's loop) and wraps the callbacks it gives a background run with :meth:`Handover.wrap`.
Called on the owner's thread, a wrapped callback runs at once; called from any other
thread, it is handed to the owner's loop (``call_soon_threadsafe``) and returns. Without a
running loop (a plain script, a test) the call waits in the owner thread's queue until that
thread calls :func:`drain` (``BackgroundRun.wait`` in :mod:`verlies.ui.runs.run_model` does,
so a test that waits for a run sees what the view drew, drawn on its own thread).

A callback about a run that has been started again since is stale and dropped: its
:attr:`~verlies.ui.runs.run_model.BackgroundRun.generation` is compared when it runs.

>>> h = Handover()
>>> seen = []
>>> h.wrap(seen.append)(1)
>>> seen
[1]
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["Handover", "drain"]

#: Calls waiting for their owner thread (by thread id), when that thread has no running loop.
_PENDING: dict[int, deque[Callable[[], None]]] = {}
_LOCK = threading.Lock()


class _Generational(Protocol):
    generation: int


def drain() -> int:
    """Run the calls handed to the calling thread while it had no running loop, in the
    order they were handed over; how many ran."""
    me = threading.get_ident()
    ran = 0
    while True:
        with _LOCK:
            queue = _PENDING.get(me)
            if not queue:
                return ran
            call = queue.popleft()
        call()
        ran += 1


class Handover:
    """The thread that made it (the kernel's, for a view) and its running loop, if any."""

    def __init__(self) -> None:
        self.owner = threading.get_ident()
        try:
            self.loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # no loop running here (a script, a test): queue for drain()
            self.loop = None

    def call(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the owner's thread: now if this is it, else handed over."""
        if threading.get_ident() == self.owner:
            fn()
        elif self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(fn)
        else:
            with _LOCK:
                _PENDING.setdefault(self.owner, deque()).append(fn)

    def wrap(self, fn: Callable[..., None]) -> Callable[..., None]:
        """``fn`` as a callback any thread may call; it runs on the owner's thread. Its
        first argument, if it has a ``generation`` (a run), must still be current then."""

        def handed(*args: Any) -> None:
            run = args[0] if args else None
            generation = getattr(run, "generation", None)

            def later() -> None:
                if generation is not None and getattr(run, "generation", None) != generation:
                    return  # the run was started again: this news is stale
                fn(*args)

            self.call(later)

        return handed
