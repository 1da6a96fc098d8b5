"""Waits that follow progress instead of a fixed deadline (issue 11: the browser tests must
pass on a busy 2-core machine, and a real hang must still fail).

A wait polls its condition; it fails only when *nothing moved* for ``stalled`` seconds:
not the server's log, not the CPU time of the server and its kernels (at work: more than
an idle server's timers use), not the page (its number of elements, the state line's and the
autosave line's data). A slow machine that is still working is waited for as long as it
works; a dead kernel, a lost websocket or a server that answers nothing stops all of them
and fails after ``stalled`` seconds.

The waits: :func:`follow` (a condition), :func:`follow_expect` (Playwright's assertions,
each retried while progress goes on), :func:`follow_event` (a download, a file chooser),
:func:`follow_js` (a script's condition), :func:`wait_canvas` (a canvas drawn),
:func:`wait_server` (the server alone, no page),
:func:`navigate` / :func:`open_page` / :func:`wait_page` (a page). A page opened with a
``server`` remembers it (:func:`watch`): later waits on that page count its progress too.
tests/browser/test_progress.py shows that each fails on a hang and waits on a slow page.

tests/browser/test_load.py keeps a watchdog of its own (asyncio, many pages at once) around
the same :class:`Progress`.
"""

from __future__ import annotations

import os
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from playwright.sync_api import BrowserContext, Error, Locator, LocatorAssertions, Page, expect

#: Seconds without any sign of progress before a wait gives up.
STALLED = 180.0

#: CPU seconds per second (of the server and its kernels, over :data:`WINDOW` seconds) that
#: count as work. Idle, they still tick now and then (a server with one idle kernel: one
#: 0.01 s clock tick every ~20 s, its timers; with 8 idle kernels 0.002 s per second in all,
#: so the shared servers' 40 stay near 0.01); counted as progress, that kept a wait for a
#: page that hung alive for ever. A kernel at work on a busy machine uses far more.
BUSY = 0.05
WINDOW = 5.0

#: Playwright's own deadline for an action (click, fill, press, select) to find its element
#: actionable, in every browser context of the tests (conftest's ``_stall_limits``): not
#: its 30 s default, a stopwatch in disguise on a loaded machine (a "Spiel" tab click timed
#: out at load 9-26, issue 38), but the stall limit. Waits for what the kernel or server
#: does follow progress (:func:`follow` and the rest) before the action that needs it.
ACTION_MS = STALLED * 1000

#: Milliseconds one try of a Playwright assertion waits (:func:`follow_expect`) before the
#: wait looks for progress again.
TRY_MS = 1000

#: The play page's board.
BOARD = "canvas.vl-board"

#: What the page shows of its progress: how many elements it has built, the state line's
#: and the autosave line's data (each step changes them).
_PAGE_JS = """
() => {
  const data = (sel) => {
    const e = document.querySelector(sel);
    return e ? JSON.stringify(e.dataset) : "";
  };
  // the tab shown and an error said on the page first: a failure's message is cut short
  const tab = document.querySelector(".vl-tabs .lm-TabBar-tab.lm-mod-current");
  const error = document.querySelector(".vl-error, .verlies-error");
  return [document.readyState, document.getElementsByTagName("*").length,
          "tab=" + (tab ? tab.textContent.trim() : ""),
          "error=" + (error ? error.textContent.trim().slice(0, 120) : ""),
          data(".vl-state"), data(".vl-autosave")].join("|");
}
"""


#: Pixel statistics of each canvas matching a selector (read with getImageData).
_CANVAS_STATS_JS = """
(selector) => Array.from(document.querySelectorAll(selector)).map((c) => {
  const rect = c.getBoundingClientRect();
  const stats = {width: c.width, height: c.height, cssWidth: rect.width,
                 cssHeight: rect.height, opaque: 0, colors: 0};
  if (!c.width || !c.height) return stats;
  const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const colors = new Set();
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    stats.opaque += 1;
    if (colors.size < 4096) colors.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  }
  stats.colors = colors.size;
  return stats;
})
"""


