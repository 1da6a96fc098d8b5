"""Load: a crowd arrives at once on one Voila server; each visitor gets a board and plays a
game to its end, or (above the server's kernel cap) the "table is full" page. Each visitor
then closes the tab, and the page's own shutdown request ends its kernel (the server ends
a kernel whose page's socket closed: the fallback, for a browser that could not say
goodbye).

Five browser sessions (separate contexts) open the play page together, on a server capped
at four kernels (two of them the preheated pool's), so the crowd meets both answers: at
least two boards built at once (two visitors' kernels and pages at work together, the load
the rule is about) and at least one full page. A larger crowd checks nothing more: each
board more is one more page building ~465 widgets on the same two cores (eight sessions at
a cap of six, four to six boards, took 225 s of a CI run and decided the suite's tail). How
many visitors the machine's own cap serves at once, and how fast, is measured in
benchmarks/load.py (20 visitors, ratios against a bare page), not here.

A session served a board starts a game of bots only through the New-game form (2 to 4
players, its own seed, a round limit of 3) and plays it to the end with Step, Round and "to
the end"; a session answered with HTTP 503 checks the full page (German and English). Then:
no session failed or hung, at least as many boards as the cap leaves for visitors and at
least one full page, no page logged a console
error, the server log has no error (but the 503 lines), and once the pages are closed every
visitor's kernel has ended (seen in the process table and in ``GET /api/kernels/<id>``);
only the preheated pool's kernels remain.

No wait has a fixed deadline: a watchdog fails the test when a session did not move for
``STALLED`` seconds (its websocket frames, its page's requests; or the server: its log, its
kernels' CPU time at work, progress.Progress; or the browser: its processes' CPU time at
work, while it builds the pages' widgets), so a slow, busy 2-core machine passes as long
as it makes progress, and one session that hangs fails once the others are done (a page's
console messages are no progress: a page whose kernel died may log errors for ever). The
sessions run with Playwright's asyncio API in a thread of their own (the sync API of
pytest-playwright keeps an event loop on the test's thread). The server is started like
`./run play` (binder/voila.json) plus the cap and a long wait for a page to connect.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_settings import LOCAL_HOSTS
from page_moves import DATASET_JS, KERNEL_ID
from playwright.async_api import (
    ConsoleMessage,
    Error,
    Page,
    Route,
    WebSocket,
    async_playwright,
)
from progress import Progress, browser_cpu_seconds, descendants, wait_server

from verlies.i18n import text

SESSIONS = 5
#: The server's kernel cap for this test (the pool's kernels count toward it): the pool's
#: two plus two, so that two visitors at least get a board at once and one more than the
#: cap is turned away.
CAP = 4
ROUND_LIMIT = 3
BOTS = ("random", "careful", "greedy", "reckless")
#: The shipped lifetimes (binder/voila.json, verlies.serve.kernels), not culling by
#: idleness: a short idle culler with ``cull_connected`` (180 s here before) ended a
#: connected page's kernel while its browser still built the page (241 s quiet at load 65),
#: and the 60 s for a page to connect ended every board's kernel before its page came (a
#: fresh clone's CI run at load 25-30, issue 38: no page had connected). A closed page
#: ends its kernel by its own request (leave.js) or, the request lost, the server ends it
#: ``disconnected_timeout`` after its websocket closed. A kernel handed to a page waits
#: for the page: a page that never connects still fails its session (the watchdog).
UNCONNECTED_TIMEOUT = 3600
#: Seconds without any progress anywhere before the test gives up (not a deadline: every
#: log line, kernel CPU tick, websocket frame or page event starts it again).
STALLED = 240.0
#: Seconds without websocket traffic before a finished session closes its page.
QUIET_BEFORE_CLOSE = 2.0
#: Seconds Voila waits for a cell's output after the cell ran (see _executor_args).
IOPUB_TIMEOUT = 60
#: Milliseconds between two looks of a wait in the page (:func:`_until`).
POLL_MS = 100
#: The state line's data differs from ``before`` (a dict) in a key or a value.
_STATE_OTHER_THAN_JS = """
(before) => {
  const e = document.querySelector(".vl-state");
  if (!e) return false;
  const now = Object.assign({}, e.dataset);
  const keys = new Set([...Object.keys(now), ...Object.keys(before)]);
  return [...keys].some((k) => now[k] !== before[k]);
}
"""
#: The state line's data has every key of ``want`` with its value.
_STATE_HAS_JS = """
(want) => {
  const e = document.querySelector(".vl-state");
  return !!e && Object.keys(want).every((k) => e.dataset[k] === want[k]);
}
"""
#: The New game form's seed and round limit fields show ``[seed, limit]``.
_FIELDS_JS = """
([seed, limit]) => {
  const value = (sel) => (document.querySelector(sel) || {}).value;
  return value(".vl-seed input") === seed && value(".vl-round-limit input") === limit;
}
"""
#: The state line's text contains ``words``.
_SAYS_JS = """
(words) => {
  const e = document.querySelector(".vl-state");
  return !!e && e.innerText.includes(words);
}
"""
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
    served: str = ""  # "board" or "full"
    kernel_id: str | None = None
    final: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)  # console errors, uncaught exceptions
    failure: str | None = None  # an exception in the scenario
    times: dict[str, float] = field(default_factory=dict)  # seconds since the start
    started: float = field(default_factory=time.monotonic)
    moved: float = field(default_factory=time.monotonic)  # when the session last moved
    events: dict[str, int] = field(default_factory=dict)  # what it saw, by kind

    def saw(self, kind: str, progress: bool = True) -> None:
        self.events[kind] = self.events.get(kind, 0) + 1
        if progress:
            self.moved = time.monotonic()

    def mark(self, what: str) -> None:
        self.times[what] = round(time.monotonic() - self.started, 1)
        self.saw(what)


async def _until(page: Page, script: str, arg: Any = None) -> None:
    """Wait until ``script`` (a function of ``arg``) is true in the page. It is polled in
    the page every 100 ms (no round trip to this process per look: eight pages polled from
    here cost the browser's driver and pytest more than the page does); no deadline, the
    watchdog ends a session that stops making progress."""
    await page.wait_for_function(script, arg=arg, polling=POLL_MS, timeout=0)


async def _state(page: Page) -> dict[str, str]:
    data: dict[str, str] = await page.eval_on_selector(".vl-state", DATASET_JS)
    return data


async def _click_and_wait(page: Page, selector: str) -> None:
    before = await _state(page)
    await page.click(selector)
    await _until(page, _STATE_OTHER_THAN_JS, before)


async def _full_page(page: Page, out: Outcome) -> None:
    shown = await page.inner_text("body")
    for lang in ("de", "en"):
        for key in ("page.full.title", "page.full.text"):
            assert text(key, lang) in shown, f"the 503 page lacks {key} ({lang}): {shown[:300]}"
    out.mark("full")


async def _play(page: Page, url: str, out: Outcome) -> None:
    response = await page.goto(url, wait_until="commit")
    assert response is not None
    out.mark("html")
    if response.status == 503:
        out.served = "full"
        await page.wait_for_load_state("load")
        await _full_page(page, out)
        return
    assert response.status == 200, f"HTTP {response.status}"
    out.served = "board"

    await _until(page, _DRAWN_JS)
    out.mark("drawn")
    found = KERNEL_ID.search(await page.content())
    out.kernel_id = found.group(1) if found else None

    # A new game of bots only, through the form (in English).
    await page.click(".vl-lang button:has-text('EN')")

    await _until(page, _SAYS_JS, "to move")
    await page.click(".vl-tabs .lm-TabBar-tab:has-text('New game')")
    await page.select_option(".vl-players-count select", str(out.players))
    bots = [BOTS[(out.index + seat) % len(BOTS)] for seat in range(out.players)]
    for seat, bot in enumerate(bots):
        await page.select_option(f".vl-seat-{seat + 1}-controller select", label=f"bot “{bot}”")
    await page.fill(".vl-seed input", str(out.seed))
    await page.press(".vl-seed input", "Enter")
    await page.fill(".vl-round-limit input", str(ROUND_LIMIT))
    await page.press(".vl-round-limit input", "Enter")
    # Enter sends each field's value before the click's message (one ordered websocket):
    # the fields show what was typed; the game's seed below shows it arrived.
    await _until(page, _FIELDS_JS, [str(out.seed), str(ROUND_LIMIT)])
    await page.click(".vl-start")
    expected = {"seed": str(out.seed), "controllers": ",".join(bots), "step": "0"}

    await _until(page, _STATE_HAS_JS, expected)
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

    await _until(page, _SAYS_JS, "Game over")
    out.final = await _state(page)
    out.mark("over")


async def _session(
    browser: Any, url: str, out: Outcome, kernel_gone: Callable[[str], bool]
) -> Outcome:
    context = await browser.new_context(viewport={"width": 1100, "height": 800})
    context.set_default_timeout(0)  # no fixed deadlines: the watchdog watches progress
    blocked: list[str] = []

    async def route(r: Route) -> None:
        if urlsplit(r.request.url).hostname in LOCAL_HOSTS:
            await r.continue_()
        else:
            blocked.append(r.request.url)
            await r.abort("blockedbyclient")

    await context.route("**/*", route)
    page = await context.new_page()

    def on_console(msg: ConsoleMessage) -> None:
        out.saw(f"console.{msg.type}", progress=False)
        if msg.type != "error" or msg.location.get("url") in blocked:
            return
        if out.served == "full" and "status of 503" in msg.text:
            return  # the browser notes the 503 of the full page itself
        out.errors.append(f"console.error: {msg.text} ({msg.location.get('url', '')})")

    def on_page_error(exc: Error) -> None:
        out.errors.append(f"uncaught: {exc}")

    last_frame = [time.monotonic()]

    def on_websocket(ws: WebSocket) -> None:
        def seen(payload: str | bytes) -> None:
            # The page's heartbeat (resume.js: a kernel_info_request every 2 s and its
            # reply) is neither the page updating nor progress: counted, a quiet machine
            # never saw 2 s without a frame and no session closed its page.
            raw = payload if isinstance(payload, bytes) else payload.encode()
            if b"verlies-beat-" in raw:
                return
            last_frame[0] = time.monotonic()
            out.saw("frame")

        ws.on("framereceived", seen)
        ws.on("framesent", seen)

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("websocket", on_websocket)
    page.on("requestfinished", lambda _request: out.saw("request"))
    try:
        await _play(page, url, out)
        # As a person would: look at the result until the page is done updating, then close
        # the tab. (Closing while the kernel still sends makes tornado log a traceback for
        # the write to the closed socket.)
        while time.monotonic() - last_frame[0] < QUIET_BEFORE_CLOSE:
            await page.wait_for_timeout(200)
        if blocked:
            out.errors.append(f"requests to other hosts: {blocked}")
    except Exception as exc:  # noqa: BLE001 - reported with the other sessions' outcomes
        out.failure = f"{type(exc).__name__}: {exc}"
    finally:
        # Closed as soon as its game is over, as a person closes a tab: the browser runs the
        # page's unload handlers and the page asks the server to end its kernel (leave.js; a
        # beacon, answered "leave the page?" yes). The browser context stays until the server
        # ended that kernel: closing it at once cancels the beacon, as a crashed browser
        # would, and then only the idle culler ends the kernel (minutes later; that path is
        # tests/browser/test_page_loads.py's).
        page.on("dialog", lambda dialog: asyncio.ensure_future(dialog.accept()))
        try:
            await page.close(run_before_unload=True)
        except Error:
            pass  # the page had gone already
        if out.kernel_id is not None:
            while not await asyncio.to_thread(kernel_gone, out.kernel_id):
                await asyncio.sleep(0.5)
            out.mark("kernel ended")
        await context.close()
        out.mark("closed")
    return out


async def _all_sessions(url: str, launch_args: dict[str, Any], server: Any) -> list[Outcome]:
    progress = Progress(server)
    # Pages building their widgets show nothing else for minutes on two busy cores: the
    # browser at work is progress as well (of every page: which one works is not known).
    browser_work = Progress()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**launch_args)
        try:
            outcomes = [Outcome(i, players=2 + i % 3, seed=700 + 37 * i) for i in range(SESSIONS)]

            def gone(kernel_id: str) -> bool:
                return bool(server.kernel_status(kernel_id) == 404)

            tasks = [asyncio.create_task(_session(browser, url, o, gone)) for o in outcomes]
            # The watchdog: all sessions end, or one did not move (nor the server) for
            # STALLED seconds. Once a minute it says where the unfinished sessions are.
            said = time.monotonic()
            while not all(t.done() for t in tasks):
                await asyncio.wait(tasks, timeout=1.0)
                if browser_work.due():  # a walk of /proc: once a window, not every second
                    browser_work.work(browser_cpu_seconds())
                server_idle = min(progress.look(), browser_work.look())
                now = time.monotonic()
                waiting = [
                    (min(now - o.moved, server_idle), o)
                    for o, t in zip(outcomes, tasks, strict=True)
                    if not t.done()
                ]
                stuck = [(idle, o) for idle, o in waiting if idle > STALLED]
                if stuck or now - said > 60:
                    said = now
                    report = "; ".join(
                        f"session {o.index}: idle {idle:.0f} s, {o.times}, {o.events}"
                        for idle, o in waiting
                    )
                    idle_for = f"{server_idle:.0f} s"
                    print(f"[watchdog] server and browser idle {idle_for}; {report}", flush=True)
                if stuck:
                    for t in tasks:
                        t.cancel()
                    raise AssertionError(
                        f"no progress for {STALLED:.0f} s in sessions "
                        f"{[o.index for _, o in stuck]}; "
                        f"{[(o.index, o.served, o.times, o.events) for o in outcomes]}"
                    )
            return [t.result() for t in tasks]
        finally:
            await browser.close()


def _kernel_processes(server: Any) -> list[int]:
    return [pid for pid, cmd in descendants(server.proc.pid) if "ipykernel_launcher" in cmd]


def _executor_args(settings: dict[str, Any]) -> list[str]:
    """Voila drops a cell's output when it arrives more than ``iopub_timeout`` seconds (4 by
    default) after the cell finished. With many play pages starting at once on two cores the
    app's display message (after ~465 widgets' comm_open messages) came later than that, and
    pages stayed empty: binder/voila.json must set a longer timeout, and this test uses it."""
    configured = settings.get("VoilaExecutor", {}).get("iopub_timeout", 4)
    assert configured >= IOPUB_TIMEOUT, (
        f"binder/voila.json: VoilaExecutor.iopub_timeout is {configured} s; under load Voila "
        f"renders the play page without the app (needs >= {IOPUB_TIMEOUT} s)"
    )
    return []


def _wait_quietly(server: Any, done: Callable[[], bool], what: str, idle: float = 0) -> None:
    """Wait until ``done()``; fail only after STALLED seconds without progress (plus
    ``idle``: a timer of the server's that the wait waits out, while nothing moves)."""
    wait_server(server, done, what, stalled=STALLED + idle)


def test_a_crowd_at_once_gets_a_board_or_the_full_page_and_closed_pages_end_their_kernels(
    start_voila: Callable[..., Any],
    browser_type_launch_args: dict[str, Any],
    voila_settings: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("VERLIES_MAX_KERNELS", raising=False)  # it would win over CAP
    server = start_voila(
        "play.ipynb",
        f"--CappedKernelManager.max_kernels={CAP}",
        "--CappedKernelManager.table_reserve=0",  # the cap alone (the reserve: test_table_cap)
        f"--CappedKernelManager.unconnected_timeout={UNCONNECTED_TIMEOUT}",
        *_executor_args(voila_settings),
        name="play-load",
    )
    voila = voila_settings["VoilaConfiguration"]
    pool = voila["default_pool_size"] if voila.get("preheat_kernel") else 0
    # The crowd is the smallest that meets both answers with two boards at once.
    assert CAP - pool >= 2 and SESSIONS > CAP, (CAP, pool, SESSIONS)
    found = re.search(r"verlies: at most (\d+) kernels at once", server.log_text())
    assert found, "the server runs without the kernel cap (verlies.serve.kernels)"
    cap = int(found.group(1))
    assert cap == CAP, cap
    # The visitors arrive at a server that is ready: its pool is full.
    _wait_quietly(server, lambda: len(_kernel_processes(server)) >= min(pool, cap), "the pool")

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=1) as pool_thread:
        outcomes = pool_thread.submit(
            asyncio.run, _all_sessions(server.url("/"), browser_type_launch_args, server)
        ).result()
    played = time.monotonic() - started

    problems = [
        f"session {o.index} ({o.players} players, seed {o.seed}, {o.times}): {o.failure}"
        for o in outcomes
        if o.failure
    ]
    assert problems == [], "\n".join(problems)
    assert [(o.index, o.errors) for o in outcomes if o.errors] == []
    boards = [o for o in outcomes if o.served == "board"]
    full = [o for o in outcomes if o.served == "full"]
    assert len(boards) + len(full) == SESSIONS
    # Pool kernels started meanwhile may hold seats: the rest of the cap went to visitors.
    assert len(boards) >= min(SESSIONS, cap - pool), (cap, pool, len(boards))
    # More visitors than seats, all arriving before any game is over (and its page closed,
    # freeing a seat): some were turned away with the full page.
    assert full, [(o.index, o.times) for o in outcomes]
    for o in boards:
        assert o.final["over"] == "1", o
        assert o.final["reason"] in ("escaped", "timeout"), o
        assert o.final["players"] == str(o.players) and o.final["seed"] == str(o.seed), o
    kernel_ids = {o.kernel_id for o in boards}
    assert None not in kernel_ids and len(kernel_ids) == len(boards), kernel_ids
    assert "Timeout waiting for IOPub output" not in server.log_text()

    # The pages are closed: each visitor's kernel has ended. Gone means: the server no
    # longer knows the id (404), and only the pool's kernels are left in the process table.
    def culled() -> bool:
        known = [kid for kid in kernel_ids if server.kernel_status(kid) != 404]
        return not known and len(_kernel_processes(server)) <= pool

    # A kernel whose page's request was lost ends when the server's timer for a page gone
    # is over, while nothing moves: that counts extra.
    gone_after = (
        voila_settings["CappedKernelManager"]["disconnected_timeout"]
        + voila_settings["MappingKernelManager"]["cull_interval"]
    )
    _wait_quietly(server, culled, "the visitors' kernels to end", gone_after)
    culled_after = time.monotonic() - started - played
    # ... and it was the culler ("Culling 'idle' kernel 'python3' (<id>)"), or the page's own
    # shutdown request as it closed ("Kernel shutdown: <id>": a closed page ends its kernel,
    # binder/share/jupyter/voila/templates/verlies/leave.js); no kernel just vanished.
    log = server.log_text()
    culled_ids = set(re.findall(r"Culling 'idle' kernel '[^']*' \(([0-9a-f-]{36})\)", log))
    shut_ids = set(re.findall(r"Kernel shutdown: ([0-9a-f-]{36})", log))
    assert kernel_ids <= culled_ids | shut_ids, kernel_ids - culled_ids - shut_ids
    # The only errors: the access log's lines of the full pages.
    assert [e for e in server.log_errors() if "503 GET / " not in e] == []
    print(
        f"{SESSIONS} visitors (cap {cap}, pool {pool}): {len(boards)} boards, {len(full)} full "
        f"pages in {played:.1f} s; kernels ended {culled_after:.1f} s later "
        f"({len(kernel_ids - culled_ids)} by their page, the rest by the culler)"
    )
    for o in outcomes:
        print(f"  session {o.index}: {o.served}, {o.players} players, seed {o.seed}; {o.times}")
