"""UI speed benchmark: the play page against a bare ipycanvas page, in a real browser.

    .venv/bin/python benchmarks/ui.py                 # about 80 s
    .venv/bin/python benchmarks/ui.py --clicks 40 --loads 7 --json /tmp/ui.json

A measurement, not a test (pytest does not collect it). One Voila server (its own port,
the settings of binder/voila.json) serves both ``notebooks/play.ipynb`` and
``benchmarks/bare_canvas.ipynb``; headless Debian Chromium drives them through Playwright.
Both pages are measured in the same run, interleaved, and compared as ratios, because the
machine is noisy. See benchmarks/README.md ("UI benchmark") for what each figure means.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Route, WebSocket, sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "tests" / "browser"))
from browser_settings import CHROMIUM, CHROMIUM_ARGS, LOCAL_HOSTS  # noqa: E402
from voila_server import VoilaServer  # noqa: E402

#: A 4-bot game ("careful" bots, default characters) that has 60+ tiles after about 30
#: rounds and goes on for 60+ more steps (found with verlies.ui.core.session.Session).
SEED = 3
BOT_LABEL = "bot “careful”"  # the English label of the controller in the New-game form
MIN_TILES = 60

GOALS = {"step_ratio": 1.3, "bytes_per_step": 10_000, "load_ratio": 1.5}


@dataclass(frozen=True)
class Target:
    """One page under test and how to find its parts."""

    name: str
    path: str  # URL path on the server
    canvas: str  # CSS class of the measured canvas
    button: str  # selector of the button measured
    state: str  # selector of the element whose data attributes change with each click
    state_key: str  # the data attribute that changes


PLAY = Target(
    "play", "/voila/render/notebooks/play.ipynb", "vl-board", "button.vl-step", ".vl-state", "step"
)
BARE = Target(
    "bare",
    "/voila/render/benchmarks/bare_canvas.ipynb",
    "bare-board",
    "button.bare-redraw",
    ".bare-state",
    "n",
)

# Installed in every page before its scripts run. ipycanvas views paint their <canvas> with
# drawImage (model canvas -> view canvas); the hook timestamps each paint of the measured
# canvases and, once the current task is done, hashes the pixels and notes when the canvas
# first showed a drawn board (>= MIN_COLORS colours).
_INIT_JS = """
(() => {
  const CLASSES = ["vl-board", "bare-board"];
  const MIN_COLORS = 8;
  const B = (window.__bench = {paints: {}, hashes: {}, drawn: {}, pending: new Map()});
  B.frames = [];
  B.sent = [];
  // Arrival time of each message on the kernel's websocket (same order as Playwright's).
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      if (String(args[0]).includes("/channels")) {
        this.addEventListener("message", () => B.frames.push(performance.now()));
        this.__bench = true;
      }
    }
    send(data) {
      if (this.__bench) B.sent.push(performance.now());
      return super.send(data);
    }
  };
  const look = (cls, c, at) => {
    if (!c.width || !c.height) return;
    const d = new Uint32Array(c.getContext("2d").getImageData(0, 0, c.width, c.height).data.buffer);
    let hash = 0;
    const colors = new Set();
    for (let i = 0; i < d.length; i++) {
      hash = (Math.imul(hash, 31) + d[i]) | 0;
      if (colors.size < MIN_COLORS && d[i] >>> 24) colors.add(d[i]);
    }
    (B.hashes[cls] ||= []).push([at, hash]);
    if (!(cls in B.drawn) && colors.size >= MIN_COLORS) B.drawn[cls] = at;
  };
  const inspect = () => {
    for (const [cls, c] of B.pending) {
      const paints = B.paints[cls];
      look(cls, c, paints[paints.length - 1]);
    }
    B.pending.clear();
  };
  // Fallback for paints the hook cannot see: look at the canvas now.
  B.check = (cls) => {
    const c = document.querySelector("canvas." + cls);
    if (c && !(cls in B.drawn)) look(cls, c, performance.now());
    return B.drawn[cls] !== undefined;
  };
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...args) {
    const result = drawImage.apply(this, args);
    const c = this.canvas;
    if (c && c.classList) {
      for (const cls of CLASSES) {
        if (c.classList.contains(cls)) {
          (B.paints[cls] ||= []).push(performance.now());
          if (!B.pending.size) setTimeout(inspect, 0);
          B.pending.set(cls, c);
        }
      }
    }
    return result;
  };
})();
"""

# Click a button from inside the page (no Playwright actionability round trips in the
# timing) and watch the state element's container for the kernel's answer.
_CLICK_JS = """
([button, state]) => {
  const B = window.__bench;
  const box = document.querySelector(state).parentElement;
  B.stateAt = null;
  const obs = new MutationObserver(() => {
    if (B.stateAt === null) B.stateAt = performance.now();
    obs.disconnect();
  });
  obs.observe(box, {childList: true, subtree: true, attributes: true, characterData: true});
  B.clickFrame = B.frames.length;
  B.clickSent = B.sent.length;
  B.clickAt = performance.now();
  document.querySelector(button).click();
  return B.clickAt;
}
"""

_HASH_NOW_JS = """
(cls) => {
  const c = document.querySelector("canvas." + cls);
  const d = new Uint32Array(c.getContext("2d").getImageData(0, 0, c.width, c.height).data.buffer);
  let hash = 0;
  for (let i = 0; i < d.length; i++) hash = (Math.imul(hash, 31) + d[i]) | 0;
  return hash;
}
"""


# ---- websocket traffic ----------------------------------------------------------------


@dataclass
class Frame:
    at: float  # time.monotonic()
    size: int  # payload bytes
    label: str  # what it carries (for the profile)
    content: int  # bytes of the message's content and buffers (the rest is envelope)
    deflated: int  # size with permessage-deflate as tornado would send it (an estimate)


def _label_message(msg: dict[str, Any], buffers: int) -> str:
    """A short description of a Jupyter message, for the profile of the bytes."""
    kind = str(msg.get("header", {}).get("msg_type", "?"))
    content = msg.get("content") or {}
    if kind == "status":
        return f"status {content.get('execution_state', '')}"
    if kind != "comm_msg":
        return kind
    data = content.get("data") or {}
    method = data.get("method", "?")
    if method == "custom":
        return "canvas commands" if buffers else "custom"
    if method in ("update", "echo_update"):
        state = data.get("state") or {}
        keys = ",".join(sorted(state))
        value = state.get("value")
        if isinstance(value, str):
            found = re.search(r'class="([\w-]+)', value)
            return f"{method} value of {found.group(1) if found else 'a widget'}"
        return f"{method} {keys}"
    return f"comm_msg {method}"


def describe_frame(payload: str | bytes) -> tuple[str, int]:
    """(what the frame carries, bytes of its content and buffers). The rest of a frame is
    the message's envelope: channel, header, parent header and metadata."""
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            return _label_message(msg, 0), len(json.dumps(msg.get("content", {})))
        # Jupyter websocket protocol v1: a count n, n offsets, then channel, header,
        # parent header, metadata, content and buffers.
        n = int.from_bytes(payload[:8], "little")
        offsets = [int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
        offsets.append(len(payload))
        parts = [payload[offsets[i] : offsets[i + 1]] for i in range(n)]
        msg = {
            "header": json.loads(parts[1]),
            "content": json.loads(parts[4]),
        }
        buffers = sum(len(p) for p in parts[5:])
        return _label_message(msg, buffers), len(parts[4]) + buffers
    except (ValueError, IndexError, UnicodeDecodeError):
        return ("binary" if isinstance(payload, bytes) else "text"), len(payload)


class Traffic:
    """Frames the kernel sends to one page (kernel websocket only)."""

    def __init__(self, page: Page) -> None:
        self.frames: list[Frame] = []
        page.on("websocket", self._socket)
        # What websocket compression would save: tornado's permessage-deflate (level 6, with
        # context takeover), which Voila's server does not enable by default.
        self._deflate = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)

    def _socket(self, ws: WebSocket) -> None:
        if "/channels" not in ws.url:
            return

        def received(payload: str | bytes) -> None:
            size = len(payload.encode("utf-8")) if isinstance(payload, str) else len(payload)
            label, content = describe_frame(payload)
            data = payload.encode("utf-8") if isinstance(payload, str) else payload
            packed = self._deflate.compress(data) + self._deflate.flush(zlib.Z_SYNC_FLUSH)
            deflated = len(packed) - 4  # without the 00 00 ff ff tail, as RFC 7692 says
            self.frames.append(Frame(time.monotonic(), size, label, content, deflated))

        ws.on("framereceived", received)

    def mark(self) -> int:
        return len(self.frames)

    def wait_quiet(self, page: Page, seconds: float, timeout: float = 15.0) -> None:
        """Wait until no frame came for ``seconds``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            last = self.frames[-1].at if self.frames else 0.0
            if time.monotonic() - last > seconds:
                return
            page.wait_for_timeout(100)

    def since(self, mark: int) -> list[Frame]:
        return self.frames[mark:]


# ---- browser helpers ------------------------------------------------------------------


def new_context(browser: Browser) -> BrowserContext:
    context = browser.new_context(viewport={"width": 1100, "height": 900})

    def route(r: Route) -> None:
        if urlsplit(r.request.url).hostname in LOCAL_HOSTS:
            r.continue_()
        else:
            r.abort("blockedbyclient")  # Voila's template links a CDN font: not here

    context.route("**/*", route)
    context.add_init_script(_INIT_JS)
    return context


def kernel_id(page: Page) -> str | None:
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.content())
    return found.group(1) if found else None


_PAGE_ERROR_JS = """
() => {
  const text = document.body ? document.body.innerText : "";
  for (const marker of ["There was an error when executing cell", "Traceback"]) {
    const at = text.indexOf(marker);
    if (at >= 0) return text.slice(Math.max(0, at - 200), at + 600);
  }
  return null;
}
"""


def wait_drawn(page: Page, target: Target, timeout_ms: int = 60_000) -> float:
    """ms from navigation start until the canvas first showed a drawn board."""
    cls = json.dumps(target.canvas)
    page.wait_for_function(
        f"(window.__bench && window.__bench.check({cls})) || ({_PAGE_ERROR_JS})() !== null",
        timeout=timeout_ms,
        polling=100,
    )
    drawn: float | None = page.evaluate(f"window.__bench.drawn[{cls}]")
    if drawn is None:
        raise RuntimeError(
            f"{target.name}: the page shows an error:\n{page.evaluate(_PAGE_ERROR_JS)}"
        )
    return drawn


def state(page: Page, target: Target) -> dict[str, str]:
    data: dict[str, str] = page.eval_on_selector(target.state, "e => Object.assign({}, e.dataset)")
    return data


def wait_state_change(page: Page, target: Target, before: dict[str, str], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while state(page, target) == before:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{target.name}: no reaction after {timeout} s; still {before}")
        page.wait_for_timeout(20)


# ---- one click ------------------------------------------------------------------------


@dataclass
class Click:
    first_paint: float | None  # ms from the click to the first paint of the canvas
    last_paint: float | None  # ... to the last paint of the click's burst: board redrawn
    pixels: float | None  # ... to the paint that first changed the pixels (None: unchanged)
    state: float | None  # ... to the state element's update (the HTML widget)
    sent: float | None  # ... to the click's message leaving on the websocket
    first_message: float | None  # ... to the arrival of the kernel's first message
    canvas_message: float | None  # ... to the arrival of the first canvas message
    last_message: float | None  # ... to the arrival of the kernel's last message
    bytes: int  # payload bytes the kernel sent for this click
    canvas_bytes: int  # ... of which in canvas drawing messages
    frames: list[Frame] = field(default_factory=list)


def measure_click(page: Page, traffic: Traffic, target: Target, quiet_s: float = 0.35) -> Click:
    """Click ``target.button``, wait until the page has been quiet (no frames, no paints)
    for ``quiet_s``, and read the timings the page recorded."""
    before = state(page, target)
    hash_before = page.evaluate(_HASH_NOW_JS, target.canvas)
    page.evaluate(f"window.__bench.paints[{json.dumps(target.canvas)}] = []")
    mark = traffic.mark()
    click_at = page.evaluate(_CLICK_JS, [target.button, target.state])
    wait_state_change(page, target, before, timeout=30)
    while True:
        page.wait_for_timeout(50)
        frames = traffic.since(mark)
        paints = page.evaluate(f"window.__bench.paints[{json.dumps(target.canvas)}]")
        last = max([f.at for f in frames] or [0.0])
        quiet_frames = time.monotonic() - last > quiet_s
        now = page.evaluate("performance.now()")
        quiet_paints = not paints or now - paints[-1] > quiet_s * 1000
        if quiet_frames and quiet_paints:
            break
    info = page.evaluate(
        "(cls) => [window.__bench.paints[cls] || [], window.__bench.hashes[cls] || [],"
        " window.__bench.stateAt, window.__bench.frames.slice(window.__bench.clickFrame),"
        " window.__bench.sent.slice(window.__bench.clickSent)]",
        target.canvas,
    )
    paints, hashes, state_at, arrivals, sent = info
    paints = [p for p in paints if p >= click_at]
    changed = [at for at, h in hashes if at >= click_at and h != hash_before]
    frames = traffic.since(mark)
    # The page saw the same frames in the same order as Playwright: pair them up.
    pairs = list(zip(frames, arrivals, strict=False))
    canvas_at = [at for f, at in pairs if f.label == "canvas commands"]
    return Click(
        first_paint=paints[0] - click_at if paints else None,
        last_paint=paints[-1] - click_at if paints else None,
        pixels=changed[0] - click_at if changed else None,
        state=state_at - click_at if state_at is not None else None,
        sent=sent[0] - click_at if sent else None,
        first_message=arrivals[0] - click_at if arrivals else None,
        canvas_message=canvas_at[0] - click_at if canvas_at else None,
        last_message=arrivals[-1] - click_at if arrivals else None,
        bytes=sum(f.size for f in frames),
        canvas_bytes=sum(f.size for f in frames if f.label.startswith("canvas")),
        frames=frames,
    )


# ---- the scenarios --------------------------------------------------------------------


def open_page(browser: Browser, server: VoilaServer, target: Target) -> tuple[Page, Traffic]:
    context = new_context(browser)
    page = context.new_page()
    traffic = Traffic(page)
    page.goto(server.base + target.path, wait_until="commit")
    wait_drawn(page, target)
    page.wait_for_selector(target.state, state="attached")
    return page, traffic


def bots_game_with_tiles(page: Page, min_tiles: int, log: Any) -> dict[str, str]:
    """New game through the form: 4 careful bots, seed SEED; Round clicks until the board
    has ``min_tiles`` tiles."""
    page.click(".vl-lang button:has-text('EN')")
    page.wait_for_function("document.querySelector('.vl-state').textContent.includes('to move')")
    page.click(".vl-tabs .lm-TabBar-tab:has-text('New game')")
    page.select_option(".vl-players-count select", "4")
    for i in range(4):
        page.select_option(f".vl-seat-{i + 1}-controller select", label=BOT_LABEL)
    page.fill(".vl-seed input", str(SEED))
    page.press(".vl-seed input", "Enter")
    page.fill(".vl-round-limit input", "300")
    page.press(".vl-round-limit input", "Enter")
    page.wait_for_timeout(300)  # the text fields sync on Enter
    page.click(".vl-start")
    deadline = time.monotonic() + 20
    while state(page, PLAY).get("controllers") != "careful,careful,careful,careful" or state(
        page, PLAY
    ).get("seed") != str(SEED):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the bots' game did not start: {state(page, PLAY)}")
        page.wait_for_timeout(50)
    page.wait_for_selector(".vl-board", state="visible")
    rounds = 0
    while int(state(page, PLAY)["tiles"]) < min_tiles:
        s = state(page, PLAY)
        if s["over"] == "1":
            raise RuntimeError(f"the game ended with {s['tiles']} tiles; pick another SEED")
        page.click(".vl-step-round")
        wait_state_change(page, PLAY, s, timeout=30)
        rounds += 1
    s = state(page, PLAY)
    log(
        f"  play: {rounds} Round clicks -> round {s['round']}, {s['tiles']} tiles, step {s['step']}"
    )
    return s


def summary(values: list[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "median": None, "min": None, "max": None}
    return {
        "n": len(values),
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
    }


def profile(clicks: list[Click]) -> list[tuple[str, float, float, int]]:
    """(label, mean bytes per click, mean content bytes per click, messages) of the
    kernel's frames, biggest first."""
    total: dict[str, int] = defaultdict(int)
    content: dict[str, int] = defaultdict(int)
    count: dict[str, int] = defaultdict(int)
    for c in clicks:
        for f in c.frames:
            total[f.label] += f.size
            content[f.label] += f.content
            count[f.label] += 1
    n = max(1, len(clicks))
    rows = [(label, total[label] / n, content[label] / n, count[label]) for label in total]
    return sorted(rows, key=lambda r: -r[1])


