"""The waits of progress.py: each fails on a hang (nothing moved for ``stalled`` seconds)
and keeps waiting, past ``stalled``, while the page or the server makes progress.

A server's CPU time counts only at work (progress.BUSY of a core): an idle server's timers
tick now and then, and a wait for a page that hung must still fail (its kernel, idle too).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from progress import (
    WINDOW,
    Progress,
    follow,
    follow_event,
    follow_expect,
    follow_js,
    has,
    open_page,
    wait_canvas,
)

STALLED = 2.0
#: The still page's waits: nothing on it ever moves, so a shorter ``stalled`` proves the
#: same (a wait fails once nothing moved for that long) in half the time.
STILL_STALLED = 1.0

#: A page that moves for a while (an element more every 100 ms), then shows "done" and a
#: drawn canvas: longer than STALLED, never still for as long.
SLOW_PAGE = """
<p id="status">working</p><div id="work"></div><canvas id="c" width="20" height="20"></canvas>
<script>
(() => {  // a function of its own: set_content keeps the window and its names
  window.verliesDone = false;
  let n = 0;
  const timer = setInterval(() => {
    document.getElementById("work").appendChild(document.createElement("span"));
    if (++n === 35) {
      clearInterval(timer);
      document.getElementById("status").textContent = "done";
      const g = document.getElementById("c").getContext("2d");
      g.fillStyle = "#c00"; g.fillRect(0, 0, 10, 10);
      g.fillStyle = "#00c"; g.fillRect(10, 10, 10, 10);
      window.verliesDone = true;
    }
  }, 100);
})();
</script>
"""
STILL_PAGE = '<p id="status">working</p><canvas id="c" width="20" height="20"></canvas>'


def took(wait: Callable[[], Any]) -> float:
    started = time.monotonic()
    wait()
    return time.monotonic() - started


def test_each_wait_fails_when_nothing_moves(page: Page) -> None:
    page.set_content(STILL_PAGE)
    status = page.locator("#status")
    hangs: dict[str, Callable[[], Any]] = {
        "follow": lambda: follow(page, has(page, "#never"), "#never", stalled=STILL_STALLED),
        "follow_expect": lambda: follow_expect(status, stalled=STILL_STALLED).to_have_text("done"),
        "follow_js": lambda: follow_js(page, "window.verliesDone", "done", stalled=STILL_STALLED),
        "wait_canvas": lambda: wait_canvas(page, "#c", stalled=STILL_STALLED),
        "follow_event": lambda: follow_event(
            page, "download", lambda: None, "a download", stalled=STILL_STALLED
        ),
    }
    for name, hang in hangs.items():
        started = time.monotonic()
        with pytest.raises(AssertionError, match="no progress for") as caught:
            hang()
        assert time.monotonic() - started >= STILL_STALLED, name
        if name == "follow_expect":  # Playwright's own words on what it saw
            assert "to_have_text('done')" in str(caught.value)
            assert "working" in str(caught.value)


def test_each_wait_waits_past_stalled_while_the_page_moves(page: Page) -> None:
    waits: dict[str, Callable[[], Any]] = {
        "follow": lambda: follow(
            page, lambda: page.inner_text("#status") == "done", "done", stalled=STALLED
        ),
        "follow_expect": lambda: follow_expect(
            page.locator("#status"), stalled=STALLED
        ).to_have_text("done"),
        "follow_js": lambda: follow_js(
            page, "window.verliesDone === true", "done", stalled=STALLED
        ),
        "wait_canvas": lambda: wait_canvas(page, "#c", stalled=STALLED),
    }
    for name, wait in waits.items():
        page.set_content(SLOW_PAGE)
        assert took(wait) > STALLED, name  # longer than a deadline of STALLED would allow
        # it waited for it: "done" is shown already, a check without a wait (1 ms)
        expect(page.locator("#status")).to_have_text("done", timeout=1)


def test_follow_event_returns_the_download(page: Page, tmp_path: Path) -> None:
    page.set_content('<a id="get" download="x.txt" href="data:text/plain,hello">get</a>')
    download = follow_event(page, "download", lambda: page.click("#get"), "x.txt")
    assert download.suggested_filename == "x.txt"
    download.save_as(tmp_path / "x.txt")
    assert (tmp_path / "x.txt").read_text() == "hello"


def test_follow_expect_takes_no_deadline(page: Page) -> None:
    page.set_content(STILL_PAGE)
    with pytest.raises(TypeError, match="no timeout"):
        follow_expect(page.locator("#status")).to_have_text("working", timeout=5000)


# ---- a server's CPU time: work counts, an idle server's ticks do not -----------------------


@pytest.fixture
def fake_server(tmp_path: Path) -> Iterator[Callable[[str], Any]]:
    """A process standing in for a server (its log, its CPU time), running ``code``."""
    started: list[subprocess.Popen[bytes]] = []

    def start(code: str) -> Any:
        proc = subprocess.Popen([sys.executable, "-c", code])
        started.append(proc)
        log = tmp_path / f"server-{len(started)}.log"
        log.write_text("")
        return SimpleNamespace(proc=proc, log_path=log)

    yield start
    for proc in started:
        proc.kill()
        proc.wait()


#: A process that sleeps ``{pause}`` s between bits of ``{work}`` s of CPU time.
TICKING = """
import time
while True:
    time.sleep({pause})
    t = time.process_time() + {work}
    while time.process_time() < t:
        pass
