"""A burst of plain GETs from one client beside a running table (issue 35 item 5): what the
burst gets, what it holds, and whether the table's next seat still gets in, with admission
on (verlies/serve/admission.py) and, in the same run, off (the baseline: the cap alone).

Each configuration starts its own Voila as `./run play` does (binder/voila.json, the
preheated pool of 2) with a cap of ``--cap`` kernels, and a SQLite store in a temporary
folder holding a table of two people. Seat 1's link is opened and its kernel kept
connected (a websocket of the page's protocol held open, as a browser's page does). Then
one client sends ``--burst`` plain GETs, one after another (the issue's hostile visitor:
26 GETs), and finally seat 2's link is opened. Printed per configuration: the burst's
answers (status counts, time to answer p50/max), the kernel processes and their memory
(RSS, from the OS) after the burst, each refusal's Retry-After and whether its page says
the same seconds in German and English, seat 2's answer and the machine's load average;
then the after/before ratio of the kernels the burst holds. The bench's own websocket and
kernel reads carry the host's key (``X-Verlies-Key``: the route guard lets nothing else
reach a kernel that is not its browser's).

    .venv/bin/python benchmarks/admission.py [--cap 8] [--burst 26]
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from voila_server import REPO, VoilaServer

from verlies.i18n import text
from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store.tables import TableStore

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


@dataclass
class Answer:
    status: int
    seconds: float
    kernel: str | None
    #: A refusal's Retry-After header (seconds), and whether its page says the same
    #: seconds in both languages ("tries again by itself in N seconds").
    retry_after: int | None = None
    says_when: bool = False


@dataclass
class Run:
    name: str
    burst: list[Answer] = field(default_factory=list)
    seat2: Answer | None = None
    kernels: int = 0
    rss_mb: float = 0.0
    #: The machine's 1-minute load average before and after the run.
    load: tuple[float, float] = (0.0, 0.0)


def get(url: str) -> Answer:
    began = time.monotonic()
    retry: str | None = None
    try:
        with urllib.request.urlopen(url, timeout=600) as resp:
            body, status = resp.read().decode(errors="replace"), resp.status
    except urllib.error.HTTPError as err:
        body, status = err.read().decode(errors="replace"), err.code
        retry = err.headers.get("Retry-After")
    found = KERNEL_ID.search(body)
    answer = Answer(status, time.monotonic() - began, found.group(1) if found else None)
    if retry is not None and retry.isdigit():
        answer.retry_after = int(retry)
        key = "page.busy.auto" if status == 429 else "page.full.auto"
        answer.says_when = all(
            html.escape(text(key, lang, seconds=int(retry))) in body for lang in ("de", "en")
        )
    return answer


def connections(server: VoilaServer, kernel_id: str | None) -> int:
    """Websockets the server counts for ``kernel_id`` (its kernel model)."""
    req = urllib.request.Request(f"{server.url}api/kernels/{kernel_id}", headers=server.key_header)
    with urllib.request.urlopen(req, timeout=60) as resp:
        return int(json.loads(resp.read())["connections"])


def hold(server: VoilaServer, kernel_id: str, stop: threading.Event) -> threading.Thread:
    """A page's websocket to ``kernel_id`` held open (the v1 protocol), read and ignored."""

    async def connect() -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel_id}/channels?session_id=bench"
        request = HTTPRequest(url, headers=server.key_header)
        ws = await websocket_connect(request, subprotocols=["v1.kernel.websocket.jupyter.org"])
        while not stop.is_set() and await ws.read_message() is not None:
            pass  # what the kernel sends; the socket ends with the server
        ws.close()

    thread = threading.Thread(target=asyncio.run, args=(connect(),), daemon=True)
    thread.start()
    return thread


def wait_for(what: str, done: object, server: VoilaServer, stalled: float = 180.0) -> None:
    """Wait while the server works (its CPU time moves); fail after ``stalled`` idle s."""
    seen, last = -1.0, time.monotonic()
    while not done():  # type: ignore[operator]
        cpu = server.cpu_seconds()
        if cpu != seen:
            seen, last = cpu, time.monotonic()
        if time.monotonic() - last > stalled:
            raise RuntimeError(f"{what}: no progress for {stalled} s\n{server.log()[-2000:]}")
        time.sleep(0.3)


