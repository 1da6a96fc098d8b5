"""Load benchmark: the play page served to many visitors, against a bare ipycanvas page.

    .venv/bin/python benchmarks/load.py                  # a few minutes on 2 busy cores
    .venv/bin/python benchmarks/load.py --visitors 20 --loads 5 --steps 100 --json /tmp/l.json

A measurement, not a test (pytest does not collect it; tests/browser/test_load.py checks the
behaviour). Voila servers as `./run play` starts them (binder/voila.json: preheated kernels,
the kernel cap of verlies.serve), each for one notebook: ``notebooks/play.ipynb``,
``benchmarks/bare_canvas.ipynb`` (the baseline: a canvas and a button, no verlies code)
and, for comparison, the play page without the preheated pool. Headless Debian Chromium
drives them through Playwright. Printed, all from the same run:

1. **cold page -> board**: one visitor at a time on a quiet server (pool refilled, kernels
   idle), navigation start until the board canvas first shows a drawn picture; play / bare
   as a ratio (goal <= 1.2x), and the play page without the pool.
2. **a crowd**: N visitors arriving at once; per visitor the time to the board, or the
   "table is full" page (HTTP 503) above the cap; p50/p95/max for both pages and the p95
   ratio. Never a hang: every wait ends when the servers stop making progress.
3. **kernel memory**: RSS of the play page's kernel process after a game of bots of at
   least ``--steps`` steps (goal <= 120 MB), beside the bare page's kernel.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from playwright.async_api import Browser, Page, Route, async_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "tests" / "browser"))
from browser_settings import CHROMIUM, CHROMIUM_ARGS, LOCAL_HOSTS  # noqa: E402
from ui import _INIT_JS  # noqa: E402  (the drawImage hook that notes when a board is drawn)
from voila_server import VoilaServer  # noqa: E402

GOALS = {"cold_ratio": 1.2, "kernel_mb": 120.0}
#: Seconds without any progress (server logs, kernel CPU, page events) before giving up.
STALLED = 180.0
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


class Progress:
    """When anything last moved: a server log grew, kernels used CPU, a page did something."""

    def __init__(self, servers: list[VoilaServer]) -> None:
        self.servers = servers
        self.last = time.monotonic()
        self._seen: tuple[Any, ...] = ()

    def poke(self) -> None:
        self.last = time.monotonic()

    def check(self, what: str) -> None:
        seen = tuple((s.log_path.stat().st_size, round(s.cpu_seconds(), 1)) for s in self.servers)
        if seen != self._seen:
            self._seen = seen
            self.poke()
        if time.monotonic() - self.last > STALLED:
            raise RuntimeError(f"no progress for {STALLED:.0f} s while waiting for {what}")


async def until(progress: Progress, what: str, done: Any, interval: float = 0.2) -> Any:
    """Poll the coroutine function ``done`` until it returns something truthy."""
    while True:
        result = await done()
        if result:
            return result
        progress.check(what)
        await asyncio.sleep(interval)


async def quiet(progress: Progress, servers: list[VoilaServer], idle_share: float = 0.1) -> None:
    """Wait until the servers and their kernels use less than ``idle_share`` of a core."""
    before = sum(s.cpu_seconds() for s in servers)
    while True:
        await asyncio.sleep(1.0)
        now = sum(s.cpu_seconds() for s in servers)
        if now - before < idle_share:
            return
        before = now
        progress.poke()  # they are working: that is progress


def new_context_args() -> dict[str, Any]:
    return {"viewport": {"width": 1100, "height": 900}}


async def _route(r: Route) -> None:
    from urllib.parse import urlsplit

    if urlsplit(r.request.url).hostname in LOCAL_HOSTS:
        await r.continue_()
    else:
        await r.abort("blockedbyclient")


@dataclass
class Visit:
    outcome: str  # "board", "full" or "error: ..."
    ms: float | None = None  # navigation start -> board drawn (or -> full page shown)
    kernel_id: str | None = None
    profile: dict[str, float] = field(default_factory=dict)  # where the time went (ms)


# Where a cold load's time goes, read in the page once the board is drawn: the HTML (the
# server: a kernel taken from the pool, or started and run), the page's scripts, the
# kernel's websocket (opened, first and last message before the board), and the views
# built (widget elements in the page).
_PROFILE_JS = """
(cls) => {
  const B = window.__bench, drawn = B.drawn[cls];
  const nav = performance.getEntriesByType("navigation")[0];
  const before = B.frames.filter((t) => t <= drawn);
  return {
    html_ms: nav.responseEnd,
    dom_ready_ms: nav.domContentLoadedEventEnd,
    load_ms: nav.loadEventEnd || drawn,
    socket_first_ms: before.length ? before[0] : drawn,
    socket_last_ms: before.length ? before[before.length - 1] : drawn,
    messages: before.length,
    sent: B.sent.filter((t) => t <= drawn).length,
    views: document.querySelectorAll(".jupyter-widgets, .lm-Widget").length,
    drawn_ms: drawn,
  };
}
"""
#: Chromium's main-thread totals (CDP Performance.getMetrics), in ms.
_CDP_METRICS = {
    "TaskDuration": "main_thread_ms",
    "ScriptDuration": "script_ms",
    "LayoutDuration": "layout_ms",
    "RecalcStyleDuration": "style_ms",
}


async def visit(
    browser: Browser, server: VoilaServer, progress: Progress, keep: bool = False
) -> Any:
    context = await browser.new_context(**new_context_args())
    await context.route("**/*", _route)
    await context.add_init_script(_INIT_JS)
    page = await context.new_page()
    page.on("framenavigated", lambda _f: progress.poke())
    cls = json.dumps(server.canvas)
    cdp = await context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    try:
        response = await page.goto(server.url, wait_until="commit", timeout=0)
        if response is not None and response.status == 503:
            await page.wait_for_load_state("load")
            ms = await page.evaluate("performance.now()")
            return Visit("full", ms), None
        if response is None or response.status != 200:
            return Visit(f"error: HTTP {response.status if response else None}"), None

        async def drawn() -> bool:
            ok: bool = await page.evaluate(f"!!(window.__bench && window.__bench.check({cls}))")
            return ok

        await until(progress, f"a board on {server.name}", drawn)
        ms = await page.evaluate(f"window.__bench.drawn[{cls}]")
        found = _KERNEL_ID.search(await page.content())
        profile = await page.evaluate(_PROFILE_JS, server.canvas)
        metrics = (await cdp.send("Performance.getMetrics"))["metrics"]
        for m in metrics:  # totals up to now: a little after the board was drawn
            if m["name"] in _CDP_METRICS:
                profile[_CDP_METRICS[m["name"]]] = round(m["value"] * 1000)
        kid = found.group(1) if found else None
        proc = server.kernel_process(kid) if kid else None
        if proc is not None:  # what this visitor cost the server: its kernel's CPU time
            try:
                cpu = proc.cpu_times()
                profile["kernel_cpu_ms"] = round((cpu.user + cpu.system) * 1000)
            except psutil.Error:
                pass
        result = Visit("board", ms, kid, profile)
        if keep:
            return result, page
        return result, None
    except Exception as exc:  # noqa: BLE001 - reported as the visitor's outcome
        return Visit(f"error: {type(exc).__name__}: {str(exc)[:200]}"), None
    finally:
        if not keep:
            await asyncio.sleep(0.5)  # let the last messages land (no tornado traceback)
            await context.close()


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


async def play_steps(page: Page, steps: int, progress: Progress) -> int:
    """A game of four "careful" bots on the play page until ``steps`` steps (a new seed
    when a game ends sooner); returns the steps played."""
    await page.click(".vl-lang button:has-text('EN')")
    total = 0
    seed = 3
    while total < steps:
        await page.click(".vl-tabs .lm-TabBar-tab:has-text('New game')")
        await page.select_option(".vl-players-count select", "4")
        for i in range(4):
            await page.select_option(f".vl-seat-{i + 1}-controller select", label="bot “careful”")
        await page.fill(".vl-seed input", str(seed))
        await page.press(".vl-seed input", "Enter")
        await page.fill(".vl-round-limit input", "300")
        await page.press(".vl-round-limit input", "Enter")
        await page.wait_for_timeout(300)
        await page.click(".vl-start")

        async def started(seed: int = seed) -> bool:
            data = await page.eval_on_selector(".vl-state", "e => Object.assign({}, e.dataset)")
            return bool(data.get("seed") == str(seed) and data.get("step") == "0")

        await until(progress, "the new game", started)
        while True:
            data = await page.eval_on_selector(".vl-state", "e => Object.assign({}, e.dataset)")
            if data["over"] == "1" or total + int(data["step"]) >= steps:
                total += int(data["step"])
                break
            await page.click(".vl-step-round")

            async def moved(before: dict[str, str] = data) -> bool:
                now = await page.eval_on_selector(".vl-state", "e => Object.assign({}, e.dataset)")
                return bool(now != before)

            await until(progress, "a round", moved)
        seed += 1
    return total


def _peak_mb(proc: psutil.Process) -> float | None:
    """The process's peak RSS (VmHWM), in MB."""
    try:
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


