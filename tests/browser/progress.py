"""Waits that follow progress instead of a fixed deadline (issue 11: the browser tests must
pass on a busy 2-core machine, and a real hang must still fail).

A wait polls its condition; it fails only when *nothing moved* for ``stalled`` seconds:
not the server's log, not the CPU time of the server and its kernels, not the page (its
number of elements, the state line's and the autosave line's data). A slow machine that is
still working is waited for as long as it works; a dead kernel, a lost websocket or a
server that answers nothing stops all of them and fails after ``stalled`` seconds.

tests/browser/test_load.py keeps a watchdog of its own (asyncio, many pages at once).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Error, Page

#: Seconds without any sign of progress before a wait gives up.
STALLED = 180.0

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
  return [document.readyState, document.getElementsByTagName("*").length,
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
    total = 0
    for pid in [root] + [p for p, _ in descendants(root)]:
        try:
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / 100.0


class Progress:
    """When something last moved: the server (log size, its processes' CPU time), and
    whatever else the caller shows :meth:`look` (a page's fingerprint) or :meth:`poke`."""

    def __init__(self, server: Any = None) -> None:
        self.server = server
        self.last = time.monotonic()
        self._seen: tuple[Any, ...] = ()

    def poke(self, *_: Any) -> None:
        self.last = time.monotonic()

    def look(self, *extra: Any) -> float:
        """Seconds since the last progress (after looking at the server and ``extra``)."""
        seen: tuple[Any, ...] = extra
        server = self.server
        if server is not None and server.proc is not None and server.proc.poll() is None:
            seen += (server.log_path.stat().st_size, cpu_seconds(server.proc.pid))
        if seen != self._seen:
            self._seen = seen
            self.poke()
        return time.monotonic() - self.last


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
    while the page navigates: that counts as not yet."""
    progress = Progress(server)
    while True:
        try:
            if check():
                return
        except Error:
            pass
        idle = progress.look(page_fingerprint(page))
        assert idle < stalled, (
            f"no progress for {idle:.0f} s while waiting for {what}; "
            f"page: {page_fingerprint(page)[:300]}"
        )
        page.wait_for_timeout(200)


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


def wait_page(page: Page, *, server: Any = None, min_colors: int = 8) -> dict[str, Any]:
    """Wait, following progress, until the play page is up: its state line is there and
    its board is drawn (the canvas shows ``min_colors`` colours or more: tiles on the
    background). Returns the board's pixel statistics. ``server``: the Voila behind the
    page, whose log and CPU time count as progress too (its kernel starting)."""
    follow(page, has(page, ".vl-state"), "the page's state line", server=server)
    drawn: list[dict[str, Any]] = []

    def board_drawn() -> bool:
        drawn[:] = [
            s
            for s in canvas_pixel_stats(page, BOARD)
            if s["opaque"] > 0 and s["colors"] >= min_colors
        ]
        return bool(drawn)

    follow(page, board_drawn, "the board to be drawn", server=server)
    return drawn[0]
