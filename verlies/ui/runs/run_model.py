"""One home for the page's background runs (issue 20): no widgets here.

The Balance tab (an A/B run, the skill matrix, a suggestion) and the Deck tab (the impact
column, a sweep) each play games in a background thread, so the kernel's main thread stays
free for the rest of the page. :class:`BackgroundRun` is what they share: one run at a
time, progress (``done`` of ``total``), cancel, the end's status (done, cancelled or
failed), the error in words for the view and the worker processes kept between runs
(:class:`WorkerPool`).

The one rule for :attr:`BackgroundRun.running`: it is False from the moment the work has
ended, *before* ``on_done`` is called. A view re-enables its Start button in ``on_done``
and reads ``running`` to say "done" rather than "running"; a click on Start that arrives
while ``on_done`` still draws starts the next run (:meth:`BackgroundRun.start` first waits
for the last run's ``on_done`` to return, so two runs' callbacks never interleave).

A failure in the work never ends as a thread's traceback on the server's console: a
:class:`~verlies.errors.VerliesError` is shown as its own (located, worded) message; any
other exception as the run that failed, the exception and where in verlies it was raised
(:class:`RunFailure`), in the page's language.

>>> run = BackgroundRun()
>>> run.status, run.running
('idle', False)
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal, Self

from verlies.errors import VerliesError, WordedError
from verlies.sim import compiled_cache
from verlies.sim.run import default_workers, start_pool

__all__ = [
    "BackgroundRun",
    "PooledRun",
    "RunBusy",
    "RunFailure",
    "Status",
    "WorkerPool",
    "located",
    "still_of",
]

Status = Literal["idle", "running", "done", "cancelled", "failed"]

log = logging.getLogger(__name__)

#: The package's folder: a failure is located by its innermost frame inside it.
_PACKAGE = Path(__file__).resolve().parents[2]


class RunBusy(VerliesError):
    """A run was started while the last one is still going on."""


@dataclass(frozen=True)
class RunFailure:
    """An exception of the work that is not verlies' own: which run (``what``: "balance",
    "skill", "suggest", "impact", "sweep"), the exception's type and message and where it
    was raised (``file`` relative to the repository, e.g. ``verlies/sim/run.py``; ``line``
    0: unknown)."""

    what: str
    kind: str
    message: str
    file: str
    line: int

    def text(self, lang: str) -> str:
        """The failure in ``lang``: the run, the exception and its place."""
        from verlies import i18n

        where = (
            i18n.text("background.where", lang, file=self.file, line=self.line) if self.file else ""
        )
        run = i18n.text(f"background.run.{self.what}", lang)
        return i18n.text(
            "background.failed", lang, run=run, kind=self.kind, msg=self.message, where=where
        ).strip()


def located(what: str, error: BaseException) -> RunFailure:
    """``error`` as a :class:`RunFailure` of the run ``what``: located at the innermost
    frame of its traceback inside verlies (else the innermost frame)."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(_PACKAGE)]
    file, line = "", 0
    if ours or frames:
        frame = (ours or frames)[-1]
        path = Path(frame.filename).resolve()
        rel = path.relative_to(_PACKAGE.parent) if path.is_relative_to(_PACKAGE.parent) else path
        file, line = rel.as_posix(), frame.lineno or 0
    return RunFailure(what, type(error).__name__, str(error), file, line)


