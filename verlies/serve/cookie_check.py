"""A browser that refuses cookies is told so, in German and English, instead of a dead page.

A page's kernel answers only the browser it was served to (``verlies.serve.routes``: the
HttpOnly ``verlies-browser`` cookie). A browser that blocks cookies never sends it back,
so its page's websocket is refused like a stranger's and the page would sit there, drawn
but dead. The page response therefore sets a second cookie, :data:`CHECK`, that the
page's script may read (it holds nothing: ``1``); the template's ``cookies.js`` looks for
it as the page loads and, when it is missing (the browser kept no cookie of this server),
puts a notice at the top of the page that says why the page cannot play and what to do.

Why not a token in the page instead of the cookie: Voila's preheated pages are rendered
before their request comes (binder/voila.json: ``preheat_kernel``), so nothing per
request can be written into them; and a token that reaches the kernel from the page's
HTML is what the cookie keeps out: whoever has a copy of a page (a shared screen, a saved
file) would have its kernel too (docs/serving.md, "Browsers without cookies").

The template cannot call ``verlies.i18n``: the notice's words reach it as a small JSON
file next to it, written by this module::

    .venv/bin/python -m verlies.serve.cookie_check   # after changing the words

tests/serve/test_cookie_check.py fails while that file differs from what this module writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from verlies.i18n import text
from verlies.serve.routes import COOKIE_SECONDS

REPO = Path(__file__).resolve().parents[2]
WORDS_FILE = REPO / "binder/share/jupyter/voila/templates/verlies/cookie_words.json"
LANGUAGES = ("de", "en")
#: The cookie the page's script looks for (readable by it; its value says nothing).
CHECK = "verlies-cookies"
KEYS = {"title": "page.cookies.title", "text": "page.cookies.text", "fix": "page.cookies.fix"}


def check_header() -> str:
    """The ``Set-Cookie`` value of :data:`CHECK` (not HttpOnly: the page reads it), as long
    lived as the browser cookie."""
    return f"{CHECK}=1; Path=/; Max-Age={COOKIE_SECONDS}; SameSite=Lax"


def words_json() -> str:
    data = {lang: {k: text(key, lang) for k, key in KEYS.items()} for lang in LANGUAGES}
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> int:
    WORDS_FILE.write_text(words_json(), encoding="utf-8")
    print(f"wrote {WORDS_FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
