"""Nothing lost, in a real browser against a real Voila (issue 11, item 1): the page's
kernel is killed mid-game, the page says so, the reload resumes at the same step with the
same board; the server is restarted, the same; a second tab of the same browser is offered
the unfinished game; and pages nobody played leave nothing in the store.

Each test runs its own Voila (the settings of ``./run play``) with a store in a temporary
directory, so it can read the records back. The machine may be heavily loaded: every wait
follows the page's progress (the state line, the autosave line) with a generous bound.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from test_play import BOARD, board_data, click_one_step, state

from verlies.store import PlaytestStore

#: Upper bounds only; every wait ends as soon as the page shows what it waits for.
PAGE_MS = 240_000
REACT_MS = 60_000


@pytest.fixture
def served(
    tmp_path: Path,
    start_voila: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> Iterator[tuple[Any, str]]:
    """A Voila serving play.ipynb with its own store; yields (server, store URL)."""
    url = f"sqlite:///{tmp_path / 'playtests.sqlite'}"
    monkeypatch.setenv("VERLIES_STORE_URL", url)  # the server takes its environment from here
    monkeypatch.setenv("VERLIES_RECORD_PLAYTESTS", "1")
    server = start_voila("play.ipynb", name=f"resume-{request.node.name}")
    try:
        yield server, url
    finally:
        server.stop()


def open_app(page: Page, url: str) -> None:
    """Load the page and wait until its app is up and the kernel knows the browser."""
    page.goto(url, timeout=PAGE_MS)
    page.wait_for_selector(".vl-state", timeout=PAGE_MS)
    page.wait_for_function(
        "() => { const e = document.querySelector('.vl-autosave');"
        " return e && e.dataset.client && e.dataset.client.length === 32; }",
        timeout=PAGE_MS,
    )


def saved_at(page: Page, step: str) -> None:
    page.wait_for_selector(
        f".vl-autosave[data-step='{step}'][data-saved='1']", state="attached", timeout=REACT_MS
    )


def kernel_pid(kernel_id: str) -> int:
    """The process of the kernel (its command line names its connection file)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if f"kernel-{kernel_id}.json".encode() in cmd:
            return int(entry.name)
    raise AssertionError(f"no process for kernel {kernel_id}")


def play_some(page: Page, steps: int) -> dict[str, str]:
    for _ in range(steps):
        click_one_step(page)
    now = state(page)
    saved_at(page, now["step"])
    return now


def resume_offered(page: Page, step: str) -> None:
    offer = page.locator(".vl-resume-offer")
    offer.wait_for(state="visible", timeout=PAGE_MS)
    text = page.locator(".vl-resume-offer-text")
    assert text.get_attribute("data-step") == step, text.inner_text()
    assert step in text.inner_text()


def resume(page: Page, want: dict[str, str], board: dict[str, str], line: str) -> None:
    page.click(".vl-resume")
    deadline = time.monotonic() + REACT_MS / 1000
    while state(page) != want:
        assert time.monotonic() < deadline, f"not resumed: {state(page)} != {want}"
        page.wait_for_timeout(100)
    assert board_data(page) == board  # the same board: tiles, figures, targets
    assert page.inner_text(".vl-state") == line  # the same state line, word for word
    page.wait_for_selector(".vl-resume-offer", state="hidden", timeout=REACT_MS)


def test_a_killed_kernel_says_so_and_the_reload_resumes_at_the_same_step(
    served: tuple[Any, str], context: BrowserContext, page: Page
) -> None:
    server, url = served
    open_app(page, server.url("/"))
    before = play_some(page, 6)
    board = board_data(page)
    line = page.inner_text(".vl-state")
    kernel = page.evaluate("() => window.verliesWatch.kernel")
    killed = time.monotonic()
    os.kill(kernel_pid(kernel), signal.SIGKILL)
    banner = page.locator(".vl-lost-banner")
    banner.wait_for(state="visible", timeout=REACT_MS)
    print(f"kernel killed -> banner: {time.monotonic() - killed:.1f} s")  # a figure, no bound
    assert f"Schritt {before['step']}" in banner.inner_text()  # the page speaks German
    assert banner.get_attribute("data-why") == "kernel"

    page.reload(timeout=PAGE_MS)
    open_app(page, server.url("/"))
    resume_offered(page, before["step"])
    resume(page, before, board, line)
    after = play_some(page, 2)  # and it plays on, saved into the same record
    (rec,) = PlaytestStore(url).unfinished()
    assert str(rec.cursor) == after["step"]

    # the same browser opens the page again: the unfinished game is offered there too
    second = context.new_page()
    open_app(second, server.url("/"))
    resume_offered(second, after["step"])
    second.close()


def test_a_restarted_server_says_so_and_the_reload_resumes(
    served: tuple[Any, str], page: Page
) -> None:
    server, url = served
    open_app(page, server.url("/"))
    before = play_some(page, 4)
    board = board_data(page)
    line = page.inner_text(".vl-state")
    stopped = time.monotonic()
    server.stop()
    banner = page.locator(".vl-lost-banner")
    banner.wait_for(state="visible", timeout=REACT_MS)
    print(f"server stopped -> banner: {time.monotonic() - stopped:.1f} s")  # a figure, no bound
    assert f"Schritt {before['step']}" in banner.inner_text()
    server.start(timeout=180)  # the same port, the same store
    page.click(".vl-lost-reload")
    open_app(page, server.url("/"))
    resume_offered(page, before["step"])
    resume(page, before, board, line)
    assert len(PlaytestStore(url)) == 1


def test_pages_nobody_played_leave_no_record(
    served: tuple[Any, str], page: Page, wait_for_canvas: Callable[..., Any]
) -> None:
    server, url = served
    with server.rendering("/") as rendered:  # a script's GET: a kernel runs the notebook
        assert rendered.response.status == 200
    open_app(page, server.url("/"))  # a visitor who only looks (and the preheated kernels)
    wait_for_canvas(page, BOARD, min_colors=8)
    page.click(".vl-lang button:has-text('EN')")
    page.wait_for_function("document.querySelector('.vl-state').textContent.includes('move')")
    store = PlaytestStore(url)
    assert len(store) == 0 and store.unfinished() == []
    play_some(page, 1)
    (rec,) = store.unfinished()
    assert rec.seats == ("human", "careful") and rec.steps >= 1
    assert page.get_attribute(".vl-autosave", "data-unsaved") == "0"  # saved: no warning


def test_closing_the_tab_warns_while_the_game_is_not_saved(
    start_voila: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    context: BrowserContext,
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("the store cannot live under a file")
    monkeypatch.setenv("VERLIES_STORE_URL", f"sqlite:///{blocker / 'playtests.sqlite'}")
    server = start_voila("play.ipynb", name="resume-broken-store")
    try:
        page = context.new_page()
        open_app(page, server.url("/"))
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.type), d.accept()))
        assert page.get_attribute(".vl-autosave", "data-unsaved") == "0"
        click_one_step(page)  # played, and the store refuses it
        page.wait_for_selector(".vl-autosave[data-unsaved='1']", timeout=REACT_MS)
        assert "Nicht gespeichert" in page.inner_text(".vl-autosave")
        pump = context.new_page()  # Playwright delivers events while it waits on a page
        page.close(run_before_unload=True)
        deadline = time.monotonic() + REACT_MS / 1000
        while not dialogs:
            assert time.monotonic() < deadline, "no warning before the tab closed"
            pump.wait_for_timeout(100)
        assert dialogs == ["beforeunload"]
    finally:
        server.stop()
