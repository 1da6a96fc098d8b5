"""Kernel lifetimes by connection (verlies/serve/kernels.py), without a server: the policy,
the manager's bookkeeping of connections, and the banner's words file. The real server,
its OS processes and a real browser: tests/browser/test_serving.py and test_resume.py."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from verlies.i18n import text
from verlies.serve import banner_words
from verlies.serve.kernels import CappedKernelManager, Lifetime, _idle_culler_decides, ending

T = {"unconnected_timeout": 60, "disconnected_timeout": 60}


def life(**kw: Any) -> Lifetime:
    base: dict[str, Any] = {
        "connections": 0,
        "ever_connected": False,
        "alone_for": 0.0,
        "unpooled_for": 0.0,
        "quiet_for": 0.0,
        "busy": False,
    }
    return Lifetime(**{**base, **kw})


def test_a_connected_kernel_is_never_ended_however_long_it_idles() -> None:
    for quiet in (0.0, 61.0, 1252.0, 86_400.0):
        reader = life(connections=1, ever_connected=True, unpooled_for=quiet, quiet_for=quiet)
        assert ending(reader, **T) is None
    # ... and the idle culler is not asked either, unless the operator wants it
    reader = life(connections=2, ever_connected=True, quiet_for=5000.0)
    assert not _idle_culler_decides(reader, cull_connected=False, **T)
    assert _idle_culler_decides(reader, cull_connected=True, **T)


def test_a_page_gone_ends_its_kernel_after_the_timeout_whatever_the_activity() -> None:
    assert ending(life(ever_connected=True, alone_for=59.0), **T) is None
    assert ending(life(ever_connected=True, alone_for=61.0), **T) == "disconnected"
    # a table's steps keep a crashed seat's kernel busy: that is no page
    busy = life(ever_connected=True, alone_for=61.0, quiet_for=0.5, busy=True)
    assert ending(busy, **T) == "disconnected"
    # a page back in time (a reload of the same page) keeps it: connections count first
    back = life(connections=1, ever_connected=True, alone_for=0.0)
    assert ending(back, **T) is None
    off = {"unconnected_timeout": 60, "disconnected_timeout": 0}
    assert ending(life(ever_connected=True, alone_for=9999.0), **off) is None
    assert _idle_culler_decides(life(ever_connected=True), cull_connected=False, **off)


def test_a_page_that_never_came_ends_its_kernel_once_quiet_for_the_timeout() -> None:
    assert ending(life(unpooled_for=61.0, quiet_for=61.0), **T) == "unconnected"
    # still rendering the notebook (its page may still be streaming): left alone
    assert ending(life(unpooled_for=600.0, quiet_for=600.0, busy=True), **T) is None
    # worked a moment ago: the clock runs from its last activity
    assert ending(life(unpooled_for=600.0, quiet_for=10.0), **T) is None
    # just out of the pool: the clock runs from then
    assert ending(life(unpooled_for=10.0, quiet_for=600.0), **T) is None
    off = {"unconnected_timeout": 0, "disconnected_timeout": 60}
    assert ending(life(unpooled_for=1e6, quiet_for=1e6), **off) is None
    assert _idle_culler_decides(life(), cull_connected=False, **off)


class _Kernel:
    execution_state = "idle"
    kernel_name = "python3"


def _manager(monkeypatch: pytest.MonkeyPatch) -> tuple[CappedKernelManager, list[str]]:
    monkeypatch.setenv("VERLIES_MAX_KERNELS", "4")
    km = CappedKernelManager(unconnected_timeout=60, disconnected_timeout=60)
    ended: list[str] = []

    async def shutdown(kernel_id: str, *args: Any, **kwargs: Any) -> None:
        ended.append(kernel_id)
        km._kernels.pop(kernel_id, None)

    monkeypatch.setattr(km, "shutdown_kernel", shutdown)
    return km, ended


def test_the_manager_counts_connections_and_ends_only_the_abandoned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    km, ended = _manager(monkeypatch)
    clock = [1000.0]
    monkeypatch.setattr("verlies.serve.kernels.time.monotonic", lambda: clock[0])
    for kid in ("reader", "crashed", "flaky"):
        km._kernels[kid] = _Kernel()
        km._kernel_connections[kid] = 0
        km.notify_connect(kid)
    km.notify_connect("flaky")  # two tabs' sockets (the page and its reconnect)
    km.notify_disconnect("crashed")  # the browser went away
    km.notify_disconnect("flaky")  # one of two: still connected
    assert km.connections("reader") == 1 and km.connections("flaky") == 1
    assert km.connections("crashed") == 0

    def cull() -> None:
        # on a thread of its own: another test on this worker (Playwright's sync API)
        # may keep an event loop running on this one
        with ThreadPoolExecutor(max_workers=1) as pool:
            for kid in list(km._kernels):
                pool.submit(asyncio.run, km.cull_kernel_if_idle(kid)).result()

    clock[0] += 30.0
    cull()
    assert ended == []
    clock[0] += 31.0
    cull()
    assert ended == ["crashed"]
    # the last socket of "flaky" closes and a page connects again 50 s later: it lives
    km.notify_disconnect("flaky")
    clock[0] += 50.0
    cull()
    km.notify_connect("flaky")
    clock[0] += 500.0
    cull()
    assert ended == ["crashed"]
    assert sorted(km._kernels) == ["flaky", "reader"]


def test_a_page_still_fetching_its_scripts_keeps_its_kernel_a_lone_get_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a machine at load 50-75 a browser took minutes between the page's HTML and its
    websocket: every request of the browser the kernel was handed to is progress."""
    from verlies.serve import routes

    km, ended = _manager(monkeypatch)
    clock = [1000.0]
    monkeypatch.setattr("verlies.serve.kernels.time.monotonic", lambda: clock[0])
    browsers = {"slow": "a" * 32, "script": "b" * 32}
    try:
        for kid, browser in browsers.items():
            km._kernels[kid] = _Kernel()
            km._kernel_connections[kid] = 0
            routes.own(kid, browser)
        routes.note_request("c" * 32, clock[0])  # a browser owning no kernel: not kept
        assert "c" * 32 not in routes._STATE.asked

        def cull() -> None:
            with ThreadPoolExecutor(max_workers=1) as pool:
                for kid in list(km._kernels):
                    pool.submit(asyncio.run, km.cull_kernel_if_idle(kid)).result()

        cull()  # the clock of each starts: out of the pool now
        for _ in range(12):  # five minutes of a script every 25 s
            clock[0] += 25.0
            routes.note_request(browsers["slow"], clock[0])
            cull()
        assert ended == ["script"]
        assert routes.last_request("slow") == clock[0]
        clock[0] += 61.0  # it stops asking and never connects: it ends too
        cull()
        assert ended == ["script", "slow"]
    finally:
        for kid in browsers:
            routes.forget(kid)
    assert routes.last_request("slow") is None and browsers["slow"] not in routes._STATE.asked


def test_the_banners_words_file_is_the_i18n_words() -> None:
    # Rewrite with `.venv/bin/python -m verlies.serve.banner_words` after changing them.
    assert banner_words.WORDS_FILE.read_text(encoding="utf-8") == banner_words.words_json()
    data = json.loads(banner_words.words_json())
    assert data["de"]["inert"] == text("page.lost.inert", "de")
    assert data["en"]["reload"] == text("page.autosave.reload", "en")
    assert data["de"]["lost"] != data["en"]["lost"]