def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()

    def log(text: str) -> None:
        print(f"[{time.monotonic() - started:6.1f} s] {text}", file=sys.stderr, flush=True)

    # Tree mode, so one server serves both notebooks; without the preheated pool, which
    # would start kernels for every notebook below the repository (benchmarks/load.py
    # measures the pool).
    server = VoilaServer("ui", REPO, extra=("--VoilaConfiguration.preheat_kernel=False",))
    server.start()
    server.wait_ready()
    log_path = server.log_path
    log(f"voila on port {server.port} (log {log_path})")
    results: dict[str, Any] = {"seed": SEED, "clicks": args.clicks, "loads": args.loads}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            # -- cold loads, alternating the two pages ------------------------------------
            loads: dict[str, list[float]] = {"play": [], "bare": []}
            kernels: list[str | None] = []
            for i in range(args.loads):
                for target in (PLAY, BARE) if i % 2 == 0 else (BARE, PLAY):
                    context = new_context(browser)
                    page = context.new_page()
                    traffic = Traffic(page)
                    page.goto(server.base + target.path, wait_until="commit")
                    loads[target.name].append(wait_drawn(page, target))
                    kernels.append(kernel_id(page))
                    # Closing while the kernel still sends makes tornado log a traceback.
                    traffic.wait_quiet(page, 0.5)
                    context.close()
                log(
                    f"  cold load {i + 1}/{args.loads}: play {loads['play'][-1]:.0f} ms, "
                    f"bare {loads['bare'][-1]:.0f} ms"
                )
            # Shut the idle kernels down (after their pages are gone: a shutdown racing the
            # close of its websocket makes tornado log a traceback as well).
            time.sleep(1)
            for kid in kernels:
                if kid:
                    server.shutdown_kernel(kid)
            # -- clicks, alternating the two pages -----------------------------------------
            play_page, play_traffic = open_page(browser, server, PLAY)
            bare_page, bare_traffic = open_page(browser, server, BARE)
            start = bots_game_with_tiles(play_page, MIN_TILES, log)
            for _ in range(3):  # warm-up, not counted
                measure_click(play_page, play_traffic, PLAY)
                measure_click(bare_page, bare_traffic, BARE)
            clicks: dict[str, list[Click]] = {"play": [], "bare": []}
            for i in range(args.clicks):
                if state(play_page, PLAY)["over"] == "1":
                    log(f"  the game ended after {i} measured clicks")
                    break
                clicks["play"].append(measure_click(play_page, play_traffic, PLAY))
                clicks["bare"].append(measure_click(bare_page, bare_traffic, BARE))
            end = state(play_page, PLAY)
            log(f"  play: measured steps {start['step']} -> {end['step']}, {end['tiles']} tiles")
            browser.close()
    finally:
        server.stop()
    errors = [
        line
        for line in log_path.read_text(errors="replace").splitlines()
        if "Traceback" in line or re.match(r"^\[\w+\] (ERROR|CRITICAL)", line)
    ]

    for name in ("play", "bare"):
        cs = clicks[name]
        results[name] = {
            "click_to_redrawn_ms": summary([c.last_paint for c in cs if c.last_paint is not None]),
            "click_to_first_paint_ms": summary(
                [c.first_paint for c in cs if c.first_paint is not None]
            ),
            "click_to_pixels_changed_ms": summary([c.pixels for c in cs if c.pixels is not None]),
            "click_to_state_ms": summary([c.state for c in cs if c.state is not None]),
            "click_to_message_sent_ms": summary([c.sent for c in cs if c.sent is not None]),
            "click_to_first_message_ms": summary(
                [c.first_message for c in cs if c.first_message is not None]
            ),
            "click_to_canvas_message_ms": summary(
                [c.canvas_message for c in cs if c.canvas_message is not None]
            ),
            "click_to_last_message_ms": summary(
                [c.last_message for c in cs if c.last_message is not None]
            ),
            "clicks_without_paint": sum(c.last_paint is None for c in cs),
            "bytes_per_click": summary([float(c.bytes) for c in cs]),
            "canvas_bytes_per_click": summary([float(c.canvas_bytes) for c in cs]),
            "deflated_bytes_per_click": summary(
                [float(sum(f.deflated for f in c.frames)) for c in cs]
            ),
            "messages_per_click": summary([float(len(c.frames)) for c in cs]),
            "content_bytes_per_click": summary(
                [float(sum(f.content for f in c.frames)) for c in cs]
            ),
            "cold_load_ms": summary(loads[name]),
            "cold_loads_ms": [round(x, 1) for x in loads[name]],
            "clicks_ms": [
                {
                    k: None if v is None else round(v, 1)
                    for k, v in vars(c).items()
                    if k not in ("frames", "bytes", "canvas_bytes")
                }
                | {"bytes": c.bytes, "messages": len(c.frames)}
                for c in cs
            ],
        }
    results["play"]["profile"] = [
        {"what": label, "bytes_per_step": round(b), "content_per_step": round(c), "messages": m}
        for label, b, c, m in profile(clicks["play"])
    ]
    p, b = results["play"], results["bare"]

    def ratio(key: str) -> float | None:
        x, y = p[key]["median"], b[key]["median"]
        return round(x / y, 2) if x and y else None

    def paired(xs: list[float | None], ys: list[float | None]) -> float | None:
        """Median of the ratios of neighbouring measurements (same moment, same noise)."""
        rs = [x / y for x, y in zip(xs, ys, strict=False) if x and y]
        return round(statistics.median(rs), 2) if rs else None

    results["ratios"] = {
        "step_redrawn": ratio("click_to_redrawn_ms"),
        "step_redrawn_paired": paired(
            [c.last_paint for c in clicks["play"]], [c.last_paint for c in clicks["bare"]]
        ),
        "step_pixels": ratio("click_to_pixels_changed_ms"),
        "cold_load": ratio("cold_load_ms"),
        "cold_load_paired": paired(list(loads["play"]), list(loads["bare"])),
    }
    results["goals"] = {
        "step_ratio_le_1.3": _met(results["ratios"]["step_redrawn"], GOALS["step_ratio"]),
        "bytes_per_step_le_10KB": _met(p["bytes_per_click"]["median"], GOALS["bytes_per_step"]),
        "bytes_per_step_max_le_10KB": _met(p["bytes_per_click"]["max"], GOALS["bytes_per_step"]),
        "load_ratio_le_1.5": _met(results["ratios"]["cold_load"], GOALS["load_ratio"]),
    }
    results["server_log_errors"] = errors[:20]
    results["seconds"] = round(time.monotonic() - started, 1)
    return results