async def memory(
    args: argparse.Namespace,
    browser: Browser,
    play: VoilaServer,
    bare: VoilaServer,
    servers: list[VoilaServer],
    progress: Progress,
) -> dict[str, Any]:
    """RSS of the play page's kernel at start and after a game of ``args.steps`` steps,
    every step saved to the playtest store (checked in the store afterwards), beside the
    bare page's kernel."""
    from verlies.store import PlaytestStore

    await quiet(progress, servers)
    v, page = await visit(browser, play, progress, keep=True)
    assert page is not None and v.kernel_id
    proc = play.kernel_process(v.kernel_id)
    assert proc is not None, "the play page's kernel process"
    start_mb = proc.memory_info().rss / 2**20
    store = PlaytestStore()  # the servers' store: VERLIES_DATA_DIR, set by run()
    before = {r.id for r in store.records()}
    steps = await play_steps(page, args.steps, progress)
    await quiet(progress, servers)
    out: dict[str, Any] = {
        "play_at_start": round(start_mb, 1),
        "play_after_game": round(proc.memory_info().rss / 2**20, 1),
        "play_peak": _peak_mb(proc),
        "steps": steps,
        "stored_steps": sum(r.cursor for r in store.records() if r.id not in before),
        "server": round(psutil.Process(play.proc.pid).memory_info().rss / 2**20, 1)
        if play.proc
        else None,
    }
    await page.context.close()
    play.shutdown_kernel(v.kernel_id)
    bv, bpage = await visit(browser, bare, progress, keep=True)
    bproc = bare.kernel_process(bv.kernel_id) if bv.kernel_id else None
    out["bare"] = round(bproc.memory_info().rss / 2**20, 1) if bproc else None
    if bpage is not None:
        await bpage.context.close()
    if bv.kernel_id:
        bare.shutdown_kernel(bv.kernel_id)
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()

    def say(text: str) -> None:
        print(f"[{time.monotonic() - started:6.1f} s] {text}", file=sys.stderr, flush=True)

    play = VoilaServer("play", REPO / "notebooks" / "play.ipynb", "vl-board")
    bare = VoilaServer("bare", REPO / "benchmarks" / "bare_canvas.ipynb", "bare-board")
    nopool = VoilaServer(
        "play-no-pool",
        REPO / "notebooks" / "play.ipynb",
        "vl-board",
        ("--VoilaConfiguration.preheat_kernel=False",),
    )
    servers = [play, bare, nopool]
    progress = Progress(servers)
    # The playtest store on, in a directory of this run (not the user's data directory).
    store_dir = tempfile.mkdtemp(prefix="verlies-load-bench-store-")
    os.environ["VERLIES_DATA_DIR"] = store_dir
    os.environ["VERLIES_RECORD_PLAYTESTS"] = "1"
    os.environ.pop("VERLIES_STORE_URL", None)
    results: dict[str, Any] = {"visitors": args.visitors, "loads": args.loads}
    for s in servers:
        s.start()
    try:
        for s in servers:

            async def up(s: VoilaServer = s) -> bool:
                return s.ready()

            await until(progress, f"{s.name} to start", up, 0.5)
        cap = re.search(r"at most (\d+) kernels", play.log())
        results["cap"] = int(cap.group(1)) if cap else None
        say(f"servers up; kernel cap {results['cap']}; logs in {play.log_path.parent}")
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            # -- 1. cold page -> board, one visitor at a time --------------------------------
            cold: dict[str, list[float]] = {s.name: [] for s in servers}
            profiles: dict[str, list[dict[str, float]]] = {s.name: [] for s in servers}
            for i in range(args.loads):
                order = servers if i % 2 == 0 else servers[::-1]
                for s in order:
                    await quiet(progress, servers)
                    v, _ = await visit(browser, s, progress)
                    if v.outcome != "board" or v.ms is None:
                        raise RuntimeError(f"cold load of {s.name}: {v.outcome}")
                    cold[s.name].append(v.ms)
                    profiles[s.name].append(v.profile)
                    if v.kernel_id:
                        s.shutdown_kernel(v.kernel_id)
                loads = ", ".join(f"{k} {v[-1]:.0f} ms" for k, v in cold.items())
                say(f"  cold load {i + 1}/{args.loads}: {loads}")
            results["cold_ms"] = {k: [round(x) for x in v] for k, v in cold.items()}
            results["cold_profile"] = {
                name: {
                    key: round(statistics.median(p[key] for p in ps))
                    for key in ps[0]
                    if all(key in p for p in ps)
                }
                for name, ps in profiles.items()
            }

            # -- 3. kernel memory after a game ------------------------------------------------
            if args.steps:
                results["kernel_mb"] = await memory(args, browser, play, bare, servers, progress)
                say(f"  kernel memory: {results['kernel_mb']}")
            else:
                results["kernel_mb"] = None

            # -- 2. a crowd arriving at once ---------------------------------------------------
            crowds: dict[str, Any] = {}
            for s in (play, bare) if args.visitors else ():
                await quiet(progress, servers)
                t0 = time.monotonic()
                visits = await asyncio.gather(
                    *(visit(browser, s, progress) for _ in range(args.visitors))
                )
                wall = time.monotonic() - t0
                vs = [v for v, _ in visits]
                boards = [v.ms for v in vs if v.outcome == "board" and v.ms is not None]
                crowds[s.name] = {
                    "boards": len(boards),
                    "full": sum(v.outcome == "full" for v in vs),
                    "errors": [v.outcome for v in vs if v.outcome.startswith("error")],
                    "p50_ms": pct(boards, 0.5),
                    "p95_ms": pct(boards, 0.95),
                    "max_ms": max(boards) if boards else None,
                    "wall_s": round(wall, 1),
                }
                say(f"  crowd of {args.visitors} on {s.name}: {crowds[s.name]}")
                for v in vs:
                    if v.kernel_id:
                        s.shutdown_kernel(v.kernel_id)
            results["crowd"] = crowds
            await browser.close()
    finally:
        for s in servers:
            s.stop()
    errors = {
        s.name: [
            line
            for line in s.log().splitlines()
            if ("Traceback" in line or re.match(r"^\[\w+\] (ERROR|CRITICAL)", line))
        ][:10]
        for s in servers
    }
    results["server_log_errors"] = errors
    med = {k: statistics.median(v) for k, v in results["cold_ms"].items()}
    results["cold_median_ms"] = {k: round(v) for k, v in med.items()}
    results["ratios"] = {
        "cold_play_over_bare": round(med["play"] / med["bare"], 2),
        "cold_play_no_pool_over_bare": round(med["play-no-pool"] / med["bare"], 2),
        "crowd_p95_play_over_bare": (
            round(crowds["play"]["p95_ms"] / crowds["bare"]["p95_ms"], 2)
            if crowds and crowds["play"]["p95_ms"] and crowds["bare"]["p95_ms"]
            else None
        ),
    }
    results["seconds"] = round(time.monotonic() - started, 1)
    return results


