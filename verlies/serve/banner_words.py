"""The words of the page's "connection lost" banner for when the kernel never said them.

The banner (binder/share/jupyter/voila/templates/verlies/resume.js) takes its words from
the autosave line's data attributes, which the kernel writes in the page's language while
it lives. A kernel that died before it built that line, or a page whose language the
script cannot read, still needs words in both languages: the template cannot call
verlies.i18n, so they reach it as a small JSON file next to it, written by this module::

    .venv/bin/python -m verlies.serve.banner_words   # after changing the words

tests/serve/test_serving_lifetimes.py fails while that file differs from what this module writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from verlies.i18n import text

REPO = Path(__file__).resolve().parents[2]
WORDS_FILE = REPO / "binder/share/jupyter/voila/templates/verlies/lost_words.json"
LANGUAGES = ("de", "en")
#: What the banner says (the autosave line's words win where they are on the page).
KEYS = {"lost": "page.autosave.lost_unsaved", "reload": "page.autosave.reload"}
#: Said under it once the page stops taking input.
INERT_KEY = "page.lost.inert"
#: What the banner says when the kernel or the server is there but does not answer the
#: page's heartbeat (resume.js: it goes when they answer again), and under it.
FROZEN_KEYS = {"frozen": "page.lost.frozen", "frozen_inert": "page.lost.frozen_inert"}
#: What the banner says when the page's widgets did not draw (resume.js, part 5).
UNDRAWN_KEY = "page.lost.undrawn"


def words_json() -> str:
    data = {
        lang: {
            **{k: text(key, lang) for k, key in KEYS.items()},
            "inert": text(INERT_KEY, lang),
            **{k: text(key, lang) for k, key in FROZEN_KEYS.items()},
            "undrawn": text(UNDRAWN_KEY, lang),
        }
        for lang in LANGUAGES
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> int:
    WORDS_FILE.write_text(words_json(), encoding="utf-8")
    print(f"wrote {WORDS_FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
