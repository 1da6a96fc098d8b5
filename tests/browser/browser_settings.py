"""How the browser tests and benchmarks/ui.py start Debian's Chromium (TOOLCHAIN.md), and
where the browser tests leave their screenshots."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Request

CHROMIUM = os.environ.get("VERLIES_CHROMIUM", "/usr/bin/chromium")
# Headless as root, and no background traffic: this machine's network is closed.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Every other host name resolves to nothing: a page cannot reach another host. This
    # blocks them in the resolver instead of in a Playwright route (which would have to
    # see every request), because a routed context keeps no HTTP cache: every load of the
    # page compiled its scripts again, ~2 CPU-s of the browser's per reload (measured: a
    # reload 3.4-4.5 CPU-s routed, 1.5-2.6 not).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]
#: The only hosts a page may reach; requests elsewhere are aborted.
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

#: The checkout the tests run in.
REPO_ROOT = Path(__file__).resolve().parents[2]
#: Where a browser test leaves its screenshots for a person to look at.
ARTIFACTS = REPO_ROOT / "tests" / "artifacts"


def note_other_hosts(context: BrowserContext, into: list[str]) -> None:
    """Note in ``into`` every request of ``context``'s pages to another host (the resolver
    rule above lets none of them through; the test that made one fails on the list)."""

    def seen(request: Request) -> None:
        if urlsplit(request.url).hostname not in LOCAL_HOSTS and request.url.startswith("http"):
            into.append(request.url)

    context.on("request", seen)
