"""The play page loads and draws, and the Voila server behind it is locked down.

The server is started exactly like `./run play` (same settings file, binder/voila.json).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from browser_settings import ARTIFACTS, REPO_ROOT
from playwright.sync_api import Page
from progress import follow, open_page, page_fingerprint, wait_server

SCREENSHOT = ARTIFACTS / "page_loads.png"


def test_play_page_draws_the_board(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    mark = voila_server.log_mark()
    stats = open_page(page, page_url("play.ipynb"), server=voila_server)

    # Something is drawn: the canvas shows more than one colour (read from its pixels).
    assert stats["opaque"] > 0 and stats["colors"] >= 2, stats
    # ... and it is not stretched: CSS size == pixel size
    # (verlies.ui.board.canvas_view.pin_css_size).
    assert (stats["cssWidth"], stats["cssHeight"]) == (stats["width"], stats["height"]), stats

    # the rest of the page settles for the picture: follow it until two looks 200 ms
    # apart see the same page (its elements, the state line's and autosave line's data)
    last = [""]

    def settled() -> bool:
        now = page_fingerprint(page)
        same, last[0] = now == last[0], now
        return same

    follow(page, settled, "the page to settle for the picture", server=voila_server)
    SCREENSHOT.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)

    assert console_errors == []
    assert voila_server.log_errors(since=mark) == []


def test_html_has_widget_output_and_no_source(voila_server: Any) -> None:
    with voila_server.rendering("/") as rendered:
        pass
    assert rendered.response.status == 200
    assert "application/vnd.jupyter.widget-view+json" in rendered.mime_types()
    assert rendered.problems() == []
    # strip_sources: no input area, and the code of the cell is nowhere in the page text
    # (with sources, it would be there syntax-highlighted, one <span> per token).
    assert not re.search(r'class="[^"]*\bjp-InputArea\b', rendered.html)
    page_text = html.unescape(re.sub(r"<[^>]+>", "", rendered.html))
    notebook_source = "from verlies.ui import play_app"
    assert notebook_source in (REPO_ROOT / "notebooks" / "play.ipynb").read_text()
    assert notebook_source not in page_text
    assert "play_app()" not in page_text


def test_other_files_of_the_repository_are_not_served(voila_server: Any) -> None:
    """Only "/" renders the play notebook; everything else ends in Voila's file handler,
    whose allowlist is empty (file_allowlist = []): 403 for every file, even an image; an
    address with a dot segment gets 400 before that."""
    pyproject = (REPO_ROOT / "pyproject.toml").read_text()
    marker = "[build-system]"
    assert marker in pyproject
    paths = [
        "/voila/files/pyproject.toml",
        "/voila/files/play.ipynb",
        # With Voila's default allowlist (images) a missing image is a 404; ours says 403.
        "/voila/files/no-such-image.png",
        "/voila/files/../pyproject.toml",
        "/voila/files/%2e%2e/pyproject.toml",
        "/voila/static/..%2f..%2f..%2f..%2fpyproject.toml",
        "/voila/tree",
        "/voila/api/contents/",
        "/voila/render/tests/conftest.py",
        "/pyproject.toml",
        "/notebooks/play.ipynb",
        "/api/contents/",
        "/files/pyproject.toml",
        "/lab",
        "/tree",
    ]
    # A dot segment, written or escaped, is no address at all (verlies/serve/routes.py).
    dots = {p for p in paths if ".." in p or "%2e%2e" in p}
    assert len(dots) == 3
    for path in paths:
        final = voila_server.get(path, follow_redirects=True)
        assert final.status == (400 if path in dots else 403), (path, final.status)
        assert marker not in final.body, path
        assert "from verlies.ui import" not in final.body, path
        assert "kernelId" not in final.body, path  # no second rendering of the notebook
    assert "File not allowlisted" in voila_server.log_text()


def test_kernel_culling_settings_are_in_effect(
    voila_server: Any, voila_settings: dict[str, Any]
) -> None:
    # The culler starts with the first kernel and logs the settings it got.
    with voila_server.rendering("/"):
        pass
    manager = voila_settings["MappingKernelManager"]
    # a connected page is never culled for idleness (verlies/serve/kernels.py: lifetimes)
    assert manager["cull_connected"] is False
    expected = (
        f"Culling kernels with idle durations > {manager['cull_idle_timeout']} seconds "
        f"at {manager['cull_interval']} second intervals"
    )
    log = voila_server.log_text()
    assert expected in log
    assert "Culling kernels even with connected clients" not in log


def test_idle_kernel_gets_culled(start_voila: Callable[..., Any]) -> None:
    # Same settings file, timeouts shortened on the command line so the test stays short.
    server = start_voila(
        "play.ipynb",
        "--MappingKernelManager.cull_idle_timeout=2",
        "--MappingKernelManager.cull_interval=1",
        # This page never connects: such kernels are verlies.serve's (test_serving.py).
        "--CappedKernelManager.unconnected_timeout=0",
        name="play-culling",
    )
    before = len(server.log_text())
    rendered = server.render("/")
    # On a busy machine the culler may end the kernel between two cells, before the page
    # is written (then the page has no kernel id): the log still names the kernel started.
    started = re.findall(r"Kernel started: ([0-9a-f-]{36})", server.log_text()[before:])
    kid = rendered.kernel_id or (started[0] if len(started) == 1 else None)
    assert kid, (rendered.response.status, started, server.log_tail())
    # The page got a kernel of its own (the server started it for this page) ...
    assert f"Kernel started: {kid}" in server.log_text() or server.kernel_status(kid) == 200
    # ... which the culler ends after 2 idle seconds: a wait following progress (a busy
    # machine culls late, not never; on a very busy one, already before the first look).
    wait_server(server, lambda: server.kernel_status(kid) != 200, "the culler to end the kernel")
    assert server.kernel_status(kid) == 404
    # The culler logs the state it last saw: 'idle', but on a loaded machine the kernel's
    # status messages may not have been read yet ('starting'), or a kernel that stopped
    # answering is culled as 'dead'. Any of them is the culler's work; nothing else ends it.
    culled = re.compile(rf"Culling '\w+' (?:dead )?kernel 'python3' \({kid}\)")
    assert culled.search(server.log_text()), server.log_tail()
    server.stop()


def test_websocket_messages_are_size_capped(
    voila_server: Any, voila_settings: dict[str, Any]
) -> None:
    limit = voila_settings["Voila"]["tornado_settings"]["websocket_max_message_size"]
    with voila_server.rendering("/") as rendered:
        assert rendered.kernel_id
        assert voila_server.websocket_send(rendered.kernel_id, limit // 4) == "reply"
        assert voila_server.websocket_send(rendered.kernel_id, limit + 1024) == "closed"
