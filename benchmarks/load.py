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
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
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

VOILA = Path(sys.executable).parent / "voila"
GOALS = {"cold_ratio": 1.2, "kernel_mb": 120.0}
#: Seconds without any progress (server logs, kernel CPU, page events) before giving up.
STALLED = 180.0
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """Standalone Voila for one notebook, settings of binder/voila.json plus ``extra``."""

    name: str
    notebook: Path
    canvas: str  # CSS class of the board canvas of this page
    extra: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def log_path(self) -> Path:
        return Path(tempfile.gettempdir()) / f"verlies-load-bench-{self.name}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        env = {
            **os.environ,
            "JUPYTER_PATH": os.pathsep.join(
                filter(None, (str(REPO / "binder/share/jupyter"), os.environ.get("JUPYTER_PATH")))
            ),
        }
        argv = [
            str(VOILA),
            str(self.notebook),
            f"--Voila.config_file_paths={REPO / 'binder'}",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--no-browser",
            *self.extra,
        ]
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                argv, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def ready(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "voila/static/voila.js", timeout=5):
                return True
        except OSError:
            return False

    def kernels(self) -> list[psutil.Process]:
        if self.proc is None:
            return []
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        out = []
        for p in children:
            try:
                if "ipykernel_launcher" in " ".join(p.cmdline()):
                    out.append(p)
            except psutil.Error:
                continue
        return out

    def kernel_process(self, kernel_id: str) -> psutil.Process | None:
        for p in self.kernels():
            try:
                if kernel_id in " ".join(p.cmdline()):
                    return p
            except psutil.Error:
                continue
        return None

    def cpu_seconds(self) -> float:
        total = 0.0
        procs = [psutil.Process(self.proc.pid)] if self.proc else []
        for p in procs + self.kernels():
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except psutil.Error:
                continue
        return total

    def shutdown_kernel(self, kernel_id: str) -> None:
        xsrf = uuid.uuid4().hex
        req = urllib.request.Request(
            f"{self.url}api/kernels/{kernel_id}",
            method="DELETE",
            headers={"X-XSRFToken": xsrf, "Cookie": f"_xsrf={xsrf}"},
        )
        try:
            urllib.request.urlopen(req, timeout=60).close()
        except OSError:
            pass

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


class Progress:
    """When anything last moved: a server log grew, kernels used CPU, a page did something."""

    def __init__(self, servers: list[Server]) -> None:
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


async def quiet(progress: Progress, servers: list[Server], idle_share: float = 0.1) -> None:
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


async def visit(browser: Browser, server: Server, progress: Progress, keep: bool = False) -> Any:
    context = await browser.new_context(**new_context_args())
    await context.route("**/*", _route)
    await context.add_init_script(_INIT_JS)
    page = await context.new_page()
    page.on("framenavigated", lambda _f: progress.poke())
    cls = json.dumps(server.canvas)
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
        result = Visit("board", ms, found.group(1) if found else None)
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


async def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()

    def say(text: str) -> None:
        print(f"[{time.monotonic() - started:6.1f} s] {text}", file=sys.stderr, flush=True)

    play = Server("play", REPO / "notebooks" / "play.ipynb", "vl-board")
    bare = Server("bare", REPO / "benchmarks" / "bare_canvas.ipynb", "bare-board")
    nopool = Server(
        "play-no-pool",
        REPO / "notebooks" / "play.ipynb",
        "vl-board",
        ("--VoilaConfiguration.preheat_kernel=False",),
    )
    servers = [play, bare, nopool]
    progress = Progress(servers)
    results: dict[str, Any] = {"visitors": args.visitors, "loads": args.loads}
    for s in servers:
        s.start()
    try:
        for s in servers:

            async def up(s: Server = s) -> bool:
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
            for i in range(args.loads):
                order = servers if i % 2 == 0 else servers[::-1]
                for s in order:
                    await quiet(progress, servers)
                    v, _ = await visit(browser, s, progress)
                    if v.outcome != "board" or v.ms is None:
                        raise RuntimeError(f"cold load of {s.name}: {v.outcome}")
                    cold[s.name].append(v.ms)
                    if v.kernel_id:
                        s.shutdown_kernel(v.kernel_id)
                loads = ", ".join(f"{k} {v[-1]:.0f} ms" for k, v in cold.items())
                say(f"  cold load {i + 1}/{args.loads}: {loads}")
            results["cold_ms"] = {k: [round(x) for x in v] for k, v in cold.items()}

            # -- 3. kernel memory after a game ------------------------------------------------
            await quiet(progress, servers)
            v, page = await visit(browser, play, progress, keep=True)
            assert page is not None and v.kernel_id
            rss_start = play.kernel_process(v.kernel_id)
            start_mb = rss_start.memory_info().rss / 2**20 if rss_start else None
            steps = await play_steps(page, args.steps, progress)
            await quiet(progress, servers)
            proc = play.kernel_process(v.kernel_id)
            results["kernel_mb"] = {
                "play_at_start": round(start_mb, 1) if start_mb else None,
                "play_after_game": round(proc.memory_info().rss / 2**20, 1) if proc else None,
                "steps": steps,
            }
            await page.context.close()
            play.shutdown_kernel(v.kernel_id)
            bv, bpage = await visit(browser, bare, progress, keep=True)
            bproc = bare.kernel_process(bv.kernel_id) if bv.kernel_id else None
            results["kernel_mb"]["bare"] = (
                round(bproc.memory_info().rss / 2**20, 1) if bproc else None
            )
            if bpage is not None:
                await bpage.context.close()
            if bv.kernel_id:
                bare.shutdown_kernel(bv.kernel_id)
            say(f"  kernel memory: {results['kernel_mb']}")

            # -- 2. a crowd arriving at once ---------------------------------------------------
            crowds: dict[str, Any] = {}
            for s in (play, bare):
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
            if crowds["play"]["p95_ms"] and crowds["bare"]["p95_ms"]
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
    for name in ("play", "bare"):
        c = crowd[name]
        out.append(
            f"crowd of {r['visitors']} at once, {name}: {c['boards']} boards, {c['full']} full "
            f"pages, {len(c['errors'])} errors; to board p50 {c['p50_ms']:.0f} ms, p95 "
            f"{c['p95_ms']:.0f} ms, max {c['max_ms']:.0f} ms; all done in {c['wall_s']} s"
            if c["p95_ms"]
            else f"crowd, {name}: {c}"
        )
    out.append(f"  p95 play / bare: {ratios['crowd_p95_play_over_bare']}x")
    out.append(
        f"kernel RSS: play {mem['play_at_start']} MB at start, {mem['play_after_game']} MB "
        f"after {mem['steps']} steps (goal <= {GOALS['kernel_mb']:.0f} MB: "
        f"{verdict(mem['play_after_game'], GOALS['kernel_mb'])}); bare page {mem['bare']} MB"
    )
    errs = sum(len(v) for v in r["server_log_errors"].values())
    out.append(f"server log errors: {errs}; seconds: {r['seconds']}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=20, help="crowd size (20)")
    parser.add_argument("--loads", type=int, default=5, help="cold loads of each page (5)")
    parser.add_argument("--steps", type=int, default=100, help="steps before the RSS (100)")
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
