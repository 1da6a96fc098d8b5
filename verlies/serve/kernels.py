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

Lifetimes follow the page's connection, not idleness (docs/serving.md, "Lifetimes"):

- a kernel with a page connected (one websocket or more) is never culled: a person reading
  the rules for half an hour is not idle;
- a kernel whose page had a websocket and lost every one (a closed or crashed browser, a
  network gone) ends ``disconnected_timeout`` seconds later (60) unless a page connects
  again (a reload of the same page, a network blip);
- a kernel handed to a page that never connected (a script's ``GET``, a reload while the
  page loaded) ends ``unconnected_timeout`` seconds (60) after it last worked (rendering
  the notebook is work: a page still streaming is not ended) and after its browser last
  asked the server anything (a page still fetching its scripts on a busy machine is
  coming, however slowly: a script's lone ``GET`` asks nothing more);
- checked every ``cull_interval`` (binder/voila.json: 10 s). jupyter_server's idle culler
  (``cull_idle_timeout``) decides only where asked: a connected kernel with
  ``cull_connected`` on (binder/voila.json: off), a kernel whose timeout here is 0.

A kernel ended while pages are connected to it (a shutdown request, the server's own
culling) first tells them: a "dead" status on each websocket, then the socket closes, so
the page's banner says so within seconds instead of a page that looks alive.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Int, List, TraitError, Unicode

from verlies.serve import routes
from verlies.serve.admission import (
    LOOPBACK,
    VISIT,
    Admission,
    TooMany,
    Visit,
    default_reserve,
    room_for,
)
from verlies.serve.admission import install as _note_visits
from verlies.serve.full_page import RETRY_SECONDS, full_page
from verlies.serve.machine import kernel_cap

# This module is loaded by the page's server before it listens (binder/voila.json): from
# then on a too-long address gets a page that says so (verlies/serve/long_url.py), and the
# kernel manager knows who asks for a kernel (verlies/serve/admission.py).
_note_visits()


def _standalone_voila(parent: object) -> bool:
    """Is ``parent`` Voila's own application (``./run play``), not a Jupyter server?"""
    try:
        from voila.app import Voila  # type: ignore[import-untyped]
    except ImportError:
        return False
    return isinstance(parent, Voila)


class TableFull(web.HTTPError):
    """No kernel for one more visitor: the server runs as many as its cap allows."""

    def __init__(self, running: int, cap: int, retry_after: int = RETRY_SECONDS) -> None:
        super().__init__(
            503,
            "the table is full: %d of %d kernels running",
            running,
            cap,
            reason="Service Unavailable (the table is full)",
        )
        self.running = running
        self.cap = cap
        self.retry_after = max(1, min(int(retry_after), RETRY_SECONDS))
        #: The page the template's 503.html shows (binder/share/.../verlies/503.html).
        self.page = full_page(free_in=self.retry_after)


class CappedKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` with a cap on concurrent kernels (module docstring)."""

    max_kernels = Int(
        0,
        config=True,
        help="Most kernels at once; 0: $VERLIES_MAX_KERNELS, else from memory and cores.",
    )
    unconnected_timeout = Int(
        60,
        config=True,
        help=(
            "Seconds a kernel handed to a page may live without that page ever connecting,"
            " counted from its last activity (rendering the notebook is activity; checked"
            " at each cull_interval). 0 turns this off."
        ),
    )
    disconnected_timeout = Int(
        60,
        config=True,
        help=(
            "Seconds a kernel whose page was connected may live once it has no websocket"
            " left (a closed or crashed browser), checked at each cull_interval; a page"
            " that connects again in time keeps it. 0 turns this off."
        ),
    )

    table_reserve = Int(
        -1,
        config=True,
        help=(
            "Kernels kept for pages that open a shared table with a valid link (seat,"
            " spectator, designer): other pages and the preheated pool use at most"
            " cap - table_reserve. -1: a sixth of the cap (none below a cap of 4)."
        ),
    )
    client_pending = Int(
        4,
        config=True,
        help=(
            "Kernels one client address may hold whose page has not connected yet; one"
            " more page gets HTTP 429 and when to try again. 0 turns this off."
        ),
    )
    exempt_clients = List(
        Unicode(),
        default_value=list(LOOPBACK),
        config=True,
        help="Client addresses without the per-client limit (the host, a proxy for all).",
    )

    def __init__(self, **kwargs: Any) -> None:
        if _standalone_voila(kwargs.get("parent")):
            routes.activate()  # before any kernel starts (verlies/serve/routes.py)
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.cap = kernel_cap(self.max_kernels)
        reserve = self.table_reserve
        self.reserve = default_reserve(self.cap) if reserve < 0 else min(reserve, self.cap)
        self.admission = Admission(self.client_pending, tuple(self.exempt_clients))
        self._tables: Any = None  # the store's tables, opened on the first table link
        self._starting: set[str] = set()
        #: Voila's pool tasks whose kernel passed the cap (they will not be refused).
        self._pool_admitted: set[asyncio.Future[Any]] = set()
        self._ever_connected: set[str] = set()
        self._first_unpooled: dict[str, float] = {}
        #: kernel id -> when (monotonic) its last websocket closed (none open since)
        self._alone_since: dict[str, float] = {}
        self._closing = False
        self.log.info("verlies: at most %d kernels at once", self.cap)
        if self.reserve:
            self.log.info("verlies: %d of them kept for shared tables' links", self.reserve)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voila's pool manager (a subclass made at start) hands out preheated kernels in
        ``get_rendered_notebook``: the per-client limit applies there too."""
        super().__init_subclass__(**kwargs)
        take = cls.__dict__.get("get_rendered_notebook")
        if take is None:
            return

        async def get_rendered_notebook(self: CappedKernelManager, *a: Any, **k: Any) -> Any:
            visit = VISIT.get()
            if visit is not None:
                await self._admit(visit)
            result = await take(self, *a, **k)
            if visit is not None:
                self.admission.handed(str(result[2]), visit.client, time.monotonic())
                visit.handed(str(result[2]))
            return result

        cls.get_rendered_notebook = get_rendered_notebook  # type: ignore[attr-defined]
        size = cls.__dict__.get("get_pool_size")
        if size is None:
            return

        def get_pool_size(self: CappedKernelManager, notebook_name: str) -> int:
            # Voila's handler asks this before it takes from the pool, and a page sent to
            # the pool awaits the pool's first task: a refill the cap will refuse (plain
            # room full) would fail that page with HTTP 500 (seen in CI: a table's seat
            # during a burst of plain GETs). Only tasks that can give a kernel count, and
            # they go first; with none the page starts its own kernel, admitted as itself.
            pool = self._pool_lists().get(notebook_name, [])
            usable = [t for t in pool if self._pool_usable(t)]
            pool[:] = usable + [t for t in pool if t not in usable]
            return len(usable)

        cls.get_pool_size = get_pool_size  # type: ignore[attr-defined]

    def _pool_usable(self, task: asyncio.Future[Any]) -> bool:
        """Will this pool task give a kernel? Done without failure, admitted already, or
        not started yet while the cap has room for a plain kernel."""
        if task.done():
            return not task.cancelled() and task.exception() is None
        if task in self._pool_admitted:
            return True
        return self.occupied() < room_for(self.cap, self.reserve, invited=False)

    # -- the cap ----------------------------------------------------------------------------

    def occupied(self) -> int:
        """Kernels running or starting (each counted once)."""
        return len(set(self._kernels) | self._starting)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:
            result: str = await super().start_kernel(*args, **kwargs)  # an existing kernel
            return result
        visit = None if self._for_pool(kwargs) else VISIT.get()
        invited = await self._admit(visit) if visit is not None else False
        limit = room_for(self.cap, self.reserve, invited=invited)
        running = self.occupied()
        if running >= limit:
            retry = self.free_in()
            if self._for_pool(kwargs):
                # Voila's pool wanted a kernel for later: it gets one when a seat frees.
                self.log.info("verlies: table full (%d/%d), pool waits", running, limit)
                self._drop_when_failed(asyncio.current_task())
            else:
                self.log.warning("verlies: table full (%d/%d), refused", running, limit)
                if visit is not None:
                    visit.retry_after = retry
            raise TableFull(running, self.cap, retry)
        if self._for_pool(kwargs):
            self._note_pool_admitted(asyncio.current_task())
        # Our own id, so a kernel being started counts from now on (not only once ready).
        kernel_id = kernel_id or str(uuid.uuid4())
        kwargs["kernel_id"] = kernel_id
        self._starting.add(kernel_id)
        try:
            started: str = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting.discard(kernel_id)
        if visit is not None:
            self.admission.handed(started, visit.client, time.monotonic())
            visit.handed(started)
        return started

    # -- admission (verlies/serve/admission.py) ------------------------------------------

    async def _admit(self, visit: Visit) -> bool:
        """Is ``visit`` one of a table's invited (True)? Anyone else passes the per-client
        limit or gets TooMany (HTTP 429): an invited link is bounded by the cap alone."""
        if await self._invited(visit):
            return True
        self._admit_client(visit)
        return False

    def _admit_client(self, visit: Visit) -> None:
        """TooMany (HTTP 429) when ``visit``'s client holds too many unconnected kernels."""
        wait = self.admission.refuse(
            visit.client, now=time.monotonic(), expires=self.unconnected_timeout + self._interval()
        )
        if wait is not None:
            waiting = len(self.admission.waiting(visit.client))
            self.log.warning(
                "verlies: %s holds %d kernels without a page, refused (retry in %d s)",
                visit.client,
                waiting,
                wait,
            )
            visit.retry_after = wait
            raise TooMany(visit.client, waiting, wait)

    async def _invited(self, visit: Visit) -> bool:
        """Does ``visit`` open a shared table with a link the store knows?"""
        link = visit.table_link()
        if link is None:
            return False
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self._knows_link, *link)

    def _knows_link(self, table_id: str, token: str) -> bool:
        """(In a worker thread.) The store's answer; any failure counts as not invited."""
        try:
            if self._tables is None:
                from verlies.store.tables import TableStore

                self._tables = TableStore()
            self._tables.open(table_id, token)
            return True
        except Exception as e:  # TableRefused: not a link of the store; or no store
            self.log.info("verlies: not a table's link (%s)", str(e)[:200])
            return False

    def _interval(self) -> int:
        return max(1, int(self.cull_interval))

    def free_in(self) -> int:
        """Seconds until a kernel is likely to end by the lifetime rules (a page that never
        connected, a page gone), at most RETRY_SECONDS: what the full page says."""
        now = time.monotonic()
        ends = [
            since + self.unconnected_timeout + self._interval() - now
            for _, since in self.admission.pending.values()
            if self.unconnected_timeout > 0
        ]
        ends += [
            alone + self.disconnected_timeout + self._interval() - now
            for alone in self._alone_since.values()
            if self.disconnected_timeout > 0
        ]
        return max(1, min([RETRY_SECONDS, *[int(e + 0.999) for e in ends]]))

    def remove_kernel(self, kernel_id: str) -> Any:
        removed = super().remove_kernel(kernel_id)
        self._ever_connected.discard(kernel_id)
        self._first_unpooled.pop(kernel_id, None)
        self._alone_since.pop(kernel_id, None)
        self.admission.ended(kernel_id)
        routes.forget(kernel_id)
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

    def _note_pool_admitted(self, task: asyncio.Future[Any] | None) -> None:
        """A pool task whose kernel passed the cap: it counts in the pool's size."""
        if task is None:
            return
        self._pool_admitted.add(task)
        task.add_done_callback(self._pool_admitted.discard)

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

    # -- lifetimes: by the page's connection -----------------------------------------------

    def connections(self, kernel_id: str) -> int:
        """Websockets open to ``kernel_id`` now (jupyter_server counts them)."""
        return int(self._kernel_connections.get(kernel_id, 0))

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._ever_connected.add(kernel_id)
        self._alone_since.pop(kernel_id, None)
        self.admission.connected(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if kernel_id in self._kernels and self.connections(kernel_id) <= 0:
            self._alone_since[kernel_id] = time.monotonic()

    def lifetime(self, kernel_id: str) -> Lifetime:
        """What the lifetime policy knows of ``kernel_id`` now (:func:`ending`)."""
        now = time.monotonic()
        kernel = self._kernels.get(kernel_id)
        try:
            last = kernel.last_activity  # type: ignore[union-attr]
        except (AttributeError, TraitError):  # a kernel still starting has none yet
            last = None
        since = self._first_unpooled.setdefault(kernel_id, now)
        quiet = (utcnow() - last).total_seconds() if last is not None else now - since
        asked = routes.last_request(kernel_id)
        if asked is not None:  # its browser still fetching the page's scripts: not quiet
            quiet = min(quiet, now - asked)
        alone = self._alone_since.get(kernel_id)
        return Lifetime(
            connections=self.connections(kernel_id),
            ever_connected=kernel_id in self._ever_connected,
            alone_for=now - alone if alone is not None else 0.0,
            unpooled_for=now - since,
            quiet_for=quiet,
            busy=getattr(kernel, "execution_state", None) == "busy",
        )

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        # Voila's pool subclass returns before calling this for kernels still in its pool.
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        if getattr(kernel, "execution_state", None) == "dead":
            await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
            return
        life = self.lifetime(kernel_id)
        why = ending(
            life,
            unconnected_timeout=self.unconnected_timeout,
            disconnected_timeout=self.disconnected_timeout,
        )
        if why is None:
            if _idle_culler_decides(
                life,
                cull_connected=self.cull_connected,
                unconnected_timeout=self.unconnected_timeout,
                disconnected_timeout=self.disconnected_timeout,
            ):
                await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
            return
        if why == "unconnected":
            self.log.warning(
                "verlies: ending kernel %s: its page never connected in %d s",
                kernel_id,
                self.unconnected_timeout,
            )
        else:
            self.log.warning(
                "verlies: ending kernel %s: no page connected for %d s",
                kernel_id,
                int(life.alone_for),
            )
        await self.shutdown_kernel(kernel_id)

    # -- a kernel ended under a connected page says so -------------------------------------

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        pages = _page_sockets(kernel_id) if not kwargs.get("restart") else []
        for socket in pages:
            _say_dead(socket, self.log)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        for socket in pages:
            _close(socket, self.log)


@dataclass(frozen=True)
class Lifetime:
    """What the lifetime policy knows of one kernel at a check (seconds)."""

    connections: int  # websockets open now
    ever_connected: bool  # a page connected once
    alone_for: float  # since its last websocket closed (0 while one is open)
    unpooled_for: float  # since the first check that saw it out of Voila's pool
    quiet_for: float  # since its last activity (a message from or to it)
    busy: bool  # executing (rendering the notebook, a long computation)


def ending(life: Lifetime, *, unconnected_timeout: int, disconnected_timeout: int) -> str | None:
    """Why a kernel ends now: ``"disconnected"`` (its page went away), ``"unconnected"``
    (its page never came), or None (it lives on).

    >>> alive = Lifetime(1, True, 0.0, 5000.0, 4000.0, False)
    >>> ending(alive, unconnected_timeout=60, disconnected_timeout=60) is None
    True
    >>> gone = Lifetime(0, True, 61.0, 5000.0, 2.0, True)
    >>> ending(gone, unconnected_timeout=60, disconnected_timeout=60)
    'disconnected'
    >>> never = Lifetime(0, False, 0.0, 70.0, 65.0, False)
    >>> ending(never, unconnected_timeout=60, disconnected_timeout=60)
    'unconnected'
    """
    if life.connections > 0:
        return None  # a page is there: never culled for idleness
    if life.ever_connected:
        if disconnected_timeout > 0 and life.alone_for > disconnected_timeout:
            return "disconnected"  # activity does not count: a table's steps keep no page
        return None
    if unconnected_timeout <= 0 or life.busy:
        return None  # still rendering the notebook: its page may still be streaming
    if life.unpooled_for > unconnected_timeout and life.quiet_for > unconnected_timeout:
        return "unconnected"
    return None


def _idle_culler_decides(
    life: Lifetime, *, cull_connected: bool, unconnected_timeout: int, disconnected_timeout: int
) -> bool:
    """Is this kernel left to jupyter_server's idle culler (``cull_idle_timeout``)? Only
    where the operator asked for it: a connected kernel with ``cull_connected`` on, a kernel
    whose timeout here is 0 (off)."""
    if life.connections > 0:
        return cull_connected
    if life.ever_connected:
        return disconnected_timeout <= 0
    return unconnected_timeout <= 0


def _page_sockets(kernel_id: str) -> list[Any]:
    """The websocket connections open to ``kernel_id`` (jupyter_server keeps a registry)."""
    try:
        from jupyter_server.services.kernels.connection.channels import (
            ZMQChannelsWebsocketConnection,
        )
    except ImportError:  # pragma: no cover - another server
        return []
    registry = ZMQChannelsWebsocketConnection._open_sockets
    return [c for c in list(registry) if getattr(c, "kernel_id", None) == kernel_id]


def _say_dead(socket: Any, log: Any) -> None:
    """A "dead" status on the page's websocket: its banner says so (resume.js)."""
    try:
        socket._send_status_message("dead")
    except Exception as e:  # the socket closed meanwhile: the page sees the close
        log.info("verlies: could not tell a page its kernel ended: %s", e)


def _close(socket: Any, log: Any) -> None:
    """Close the page's websocket to an ended kernel (it would otherwise stay open, silent)."""
    try:
        socket.websocket_handler.close(1000, "kernel ended")
    except Exception as e:
        log.info("verlies: could not close a page's socket: %s", e)