def report(r: dict[str, Any]) -> str:
    ratios, cold, mem, crowd = r["ratios"], r["cold_median_ms"], r["kernel_mb"], r["crowd"]

    def verdict(value: float | None, goal: float) -> str:
        return "n/a" if value is None else ("goal met" if value <= goal else "goal NOT met")

    out = [
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
        f"kernel cap {r['cap']}",
        f"cold page -> board (median of {r['loads']}, ms): play {cold['play']}, "
        f"bare {cold['bare']}, play without pool {cold['play-no-pool']}",
        f"  play / bare: {ratios['cold_play_over_bare']}x   goal <= {GOALS['cold_ratio']}x: "
        f"{verdict(ratios['cold_play_over_bare'], GOALS['cold_ratio'])}"
        f"   (without the pool: {ratios['cold_play_no_pool_over_bare']}x)",
    ]
    prof = r.get("cold_profile", {})
    if prof:
        keys = [k for k in prof["play"] if all(k in p for p in prof.values())]
        out.append("where a cold load's time goes (medians; ms from navigation start):")
        out.append("  " + " ".join(f"{k:>16}" for k in ["page", *keys]))
        for name, p in prof.items():
            out.append("  " + " ".join(f"{v!s:>16}" for v in [name, *(p[k] for k in keys)]))
    for name in ("play", "bare") if crowd else ():
        c = crowd[name]
        out.append(
            f"crowd of {r['visitors']} at once, {name}: {c['boards']} boards, {c['full']} full "
            f"pages, {len(c['errors'])} errors; to board p50 {c['p50_ms']:.0f} ms, p95 "
            f"{c['p95_ms']:.0f} ms, max {c['max_ms']:.0f} ms; all done in {c['wall_s']} s"
            if c["p95_ms"]
            else f"crowd, {name}: {c}"
        )
    if crowd:
        out.append(f"  p95 play / bare: {ratios['crowd_p95_play_over_bare']}x")
    if mem:
        out.append(
            f"kernel RSS: play {mem['play_at_start']} MB at start, {mem['play_after_game']} MB "
            f"after {mem['steps']} steps, peak {mem['play_peak']} MB (goal <= "
            f"{GOALS['kernel_mb']:.0f} MB: {verdict(mem['play_after_game'], GOALS['kernel_mb'])})"
            f"; {mem['stored_steps']} steps in the playtest store; bare page {mem['bare']} MB; "
            f"the Voila server process {mem['server']} MB"
        )
    errs = sum(len(v) for v in r["server_log_errors"].values())
    out.append(f"server log errors: {errs}; seconds: {r['seconds']}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=20, help="crowd size (20; 0: no crowd)")
    parser.add_argument("--loads", type=int, default=5, help="cold loads of each page (5)")
    parser.add_argument(
        "--steps", type=int, default=100, help="steps before the RSS (100; 0: no game)"
    )
    parser.add_argument(
        "--json", default=str(Path(tempfile.gettempdir()) / "verlies-load-bench.json")
    )
    args = parser.parse_args(argv)
    results = asyncio.run(run(args))
    print(report(results))
    Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