"""
#: An idle server: a timer's tick of work now and then (1 % of a core).
IDLE = TICKING.format(pause=0.5, work=0.005)
#: A server at work: it asks for a whole core. A busy machine gives it less (at a load
#: of 24-43 on 2 cores, a server asking a fifth of a core got under progress.BUSY and this
#: test failed), but a server that works as hard as it can still gets its share.
WORKING = TICKING.format(pause=0.001, work=0.05)


def idle_after(server: Any, seconds: float) -> float:
    progress = Progress(server, window=1.0)
    # The fake server's start (Python importing) is work: on a busy machine it reached into
    # the measured seconds. Watch it settle first, then count from now.
    settle = time.monotonic() + 2.0
    while time.monotonic() < settle:
        progress.look()
        time.sleep(0.1)
    progress.poke()
    end = time.monotonic() + seconds
    idle = 0.0
    while time.monotonic() < end:
        idle = progress.look()
        time.sleep(0.1)
    return idle


def test_an_idle_servers_ticks_are_no_progress(fake_server: Callable[[str], Any]) -> None:
    assert idle_after(fake_server(IDLE), 4.0) > 3.5


def test_a_working_server_is_progress(fake_server: Callable[[str], Any]) -> None:
    assert idle_after(fake_server(WORKING), 4.0) < 2.5


def test_a_server_that_writes_its_log_is_progress(fake_server: Callable[[str], Any]) -> None:
    server = fake_server("import time\ntime.sleep(60)")
    progress = Progress(server)
    for _ in range(8):
        time.sleep(0.5)
        with server.log_path.open("a") as log:
            log.write("a line\n")
        assert progress.look() < 1.0


def test_a_wait_on_a_page_that_hung_fails_though_its_server_and_kernel_idle(
    page: Page, page_url: Callable[..., str], voila_server: Any
) -> None:
    """The real play page and Voila: waiting for something the page never shows fails
    after ``stalled`` seconds while the server and the page's kernel only idle."""
    open_page(page, page_url("play.ipynb"), server=voila_server)
    # past two of progress.WINDOW: the server's CPU time is judged (idle) over two windows
    # before the wait fails (it was three, and 5 s more: 9 s of waiting that proved no more)
    stalled = 2 * WINDOW + 1.0
    started = time.monotonic()
    with pytest.raises(AssertionError, match="no progress for"):
        follow(page, has(page, ".vl-never-shown"), "nothing", stalled=stalled)
    assert time.monotonic() - started >= stalled
