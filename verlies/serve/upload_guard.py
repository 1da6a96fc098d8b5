"""The browser-side guard against uploads the server's websocket cannot carry.

A file picked in an upload widget travels to the kernel in one websocket message; above
the server's ``websocket_max_message_size`` (4 MiB, binder/voila.json) tornado closes the
connection and the page goes dead without a word. The play page's Voila template
(binder/share/jupyter/voila/templates/verlies/index.html.j2) stops such a file in the
browser, before it is sent, and says why, in the page's language.

The template cannot call verlies.i18n, so the words and the limit reach it as a small JSON
file next to it, written from verlies.i18n and binder/voila.json by this module::

    .venv/bin/python -m verlies.serve.upload_guard   # after changing the words or the cap

tests/serve/test_serve.py fails while that file differs from what this module writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from verlies.i18n import template

REPO = Path(__file__).resolve().parents[2]
VOILA_JSON = REPO / "binder" / "voila.json"
WORDS_FILE = REPO / "binder/share/jupyter/voila/templates/verlies/upload_guard.json"
#: Room for the message's envelope (header, widget state) around the file's bytes.
ENVELOPE = 64 * 1024
LANGUAGES = ("de", "en")


def max_bytes(settings: dict[str, object]) -> int:
    """The largest file the websocket carries: the smaller cap of Voila and the server."""
    caps = []
    for app in ("Voila", "ServerApp"):
        section = settings.get(app)
        tornado = section.get("tornado_settings", {}) if isinstance(section, dict) else {}
        cap = tornado.get("websocket_max_message_size") if isinstance(tornado, dict) else None
        if isinstance(cap, int):
            caps.append(cap)
    return min(caps or [10 * 1024 * 1024]) - ENVELOPE  # tornado's default is 10 MiB


def words_json() -> str:
    settings = json.loads(VOILA_JSON.read_text(encoding="utf-8"))
    data = {
        "max_bytes": max_bytes(settings),
        "messages": {lang: template("page.upload_too_big", lang) for lang in LANGUAGES},
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> int:
    WORDS_FILE.write_text(words_json(), encoding="utf-8")
    print(f"wrote {WORDS_FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
