"""A kernel manager that holds at most N kernels, so a crowd cannot exhaust the host.

Every visit to the play page starts a kernel (about 100 MB). ``CappedKernelManager``
refuses to start one more than ``max_kernels`` (``$VERLIES_MAX_KERNELS``, else
binder/voila.json, else what the machine holds: ``verlies.serve.machine``) with
:class:`TableFull`, an HTTP 503 error: the page handler lets it through and the template's
``503.html`` shows the "table is full" page (``verlies.serve.full_page``) instead.

Set it as Voila's ``VoilaConfiguration.multi_kernel_manager_class`` (standalone Voila,
``./run play``) or as ``ServerApp.kernel_manager_class`` (Voila as a Jupyter server
extension: Binder, JupyterHub). With Voila's preheated kernels the pool's kernels count
toward the cap as well (they take memory all the same); a pool kernel that could not start
because the table was full is started again as soon as a kernel ends.

It also ends kernels whose page never connected (``unconnected_timeout``, 5 minutes): a
``GET`` by a script or a visitor who left while the page loaded would otherwise hold a seat
until the idle culler's 20 minutes are up. Until a kernel's page has connected, the idle
culler leaves it alone: on a busy server a page may connect a minute or more after its
kernel ran the notebook, and a kernel ended then leaves the visitor a page without the app.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Int, TraitError

from verlies.serve.full_page import RETRY_SECONDS, full_page
from verlies.serve.long_url import install as _answer_long_urls
from verlies.serve.machine import kernel_cap

# This module is loaded by the page's server before it listens (binder/voila.json): from
# then on a too-long address gets a page that says so (verlies/serve/long_url.py).
_answer_long_urls()


class TableFull(web.HTTPError):
    """No kernel for one more visitor: the server runs as many as its cap allows."""

    def __init__(self, running: int, cap: int) -> None:
        super().__init__(
            503,
            "the table is full: %d of %d kernels running",
            running,
            cap,
            reason="Service Unavailable (the table is full)",
        )
        self.running = running
        self.cap = cap
        #: The page the template's 503.html shows (binder/share/.../verlies/503.html).
        self.page = full_page()
        self.retry_after = RETRY_SECONDS


class CappedKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` with a cap on concurrent kernels (module docstring)."""

    max_kernels = Int(
        0,
        config=True,
        help="Most kernels at once; 0: $VERLIES_MAX_KERNELS, else from memory and cores.",
    )
    unconnected_timeout = Int(
        300,
        config=True,
        help=(
            "Seconds a kernel handed to a page may live without that page ever connecting"
            " and without activity (checked at each cull_interval); until its page connects"
            " the idle culler leaves it alone. 0 turns this off (idle culling as usual)."
        ),
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.cap = kernel_cap(self.max_kernels)
        self._starting: set[str] = set()
        self._ever_connected: set[str] = set()
        self._first_unpooled: dict[str, float] = {}
        self._closing = False
        self.log.info("verlies: at most %d kernels at once", self.cap)

    # -- the cap ----------------------------------------------------------------------------

    def occupied(self) -> int:
        """Kernels running or starting (each counted once)."""
        return len(set(self._kernels) | self._starting)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:
            result: str = await super().start_kernel(*args, **kwargs)  # an existing kernel
            return result
        running = self.occupied()
        if running >= self.cap:
            if self._for_pool(kwargs):
                # Voila's pool wanted a kernel for later: it gets one when a seat frees.
                self.log.info("verlies: table full (%d/%d), pool waits", running, self.cap)
                self._drop_when_failed(asyncio.current_task())
            else:
                self.log.warning("verlies: table full (%d/%d), refused", running, self.cap)
            raise TableFull(running, self.cap)
        # Our own id, so a kernel being started counts from now on (not only once ready).
        kernel_id = kernel_id or str(uuid.uuid4())
        kwargs["kernel_id"] = kernel_id
        self._starting.add(kernel_id)
        try:
            started: str = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting.discard(kernel_id)
        return started

    def remove_kernel(self, kernel_id: str) -> Any:
        removed = super().remove_kernel(kernel_id)
        self._ever_connected.discard(kernel_id)
        self._first_unpooled.pop(kernel_id, None)
        if not self._closing:
            self._refill_pools()  # a seat is free: a pool kernel refused earlier may start
        return removed

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self._closing = True  # no pool refills while the server stops
        await super().shutdown_all(*args, **kwargs)

    @staticmethod
    def _for_pool(kwargs: dict[str, Any]) -> bool:
        env = kwargs.get("env") or {}
        return bool(env.get("VOILA_PREHEAT") == "True")  # Voila's mark of a pool kernel

    def _pool_lists(self) -> dict[str, list[asyncio.Future[Any]]]:
        """Voila's preheated pools, notebook -> tasks (empty without preheating). Voila keeps
        them on its subclass of this class (voila/voila_kernel_manager.py)."""
        pools: dict[str, list[asyncio.Future[Any]]] = getattr(self, "_pools", None) or {}
        return pools

    def _drop_when_failed(self, task: asyncio.Future[Any] | None) -> None:
        """A pool task that failed (table full) leaves the pool at once: Voila's
        ``shutdown_kernel`` reads every finished task's result and would raise."""
        if task is None:
            return

        def drop(done: asyncio.Future[Any]) -> None:
            if not done.cancelled():
                done.exception()  # retrieved: no "exception was never retrieved" in the log
            for pool in self._pool_lists().values():
                if done in pool:
                    pool.remove(done)

        task.add_done_callback(drop)

    def _refill_pools(self) -> None:
        """Fill Voila's pools up again (a no-op when they are full or preheating is off)."""
        fill = getattr(self, "fill_if_needed", None)
        if fill is None:
            return
        for notebook in list(self._pool_lists()):
            fill(delay=0, notebook_name=notebook)

    # -- kernels whose page never connected ------------------------------------------------

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._ever_connected.add(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        # Voila's pool subclass returns before calling this for kernels still in its pool.
        if self.unconnected_timeout > 0 and kernel_id not in self._ever_connected:
            now = time.monotonic()
            since = self._first_unpooled.setdefault(kernel_id, now)
            kernel = self._kernels.get(kernel_id)
            busy = getattr(kernel, "execution_state", None) == "busy"  # still rendering
            # A page that is connecting makes its kernel talk (kernel_info requests): that
            # is activity, and such a kernel is left alone until it has been quiet as long.
            try:
                last = kernel.last_activity  # type: ignore[union-attr]
            except (AttributeError, TraitError):  # a kernel still starting has none yet
                last = None
            quiet = (utcnow() - last).total_seconds() if last is not None else now - since
            limit = self.unconnected_timeout
            if not busy and now - since > limit and quiet > limit:
                self.log.warning(
                    "verlies: ending kernel %s: its page never connected in %d s",
                    kernel_id,
                    limit,
                )
                await self.shutdown_kernel(kernel_id)  # type: ignore[no-untyped-call]
            # Not the idle culler's yet: on a busy server a page may connect long after its
            # kernel ran the notebook, and ending the kernel then leaves the page without app.
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
