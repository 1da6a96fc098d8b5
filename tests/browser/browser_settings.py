"""How the browser tests and benchmarks/ui.py start Debian's Chromium (TOOLCHAIN.md)."""

from __future__ import annotations

import os

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
]
#: The only hosts a page may reach; requests elsewhere are aborted.
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
