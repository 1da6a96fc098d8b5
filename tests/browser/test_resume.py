"""Nothing lost, in a real browser against a real Voila (issue 11, item 1): the page's
kernel is killed mid-game, the page says so, the reload resumes at the same step with the
same board; the server is restarted, the same; a second tab of the same browser is offered
the unfinished game; and pages nobody played leave nothing in the store.

The tests share one Voila (the settings of ``./run play``) with a store in a temporary
directory, so they can read the records back; the store is emptied before each test
(``served``), and each test is a browser of its own. The restart stops and starts that
server (the same port, the same store); the test of a store that refuses to save runs a
Voila of its own. The machine may be heavily loaded: no wait has
a deadline; each fails only when nothing moved for a while (the page, the server's log and
CPU time: tests/browser/progress.py), so a busy machine passes and a hang still fails.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from page_moves import browser_known, state, targets
from playwright.sync_api import BrowserContext, Page
from progress import follow, has, open_page, wait_page
from test_designer import visible_branches
from test_play import board_data, click_canvas

from verlies.i18n import text
from verlies.store import PlaytestStore
from verlies.store.db import playtests


@pytest.fixture(scope="module")
def store_server(
    tmp_path_factory: pytest.TempPathFactory, start_voila: Callable[..., Any]
) -> Iterator[tuple[Any, str]]:
    """One Voila for the module serving play.ipynb with a store of its own (the settings
    of ``./run play``, playtests recorded); yields (server, store URL)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('resume') / 'playtests.sqlite'}"
    with pytest.MonkeyPatch.context() as env:  # the server takes its environment from here
        env.setenv("VERLIES_STORE_URL", url)
        env.setenv("VERLIES_RECORD_PLAYTESTS", "1")
        server = start_voila("play.ipynb", name="resume")
    try:
        yield server, url
    finally:
        server.stop()


@pytest.fixture
def served(store_server: tuple[Any, str]) -> tuple[Any, str]:
    """The module's Voila with its store emptied: a test sees only the records its own
    pages write. Nothing else of an earlier test reaches it: each test's browser context
    (pytest-playwright's, closed at its end) is a browser of its own, whose localStorage
    id the resume offer goes by, and a page nobody plays writes nothing. A test that
    stopped the server (the restart) and failed before starting it again is made good."""
    server, url = store_server
    if server.proc is None or server.proc.poll() is not None:
        server.start(timeout=180)
    empty_store(url)
    return server, url


def empty_store(url: str) -> None:
    """Delete every record (and its steps) from the store at ``url``."""
    store = PlaytestStore(url)
    with store.engine.connect() as conn:
        ids = [row[0] for row in conn.execute(sa.select(playtests.c.id))]
    for rid in ids:
        store.delete(rid)
    assert len(store) == 0


def open_app(page: Page, server: Any, url: str | None = None) -> None:
    """Load the page (None: reload it) and wait until its app is up and the kernel knows
    the browser."""
    open_page(page, url, server=server)
    browser_known(page, server)


def wait_app(page: Page, server: Any) -> None:
    wait_page(page, server=server)
    browser_known(page, server)


def saved_at(page: Page, server: Any, step: str) -> None:
    follow(
        page,
        has(page, f".vl-autosave[data-step='{step}'][data-saved='1']"),
        f"step {step} saved",
        server=server,
    )


def one_step(page: Page, server: Any) -> dict[str, str]:
    """Play the next step by clicking as a person would (as test_play's click_one_step,
    waiting by progress); returns the state before it."""
    s = state(page)
    if s["chance"] == "1":
        page.click(".vl-roll:visible")  # one button per kind (die, card); the other is hidden
    elif s["pending"] == "place":
        if page.query_selector(".vl-ghost") is None:
            click_canvas(page, targets(page, "place")[0])  # the card appears as a ghost
            follow(page, has(page, ".vl-ghost"), "the card's ghost", server=server)
        page.click(".vl-confirm-place")
    elif s["pending"] == "turn" and page.query_selector(".vl-action-draw"):
        page.click(".vl-action-draw")
    elif s["pending"] == "turn" and targets(page, "walk"):
        click_canvas(page, targets(page, "walk")[0])
    else:
        page.click(".vl-action >> nth=0")  # decisions: attempt, choose, lose, wait ...
    follow(page, lambda: state(page) != s, f"the page to answer a click at {s}", server=server)
    return s


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