def _met(value: float | None, limit: float) -> bool | None:
    return None if value is None else value <= limit


# ---- report ---------------------------------------------------------------------------


def _fmt(s: dict[str, Any], unit: str = "") -> str:
    if not s["n"]:
        return "n/a"
    return f"{s['median']:>8.0f}{unit} {s['min']:>7.0f} {s['max']:>7.0f}  (n={s['n']})"


def report(r: dict[str, Any]) -> str:
    p, b = r["play"], r["bare"]
    rows = [
        ("click -> board redrawn (last paint)", "click_to_redrawn_ms", " ms"),
        ("click -> first paint", "click_to_first_paint_ms", " ms"),
        ("click -> pixels changed", "click_to_pixels_changed_ms", " ms"),
        ("click -> state HTML updated", "click_to_state_ms", " ms"),
        ("click -> click message sent", "click_to_message_sent_ms", " ms"),
        ("click -> kernel's first message in", "click_to_first_message_ms", " ms"),
        ("click -> canvas message in", "click_to_canvas_message_ms", " ms"),
        ("click -> kernel's last message in", "click_to_last_message_ms", " ms"),
        ("bytes kernel -> browser per click", "bytes_per_click", " B"),
        ("  of which message contents", "content_bytes_per_click", " B"),
        ("  of which canvas drawing", "canvas_bytes_per_click", " B"),
        ("  the same, deflated (estimate)", "deflated_bytes_per_click", " B"),
        ("messages kernel -> browser per click", "messages_per_click", ""),
        ("cold load: goto -> board drawn", "cold_load_ms", " ms"),
    ]
    out = [
        f"{'measure':<36} {'page':<5} {'median':>10} {'min':>7} {'max':>7}",
        "-" * 80,
    ]
    for title, key, unit in rows:
        out.append(f"{title:<36} play  {_fmt(p[key], unit)}")
        out.append(f"{'':<36} bare  {_fmt(b[key], unit)}")
    out.append("-" * 80)
    goals = r["goals"]

    def verdict(ok: bool | None) -> str:
        return "n/a" if ok is None else ("goal met" if ok else "goal NOT met")

    rt = r["ratios"]
    out.append(
        f"Step -> redrawn, play / bare (medians): {rt['step_redrawn']}x   goal <= 1.3x: "
        f"{verdict(goals['step_ratio_le_1.3'])}"
    )
    out.append(
        f"  (median of the {p['click_to_redrawn_ms']['n']} paired click ratios: "
        f"{rt['step_redrawn_paired']}x; to the pixels changed: {rt['step_pixels']}x)"
    )
    out.append(
        f"Bytes per Step (play): median {p['bytes_per_click']['median']:.0f} B, "
        f"max {p['bytes_per_click']['max']:.0f} B   goal <= 10 KB: median "
        f"{verdict(goals['bytes_per_step_le_10KB'])}, max "
        f"{verdict(goals['bytes_per_step_max_le_10KB'])}"
    )
    out.append(
        f"  (deflated as permessage-deflate would send them: median "
        f"{p['deflated_bytes_per_click']['median']:.0f} B, max "
        f"{p['deflated_bytes_per_click']['max']:.0f} B: an estimate of what goes on the wire;"
        " the server compresses (binder/voila.json), the browser reports frames unpacked)"
    )
    out.append(
        f"Cold load, play / bare (medians):       {rt['cold_load']}x   goal <= 1.5x: "
        f"{verdict(goals['load_ratio_le_1.5'])}"
    )
    out.append(f"  (median of the paired load ratios: {rt['cold_load_paired']}x)")
    out.append(
        f"Clicks without any paint: play {p['clicks_without_paint']}, "
        f"bare {b['clicks_without_paint']}; server log errors: {len(r['server_log_errors'])}"
    )
    out.append("")
    out.append(
        "Where the play page's bytes per Step go (mean per click; content = message content"
        " and buffers, the rest is each message's envelope):"
    )
    out.append(f"  {'bytes':>7}  {'content':>7}  {'msgs':>5}  (in all clicks)  what")
    for row in p["profile"][:15]:
        out.append(
            f"  {row['bytes_per_step']:>7}  {row['content_per_step']:>7}  {row['messages']:>5}"
            f"  {row['what']}"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=40, help="measured Step clicks (40)")
    parser.add_argument("--loads", type=int, default=5, help="cold loads of each page (5)")
    parser.add_argument(
        "--json",
        default=str(Path(tempfile.gettempdir()) / "verlies-ui-bench.json"),
        help="where to write the figures as JSON (also printed as the last line)",
    )
    args = parser.parse_args(argv)
    results = run(args)
    print(report(results))
    print(f"figures written to {args.json}; seconds: {results['seconds']}")
    Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