def measure(name: str, options: tuple[str, ...], cap: int, burst: int, store_dir: Path) -> Run:
    url = f"sqlite:///{store_dir / f'{name}.sqlite'}"
    os.environ["VERLIES_STORE_URL"] = url
    os.environ.pop("VERLIES_MAX_KERNELS", None)
    tables = TableStore(PlaytestStore(url))
    table = tables.create(Setup(players=2, seed=7), ["human", "human"], lang="en")
    server = VoilaServer(
        f"admission-{name}",
        REPO / "notebooks" / "play.ipynb",
        extra=(f"--CappedKernelManager.max_kernels={cap}", *options),
    )
    run = Run(name)
    stop = threading.Event()
    load_before = os.getloadavg()[0]
    server.start()
    try:
        server.wait_ready()
        wait_for("the pool", lambda: len(server.kernels()) >= 2, server)
        tokens = [t for t in table.seats if t]
        seat1 = get(server.url + "?" + table.query(tokens[0]))
        assert seat1.status == 200 and seat1.kernel, seat1
        hold(server, seat1.kernel, stop)
        wait_for("seat 1 connected", lambda: connections(server, seat1.kernel) > 0, server)
        run.burst = [get(server.url) for _ in range(burst)]
        procs = server.kernels()
        run.kernels = len(procs)
        run.rss_mb = sum(p.memory_info().rss for p in procs) / 2**20
        run.seat2 = get(server.url + "?" + table.query(tokens[1]))
    finally:
        stop.set()
        server.stop()
    run.load = (load_before, os.getloadavg()[0])
    return run


def report(run: Run) -> None:
    counts: dict[int, int] = {}
    for a in run.burst:
        counts[a.status] = counts.get(a.status, 0) + 1
    print(f"{run.name}:")
    for status, n in sorted(counts.items()):
        times = [a.seconds for a in run.burst if a.status == status]
        print(
            f"  burst {status}: {n:3d}  answered in p50 {statistics.median(times) * 1000:6.0f} ms,"
            f" max {max(times) * 1000:6.0f} ms"
        )
    refused = [a for a in run.burst if a.status in (429, 503)]
    if refused:
        waits = sorted(a.retry_after for a in refused if a.retry_after is not None)
        told = sum(1 for a in refused if a.says_when)
        span = f"{waits[0]}-{waits[-1]} s" if waits else "none"
        print(f"  refusals with Retry-After: {len(waits)} of {len(refused)} ({span});"
              f" pages that say the same seconds in de and en: {told}")  # fmt: skip
    held = sum(1 for a in run.burst if a.status == 200)
    print(f"  kernels the burst holds: {held}; kernel processes after it: {run.kernels}"
          f" ({run.rss_mb:.0f} MB RSS in all)")  # fmt: skip
    assert run.seat2 is not None
    print(f"  seat 2's link afterwards: HTTP {run.seat2.status} in {run.seat2.seconds:.1f} s")
    print(f"  load average (1 min) before / after: {run.load[0]:.1f} / {run.load[1]:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=int, default=8)
    parser.add_argument("--burst", type=int, default=26)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="verlies-admission-") as tmp:
        off = measure(
            "off",
            ("--CappedKernelManager.client_pending=0", "--CappedKernelManager.table_reserve=0"),
            args.cap,
            args.burst,
            Path(tmp),
        )
        on = measure(
            "on",
            (
                "--CappedKernelManager.client_pending=4",
                "--CappedKernelManager.table_reserve=2",
                "--CappedKernelManager.exempt_clients=[]",  # the bench's client is loopback
            ),
            args.cap,
            args.burst,
            Path(tmp),
        )
    print(f"cap {args.cap}, a burst of {args.burst} plain GETs from one client, pool of 2")
    report(off)
    report(on)
    held_off = sum(1 for a in off.burst if a.status == 200)
    held_on = sum(1 for a in on.burst if a.status == 200)
    ratio = held_on / max(held_off, 1)
    print(f"kernels held by the burst, on/off: {held_on}/{held_off} = {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