def play_some(page: Page, server: Any, steps: int) -> dict[str, str]:
    for _ in range(steps):
        one_step(page, server)
    now = state(page)
    saved_at(page, server, now["step"])
    return now


def resume_offered(page: Page, server: Any, step: str) -> None:
    follow(page, has(page, ".vl-resume-offer", "visible"), "the resume offer", server=server)
    text = page.locator(".vl-resume-offer-text")
    follow(
        page,
        lambda: text.get_attribute("data-step") == step and step in text.inner_text(),
        f"the offer to resume at step {step}",
        server=server,
    )


def resume(page: Page, server: Any, want: dict[str, str], board: dict[str, str], line: str) -> None:
    page.click(".vl-resume")
    follow(page, lambda: state(page) == want, f"the game resumed at {want}", server=server)
    # the same board (tiles, figures, targets) and the same state line, word for word
    follow(page, lambda: board_data(page) == board, "the same board", server=server)
    follow(page, lambda: page.inner_text(".vl-state") == line, "the same line", server=server)
    follow(
        page,
        lambda: not page.locator(".vl-resume-offer").is_visible(),
        "the offer to go",
        server=server,
    )


def banner_shown(page: Page, server: Any) -> None:
    follow(page, has(page, ".vl-lost-banner", "visible"), "the lost-game banner", server=server)


def test_a_killed_kernel_says_so_and_the_reload_resumes_at_the_same_step(
    served: tuple[Any, str], context: BrowserContext, page: Page
) -> None:
    server, url = served
    open_app(page, server, server.url("/"))
    before = play_some(page, server, 6)
    board = board_data(page)
    line = page.inner_text(".vl-state")
    kill_kernel(page)
    banner = page.locator(".vl-lost-banner")
    follow(  # the page speaks German
        page,
        lambda: (
            f"Schritt {before['step']}" in banner.inner_text()
            and banner.get_attribute("data-why") == "kernel"
        ),
        "the banner's step and cause",
    )

    open_app(page, server)  # the reload
    resume_offered(page, server, before["step"])
    resume(page, server, before, board, line)
    after = play_some(page, server, 2)  # and it plays on, saved into the same record
    (rec,) = PlaytestStore(url).unfinished()
    assert str(rec.cursor) == after["step"]

    # the same browser opens the page again: the unfinished game is offered there too
    second = context.new_page()
    open_app(second, server, server.url("/"))
    resume_offered(second, server, after["step"])
    second.close()