class WorkerPool:
    """Local worker processes for the runs, made on first use and kept between runs (no
    start-up cost on the next click). ``workers`` ≤ 1: none, the run plays in its thread.

    Where the compiled engine of the current source is built (``verlies build-engine``)
    the workers run it, as the command line's do (``verlies.sim.run.start_pool``: the same
    games, bit for bit, about 1.2-1.45× less CPU for the page's impact ranking); else they
    are forked pure-Python workers, as before. :attr:`engine` says which."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.engine = "none"

    def __call__(self) -> ProcessPoolExecutor | None:
        if self.workers <= 1:
            return None
        with self._lock:
            if self._pool is None:
                if compiled_cache.usable_build() is not None:
                    self._pool, self.engine = start_pool(self.workers)
                else:
                    self._pool, self.engine = ProcessPoolExecutor(max_workers=self.workers), "pure"
            return self._pool

    @property
    def started(self) -> bool:
        return self._pool is not None

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None


def still_of(then: object | None, now: object | None) -> bool:
    """Whether a result made of the draft ``then`` is still of the draft ``now`` (the same
    object, or an equal deck); a result of no particular draft (``then`` None) always is.
    The stale mark of every run panel asks this.

    >>> still_of(None, "b"), still_of("a", "a"), still_of("a", "b")
    (True, True, False)
    """
    if then is None or now is None:
        return True
    return now is then or now == then


class BackgroundRun:
    """One cancellable run at a time in a background thread, with its progress and end.

    A subclass's ``start(...)`` checks its settings (raising before anything changes, so
    the last result stays), calls :meth:`_begin` (which refuses a second run and resets the
    shared state), sets its own state and hands the work to :meth:`_launch`. The work
    reports games with :meth:`_progress` and returns whether it stopped early on a cancel
    (None: whether :meth:`cancel` was asked).

    ``executor``: the worker processes to play on: a :class:`WorkerPool` the run owns (and
    :meth:`close` shuts down), a callable giving someone else's executor (the Balance
    tab's pool, shared by its sections), or None to play in the run's thread.
    """

    #: Which run this is: names the thread and the run in a failure's words
    #: (``background.run.<what>`` in i18n).
    what: ClassVar[str] = "run"

    def __init__(self, executor: Callable[[], Executor | None] | None = None) -> None:
        self._get_executor = executor
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._active = False
        self._t0 = 0.0
        self._seconds = 0.0
        self.status: Status = "idle"
        #: The failure in English (None: none); :meth:`error_text` gives it in a language.
        self.error: str | None = None
        self.failure: VerliesError | RunFailure | None = None
        self.done = 0
        self.total = 0
        #: Which run this is, counted from 1 at each start: news handed to the page's loop
        #: about an earlier run is stale (:mod:`verlies.ui.runs.handover`).
        self.generation = 0

    # ---- state ---------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """True from :meth:`_launch` until the work has ended; already False in ``on_done``."""
        return self._active

    @property
    def cancelled(self) -> bool:
        """The last run stopped early because it was cancelled."""
        return self.status == "cancelled"

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    @property
    def seconds(self) -> float:
        """Seconds since the start (while running), else the last run's seconds."""
        return time.perf_counter() - self._t0 if self._active else self._seconds

    def error_text(self, lang: str) -> str | None:
        """The failure in ``lang`` (None: the run did not fail): verlies' own errors as
        they say themselves (a worded one in ``lang``), any other as :class:`RunFailure`."""
        f = self.failure
        if f is None:
            return self.error
        if isinstance(f, RunFailure):
            return f.text(lang)
        if isinstance(f, WordedError):
            return f.text_in(lang)
        return str(f)

    def executor(self) -> Executor | None:
        """The executor to play on (None: in the run's thread)."""
        return self._get_executor() if self._get_executor is not None else None

    # ---- running -------------------------------------------------------------------------

    def _check_idle(self) -> None:
        if self._active:
            raise RunBusy(f"a {self.what} run is going on; cancel it first")

    def _begin(self, total: int = 0) -> threading.Event:
        """Refuse a second run, wait for the last run's ``on_done`` to return, reset the
        progress and the failure; the new run's cancel event."""
        self._check_idle()
        last = self._thread
        if last is not None and last is not threading.current_thread():
            last.join()  # its on_done is drawing (running is False already): let it end
        self._cancel = threading.Event()
        self.generation += 1
        self.error, self.failure = None, None
        self.done, self.total = 0, total
        self._seconds, self._t0 = 0.0, time.perf_counter()
        return self._cancel

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _launch(
        self,
        work: Callable[[], bool | None],
        on_done: Callable[[Self], None] | None,
        on_start: Callable[[Self], None] | None = None,
    ) -> None:
        """Run ``work`` in a new thread; then set the status, ``running`` False, call
        ``on_done``. ``on_start`` is called here, in the caller's thread, after the checks
        and before the work begins: a view shows "running" there, not after ``start``
        returns (a run that fails at once may have called ``on_done`` by then)."""
        cancel = self._cancel

        def main() -> None:
            status: Status = "failed"
            try:
                early = work()
                stopped = cancel.is_set() if early is None else early
                status = "cancelled" if stopped else "done"
            except VerliesError as e:
                self.failure, self.error = e, str(e)
            except Exception as e:  # shown on the page as words, never lost in a thread
                failure = located(self.what, e)
                self.failure, self.error = failure, failure.text("en")
                log.debug("the %s run failed", self.what, exc_info=e)  # the page says it
            finally:
                self._seconds = time.perf_counter() - self._t0
                self.status = status
                self._active = False  # before on_done: the one rule (see the module)
            if on_done is not None:
                try:
                    on_done(self)
                except Exception:  # the view's own bug: logged, the run is over anyway
                    log.exception("on_done of the %s run failed", self.what)

        self.status = "running"
        self._active = True
        try:
            if on_start is not None:
                on_start(self)
            self._thread = threading.Thread(target=main, name=f"verlies-{self.what}", daemon=True)
            self._thread.start()
        except BaseException:
            self._active, self.status = False, "idle"
            raise

    def cancel(self) -> None:
        """Ask the run to stop (it stops after the games being played)."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run to end and its ``on_done`` to return; True if it has. Then
        what the run handed to this thread (a view's drawing, when no loop runs here: a
        script, a test) is drawn (:func:`verlies.ui.runs.handover.drain`)."""
        from verlies.ui.runs.handover import drain

        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            drain()
            return not thread.is_alive()
        drain()
        return not self.running

    def close(self) -> None:
        """Cancel, wait a while, shut down the worker processes if the run owns them."""
        self.cancel()
        self.wait(30)
        if isinstance(self._get_executor, WorkerPool):
            self._get_executor.close()


class PooledRun(BackgroundRun):
    """A run with worker processes of its own (:class:`WorkerPool`, kept between runs;
    ``workers`` ≤ 1: it plays in its thread). Setting :attr:`workers` takes effect when the
    pool is made (on the first run)."""

    def __init__(self, workers: int | None = None) -> None:
        self.pool = WorkerPool(workers)
        super().__init__(self.pool)

    @property
    def workers(self) -> int:
        return self.pool.workers

    @workers.setter
    def workers(self, n: int) -> None:
        self.pool.workers = n

    def executor(self) -> ProcessPoolExecutor | None:
        """The run's worker pool (made on first use; None: play in the run's thread)."""
        return self.pool()
