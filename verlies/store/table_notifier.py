"""Waking a table's visitors when a step is written, where the database notifies
(PostgreSQL's LISTEN/NOTIFY): one listening connection per kernel and the thread that
reads it. Part of :mod:`verlies.store.tables` (``TableStore.watch``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from verlies.store.table_schema import CHANNEL


class TableWatch:
    """One visitor's ear on one table: :meth:`pending` says (once) that steps were written
    since it last looked; ``on_change`` (if set) is called from the listener's thread, to
    wake the page's event loop at once."""

    def __init__(self, notifier: TableNotifier, table_id: str) -> None:
        self.notifier = notifier
        self.table_id = table_id
        self._event = threading.Event()
        self.on_change: Callable[[], None] | None = None

    @property
    def alive(self) -> bool:
        """False once the listening connection is lost: the visitor then polls instead."""
        return self.notifier.alive

    def pending(self) -> bool:
        """True (once) when a step was written to the table since the last call."""
        if self._event.is_set():
            self._event.clear()
            return True
        return False

    def wait(self, timeout: float) -> bool:
        """Block until a step is written (True; :meth:`pending` then still says so) or
        ``timeout`` passes (False)."""
        return self._event.wait(timeout)

    def close(self) -> None:
        self.notifier.forget(self)

    def _notify(self) -> None:
        self._event.set()
        callback = self.on_change
        if callback is not None:
            callback()


class TableNotifier:
    """A kernel's one LISTEN connection to PostgreSQL and the thread that reads it: every
    table step's transaction sends ``NOTIFY verlies_table_steps, '<table id>'`` at commit,
    and the watches of that table are woken. A waiting visitor then costs the database
    nothing (no query per poll); the connection is its whole cost."""

    #: How long the thread blocks in one read before it checks whether to stop (s).
    READ_S = 0.5

    def __init__(self, engine: sa.Engine) -> None:
        # A connection of its own, outside the pool, with the URL's own arguments.
        args, kwargs = engine.dialect.create_connect_args(engine.url)
        self._conn: Any = engine.dialect.dbapi.connect(*args, **kwargs)  # type: ignore[union-attr]
        self._conn.autocommit = True
        self._conn.execute(f"LISTEN {CHANNEL}")  # listening before the first load: no gap
        self._watches: dict[str, list[TableWatch]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.alive = True
        self._thread = threading.Thread(target=self._listen, name="verlies-tables", daemon=True)
        self._thread.start()

    def watch(self, table_id: str) -> TableWatch:
        w = TableWatch(self, table_id)
        with self._lock:
            self._watches.setdefault(table_id, []).append(w)
        return w

    def forget(self, watch: TableWatch) -> None:
        with self._lock:
            ws = self._watches.get(watch.table_id, [])
            if watch in ws:
                ws.remove(watch)

    def _listen(self) -> None:
        try:
            while not self._stop.is_set():
                for note in self._conn.notifies(timeout=self.READ_S):
                    with self._lock:
                        ws = list(self._watches.get(note.payload, ()))
                    for w in ws:
                        w._notify()
        except Exception:  # noqa: BLE001 - a lost connection: the watches fall back to polling
            pass
        finally:
            self.alive = False
            # Wake everyone once, so a visitor blocked in wait() polls and sees the state.
            with self._lock:
                every = [w for ws in self._watches.values() for w in ws]
            for w in every:
                w._event.set()
            try:
                self._conn.close()
            except Exception:  # noqa: BLE001
                pass

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(self.READ_S * 4 + 5)