def test_a_kernel_ended_under_its_page_says_so_and_the_page_takes_no_input(
    served: tuple[Any, str], page: Page
) -> None:
    """The server ends a kernel whose page is open (a shutdown request; the culler and the
    lifetime rules take the same way, verlies/serve/kernels.py): the page says so at once,
    in its language, and refuses every click and key instead of pretending to work."""
    server, _ = served
    open_app(page, server, server.url("/"))
    page.click(".vl-lang button:has-text('EN')")
    follow(page, lambda: "move" in page.inner_text(".vl-state"), "English", server=server)
    before = play_some(page, server, 2)
    kernel = page.evaluate("() => window.verliesWatch.kernel")
    page.evaluate(
        """() => { window.verliesSeen = 0;
        for (const t of ["click", "mousedown", "keydown"])
          document.addEventListener(t, () => { window.verliesSeen += 1; }, true); }"""
    )
    ended = time.monotonic()
    assert server.shutdown_kernel(kernel) == 204
    banner_shown(page, None)  # the page's own watch
    print(f"kernel ended -> banner: {time.monotonic() - ended:.1f} s")  # a figure, no bound
    banner = page.locator(".vl-lost-banner")
    assert banner.get_attribute("data-why") == "kernel"  # told, not guessed from a closed socket
    assert text("page.autosave.lost", "en", step=before["step"]) in banner.inner_text()
    assert page.inner_text(".vl-lost-inert") == text("page.lost.inert", "en")
    assert page.evaluate("() => document.activeElement.className") == "vl-lost-reload"

    # Input refused: the board's controls are inert, a click where a button is reaches no
    # listener of the page, a shortcut key neither.
    assert page.evaluate("() => document.querySelector('.vl-state').closest('[inert]') !== null")
    target = page.locator(".vl-action, .vl-roll").locator("visible=true").first
    box = target.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.evaluate("() => document.activeElement.blur()")  # keys to the page, not the banner
    page.keyboard.press("ArrowRight")  # the board's shortcut (keyboard.js)
    # the key down and up stopped at the window (the click hit inert content: no target)
    follow(page, lambda: page.evaluate("() => window.verliesWatch.refused") >= 2, "refusals")
    print("refused:", page.evaluate("() => window.verliesWatch.refused"))
    assert page.evaluate("() => window.verliesSeen") == 0
    assert state(page) == before  # nothing moved, no "ok" from a dead kernel

    # What a person sees at each width: the words, then the button, then the note, all
    # inside the window.
    for width in (390, 800, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        parts = page.evaluate(BANNER_PARTS_JS)
        assert [p["cls"] for p in parts] == ["vl-lost-text", "vl-lost-reload", "vl-lost-inert"]
        for part in parts:
            assert part["width"] > 0 and 0 <= part["left"] and part["right"] <= width, (
                width,
                part,
            )
        assert parts[0]["top"] <= parts[1]["top"] + parts[1]["height"] <= parts[2]["bottom"]


#: The banner's parts in the order shown, with their boxes.
BANNER_PARTS_JS = """
() => Array.from(document.querySelector(".vl-lost-banner").children).map((e) => {
  const r = e.getBoundingClientRect();
  return {cls: e.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          width: r.width, height: r.height};
})
"""


def kill_kernel(page: Page) -> None:
    """SIGKILL the page's kernel and wait for the page to say so (the time is printed)."""
    kernel = page.evaluate("() => window.verliesWatch.kernel")
    killed = time.monotonic()
    os.kill(kernel_pid(kernel), signal.SIGKILL)
    banner_shown(page, None)  # the page's own watch: no server progress to follow
    print(f"kernel killed -> banner: {time.monotonic() - killed:.1f} s")  # a figure, no bound


def stop_workers(page: Page) -> list[int]:
    """SIGSTOP every process under the page's kernel (a run's worker processes): the run
    cannot end before the kill, however fast the machine. The processes stopped."""
    stopped: list[int] = []
    todo = [kernel_pid(page.evaluate("() => window.verliesWatch.kernel"))]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except OSError:
                continue
            stopped += kids
            todo += kids
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    return stopped


def kill_stopped(pids: list[int]) -> None:
    """The dead kernel's stopped workers go with it (a stopped process never reads the
    closed pipe that would end it)."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def goto_step(page: Page, server: Any, k: int) -> None:
    """Time travel to step ``k`` with the slider's readout (as a person types it)."""
    if state(page)["step"] == str(k):
        return
    page.locator(".vl-history .widget-readout").click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(k))
    page.keyboard.press("Enter")
    follow(page, lambda: state(page)["step"] == str(k), f"step {k}", server=server)


def saved_now(page: Page) -> bool:
    """The autosave line says the step the state line shows is saved."""
    step = state(page)["step"]
    return page.query_selector(f".vl-autosave[data-step='{step}'][data-saved='1']") is not None


def branch_at_a_past_chance(page: Page, server: Any, url: str) -> None:
    """Go back to the last chance point and take another outcome there (the what-if
    picker): a second branch starts and the first line stays."""
    k = int(state(page)["step"]) - 1
    while True:
        assert k >= 0, "no chance point to branch at"
        goto_step(page, server, k)
        if state(page)["chance"] == "1":
            break
        k -= 1
    for pick in (-1, 0):  # the last outcome, or the first if the last is what happened
        s = state(page)
        page.click(".vl-pick-toggle")
        options = page.locator(".vl-what-if select option")
        follow(page, lambda o=options: o.count() > 1, "the outcomes to pick", server=server)
        page.select_option(".vl-what-if select", index=options.count() - 1 if pick else 0)
        page.click(".vl-take-outcome")
        follow(
            page,
            lambda s=s: state(page) != s and saved_now(page),
            "the outcome taken, and saved",
            server=server,
        )
        # Whether a branch started (another outcome than the one that happened) the store
        # says, the kernel's own record; the page's list of branches comes after its state
        # line: follow it to that many.
        (rec,) = PlaytestStore(url).unfinished()
        rows = len(rec.tree().names)
        follow(page, lambda n=rows: len(visible_branches(page)) == n, "the branches", server=server)
        if rows == 2:
            return
        goto_step(page, server, k)
    raise AssertionError("no other outcome started a branch")