def descendants(root: int) -> list[tuple[int, str]]:
    """(pid, command line) of every process below ``root``, read from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text_ = stat.read_text()
        except OSError:
            continue  # the process ended meanwhile
        # pid (comm) state ppid ...; comm may contain spaces and parentheses
        ppid = int(text_[text_.rindex(")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(text_.split(" ", 1)[0]))
    found: list[tuple[int, str]] = []
    todo = [root]
    while todo:
        for pid in children.get(todo.pop(), []):
            try:
                cmd = (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            found.append((pid, cmd.decode(errors="replace")))
            todo.append(pid)
    return found


def cpu_seconds(root: int) -> float:
    """User + system CPU seconds of ``root`` and its descendants (clock ticks, /proc)."""
    return sum(_own_cpu(p) for p in [root] + [p for p, _ in descendants(root)]) / 100.0


def _own_cpu(pid: int) -> int:
    """Clock ticks (user + system) of one process, 0 once it ended."""
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime


def browser_cpu_seconds() -> float:
    """CPU seconds of the Chromium processes this test process started (Playwright's)."""
    pids = [p for p, cmd in descendants(os.getpid()) if "chrom" in cmd.split(" ", 1)[0]]
    return sum(_own_cpu(p) for p in pids) / 100.0


class Progress:
    """When something last moved: the server (its log's size; its processes' CPU time, at
    :data:`BUSY` or more), and whatever else the caller shows :meth:`look` (a page's
    fingerprint) or :meth:`poke`."""

    def __init__(self, server: Any = None, *, busy: float = BUSY, window: float = WINDOW) -> None:
        self.server = server
        self.busy = busy
        self.window = window
        self.last = time.monotonic()
        self._seen: tuple[Any, ...] = ()
        self._cpu: tuple[float, float] | None = None  # (when, CPU seconds) the window began

    def poke(self, *_: Any) -> None:
        self.last = time.monotonic()

    def work(self, cpu: float) -> None:
        """Count other processes' CPU seconds ``cpu`` (a running total, e.g.
        :func:`browser_cpu_seconds`) as progress while they use :attr:`busy` or more."""
        if self._working(cpu):
            self.poke()

    def due(self) -> bool:
        """Is a window over (or none begun), so that :meth:`work` counts CPU seconds now?
        Getting them walks /proc (~6 ms on a busy machine): a poll asks this first."""
        return self._cpu is None or time.monotonic() - self._cpu[0] >= self.window

    def _working(self, cpu: float) -> bool:
        """Did the server's processes use :attr:`busy` of a core over the last window?"""
        now = time.monotonic()
        if self._cpu is None or cpu < self._cpu[1]:  # a process ended: its time is gone
            self._cpu = (now, cpu)
            return False
        began, before = self._cpu
        if now - began < self.window:
            return False
        self._cpu = (now, cpu)
        return (cpu - before) / (now - began) >= self.busy

    def look(self, *extra: Any) -> float:
        """Seconds since the last progress (after looking at the server and ``extra``)."""
        seen: tuple[Any, ...] = extra
        server = self.server
        if server is not None and server.proc is not None and server.proc.poll() is None:
            seen += (server.log_path.stat().st_size,)
            # the /proc walk once a window, not on every poll (5 a second in a follow)
            if self.due() and self._working(cpu_seconds(server.proc.pid)):
                self.poke()
        if seen != self._seen:
            self._seen = seen
            self.poke()
        return time.monotonic() - self.last


#: The server behind each page opened with one (:func:`watch`).
_servers: weakref.WeakKeyDictionary[Page, Any] = weakref.WeakKeyDictionary()


def stall_limits(context: BrowserContext) -> BrowserContext:
    """``context`` with :data:`ACTION_MS` as its actions' and navigations' deadline."""
    context.set_default_timeout(ACTION_MS)
    context.set_default_navigation_timeout(ACTION_MS)
    return context


def watch(page: Page, server: Any) -> None:
    """Count ``server``'s progress in every later wait on ``page`` (the Voila or Jupyter
    server behind it): helpers that get only the page wait for its kernel too."""
    if server is not None:
        _servers[page] = server


def server_of(page: Page, server: Any = None) -> Any:
    """``server`` if given, else the one :func:`watch` noted for ``page`` (or None)."""
    return server if server is not None else _servers.get(page)


def page_fingerprint(page: Page) -> str:
    """What the page shows of its progress ("" while it navigates)."""
    try:
        return str(page.evaluate(_PAGE_JS))
    except Error:  # the document is being replaced
        return ""


def follow(
    page: Page,
    check: Callable[[], bool],
    what: str,
    *,
    server: Any = None,
    stalled: float = STALLED,
) -> None:
    """Wait until ``check()`` holds; fail saying ``what`` once nothing moved for
    ``stalled`` seconds (see the module's text). ``check`` may raise Playwright's Error
    while the page navigates, or an AssertionError (an assertion that does not hold yet):
    both count as not yet, the last assertion's message goes into the failure."""
    progress = Progress(server_of(page, server))
    last = ""
    while True:
        try:
            if check():
                return
        except Error:
            pass
        except AssertionError as e:
            last = f"; last: {e}"
        idle = progress.look(page_fingerprint(page))
        if idle >= stalled:
            raise AssertionError(
                f"no progress for {idle:.0f} s while waiting for {what}{last}; "
                f"page: {page_fingerprint(page)[:300]}"
            )
        page.wait_for_timeout(200)


class _Following:
    """Playwright's assertions on one locator or page, each tried for :data:`TRY_MS` at a
    time, again and again while there is progress (:func:`follow`)."""

    def __init__(self, actual: Locator | Page, server: Any, stalled: float) -> None:
        self._actual = actual
        self._page = actual if isinstance(actual, Page) else actual.page
        self._server = server
        self._stalled = stalled

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not (name.startswith("to_") or name.startswith("not_to_")):
            raise AttributeError(name)

        def assertion(*args: Any, **kwargs: Any) -> None:
            if "timeout" in kwargs:
                raise TypeError(f"{name}: no timeout, the wait follows progress")
            asserting = getattr(expect(self._actual), name)

            def holds() -> bool:
                asserting(*args, timeout=TRY_MS, **kwargs)
                return True

            shown = ", ".join([repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()])
            what = f"{self._actual} {name}({shown})"
            follow(self._page, holds, what, server=self._server, stalled=self._stalled)

        return assertion


def follow_expect(
    actual: Locator | Page, *, server: Any = None, stalled: float = STALLED
) -> LocatorAssertions:
    """``expect(actual)`` whose assertions wait while there is progress, not a fixed
    time: ``follow_expect(loc).to_have_text("x")`` checks what ``expect(loc).to_have_text
    ("x")`` checks (no ``timeout``). Typed as the locator's assertions (a page's have
    the same form: ``to_have_title``, ``to_have_url``)."""
    return cast(LocatorAssertions, _Following(actual, server, stalled))


def follow_event(
    page: Page,
    event: str,
    action: Callable[[], Any],
    what: str,
    *,
    server: Any = None,
    stalled: float = STALLED,
) -> Any:
    """Do ``action`` and wait, following progress, for the page's ``event`` ("download",
    "filechooser"); returns the event's value (a Download, a FileChooser)."""
    got: list[Any] = []

    def seen(value: Any) -> None:
        got.append(value)

    page.on(event, seen)
    try:
        action()
        follow(page, lambda: bool(got), what, server=server, stalled=stalled)
    finally:
        page.remove_listener(event, seen)
    return got[0]


def follow_js(
    page: Page,
    script: str,
    what: str,
    arg: Any = None,
    *,
    server: Any = None,
    stalled: float = STALLED,
) -> None:
    """Wait, following progress, until ``script`` (a function expression, called with
    ``arg``) returns something true in the page (``page.wait_for_function`` without its
    deadline). A bare expression is taken as ``() => (expression)``."""
    if "=>" not in script and not script.lstrip().startswith("function"):
        script = f"() => ({script})"
    follow(page, lambda: bool(page.evaluate(script, arg)), what, server=server, stalled=stalled)


def wait_server(
    server: Any, done: Callable[[], bool], what: str, *, stalled: float = STALLED
) -> None:
    """Wait until ``done()`` with no page to look at (a server's kernels, its log): fail
    saying ``what`` once the server made no progress for ``stalled`` seconds. A wait for
    a timer of the server's own (culling) needs a ``stalled`` longer than the timer."""
    progress = Progress(server)
    while not done():
        idle = progress.look()
        if idle >= stalled:
            raise AssertionError(
                f"no progress for {idle:.0f} s while waiting for {what}\n{server.log_tail()}"
            )
        time.sleep(0.5)


def has(page: Page, selector: str, state: str = "attached") -> Callable[[], bool]:
    """A check for :func:`follow`: an element matching ``selector`` is attached (or
    ``state="visible"``: visible)."""

    def check() -> bool:
        found = page.locator(selector)
        if state == "visible":
            return bool(found.count()) and found.first.is_visible()
        return found.count() > 0

    return check


def navigate(page: Page, url: str | None = None, *, server: Any = None) -> None:
    """Open ``url`` (None: reload the page) and wait, following progress, until the new
    document has loaded: the navigation is started by a script, so no call blocks on it
    with a deadline of its own (``page.goto`` would)."""
    page.evaluate("() => { window.verliesOldDocument = true; }")
    if url is None:
        page.evaluate("() => { window.location.reload(); }")
    else:
        page.evaluate("u => { window.location.href = u; }", url)

    def loaded() -> bool:
        return bool(
            page.evaluate("() => !window.verliesOldDocument && document.readyState === 'complete'")
        )

    watch(page, server)
    follow(page, loaded, f"the page {url or page.url} to load", server=server)


def canvas_pixel_stats(page: Page, selector: str = "canvas") -> list[dict[str, Any]]:
    """Pixel statistics of each canvas matching ``selector``: its size in pixels and in
    CSS, how many pixels are opaque, how many colours they show (up to 4096)."""
    stats: list[dict[str, Any]] = page.evaluate(_CANVAS_STATS_JS, selector)
    return stats


def open_page(page: Page, url: str | None = None, *, server: Any = None) -> dict[str, Any]:
    """Open the play page at ``url`` (None: reload it) and wait until it is up
    (:func:`wait_page`); returns the board's pixel statistics."""
    navigate(page, url, server=server)
    return wait_page(page, server=server)


def wait_canvas(
    page: Page,
    selector: str = "canvas",
    min_colors: int = 2,
    *,
    server: Any = None,
    stalled: float = STALLED,
) -> dict[str, Any]:
    """Wait, following progress, until a canvas matching ``selector`` shows ``min_colors``
    colours or more (something drawn on its background); returns its pixel statistics."""
    drawn: list[dict[str, Any]] = []

    def check() -> bool:
        drawn[:] = [
            s
            for s in canvas_pixel_stats(page, selector)
            if s["opaque"] > 0 and s["colors"] >= min_colors
        ]
        return bool(drawn)

    follow(page, check, f"a canvas {selector!r} to be drawn", server=server, stalled=stalled)
    return drawn[0]


def wait_page(page: Page, *, server: Any = None, min_colors: int = 8) -> dict[str, Any]:
    """Wait, following progress, until the play page is up: its state line is there and
    its board is drawn (the canvas shows ``min_colors`` colours or more: tiles on the
    background). Returns the board's pixel statistics. ``server``: the Voila behind the
    page, whose log and CPU time count as progress too (its kernel starting); the page
    remembers it for later waits (:func:`watch`)."""
    watch(page, server)
    follow(page, has(page, ".vl-state"), "the page's state line", server=server)
    return wait_canvas(page, BOARD, min_colors, server=server)
