"""Under a Jupyter server with the Voila extension (Binder, JupyterHub: binder/postBuild
installs binder/voila.json as the server's jupyter_config.json), the page's route guard
(verlies/serve/routes.py) is off, and need not be on: every kernel route is the server's
own, behind its token. This test starts a real ``jupyter server`` from this venv with that
configuration file and the page's template, and a token, the way Binder starts one:

- the visitor with the token (Binder's launch link) gets the page and its kernel;
- a stranger who knows the kernel's id, without the token or with a wrong one, reads
  nothing of it, cannot end it, cannot open its websocket, lists no kernel, and gets no
  page (so no kernel) of the server at all.

Why per-browser kernels (the ``verlies-browser`` cookie) mean nothing there: whoever
holds the token holds the whole server (JupyterLab, a terminal; docs/serving.md), so
keeping one of their pages from another of theirs protects nothing, and anyone without
it is refused everything below. (docs/serving.md, "The route guard under a Jupyter
server".)"""

from __future__ import annotations

import asyncio
import http.client
import os
import re
import secrets
import shutil
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from verlies.serve import cookie_check, routes

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
PAGE = "/voila/render/notebooks/play.ipynb"
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


def _ask(
    port: int, method: str, target: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request(method, target, headers=headers or {})
        resp = conn.getresponse()
        body = resp.read().decode("utf-8", errors="replace")
        head: dict[str, str] = {}
        for name, value in resp.getheaders():
            key = name.lower()
            head[key] = f"{head[key]}\n{value}" if key in head else value
        return resp.status, head, body
    finally:
        conn.close()


def _websocket(port: int, target: str) -> int:
    """HTTP status of a websocket handshake (101 when accepted)."""
    from verlies.serve.websocket import V1  # its import loads Voila: not to collect

    async def connect() -> int:
        url = f"ws://127.0.0.1:{port}{target}"
        try:
            ws = await websocket_connect(HTTPRequest(url), subprotocols=[V1])
        except HTTPClientError as err:
            return int(err.code)
        ws.close()
        return 101

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, connect()).result()


def test_a_stranger_reaches_no_kernel_of_a_jupyter_server(
    server_factory: Callable[..., Any], tmp_path: Path
) -> None:
    config = tmp_path / "jupyter-config"
    config.mkdir()
    shutil.copy(REPO / "binder" / "voila.json", config / "jupyter_config.json")  # postBuild
    token = secrets.token_hex(24)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER_")}
    env.update(
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_PATH=str(REPO / "binder" / "share" / "jupyter"),  # the template, as ./run
        JUPYTER_RUNTIME_DIR=tempfile.mkdtemp(prefix="vl-rt-"),  # short: ipc socket paths
    )
    env.pop(routes.KEY_ENV, None)  # no host's key: only the server's token opens anything
    argv = [
        str(Path(sys.executable).parent / "jupyter"),
        "server",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
    ]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    server = server_factory("jupyter-server-guard", argv, env=env, cwd=REPO)
    port = server.port
    mark = server.log_mark()
    log = server.log_text()
    assert "verlies: at most" in log  # the capped kernel manager runs here too

    # The visitor with the token: the page and its kernel.
    status, head, body = _ask(port, "GET", f"{PAGE}?token={token}")
    assert status == 200, body[-2000:]
    # the page's cookie check works here too: no false "your browser blocks cookies"
    assert f"{cookie_check.CHECK}=1;" in head.get("set-cookie", ""), head
    found = _KERNEL_ID.search(body)
    assert found is not None
    kernel = found.group(1)
    mine = {"Authorization": f"token {token}"}
    try:
        status, _, state = _ask(port, "GET", f"/api/kernels/{kernel}", mine)
        assert status == 200 and kernel in state
        assert _websocket(port, f"/api/kernels/{kernel}/channels?token={token}") == 101

        # A stranger with the kernel's id: no token, or a wrong one.
        # Each request carries a matching XSRF cookie and header (anyone can make a pair):
        # what refuses it is the token, not tornado's XSRF check.
        wrong = secrets.token_hex(24)
        xsrf = secrets.token_hex(16)
        forged = {"Cookie": f"_xsrf={xsrf}", "X-XSRFToken": xsrf}
        for headers, query in (
            (forged, ""),
            ({**forged, "Authorization": f"token {wrong}"}, f"?token={wrong}"),
        ):
            for method, target in (
                ("GET", f"/api/kernels/{kernel}"),
                ("DELETE", f"/api/kernels/{kernel}"),
                ("POST", f"/api/kernels/{kernel}/restart"),
                ("POST", f"/api/kernels/{kernel}/interrupt"),
                ("GET", "/api/kernels"),
                ("GET", "/api/sessions"),
                ("GET", "/api/contents"),
                ("POST", "/api/kernels"),
            ):
                status, _, answer = _ask(port, method, target + query, headers)
                assert status == 403, (method, target, query, status)
                assert kernel not in answer and "execution_state" not in answer
            channels = _websocket(port, f"/api/kernels/{kernel}/channels{query}")
            assert channels == 403, channels
            # No page either (it would start a kernel): the server's login instead.
            status, head, answer = _ask(port, "GET", PAGE + query, headers)
            assert status == 302 and "/login" in head["location"], (status, head)
            assert "kernelId" not in answer
        # Voila's own kernel routes there: its shutdown needs the token as well.
        status, _, _ = _ask(port, "POST", f"/voila/api/shutdown/{kernel}", forged)
        assert status == 403, status

        # The stranger ended nothing and started nothing: one kernel, the visitor's.
        status, _, listing = _ask(port, "GET", "/api/kernels", mine)
        assert status == 200 and listing.count('"id"') == 1 and kernel in listing
    finally:
        _ask(port, "DELETE", f"/api/kernels/{kernel}", mine)
    assert server.log_errors(mark) == []