def test_a_resumed_game_has_its_branches_back(served: tuple[Any, str], page: Page) -> None:
    server, url = served
    open_app(page, server, server.url("/"))
    play_some(page, server, 8)
    branch_at_a_past_chance(page, server, url)
    before = play_some(page, server, 1)  # on the new branch, saved
    follow(
        page,
        lambda: len(b := visible_branches(page)) == 2 and b[1] == "2",
        "the new branch shown, and the old line",
        server=server,
    )
    branches = visible_branches(page)
    board = board_data(page)
    line = page.inner_text(".vl-state")
    kill_kernel(page)

    open_app(page, server)  # the reload
    resume_offered(page, server, before["step"])
    resume(page, server, before, board, line)
    follow(page, lambda: visible_branches(page) == branches, "the branches", server=server)
    # and the first line is there to go back to, every step of it
    s = state(page)
    page.click(".vl-branch:has-text('1 · ')")
    follow(page, lambda: state(page) != s, "the switch to branch 1", server=server)
    want = ["1", f"2 · {s['history']}"]
    follow(page, lambda: visible_branches(page) == want, f"the branches {want}", server=server)
    now = state(page)
    saved_at(page, server, now["step"])  # the switch is saved too
    (rec,) = PlaytestStore(url).unfinished()
    assert rec.cursor == int(now["step"]) and rec.steps == int(now["history"])


def test_a_restarted_server_says_so_and_the_reload_resumes(
    served: tuple[Any, str], page: Page
) -> None:
    server, url = served
    open_app(page, server, server.url("/"))
    before = play_some(page, server, 4)
    board = board_data(page)
    line = page.inner_text(".vl-state")
    stopped = time.monotonic()
    server.stop()
    banner_shown(page, None)
    print(f"server stopped -> banner: {time.monotonic() - stopped:.1f} s")  # a figure, no bound
    follow(
        page,
        lambda: f"Schritt {before['step']}" in page.locator(".vl-lost-banner").inner_text(),
        "the banner's step",
    )
    server.start(timeout=180)  # the same port, the same store
    page.evaluate("() => { window.verliesOldDocument = true; }")
    page.click(".vl-lost-reload")
    follow(
        page,
        lambda: bool(page.evaluate("() => !window.verliesOldDocument")),
        "the reload",
        server=server,
    )
    wait_app(page, server)
    resume_offered(page, server, before["step"])
    resume(page, server, before, board, line)
    assert len(PlaytestStore(url)) == 1


def test_pages_nobody_played_leave_no_record(served: tuple[Any, str], page: Page) -> None:
    server, url = served
    with server.rendering("/") as rendered:  # a script's GET: a kernel runs the notebook
        assert rendered.response.status == 200
    open_app(page, server, server.url("/"))  # a visitor who only looks (and the preheated pool)
    page.click(".vl-lang button:has-text('EN')")
    follow(page, lambda: "move" in page.inner_text(".vl-state"), "English", server=server)
    store = PlaytestStore(url)
    assert len(store) == 0 and store.unfinished() == []
    play_some(page, server, 1)
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
        open_app(page, server, server.url("/"))
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.type), d.accept()))
        assert page.get_attribute(".vl-autosave", "data-unsaved") == "0"
        one_step(page, server)  # played, and the store refuses it
        follow(page, has(page, ".vl-autosave[data-unsaved='1']"), "'not saved'", server=server)
        assert "Nicht gespeichert" in page.inner_text(".vl-autosave")
        pump = context.new_page()  # Playwright delivers events while it waits on a page
        page.close(run_before_unload=True)
        follow(pump, lambda: bool(dialogs), "a warning before the tab closed", server=server)
        assert dialogs == ["beforeunload"]
    finally:
        server.stop()
