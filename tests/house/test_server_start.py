"""The test servers' start (tests/conftest.py, ServerProcess.start) waits while the server
shows progress and fails when it shows none: a busy machine is waited for, a hung server
is not (the rule for every wait in the browser and load tests)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest


def test_a_server_that_does_nothing_fails_after_the_stall(
    server_factory: Any, tmp_path: Path
) -> None:
    # The idle server says when it is stopped: the start gave up on it and stopped it
    # while it was still asleep, rather than waiting for it to end ("server exited").
    said = tmp_path / "said"
    idle = (
        "import signal, sys, time\n"
        "def stopped(*_):\n"
        "    open(sys.argv[1], 'w').write('stopped'); sys.exit(0)\n"
        "signal.signal(signal.SIGTERM, stopped)\n"
        "time.sleep(3600)\n"
        "open(sys.argv[1], 'w').write('woke up')\n"
    )
    with pytest.raises(RuntimeError, match="no progress for 2"):
        server_factory("idle", [sys.executable, "-c", idle, str(said)], timeout=2, ready_path="/")
    assert said.read_text() == "stopped"


def test_a_slow_server_that_logs_is_waited_for_past_the_stall(
    server_factory: Any, tmp_path: Path
) -> None:
    slow = (
        "import http.server, sys, time\n"
        "for i in range(10):\n"
        "    print('starting', i, flush=True); time.sleep(0.5)\n"
        "http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])),"
        " http.server.SimpleHTTPRequestHandler).serve_forever()\n"
    )
    start = time.monotonic()
    # 5 s of start-up, a log line every 0.5 s, against 2 s without progress
    server = server_factory(
        "slow", [sys.executable, "-c", slow, "{port}"], timeout=2, ready_path="/", cwd=tmp_path
    )
    assert time.monotonic() - start > 4
    assert server.get("/").status == 200
