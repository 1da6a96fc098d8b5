"""Load: ten people play at once on one Voila server, and their kernels are culled after.

Ten browser sessions (separate contexts) open the play page together, each starts a game of
bots only through the New-game form (2 to 4 players, its own seed, a round limit of 3) and
plays it to the end with Step, Round and "to the end". Then: every page reached game over,
no page logged a console error, the server log has no error, and once the pages are closed
the server's idle-kernel culling ends all ten kernels (seen in the process table and in
``GET /api/kernels/<id>``).

The sessions run concurrently with Playwright's asyncio API, in a thread of their own (the
sync API of pytest-playwright keeps an event loop on the test's thread). The server is
started like `./run play` (binder/voila.json) plus short culling settings; see
``_executor_args`` for the one other setting it may add. About 1.5 minutes on 2 cores.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import (
    ConsoleMessage,
    Error,
    Page,
    Route,
    WebSocket,
    async_playwright,
)

SESSIONS = 10
ROUND_LIMIT = 3
BOTS = ("random", "careful", "greedy", "reckless")
#: Short culling for this server only (binder/voila.json has 1200 s / 60 s). Not shorter:
#: with ten pages loading at once on two cores, a kernel idles ~10 s between running the
#: notebook and its page connecting; at 10 s the culler ended kernels before their pages
#: came up ("Kernel never reached an 'alive' state", pages without the app).
CULL_IDLE_TIMEOUT = 30
CULL_INTERVAL = 5
#: Seconds without websocket traffic before a finished session closes its page.
QUIET_BEFORE_CLOSE = 2.0
#: Seconds Voila waits for a cell's output after the cell ran (see _executor_args).
IOPUB_TIMEOUT = 60
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
_STATE_JS = "e => Object.assign({}, e.dataset)"
_DRAWN_JS = """
() => {
  const c = document.querySelector("canvas.vl-board");
  if (!c || !c.width || !c.height) return false;
  const d = new Uint32Array(c.getContext("2d").getImageData(0, 0, c.width, c.height).data.buffer);
  const colors = new Set();
  for (let i = 0; i < d.length && colors.size < 8; i += 7) if (d[i] >>> 24) colors.add(d[i]);
  return colors.size >= 8;
}
"""


@dataclass
class Outcome:
    """What one browser session saw."""

    index: int
    players: int
    seed: int
    kernel_id: str | None = None
    final: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)  # console errors, uncaught exceptions
    failure: str | None = None  # an exception in the scenario
    times: dict[str, float] = field(default_factory=dict)  # seconds since the start
    started: float = field(default_factory=time.monotonic)

    def mark(self, what: str) -> None:
        self.times[what] = round(time.monotonic() - self.started, 1)


async def _state(page: Page) -> dict[str, str]:
    data: dict[str, str] = await page.eval_on_selector(".vl-state", _STATE_JS)
    return data


async def _wait_change(page: Page, before: dict[str, str], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while await _state(page) == before:
        if time.monotonic() > deadline:
            raise AssertionError(f"the page did not react in {timeout} s; still {before}")
        await page.wait_for_timeout(50)


async def _click_and_wait(page: Page, selector: str) -> None:
    before = await _state(page)
    await page.click(selector)
    await _wait_change(page, before)


async def _play(page: Page, url: str, out: Outcome) -> None:
    await page.goto(url, timeout=120_000)
    out.mark("html")
    await page.wait_for_selector(".vl-state", timeout=120_000)
    out.mark("widgets")
    found = _KERNEL_ID.search(await page.content())
    out.kernel_id = found.group(1) if found else None
    await page.wait_for_function(_DRAWN_JS, timeout=60_000, polling=200)
    out.mark("drawn")

    # A new game of bots only, through the form (in English).
    await page.click(".vl-lang button:has-text('EN')")
    await page.wait_for_function(
        "document.querySelector('.vl-state').textContent.includes('to move')", timeout=60_000
    )
    await page.click(".vl-tabs .lm-TabBar-tab:has-text('New game')")
    await page.select_option(".vl-players-count select", str(out.players))
    bots = [BOTS[(out.index + seat) % len(BOTS)] for seat in range(out.players)]
    for seat, bot in enumerate(bots):
        await page.select_option(f".vl-seat-{seat + 1}-controller select", label=f"bot “{bot}”")
    await page.fill(".vl-seed input", str(out.seed))
    await page.press(".vl-seed input", "Enter")
    await page.fill(".vl-round-limit input", str(ROUND_LIMIT))
    await page.press(".vl-round-limit input", "Enter")
    await page.wait_for_timeout(300)  # the text fields sync on Enter
    await page.click(".vl-start")
    await page.wait_for_selector(".vl-board", state="visible")
    expected = {"seed": str(out.seed), "controllers": ",".join(bots), "step": "0"}
    deadline = time.monotonic() + 60
    while {k: (await _state(page)).get(k) for k in expected} != expected:
        assert time.monotonic() < deadline, f"the game did not start: {await _state(page)}"
        await page.wait_for_timeout(100)
    out.mark("started")

    # Play: a few single steps, a round, then to the end.
    for _ in range(3):
        await _click_and_wait(page, ".vl-step")
    if (await _state(page))["over"] == "0":
        await _click_and_wait(page, ".vl-step-round")
    clicks = 0
    while (await _state(page))["over"] == "0":
        clicks += 1
        assert clicks <= 5, f"'to the end' did not end the game: {await _state(page)}"
        await _click_and_wait(page, ".vl-step-end")
    await page.wait_for_function(
        "document.querySelector('.vl-state').textContent.includes('Game over')", timeout=30_000
    )
    out.final = await _state(page)
    out.mark("over")


async def _session(browser: Any, url: str, out: Outcome) -> Outcome:
    context = await browser.new_context(viewport={"width": 1100, "height": 800})
    blocked: list[str] = []

    async def route(r: Route) -> None:
        if urlsplit(r.request.url).hostname in LOCAL_HOSTS:
            await r.continue_()
        else:  # Voila's template links a CDN font: the tests stay on this machine
            blocked.append(r.request.url)
            await r.abort("blockedbyclient")

    await context.route("**/*", route)
    page = await context.new_page()

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error" and msg.location.get("url") not in blocked:
            out.errors.append(f"console.error: {msg.text} ({msg.location.get('url', '')})")

    def on_page_error(exc: Error) -> None:
        out.errors.append(f"uncaught: {exc}")

    last_frame = [time.monotonic()]

    def on_websocket(ws: WebSocket) -> None:
        def seen(_payload: str | bytes) -> None:
            last_frame[0] = time.monotonic()

        ws.on("framereceived", seen)
        ws.on("framesent", seen)

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("websocket", on_websocket)
    try:
        await _play(page, url, out)
        # As a person would: look at the result until the page is done updating, then close
        # the tab. (Closing while the kernel still sends makes tornado log a traceback for
        # the write to the closed socket.)
        deadline = time.monotonic() + 30
        while time.monotonic() - last_frame[0] < QUIET_BEFORE_CLOSE:
            assert time.monotonic() < deadline, "the page kept receiving messages"
            await page.wait_for_timeout(200)
    except Exception as exc:  # noqa: BLE001 - reported with the other sessions' outcomes
        out.failure = f"{type(exc).__name__}: {exc}"
    finally:
        # Closed as soon as its game is over: from now on its kernel idles until culled.
        await context.close()
        out.mark("closed")
    return out


async def _all_sessions(url: str, launch_args: dict[str, Any]) -> list[Outcome]:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**launch_args)
        try:
            outcomes = [Outcome(i, players=2 + i % 3, seed=700 + 37 * i) for i in range(SESSIONS)]
            return list(await asyncio.gather(*(_session(browser, url, o) for o in outcomes)))
        finally:
            await browser.close()


def _descendants(root: int) -> list[tuple[int, str]]:
    """(pid, command line) of every process below ``root``, read from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # the process ended meanwhile
        # pid (comm) state ppid ...; comm may contain spaces and parentheses
        ppid = int(text[text.rindex(")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(text.split(" ", 1)[0]))
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


def _kernel_processes(server: Any) -> list[int]:
    return [pid for pid, cmd in _descendants(server.proc.pid) if "ipykernel_launcher" in cmd]


def _executor_args(settings: dict[str, Any]) -> list[str]:
    """Voila drops a cell's output when it arrives more than ``iopub_timeout`` seconds (4 by
    default) after the cell finished. With ten play pages starting at once on two cores the
    app's display message (after ~465 widgets' comm_open messages) came later than that, and
    pages stayed empty: binder/voila.json must set a longer timeout, and this test uses it."""
    configured = settings.get("VoilaExecutor", {}).get("iopub_timeout", 4)
    assert configured >= IOPUB_TIMEOUT, (
        f"binder/voila.json: VoilaExecutor.iopub_timeout is {configured} s; under load Voila "
        f"renders the play page without the app (needs >= {IOPUB_TIMEOUT} s)"
    )
    return []


def test_ten_sessions_play_to_the_end_and_idle_kernels_are_culled(
    start_voila: Callable[..., Any],
    browser_type_launch_args: dict[str, Any],
    voila_settings: dict[str, Any],
) -> None:
    server = start_voila(
        "play.ipynb",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--MappingKernelManager.cull_connected=True",
        *_executor_args(voila_settings),
        name="play-load",
    )
    assert _kernel_processes(server) == []
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=1) as pool:
        outcomes = pool.submit(
            asyncio.run, _all_sessions(server.url("/"), browser_type_launch_args)
        ).result(timeout=240)
    played = time.monotonic() - started

    problems = [
        f"session {o.index} ({o.players} players, seed {o.seed}, {o.times}): {o.failure}"
        for o in outcomes
        if o.failure
    ]
    assert problems == [], "\n".join(problems)
    for o in outcomes:
        assert o.final["over"] == "1", o
        assert o.final["reason"] in ("escaped", "timeout"), o
        assert o.final["players"] == str(o.players) and o.final["seed"] == str(o.seed), o
    assert [(o.index, o.errors) for o in outcomes if o.errors] == []
    kernel_ids = {o.kernel_id for o in outcomes}
    assert None not in kernel_ids and len(kernel_ids) == SESSIONS, kernel_ids
    # All ten kernels still run (the culler has not come yet) and are seen in /proc.
    assert [kid for kid in kernel_ids if server.kernel_status(kid) != 200] == []
    assert len(_kernel_processes(server)) == SESSIONS
    assert "Timeout waiting for IOPub output" not in server.log_text()

    # The pages are closed: the culler ends each kernel within timeout + interval (plus
    # the shutdown itself); allow some more on a busy machine. Gone means: no kernel
    # process below the server, and the server no longer knows the ids (404).
    deadline = time.monotonic() + CULL_IDLE_TIMEOUT + 2 * CULL_INTERVAL + 45
    while True:
        alive = _kernel_processes(server)
        known = [kid for kid in kernel_ids if server.kernel_status(kid) != 404]
        if (not alive and not known) or time.monotonic() > deadline:
            break
        time.sleep(1)
    culled = time.monotonic() - started - played
    assert alive == [], f"kernel processes still running {culled:.0f} s after the pages closed"
    assert known == [], f"kernels still listed {culled:.0f} s after the pages closed"
    # ... and it was the culler: jupyter_server logs "Culling 'idle' kernel 'python3' (<id>)".
    culled_ids = set(
        re.findall(r"Culling 'idle' kernel '[^']*' \(([0-9a-f-]{36})\)", server.log_text())
    )
    assert kernel_ids <= culled_ids, kernel_ids - culled_ids
    assert server.log_errors() == []
    print(f"{SESSIONS} sessions played in {played:.1f} s; kernels culled {culled:.1f} s later")
    for o in outcomes:
        print(
            f"  session {o.index}: {o.players} players, seed {o.seed}, {o.final['step']} steps,"
            f" {o.final['reason']}; {o.times}"
        )
